"""The number rule: a number is vouched for only by the part of the evidence about the same thing.

Small NLI models read "closes at 9 p.m." as entailed by "closes at 5 p.m." because the
sentences are otherwise the same; numbers are where they fail most. So every number of a
sentence that the model (or the LLM judge, or the citation checker's model) would support is
checked against the evidence it rests on, in two steps:

1. **Is the value there?** Numbers are compared by value and kind: digits, "1,000",
   decimals, signs ("-40", "minus 40"), percentages, money, clock times ("9 p.m."),
   calendar years, decades ("the 1990s" is not 1990), ordinals, scales ("1.5 million" is
   "1,500,000"), number words ("forty", "four hundred", read by the maintained text2num
   parser) and units ("5 kilometres" is not "5 miles"). If the value is missing, the sentence
   is ``contradicted`` when the evidence has another number in the same role (the same unit,
   or the same word next to it), else ``unsupported``.
2. **Is it there about the same thing?** The evidence is cut into *segments*: its sentences,
   read in context (:mod:`validator.context`: "It was completed in 1889." after "The Eiffel
   Tower is in Paris."), and cut again between two numbers at a clause break (``;``, ``,``,
   "and", "but", "while", "whereas"). Of the segments that give a number in the same role,
   the one whose other words best match the claim's must hold the value. "The Eiffel Tower was
   completed in 1931." is ``contradicted`` by "The Eiffel Tower was completed in 1889. The
   Empire State Building was completed in 1931.", although 1931 is in the passage. A tie
   counts for the sentence: the rule vetoes support only when a better match disagrees.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from bm25s.stopwords import STOPWORDS_EN_PLUS
from nltk.stem import PorterStemmer
from text_to_num import alpha2digit

from validator.context import read_in_context, subject_of
from validator.splitting import split_source_sentences

NumberVerdict = Literal["contradicted", "unsupported"]

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
    word: value for value, word in enumerate(_ORDINAL_WORDS) if value
}
"""The small numbers text2num leaves as words when they stand alone ("one", "the second")."""
_SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_CURRENCY = {"$": "usd", "€": "eur", "£": "gbp", "¥": "jpy"}
_CURRENCY_WORDS = {"dollar": "usd", "dollars": "usd", "euro": "eur", "euros": "eur", "pound": "gbp", "pounds": "gbp"}
_UNIT_WORDS = {
    **dict.fromkeys(("km", "kms", "kilometre", "kilometres", "kilometer", "kilometers"), "km"),
    **dict.fromkeys(("m", "metre", "metres", "meter", "meters"), "m"),
    **dict.fromkeys(("cm", "centimetre", "centimetres", "centimeter", "centimeters"), "cm"),
    **dict.fromkeys(("mm", "millimetre", "millimetres", "millimeter", "millimeters"), "mm"),
    **dict.fromkeys(("mi", "mile", "miles"), "mile"),
    **dict.fromkeys(("ft", "foot", "feet"), "ft"),
    **dict.fromkeys(("inch", "inches"), "inch"),
    **dict.fromkeys(("kg", "kgs", "kilogram", "kilograms", "kilo", "kilos"), "kg"),
    **dict.fromkeys(("g", "gram", "grams"), "g"),
    **dict.fromkeys(("lb", "lbs"), "lb"),
    **dict.fromkeys(("tonne", "tonnes", "ton", "tons"), "t"),
    **dict.fromkeys(("l", "litre", "litres", "liter", "liters"), "l"),
    **dict.fromkeys(("ml", "millilitre", "millilitres", "milliliter", "milliliters"), "ml"),
    **dict.fromkeys(("degree", "degrees", "deg"), "deg"),
    **dict.fromkeys(("celsius", "centigrade"), "degC"),
    **dict.fromkeys(("fahrenheit",), "degF"),
    **dict.fromkeys(("seconds", "secs"), "s"),
    **dict.fromkeys(("minute", "minutes", "mins"), "min"),
    **dict.fromkeys(("hour", "hours", "hrs"), "h"),
    **dict.fromkeys(("day", "days"), "day"),
    **dict.fromkeys(("week", "weeks"), "week"),
    **dict.fromkeys(("month", "months"), "month"),
    **dict.fromkeys(("years", "yrs"), "years"),
    **dict.fromkeys(("decades",), "decades"),
    **dict.fromkeys(("century", "centuries"), "centuries"),
}
"""Units of measure after a number, each spelling folded to one symbol. ("pound" stays money.)"""
_SCALE_PLACEHOLDER = "numscale"
_COUNTED_AFTER_YEAR_LIKE = frozenset(
    [
        "employees",
        "people",
        "users",
        "staff",
        "workers",
        "members",
        "students",
        "visitors",
        "residents",
        "copies",
        "units",
        "rooms",
        "seats",
        "pages",
        "words",
        "items",
        "cars",
        "beds",
        "miles",
        "metres",
        "meters",
        "feet",
        "km",
        "kilometres",
        "kilometers",
        "tonnes",
    ]
)
"""Words after a four-digit number that make it a count ("1000 employees"), not a year."""
_NUMBER = re.compile(
    r"(?P<sign>(?<![\w.,])[-\u2212\u2013](?=\d)|\bminus\s+)?"
    r"(?P<currency>[$€£¥])?\s?"
    r"(?P<value>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:(?P<decade>'?s)\b)?"
    r"(?:(?P<ordinal>st|nd|rd|th)\b)?"
    r"(?::(?P<minutes>\d{2}))?"
    r"(?:\s?(?P<meridiem>a\.?\s?m\.?|p\.?\s?m\.?)(?![a-z]))?"
    r"(?:\s?(?P<percent>%|percent\b|per cent\b))?"
    r"(?:\s?(?P<degree>°\s?[CF]?))?"
    rf"(?:\s(?:{_SCALE_PLACEHOLDER})?(?P<scale>thousand|million|billion|trillion)\b)?",
    re.I,
)
_PROTECT_SCALE = re.compile(r"(\d)\s+(thousand|million|billion|trillion)\b", re.I)
_WORD_NUMBER = re.compile(r"\b(" + "|".join(sorted(_WORD_VALUES, key=len, reverse=True)) + r")\b", re.I)
_NOT_A_NUMBER = re.compile(r"\b(?:no one|one of|one another|one or two|the one|this one|that one|which one)\b", re.I)
_TOKEN = re.compile(r"[a-z]+|[%$€£¥]", re.I)
_WORD = re.compile(r"[a-z]+", re.I)
_CLAUSE_BREAK = re.compile(r";|,\s|\s(?:and|but|while|whilst|whereas)\s", re.I)
STOPWORDS = frozenset(STOPWORDS_EN_PLUS) | frozenset(_WORDS) | frozenset(_ORDINAL_WORDS) | frozenset(_SCALES)


@dataclass(frozen=True)
class Number:
    """A number in a text: its value (clock times in minutes after midnight), its kind if it
    has one (``%``, a currency, ``time``, ``year``, ``decade``, a unit of measure), the words
    around it, and where it is in the text it was read from."""

    value: float
    unit: str | None
    before: str | None
    after: str | None
    text: str
    start: int = 0
    end: int = 0

    def same_value(self, other: Number) -> bool:
        """The same quantity: equal values, and no two different units ("5 km" is not "5 miles")."""
        if not math.isclose(self.value, other.value, rel_tol=1e-9, abs_tol=1e-9):
            return False
        return self.unit is None or other.unit is None or _compatible(self.unit, other.unit)

    def same_role(self, other: Number) -> bool:
        """Whether ``other`` answers the same question: the same unit, or the same word next to it."""
        if self.unit or other.unit:
            return self.unit is not None and other.unit is not None and _compatible(self.unit, other.unit)
        return (self.after is not None and self.after == other.after) or (
            self.before is not None and self.before == other.before
        )


def _compatible(unit: str, other: str) -> bool:
    """Plain "degrees" is either scale; every other unit only matches itself."""
    return unit == other or ({unit, other} <= {"deg", "degC", "degF"} and "deg" in (unit, other))


def _neighbours(text: str, start: int, end: int) -> tuple[str | None, str | None]:
    before = _TOKEN.findall(text[max(0, start - 30) : start])
    after = _TOKEN.findall(text[end : end + 30])
    return (before[-1].lower() if before else None), (after[0].lower() if after else None)


def _digits(text: str) -> str:
    """``text`` with number words as digits ("forty-two" → "42"), by text2num. A scale after
    digits ("1.5 million") is kept as a word, which text2num would turn into "1.5 1000000"."""
    protected = _PROTECT_SCALE.sub(rf"\1 {_SCALE_PLACEHOLDER}\2", text)
    return alpha2digit(protected, "en")


def _unit(match: re.Match[str], after: str | None) -> str | None:
    if match.group("currency"):
        return _CURRENCY[match.group("currency")]
    if match.group("percent"):
        return "%"
    if degree := match.group("degree"):
        return {"c": "degC", "f": "degF"}.get(degree[-1].lower(), "deg")
    if match.group("decade"):
        return "decade"
    if match.group("meridiem") or match.group("minutes"):
        return "time"
    if (
        match.group("value").isdigit()
        and 1000 <= float(match.group("value")) <= 2100
        and not match.group("scale")
        and (after is None or after not in _COUNTED_AFTER_YEAR_LIKE)
    ):
        return "year"
    if after in _CURRENCY_WORDS:
        return _CURRENCY_WORDS[after]
    return _UNIT_WORDS.get(after or "")


@lru_cache(maxsize=4096)
def _read(text: str) -> tuple[str, tuple[Number, ...]]:
    """``text`` with number words as digits, and the numbers in it (positions into that text)."""
    text = _digits(text)
    numbers = []
    for match in _NUMBER.finditer(text):
        value = float(match.group("value").replace(",", ""))
        before, after = _neighbours(text, match.start(), match.end())
        unit = _unit(match, after)
        if unit == "time":
            hours = value % 12 if match.group("meridiem") else value
            if (match.group("meridiem") or "").lower().startswith("p"):
                hours += 12
            value = hours * 60 + int(match.group("minutes") or 0)
        if match.group("scale"):
            value *= _SCALES[match.group("scale").lower()]
        if match.group("sign"):
            value = -value
        shown = match.group().strip().replace(_SCALE_PLACEHOLDER, "")
        numbers.append(Number(value, unit, before, after, shown, match.start(), match.end()))
    masked = _NOT_A_NUMBER.sub(lambda m: " " * len(m.group()), text)
    for match in _WORD_NUMBER.finditer(masked):
        before, after = _neighbours(text, match.start(), match.end())
        value = float(_WORD_VALUES[match.group().lower()])
        if after in _SCALES:
            value *= _SCALES[after]
        numbers.append(Number(value, _UNIT_WORDS.get(after or ""), before, after, match.group(), *match.span()))
    return text, tuple(sorted(numbers, key=lambda n: n.start))


def find_numbers(text: str) -> list[Number]:
    """The numbers in ``text``: digits, number words and what goes with them (see the module doc)."""
    return list(_read(text)[1])


_STEMMER = PorterStemmer()


@lru_cache(maxsize=16384)
def _stem(word: str) -> str:
    return _STEMMER.stem(word)


@dataclass(frozen=True)
class _Segment:
    """A clause-sized piece of text: the numbers in it and its other content words (stemmed)."""

    numbers: tuple[Number, ...]
    words: frozenset[str]
    named_subject: frozenset[str] = frozenset()
    """The words of the sentence's subject when it names something ("The Empire State Building"),
    on the sentence's first segment only."""


