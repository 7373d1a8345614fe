"""The number rule: a number is vouched for only by the part of the evidence about the same thing.

Small NLI models read "closes at 9 p.m." as entailed by "closes at 5 p.m." because the
sentences are otherwise the same; numbers are where they fail most. So every number of a
sentence that the model (or the LLM judge, or the citation checker's model) would support is
checked against the evidence it rests on. The rule cannot be overruled, so it must be certain in
both directions: it vetoes only what the evidence settles, and leaves the rest to the model.

The rule as users read it, with every kind of number and what vouches for it, is stated once in
``docs/verdicts.md`` (the *decide* stage); here is how the code reaches it.

1. **What is a number of the claim** (:func:`find_numbers`): each kind of that table, read into a
   value, a kind and a unit; a list marker, numbered heading or footnote mark is the list's.
2. **Is the value there?** The evidence must hold a value the claim's allows (243 for "more than
   200"; a date at least as full as the claim's). If not, the sentence is ``contradicted`` when
   the evidence has another number in the same role (the same unit or kind, or the same word
   next to it), else ``unsupported``. A number in a name, a small count ("two painters") or an
   ordinal word that the evidence does not state at all, with no rival, is left to the model:
   the evidence may write the name without it ("COVID") or list what the answer counts.
3. **Is it there about the same thing?** The evidence is cut into *segments*: its sentences,
   read in context (:mod:`validator.context`: "It was completed in 1889." after "The Eiffel
   Tower is in Paris."), and cut again between two numbers at a clause break (``;``, ``,``,
   "and", "but", "while", "whereas", the end of a table row). A segment holding the value must
   not be clearly less about the claim than a rival's (:meth:`_Segment.beats`). "The Eiffel Tower
   was completed in 1931." is ``contradicted`` by "The Eiffel Tower was completed in 1889. The
   Empire State Building was completed in 1931.", although 1931 is in the passage; a close call
   counts for the sentence.
4. **Before a veto, the whole source.** Given the ``sources`` the passages came from, a value
   the sentence of a source about the same thing gives, which retrieval did not bring, is not
   vetoed (:func:`check_numbers`).
"""

from __future__ import annotations

import bisect
import itertools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from bm25s.stopwords import STOPWORDS_EN_PLUS
from nltk.stem import PorterStemmer
from text_to_num import alpha2digit

from validator.context import described, read_in_context, subject_of
from validator.rules.identifiers import check_identifiers
from validator.splitting import split_source_sentences
from validator.units import DIMENSIONS, measure

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
_CURRENCY = {"$": "usd", "€": "eur", "£": "gbp", "¥": "jpy", "₹": "inr"}
_SIGNS = "".join(_CURRENCY)
_SIGN = f"[{_SIGNS}]"
"""A currency sign before an amount."""
_CURRENCY_WORDS = {
    **dict.fromkeys(("dollar", "dollars"), "usd"),
    **dict.fromkeys(("euro", "euros"), "eur"),
    **dict.fromkeys(("pound", "pounds", "sterling"), "gbp"),
    **dict.fromkeys(("yen",), "jpy"),
    **dict.fromkeys(("yuan", "renminbi"), "cny"),
    **dict.fromkeys(("rupee", "rupees"), "inr"),
    **dict.fromkeys(("franc", "francs"), "chf"),
    **dict.fromkeys(("rouble", "roubles", "ruble", "rubles"), "rub"),
}
_UNIT_WORDS = {
    **dict.fromkeys(("degree", "degrees", "deg"), "deg"),
    **dict.fromkeys(("percentage",), "pp"),
    **dict.fromkeys(("celsius", "centigrade"), "degC"),
    **dict.fromkeys(("fahrenheit",), "degF"),
    **dict.fromkeys(("seconds", "secs", "sec"), "s"),
    **dict.fromkeys(("minute", "minutes", "mins", "min"), "min"),
    **dict.fromkeys(("hour", "hours", "hrs", "hr"), "h"),
    **dict.fromkeys(("day", "days"), "day"),
    **dict.fromkeys(("week", "weeks"), "week"),
    **dict.fromkeys(("month", "months"), "month"),
    **dict.fromkeys(("year", "years", "yrs"), "years"),
    **dict.fromkeys(("decade", "decades"), "decades"),
    **dict.fromkeys(("century", "centuries"), "centuries"),
}
"""Units of time, angle and temperature after a number, each spelling folded to one symbol. Every
other unit of measure is pint's (:mod:`validator.units`)."""
_BASE_UNITS = {"decades": ("years", 10.0), "centuries": ("years", 100.0), "week": ("day", 7.0)}
"""Durations that are a multiple of another, read in that one ("four decades" is "40 years", "three
weeks" is "21 days"). Hours, minutes and days keep their own units: a duration is often written in
two ("2 hours and 15 minutes"), and read in one unit its parts would compete as rival values."""
_SPEEDS = re.compile(r"\b(?:(?P<miles>miles)|kilomet(?:re|er)s|km)\s+(?:per|an|a)\s+hour\b|\bkm\s?/\s?h\b", re.I)
"""A speed in words or with a slash ("30 miles per hour", "50 kilometres an hour", "320 km/h"),
read as its symbol ("mph", "kmh")."""
_SCALE_PLACEHOLDER = "numscale"
_RATIO_PLACEHOLDER = "numratio"
"""Stands for "%" after a share written in words ("a third of" → "33.33numratio"), so the
number reads as a percentage and is known to be a share in words (:attr:`Number.ratio`)."""
_VAGUE_PLACEHOLDER = "numvague"
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
    ]
)
"""Words after a four-digit number that make it a count ("1000 employees"), not a year."""
_NUMBER = re.compile(
    r"(?P<sign>(?<![\w.,%])[-\u2212\u2013](?=\d)|\bminus\s+)?"
    rf"(?:(?P<currency>{_SIGN})\s?)?"
    r"(?P<value>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|(?<![\w.,])\.\d+)"
    r"(?:(?P<decade>(?<=0)(?<!under-\d0)(?<!over-\d0)'?s)\b)?"
    r"(?:(?P<ordinal>st|nd|rd|th)\b)?"
    r"(?::(?P<minutes>\d{2})(?::(?P<seconds>\d{2}(?:\.\d+)?))?)?"
    r"(?:\s?(?P<meridiem>a\.?\s?m\.?|p\.?\s?m\.?)(?![a-z]))?"
    rf"(?:\s?(?P<percent>%|percent\b|per cent\b|(?-i:pc)\b|{_RATIO_PLACEHOLDER}\b))?"
    r"(?:\s?(?P<degree>°\s?[CF]?))?"
    rf"(?:\s(?:{_SCALE_PLACEHOLDER})?(?P<scale>thousand|million|billion|trillion)\b)?",
    re.I,
)
"""A number as written, with what is joined to it. A decade ends in 0 ("1990s", "1990's", "the
'60s"): "2019's" is a year's possessive, "747s" a plural, "under-20s" an age group."""
_PROTECT_SCALE = re.compile(r"(\d)\s*(thousand|million|billion|trillion)\b", re.I)
"""A scale after digits, spaced or joined to them as headlines write it ("3.6million", "£30billion")."""
_WORD_NUMBER = re.compile(r"\b(" + "|".join(sorted(_WORD_VALUES, key=len, reverse=True)) + r")\b", re.I)
_NOT_A_NUMBER = re.compile(
    r"\b(?:no one|one of|one another|one or two|the one|this one|that one|which one|at first|first of all)\b"
    r"|\bsecond\s+to\s+none\b"
    r"|\b(?:would|will|could|might|may|can|should|shall|must)\s+one\s+day\b"
    rf"|\b(?:{'|'.join(_ORDINAL_WORDS[1:])})(?=\s+\d)",
    re.I,
)
"""Number words that are no number: "one of", "no one", "would one day" (some day), "at first"
(initially), "first of all", "second to none"; an ordinal
before a count ("its first 4 games", "the second 10 minutes"), which says which of them, not
another number."""
_TOKEN = re.compile(rf"[^\W\d_]+|%|{_SIGN}")
_WORD = re.compile(r"[^\W\d_]+")
"""A word in any alphabet ("Amélie", "Müller" are one word each, not "Am" and "lie")."""
_COMPARING = r"versus|vs\.?|against|compared\s+(?:with|to)"
"""Words that set a value against another ("EPS of $1.23 versus $1.10", "compared with 44.1%")."""
_CLAUSE_BREAK = re.compile(
    rf";|,\s|\s(?:and|but|while|whilst|whereas|{_COMPARING})\s"
    r"|\son\s(?=(?:an?\s+)?[a-z-]+\s+of\b)|\|\s*\||\|\s*\n",
    re.I,
)
"""Where a clause may end between two numbers: ";", ", ", a conjunction, a comparison ("EPS of
$1.23 versus $1.10"), a second quantity "on" its label ("net income of $1.2 billion on revenue of
$4.5 billion"), or the end of a table row ("| 1889 | completed | | 1925 | sign added |" is two
rows, not one clause)."""
_ITEM_END = re.compile(r";|\|")
"""A break that ends an item of a list, not only a clause: "adults, £12; children, £6"."""


def _own_bracket(text: str, left: Number, right: Number) -> int | None:
    """Where a bracket opens that gives ``right`` a label of its own: a second value of
    ``left``'s kind with words of its own, not the same value in other units ("$842 million
    ($2.10 a share)" is two quantities, "650ft (198m)" and "30 miles (48 km)" one). ``None``
    where no such bracket holds ``right``."""
    opening = text.rfind("(", left.end, right.start)
    closing = text.find(")", right.end)
    if opening < 0 or closing < 0 or "(" in text[right.end : closing] or left.unit != right.unit:
        return None
    if _content_words(text[opening + 1 : right.start]):
        return None
    label = [w for w in _WORD.findall(text[right.end : closing]) if not _is_unit(w)]
    return opening if _content_words(" ".join(label).replace(_SCALE_PLACEHOLDER, "")) else None


_BETWEEN = re.compile(r"\bbetween\s+$", re.I)
"""What opens a span whose ends "and" joins ("between 5am and 11pm"); without it, "in 1998 and
2004" is a list of two years, each its own clause's."""


def _clause_end(text: str, start: int, end: int) -> int | None:
    """Where the clause of the number ending at ``start`` ends before the number at ``end``: at
    the first ";" or table-row end between them, else at the first clause break, so the words
    after it (a label: "…; Saturday, 9 a.m.", "…, and Zane Reed, 7") go with the number they lead
    to. ``None`` where nothing breaks the clause."""
    breaks = list(_CLAUSE_BREAK.finditer(text, start, end))
    items = [b for b in breaks if _ITEM_END.search(b.group())]
    return (items or breaks)[0].start() if breaks else None


STOPWORDS = frozenset(STOPWORDS_EN_PLUS) | frozenset(_WORDS) | frozenset(_ORDINAL_WORDS) | frozenset(_SCALES)

_VAGUE = {
    "a couple": (2.0, 3.0),
    "dozens": (24.0, 143.0),
    "scores": (40.0, 199.0),
    "hundreds": (200.0, 999.0),
    "thousands": (2e3, 999_999.0),
    "tens of thousands": (2e4, 99_999.0),
    "hundreds of thousands": (2e5, 999_999.0),
    "millions": (2e6, 999_999_999.0),
    "tens of millions": (2e7, 99_999_999.0),
    "hundreds of millions": (2e8, 999_999_999.0),
    "billions": (2e9, 999_999_999_999.0),
}
"""Vague quantities by what they mean at least and at most ("hundreds of homes": 200 to 999)."""
_PROTECT_VAGUE = re.compile(
    r"\b(?:("
    + "|".join(sorted((k for k in _VAGUE if " of " in k), key=len, reverse=True)).replace(" ", r"\s+")
    + r")|("
    + "|".join(sorted(_VAGUE, key=len, reverse=True)).replace(" ", r"\s+")
    + r")(?=\s+of\b)|(?<!\d\s)(dozens|hundreds|thousands|millions|billions)\b(?!\s+of\b))",
    re.I,
)
"""A vague quantity: before "of" ("hundreds of homes"), or a plural count standing alone
("Thousands protested", "hundreds of thousands without power"; not after digits, "5 thousands", and
not "scores", which alone are marks)."""
_VAGUE_KEYS = {key.replace(" ", ""): key for key in _VAGUE}
"""Each vague quantity by its placeholder's letters: one word, which text2num leaves as it is (it
reads "thousands" in "tens_of_thousands" as 1000)."""
_VAGUE_TOKEN = re.compile(rf"\b{_VAGUE_PLACEHOLDER}(?P<words>[a-z]+)\b")
_DOZEN = re.compile(
    r"\b(?:(?P<half>half an?)|(?P<count>\d+|an?|" + "|".join(_WORDS[1:13]) + r"))\s+"
    r"(?:(?P<dozen>dozen)\b|score\s+of(?=\s+(?!(?:less|more|over|under|about|around|nearly|almost|just|only|up|at|"
    r"between|fewer|roughly|some|exactly|close)\b)[a-z]))",
    re.I,
)
"""A count in dozens ("a dozen", "two dozen eggs") or scores ("a score of people"; not "a score
of 85" or "a score of less than 60", which are marks, nor "a score for the film")."""
_QUALIFIERS = {
    **dict.fromkeys(
        (
            "more than",
            "over",
            "above",
            "in excess of",
            "upwards of",
            "exceeding",
            "just over",
            *("exceeded", "exceeds", "exceed", "topped", "topping", "surpassed", "surpasses", "surpassing"),
        ),
        ">",
    ),
    **dict.fromkeys(("at least", "no fewer than", "no less than", "a minimum of", "minimum of"), ">="),
    **dict.fromkeys(("less than", "fewer than", "under", "below", "just under"), "<"),
    **dict.fromkeys(("at most", "no more than", "up to", "a maximum of", "maximum of", "as many as"), "<="),
    **dict.fromkeys(("nearly", "almost", "close to", "just shy of"), "nearly"),
    **dict.fromkeys(
        ("about", "around", "approximately", "roughly", "some", "circa", "an estimated", "estimated", "~"), "about"
    ),
    **dict.fromkeys(("exactly", "precisely", "just"), "exactly"),
}
"""Words before a number that say what it bounds ("more than 200": above 200), verbs that say it
too ("sales topped $4 billion", "exceeded 50,000")."""
_QUALIFIER = re.compile(
    r"(?:^|(?<=[\s(]))(?P<words>"
    + "|".join(re.escape(q) for q in sorted(_QUALIFIERS, key=len, reverse=True))
    + r")\s*$",
    re.I,
)
_OR_MORE = re.compile(r"^\s*(?:\w+\s+)?or (?:more|above)\b", re.I)
_TIME_BOUNDS = {
    **dict.fromkeys(("before", "prior to", "earlier than"), "<"),
    **dict.fromkeys(("after", "later than"), ">"),
}
"""Words before a year or a date that say it bounds a time ("before 2015": any earlier year or
date), and only a year's or a date's: "after 10 years of talks" states how long they took."""
_TIME_BOUND = re.compile(r"(?:^|(?<=[\s(]))(?:(?P<lead>\w+)\s+)?(?P<words>" + "|".join(_TIME_BOUNDS) + r")\s+$", re.I)
_NOT_A_BOUND_AFTER = frozenset(
    {"than", "since", "year", "years", "day", "days", "week", "weeks", "month", "months", "decade", "decades"}
)
"""Words before "before" or "after" that make its year a point of reference, stated as such: "more
varied than before 1995", "the year after 2012" (2013, not any later year). A year that names
what follows it ("before 2020 elections") is one too."""
_OFFERED = re.compile(r"\s*(?:,\s*)?or\s+", re.I)
"""What joins values offered as alternatives ("in 1841 or 1842", "11 or 12 players"), matched whole
(one way to read each space: a run of spaces between two numbers is not backtracked over twice)."""
APPROXIMATE = 0.1
"""How far "about" and "nearly" reach: "about 3,000" is 2,700 to 3,300, "nearly 40%" 36% to 40%."""

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("January", "Jan"),
            ("February", "Feb"),
            ("March", "Mar"),
            ("April", "Apr"),
            ("May",),
            ("June", "Jun"),
            ("July", "Jul"),
            ("August", "Aug"),
            ("September", "Sept", "Sep"),
            ("October", "Oct"),
            ("November", "Nov"),
            ("December", "Dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTHS |= {
    name.lower(): number for name, number in _MONTHS.items() if len(name) > 3 and name not in ("March", "August")
}
"""Months with their capital, and in lower case where the word is nothing else ("november" but not "may")."""
_MONTH = r"(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<{}>[0-3]?\d)(?:st|nd|rd|th)?"
_DAY_RANGE = _DAY.format("day") + r"(?:\s*(?:[-\u2013\u2014]|to|and|&|through)\s*" + _DAY.format("last") + ")?"
_YEAR = r"(?P<year>[12]\d{3})(?!\d)"
_DATES = [
    re.compile(rf"\b{_DAY_RANGE}\s+(?:of\s+)?{_MONTH}(?:,?\s+{_YEAR})?(?![\w-])"),
    re.compile(rf"\b{_MONTH}\s+{_DAY_RANGE}(?![\d:])(?:(?:\s?,\s*|\s+){_YEAR})?(?![\w-])"),
    re.compile(rf"\b{_MONTH},?\s+(?:of\s+)?{_YEAR}"),
    re.compile(r"\b(?P<year>[12]\d{3})-(?P<numeric_month>[01]\d)-(?P<day>[0-3]\d)\b"),
    re.compile(r"(?<![\d/.])(?P<first>[0-3]?\d)([/.])(?P<second>[0-3]?\d)\2(?P<year>[12]\d{3})(?![\d/]|\.\d)"),
]
"""Dates in the forms answers and sources write them: "12 May 2019", "May 12th, 2019", "May
2019", "2019-05-12", "3/4/2019" (either way round: :attr:`Date.either_way`), and day ranges
("June 9–10", "9 and 10 June"). Month names are matched with
their capital where the word is also another ("May", "March", "August"), so the verb "may" is not a month."""

