"""Exact identifiers: order and account numbers, codes, dotted addresses and versions.

An identifier is a label, not a quantity: "1234567890" and "1234567891" are two orders, however
close as numbers, and "10.0.0.1" is neither 10.0 nor 0.1. So they are read as strings and compared
as strings (after folding what writing varies: case, and the hyphens and spaces inside a code).

A claim's identifier that no source holds is a finding: *contradicted* where a source gives
another identifier of the same shape (a digit string of the same length, an address with as many
parts, a code with the same letters), since the claim then names the wrong one; *unsupported*
where none does.

What is read as an identifier (:data:`PATTERNS`, a table kept as data, each with its test rows in
``tests/test_rules_identifiers.py``) is only what no amount or count is written as: seven digits
or more with no separator and not round ("1200000" is a count written plainly), three or more
dot-joined numbers, and codes that join letters (a capital among them) and three digits or more.
None is read inside a hyphenated word ("a 1-in-177-year event").

A hash (seven or more hex digits, a letter among them: "9fceb02") is one too. Two more forms are
labels, but also stand where the evidence may write the thing another way, so they are compared
only with a near twin (:data:`NEAR_ONLY`): a label of capitals and digits ("1HGCM82633A004353",
"flat 4B", "Gate B12", "F-35") and a score or pair ("3-1", "737-800"). For these and a hash, the
evidence holding one of the same kind and length that differs from it in a character or two (a
quarter of its characters at most) makes it *contradicted*: that is the same label copied wrong.
A label or pair needs the same word beside it as well ("flat 4B" and "flat 4D"; not "4K" and
"5G" of two sentences). Its cost: a source that misprints a label beside the same words (a
HealthVer abstract's "disease (COVED-19)") fails a claim that spells it right. Everything else
is left to the number rule and the model.

Identifiers written with names (:data:`NAMED`: an e-mail address, a link, a file path, a code
symbol with an underscore, a command-line flag) are compared with a near twin only too: one that
shares some of its parts with one of the evidence's, and not all, is that one copied wrong
("support@acme.com" for "help@acme.com"); an address's case and a link's scheme, "www." and
closing slash are not part of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal

Kind = Literal["email", "url", "path", "symbol", "digits", "dotted", "code", "hash", "label", "pair"]
Verdict = Literal["contradicted", "unsupported"]

PATTERNS: dict[Kind, str] = {
    "email": r"[\w.+-]++@[\w-]++(?:\.[\w-]++)++",
    "url": r"(?:https?|ftp)://[^\s<>\"'()\[\]]*[^\s<>\"'()\[\].,;:!?]",
    "path": r"(?:~|\.{1,2})?+(?:/[\w-]++(?:\.[\w-]++)*+){2,}+/?+",
    "symbol": r"(?:[A-Za-z][A-Za-z0-9]*+(?:_[A-Za-z0-9]++)++|--[a-z][a-z0-9]*+(?:-[a-z0-9]++)*+)",
    "dotted": r"\d++(?:\.\d++){2,}+",
    "digits": r"\d{7,}+",
    "code": r"(?=[a-z]*+[A-Z])[A-Za-z]++-?+(?P<code_digits>\d{3,}+)[A-Za-z0-9]*+(?:-[A-Za-z0-9]++)*+",
    "hash": r"(?=[a-f]*+\d)(?=\d*+[a-f])[0-9a-f]{7,}+|(?=[A-F]*+\d)(?=\d*+[A-F])[0-9A-F]{7,}+",
    "label": r"(?=[A-Z-]*+\d)(?=[\d-]*+[A-Z])[A-Z\d]++(?:-[A-Z\d]++)*+",
    "pair": r"\d{1,3}+[-\u2013]\d{1,3}+(?![.,]\d|[-\u2013]\d)",
}
"""Each kind's form. Read in this order at each place; the first that matches takes it. Every
quantifier is possessive, so no text makes a pattern backtrack (linear time on a run of 100,000
digits or letters), but a link's, which gives back the stops after it ("…/setup.") and is tried
only after a scheme."""
_IDENTIFIER = re.compile(
    r"(?<![\w.$£€¥-])(?:" + "|".join(f"(?P<{kind}>{pattern})" for kind, pattern in PATTERNS.items()) + r")(?![\w]|\.\d)"
)
NEAR_ONLY: frozenset[Kind] = frozenset({"label", "pair", "email", "url", "path", "symbol"})
"""Kinds compared only with a near twin in the evidence (module docstring), never failed for
being absent: "F-35" or "3-1" may stand where the evidence writes the thing another way."""
_WORD = re.compile(r"\w+")
_SCHEME = re.compile(r"^[a-z]+://(?:www\.)?")
_PART = re.compile(r"[^\W_]+")
NAMED: frozenset[Kind] = frozenset({"email", "url", "path", "symbol"})
"""Kinds written with names, not digits: two of them are one copied wrong where they share some
of their parts and not all ("support@acme.com" and "help@acme.com"), whatever their lengths."""
_DIGIT_RUN = re.compile(r"\d+")
_YEAR = re.compile(r"1[89]\d\d|20\d\d")
_ROUND = re.compile(r"\d{1,3}0{4,}")
"""A plain run of digits that ends in four zeros or more is an amount or a count written without
separators ("population 1200000"), not a label."""


@dataclass(frozen=True)
class Identifier:
    """An identifier as written, where it is, and what it is compared by."""

    text: str
    kind: Kind
    start: int
    end: int
    beside: frozenset[str] = frozenset()
    """The words just before and after it, folded: what a short near twin must share."""

    @property
    def key(self) -> str:
        """What two writings of one identifier share: case and a code's inner hyphens do not count,
        nor an address's case, nor a link's scheme, "www." or closing slash."""
        if self.kind == "code":
            return self.text.casefold().replace("-", "")
        if self.kind == "email":
            return self.text.casefold()
        if self.kind == "url":
            return _SCHEME.sub("", self.text.casefold()).rstrip("/")
        return self.text

    @cached_property
    def parts(self) -> frozenset[str]:
        """The names an address, link, path or code symbol is made of ("support", "acme", "com"):
        one that shares some with another, but not all, is a near twin (:func:`_near`)."""
        return frozenset(_PART.findall(self.key.casefold()))

    @property
    def shape(self) -> tuple[str, int | str]:
        """What two identifiers of one sort share: a digit string's length, an address's number
        of parts, a code's letters."""
        if self.kind == "digits":
            return self.kind, len(self.text)
        if self.kind == "dotted":
            return self.kind, self.text.count(".")
        return self.kind, re.sub(r"[^a-z]", "", self.text.casefold())