def _content_words(text: str) -> frozenset[str]:
    return frozenset(_stem(w.lower()) for w in _WORD.findall(text) if w.lower() not in STOPWORDS and len(w) > 1)


def _named_subject(sentence: str) -> frozenset[str]:
    """The content words of the sentence's subject if it names something (a capitalized word
    after its first), else nothing: "Construction was finished" names nothing, "The Empire State
    Building was completed" does."""
    subject = subject_of(sentence) or ""
    return _content_words(subject) if any(w[:1].isupper() for w in subject.split()[1:]) else frozenset()


def _segments(sentence: str) -> list[_Segment]:
    """``sentence`` cut between each two consecutive numbers at the last clause break between them.

    A clause that goes on with the same subject ("The Berlin Wall was built in 1961 and fell in
    1989.": "and fell in 1989" has no subject of its own) also holds that subject's words, so it
    is about the same thing as the clause before, as it reads."""
    text, numbers = _read(sentence)
    cuts = [0]
    for left, right in itertools.pairwise(numbers):
        if breaks := list(_CLAUSE_BREAK.finditer(text, left.end, right.start)):
            cuts.append(breaks[-1].start())
    cuts.append(len(text))
    subject = _content_words(subject_of(text) or "")
    return [
        _Segment(
            tuple(n for n in numbers if start <= n.start < end),
            _content_words(text[start:end]) | (subject if start and _continues(text[start:end]) else frozenset()),
            _named_subject(sentence) if start == 0 else frozenset(),
        )
        for start, end in itertools.pairwise(cuts)
    ]