_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_NAME_WITH_DIGITS = re.compile(
    r"(?<![\w-])(?P<stem>[A-Za-z](?:[A-Za-z]|(?<![A-Za-z]{5})\.|-(?=[A-Za-z])){0,23}?)-?(?P<digits>\d+)(?P<tail>[A-Za-z]*)"
    r"(?![\w.,]\d)"
)
"""A name that holds digits: "G20", "COVID-19", "MP3", "F-16", "H1N1", "SARS-CoV-2" (letters, in
one or more hyphened parts, before the digits), or an abbreviation's "No.5", "Fig.3". A word of
five or more letters then "." is a sentence's end where text runs sentences together
("…of Manhattan.55 Hudson Yards is…"), not a name.
The stem is bounded (24 characters, longer than any such name) so the search stays linear: an
unbounded one rescans the rest of the text from every letter of "a.a.a.…"."""
_NAME_THEN_NUMBER = re.compile(
    r"(?<![\w-])(?P<stem>[A-Z][A-Za-z]+|[A-Z]{2,}|[a-z][A-Z][A-Za-z]+)\s(?P<digits>\d+|[IVXLC]{2,}(?=[\s,.;:)'’]|$)|I(?=[,.;:)'’]|$))(?![\w.,:]\d|[\w%°-])"
)
"""A capitalized name and then a number: "Boeing 747", "Windows 11", "Formula 1", "Henry VIII",
"World War II", "iPhone 16". Not a month ("May 2019") or a word that opens a phrase ("In 1990",
"Over 500", "Since 2002": :data:`_LEADS_A_NUMBER`), nor a name before a measure ("circles the
Earth 705 kilometres up")."""
_LEADS_A_NUMBER = frozenset(
    [
        "since",
        "until",
        "till",
        "circa",
        "around",
        "amid",
        "among",
        "despite",
        "throughout",
        "toward",
        "towards",
        "within",
        "without",
        "beyond",
        "following",
        "past",
        "per",
        "via",
        "upon",
        "near",
        "across",
        "along",
        "fiscal",
        "mid",
        "early",
        "late",
    ]
)
"""Prepositions that the stop-word list lacks: a number after one is a time or a quantity, not
part of a name, even where the preposition opens a sentence ("Since 2002, he has won 12 trophies");
"fiscal", whose year is a year ("Fiscal 2023 revenue"); and "mid", "early", "late" before a year or
a decade ("mid-1990s")."""


@dataclass(frozen=True)
class Date:
    """A calendar date as a text gives it: the year and the day (or range of days) may be left out."""

    year: int | None
    month: int
    first_day: int | None
    last_day: int | None
    either_way: bool = False
    """Written in digits with a day and a month that could be either way round ("3/4/2021"): it
    is read both ways, as the text does not say which convention it follows."""

    def readings(self) -> tuple[Date, ...]:
        """The dates it may be: itself, and where ``either_way``, the day and month swapped."""
        if not self.either_way or self.first_day is None:
            return (self,)
        return self, Date(self.year, self.first_day, self.month, self.month)

    def days(self) -> tuple[tuple[int, int, int], tuple[int, int, int]] | None:
        """The first and last day it may be, as (year, month, day); ``None`` without a year."""
        if self.year is None:
            return None
        return (self.year, self.month, self.first_day or 1), (self.year, self.month, self.last_day or 31)

    def implied_by(self, other: Date) -> bool:
        """Whether ``other`` says at least this much: the same month, the same year where this one
        gives one, and days within the other's ("June 9" is within "June 9–10"), in any of either
        date's readings."""
        return any(mine._within(theirs) for mine in self.readings() for theirs in other.readings())

    def _within(self, other: Date) -> bool:
        if self.month != other.month or (self.year is not None and other.year not in (None, self.year)):
            return False
        if self.first_day is None:
            return True
        if other.first_day is None or other.last_day is None or self.last_day is None:
            return False
        return other.first_day <= self.first_day and self.last_day <= other.last_day


@dataclass(frozen=True)
class Number:
    """A number in a text: its value (clock times in minutes after midnight), its kind if it
    has one (``%``, a currency, ``time``, ``year``, ``decade``, ``ordinal``, ``date``, a unit of
    measure, or ``name:<stem>`` for the number in a name such as "Boeing 747"), the words around
    it, what it bounds (``qualifier``: "more than", "about", a vague "hundreds of"…, as
    ``low``/``high``), and where it is in the text it was read from."""

    value: float
    unit: str | None
    before: str | None
    after: str | None
    text: str
    start: int = 0
    end: int = 0
    qualifier: str | None = None
    low: float = -math.inf
    high: float = math.inf
    date: Date | None = None
    lead: tuple[str, ...] = ()
    """Up to three words just before the number in its clause, lower case ("cut to just" of
    "will be cut to just £99"): see :meth:`led_like`."""
    step: float = 0.0
    """The last digit's place of a measured value as written ("4.1" of "$4.1 billion": 100
    million), which a rounded value lies within half of; 0 where rounding does not apply
    (years, dates, times, ordinals, ages, names)."""
    scale: float = 1.0
    """How many of its kind's base unit one of the unit it is written in is (1,000 for "km", 10,000
    for "hectares"): a value written in another unit than the evidence's was converted, and
    rounded in the converting (:meth:`rounds`)."""
    ratio: bool = False
    """A share written in words ("a third of", "one in five"): read as a percentage."""

    @property
    def counts_something(self) -> bool:
        """A plain number with a word after it that is not a stopword ("6 albums", "4 benches"):
        a count of that thing, never the same quantity as a measure with a unit ("6 years")."""
        return self.unit is None and self.after is not None and self.after not in STOPWORDS

    @property
    def is_name(self) -> bool:
        return (self.unit or "").startswith("name:")

    def same_kind(self, other: Number) -> bool:
        """Whether the two can be the same quantity at all: the same unit; a plain number and a
        unit unless the plain one counts something else ("6 albums" is not "6 years"); a year
        and a plain number that counts the same thing ("1500 soldiers", "1,500 soldiers"); an
        ordinal and a count of the same thing ("her fifth title", "five titles": the last of them);
        percentage points and "points" ("fell 2.1 points" of "fell 2.1 percentage points")."""
        if self.unit == other.unit:
            return True
        if self.unit is not None and other.unit is not None:
            return _compatible(self.unit, other.unit)
        unit, plain = (self, other) if self.unit is not None else (other, self)
        if unit.unit == "ordinal":  # "her fifth title" is the last of "five titles"
            return plain.counts_something and unit.after is not None and stem(plain.after or "") == stem(unit.after)
        if unit.unit == "date" or unit.is_name:
            return False
        if unit.unit == "year":
            return not plain.counts_something or plain.after == unit.after
        if unit.unit == "pp" and plain.after in ("point", "points"):
            return True
        return not plain.counts_something

    def same_value(self, other: Number) -> bool:
        """The same quantity: equal values (or dates), and kinds that can be the same (see :meth:`same_kind`)."""
        if self.date is not None or other.date is not None:
            return self.date == other.date
        return _close(self.value, other.value) and self.same_kind(other)

    def implied_by(self, other: Number) -> bool:
        """Whether ``other``, in the evidence, vouches for this number of a claim: the same value;
        for a date, at least this much of it ("May 2019" by "12 May 2019", a year by a date of
        that year); for a bound or a vague quantity, a value within it ("more than 200" by
        "243", "millions of" by "12 million"), and for "exactly", only the same plain value; for a
        year or a date after "before" or "after", one wholly on that side of it; for a century or
        a decade, a year or a date in it; for a decade of life ("in his 30s"), an age in it."""
        if self.unit in ("year", "date") and self.qualifier in ("<", ">"):
            return _in_time_order(self, other)
        if self.unit == "ordinal" and self.after == "century" and (year := _year_of(other)) is not None:
            return (year - 1) // 100 + 1 == self.value  # "the 21st century" by "in 2004"
        if self.unit == "decade" and self.value >= 1000 and (year := _year_of(other)) is not None:
            return self.value <= year < self.value + 10  # "the 1990s" by "in 1998"
        if self.unit == "decade" and self.value < 100 and other.unit == "age":
            return self.value <= other.value < self.value + 10  # "in his 30s" by "a 34-year-old"
        if self.date is not None or other.date is not None:
            if self.date is not None and other.date is not None:
                return self.date.implied_by(other.date)
            return self.unit == "year" and other.date is not None and other.date.year == self.value
        if self.unit in _DURATIONS and other.unit in _DURATIONS and self.unit != other.unit:
            return self.same_duration(other)
        if not self.same_kind(other):
            return False
        if self.qualifier is None or (self.qualifier in ("about", "nearly") and _close(self.value, other.value)):
            return _close(self.value, other.value) or self.rounds(other)
        if self.qualifier == "exactly":
            return _close(self.value, other.value) and other.qualifier in (None, "exactly")
        if self.qualifier == other.qualifier == "<=":  # "up to 853 passengers" states a maximum
            return _close(self.value, other.value)
        # an approximate figure in the evidence stands for its value: "some 38%" is "nearly 40%"
        low, high = (other.value, other.value) if other.qualifier in ("about", "nearly") else (other.low, other.high)
        slack = _CONVERTED * abs(other.value) if self.converted(other) else 1e-9
        return self.low - slack <= low and high <= self.high + slack

    def same_duration(self, other: Number) -> bool:
        """Whether ``other``, a duration in another unit, is this one's length exactly, or within
        its bound ("18 months" and "1.5 years", "two years" and "24 months", "90 minutes" and "1.5
        hours"). Exact only: a duration is not rounded into another unit, so "2 years" is not "20
        months"; and a month is no fixed number of days (:data:`_DURATIONS`)."""
        (mine, size), (theirs, their_size) = _DURATIONS[self.unit or ""], _DURATIONS[other.unit or ""]
        if mine != theirs:
            return False
        length = other.value * their_size / size  # in this number's unit
        if self.qualifier in (None, "about", "nearly", "exactly") or self.qualifier == other.qualifier:
            return _close(self.value, length)  # "over 1.5 years" says what "over 18 months" does
        return self.low <= length <= self.high

    def converted(self, other: Number) -> bool:
        """Whether one of the two is the other converted into another unit of its kind ("5 miles" of
        "8 km"), which rounds it (:data:`_CONVERTED`)."""
        return not _close(self.scale, other.scale) and self.unit not in _NOT_CONVERTED

    def rounds(self, other: Number) -> bool:
        """Whether this value is ``other``'s rounded to the digits it is written with ("33%" of
        "33.3%", "$4.1 billion" of "$4.14 billion"). Only a value of two digits or more rounds: "4
        million" is not a rounding of "4.4 million". A value converted from another unit of its kind
        ("5 miles" of "8 km", "40 hectares" of "100 acres") is rounded in the converting, to two
        significant digits or more: it rounds where it is within :data:`_CONVERTED` of the other."""
        if self.step <= 0 or other.qualifier not in (None, "about"):
            return False
        if self.converted(other):
            return abs(self.value - other.value) <= _CONVERTED * abs(other.value)
        return abs(self.value) >= 10 * self.step - 1e-9 and abs(self.value - other.value) <= self.tolerance

    @property
    def tolerance(self) -> float:
        """How far from this value, as written, the value it stands for may lie: half its last
        digit's place (and a hair, for floating point), or only the hair where it has no step."""
        return max(self.step / 2, 1e-9) * (1 + 1e-9)

    def led_like(self, other: Number) -> bool:
        """Whether ``other`` follows the words this number follows: two or more of them ("cut to
        just £99", "Ian Merrett, 28"), at least one not a stopword; for two ages, the one name
        they are set off after ("Maria, 41," is Maria's age, whatever name comes before "and
        Pedro, 34,"). Where a rival's words differ, the holder so led states the claim's number
        of the same thing, whatever else its clause shares."""
        if self.unit == other.unit == "age" and (name := _name_before(self.lead)):
            other_name = _name_before(other.lead)
            shorter = min(len(name), len(other_name))
            return shorter > 0 and name[-shorter:] == other_name[-shorter:]
        shared = 0
        for mine, theirs in zip(reversed(self.lead), reversed(other.lead), strict=False):
            if mine != theirs:
                break
            shared += 1
        return shared >= 2 and any(w not in STOPWORDS for w in self.lead[-shared:])

    def same_role(self, other: Number) -> bool:
        """Whether ``other`` answers the same question: the same name ("Boeing 737" for "Boeing
        747"), the same unit or kind, or the same word next to it."""
        if self.date is not None or other.date is not None:
            return self.date is not None and other.date is not None
        if self.is_name or other.is_name:
            return self.unit == other.unit
        if "year" in (self.unit, other.unit):
            return self.unit == other.unit
        if (self.unit or other.unit) and self.unit not in (None, "ordinal") and other.unit not in (None, "ordinal"):
            return _compatible(self.unit or "", other.unit or "")
        if not self.same_kind(other) and not (self.unit == other.unit == "ordinal"):
            return False
        no_role = {None} if self.unit == "ordinal" else _NO_ROLE  # "the first" and "the second" compete
        return (self.after not in no_role and _same_word(self.after, other.after)) or (
            self.before not in no_role and self.before == other.before
        )


def _year_of(number: Number) -> int | None:
    """The year a year or a dated number gives."""
    if number.date is not None:
        return number.date.year
    return int(number.value) if number.unit == "year" else None


def _days(number: Number) -> tuple[tuple[int, int, int], tuple[int, int, int]] | None:
    """The first and last day a year or a date may be, as (year, month, day)."""
    if number.date is not None:
        return number.date.days()
    year = _year_of(number)
    return None if year is None else ((year, 1, 1), (year, 12, 31))


def _in_time_order(bound: Number, other: Number) -> bool:
    """Whether ``other`` lies wholly on the side of ``bound`` (a year or date after "before" or
    "after") that it names: "before 2015" by "in 2012" or "8 May 2013", not by "in 2015"."""
    mine, theirs = _days(bound), _days(other)
    if mine is None or theirs is None or other.qualifier not in (None, bound.qualifier):
        return False
    if other.qualifier == bound.qualifier:  # "before 2010" is before 2015 too
        return theirs[0] <= mine[0] if bound.qualifier == "<" else theirs[1] >= mine[1]
    return theirs[1] < mine[0] if bound.qualifier == "<" else theirs[0] > mine[1]


def _same_word(word: str | None, other: str | None) -> bool:
    """One word in either number ("trophy" and "trophies": "1 trophy" and "3 trophies" count one
    thing)."""
    return word == other or (word is not None and other is not None and stem(word) == stem(other))


_NO_ROLE = frozenset({None, "the", "a", "an"})
"""Neighbours that say nothing of what a number counts ("the 54,000" and "the 2016-17")."""


def _close(value: float, other: float) -> bool:
    """The same value: two whole numbers only when equal (an order number or a sum of money one
    unit off is another value, however large: a relative tolerance would pass "1234567890" for
    "1234567891"); others within floating point's error. A stated approximation gets its
    tolerance elsewhere (:meth:`Number.rounds`, :meth:`Number.implied_by`)."""
    if value.is_integer() and other.is_integer():
        return value == other
    return math.isclose(value, other, rel_tol=1e-9, abs_tol=1e-9)


