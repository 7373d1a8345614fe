"""A value once read: :class:`Number` (its value, kind, unit, bounds and span in the text) and
:class:`Date`, and how two values compare: the same value (exactly for whole numbers and
identifiers, within a stated approximation otherwise), a compatible unit, the two ends of a span.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace

from validator.rules.numbers.lexicon import FEWER, TIME_ZONES, TOKEN
from validator.text import STOPWORDS, stem


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
    ``low``/``high``), and where and how the text it was read from writes it (``start``,
    ``end``, ``text``)."""

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
    """A share written in words or counted ("a third of", "one in five", "3 out of 4"): read as a
    percentage, though the text writes none."""
    read_end: int = 0
    """Where the reading of the number ends, which the comparison of clauses cuts at: before a
    vague quantity's "of" and a measure's last unit word ("6 ft 6in"), where ``end`` is the end of
    ``text``, what a note quotes."""

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
        percentage points and "points" ("fell 2.1 points" of "fell 2.1 percentage points"). A clock
        time in one time zone is not one in another ("9am EST", "9am PST"; "9am" is either)."""
        if self.unit == other.unit == "time" and self.after in TIME_ZONES and other.after in TIME_ZONES:
            return TIME_ZONES[self.after] == TIME_ZONES[other.after]
        if self.unit == other.unit:
            return True
        if self.unit is not None and other.unit is not None:
            return compatible(self.unit, other.unit)
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
        return close(self.value, other.value) and self.same_kind(other)

    def implied_by(self, other: Number) -> bool:
        """Whether ``other``, in the evidence, vouches for this number of a claim: the same value;
        for a date, at least this much of it ("May 2019" by "12 May 2019", a year by a date of
        that year); for a bound or a vague quantity, a value within it ("more than 200" by
        "243", "millions of" by "12 million"), and for "exactly", only the same plain value; for a
        year or a date after "before" or "after", one wholly on that side of it; for a century or
        a decade, a year or a date in it; for a decade of life ("in his 30s"), an age in it."""
        if self.value < 0 < other.value and other.after in FEWER:  # "-1.4 days" is "1.4 fewer days"
            return replace(self, value=-self.value, low=-self.high, high=-self.low).implied_by(other)
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
        if self.unit in DURATIONS and other.unit in DURATIONS and self.unit != other.unit:
            return self.same_duration(other)
        if {self.unit, other.unit} == {"degC", "degF"}:
            return self.qualifier in (None, "about", other.qualifier) and self.same_temperature(other)
        if not self.same_kind(other):
            return False
        if self.qualifier is None or (self.qualifier in ("about", "nearly") and close(self.value, other.value)):
            return close(self.value, other.value) or self.rounds(other)
        if self.qualifier == "exactly":
            return close(self.value, other.value) and other.qualifier in (None, "exactly")
        if self.qualifier == other.qualifier == "<=":  # "up to 853 passengers" states a maximum
            return close(self.value, other.value)
        # an approximate figure in the evidence stands for its value: "some 38%" is "nearly 40%"
        low, high = (other.value, other.value) if other.qualifier in ("about", "nearly") else (other.low, other.high)
        slack = _CONVERTED * abs(other.value) if self.converted(other) else 1e-9
        return self.low - slack <= low and high <= self.high + slack

    def same_duration(self, other: Number) -> bool:
        """Whether ``other``, a duration in another unit, is this one's length exactly, or within
        its bound ("18 months" and "1.5 years", "two years" and "24 months", "90 minutes" and "1.5
        hours"). Exact only: a duration is not rounded into another unit, so "2 years" is not "20
        months"; and a month is no fixed number of days (:data:`DURATIONS`)."""
        (mine, size), (theirs, their_size) = DURATIONS[self.unit or ""], DURATIONS[other.unit or ""]
        if mine != theirs:
            return False
        length = other.value * their_size / size  # in this number's unit
        if self.qualifier in (None, "about", "nearly", "exactly") or self.qualifier == other.qualifier:
            return close(self.value, length)  # "over 1.5 years" says what "over 18 months" does
        return self.low <= length <= self.high

    def canonical(self) -> tuple[float, str]:
        """The value and unit one quantity has however it is written: a duration in seconds (or
        months, which have no fixed length), a temperature in °F, any other as it is read."""
        if self.unit in DURATIONS:
            group, size = DURATIONS[self.unit]
            return round(self.value * size, 9), group
        if self.unit == "degC":
            return round(self.fahrenheit, 9), "degF"
        return round(self.value, 9), str(self.unit)

    @property
    def fahrenheit(self) -> float:
        """A temperature's value in °F, whichever scale it is written on."""
        return self.value * 9 / 5 + 32 if self.unit == "degC" else self.value

    def same_temperature(self, other: Number) -> bool:
        """Whether ``other``, a temperature on the other scale, is this one converted ("392 °F" of
        "200 °C"), within the rounding a conversion is written with (:data:`_TEMPERATURE_ROUNDING`
        of the value in °F, at least a degree: "350 °F" of "180 °C", an oven's mark; not "-36 °F"
        of "-36 °C", where the two scales are close)."""
        if close(self.value, other.value):
            return False  # the same number on the other scale is another value ("200 °F" for "200 °C")
        theirs = other.fahrenheit
        return abs(self.fahrenheit - theirs) <= max(1.0, _TEMPERATURE_ROUNDING * abs(theirs))

    def converted(self, other: Number) -> bool:
        """Whether one of the two is the other converted into another unit of its kind ("5 miles" of
        "8 km"), which rounds it (:data:`_CONVERTED`)."""
        return not close(self.scale, other.scale) and self.unit not in _NOT_CONVERTED

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
        digit's place, or nothing where it has no step, and a hair for floating point, in
        proportion to the value too ("$33276.69 million" and "$33276.685 million" are 5,000
        dollars apart to within a millionth of one, not exactly)."""
        return max(self.step / 2, 1e-9) * (1 + 1e-9) + abs(self.value) * 1e-12

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
            return compatible(self.unit or "", other.unit or "")
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


def close(value: float, other: float) -> bool:
    """The same value: two whole numbers only when equal (an order number or a sum of money one
    unit off is another value, however large: a relative tolerance would pass "1234567890" for
    "1234567891"); others within floating point's error. A stated approximation gets its
    tolerance elsewhere (:meth:`Number.rounds`, :meth:`Number.implied_by`)."""
    if value.is_integer() and other.is_integer():
        return value == other
    return math.isclose(value, other, rel_tol=1e-9, abs_tol=1e-9)


def compatible(unit: str, other: str) -> bool:
    """Degrees on any scale are one kind (plain "degrees" is either; Celsius and Fahrenheit are
    compared converted, :meth:`Number.same_temperature`), and a change in percent may be written
    in percentage points ("rose 1.5 percentage points" beside "1.5%": the model reads which one);
    every other unit only matches itself."""
    return unit == other or {unit, other} <= {"deg", "degC", "degF"} or {unit, other} == {"%", "pp"}


def neighbours(text: str, start: int, end: int) -> tuple[str | None, str | None]:
    before = TOKEN.findall(text[max(0, start - 30) : start])
    after = TOKEN.findall(text[end : end + 30])
    return (before[-1].lower() if before else None), (after[0].lower() if after else None)


def _name_before(lead: tuple[str, ...]) -> tuple[str, ...]:
    """The words an age is set off after ("pedro" of "and Pedro, 34,"): the last words of its lead
    that are not stopwords, none where it follows "aged" or "age of"."""
    name = itertools.takewhile(lambda word: word not in STOPWORDS and word not in ("aged", "age"), reversed(lead))
    return tuple(reversed(list(name)))


_CONVERTED = 0.05
"""How far a value converted from another unit may lie from the value it was converted from: a
conversion rounded to two significant digits is within 5% ("6 miles" is 9.7 km, written "10 km")."""
_TEMPERATURE_ROUNDING = 0.02
"""How far a temperature converted to Fahrenheit may lie from the exact conversion: ovens round 356 °F
to 350 °F."""
DURATIONS = {
    "s": ("time", 1.0),
    "min": ("time", 60.0),
    "h": ("time", 3600.0),
    "day": ("time", 86400.0),
    "month": ("months", 1.0),
    "years": ("months", 12.0),
}
"""Durations that convert exactly into one another (:meth:`Number.same_duration`), in two
families: a month is no fixed number of days."""
_NOT_CONVERTED = frozenset({*DURATIONS, "week"})
"""Durations: "2 years" is not "24 months" rounded, and the number rule keeps their units apart."""
NOT_ROUNDED = frozenset({"year", "time", "date", "ordinal", "decade", "age"})
"""Kinds whose values are labels, not measurements: "2019" is not a rounding of "2019.4"."""


FRAMES = frozenset({"year", "date", "time", "decade"})
"""Kinds of value that say when a clause holds: one sentence's values often share one ("In 2022,
revenue was $1.2 billion; net income was $0.8 billion."), so holding it beside a value pairs nothing."""


COUNT_LIMIT = 12
"""A plain count up to this that the claim enumerates ("two painters: Monet and Renoir") and the
evidence does not state is left to the model: an answer counts what the evidence lists, and the
rule cannot count a list."""


_SIDE_BY_SIDE = 6
"""How many characters at most stand between the two ends of a span (" and ", " to ", "-")."""


def a_span(number: Number, other: Number) -> bool:
    """Whether two times are the start and the end of one span, written side by side, the earlier
    first ("from 2001 to 2005", "2001-2005", "between 2001 and 2005"): the span's other end is no
    other time in the claim's time's role. Only times: "6-3" and "2-1" are scores, whose other
    value is one."""
    first, second = sorted((number, other), key=lambda n: n.start)
    return (
        number.unit == other.unit
        and number.unit in FRAMES
        and 0 <= second.start - first.read_end <= _SIDE_BY_SIDE
        and first.value < second.value
    )
