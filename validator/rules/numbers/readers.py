"""The readers of one kind of value each, over a sentence as read: dates (:data:`DATES`),
quarters and fiscal years ("Q3", "FY23"), numbers that are part of a name ("G20", "Chapter IV",
"the Second World War"), times known by name ("noon"), sums in cents, a score's "nil", counts in
dozens, half a scale ("half a million"), millions beside what is counted ("8.3m people"), a
height in feet and inches ("6'2\"") and vague quantities ("hundreds of"); and what every reader
asks of the words around a value: the bound they set
(:func:`qualifier_of`, :func:`time_bound`, :func:`bounds`), the words after it
(:func:`words_after`) and the unit they name (:func:`unit_after`).
:mod:`~validator.rules.numbers.reading` runs them with its own readers of digits and number
words, and resolves their overlaps once.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from validator.rules.numbers.lexicon import (
    APPROXIMATE,
    CENTS,
    CHANGE_WORDS,
    COUNTED_AFTER_YEAR_LIKE,
    CURRENCY_BEFORE,
    CURRENCY_CODES,
    CURRENCY_WORDS,
    DATES,
    DOZEN,
    FEET_AND_INCHES,
    FISCAL_YEAR,
    HALF_A_SCALE,
    IN_A_SEQUENCE,
    LEADS_A_NUMBER,
    MILLIONS,
    MONTHS,
    NAME_THEN_NUMBER,
    NAME_WITH_DIGITS,
    NAMED_DAYS,
    NAMED_TIME,
    NAMED_TIMES,
    NIL,
    NOT_A_BOUND_AFTER,
    OR_MORE,
    ORDINAL_THEN_NAME,
    PERIOD_AND_A_HALF,
    QUALIFIER,
    QUALIFIERS,
    QUARTER,
    ROMAN,
    SCALE_NEXT,
    THEN_IN_MILLIONS,
    TIME_BOUND,
    TIME_BOUNDS,
    TOKEN,
    VAGUE,
    VAGUE_WORDS,
    WORD_VALUES,
    WRITTEN_MILLION,
    count_of,
    day_of,
    is_unit,
    unit_of_words,
)
from validator.rules.numbers.units import FOOT, INCH, measure, measure_plain_text
from validator.rules.numbers.values import NOT_ROUNDED, Date, Number, neighbours
from validator.text import SCALES, STOPWORDS


def qualifier_of(text: str, start: int, end: int) -> str | None:
    """What the words around a number say it bounds ("more than", "about", "or more")."""
    return bound_before(text, start) or (">=" if OR_MORE.match(text[end : end + 24]) else None)


def bound_before(text: str, start: int) -> str | None:
    """The bound the words right before ``start`` set ("more than", "about"), if any."""
    match = QUALIFIER.search(text[max(0, start - 24) : start])
    return QUALIFIERS[match.group("words").lower()] if match else None


_CLAUSE_ENDS = re.compile(r"\s*[,;:)]")
"""What ends a date's clause right after it, so the word past it is not one the date names."""


_POSSESSIVE = re.compile(r"['\u2019]s\b")
"""A possessive "'s" after a year: the year names what follows ("2008's crash"), no time bound."""


def time_bound(text: str, start: int, end: int, after: str | None) -> str | None:
    """ "<" or ">" where a year or a date at ``text[start:end]`` follows "before" or "after"
    (:data:`TIME_BOUNDS`), unless the word ``after`` it is one it names ("before 2020 elections"),
    not one past a comma ("before 10 September 1609, according to…"), nor one it owns ("after
    2008's crash")."""
    if _POSSESSIVE.match(text, end) or (
        after is not None and after not in STOPWORDS and not _CLAUSE_ENDS.match(text, end)
    ):
        return None
    match = TIME_BOUND.search(text[max(0, start - 32) : start])
    if match is None or (match.group("lead") or "").lower() in NOT_A_BOUND_AFTER:
        return None
    return TIME_BOUNDS[match.group("words").lower()]


