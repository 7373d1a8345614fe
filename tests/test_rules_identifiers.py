"""Exact identifiers (validator.rules.identifiers): what is read as one, and that one digit or
character off fails through a real Guard, however long the identifier."""

from __future__ import annotations

import re

import pytest
from guardrails import Guard
from guardrails.errors import ValidationError
from hypothesis import example, given, settings
from hypothesis import strategies as st

from validator import ProvenanceNLI
from validator.rules.identifiers import read_identifiers

READINGS = [
    ("Order 1234567890 shipped.", [("1234567890", "digits")]),
    ("Account 12345678901234567 is closed.", [("12345678901234567", "digits")]),
    ("The server is at 10.0.0.1.", [("10.0.0.1", "dotted")]),
    ("Upgrade to 3.11.7 first.", [("3.11.7", "dotted")]),
    ("Ticket XK-4821 and INV-20931 and AB12345.", [("XK-4821", "code"), ("INV-20931", "code"), ("AB12345", "code")]),
    ("Part SKU-88412-B is back.", [("SKU-88412-B", "code")]),
    # not identifiers: amounts, counts, dates, names the number rule or the model reads
    ("Population 1200000 in 2020.", []),
    ("It cost $2,000,000,001.", []),
    ("Commit 9fceb02d0ae5 and A3F9C21.", [("9fceb02d0ae5", "hash"), ("A3F9C21", "hash")]),
    # labels compared only with a near twin: capitals and digits, scores and pairs
    ("COVID-19, an F-35, a 4-year-old, a 737-800.", [("COVID-19", "label"), ("F-35", "label"), ("737-800", "pair")]),
    (
        "VIN 1HGCM82633A004353 parked in bay 4B after a 3-1 win.",
        [("1HGCM82633A004353", "label"), ("4B", "label"), ("3-1", "pair")],
    ),
    ("The 1990s, the 2nd, at 10am, 20mg, $8-8.5bn, in 2024-25, FY2024.", []),
    ("Revenue in FY2024 rose 3.5%.", []),
    ("It was a 1-in-177-year event, a one-in-100-year flood.", []),
    ("It opened on 2024-03-05.", []),
    # written with names: addresses, links, paths, code symbols and flags (compared with a near twin)
    (
        "Mail help@acme.co.uk or see https://docs.acme.com/v2/setup?x=1.",
        [("help@acme.co.uk", "email"), ("https://docs.acme.com/v2/setup?x=1", "url")],
    ),
    (
        "Edit /etc/nginx/nginx.conf, set MAX_RETRIES and pass --no-cache.",
        [("/etc/nginx/nginx.conf", "path"), ("MAX_RETRIES", "symbol"), ("--no-cache", "symbol")],
    ),
    ("On 12/05/2020 at 30 km/h, and/or a well-known one.", []),
]


@pytest.mark.parametrize(("text", "expected"), READINGS)
def test_what_is_read_as_an_identifier(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(i.text, i.kind) for i in read_identifiers(text)] == expected


def _fails(text: str, source: str) -> bool:
    try:
        Guard().use(ProvenanceNLI(on_fail="exception")).validate(text, metadata={"sources": [source]})
    except ValidationError:
        return True
    return False


def _one_off(digits: str, where: int) -> str:
    where %= len(digits)
    return digits[:where] + str((int(digits[where]) + 1) % 10) + digits[where + 1 :]


@settings(max_examples=20, deadline=None)
@given(
    st.text("0123456789", min_size=7, max_size=24).filter(lambda d: d[0] != "0" and not d.endswith("0000")),
    st.integers(0, 30),
)
def test_an_identifier_one_digit_off_fails(digits: str, where: int) -> None:
    claim = f"Your order number is {digits}."
    source = f"Your order number is {_one_off(digits, where)}."
    assert _fails(claim, source)
    assert not _fails(claim, claim)


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The server is at 10.0.0.1.", "The server is at 10.0.0.10."),
        ("The fix shipped in version 2.4.1.", "The fix shipped in version 2.4.11."),
        ("Quote reference XK-4821 when you call.", "Quote reference XK-4812 when you call."),
        ("The refund went to account 12345678901234567.", "The refund went to account 12345678901234568."),
        ("The transfer was $2,000,000,001.", "The transfer was $2,000,000,000."),
    ],
)
def test_an_address_version_code_account_or_sum_off_by_one_character_fails(claim: str, source: str) -> None:
    assert _fails(claim, source)


def test_an_identifier_written_with_other_case_or_hyphens_is_the_same() -> None:
    assert not _fails("Quote reference xk4821 when you call.", "Quote reference XK-4821 when you call.")


_CLASSES = ("0123456789", "abcdef", "ABCDEFGHJKLMNPRSTUVWXYZ")