_CONTINUATION = re.compile(r"^\s(?:and|but)\s+(?P<rest>[a-z].*)$", re.S)
"""A clause joined by "and" or "but" that goes on in lower case: a verb, not a new subject's name."""


def _continues(clause: str) -> bool:
    """Whether ``clause`` (a segment after the first) goes on with the sentence's subject: it opens
    with "and" or "but" and then neither names a subject of its own nor starts a new one
    ("and Bob is 12", "and the tower is 330 metres tall" do)."""
    match = _CONTINUATION.match(clause)
    return match is not None and subject_of(match.group("rest")) is None


@lru_cache(maxsize=1024)
def _passage_segments(passage: str) -> tuple[_Segment, ...]:
    """A passage's segments, once: the same retrieved chunk is evidence for many sentences."""
    readings = read_in_context([span.text for span in split_source_sentences(passage)])
    return tuple(segment for reading in readings for segment in _segments(reading))


def _evidence_segments(passages: Sequence[str]) -> list[_Segment]:
    return [segment for passage in passages for segment in _passage_segments(passage)]


@dataclass(frozen=True)
class NumberFinding:
    """Why a sentence's numbers are not vouched for: the verdict they force, and a note."""

    verdict: NumberVerdict
    note: str


def check_numbers(sentence: str, evidence: str | Sequence[str]) -> NumberFinding | None:
    """``None`` when the evidence vouches for every number of ``sentence`` (read it in context
    first: "It was completed in 1931." says nothing about what "it" is); otherwise what the
    numbers make of it. ``evidence`` is the passage, or the passages, the verdict rests on."""
    claim = [segment for segment in _segments(sentence) if segment.numbers]
    if not claim:
        return None
    available = _evidence_segments([evidence] if isinstance(evidence, str) else evidence)
    subject = _content_words(subject_of(sentence) or "")
    subject_in_evidence = any(subject & s.words for s in available)

    def about_something_else(holder: _Segment) -> bool:
        """The holder's sentence names its own subject, and the claim's subject is elsewhere in
        the evidence: "It was completed in 1931." after "The Empire State Building is in New
        York." gives 1931 to that building, not to the Eiffel Tower of the sentence before."""
        return bool(holder.named_subject and subject and not holder.named_subject & subject and subject_in_evidence)

    missing: list[Number] = []
    misplaced: list[Number] = []
    for segment in claim:
        for number in segment.numbers:
            holders = [s for s in available if any(number.same_value(a) for a in s.numbers)]
            if not holders:
                missing.append(number)
                continue
            rivals = [s for s in available if any(number.same_role(a) for a in s.numbers)]
            best = max(len(segment.words & s.words) for s in [*holders, *rivals])
            if not any(len(segment.words & s.words) == best and not about_something_else(s) for s in holders):
                misplaced.append(number)
    if not missing and not misplaced:
        return None
    if misplaced:
        return NumberFinding(
            "contradicted",
            "the evidence gives this number to something else: " + ", ".join(n.text for n in misplaced),
        )
    in_role = any(n.same_role(a) and not n.same_value(a) for n in missing for s in available for a in s.numbers)
    return NumberFinding(
        "contradicted" if in_role else "unsupported",
        "number not in the evidence: " + ", ".join(n.text for n in missing),
    )