def bounds(value: float, qualifier: str | None) -> tuple[float, float]:
    """The lowest and highest values a number with ``qualifier`` stands for: "more than 5" is
    above 5, "about 100" within :data:`APPROXIMATE` of it either way, a plain number only itself."""
    spread = abs(value) * APPROXIMATE
    return {
        ">": (math.nextafter(value, math.inf), math.inf),
        ">=": (value, math.inf),
        "<": (-math.inf, math.nextafter(value, -math.inf)),
        "<=": (-math.inf, value),
        "nearly": (value - spread, value),
        "about": (value - spread, value + spread),
    }.get(qualifier or "", (value, value))


_CLAUSE_MARK = re.compile(r"[.,;:!?()\[\]]")


_NEXT_NUMBER = re.compile(r"(?<=[^\W\d_])\s*\d")
"""A number after a word: the words that may name the number before's unit end there ("6 feet 2
inches" is 6 feet, not 6 "feet inches", an area), though a number's unit may follow another
number that shares it ("3-4 hours", "24/48 hours")."""


def words_after(text: str, end: int) -> list[str]:
    """The words after a number up to the end of its clause or the next number, as written (a unit
    never runs past either)."""
    clause = _CLAUSE_MARK.split(text[end : end + 40], maxsplit=1)[0]
    return TOKEN.findall(_NEXT_NUMBER.split(clause, maxsplit=1)[0])


_JOINED_DURATIONS = frozenset({"s", "h"})
"""Symbols of a duration that are units only joined to their number ("9.58s", "4h"), and seconds
only after a decimal: "747s" are aircraft."""


def unit_after(text: str, end: int, digits: str, after: str | None, scaled: bool = False) -> tuple[str | None, float]:
    """The kind of a number ending at ``end`` (its value written ``digits``, in full) by the words
    after it, and how many of its base unit one of it is: a currency in words ("5 million
    dollars"), a duration joined to it ("4h"), a unit of measure pint reads, a year where the
    digits are a year's and no count follows (never ``scaled``: "2,000 thousand", "a hundred
    dozen"), or
    :func:`unit_of_words`."""
    words = words_after(text, end)
    if len(words) > 1 and words[0].lower() in CHANGE_WORDS:
        words = words[1:]  # "1.4 fewer days" counts days
    year_like = not scaled and digits.isdigit() and 1000 <= float(digits) <= 2100
    next_word = words[0] if words else ""  # in its clause: "In 2012, euros were scarce" is a year
    if next_word.lower() in CURRENCY_WORDS and not (year_like and next_word[:1].isupper()):  # "the 2012 Euro final"
        return CURRENCY_WORDS[next_word.lower()], 1.0
    joined = text[end : end + 1].isalpha()
    if joined and next_word in _JOINED_DURATIONS and ("." in digits or next_word != "s"):
        return next_word, 1.0  # "21.34s", "4h"; never "747s", a plural
    if (written := measure_plain_text(text, end)) is not None:  # "25 m2", "50 kilometres an hour"
        return written[0].dimension, written[0].factor
    if (found := measure(words, joined)) is not None:  # "1500 metres" is no year; "10in" is inches
        return found.dimension, found.factor
    if year_like and (after is None or after not in COUNTED_AFTER_YEAR_LIKE):
        return "year", 1.0
    return unit_of_words(words)


def read_dozens(text: str) -> Iterator[Number]:
    """Counts in dozens or scores (:data:`DOZEN`: "a dozen", "half a dozen", "two dozen eggs", "a
    score of people"), read as the count they make, exact to one."""
    for match in DOZEN.finditer(text):
        size = 12 if match.group("dozen") else 20
        count = match.group("count")
        if count is not None and count.isdigit() and len(count) > 6:
            continue  # a count no text means (and past Python's 4,300-digit int limit)
        value = size // 2 if match.group("half") else size * count_of(count or "a")
        yield _counted(text, *match.span(), float(value), str(value), step=1.0)