def _changed(token: str, where: int, shift: int) -> str:
    """``token`` with the character at ``where`` swapped for another of its class (a digit for a
    digit, a letter for a letter of its case): one character copied wrong."""
    where %= len(token)
    alphabet = next((c for c in _CLASSES if token[where] in c), None)
    if alphabet is None:  # a hyphen: change the character after it instead
        return _changed(token, where + 1, shift)
    new = alphabet[(alphabet.index(token[where]) + 1 + shift % (len(alphabet) - 1)) % len(alphabet)]
    return token[:where] + new + token[where + 1 :]


FOUR_DIGITS = re.compile(r"(?<!\d)\d{4}(?!\d)")
"""A run of four digits may be a year, or become one when a digit changes, and a label with a
year ("FY2024") is a dated one, which the number rule reads; longer runs that hold a year's
digits ("GB33BUKB20201555555555") are labels."""
_LABELS = st.one_of(
    st.text("0123456789abcdef", min_size=7, max_size=40).filter(
        lambda t: any(c.isdigit() for c in t) and any(c.isalpha() for c in t)
    ),
    st.text("0123456789ABCDEFGHJKLMNPRSTUVWXYZ", min_size=6, max_size=17).filter(
        lambda t: any(c.isdigit() for c in t) and any(c.isalpha() for c in t) and not FOUR_DIGITS.search(t)
    ),
    st.from_regex(r"[A-Z]{2,4}-[1-9][0-9]{3,6}", fullmatch=True),
    st.from_regex(r"[1-9][0-9]{0,2}-[0-9]{1,3}", fullmatch=True),
)
_COPIED = [
    "The {thing} is {label}, as recorded at intake.",
    "It was logged under {label} on the first visit.",
    "The final score was {label} after extra time.",
]


@settings(max_examples=40, deadline=None)
@given(_LABELS, st.integers(0, 60), st.integers(0, 30), st.sampled_from(_COPIED))
@example("GB33BUKB20201555555555", 21, 0, _COPIED[0])  # an IBAN, whose digits hold 2020
def test_a_copied_sentence_with_one_character_of_a_label_changed_fails(
    label: str, where: int, shift: int, template: str
) -> None:
    source = template.format(thing="reference", label=label)
    wrong = template.format(thing="reference", label=_changed(label, where, shift))
    sources = f"The clinic opened in March. {source} Staff checked it twice."
    assert _fails(wrong, sources), (wrong, source)
    assert not _fails(source, sources)


_NAMED = st.tuples(
    st.sampled_from(["support", "billing", "help", "ops"]),
    st.sampled_from(["acme", "globex", "initech"]),
    st.sampled_from(["com", "org", "io"]),
)
_NAMED_FORMS = [
    ("Write to {a}@{b}.{c} for a refund.", "email"),
    ("The guide is at https://{a}.{b}.{c}/setup today.", "url"),
    ("The settings live in /etc/{b}/{a}.{c} on the host.", "path"),
    ("Set {A}_{B}_{C} before the first run.", "symbol"),
    ("Start it with --{a}-{b} on the host.", "symbol"),
]


def _filled(form: str, parts: tuple[str, str, str]) -> str:
    a, b, c = parts
    return form.format(a=a, b=b, c=c, A=a.upper(), B=b.upper(), C=c.upper())


@settings(max_examples=30, deadline=None)
@given(_NAMED, _NAMED, st.sampled_from(_NAMED_FORMS))
def test_an_address_link_path_or_symbol_with_a_part_changed_fails(
    parts: tuple[str, str, str], other: tuple[str, str, str], form: tuple[str, str]
) -> None:
    """An identifier written with names is equal only as written: "support@acme.com" is not
    "help@acme.com", nor "/etc/acme/app.io" "/etc/acme/ops.io". One that shares some of its parts
    with the source's and not all is that one copied wrong; the same, in a copied sentence, passes."""
    template, kind = form
    changed = tuple(o if i == 0 else p for i, (p, o) in enumerate(zip(parts, other, strict=True)))
    if changed == parts:
        return
    source = f"The office opened in March. {_filled(template, parts)} Staff checked it twice."
    claim = _filled(template, changed)  # type: ignore[arg-type]
    assert [i.kind for i in read_identifiers(claim)] == [kind]
    assert _fails(claim, source), (claim, source)
    assert not _fails(_filled(template, parts), source)


def test_a_link_or_address_written_with_other_case_scheme_or_slash_is_the_same() -> None:
    source = "Refunds: write to Support@Acme.com or see http://www.acme.com/refunds/ for the form."
    assert not _fails("Refunds: write to support@acme.com or see https://acme.com/refunds for the form.", source)