def _compatible(unit: str, other: str) -> bool:
    """Plain "degrees" is either scale, and a change in percent may be written in percentage
    points ("rose 1.5 percentage points" beside "1.5%": the model reads which one); every other
    unit only matches itself."""
    return (
        unit == other
        or ({unit, other} <= {"deg", "degC", "degF"} and "deg" in (unit, other))
        or {unit, other} == {"%", "pp"}
    )


def _neighbours(text: str, start: int, end: int) -> tuple[str | None, str | None]:
    before = _TOKEN.findall(text[max(0, start - 30) : start])
    after = _TOKEN.findall(text[end : end + 30])
    return (before[-1].lower() if before else None), (after[0].lower() if after else None)


_SEASON = re.compile(r"(?<![\d.,-])(1[89]|20)(\d{2})[-\u2013/](\d{2})(?![\d:%]|[.,]\d|[-\u2013/]\d)")
"""A season or span of years written short ("2016-17", "1998/99", "1914–18"), read as both years
("2016-2017"), at the end of a sentence too ("in 2019–20.")."""


def _season(match: re.Match[str]) -> str:
    """Both years of a span whose end is later in the same century ("1914–18" is 1914 to 1918); not
    a year and a month ("2019-05": the end would come first)."""
    century, first, last = match.groups()
    return f"{century}{first}-{century}{last}" if int(last) > int(first) else match.group()


def _digits(text: str) -> str:
    """``text`` with number words as digits ("forty-two" → "42"), by text2num, "a dozen" as
    "12", a value and a half as a decimal (:func:`_halves`), a share in words as a percentage ("a
    third of" → "33.33%"), and a short span of years
    in full ("2016-17" → "2016-2017"). A scale after digits ("1.5 million") is kept as a word,
    which text2num would turn into "1.5 1000000", and a vague quantity ("hundreds of") as a
    placeholder, which it would turn into "100 of"."""
    protected = _written_out(_shares(_SEASON.sub(_season, text)))
    protected = _PROTECT_SCALE.sub(rf"\1 {_SCALE_PLACEHOLDER}\2", protected)
    protected = _PROTECT_VAGUE.sub(lambda m: _VAGUE_PLACEHOLDER + "".join(m.group().lower().split()), protected)
    return _NIL.sub(r"\1\g<2>0", _DOZEN.sub(_dozens, _halves(alpha2digit(protected, "en"))))


_AND_A_HALF = re.compile(
    rf"\b(?:(?P<whole>\d+|{'|'.join(_WORDS[1:21])})[\s-]+and[\s-]+a[\s-]+half"
    r"|an?\s+(?P<unit>year|month|week|day|hour|minute|decade|century)\s+and\s+a\s+half)\b(?!\s+times\b)",
    re.I,
)
"""A value and a half in words: "two and a half percent", "22 and a half" (text2num's "twenty-two
and a half"), "a year and a half". Not a multiple ("one and a half times its normal rainfall"),
which the number rule leaves to the model, as it does "twice"."""


def _halves(text: str) -> str:
    """Each value and a half as a decimal ("one and a half years" → "1.5 years", "a year and a
    half" → "1.5 years")."""

    def decimal(match: re.Match[str]) -> str:
        if unit := match.group("unit"):
            return f"1.5 {'centuries' if unit.lower() == 'century' else unit + 's'}"
        return f"{_count(match.group('whole'))}.5"

    return _AND_A_HALF.sub(decimal, text)


_SMALL = "|".join(_WORDS[1:21])
_NIL = re.compile(rf"\b(\d+|{_SMALL})([-\u2013])nil\b", re.I)
"""A score's nought in words: "two-nil", "2-nil" is "2-0"."""
_PARTS = {"half": 2, "third": 3, "quarter": 4} | {
    word: value for value, word in enumerate(_ORDINAL_WORDS) if value >= 5
}
_SHARE = re.compile(
    rf"(?P<by>\b(?:by|rose|fell|grew|increased|decreased|dropped|declined|climbed|jumped|shrank)\s+)(?P<change>an?|{_SMALL})"
    rf"[\s-]+(?P<changed>{'|'.join(_PARTS)})(?P<changes>s)?"
    r"(?=\s*(?:[,.;:)]|$|\s(?:from|on|in|over|since|to|compared|year|last|and|but|after|while)\b))"
    rf"|\b(?P<count>an?|{_SMALL})[\s-]+(?P<part>{'|'.join(_PARTS)}|halves)(?P<plural>s)?\s+of\b(?!\s+an?\b)"
    r"|(?P<lead>\b[a-z]+\s+)?\bhalf\s+(?:of\s+)?(?=(?:the|its|their|his|her|our|all|them|these|those)\b)"
    rf"|\b(?P<some>\d{{1,3}}|{_SMALL})\s+(?:in|out\s+of)\s+"
    rf"(?P<every>\d{{1,3}}|{_SMALL}|a\s+hundred|a\s+thousand)\b(?=\s+(?P<of>[a-z]+))"
    rf"|\b(?P<many>{_SMALL})[\s-]+(?P<fraction>third|fifth|sixth|eighth|tenth)s\b(?!\s+of\b)"
    rf"|\b(?P<than>an?|{_SMALL})[\s-]+(?P<part_than>{'|'.join(_PARTS)})(?P<parts_than>s)?"
    r"(?=\s+(?:less|more|fewer|lower|higher|cheaper|dearer|faster|slower|smaller|larger|bigger|longer|shorter)\b)",
    re.I,
)
"""A share in words: "a third of", "two-thirds of", "three quarters of", "half the", "one in five",
"3 out of 4", a plural part alone ("two thirds voted yes", "about two-fifths,"; not quarters or
halves: "for three quarters" are periods), and a change by one ("fell by a third", "rose a fifth
from", "a fifth less power"). A part alone is an
ordinal or a period ("the third quarter", "the first half of 2024", "a quarter of an hour", "a
third time"), so a part counts as a share only with its count and "of" or a change, "half" only
before what it divides, and "2 in 5" only of a thing, not a unit ("2 in 5 minutes")."""
_SHARE_GROUPS = (("count", "part", "plural"), ("change", "changed", "changes"), ("than", "part_than", "parts_than"))
"""The groups of :data:`_SHARE` that give a share's count, part and plural, for each way it is
written ("a third of", "fell by a third", "a fifth less")."""
_NOT_A_SHARE = frozenset({"first", "second", "latter", "other", "the", "each", "and", "a", "an"})
"""Words before "half" that make it a period or a part of a number ("the first half", "one and a half")."""


def _shares(text: str) -> str:
    """Each share in words as its percentage ("a third of voters" → "33.33% of voters"), read as
    approximate unless a bound is written before it ("more than half of" stays above 50%)."""

    def percentage(match: re.Match[str]) -> str:
        if match.group("some"):
            some, every = (_count(match.group(g)) for g in ("some", "every"))
            if not 0 < some < every or _is_unit(match.group("of")):
                return match.group()
            share, lead = 100 * some / every, ""
        elif match.group("many"):
            count, parts = _count(match.group("many")), _PARTS[match.group("fraction").lower()]
            if not 2 <= count < parts:
                return match.group()
            share, lead = 100 * count / parts, ""
        elif match.group("count") or match.group("change") or match.group("than"):
            groups = next(g for g in _SHARE_GROUPS if match.group(g[0]))
            count, part, plural = match.group(*groups)
            if bool(plural or part.lower() == "halves") != (_count(count) > 1):
                return match.group()
            share, lead = 100 * _count(count) / _PARTS.get(part.lower(), 2), match.group("by") or ""
        else:
            lead = match.group("lead") or ""
            if lead.strip().lower() in _NOT_A_SHARE:
                return match.group()
            share = 50.0
        bound = _QUALIFIER.search(text[max(0, match.start() + len(lead) - 24) : match.start() + len(lead)])
        spacing = match.group()[len(match.group().rstrip()) :]
        of = "" if match.group("change") or match.group("many") or match.group("than") else " of"
        return f"{lead}{'' if bound else 'about '}{share:.4g}{_RATIO_PLACEHOLDER}{of}{spacing}"

    return _SHARE.sub(percentage, text)


def _count(word: str) -> int:
    """The count a share is written with: digits, a small number word, "a"/"an", "a hundred"."""
    word = " ".join(word.lower().split())
    if word.isdigit():
        return int(word)
    return {"a": 1, "an": 1, "a hundred": 100, "a thousand": 1000}.get(word) or _WORD_VALUES[word]


_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_POWER_OF_TEN = re.compile(r"(?<![\d.,])10(?:\^(\d{1,2})|([⁰¹²³⁴⁵⁶⁷⁸⁹]{1,2}))(?!\d)")
_CURRENCY_CODE = re.compile(r"\b(USD|US\$|EUR|GBP|JPY|INR|Rs\.?)\s?(?=\d)")
_CODE_SIGNS = {"USD": "$", "US$": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "Rs": "₹", "Rs.": "₹"}
_SHORT_SCALE = re.compile(
    rf"(?P<number>(?:{_SIGN}\s?)\d++(?:[.,]\d++)*+)\s?(?P<scale>k|m|mn|mln|bn|bln|b|tn)\b(?!\.\w)"
    r"|(?<![\d.])(?P<bare>\d++(?:\.\d++)?+)(?P<bare_scale>k|bn|\s?mln|\s?bln)\b",
    re.I,
)
_NAMED_DAYS = {
    "new year's day": "1 January",
    "valentine's day": "14 February",
    "st patrick's day": "17 March",
    "st. patrick's day": "17 March",
    "bastille day": "14 July",
    "halloween": "31 October",
    "guy fawkes night": "5 November",
    "bonfire night": "5 November",
    "armistice day": "11 November",
    "christmas eve": "24 December",
    "christmas day": "25 December",
    "boxing day": "26 December",
    "new year's eve": "31 December",
    "hogmanay": "31 December",
}
"""Days of the year known by name, each always on one date ("Christmas Day 1066" is 25 December
1066); not a feast that moves (Easter, Thanksgiving)."""
_NAMED_DAY = re.compile(
    r"\b(?:" + "|".join(re.escape(day).replace("'", "['\u2019]") for day in _NAMED_DAYS) + r")\b", re.I
)
_SQUARED = re.compile(r"(?<=\d)(\s?(?:km|cm|mm|m|mi|ft|yd))([23])\b")
"""A unit squared or cubed as plain text writes it ("25 m2", "3 km2"): "25 m²" to pint."""
_FEET_AND_INCHES = re.compile(r"(?<![\d.])(\d{1,2})\s?['\u2032\u2019]\s?(\d{1,2}(?:\.\d+)?)\s?(?:\"|\u2033|''|\u201d)")
"""A height in feet and inches written with marks ("6'2\"", "5\u2032 11\u2033"): "6 ft 2 in"."""
_TEMPERATURE = re.compile(
    r"(?<=\d)(?:\s?(?:°|º|degrees?\s+)\s?(?:(?P<c>C\b|Celsius|centigrade)|(?P<f>F\b|Fahrenheit))"
    r"|(?P<c_>C)\b|(?P<f_>F)\b)"
)
"""A temperature's scale in any spelling: "30C", "30 °C", "30 degrees Celsius", "86F"."""
_SHORT_SCALES = {
    "k": "thousand",
    "m": "million",
    "mn": "million",
    "mln": "million",
    "b": "billion",
    "bn": "billion",
    "bln": "billion",
    "tn": "trillion",
}


_ORDINAL_NAME = re.compile(
    r"\b(?P<ordinal>"
    + "|".join(w.capitalize() for w in _ORDINAL_WORDS[1:11])
    + r")\s+(?P<name>[A-Z][a-z]+\s+[A-Z][a-z]+)\b"
)
_ROMAN_NUMERALS = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def _ordinal_names(text: str) -> str:
    """A name numbered by an ordinal in front written as one numbered after it, so both read as
    one name: "the Second World War" → "the World War II"."""
    return _ORDINAL_NAME.sub(
        lambda m: f"{m.group('name')} {_ROMAN_NUMERALS[_WORD_VALUES[m.group('ordinal').lower()]]}", text
    )


_RANGE = re.compile(
    rf"(?<![\w.,])(?P<sign>{_SIGN}\s?)?(?P<low>\d+(?:\.\d+)?)\s?(?:[-\u2013]|\s+to\s+)\s?(?:{_SIGN}\s?)?"
    r"(?P<high>\d+(?:\.\d+)?)"
    r"(?P<suffix>\s?(?:%|°[CF]|percent\b|per cent\b|(?:bn|mn|m|k|tn)\b|(?:thousand|million|billion|trillion)\b))",
    re.I,
)
"""A range whose sign, scale or temperature scale is written once: "$8-8.5bn", "5-7%", "10 to 15
million", "11-17C"."""
_BASIS_POINTS = re.compile(r"(?<![\w.,])(?P<value>\d+(?:\.\d+)?)\s?(?:basis[\s-]points?|bps|bp)\b", re.I)
_HALF_SCALE = re.compile(r"\bhalf an?\s+(?P<scale>thousand|million|billion|trillion)\b", re.I)
_TIMES = re.compile(
    r"\b(?P<word>twice|thrice)\s+(?=(?:daily|weekly|monthly|yearly|annually|a|an|per|each|every)\b)", re.I
)
_MILLIONS_OF = (
    "people|users|customers|subscribers|visitors|viewers|residents|inhabitants|voters|passengers|households"
    "|homes|jobs|members|fans|tourists|downloads|copies|shares|barrels|views|followers|patients|workers|employees"
)
_COUNTED_IN_MILLIONS = "|".join(f"{word[:-1]}s?" if word.endswith("s") else word for word in _MILLIONS_OF.split("|"))
"""What is counted, in the singular too, before its count: "passenger numbers reached 61.6m"."""
_MILLION = re.compile(
    rf"(?<![\w.,])(?P<value>\d+(?:\.\d+)?)m\b(?=\s+(?:{_MILLIONS_OF})\b)"
    rf"|(?P<lead>\b(?:population|{_COUNTED_IN_MILLIONS}|revenue|sales|turnover|profit|loss|budget|debt|funding|income)\b"
    r"[^.\d]{0,30}?)(?P<counted>\d+(?:\.\d+)?)m\b",
    re.I,
)
"""A bare "m" that is million, not metres: before or after what is counted in millions
("8.3m people", "a population of 8.3m")."""
_MILLION_PAIR = re.compile(r"(\bmillion\s+(?:to|and|or|from)\s+)(\d+(?:\.\d+)?)m\b")
"""A bare "m" right after a value in millions: the other end of "from 44.9m to 48.2m"."""


_QUARTER = re.compile(
    r"(?<![\w-])(?:Q(?P<q>[1-4])|(?P<n>[1-4])Q)(?:'?(?P<yy>\d{2})|\s(?P<yyyy>(?:19|20)\d{2}))?(?![\w-])"
)
_FISCAL_YEAR = re.compile(r"(?<![\w-])FY\s?'?(?P<year>(?:19|20)?\d{2})(?![\w-])")
_CENTS = re.compile(rf"(?<![{_SIGNS}\w.,])(?P<cents>\d{{1,2}})\s?(?:cents?\b|¢)")
_QUARTER_ORDINALS = ("first", "second", "third", "fourth")


def _quarter(match: re.Match[str]) -> str:
    """ "Q3", "3Q23", "Q3 2023" as the words they stand for ("third quarter of 2023"); not after a
    name ("Audi Q3" is a car)."""
    before = match.string[max(0, match.start() - 40) : match.start()].split()[-1:]
    if before and before[0][:1].isupper() and before[0].lower() not in STOPWORDS:
        return match.group()
    year = match.group("yyyy") or (f"20{match.group('yy')}" if match.group("yy") else "")
    quarter = _QUARTER_ORDINALS[int(match.group("q") or match.group("n")) - 1]
    return f"{quarter} quarter" + (f" of {year}" if year else "")