def read_feet_and_inches(text: str) -> Iterator[Number]:
    """A height in feet and inches written with marks (:data:`FEET_AND_INCHES`: "6'2\"", "5′
    11″"), one length in metres, exact to the inch or the inch's decimal written, as "6 ft 2 in"
    is read. Not where the inches make a foot or more ("6'14\"" is no height)."""
    for match in FEET_AND_INCHES.finditer(text):
        inches = match.group("inches")
        if float(inches) >= 12:
            continue
        value = int(match.group("feet")) * FOOT + float(inches) * INCH
        step = last_place(inches) * INCH
        yield _typed(text, *match.span(), value, "[length]", step=step, scale=1.0)


def read_periods_and_a_half(text: str) -> Iterator[Number]:
    """A period and a half, or half a period (:data:`PERIOD_AND_A_HALF`: "a year and a half" is 1.5
    years, "half an hour" 0.5 hours, counting that period), exact to a tenth of the period, as
    "1.5 years" is."""
    for match in PERIOD_AND_A_HALF.finditer(text):
        period = (match.group("period") or match.group("half")).lower()
        periods = "centuries" if period == "century" else period + "s"
        unit, factor = unit_of_words([periods, *words_after(text, match.end())])
        step = 0.0 if unit in NOT_ROUNDED else 0.1 * factor
        times = 1.5 if match.group("period") else 0.5
        yield _typed(text, *match.span(), times * factor, unit, step=step, scale=factor, after=periods)


def read_half_scales(text: str) -> Iterator[Number]:
    """Half a scale in words (:data:`HALF_A_SCALE`: "half a million people" is 500,000), exact to
    a tenth of the scale."""
    for match in HALF_A_SCALE.finditer(text):
        scale = SCALES[match.group("scale").lower()]
        yield _counted(text, *match.span(), 0.5 * scale, "0.5", step=0.1 * scale)


def read_millions(text: str) -> Iterator[Number]:
    """Values in millions written with a bare "m" where it cannot be metres (:data:`MILLIONS`: "8.3m
    people", "a population of 8.3m"), and the other end of a pair whose first is in millions
    (:data:`THEN_IN_MILLIONS`: "from 44.9 million to 48.2m"), exact to their last digit."""
    ends = [match.end() for match in WRITTEN_MILLION.finditer(text)]
    for match in MILLIONS.finditer(text):
        group = "before" if match.group("before") else "after"
        if not CURRENCY_BEFORE.search(text, max(0, match.start(group) - 8), match.start(group)):  # "$12m": an amount
            yield _in_millions(text, match.start(group), match.end(group) + 1)
        ends.append(match.end())
    for end in ends:
        if pair := THEN_IN_MILLIONS.match(text, end):
            yield _in_millions(text, pair.start("value"), pair.end())


def _in_millions(text: str, start: int, end: int) -> Number:
    """The value in millions written ``text[start:end]``, digits then "m"."""
    digits = text[start : end - 1]
    step = last_place(digits) * SCALES["million"]
    return _counted(text, start, end, float(digits) * SCALES["million"], digits, step)


def _counted(text: str, start: int, end: int, value: float, digits: str, step: float) -> Number:
    """The number a reader reads at ``text[start:end]`` that the number pattern does not ("a dozen",
    "half a million", "8.3m people"): ``value``, as ``digits`` would write it, exact to ``step``,
    with the unit the words after it give ("half a dozen miles", "half a billion dollars":
    :func:`unit_after`; never a year, as a count with a scale is none) and the bound the words
    before it set."""
    after = neighbours(text, start, end)[1]
    unit, factor = unit_after(text, end, digits, after, scaled=True)
    step = 0.0 if unit in NOT_ROUNDED else step * factor
    return _typed(text, start, end, value * factor, unit, step=step, scale=factor)


def _typed(
    text: str, start: int, end: int, value: float, unit: str | None, step: float, scale: float, after: str | None = None
) -> Number:
    """A reader's ``value`` of ``unit`` at ``text[start:end]``, exact to ``step``, with the bound
    the words around it set and its neighbouring words (``after``: the word it counts, where that
    is inside its own words: "years" of "a year and a half")."""
    before, next_word = neighbours(text, start, end)
    qualifier = qualifier_of(text, start, end)
    return Number(
        value,
        unit,
        before,
        after or next_word,
        text[start:end],
        start,
        end,
        qualifier,
        *bounds(value, qualifier),
        step=step,
        scale=scale,
    )