def number_verdict(sentence: str, evidence: str | Sequence[str]) -> NumberVerdict | None:
    """``None`` when the evidence vouches for every number of ``sentence``; otherwise
    ``"contradicted"`` or ``"unsupported"`` (see :func:`check_numbers`)."""
    finding = check_numbers(sentence, evidence)
    return finding.verdict if finding else None


def spelled_like(sentence: str, premise: str) -> str:
    """``sentence`` with each plain count written as ``premise`` writes the same quantity ("1.5
    million" → "1,500,000", "forty" → "40"), for the model to read: a small NLI model takes a
    number in another spelling for another number, and contradicts a sentence that agrees. Only
    equal values without a unit are rewritten, so what the sentence says does not change."""
    text, numbers = _read(sentence)
    available = [a for a in _read(premise)[1] if a.unit is None]
    rewritten, position, matched = [], 0, False
    for number in numbers:
        twin = next((a for a in available if number.unit is None and number.same_value(a)), None)
        if twin is None:
            continue
        matched = True
        surface = text[number.start : number.end]
        rewritten += [text[position : number.start], surface[: len(surface) - len(surface.lstrip())], twin.text]
        position = number.end
    if not matched:
        return sentence
    rewritten_text = ("".join(rewritten) + text[position:]).replace(_SCALE_PLACEHOLDER, "")
    return sentence if rewritten_text == sentence else rewritten_text