def _written_out(text: str) -> str:
    """The ways a value is abbreviated, written out so that each value reads one way: a power of
    ten ("10⁶", "10^6" → "1000000"), a currency code ("EUR500" → "€500"), a range's shared sign
    and scale ("$8-8.5bn" → "$8bn to $8.5bn"), basis points as percentage points ("150 bp" →
    "1.5 percentage points"), "half a million", "twice daily" ("two times daily"), a speed in
    words ("miles per hour" → "mph"), a short scale ("$40k" → "$40 thousand", "£3m" → "£3
    million", "2bn" → "2 billion"; "m" only after a currency sign or beside what is counted in
    millions, where it cannot be metres; "mln", "bln" as news agencies write them), how reports
    write periods and small sums ("Q3" → "third quarter", "FY23" → "fiscal 2023", "45 cents" →
    "$0.45"), a temperature's scale ("30C", "30 degrees Celsius" → "30°C"), a unit squared as
    "m2" ("m²"), a height in marks ("6'2\"" → "6 ft 2 in") and a day known by name ("Christmas
    Day" → "25 December", :data:`_NAMED_DAYS`)."""
    text = _QUARTER.sub(_quarter, text)
    text = _NAMED_DAY.sub(lambda m: _NAMED_DAYS[m.group().lower().replace("\u2019", "'")], text)
    text = _FISCAL_YEAR.sub(
        lambda m: "fiscal " + (m.group("year") if len(m.group("year")) == 4 else "20" + m.group("year")), text
    )
    text = _CENTS.sub(lambda m: f"${int(m.group('cents')) / 100:.2f}", text)
    text = _TEMPERATURE.sub(lambda m: "°C" if m.group("c") or m.group("c_") else "°F", text)
    text = _SQUARED.sub(lambda m: m.group(1) + ("²" if m.group(2) == "2" else "³"), text)
    text = _FEET_AND_INCHES.sub(r"\1 ft \2 in", text)
    text = _POWER_OF_TEN.sub(lambda m: "1" + "0" * int((m.group(1) or m.group(2)).translate(_SUPERSCRIPTS)), text)
    text = _CURRENCY_CODE.sub(lambda m: _CODE_SIGNS[m.group(1)], text)
    text = _RANGE.sub(_range_in_full, text)
    text = _BASIS_POINTS.sub(lambda m: f"{float(m.group('value')) / 100:g} percentage points", text)
    text = _HALF_SCALE.sub(lambda m: f"0.5 {m.group('scale')}", text)
    text = _TIMES.sub(lambda m: "two times " if m.group("word").lower() == "twice" else "three times ", text)
    text = _SPEEDS.sub(lambda m: "mph" if m.group("miles") else "kmh", text)
    text = _MILLION.sub(lambda m: f"{m.group('lead') or ''}{m.group('value') or m.group('counted')} million", text)
    text = _MILLION_PAIR.sub(r"\1\2 million", text)
    return _SHORT_SCALE.sub(_scale_in_words, text)


def _range_in_full(match: re.Match[str]) -> str:
    if float(match.group("low")) >= float(match.group("high")):
        return match.group()  # "from 1.2 million in 2000 to 1.5 million": a year, then a value
    sign, suffix = match.group("sign") or "", match.group("suffix")
    return f"{sign}{match.group('low')}{suffix} to {sign}{match.group('high')}{suffix}"


def _scale_in_words(match: re.Match[str]) -> str:
    scale = match.group("scale") or match.group("bare_scale")
    return f"{match.group('number') or match.group('bare')} {_SHORT_SCALES[scale.strip().lower()]}"