def last_place(digits: str) -> float:
    """The place of the last digit of ``digits``, what a value written so is exact to ("8.5" is
    exact to 0.1, "12" to 1)."""
    return 10.0 ** -len(digits.partition(".")[2])


def _roman(numeral: str) -> int:
    """A Roman numeral's value ("IV" is 4, "XII" 12)."""
    values = [ROMAN[c] for c in numeral]
    return sum(-v if v < w else v for v, w in zip(values, [*values[1:], 0], strict=True))


def read_dates(text: str) -> Iterator[Number]:
    """Dates, by :data:`DATES` in order of precedence."""
    for pattern in DATES:
        for match in pattern.finditer(text):
            groups = match.groupdict()
            either_way = False
            if groups.get("first"):  # "3/4/2021": month first unless the first cannot be a month
                first, second = int(groups["first"]), int(groups["second"])
                month, day = (second, first) if first > 12 else (first, second)
                either_way = first != second and max(first, second) <= 12
            elif named := groups.get("named_day"):
                month, day = NAMED_DAYS[named.lower().replace("\u2019", "'")]
            else:
                month = int(groups["numeric_month"]) if groups.get("numeric_month") else MONTHS[groups["month"]]
                day = day_of(groups["day"]) if groups.get("day") else None
            year = int(groups["year"]) if groups.get("year") else None
            last = day_of(groups["last"]) if groups.get("last") else day
            if not 1 <= month <= 12 or (day is not None and not 1 <= day <= 31) or (last or 0) > 31:
                continue
            before, after = neighbours(text, match.start(), match.end())
            date = Date(year, month, day, last, either_way)
            bound = time_bound(text, *match.span(), after)
            yield Number(
                float(year or 0), "date", before, after, match.group(), *match.span(), qualifier=bound, date=date
            )


def read_quarters(text: str) -> Iterator[list[Number]]:
    """Quarters as reports write them (:data:`QUARTER`), each the ordinal of the quarter it names
    with "quarter" as the word after it, as "the third quarter" reads: "Q3" is the third. A year
    run into it ("3Q23", "Q3'23") is read from the same span, so each reading is a list; a year
    after a space ("Q3 2023") is the number reader's. Not after a name ("Audi Q3" is a car: the
    name reader's)."""
    for match in QUARTER.finditer(text):
        last_before = text[max(0, match.start() - 40) : match.start()].split()[-1:]
        if last_before and last_before[0][:1].isupper() and last_before[0].lower() not in STOPWORDS:
            continue
        start = match.start()
        end = match.end() if match.group("yy") else start + 2
        before, after = neighbours(text, start, end)
        quarter = float(match.group("q") or match.group("n"))
        read = [Number(quarter, "ordinal", before, "quarter", text[start:end], start, end, None, quarter, quarter)]
        if yy := match.group("yy"):
            year = 2000.0 + float(yy)
            read.append(Number(year, "year", before, after, text[start:end], start, end, None, year, year))
        yield read


def read_fiscal_years(text: str) -> Iterator[Number]:
    """Fiscal years (:data:`FISCAL_YEAR`), each the year it names: "FY23" is 2023, quoted whole;
    "FY 2021" is the year its digits write, quoted as them. A bound before it is read as a
    year's ("before FY23")."""
    for match in FISCAL_YEAR.finditer(text):
        digits = match.group("year")
        start, end = (match.start("year"), match.end()) if len(digits) == 4 else match.span()
        before, after = neighbours(text, start, end)
        year = float(digits) if len(digits) == 4 else 2000.0 + float(digits)
        bound = qualifier_of(text, start, end) or time_bound(text, start, end, after)
        yield Number(year, "year", before, after, text[start:end], start, end, bound, *bounds(year, bound))


