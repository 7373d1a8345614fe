"""Exact identifiers (validator.rules.identifiers): what is read as one, and that one digit or
character off fails through a real Guard, however long the identifier."""

from __future__ import annotations

import pytest
from guardrails import Guard
from guardrails.errors import ValidationError
from hypothesis import given, settings
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
    ("COVID-19, an F-35, a 4-year-old, a 737-800.", []),
    ("Revenue in FY2024 rose 3.5%.", []),
    ("It was a 1-in-177-year event, a one-in-100-year flood.", []),
    ("It opened on 2024-03-05.", []),
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