def _dozens(match: re.Match[str]) -> str:
    """ "a dozen" as "12", "half a dozen" as "6", "two dozen" as "24", "a score of people" as "20
    people"."""
    size = 12 if match.group("dozen") else 20
    if match.group("half"):
        return str(size // 2)
    count = match.group("count").lower()
    if count.isdigit() and len(count) > 6:
        return match.group()  # a count no text means (and past Python's 4,300-digit int limit)
    return str(size * _count(count))


def _qualifier(text: str, start: int, end: int) -> str | None:
    """What the words around a number say it bounds ("more than", "about", "or more")."""
    if match := _QUALIFIER.search(text[max(0, start - 24) : start]):
        return _QUALIFIERS[match.group("words").lower()]
    return ">=" if _OR_MORE.match(text[end : end + 24]) else None


_CLAUSE_ENDS = re.compile(r"\s*[,;:)]")
"""What ends a date's clause right after it, so the word past it is not one the date names."""


_POSSESSIVE = re.compile(r"['\u2019]s\b")
"""A possessive "'s" after a year: the year names what follows ("2008's crash"), no time bound."""


def _time_bound(text: str, start: int, end: int, after: str | None) -> str | None:
    """ "<" or ">" where a year or a date at ``text[start:end]`` follows "before" or "after"
    (:data:`_TIME_BOUNDS`), unless the word ``after`` it is one it names ("before 2020 elections"),
    not one past a comma ("before 10 September 1609, according to…"), nor one it owns ("after
    2008's crash")."""
    if _POSSESSIVE.match(text, end) or (
        after is not None and after not in STOPWORDS and not _CLAUSE_ENDS.match(text, end)
    ):
        return None
    match = _TIME_BOUND.search(text[max(0, start - 32) : start])
    if match is None or (match.group("lead") or "").lower() in _NOT_A_BOUND_AFTER:
        return None
    return _TIME_BOUNDS[match.group("words").lower()]


def _bounds(value: float, qualifier: str | None) -> tuple[float, float]:
    spread = abs(value) * APPROXIMATE
    return {
        ">": (math.nextafter(value, math.inf), math.inf),
        ">=": (value, math.inf),
        "<": (-math.inf, math.nextafter(value, -math.inf)),
        "<=": (-math.inf, value),
        "nearly": (value - spread, value),
        "about": (value - spread, value + spread),
    }.get(qualifier or "", (value, value))


_AGE_AFTER = re.compile(r"-?\s?years?[-\s]old\b", re.I)
_AGE_BEFORE = re.compile(r"\b(?:aged|age(?:\s+of)?)\s$", re.I)


def _name_before(lead: tuple[str, ...]) -> tuple[str, ...]:
    """The words an age is set off after ("pedro" of "and Pedro, 34,"): the last words of its lead
    that are not stopwords, none where it follows "aged" or "age of"."""
    name = itertools.takewhile(lambda word: word not in STOPWORDS and word not in ("aged", "age"), reversed(lead))
    return tuple(reversed(list(name)))


_APPOSITION_BEFORE = re.compile(
    r"(?:[A-Z][\w'\u2019.-]*|\b(?:[Tt]he|[Aa]n?|[Hh]is|[Hh]er|[Tt]heir)(?:\s+[a-z][\w'\u2019-]*){1,3}),\s$"
)
"""What a number set off by commas follows where it is an age: a name ("Jane Laut, 57,") or a
person described ("The striker, 34,", "a woman, 61,", "his brother, 22,"), as news writes an age."""
_APPOSITION_AFTER = re.compile(r"\s?(?:[,);]|\.(?:\s|$))")


def _is_age(text: str, match: re.Match[str]) -> bool:
    """ "57-year-old", "57 years old", "aged 57", and "Jane Laut, 57," (a number set off by commas
    after a name): ages, one kind however they are written."""
    value = match.group("value")
    if not value.isdigit() or len(value) > 3 or int(value) > 130 or match.group("ordinal") or match.group("percent"):
        return False
    before, after = text[max(0, match.start() - 40) : match.start()], text[match.end() :]
    return bool(
        _AGE_AFTER.match(after)
        or _AGE_BEFORE.search(before)
        or (_APPOSITION_BEFORE.search(before) and _APPOSITION_AFTER.match(after))
    )


def _unit(match: re.Match[str], after: str | None) -> tuple[str | None, float]:
    """The kind of the number ``match`` reads, and how many of its base unit one of it is (see
    :func:`_unit_word`)."""
    if _is_age(match.string, match):
        return "age", 1.0
    if match.group("currency"):
        return _CURRENCY[match.group("currency")], 1.0
    if match.group("percent"):
        return "%", 1.0
    if degree := match.group("degree"):
        return {"c": "degC", "f": "degF"}.get(degree[-1].lower(), "deg"), 1.0
    if match.group("decade"):
        return "decade", 1.0
    if match.group("seconds") and not match.group("meridiem"):
        return "s", 1.0  # "2:02:42": a race's time, read in seconds
    if match.group("meridiem") or match.group("minutes"):
        return "time", 1.0
    if match.group("ordinal"):
        return "ordinal", 1.0
    words = _words_after(match.string, match.end())
    year_like = match.group("value").isdigit() and 1000 <= float(match.group("value")) <= 2100
    year_like = year_like and not match.group("scale")
    next_word = words[0] if words else ""  # in its clause: "In 2012, euros were scarce" is a year
    if next_word.lower() in _CURRENCY_WORDS and not (year_like and next_word[:1].isupper()):  # "the 2012 Euro final"
        return _CURRENCY_WORDS[next_word.lower()], 1.0
    joined = match.string[match.end() : match.end() + 1].isalpha()
    if joined and next_word in _JOINED_DURATIONS and ("." in match.group("value") or next_word != "s"):
        return next_word, 1.0  # "21.34s", "4h"; never "747s", a plural
    if (found := measure(words, joined)) is not None:  # "1500 metres" is no year; "10in" is inches
        return found.dimension, found.factor
    if year_like and (after is None or after not in _COUNTED_AFTER_YEAR_LIKE):
        return "year", 1.0
    return _unit_word(words)


_JOINED_DURATIONS = frozenset({"s", "h"})
"""Symbols of a duration that are units only joined to their number ("9.58s", "4h"), and seconds
only after a decimal: "747s" are aircraft."""


_UNIT_ADJECTIVES = frozenset(
    {"business", "working", "calendar", "school", "consecutive", "full", "straight", "extra", "additional", "more"}
)
"""Words between a number and its unit that leave the unit as it is ("two business days" are days)."""


_IN_A_SEQUENCE = frozenset(
    [
        "day",
        "week",
        "round",
        "stage",
        "game",
        "leg",
        "lap",
        "set",
        "phase",
        "episode",
        "season",
        "match",
        "race",
        "heat",
        "inning",
        "innings",
        "term",
        "hole",
        "chapter",
        "part",
        "volume",
    ]
)
"""Nouns of a sequence: a count after one says which ("day three" is "the third day", "round 2"
the second round), so it reads as an ordinal, capitalized too ("Phase 3" is no name: the third phase)."""


_CONVERTED = 0.05
"""How far a value converted from another unit may lie from the value it was converted from: a
conversion rounded to two significant digits is within 5% ("6 miles" is 9.7 km, written "10 km")."""
_DURATIONS = {
    "s": ("time", 1.0),
    "min": ("time", 60.0),
    "h": ("time", 3600.0),
    "day": ("time", 86400.0),
    "month": ("months", 1.0),
    "years": ("months", 12.0),
}
"""Durations that convert exactly into one another (:meth:`Number.same_duration`), in two
families: a month is no fixed number of days."""
_NOT_CONVERTED = frozenset({*_DURATIONS, "week"})
"""Durations: "2 years" is not "24 months" rounded, and the number rule keeps their units apart."""
_NOT_ROUNDED = frozenset({"year", "time", "date", "ordinal", "decade", "age"})
"""Kinds whose values are labels, not measurements: "2019" is not a rounding of "2019.4"."""


_CLAUSE_MARK = re.compile(r"[.,;:!?()\[\]]")
_NEXT_NUMBER = re.compile(r"(?<=[^\W\d_])\s*\d")
"""A number after a word: the words that may name the number before's unit end there ("6 feet 2
inches" is 6 feet, not 6 "feet inches", an area), though a number's unit may follow another
number that shares it ("3-4 hours", "24/48 hours")."""


def _words_after(text: str, end: int) -> list[str]:
    """The words after a number up to the end of its clause or the next number, as written (a unit
    never runs past either)."""
    clause = _CLAUSE_MARK.split(text[end : end + 40], maxsplit=1)[0]
    return _TOKEN.findall(_NEXT_NUMBER.split(clause, maxsplit=1)[0])


def _unit_word(words: list[str]) -> tuple[str | None, float]:
    """The unit ``words`` (those after a number) begin with, and how many of its base unit one of
    it is: a unit of time, angle or temperature of :data:`_UNIT_WORDS`, else any unit of measure
    pint reads there (:func:`validator.units.measure`: "350 hectares", "3.5 square kilometres"),
    named by what it measures, so that a value written in any unit of one kind is the same value.
    Past an adjective of :data:`_UNIT_ADJECTIVES` ("two business days") the unit is the next word's."""
    if words and words[0].lower() in _UNIT_ADJECTIVES:
        words = words[1:]
    if not words:
        return None, 1.0
    if (unit := _UNIT_WORDS.get(words[0].lower())) is not None:
        return _BASE_UNITS.get(unit, (unit, 1.0))
    found = measure(words)
    return (found.dimension, found.factor) if found else (None, 1.0)


def _is_unit(word: str) -> bool:
    return _unit_word([word])[0] is not None


def _roman(numeral: str) -> int:
    values = [_ROMAN[c] for c in numeral]
    return sum(-v if v < w else v for v, w in zip(values, [*values[1:], 0], strict=True))


def _dates(text: str) -> list[Number]:
    found: list[Number] = []
    covered = bytearray(len(text))
    for pattern in _DATES:
        for match in pattern.finditer(text):
            if 1 in covered[match.start() : match.end()]:
                continue
            groups = match.groupdict()
            either_way = False
            if groups.get("first"):  # "3/4/2021": month first unless the first cannot be a month
                first, second = int(groups["first"]), int(groups["second"])
                month, day = (second, first) if first > 12 else (first, second)
                either_way = first != second and max(first, second) <= 12
            else:
                month = int(groups["numeric_month"]) if groups.get("numeric_month") else _MONTHS[groups["month"]]
                day = int(groups["day"]) if groups.get("day") else None
            year = int(groups["year"]) if groups.get("year") else None
            last = int(groups["last"]) if groups.get("last") else day
            if not 1 <= month <= 12 or (day is not None and not 1 <= day <= 31) or (last or 0) > 31:
                continue
            before, after = _neighbours(text, match.start(), match.end())
            date = Date(year, month, day, last, either_way)
            bound = _time_bound(text, *match.span(), after)
            found.append(
                Number(
                    float(year or 0), "date", before, after, match.group(), *match.span(), qualifier=bound, date=date
                )
            )
            _cover(covered, match.start(), match.end())
    return found


def _names(text: str, original: str, taken: Sequence[Number]) -> list[Number]:
    """The numbers that are part of a name, each as ``name:<stem>``: matched only with the same
    name. Only names written so in ``original`` (before number words became digits): "Add three
    eggs" is not the name "Add 3"."""
    found: list[Number] = []
    covered = _covered(taken, len(text))
    for pattern in (_NAME_WITH_DIGITS, _NAME_THEN_NUMBER):
        written = {match.group() for match in pattern.finditer(original)}
        for match in pattern.finditer(text):
            if match.group() not in written:
                continue
            stem = match.group("stem").rstrip(".").lower()
            if (
                (stem in STOPWORDS and (pattern is _NAME_THEN_NUMBER or match.group("stem").islower()))
                or stem in _QUALIFIERS
                or stem in _LEADS_A_NUMBER
                or match.group("stem") in _MONTHS
                or (pattern is _NAME_THEN_NUMBER and (_is_unit(stem) or stem in _CURRENCY_WORDS))
                or (pattern is _NAME_THEN_NUMBER and _unit_word(_words_after(text, match.end()))[0] is not None)
                or (stem in _IN_A_SEQUENCE and match.group("digits").isdigit())  # "Phase 3": the third phase
                or (pattern is _NAME_WITH_DIGITS and _is_unit(match.group("tail")))
                or 1 in covered[match.start() : match.end()]
            ):
                continue
            digits = match.group("digits")
            value = float(digits) if digits.isdigit() else float(_roman(digits))
            before, after = _neighbours(text, match.start(), match.end())
            found.append(Number(value, f"name:{stem}", before, after, match.group(), match.start(), match.end()))
            _cover(covered, match.start(), match.end())
    return found


def _cover(covered: bytearray, start: int, end: int) -> None:
    covered[start:end] = b"\x01" * (end - start)


def _covered(numbers: Sequence[Number], size: int) -> bytearray:
    """Which characters of a text of ``size`` the ``numbers`` cover, one byte each: a match
    overlaps them where ``1 in covered[start:end]``, in time linear in the match, not in how many
    numbers the text holds (a passage of "A1. A1. …" holds thousands)."""
    covered = bytearray(size)
    for n in numbers:
        _cover(covered, n.start, n.end)
    return covered


def _vague(text: str) -> list[Number]:
    found = []
    for match in _VAGUE_TOKEN.finditer(text):
        words = _VAGUE_KEYS.get(match.group("words"))
        if words is None:
            continue
        low, high = _VAGUE[words]
        before = _neighbours(text, match.start(), match.end())[0]
        following = _words_after(text, match.end())
        of = [word.lower() for word in following[:1]] == ["of"]  # "hundreds of thousands" needs none
        following = following[1:] if of else following
        unit, factor = _unit_word(following)  # "hundreds of miles", "a couple of weeks"
        low, high = low * factor, high * factor
        if following and following[0].lower() in _CURRENCY_WORDS:  # "millions of pounds"
            unit = _CURRENCY_WORDS[following[0].lower()]
        written = f"{words} of" if of else words
        counted = following[0].lower() if following else None
        found.append(Number(low, unit, before, counted, written, *match.span(), "vague", low, high))
    return found


_LIST_MARKER = re.compile(
    r"^\s*(?:#{1,6}\s*)?(?:"
    r"(?:\(?(?:\d{1,3}|[a-z]|[ivx]{1,5})[.)](?=\s|$))"
    r"|(?:(?:step|item|point|part|no\.|number)\s+\d{1,3}\s*[:.)-](?=\s))"
    r"|(?:\[\d{1,3}\])"
    r")",
    re.I,
)
"""What opens a list item, a numbered heading or a footnote ("1.", "2)", "(a)", "Step 3:", "## 1."):
its number is the list's, not the claim's."""
_FOOTNOTE = re.compile(
    r"\[\d{1,3}\]|(?<!\b10)(?P<unit>\b[^\W\d_]{1,3})?[\u00b9\u00b2\u00b3\u2070-\u2079]+"
    r"|(?<=[^\W\d_]{5}\.)\d{1,3}(?:,\d{1,3})*(?=\s*$)"
)
"""A footnote mark: "[2]", or superscript digits, but not a power of ten ("10⁶", read by :func:`_digits`)
nor a unit's ("km²", :func:`_blank_footnote`); or digits that end the sentence after a word's full
stop, as text copied from a page with its marks writes them ("…by about 30 percent.13,14")."""


def _blank_footnote(match: re.Match[str]) -> str:
    """A footnote mark blanked out, the word before it kept; a unit's power ("km²") kept whole."""
    if match.group("unit") and measure([match.group()]) is not None:
        return match.group()
    unit = match.group("unit") or ""
    return unit + " " * (len(match.group()) - len(unit))


def claim_text(sentence: str) -> str:
    """``sentence`` without what only orders or cites it: a leading list marker, numbered heading or
    step ("1. ", "(a) ", "Step 3: "), and footnote marks ("[2]", "³"), blanked out so offsets stay."""
    blank = _LIST_MARKER.sub(lambda m: " " * len(m.group()), sentence, count=1)
    return _FOOTNOTE.sub(_blank_footnote, blank)


def _as_written(text: str) -> str:
    """Text as :func:`_read` gives it, with its markers back in words ("$2.3 numscalebillion" →
    "$2.3 billion", "33.33numratio" → "33.33%")."""
    return text.replace(_SCALE_PLACEHOLDER, "").replace(_RATIO_PLACEHOLDER, "%")


@lru_cache(maxsize=4096)
def _read(text: str) -> tuple[str, tuple[Number, ...]]:
    """``text`` with number words as digits, and the numbers in it (positions into that text)."""
    original = _ordinal_names(text)
    text = _digits(original)
    numbers = _dates(text)
    numbers += _names(text, original, numbers)
    numbers += _vague(text)
    taken = _covered(numbers, len(text))
    for match in _NUMBER.finditer(text):
        if 1 in taken[match.start() : match.end()]:
            continue
        value = float(match.group("value").replace(",", ""))
        before, after = _neighbours(text, match.start(), match.end())
        unit, factor = _unit(match, after)
        if unit is None and before in _IN_A_SEQUENCE and match.group("value").isdigit():
            unit = "ordinal"
        if unit == "time":
            hours = value % 12 if match.group("meridiem") else value
            if (match.group("meridiem") or "").lower().startswith("p"):
                hours += 12
            value = hours * 60 + int(match.group("minutes") or 0)
        digits = match.group("value")
        if unit == "s" and (seconds := match.group("seconds")):
            value = value * 3600 + int(match.group("minutes")) * 60 + float(seconds)
            digits = seconds  # the last digit written is a second's, or a part of one
        step = 10.0 ** -(len(digits) - digits.index(".") - 1) if "." in digits else 1.0
        if match.group("scale"):
            value *= _SCALES[match.group("scale").lower()]
            step *= _SCALES[match.group("scale").lower()]
        if match.group("sign"):
            value = -value
        value *= factor
        shown = _as_written(match.group().strip())
        qualifier = _qualifier(text, match.start(), match.end())
        if unit == "year" and qualifier is None:
            qualifier = _time_bound(text, match.start(), match.end(), after)
        numbers.append(
            Number(
                value,
                unit,
                before,
                after,
                shown,
                match.start(),
                match.end(),
                qualifier,
                *_bounds(value, qualifier),
                step=0.0 if unit in _NOT_ROUNDED else step * factor,
                scale=factor,
                ratio=(match.group("percent") or "").lower() == _RATIO_PLACEHOLDER,
            )
        )
    masked = _NOT_A_NUMBER.sub(lambda m: " " * len(m.group()), text)
    for match in _WORD_NUMBER.finditer(masked):
        if 1 in taken[match.start() : match.end()]:
            continue
        before, after = _neighbours(text, match.start(), match.end())
        word = match.group().lower()
        value = float(_WORD_VALUES[word])
        if after in _SCALES:
            value *= _SCALES[after]
        ordinal = word in _ORDINAL_WORDS or before in _IN_A_SEQUENCE
        unit, factor = ("ordinal", 1.0) if ordinal else _unit_word(_words_after(text, match.end()))
        value *= factor
        qualifier = _qualifier(text, match.start(), match.end())
        numbers.append(
            Number(
                value,
                unit,
                before,
                after,
                match.group(),
                *match.span(),
                qualifier,
                *_bounds(value, qualifier),
                scale=factor,
            )
        )
    ordered = _approximations_shared(text, _in_two_units(text, sorted(numbers, key=lambda n: n.start)))
    ends = [0, *(n.end for n in ordered)][: len(ordered)]
    return text, tuple(
        replace(n, lead=_lead(text, max(n.start - 60, end), n.start)) for n, end in zip(ordered, ends, strict=True)
    )


_FOOT, _INCH, _POUND, _OUNCE = 0.3048, 0.0254, 0.45359237, 0.028349523125
_PARTS_OF = {_FOOT: _INCH, _POUND: _OUNCE}
"""A unit, by its size, and the smaller one a measure in it goes on in ("6 ft 2 in", "7 lb 4 oz")."""
_SMALLER_TIME = {"years": ("month", 12), "h": ("min", 60), "min": ("s", 60)}
"""A unit of time, the one a duration in it goes on in, and how many of that make one ("eight
years and six months", "2 hours, 1 minute and 9 seconds")."""
_BETWEEN_PARTS = re.compile(r"\s*[^\W\d_]+\.?\s*(?:,\s*|and\s+)?")


def _in_two_units(text: str, ordered: list[Number]) -> list[Number]:
    """``ordered`` with a measure written in two units or more read as one value ("6 feet 2
    inches", "6 ft 2 in", "7 lb 4 oz", "2 hours, 1 minute and 9 seconds"), which it is: read apart,
    "2 in" is a stranger to a source's "1.88 m", and "1 minute" to its "2:01:09". A measure is
    exact to its smaller unit, so it is kept in the base unit (``scale`` 1): a value in metres
    matches it to the digits either is written with, not as a loose conversion, and "6 ft 4 in" is
    not "1.88 m". A duration is kept in its last unit ("2:01:09" is read in seconds too)."""
    read: list[Number] = []
    for number in ordered:
        joined = _joined(text, read[-1], number) if read else None
        if joined is None:
            read.append(number)
            continue
        unit_word = _UNIT_WORD.match(text, number.end)
        low, high = _bounds(joined.value, joined.qualifier)
        text_end = unit_word.end() if unit_word else number.end
        read[-1] = replace(joined, text=text[joined.start : text_end], low=low, high=high)
    return read


def _joined(text: str, whole: Number, number: Number) -> Number | None:
    """``whole`` and ``number`` as one value, where ``number`` goes on ``whole`` in the next smaller
    unit and is less than one of ``whole``'s: a measure in feet or pounds ("6 ft 2 in", "6 feet
    and 2 inches"; "in" counts as inches only here, right after a measure in feet), or a duration
    in years, hours or minutes ("eight years and six months", "2 hours, 1 minute", "1 hr 45
    min")."""
    if number.qualifier is not None or not _BETWEEN_PARTS.fullmatch(text, whole.end, number.start):
        return None
    smaller, count = _SMALLER_TIME.get(whole.unit or "", (None, 0))
    if smaller is not None and number.unit == smaller and 0 <= number.value < count:
        value = whole.value * count + number.value
        return replace(whole, value=value, unit=number.unit, after=number.after, end=number.end, step=number.step)
    size = next((k for k in _PARTS_OF if math.isclose(whole.scale, k)), None)
    if size is None:
        return None
    small = _PARTS_OF[size]
    if number.unit is None and size == _FOOT and number.after == "in":
        number = replace(number, unit=whole.unit, value=number.value * small, step=number.step * small, scale=small)
    if number.unit != whole.unit or not math.isclose(number.scale, small) or not 0 <= number.value < size:
        return None
    value = whole.value + number.value
    return replace(whole, value=value, after=number.after, end=number.end, step=number.step, scale=1.0)


_LIST_JOIN = re.compile(r"(?:\s+[^\W\d_]+){0,3}\s*(?:,|,?\s+(?:and|or))\s*", re.I)
"""What joins a value to the one before in a list: a few words of its own, then a comma, "and"
or "or" ("30,000 undergraduates and 15,000", "£5 million, £6 million")."""


def _approximations_shared(text: str, ordered: list[Number]) -> list[Number]:
    """``ordered`` with "about" carried along a list of values of one kind: "about 30,000
    undergraduate and 15,000 graduate students" gives both as approximate, as it reads. Only an
    approximation is carried: it widens what vouches for a value by a tenth either way, where a
    bound ("more than 200 men and 300 women") may be meant for its first value alone."""
    shared = ordered[:1]
    for number in ordered[1:]:
        previous = shared[-1]
        if (
            number.qualifier is None
            and previous.qualifier == "about"
            and previous.unit == number.unit
            and _LIST_JOIN.fullmatch(text, previous.end, number.start)
        ):
            low, high = _bounds(number.value, "about")
            number = replace(number, qualifier="about", low=low, high=high)
        shared.append(number)
    return shared


_LEAD_STOP = re.compile(r"[.;:!?()\[\]\d]")


def _lead(text: str, since: int, start: int) -> tuple[str, ...]:
    """The last three words before ``start`` since a sentence stop, a bracket or another number
    (which ends at ``since`` where it comes before: "billion" of "$3.9 billion in 2021" is that
    number's, not a word before 2021)."""
    window = text[max(0, since) : start]
    stops = list(_LEAD_STOP.finditer(window))
    window = window[stops[-1].end() :] if stops else window
    return tuple(word.lower() for word in _TOKEN.findall(window)[-3:])


def find_numbers(text: str) -> list[Number]:
    """The numbers in ``text``: digits, number words and what goes with them (see the module doc)."""
    return list(_read(text)[1])


def read_numbers(text: str) -> tuple[str, list[Number]]:
    """``text`` as the numbers were read from it (number words as digits: the numbers' offsets
    index it), and the numbers."""
    read, numbers = _read(text)
    return read, list(numbers)


_STEMMER = PorterStemmer()


@lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """``word``'s Porter stem (cached: the same words recur in every passage)."""
    return _STEMMER.stem(word)


@dataclass(frozen=True)
class _Segment:
    """A clause-sized piece of text: the numbers in it and its other content words (stemmed)."""

    numbers: tuple[Number, ...]
    words: frozenset[str]
    named_subject: frozenset[str] = frozenset()
    """The words of the sentence's subject when it names something ("The Empire State Building"),
    on the sentence's first segment only."""
    sentence_words: frozenset[str] = frozenset()
    """The content words of the whole sentence the segment was cut from."""
    place: tuple[int, int] = (0, 0)
    """Where that sentence is in the evidence: which passage, and which of its sentences."""

    def beats(self, holder: _Segment, claim: _Segment, subject: frozenset[str]) -> bool:
        """Whether this segment (a rival's) is clearly more about what ``claim`` is about than
        ``holder``. In the same sentence: more of the claim's words in its clause ("Alice is 12 and
        Bob is 30."). In another sentence: it holds the claim's ``subject`` (the content words
        of its subject), the holder's sentence none of it, and every claim word the holder's
        sentence has is in its sentence too ("The Eiffel Tower was completed in 1889." over "The
        city library was completed in 1801." for "The Eiffel Tower was completed in 1801."). Word
        counts alone do not say it: a summary's sentence joins the words of several, and the
        sentence with more of them had the right value about half the time on real summaries
        (HaluEval, XSum)."""
        if self.sentence_words == holder.sentence_words:
            return len(claim.words & self.words) > len(claim.words & holder.words)
        theirs = claim.words & holder.sentence_words
        return (
            bool(subject)
            and subject <= self.sentence_words
            and not subject & holder.sentence_words
            and theirs < claim.words & self.sentence_words
        )


def _content_words(text: str) -> frozenset[str]:
    return frozenset(_words_in_order(text))


_FRAMES = frozenset({"year", "date", "time", "decade"})
"""Kinds of value that say when a clause holds: one sentence's values often share one ("In 2022,
revenue was $1.2 billion; net income was $0.8 billion."), so holding it beside a value pairs nothing."""
_NICKNAME = re.compile(r"[Tt]he [A-Z][a-z]+s")
"""A subject of "The" and one capitalized plural: in news, what a club, a party or a band is called
after its name ("The Hammers" for West Ham, "The Gunners", "The Democrats")."""


def _named_subject(sentence: str) -> frozenset[str]:
    """The content words of the sentence's subject if it names something (a capitalized word
    after its first), else nothing: "Construction was finished" names nothing, "The Empire State
    Building was completed" does. A name of several capitalized words also goes by its initials
    ("Royal Bank of Scotland" is "RBS" too), as an answer often calls it. A description with names
    in it ("The Arab kingdom has sent…": :func:`~validator.context.described`) names nothing of
    its own: news text calls what it has named so; nor does a nickname (:data:`_NICKNAME`): "The
    Hammers will make the switch for the 2016-17 season." is about West Ham, named the sentence
    before, though no word of the two names is shared."""
    subject = subject_of(sentence) or ""
    if not any(w[:1].isupper() for w in subject.split()[1:]) or described(sentence) or _NICKNAME.fullmatch(subject):
        return frozenset()
    initials = "".join(w[0] for w in _WORD.findall(subject) if w[0].isupper() and w.lower() not in STOPWORDS)
    return _content_words(subject) | (frozenset({stem(initials.lower())}) if len(initials) >= 2 else frozenset())


def _segments(
    sentence: str, gaps: bool = False, place: tuple[int, int] = (0, 0), sides: bool = False
) -> list[_Segment]:
    """``sentence`` cut between each two consecutive numbers where the first one's clause ends
    (:func:`_clause_end`), unless all that clause holds is its number, of another kind than the
    next ("In 2022, revenue was $4.5 billion": a phrase before the clause sets its time, and goes
    with it; "In 2007, … a 2004 film" stays two clauses), or the two are the ends of a span of
    times ("between 5am and 11pm", :func:`_a_span`). Without ``gaps`` (the sentence checked), a
    clause that compares the value before with another and nothing else stays with it ("…£612.4
    million, up from £583.2 million" states both of one thing); with ``sides``, it is cut there too,
    so that each side of the comparison has its own words and values (:func:`_check`).

    A clause that goes on with the same subject ("The Berlin Wall was built in 1961 and fell in
    1989.": "and fell in 1989" has no subject of its own) also holds that subject's words, and one
    that compares the value before with another ("…45.3% compared with 44.1% a year ago") or gives
    its change (", up 11% on a year ago") the subject's or, where none is found, the clause
    before's, so it is about the same thing as the clause before, as it reads; so is a relative
    clause (", which features a 6.3-inch display", ", taking it to £2,070.35"), with the clause
    before's words. A clause's words leave out its numbers as written and their units
    (:func:`_about_words`, :func:`_unit_words`). With ``gaps`` (the evidence's sentences), a clause
    that leaves out its verb reads with it (:func:`_gapped`)."""
    text, numbers = _read(sentence)
    about, units = _about_words(text, numbers), _unit_words(numbers)
    cuts = [0]
    for left, right in itertools.pairwise(numbers):
        if _a_span(left, right) and _BETWEEN.search(text, max(0, left.start - 12), left.start):
            continue  # "open between 5am and 11pm": one clause, as "from 5am to 11pm" is
        cut = _clause_end(text, left.end, right.start)
        cut = _own_bracket(text, left, right) if cut is None else cut
        if cut is not None and not gaps and not sides and _compares_directly(text, cut, right):
            continue  # a claim's "…£612.4m, up from £583.2m" states the two as one clause does
        if cut is None or (left.unit != right.unit and not _content_words(about[cuts[-1] : cut])):
            continue  # one clause; or "In (May) 2022, revenue was…", where the time frames the clause
        cuts.append(cut)
    cuts.append(len(text))
    fronted = _FRONTED.match(text)  # "In 2022, revenue was…": the subject follows the time
    subject = _content_words(subject_of(text) or (fronted and subject_of(text[fronted.end() :])) or "")
    whole = _content_words(about) - units
    segments: list[_Segment] = []
    for start, end in itertools.pairwise(cuts):
        words = _content_words(about[start:end]) - units
        if start and _continues(text[start:end]):
            words |= subject
        elif start and (_COMPARISON.match(text[start:end]) or _CHANGE.match(text[start:end])):  # the same thing
            words |= subject or segments[-1].words
        elif start and _RELATIVE.match(text[start:end]):  # ", which features…": what the clause before names
            words |= segments[-1].words
        numbers_in = tuple(n for n in numbers if start <= n.start < end)
        named = _named_subject(sentence) if start == 0 else frozenset()
        segments.append(_Segment(numbers_in, words, named, whole, place))
    for index in range(1, len(segments)) if gaps else ():
        start, end = cuts[index], cuts[index + 1]
        if gapped := _gapped(text, cuts[index - 1], start, end, segments[index - 1], segments[index]):
            segments[index] = gapped
    return segments


@lru_cache(maxsize=1024)
def _claim_segments(sentence: str, sides: bool = False) -> tuple[_Segment, ...]:
    """A claim's clauses (:func:`_segments`), cut once: :func:`check_numbers` reads a claim against
    its passages and, before a veto, against its whole sources, both ways (``sides``) each time."""
    return tuple(_segments(sentence, sides=sides))


def _about_words(text: str, numbers: Sequence[Number]) -> str:
    """``text`` (read) with each number blanked out, its scale, its "per cent" and the
    placeholders that stand for them ("numscalemillion", "numratio") with it: they say what
    kind of value it is, not what its clause is about."""
    blanked = list(text)
    for number in numbers:
        if not number.is_name:  # a name's words ("iPhone 16") say what the clause is about
            blanked[number.start : number.end] = " " * (number.end - number.start)
    return "".join(blanked)


def _unit_words(numbers: Sequence[Number]) -> frozenset[str]:
    """The words that are the unit of a number of the text ("metres" of "4,808 metres"; not
    "month" of "0.4% month on month"), stemmed: they say what kind of value it is, not what it is
    about, so they are no clause's content words. Otherwise "two metres" would share a word with
    "rises to 4,808 metres" that "measured at 4,808 m" does not, and win the value for its clause
    (:meth:`_Segment.beats`)."""
    return frozenset(
        stem(n.after.lower()) for n in numbers if n.after and n.unit is not None and _unit_word([n.after])[0] == n.unit
    )


def _compares_directly(text: str, cut: int, right: Number) -> bool:
    """Whether the clause at ``cut`` compares the value before with ``right`` and nothing else
    (", up from £583.2m", ", compared with 44.1%"; not ", against West Indies on 341")."""
    compares = _COMPARISON.match(text[cut:])
    return compares is not None and not _WORD.search(text, cut + compares.end(), right.start)


_FRONTED = re.compile(r"[^,;\d]{0,30}\d[^,;]{0,20},\s+")
"""A phrase with a number before a sentence's subject, set off by a comma ("In 2022, ", "By March
2024, "): the time the sentence is about, not its subject."""
_GAP = re.compile(r"^\s*,?\s*(?:and|but|while|whereas)\s*$", re.I)
"""What may stand before the number of a clause whose verb and counted noun are left out ("and 300
on Tuesday" after "500 people attended on Monday")."""


def _gapped(text: str, before: int, start: int, end: int, previous: _Segment, segment: _Segment) -> _Segment | None:
    """``segment`` as it reads with what it leaves out, where it opens with a bare number after the
    clause before ("Over 500 people attended on Monday and 300 on Tuesday"; "The band released 6
    singles and 2 albums"): it holds that clause's words except as many of the last ones as it
    has its own ("people attended", not "Monday"), each of its numbers follows the words the
    clause before's number of its kind follows, and a number that counts nothing counts what that clause counted.
    So "500 came on Tuesday" is the second clause's rival, and "2 albums" its number."""
    if not segment.numbers or not _GAP.match(text[start : segment.numbers[0].start]):
        return None
    numbers = []
    for number in segment.numbers:
        if parallel := [n for n in previous.numbers if n.unit == number.unit]:
            number = replace(number, lead=parallel[-1].lead)
        counted = [n for n in parallel if n.counts_something]
        if counted and not number.counts_something and not numbers:
            number = replace(number, after=counted[-1].after)
        numbers.append(number)
    own = _words_in_order(text[segment.numbers[0].end : end])
    theirs = _words_in_order(text[before:start])
    kept = frozenset(theirs[: len(theirs) - len(own)])
    return replace(segment, numbers=tuple(numbers), words=segment.words | kept)


def _words_in_order(text: str) -> list[str]:
    return [stem(w.lower()) for w in _WORD.findall(text) if w.lower() not in STOPWORDS and len(w) > 1]


_CONTINUATION = re.compile(r"^\s(?:and|but)\s+(?P<rest>[a-z].*)$", re.S)
"""A clause joined by "and" or "but" that goes on in lower case: a verb, not a new subject's name."""
_COMPARISON = re.compile(rf"^,?\s+(?:an?\s+[a-z]+(?:\s+[a-z]+)?,\s+)?(?:(?:up|down)\s+(?:from|on|by)|{_COMPARING})\b")
"""A clause that compares the value before with another (", up from $3.9 billion in 2021",
"compared with 44.1% a year ago", "versus $1.10"), after an aside on it or not (", a record, up
from £583.2m")."""


_RELATIVE = re.compile(
    r"^,?\s+(?:which|who|whose|[a-z]+ing\s+(?:it|them|the\s+[a-z]+|its\s+[a-z]+|their\s+[a-z]+)\s+(?:up\s+|down\s+)?to)\b",
    re.I,
)
"""A relative clause (", which features a 6.3-inch display") or one that takes what the clause
before names to a value (", taking it to £2,070.35", ", bringing the total to 41"): about what the
clause before names, whose words it is read with (:func:`_segments`)."""
_CHANGE = re.compile(r"^,?\s+(?:up|down|rising|falling)\s+(?=[\d$€£¥₹])", re.I)
"""A clause that gives the value before's change (", up 11% on a year ago", ", down $3 million"):
about the same thing as the clause before, whose words it is read with (:func:`_segments`)."""


def _continues(clause: str) -> bool:
    """Whether ``clause`` (a segment after the first) goes on with the sentence's subject: it opens
    with "and" or "but" and then neither names a subject of its own nor starts a new one
    ("and Bob is 12", "and the tower is 330 metres tall" do)."""
    match = _CONTINUATION.match(clause)
    return match is not None and subject_of(match.group("rest")) is None


@lru_cache(maxsize=1024)
def _passage_segments(passage: str, index: int) -> tuple[_Segment, ...]:
    """The segments of the ``index``-th passage, once: the same retrieved chunk is evidence for
    many sentences."""
    readings = read_in_context([span.text for span in split_source_sentences(passage)])
    return tuple(
        segment
        for position, reading in enumerate(readings)
        for segment in _segments(reading, gaps=True, place=(index, position))
    )


def _evidence_segments(passages: Sequence[str]) -> list[_Segment]:
    return [segment for index, passage in enumerate(passages) for segment in _passage_segments(passage, index)]


@dataclass(frozen=True)
class NumberFinding:
    """Why a sentence's numbers are not vouched for: the verdict they force, and a note."""

    verdict: NumberVerdict
    note: str


COUNT_LIMIT = 12
"""A plain count up to this that the claim enumerates ("two painters: Monet and Renoir") and the
evidence does not state is left to the model: an answer counts what the evidence lists, and the
rule cannot count a list."""


_PRONOUN_ONE = re.compile(
    r"one\s+(?:from|of|in|on|by|with|for|that|which|who|is|was|and|or|[a-z]+ing)\b|one\b(?=[^.;!?]*\banother\b)", re.I
)
""""one" as a pronoun or set against "another", not a count: "one from 1920, another from 1944",
"deputies yelled, with one saying…", "in one interview he said…, in another…"."""
_ITEM_BREAK = re.compile(r",|;|\band\b|\bor\b")


def left_to_model(number: Number, claim: str) -> bool:
    """A number that only a rival in the same role can settle, never its absence: the number in
    a name ("COVID-19" where the source says "COVID"), a share in words ("half of the staff"
    where the source gives counts), and a small count that the claim itself enumerates ("two
    painters: Monet and Renoir", "three films: one…, another…, and…", "Leeds and York are two
    cities"), whose items the model can check one by one. A bare count the evidence does not
    state ("two men were arrested") stays the rule's: it is a number the answer made up. ``claim`` is the text the
    number was read from (:func:`read_numbers`)."""
    if number.is_name or number.ratio or _PRONOUN_ONE.match(claim, number.start):
        return True
    if number.unit is not None or number.qualifier is not None or not number.value.is_integer():
        return False
    if not 2 <= number.value <= COUNT_LIMIT:
        return False
    if _NAMED_BEFORE.search(claim, 0, number.start):  # "Leeds and York are two cities"
        return len(_ITEM_BREAK.findall(claim[: number.start])) >= number.value - 1
    rest = claim[number.end :]
    listed = _LISTED.match(rest)
    if listed is None:
        return False
    return listed.group().rstrip().endswith(":") or len(_ITEM_BREAK.findall(rest[listed.end() :])) >= number.value - 1


_NAMED_BEFORE = re.compile(r"\b(?:are|were|as|became)\s+(?:the\s+|all\s+|both\s+)?$", re.I)
"""What joins items named before their count: "Leeds and York are two cities", "… were the three
finalists", "… as two of the favourites"."""
_LISTED = re.compile(
    r"\s*(?:[\w-]+\s+){0,2}?[\w-]+(?:\s*(?::|,|\(|\u2014|-\s|namely\b|including\b|such as\b)|\s+(?=[A-Z]))"
)
"""The counted noun, then what opens a list of its items: "two painters, Monet and Renoir",
"three films: …" (after a colon, in this sentence or the next ones), "two firms (Acme and
Globex)", "the two painters Monet and Renoir". Not a verb and another ("Two suspects were
arrested and charged."): "and" there joins what they did, not who they were."""


def check_numbers(
    sentence: str, evidence: str | Sequence[str], sources: Sequence[str] | None = None, own: str | None = None
) -> NumberFinding | None:
    """``None`` when the evidence vouches for every number of ``sentence`` (read it in context
    first: "It was completed in 1931." says nothing about what "it" is); otherwise what the
    numbers make of it. ``evidence`` is the passage, or the passages, the verdict rests on.

    ``sources``, where given, are the whole texts the passages were retrieved from: before any
    veto, a number that the sentence of a source about the same thing gives is looked for there,
    so a value retrieval did not bring is not vetoed (the model still scores the sentence).

    ``own``, where given, is the sentence's own text when ``sentence`` is its reading: only the
    numbers it states are checked. A back reference ("He said: …") reads after the sentence it
    leans on, whose numbers are that sentence's claims, checked with it.

    Identifiers (order numbers, codes, addresses, versions) are found first, in the whole
    ``sources`` where given, else in the passages: :mod:`validator.rules.identifiers`."""
    passages = [evidence] if isinstance(evidence, str) else evidence
    # identifiers are labels, compared as strings before any value is read (validator.rules.identifiers)
    if (exact := check_identifiers(own if own is not None else sentence, sources or passages)) is not None:
        return NumberFinding(*exact)
    finding = _check(sentence, _evidence_segments(passages), own)
    if finding is not None and sources and _check(sentence, _evidence_segments(sources), own) is None:
        return None
    return finding


def _check(sentence: str, available: Sequence[_Segment], own: str | None = None) -> NumberFinding | None:
    stated = {(n.text, n.value) for n in _read(claim_text(own if own is not None else sentence))[1]}
    claim = [
        replace(segment, numbers=kept)
        for segment in _claim_segments(claim_text(sentence))
        if (kept := tuple(n for n in segment.numbers if (n.text, n.value) in stated))
    ]
    claim_read = _read(claim_text(sentence))[0]
    if not claim:
        return None
    claim = [
        replace(segment, numbers=tuple(_as_the_evidence_reads(n, claim_read, available) for n in segment.numbers))
        for segment in claim
    ]
    # each side of a comparison in a clause ("a 6.3in screen, compared with 6.1in on the previous
    # model"): its words lead its values, and its values are paired with each other only
    sides = _claim_segments(claim_text(sentence), sides=True)
    side_of = {n.start: index for index, side in enumerate(sides) for n in side.numbers}
    subject = _content_words(subject_of(sentence) or "")
    subject_in_evidence = any(subject & s.words for s in available)
    names_its_subject = bool(_named_subject(sentence))  # "Mount Kenya station", not "A total of 39 inmates"

    def about_something_else(holder: _Segment) -> bool:
        """The holder's sentence names its own subject, and the claim's subject is elsewhere in
        the evidence: "It was completed in 1931." after "The Empire State Building is in New
        York." gives 1931 to that building, not to the Eiffel Tower of the sentence before."""
        return bool(
            holder.named_subject
            and subject
            and not holder.named_subject & subject
            and not holder.sentence_words & subject
            and subject_in_evidence
        )

    missing: list[Number] = []
    misplaced: list[Number] = []
    held: list[Number] = []
    worked: list[Number] = []
    claim_numbers = [n for segment in claim for n in segment.numbers]
    holders_of = {
        number: [
            s
            for s in available
            if any(number.implied_by(a) or _the_year_of_a_name(number, claim_read, a) for a in s.numbers)
        ]
        for number in claim_numbers
    }
    at_place = _numbers_by_place(available)
    changes = {
        number: compared
        for number in claim_numbers
        if not holders_of[number] and (compared := _a_change(number, claim_numbers, holders_of, at_place))
    }
    compared_with = {(place, a) for compared in changes.values() for place, a in compared}
    for segment in claim:
        labels = tuple(n for n in segment.numbers if holders_of[n] and n.qualifier is None and n.unit not in _FRAMES)
        for number in segment.numbers:
            holders = holders_of[number]
            alongside = [c for c in segment.numbers if c is not number]
            rivals = [
                s
                for s in available
                if any(number.same_role(a) and (s.place, a) not in compared_with for a in s.numbers)
            ]
            if holders:
                held.append(number)
            else:
                if (
                    number in changes
                    or _worked_out(number, available)
                    or _a_difference(
                        number, segment.numbers if abs(number.value) <= COUNT_LIMIT else claim_numbers, available
                    )
                    or _a_level_moved(number, at_place)
                    or _a_margin(number, at_place)
                    or _a_total(number, at_place)
                    or _a_rate(number, segment.numbers, holders_of, at_place)
                    or _a_multiple(number, claim_numbers, holders_of, at_place)
                    or _a_share(number, claim_numbers, holders_of, at_place)
                ):
                    worked.append(number)
                    continue
                if rivals or not left_to_model(number, claim_read):
                    missing.append(number)
                continue
            vouching = [s for s in holders if not about_something_else(s)]
            others = [s for s in rivals if not any(number.implied_by(a) or _admits(a, number) for a in s.numbers)]
            if others and (theirs := {id(p) for p in _other_clauses_holders(number, segment, claim, holders_of)}):
                others = [s for s in others if id(s) not in theirs]  # by identity: comparing fields is slow
            if _counts_another(number, vouching, others):
                misplaced.append(number)
                continue
            if number.unit in _FRAMES and _frames_a_value(number, claim_numbers, holders_of, vouching):
                continue
            # words lead to a rival only in the sentences around a holder (in a long text the same
            # words recur about other things); a name leads to its age wherever it stands, and a
            # rival about what the claim names, where no holder's sentence names it, is as near
            around = _around(v.place for v in vouching)
            unnamed = names_its_subject and not any(subject & v.sentence_words for v in vouching)
            beside = [
                o
                for o in others
                if number.unit == "age" or o.place in around or (unnamed and subject <= o.sentence_words)
            ]
            led, rival_led = _led_to(number, vouching), _led_to(number, beside, same_role=True)
            own_side = sides[side_of[number.start]] if number.start in side_of else segment
            if led and not rival_led:
                continue  # stated after the claim's own words, and no rival is
            if (rival_led and not led and not _paired_alike(segment.numbers, vouching)) or (
                not _paired_alike(labels, vouching)
                and all(
                    any(r.beats(h, own_side, subject) for r in others if not _states_only(r, alongside, number))
                    for h in vouching
                )
            ):
                misplaced.append(number)
    offered = _offered_instead(claim_read, missing, [n for n in held if n not in misplaced])
    missing = [n for n in missing if n not in offered]
    # a clause with a value in no evidence fails for that value; which piece its other value
    # belongs to is then moot ("…$3.1 billion, up from $2.6 billion" names $2.6 billion)
    misplaced = [n for n in misplaced if not any(n in s.numbers and set(s.numbers) & set(missing) for s in claim)]
    unpaired = offered + worked  # no value of the evidence's to pair with the claim's others
    claim = [replace(segment, numbers=tuple(n for n in segment.numbers if n not in unpaired)) for segment in claim]
    if not missing and not misplaced:
        stated_numbers = [n for segment in claim for n in segment.numbers]
        misplaced = [
            n
            for segment in claim
            for side in _by_side(segment, side_of)
            for n in _paired_elsewhere(side, stated_numbers, available)
        ]
    if not missing and not misplaced:
        return None
    if misplaced:
        return NumberFinding(
            "contradicted",
            "the evidence gives this number to something else: " + ", ".join(n.text for n in misplaced),
        )
    in_role = any(n.same_role(a) and not n.implied_by(a) for n in missing for s in available for a in s.numbers)
    return NumberFinding(
        "contradicted" if in_role else "unsupported",
        "number not in the evidence: " + ", ".join(n.text for n in missing),
    )


_BARE_M = re.compile(r"m(?![^\W\d_])")


def _as_the_evidence_reads(number: Number, text: str, available: Sequence[_Segment]) -> Number:
    """``number`` as millions where it is written with a bare "m" joined to it, which the reading
    took for metres ("1.3m children": nothing known to be counted in millions follows it,
    :data:`_MILLION`), and the evidence reads it so: it holds the value in millions and not in
    metres, or gives a value in its role only in millions ("1.5m children" against "1.3 million
    children"). "m" means either, and the evidence tells which."""
    if number.unit != "[length]" or number.scale != 1.0 or not (m := _BARE_M.match(text, number.end)):
        return number
    value = number.value * _SCALES["million"]
    low, high = _bounds(value, number.qualifier)
    after = next(iter(_words_after(text, m.end())), number.after)
    millions = replace(
        number, value=value, unit=None, after=after, low=low, high=high, step=number.step * _SCALES["million"]
    )
    evidence = [a for segment in available for a in segment.numbers]
    for test in (Number.implied_by, Number.same_role):
        if any(test(number, a) for a in evidence):
            return number
        if any(test(millions, a) for a in evidence):
            return millions
    return number


_EDITION_WORDS = 3
"""How many words after a claim's year may hold the name whose year it is ("the 2015 CNN Heroes")."""


def _the_year_of_a_name(number: Number, claim: str, other: Number) -> bool:
    """Whether ``other``, the year in a name of the evidence ("CNN Heroes 2015", "World Cup 2018",
    "Expo 2020"), is the claim's year written before that name ("the 2015 CNN Heroes", "the 2018
    World Cup"): the same edition of the same thing, another order of words. The name's word must
    follow the year within :data:`_EDITION_WORDS` words, so a bare year ("opened in 2020") is not
    vouched for by "Expo 2020". ``claim`` is the text the number was read from."""
    if number.unit != "year" or not other.is_name or not _close(number.value, other.value):
        return False
    name = stem(other.unit.removeprefix("name:") if other.unit else "")
    return any(stem(word) == name for word in _WORD.findall(claim[number.end :].lower())[:_EDITION_WORDS])


def _paired_alike(claim: Sequence[Number], holders: Sequence[_Segment]) -> bool:
    """Whether one holder vouches for every one of ``claim``'s numbers (a clause's), of more than
    one kind ("$3.9 billion in 2021" by "…, up from $3.9 billion in 2021"): the evidence pairs the
    values as the claim does, so a rival led by the same words ("revenue was $4.5 billion" in 2022)
    is the other pair's, not this one's. :func:`_check` also asks it of the clause's values the
    evidence holds that are stated plainly and are no time (:data:`_FRAMES`): a holder pairing those
    is not outweighed by a rival whose clause shares more of the claim's words ("a family of four
    … all 19 home games … for £776" after "the basic adult season ticket will cost £289", for "A
    family of four can buy a season ticket for £776": :meth:`_Segment.beats` alone gave £776 to
    the adult ticket). A bound ("less than 85 reviews") is vouched for by almost any smaller
    number, and a year by every value of its sentence: neither pairs anything."""
    return len({n.unit for n in claim}) > 1 and any(_holds_all(holder, claim) for holder in holders)


def _states_only(rival: _Segment, alongside: Sequence[Number], number: Number) -> bool:
    """Whether every value ``rival`` gives in ``number``'s role is one the claim's clause states
    beside ``number`` (``alongside``): "Pre-tax losses narrowed to £28.3m from £115.5m" against "a
    pre-tax loss of £28.3m, narrowing from £115.5m". The clause is about both, so the piece
    holding the other is no more about it than the piece holding this one, whatever words it
    shares. Where the words before the values tell them apart ("Gross margin was 44.1%, up from
    45.3%" against "Gross margin was 45.3%, up from 44.1%"), that rival still counts
    (:func:`_led_to`)."""
    return all(any(c.implied_by(a) for c in alongside) for a in rival.numbers if number.same_role(a))


def _admits(bound: Number, number: Number) -> bool:
    """Whether ``bound``, a value of the evidence stated as a bound or an approximation, holds
    ``number`` of the claim in its role: "more than a quarter of the world's beer, about 28 per
    cent" says the same as "a 28% share", so its quarter is no rival of the 28%."""
    return bound.qualifier is not None and number.same_role(bound) and bound.low <= number.value <= bound.high


def _frames_a_value(
    number: Number,
    claim_numbers: Sequence[Number],
    holders_of: Mapping[Number, Sequence[_Segment]],
    vouching: Sequence[_Segment],
) -> bool:
    """Whether a piece that vouches for ``number``, a time (:data:`_FRAMES`), also holds another
    value the claim states plainly (no time, no bound), so the evidence sets that value at the
    time the claim does: "The 2020 count put the town's population at 4,512" for "As of the 2020
    census, the town had a population of 4,512". A clause whose words the claim's time shares
    more of ("…up from 4,380 in 2010, according to the Census Bureau") is then another time's;
    a time clause holds a word or two, and which clause shares them says little."""
    plain = [
        n for n in claim_numbers if n is not number and n.unit not in _FRAMES and n.qualifier is None and holders_of[n]
    ]
    return any(_holds_all(holder, [n]) for holder in vouching for n in plain)


def _other_clauses_holders(
    number: Number,
    segment: _Segment,
    claim: Sequence[_Segment],
    holders_of: Mapping[Number, Sequence[_Segment]],
) -> list[_Segment]:
    """The pieces of evidence that another clause of the claim has for its own: each holds all of
    that clause's values, one in ``number``'s role and one in none of it that no holder of
    ``number`` holds, so it pairs them as the clause does and is no rival of ``number`` ("…40.3C at
    Coningsby, beating 2019's 38.7C" against "…40.3C at Coningsby, breaking the previous record of
    38.7C set in 2019": that record is the second clause's). Where a holder of ``number`` holds the
    other clause's other values too ("Alice scored 30 in 2020, beating Bob's 12 in 2020"), they pair
    nothing, and a rival stays one. ``holders_of`` gives the pieces that vouch for each of the
    claim's numbers: a piece holding all of a clause's values is among its first value's."""
    found: list[_Segment] = []
    for other in claim:
        pairing = [n for n in other.numbers if not n.same_role(number)]
        if other is segment or not pairing or len(pairing) == len(other.numbers):
            continue
        if not any(_holds_all(holder, pairing) for holder in holders_of[number]):
            found += [piece for piece in holders_of[other.numbers[0]] if _holds_all(piece, other.numbers)]
    return found


def _holds_all(segment: _Segment, numbers: Sequence[Number]) -> bool:
    """Whether ``segment`` vouches for every one of ``numbers``."""
    return all(any(n.implied_by(a) for a in segment.numbers) for n in numbers)


def _offered_instead(claim: str, missing: Sequence[Number], vouched: Sequence[Number]) -> list[Number]:
    """The missing numbers that the claim offers as an alternative to a vouched-for one ("built in
    1841 or 1842" where the evidence says 1842): the claim states no more than one of them holds."""
    return [
        n for n in missing if any(_OFFERED.fullmatch(claim[min(n.end, v.end) : max(n.start, v.start)]) for v in vouched)
    ]


def _around(places: Iterable[tuple[int, int]]) -> set[tuple[int, int]]:
    """The sentences at ``places`` of the evidence and the ones beside each, in the same passage:
    where a value the sentence's words lead to, or pair, can stand for it (:func:`_check`)."""
    return {(passage, sentence + step) for passage, sentence in places for step in (-1, 0, 1)}


def _by_side(segment: _Segment, side_of: Mapping[int, int]) -> list[_Segment]:
    """``segment``, a claim's clause, with its values grouped by the side of a comparison each is on
    (``side_of``: by where a value starts): the values before ", compared with …" are paired with
    each other, and those after with each other, not across it. "The iPhone 16 Pro has a 6.3in
    screen, compared with 6.1in on the previous model" gives 6.1in to the previous model, where the
    source pairs it with the iPhone 15."""
    groups: dict[int, list[Number]] = {}
    for number in segment.numbers:
        groups.setdefault(side_of.get(number.start, -1), []).append(number)
    return [replace(segment, numbers=tuple(numbers)) for numbers in groups.values()]


def _paired_elsewhere(claim: _Segment, stated: Sequence[Number], available: Sequence[_Segment]) -> list[Number]:
    """The numbers of a claim's clause that the evidence pairs with another value: each is vouched
    for somewhere, but no one piece of the evidence holds them all, and a piece that holds one
    gives, in another's role, a value the claim does not state ("40,000 visitors in 2020" against
    "40,000 visitors in 2019, and 25,000 in 2020"). ``stated`` are all the claim's numbers: a
    value the claim states in another clause is not another value ("between 2009 and 2017").
    The number paired elsewhere must be stated in that piece's sentence or one beside it: a
    summary joins facts from far apart in a long text ("stripped of seven titles … from
    1999-2005"), where a stranger in the same role was right about half the time."""
    if len(claim.numbers) < 2 or any(_holds_all(s, claim.numbers) for s in available):
        return []
    near: dict[int, set[tuple[int, int]]] = {}  # around each claim number's sentences, found once if asked

    def held_near(index: int, place: tuple[int, int]) -> bool:
        if index not in near:
            number = claim.numbers[index]
            near[index] = _around(s.place for s in available if any(number.implied_by(a) for a in s.numbers))
        return place in near[index]

    for segment in available:
        # a piece that holds only a name of the claim's ("HbA1c", "iPhone 16") pairs nothing: a
        # name recurs all through a text, beside every value said of it
        if not any(n.implied_by(a) for n in claim.numbers if not n.is_name for a in segment.numbers):
            continue
        values = segment.numbers
        held = [any(n.implied_by(a) for n in stated) for a in values]
        strangers = [  # a span's ends stand side by side, so only a neighbour can be the other end
            a
            for i, a in enumerate(values)
            if not held[i]
            and not any(0 <= j < len(values) and held[j] and _a_span(a, values[j]) for j in (i - 1, i + 1))
        ]
        paired = [
            n
            for index, n in enumerate(claim.numbers)
            if any(n.same_role(a) for a in strangers) and held_near(index, segment.place)
        ]
        if paired:
            return paired
    return []


_SIDE_BY_SIDE = 6
"""How many characters at most stand between the two ends of a span (" and ", " to ", "-")."""


def _a_span(number: Number, other: Number) -> bool:
    """Whether two times are the start and the end of one span, written side by side, the earlier
    first ("from 2001 to 2005", "2001-2005", "between 2001 and 2005"): the span's other end is no
    other time in the claim's time's role. Only times: "6-3" and "2-1" are scores, whose other
    value is one."""
    first, second = sorted((number, other), key=lambda n: n.start)
    return (
        number.unit == other.unit
        and number.unit in _FRAMES
        and 0 <= second.start - first.end <= _SIDE_BY_SIDE
        and first.value < second.value
    )


def _worked_out(number: Number, available: Sequence[_Segment]) -> bool:
    """Whether ``number`` is a span of years or an age that two years of the evidence give by
    subtraction ("nine years later" of "founded in 2001 … went public in 2010"; "died at 45" of
    "1950–1995", or a year less before the birthday): an answer works it out, and the rule
    cannot tell which two years it meant, so the model reads it."""
    if number.unit not in ("years", "age") or number.qualifier is not None or not number.value.is_integer():
        return False
    years = [
        a.value if a.date is None else a.date.year for s in available for a in s.numbers if a.unit in ("year", "date")
    ]
    spans = {abs(a - b) for a, b in itertools.combinations({y for y in years if y is not None}, 2)}
    return number.value in spans or (number.unit == "age" and number.value + 1 in spans)


def _numbers_by_place(available: Sequence[_Segment]) -> dict[tuple[int, int], list[Number]]:
    """The evidence's numbers by the sentence they stand in (:attr:`_Segment.place`): the
    sentence a total, a rate or a change is worked out from (:func:`_a_total`, :func:`_a_rate`,
    :func:`_a_change`), gathered once for them all."""
    at_place: dict[tuple[int, int], list[Number]] = {}
    for segment in available:
        at_place.setdefault(segment.place, []).extend(segment.numbers)
    return at_place


_NO_ARITHMETIC = _FRAMES | {"ordinal", "age"}
"""Kinds whose values are labels: one is never the sum or difference of two others here."""


def _a_difference(number: Number, alongside: Sequence[Number], available: Sequence[_Segment]) -> bool:
    """Whether ``number`` is worked out from two values of its kind in one sentence of the
    evidence, one of which the claim states (``alongside``: in any of its clauses, "3,357 metres
    tall in 2021, 31 metres higher than in 2018", or, for a value up to :data:`COUNT_LIMIT`, in
    its clause, as small differences match by chance): a change, the difference of two levels
    ("rose 5 percentage points to 15%" of "rose from 10% to 15%", "lost 3 seats, to 12" of "from 15
    seats to 12"), or a level, another level less or more a change ("from 20.5% to 22%" of
    "expanded 150 basis points to 22%"; the rule does not read which way it moved). An answer works
    these out; the model reads whether it did so right. Both operands must be in one evidence
    sentence and one of them in the claim, so a value that merely equals some difference of
    unrelated numbers is not excused."""
    shared = [c for c in alongside if c is not number]
    if not shared or number.unit in _NO_ARITHMETIC or number.is_name or number.qualifier is not None:
        return False
    sentences: dict[frozenset[str], dict[tuple[float, str | None], Number]] = {}
    for segment in available:
        distinct = sentences.setdefault(segment.sentence_words, {})
        for a in segment.numbers:
            if a.same_kind(number) and a.unit not in _NO_ARITHMETIC:
                distinct.setdefault((a.value, a.unit), a)
    change, tolerance = abs(number.value), number.tolerance
    for distinct in sentences.values():
        by_unit: dict[str | None, list[float]] = {}
        for value, unit in distinct:
            by_unit.setdefault(unit, []).append(value)
        for values in by_unit.values():
            values.sort()
        for (value, unit), stated in distinct.items():
            if not any(c.implied_by(stated) for c in shared):
                continue
            for other_unit, values in by_unit.items():
                if not _compatible(unit or "", other_unit or ""):
                    continue
                # a difference of two levels; a level and a change (another unit) also sum to a level
                targets = [value - change, value + change] + ([change - value] if other_unit != unit else [])
                if any(_has_near(values, target, tolerance, value) for target in targets):
                    return True
    return False


_MARGIN_WORDS = frozenset({"majority", "margin", "gap", "lead", "difference", "behind", "ahead", "clear"})
"""Words before a value, or the word right after it, that say it is a difference of two others
("a majority of 13", "a margin of 4", "ahead by 3")."""


def _a_margin(number: Number, at_place: Mapping[tuple[int, int], Sequence[Number]]) -> bool:
    """Whether ``number``, which its words say is a difference (:data:`_MARGIN_WORDS`: "passed by a
    majority of 13"), is the difference of two values of its kind that one sentence of the
    evidence states ("voted 34 to 21 in favour"): an answer works it out, and the model reads
    whether it did so right. Unlike :func:`_a_difference`'s, neither value need be in the claim:
    the words say what it is."""
    if (
        not _MARGIN_WORDS & {*number.lead, number.after}
        or number.unit in _NO_ARITHMETIC
        or number.is_name
        or number.qualifier is not None
    ):
        return False
    return any(
        abs(abs(a.value - b.value) - number.value) <= number.tolerance
        for numbers in at_place.values()
        for a, b in itertools.combinations([n for n in numbers if n.same_kind(number) and not n.is_name], 2)
        if a.unit == b.unit and a.unit not in _NO_ARITHMETIC
    )


def _a_level_moved(number: Number, at_place: Mapping[tuple[int, int], Sequence[Number]]) -> bool:
    """Whether ``number``, a percentage, is a level that one sentence of the evidence states moved
    by a change in percentage points ("fell by 2.1 percentage points from a baseline of 8.3%" for
    "fell to 6.2%"): the units tell the level from the change, so, unlike
    :func:`_a_difference`'s, neither need be in the claim. The rule does not read which way it
    moved; the model does."""
    if number.unit != "%" or number.qualifier is not None or number.ratio:
        return False
    for numbers in at_place.values():
        levels = [a.value for a in numbers if a.unit == "%" and a.qualifier is None]
        changes = [a.value for a in numbers if a.unit == "pp" and a.qualifier is None]
        if any(
            abs(level + sign * change - number.value) <= number.tolerance
            for level in levels
            for change in changes
            for sign in (1, -1)
        ):
            return True
    return False


_ADDENDS = 6
"""The most values of a kind an evidence sentence may hold for the rule to try their totals: in a
longer list some total of two or three matches almost any count."""


def _a_total(number: Number, at_place: Mapping[tuple[int, int], Sequence[Number]]) -> bool:
    """Whether ``number`` is the total of two or three values of its kind that one sentence of the
    evidence states ("156 people were on board" of "The aircraft carried 150 passengers and 6
    crew"; "65 new homes" of "40 new homes in the north and 25 in the south"): an answer adds
    them up, and the model reads whether it added the right ones. Only a total above
    :data:`COUNT_LIMIT`, of values stated plainly (no bound, no name) in one sentence of at most
    :data:`_ADDENDS` of them, so a value that merely equals some total of unrelated numbers is not
    excused: on real answers, small totals ("eight goals", "the two most cited") matched by
    chance."""
    if (
        number.unit in _NO_ARITHMETIC
        or number.is_name
        or number.qualifier is not None
        or number.ratio
        or abs(number.value) <= COUNT_LIMIT
    ):
        return False
    sentences = (
        [a.value for a in numbers if a.unit == number.unit and a.qualifier is None and not a.is_name]
        for numbers in at_place.values()
    )
    return any(
        _close(sum(addends), number.value)
        for values in sentences
        if len(values) <= _ADDENDS
        for size in (2, 3)
        for addends in itertools.combinations(values, size)
    )


_PER = frozenset({"per", "a", "an", "each"})
"""Words after a value that make it a rate: "£41 per match", "3,000 a year"."""


def _a_rate(
    number: Number,
    alongside: Sequence[Number],
    holders_of: Mapping[Number, Sequence[_Segment]],
    at_place: Mapping[tuple[int, int], Sequence[Number]],
) -> bool:
    """Whether ``number``, stated as a rate ("£41 per match"), is a value the claim states beside it
    divided by a count that the evidence sentence holding that value gives ("a family of four will
    be able to watch all 19 home games … for £776" for "a season ticket for £776 - £41 per match"):
    an answer works it out, and the model reads whether it did so right. The dividend must be in
    the claim and its evidence sentence (``holders_of`` gives the pieces of the evidence that
    vouch for each of the claim's numbers), the divisor counts something there, and the quotient
    rounds to the number as written, so a rate that merely equals some quotient of unrelated
    numbers is not excused."""
    if number.after not in _PER or number.unit in _NO_ARITHMETIC or number.is_name or number.qualifier is not None:
        return False
    totals = [t for t in alongside if t is not number and t.unit == number.unit and t.qualifier is None]
    return any(
        a.counts_something and a.value >= 2 and abs(total.value / a.value - number.value) <= number.tolerance
        for total in totals
        for holder in holders_of[total]
        for a in at_place[holder.place]
    )


def _a_multiple(
    number: Number,
    alongside: Sequence[Number],
    holders_of: Mapping[Number, Sequence[_Segment]],
    at_place: Mapping[tuple[int, int], Sequence[Number]],
) -> bool:
    """Whether ``number``, stated as a multiple ("ten times the 1998 estimate"), is a value the
    claim states (``alongside``: in any of its clauses) divided by another value of its kind in the
    evidence sentence holding that value ("about US$10 billion, after the planned cost of about $1
    billion in 1998 grew"): an answer works it out, and the model reads whether it did so right.
    The quotient must round to the number as written (within a tenth after "about"), so a multiple
    that merely equals some quotient of unrelated numbers is not excused."""
    if number.after != "times" or number.unit is not None or number.qualifier not in (None, "about"):
        return False
    slack = number.tolerance if number.qualifier is None else APPROXIMATE * number.value
    return any(
        other.unit == total.unit and other.value > 0 and abs(total.value / other.value - number.value) <= slack
        for total in alongside
        if total is not number and total.unit not in _NO_ARITHMETIC and not total.is_name
        for holder in holders_of[total]
        for other in at_place[holder.place]
    )


def _a_share(
    number: Number,
    alongside: Sequence[Number],
    holders_of: Mapping[Number, Sequence[_Segment]],
    at_place: Mapping[tuple[int, int], Sequence[Number]],
) -> bool:
    """Whether ``number`` is a share of a whole that the claim states beside it, worked out from
    the evidence sentence holding that whole: a part from a percentage ("About 200 of the 800
    staff" of "a quarter of the 800 staff"), or a percentage from a part ("25% of the 800 staff"
    of "200 of the 800 staff"). An answer works it out, and the model reads whether it did so
    right. The whole must be in the claim (in any of its clauses: "Of the 800 staff, about 200…")
    and in that evidence sentence, the share must be "of" it (the number's next word, or the
    whole's lead: "Of the 2,000 adults surveyed, 10%…"), and it must round to the number as
    written (or to the percentage's own rounding), so a value that merely equals some product of
    unrelated numbers is not excused: "up 61.9% from a year earlier" against "$161.5 million,
    compared with $100 million" is no share, though 100 is 61.9% of 161.5."""
    if number.unit in _NO_ARITHMETIC or number.is_name or number.qualifier not in (None, "about"):
        return False
    wholes = [
        w
        for w in alongside
        if w is not number and w.unit not in _NO_ARITHMETIC and w.unit != "%" and not w.is_name and w.value > 0
    ]
    for whole in wholes:
        if (number.unit != "%" and number.unit != whole.unit) or not (number.after == "of" or "of" in whole.lead[-2:]):
            continue  # a share is "of" its whole: "up 61.9% from $100 million" is a change
        for holder in holders_of[whole]:
            for other in at_place[holder.place]:
                if number.unit == "%" and other.unit == whole.unit and not other.is_name and other.value < whole.value:
                    if abs(other.value / whole.value * 100 - number.value) <= number.tolerance:
                        return True
                elif number.unit != "%" and other.unit == "%" and 0 < other.value < 100:
                    slack = max(number.tolerance, other.tolerance * whole.value / 100)
                    if abs(other.value * whole.value / 100 - number.value) <= slack:
                        return True
    return False


def _a_change(
    number: Number,
    alongside: Sequence[Number],
    holders_of: Mapping[Number, Sequence[_Segment]],
    at_place: Mapping[tuple[int, int], Sequence[Number]],
) -> list[tuple[tuple[int, int], Number]]:
    """Where ``number``, a percentage, is the relative change between a value the claim's sentence
    states (``alongside``: in any of its clauses, "…$512.3 million, up 2.7%") and another value of
    that kind in the evidence sentence holding that value
    ("Revenue increased 2.7% to $512.3 million" of "Revenue was $512.3 million compared to $498.7
    million a year earlier"; "up 12% from $4.03 billion", where the level stated is the earlier
    one): the other values it was worked out from, with their places, else nothing. An answer
    works the change out, and the model reads whether it did so right; the value it compares with
    is no rival of the one it states ("$498.7 million" does not take "$512.3 million" from
    revenue). The change must round to the number as written, so a percentage that merely equals
    some ratio of unrelated numbers is not excused."""
    if number.unit != "%" or number.ratio or number.qualifier not in (None, "about"):
        return []
    levels = [
        t
        for t in alongside
        if t.unit not in _NO_ARITHMETIC and t.unit != "%" and not t.is_name and t.qualifier is None and t is not number
    ]
    compared = []
    for level in levels:
        for holder in holders_of[level]:
            for stated in (a for a in holder.numbers if level.implied_by(a)):
                for other in at_place[holder.place]:
                    if (
                        other.unit != stated.unit
                        or 0 in (other.value, stated.value)
                        or _close(other.value, stated.value)
                    ):
                        continue
                    # the claim's level is the later one, unless it is where the change came from
                    new, old = (other, stated) if level.before == "from" else (stated, other)
                    if abs(abs(new.value / old.value - 1) * 100 - number.value) <= number.tolerance:
                        compared.append((holder.place, other))
    return compared


def _has_near(values: Sequence[float], target: float, tolerance: float, besides: float) -> bool:
    """Whether sorted ``values`` hold one within ``tolerance`` of ``target`` other than ``besides``
    (no change is worked out from a value and itself). By bisection, so that a sentence of
    thousands of numbers costs what reading it does."""
    low, high = bisect.bisect_left(values, target - tolerance), bisect.bisect_right(values, target + tolerance)
    return any(not _close(value, besides) for value in values[low:high])


def _counts_another(number: Number, holders: Sequence[_Segment], rivals: Sequence[_Segment]) -> bool:
    """Whether every number of ``holders`` with the claim's value counts another thing, while a
    rival in the same sentence counts the claim's: "6 albums" against "6 singles and 2 albums". A
    count of another noun alone may be a rewording ("6 tracks", "6 songs"; "149 balls" for "149
    deliveries", where another sentence has "63 balls"), so only a sentence that counts both
    things side by side settles it."""
    if not number.counts_something or number.after is None:
        return False
    noun = stem(number.after)
    same_value = [(s, a) for s in holders for a in s.numbers if number.implied_by(a)]
    if not all(a.counts_something and a.after and stem(a.after) != noun for _, a in same_value):
        return False
    return any(
        r.sentence_words == holder.sentence_words and a.counts_something and a.after and stem(a.after) == noun
        for holder, _ in same_value
        for r in rivals
        for a in r.numbers
    )


def _led_to(number: Number, segments: Sequence[_Segment], same_role: bool = False) -> bool:
    """Whether a number of ``segments`` that implies ``number`` (or, with ``same_role``, answers
    the same question) follows the words ``number`` follows (:meth:`Number.led_like`)."""
    related = number.same_role if same_role else number.implied_by
    return any(related(a) and number.led_like(a) for s in segments for a in s.numbers)


_UNIT_WORD = re.compile(r"\s*([^\W\d_]+)")
_UNIT_WORD_AFTER = re.compile(r"[\s-]?[^\W\d_]+")


def _with_unit(text: str, number: Number) -> tuple[int, str]:
    """Where ``number`` ends in ``text`` with its unit after it (a duration's word, "18 months", or
    the words of a unit of measure, "3,000 megawatts", "5 square miles"), and that text."""
    end = number.end
    if number.unit in _DURATIONS:
        word = _UNIT_WORD.match(text, end)
        end = word.end() if word and _UNIT_WORDS.get(word.group(1).lower()) == number.unit else end
    elif found := measure(_words_after(text, end), text[end : end + 1].isalpha()):
        for _ in range(found.words):
            word = _UNIT_WORD_AFTER.match(text, end)  # "-megawatt" of "a 3,000-megawatt plant" too
            end = word.end() if word else end
    return end, text[number.start : end].strip()


def _unit_twin(number: Number, premise_numbers: Sequence[Number]) -> Number | None:
    """The premise's number that ``number``, with its unit, may be written as: the same duration in
    another unit ("18 months" of "a year and a half"), or the same measure, or the one it rounds,
    in any unit pint reads ("3 gigawatts" of "3,000-megawatt", "roughly 6,400 km" of "roughly
    4,000 miles"); never for a bound."""
    if number.unit in _DURATIONS and number.qualifier is None:
        kin = (a for a in premise_numbers if a.unit in _DURATIONS and a.unit != number.unit and number.same_duration(a))
        return next((a for a in kin if a.qualifier is None), None)
    if number.unit in DIMENSIONS and number.qualifier in (None, "about"):
        kin = (a for a in premise_numbers if a.unit == number.unit and (number.same_value(a) or number.rounds(a)))
        return next((a for a in kin if a.qualifier in (None, "about")), None)
    return None


def _carries_its_kind(number: Number) -> bool:
    """Whether ``number``'s text is the whole quantity, so that one such text can stand for
    another: a plain number, a percentage ("12.3%", "12.3 percent"), an amount after its
    currency's sign ("$2.3 billion"; not "5 million dollars" nor "2 km", whose units come after
    the number's text)."""
    return number.unit in (None, "%") or (number.unit in _CURRENCY.values() and number.text[:1] in _SIGNS)


def _spelled_twin(number: Number, premise_numbers: Sequence[Number]) -> Number | None:
    """The premise's number that ``number`` may be written as: the same quantity, or the one it
    rounds ("about 12,500" of "12,480", "$12.4 billion" of "$12.43 billion"); never for a bound
    ("over 12,000" is not "over 12,480"), a date or a unit written after the number."""
    if not _carries_its_kind(number) or number.qualifier not in (None, "about"):
        return None
    return next(
        (a for a in premise_numbers if a.unit == number.unit and (number.same_value(a) or number.rounds(a))),
        None,
    )


def spelled_like(sentence: str, premise: str) -> tuple[str, str]:
    """The premise and the sentence as the model is to read them: each number of the sentence
    written as the premise writes the same quantity or the one it rounds ("$2.3B" → "$2.3
    billion", "1.5 million" → "1,500,000", "about 12,500" → "about 12,480"), each duration in
    the premise's unit where it is the same length ("a year and a half" → "18 months"), and each
    measure in the premise's unit ("3,000-megawatt" → "3 gigawatts"). Where the
    premise writes its value in a form of its own ("24 cents", "a third", "£2.1bn"), both are
    given as the number rule reads them ("$0.24", "33.33%", "£2.1 billion"). A small NLI model
    takes a number in another spelling for another number, and contradicts a sentence that agrees
    ("$2.3B" against "$2.3 billion": P(contradiction) 0.53; 0.08 spelled alike). Only values the
    premise vouches for are rewritten, never a bound, so what the sentence says does not change."""
    text, numbers = _read(sentence)
    premise_text, premise_numbers = _read(premise)
    premise_readable = _VAGUE_PLACEHOLDER not in premise_text
    rewritten, position, matched, read_premise = [], 0, False, False
    for number in numbers:
        end, twin_text = number.end, None
        if twin := _spelled_twin(number, premise_numbers):
            twin_text = _as_written(premise_text[twin.start : twin.end])
            if twin_text not in premise:  # the premise writes it in a form of its own ("24 cents")
                if not premise_readable or (
                    twin_text not in sentence and _as_written(text[number.start : number.end]) == twin_text
                ):  # as the sentence may too ("about half" of "about half"): left as both write it
                    continue
                read_premise = True
            elif twin_text in sentence:  # spelled alike already
                continue
        elif twin := _unit_twin(number, premise_numbers):
            with_unit, written = _with_unit(text, number)[0], _with_unit(premise_text, twin)[1]
            if with_unit > number.end and written in premise:  # as the premise writes it, unit and all
                end, twin_text = with_unit, written
        if twin_text is None:
            continue
        matched = True
        surface = text[number.start : end]
        rewritten += [text[position : number.start], surface[: len(surface) - len(surface.lstrip())], twin_text]
        position = end
    if not matched:
        return premise, sentence
    return (_as_written(premise_text) if read_premise else premise), _as_written("".join(rewritten) + text[position:])