def read_names(text: str) -> Iterator[Number]:
    """The numbers that are part of a name, each as ``name:<stem>``: matched only with the same
    name. A name numbered in front is the name numbered after it ("the Second World War" is
    "World War II": 2, ``name:war``)."""
    for pattern in (NAME_WITH_DIGITS, NAME_THEN_NUMBER, ORDINAL_THEN_NAME):
        for match in pattern.finditer(text):
            if not _names_a_number(match, text):
                continue
            stem = match.group("stem").rstrip(".").lower()
            digits = match.group("digits")
            value = float(digits) if digits.isdigit() else float(WORD_VALUES.get(digits.lower()) or _roman(digits))
            before, after = neighbours(text, match.start(), match.end())
            unit = "ordinal" if stem in IN_A_SEQUENCE else f"name:{stem}"  # "Chapter IV": the fourth, as "Chapter 4"
            yield Number(value, unit, before, after, match.group(), match.start(), match.end())


def _names_a_number(match: re.Match[str], text: str) -> bool:
    """Whether a match of :func:`read_names`' patterns is a name and its number: not a stopword, a
    qualifier, a word that opens a phrase ("In 1990"), a month, a unit or a currency before it,
    nor a name before a measure ("the Earth 705 kilometres up")."""
    stem, digits = match.group("stem"), match.group("digits")
    folded = stem.rstrip(".").lower()
    with_digits = match.re is NAME_WITH_DIGITS  # "G20", "MP3": the others are a name, then its number
    return not (
        (folded in STOPWORDS and (not with_digits or stem.islower()))
        or folded in QUALIFIERS
        or folded in LEADS_A_NUMBER
        or stem in MONTHS
        or (not with_digits and (is_unit(folded) or folded in CURRENCY_WORDS))
        or stem in CURRENCY_CODES  # "EUR500" is an amount
        or (not with_digits and unit_of_words(words_after(text, match.end()))[0] is not None)
        or (not with_digits and SCALE_NEXT.match(text, match.end()) is not None)  # "NOK 11 billion"
        or (folded in IN_A_SEQUENCE and digits.isdigit())  # "Phase 3": the third phase
        or (with_digits and is_unit(match.group("tail")))
    )


def read_nil(text: str) -> Iterator[Number]:
    """A score's nought in words (:data:`NIL`: "won 2-nil"), 0 as the digit is."""
    for match in NIL.finditer(text):
        start, end = match.span("nil")
        yield Number(0.0, None, *neighbours(text, start, end), match.group("nil"), start, end, None, 0.0, 0.0, step=1.0)


def read_named_times(text: str) -> list[Number]:
    """Times of day known by name (:data:`NAMED_TIMES`: "noon", "12 midnight"), as clock times."""
    return [
        Number(float(NAMED_TIMES[m.group("name").lower()]), "time", *neighbours(text, *m.span()), m.group(), *m.span())
        for m in NAMED_TIME.finditer(text)
    ]


_OF = re.compile(r"\s+of\b", re.I)


def read_cents(text: str) -> Iterator[Number]:
    """Sums in cents (:data:`CENTS`), in dollars to the cent: "45 cents" is "$0.45"."""
    for match in CENTS.finditer(text):
        value, qualifier = int(match.group("cents")) / 100, qualifier_of(text, *match.span())
        before, after = neighbours(text, *match.span())
        low, high = bounds(value, qualifier)
        yield Number(value, "usd", before, after, match.group(), *match.span(), qualifier, low, high, step=0.01)


def read_vague(text: str) -> list[Number]:
    found = []
    for match in VAGUE_WORDS.finditer(text):
        words = " ".join(match.group().lower().split())
        low, high = VAGUE[words]
        before = neighbours(text, match.start(), match.end())[0]
        following = words_after(text, match.end())
        of = [word.lower() for word in following[:1]] == ["of"]  # "hundreds of thousands" needs none
        following = following[1:] if of else following
        unit, factor = unit_of_words(following)  # "hundreds of miles", "a couple of weeks"
        low, high = low * factor, high * factor
        if following and following[0].lower() in CURRENCY_WORDS:  # "millions of pounds"
            unit = CURRENCY_WORDS[following[0].lower()]
        of_word = _OF.match(text, match.end()) if of else None
        written = text[match.start() : of_word.end() if of_word else match.end()]
        counted = following[0].lower() if following else None
        found.append(Number(low, unit, before, counted, written, *match.span(), "vague", low, high))
    return found
