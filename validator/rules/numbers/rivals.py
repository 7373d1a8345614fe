"""The value the evidence gives in a failing value's place: what a repair puts there.

When the comparison fails a value, it has read the evidence's values in that value's role. Where
the evidence most about the claim gives exactly one other value there, of the same unit, that is
the value the claim should have said: ``ProvenanceNLI(on_fail="fix", repair=True)`` writes it in
the claim's place, the way the claim writes values ("£148 million" → "£152 million", "3.8%" →
"4.1%"), and keeps the sentence only where the repaired sentence then passes the whole check
(:mod:`validator.repair`). Anything less certain (two values wrong, two candidates, a bound, a
date, a value written in words) has no rival, and the sentence is cut as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from validator.rules.numbers.clauses import Segment
from validator.rules.numbers.lexicon import FEWER, POWER_OF_TEN
from validator.rules.numbers.values import Number

_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?|\.\d+")
"""A value's digits as written: "1,250.5", and a decimal with no leading zero (".5 mg")."""


@dataclass(frozen=True)
class Rival:
    """A failing value of the claim and the evidence's value in its place.

    Attributes:
        old: The claim's value as the claim writes it.
        new: The evidence's value written the way the claim writes values.
        evidence: The evidence's value as the evidence writes it.
    """

    old: str
    new: str
    evidence: str


def rival_of(number: Number, claim_words: frozenset[str], available: Sequence[Segment]) -> Rival | None:
    """The one value the evidence gives in ``number``'s role in the evidence sentences most about
    the claim: those sharing the most of its words (``claim_words``) of all the evidence's
    sentences. ``None`` where they give none or several ("Melvyn Bragg was born in 1940." takes
    nothing from "…became a life peer in 1998" where another sentence says when he was born), or
    where the value cannot be written as the claim writes it (:func:`written_like`)."""
    if number.qualifier is not None or number.date is not None or number.is_name:
        return None
    shared = [len(claim_words & segment.sentence_words) for segment in available]
    most = max(shared, default=0)
    nearest = [segment for segment, count in zip(available, shared, strict=True) if count == most]
    if number.unit == "year" and any(value.date is not None for segment in nearest for value in segment.numbers):
        return None  # a year beside a full date ("born 6 October 1939"): the date may be the year's rival
    values = {
        value.value: value
        for segment in nearest
        for value in segment.numbers
        if value.unit == number.unit
        and value.date is None
        and value.qualifier is None
        and not value.is_name
        and number.same_role(value)
        and not number.implied_by(value)
    }
    if len(values) != 1:
        return None
    [value] = values.values()
    new = written_like(number, value)
    return Rival(number.text, new, value.text) if new is not None else None


def written_like(number: Number, value: Number) -> str | None:
    """``value`` written the way ``number`` is: its digits in ``number``'s text replaced, in the
    same scale and unit ("£148 million" with £152,000,000 → "£152 million"), thousands separated
    where the claim separates them. ``None`` where the claim writes no digits ("forty") or the
    result reads the same. A power of ten has no digits of its value to replace ("10^7": its "10"
    is the base), so the evidence's value is given as the evidence writes it ("1,000,000"); so is
    a clock time, whose digits are no multiple of its value in minutes ("12am" is 0, "1am" 60)."""
    if POWER_OF_TEN.search(number.text) or number.unit == "time" or number.value == 0:
        return value.text if value.text != number.text else None
    digits = _DIGITS.search(number.text)
    written = float(digits.group().replace(",", "")) if digits else 0.0
    if digits is None or written == 0:
        return None
    fall = number.value < 0 < value.value and value.after in FEWER  # "-1.4 days" for "1.4 fewer days"
    amount = (-value.value if fall else value.value) / (number.value / written)  # the claim's scale and unit
    shown = f"{amount:,.6f}" if "," in digits.group() else f"{amount:.6f}"
    shown = shown.rstrip("0").rstrip(".")
    new = number.text[: digits.start()] + shown + number.text[digits.end() :]
    return new if new != number.text else None