def read_identifiers(text: str) -> list[Identifier]:
    """The identifiers of ``text``, in order (the module docstring says which forms)."""
    found = []
    for match in _IDENTIFIER.finditer(text):
        kind: Kind = next(k for k in PATTERNS if match.group(k))  # type: ignore[assignment]
        if kind == "digits" and _ROUND.fullmatch(match.group()):
            continue
        if kind == "code" and _YEAR.fullmatch(match.group("code_digits")):
            continue  # "FY2024", "Q32023": a year with a label, which the number rule reads
        if kind == "label" and any(_YEAR.fullmatch(run) for run in _DIGIT_RUN.findall(match.group())):
            continue  # "FY2024", "H1-2025": as above; not "GB33BUKB20201555555555", whose digits hold 2020
        beside = _beside(text, match.start(), match.end())
        found.append(Identifier(match.group(), kind, match.start(), match.end(), beside))
    return found


def _beside(text: str, start: int, end: int) -> frozenset[str]:
    before = _WORD.findall(text[max(0, start - 40) : start])[-1:]
    after = _WORD.findall(text[end : end + 40])[:1]
    return frozenset(word.casefold() for word in before + after)


@lru_cache(maxsize=64)
def _read_once(text: str) -> tuple[Identifier, ...]:
    """:func:`read_identifiers` of a source, kept: the number rule asks for a claim's sources
    several times (passages, whole sources, each passage alone), and every claim of an answer asks
    of the same sources, which may hold two million characters."""
    return tuple(read_identifiers(text))


def check_identifiers(claim: str, evidence: Iterable[str]) -> tuple[Verdict, str] | None:
    """``None`` where every identifier of ``claim`` is in ``evidence``; else the verdict and a note
    naming the first that is not (the module docstring says which verdict)."""
    mine = read_identifiers(claim)
    if not mine:
        return None
    theirs = [identifier for text in evidence for identifier in _read_once(text)]
    keys = {identifier.key for identifier in theirs}
    for identifier in mine:
        if identifier.key in keys:
            continue
        if identifier.kind in NEAR_ONLY or identifier.kind == "hash":
            if twin := next((other for other in theirs if _near(identifier, other)), None):
                return "contradicted", f"the evidence gives another identifier: {identifier.text} (it has {twin.text})"
            if identifier.kind in NEAR_ONLY:
                continue
        rivals = _rivals(identifier, theirs)
        if rivals:
            return "contradicted", f"the evidence gives another identifier: {identifier.text} (it has {rivals[0]})"
        return "unsupported", f"identifier not in the evidence: {identifier.text}"
    return None


def _near(mine: Identifier, other: Identifier) -> bool:
    """Whether ``other`` is ``mine`` copied wrong: of its kind and length, a character or two off
    (a quarter of them at most), and a label or pair with a word beside it in common."""
    if other.kind != mine.kind:
        return False
    if mine.kind in NAMED:
        shared = mine.parts & other.parts
        return bool(shared) and mine.parts != other.parts and 2 * len(shared) >= len(mine.parts | other.parts) - 1
    if len(other.text) != len(mine.text):
        return False
    off = sum(a != b for a, b in zip(mine.text.casefold(), other.text.casefold(), strict=True))
    if not 0 < off <= max(1, len(mine.text) // 4):
        return False
    return mine.kind not in NEAR_ONLY or bool(mine.beside & other.beside)


def _rivals(identifier: Identifier, others: Sequence[Identifier]) -> list[str]:
    return [other.text for other in others if other.shape == identifier.shape]
