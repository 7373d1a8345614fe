"""The number check: every number in a sentence must be in the passage that supports it.

Small NLI models read "closes at 9 p.m." as entailed by "closes at 5 p.m." because the
sentences are otherwise the same; numbers are where they fail most. So after the model,
each number of a supported sentence (integers, decimals, "1,000", years, percentages,
money, clock times, ordinals, "23 million", and the words one to twenty) is looked up by
value in the deciding passage. A missing one makes the sentence ``contradicted`` when the
passage has a different number in the same role (the same unit, or the same word next to
it), and ``unsupported`` otherwise.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

_WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]
_ORDINAL_WORDS = [
    "zeroth",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
]
_WORD_VALUES = {word: value for value, word in enumerate(_WORDS)} | {
    word: value for value, word in enumerate(_ORDINAL_WORDS)
}
del _WORD_VALUES["zeroth"]
_SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_CURRENCY = {"$": "usd", "€": "eur", "£": "gbp", "¥": "jpy"}
_CURRENCY_WORDS = {"dollar": "usd", "dollars": "usd", "euro": "eur", "euros": "eur", "pound": "gbp", "pounds": "gbp"}
_NUMBER = re.compile(
    r"(?P<currency>[$€£¥])?\s?"
    r"(?P<value>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:(?P<ordinal>st|nd|rd|th)\b)?"
    r"(?::(?P<minutes>\d{2}))?"
    r"(?:\s?(?P<meridiem>a\.?\s?m\.?|p\.?\s?m\.?)(?![a-z]))?"
    r"(?:\s?(?P<percent>%|percent\b|per cent\b))?"
    r"(?:\s(?P<scale>thousand|million|billion|trillion)\b)?",
    re.I,
)
_WORD_NUMBER = re.compile(r"\b(" + "|".join(sorted(_WORD_VALUES, key=len, reverse=True)) + r")\b", re.I)
_NOT_A_NUMBER = re.compile(r"\b(?:no one|one of|one another|one or two|the one|this one|that one|which one)\b", re.I)
_TOKEN = re.compile(r"[a-z]+|[%$€£¥]", re.I)


@dataclass(frozen=True)
class Number:
    """A number in a text: its value (clock times in minutes after midnight), its unit if it
    has one (``%``, a currency, ``time``, ``year``), and the words around it."""

    value: float
    unit: str | None
    before: str | None
    after: str | None
    text: str

    def same_value(self, other: Number) -> bool:
        return math.isclose(self.value, other.value, rel_tol=1e-9, abs_tol=1e-9)

    def same_role(self, other: Number) -> bool:
        if self.unit or other.unit:
            return self.unit == other.unit
        return (self.after is not None and self.after == other.after) or (
            self.before is not None and self.before == other.before
        )


def _neighbours(text: str, start: int, end: int) -> tuple[str | None, str | None]:
    before = _TOKEN.findall(text[max(0, start - 30) : start])
    after = _TOKEN.findall(text[end : end + 30])
    return (before[-1].lower() if before else None), (after[0].lower() if after else None)


def find_numbers(text: str) -> list[Number]:
    """The numbers in ``text``, digits and the words one to twenty."""
    numbers = []
    for match in _NUMBER.finditer(text):
        value = float(match.group("value").replace(",", ""))
        unit = None
        if match.group("currency"):
            unit = _CURRENCY[match.group("currency")]
        elif match.group("percent"):
            unit = "%"
        elif match.group("meridiem") or match.group("minutes"):
            hours = value % 12 if match.group("meridiem") else value
            if (match.group("meridiem") or "").lower().startswith("p"):
                hours += 12
            value, unit = hours * 60 + int(match.group("minutes") or 0), "time"
        elif match.group("value").isdigit() and 1000 <= value <= 2100 and not match.group("scale"):
            unit = "year"
        if match.group("scale"):
            value *= _SCALES[match.group("scale").lower()]
        before, after = _neighbours(text, match.start(), match.end())
        if unit is None and after in _CURRENCY_WORDS:
            unit = _CURRENCY_WORDS[after]
        numbers.append(Number(value, unit, before, after, match.group().strip()))
    masked = _NOT_A_NUMBER.sub(lambda m: " " * len(m.group()), text)
    for match in _WORD_NUMBER.finditer(masked):
        before, after = _neighbours(text, match.start(), match.end())
        value = float(_WORD_VALUES[match.group().lower()])
        if after in _SCALES:
            value *= _SCALES[after]
        numbers.append(Number(value, None, before, after, match.group()))
    return numbers


def number_verdict(sentence: str, premise: str) -> str | None:
    """``None`` when every number of ``sentence`` is in ``premise``; otherwise
    ``"contradicted"`` (the premise has another number in the same role) or ``"unsupported"``."""
    claimed = find_numbers(sentence)
    if not claimed:
        return None
    available = find_numbers(premise)
    missing = [n for n in claimed if not any(n.same_value(a) for a in available)]
    if not missing:
        return None
    if any(n.same_role(a) for n in missing for a in available if not n.same_value(a)):
        return "contradicted"
    return "unsupported"


def missing_numbers(sentence: str, premise: str) -> list[str]:
    """The numbers of ``sentence``, as written, that ``premise`` does not have (for notes)."""
    available = find_numbers(premise)
    return [n.text for n in find_numbers(sentence) if not any(n.same_value(a) for a in available)]
