"""Reading a sentence's numbers (:func:`find_numbers`): the text read once, where each value
stands, into :class:`Number` values, each placed and quoted as the text writes it, with its
qualifier ("more than", "about"), unit, the words before it and the name it belongs to; a list marker, numbered heading
or footnote mark is the list's, not a value. Digits and number words are read here; the readers
of one kind each (dates, names, cents, …) are :mod:`~validator.rules.numbers.readers`, and one
pass resolves where their readings overlap (:func:`_resolved`).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache, partial

from validator.rules.numbers.lexicon import (
    COUNT_WORDS,
    IN_A_SEQUENCE,
    MONEY_SIGNS,
    NOT_A_NUMBER,
    NUMBER,
    POWER_OF_TEN,
    RANGE,
    SEASON_END,
    SEASON_START,
    SHORT_SCALES,
    TIMES,
    TIMES_A_PERIOD,
    TOKEN,
    UNIT_WORD,
    UNIT_WORDS,
    VULGAR_FRACTIONS,
    WORD,
    WORD_NUMBER,
    WORD_VALUES,
    count_of,
    number_words_then,
)
from validator.rules.numbers.readers import (
    bounds,
    last_place,
    qualifier_of,
    read_cents,
    read_dates,
    read_dozens,
    read_feet_and_inches,
    read_fiscal_years,
    read_half_scales,
    read_millions,
    read_named_times,
    read_names,
    read_nil,
    read_periods_and_a_half,
    read_quarters,
    read_vague,
    time_bound,
    unit_after,
)
from validator.rules.numbers.shares import read_shares
from validator.rules.numbers.units import FOOT, INCH, measure, unit_powers
from validator.rules.numbers.values import NOT_ROUNDED, Number, neighbours
from validator.rules.numbers.words import number_words
from validator.text import ORDINAL_WORDS, SCALES

_AGE_AFTER = re.compile(r"-?\s?years?[-\s]old\b", re.I)
_AGE_BEFORE = re.compile(r"\b(?:aged|age(?:\s+of)?)\s$", re.I)


_APPOSITION_BEFORE = re.compile(
    r"(?:[A-Z][\w'\u2019.-]*|\b(?:[Tt]he|[Aa]n?|[Hh]is|[Hh]er|[Tt]heir)(?:\s+[a-z][\w'\u2019-]*){1,3}),\s$"
)
"""What a number set off by commas follows where it is an age: a name ("Jane Laut, 57,") or a
person described ("The striker, 34,", "a woman, 61,", "his brother, 22,"), as news writes an age."""
_APPOSITION_AFTER = re.compile(r"\s?(?:[,);]|\.(?:\s|$))")


def _is_age(match: re.Match[str], digits: str, scaled: bool) -> bool:
    """ "57-year-old", "57 years old", "aged 57", and "Jane Laut, 57," (a number set off by commas
    after a name): ages, one kind however they are written. Never a number with a scale ("Jane
    Laut, 40k,"), an ordinal or a percentage. ``digits``: the value in full (:func:`_in_full`)."""
    if not digits.isdigit() or len(digits) > 3 or int(digits) > 130:
        return False
    if match.group("ordinal") or match.group("percent") or scaled:
        return False
    text = match.string
    before, after = text[max(0, match.start() - 40) : match.start()], text[match.end() :]
    return bool(
        _AGE_AFTER.match(after)
        or _AGE_BEFORE.search(before)
        or (_APPOSITION_BEFORE.search(before) and _APPOSITION_AFTER.match(after))
    )


def _unit(match: re.Match[str], after: str | None, digits: str, scaled: bool) -> tuple[str | None, float]:
    """The kind of the number ``match`` reads (its value ``digits`` in full, with a scale or not),
    and how many of its base unit one of it is (see :func:`unit_of_words`)."""
    if _is_age(match, digits, scaled):
        return "age", 1.0
    if match.group("currency"):
        return MONEY_SIGNS[match.group("currency")], 1.0
    if match.group("percent"):
        return "%", 1.0
    if match.group("basis_points"):
        return "pp", 0.01  # "150 bp" is 1.5 percentage points, to the basis point
    if degree := match.group("degree"):
        scale = WORD.findall(degree)[-1:]
        return (_TEMPERATURE_SCALES.get(scale[0].lower(), "deg") if scale else "deg"), 1.0
    if match.group("decade"):
        return "decade", 1.0
    if match.group("seconds") and not match.group("meridiem"):
        return "s", 1.0  # "2:02:42": a race's time, read in seconds
    if match.group("meridiem") or match.group("minutes"):
        return "time", 1.0
    if match.group("ordinal"):
        return "ordinal", 1.0
    return unit_after(match.string, match.end(), digits, after, scaled=scaled)


_TEMPERATURE_SCALES = {"c": "degC", "f": "degF"} | {w: u for w, u in UNIT_WORDS.items() if u in ("degC", "degF")}
"""A temperature's scale after its degrees, by letter or by name ("30°C", "86 degrees Fahrenheit")."""


_Candidate = tuple[int, int, Callable[[], Sequence[Number]]]
"""A reading's span and what builds what it reads as, built only if the span is not taken: no
value (a unit's power: the "2" of "25 m2"), one :class:`Number`, or two ("3Q23": a quarter and
its year)."""


def _read(numbers: Iterable[Number]) -> Iterator[_Candidate]:
    """A reader's numbers, already built, as candidates."""
    for number in numbers:
        yield number.start, number.end, partial(tuple, [number])


def _read_together(readings: Iterable[Sequence[Number]]) -> Iterator[_Candidate]:
    """A reader's readings of one span each, as candidates ("3Q23": a quarter and a year)."""
    for numbers in readings:
        yield numbers[0].start, numbers[0].end, partial(tuple, numbers)


def _one(build: Callable[..., Number], *args: object) -> Callable[[], Sequence[Number]]:
    """What reads one number at a span (``build(*args)``), as a candidate's builder."""
    return lambda: (build(*args),)


def _resolved(size: int, readers: Iterable[Iterable[_Candidate]]) -> list[Number]:
    """Every reader's numbers, the readers in order of precedence, each kept unless it overlaps
    one kept before: overlaps resolved once, as spaCy's ``filter_spans`` does (by precedence,
    not length: "12 May 2019" is one date, not a day and a year). Which characters are taken is
    one byte each, so a span is checked in time linear in its length, not in how many numbers
    the text holds (a passage of "A1. A1. …" holds thousands)."""
    taken = bytearray(size)
    kept: list[Number] = []
    for candidates in readers:
        for start, end, build in candidates:
            if 1 not in taken[start:end]:
                taken[start:end] = b"\x01" * (end - start)
                kept += build()
    return kept


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
"""A footnote mark: "[2]", or superscript digits, but not a power of ten ("10⁶", a value of :data:`NUMBER`)
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


@lru_cache(maxsize=4096)
def read_values(text: str) -> tuple[Number, ...]:
    """The numbers in ``text``, read where they stand: shares in words, dates, numbers in
    names, vague quantities and the other forms of one kind first
    (:mod:`~validator.rules.numbers.readers`), then every other number written in digits or in
    number words (:func:`_in_digits`; a run of number words as text2num reads it,
    :mod:`~validator.rules.numbers.words`, then a number word text2num leaves: "one", "first",
    "twice daily"). A number's ``start``, ``end`` and ``text`` are where and how ``text``
    writes it."""
    masked = NOT_A_NUMBER.sub(lambda m: " " * len(m.group()), text)
    readers = (
        _read(read_shares(text)),
        _read(read_dates(text)),
        _read_together(read_quarters(text)),
        _read(read_fiscal_years(text)),
        _read(read_names(text)),
        _read(read_vague(text)),
        _read(read_named_times(text)),
        _read(read_cents(text)),
        _read(read_nil(text)),
        _read(read_dozens(text)),
        _read(read_half_scales(text)),
        _read(read_feet_and_inches(text)),
        _read(read_millions(text)),
        _read(read_periods_and_a_half(text)),
        ((*span, tuple) for span in unit_powers(text)),
        ((*m.span(), _one(_in_digits, text, m)) for m in NUMBER.finditer(text)),
        _number_words(text, number_words(text)),
        _number_words(text, _words_left(TIMES_A_PERIOD.finditer(text), TIMES)),
        _number_words(text, _words_left(WORD_NUMBER.finditer(masked), WORD_VALUES)),
    )
    numbers = _resolved(len(text), readers)
    ordered = sorted(numbers, key=lambda n: n.start)
    ordered = _approximations_shared(text, _in_two_units(text, _ranges_shared(text, ordered)))
    ends = [0, *(n.end for n in ordered)][: len(ordered)]
    return tuple(
        replace(
            n,
            end=n.start + len(n.text),
            read_end=n.end,
            lead=_lead(text, max(n.start - 60, end), n.start),
        )
        for n, end in zip(ordered, ends, strict=True)
    )


_MINUS_BEFORE = re.compile(r"\bminus\s+\Z", re.I)
_SUBTRACTED = re.compile(rf"(?:,|(?:\d|\b(?:{COUNT_WORDS}))(?:\s+[^\W\d_]+){{0,2}})\s*\Z", re.I)
"""What stands before a "minus" that subtracts, not a sign: a comma or a value and up to two
words ("Three months, minus one day", "3 months minus 1 day"); "fell to minus five" is -5."""
_TEXT2NUM_DIGITS = re.compile(r"(?P<digits>\d+(?:\.\d+)?)(?P<ordinal>st|nd|rd|th)?")
"""What text2num writes a run of number words as that is one value: digits ("42", "2.5"), an
ordinal's ("21st"); not a plural ordinal ("10ths" of "tenths", a fraction's part)."""


def _number_words(text: str, runs: Iterable[tuple[int, int, str]]) -> Iterator[_Candidate]:
    """Each run of number words, ``(start, end, digits)`` as text2num writes it
    (:func:`~validator.rules.numbers.words.number_words`), as a candidate read as digits are, with
    what is joined to it ("forty percent", "five pm", "minus five degrees":
    :func:`~validator.rules.numbers.lexicon.number_words_then`)."""
    for start, end, written in runs:
        if (read := _TEXT2NUM_DIGITS.fullmatch(written)) is None:
            continue
        minus = _MINUS_BEFORE.search(text, max(0, start - 12), start)
        pattern = number_words_then(end - start, bool(read.group("ordinal")))
        if match := pattern.match(text, minus.start() if minus else start):
            yield match.start(), match.end(), _one(_in_digits, text, match, read.group("digits"))


def _words_left(matches: Iterable[re.Match[str]], values: dict[str, int]) -> Iterator[tuple[int, int, str]]:
    """The number words text2num leaves ("one", "the second", "twice": ``values``), as runs written
    in digits as text2num writes its own: "1", "2" ("twice"), and an ordinal with a suffix that
    marks it one ("2th" for "second": only the suffix's presence is read)."""
    for match in matches:
        word = match.group().lower()
        yield match.start(), match.end(), f"{values[word]}{'th' if word in ORDINAL_WORDS else ''}"


def _in_digits(text: str, match: re.Match[str], read_digits: str = "") -> Number:
    """The number :data:`NUMBER` matched (or a run of number words, ``read_digits`` as text2num
    reads it): its value in its kind's base unit (a clock time in
    minutes after midnight, a race time in seconds, a scale word multiplied in), the last digit's
    place it rounds to, and what bounds it."""
    digits, scale = read_digits or _in_full(match), _scale(match)
    value = float(digits.replace(",", ""))
    before, after = neighbours(text, match.start(), match.end())
    unit, factor = _unit(match, after, digits, scaled=bool(scale))
    if unit is None and before in IN_A_SEQUENCE and digits.isdigit():
        unit = "ordinal"
    if unit == "time":
        hours = value % 12 if match.group("meridiem") else value
        if (match.group("meridiem") or "").lower().startswith("p"):
            hours += 12
        value = hours * 60 + int(match.group("minutes") or 0)
    if unit == "s" and (seconds := match.group("seconds")):
        value = value * 3600 + int(match.group("minutes")) * 60 + float(seconds)
        digits = seconds  # the last digit written is a second's, or a part of one
    step = 10.0 ** -(len(digits) - digits.index(".") - 1) if "." in digits else 1.0
    if scale:
        value *= scale
        step *= scale
    if match.group("sign") and not _SUBTRACTED.search(text, max(0, match.start() - 40), match.start()):
        value = -value
    value *= factor
    qualifier = qualifier_of(text, match.start(), match.end())
    if unit == "year" and qualifier is None:
        qualifier = time_bound(text, match.start(), match.end(), after)
    return Number(
        value,
        unit,
        before,
        after,
        match.group(),
        match.start(),
        match.end(),
        qualifier,
        *bounds(value, qualifier),
        step=0.0 if unit in NOT_ROUNDED else step * factor,
        scale=factor,
    )


_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


DECIMAL_COMMA = re.compile(r"0,\d+|\d{1,3},\d{1,2}")
"""A decimal comma as :data:`OTHER_DECIMALS` reads it."""


def _in_full(match: re.Match[str]) -> str:
    """The digits of the value :data:`NUMBER` matched, written in full: a power of ten ("10⁶" and
    "10^6" are "1000000"), and the short end of a season or span of years ("17" of "2016-17" is
    "2017", :data:`SEASON_START`; not a month: "2019-05")."""
    if match.group("and_a_half"):
        return f"{count_of(match.group('whole'))}.5"  # "two and a half" is 2.5
    value, start = match.group("value"), match.start("value")
    if value[-1:] in VULGAR_FRACTIONS:
        return (value[:-1] or "0") + VULGAR_FRACTIONS[value[-1]]
    if DECIMAL_COMMA.fullmatch(value) or "\u00b7" in value:
        return value.replace("\u00b7", ".").replace(",", ".")
    if power := POWER_OF_TEN.fullmatch(value):
        return "1" + "0" * int((power.group("exponent") or power.group("superscript")).translate(_SUPERSCRIPTS))
    season = SEASON_START.search(match.string, max(0, start - 5), start) if len(value) == 2 else None
    if season and int(value) > int(season.group("first")) and SEASON_END.match(match.string, match.end("value")):
        return season.group("century") + value
    return value


def _scale(match: re.Match[str]) -> float:
    """What the scale after a number multiplies it by, written short ("40k", "£3m") or in words
    ("3 million", "3.6million"); 0 where it has none."""
    if short := match.group("short_scale"):
        return SCALES[SHORT_SCALES[short.strip().lower()]]
    return SCALES[match.group("scale").lower()] if match.group("scale") else 0.0


_POUND, _OUNCE = 0.45359237, 0.028349523125
_PARTS_OF = {FOOT: INCH, _POUND: _OUNCE}
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
        unit_word = UNIT_WORD.match(text, number.end)
        low, high = bounds(joined.value, joined.qualifier)
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
    if number.unit is None and size == FOOT and number.after == "in":
        number = replace(number, unit=whole.unit, value=number.value * small, step=number.step * small, scale=small)
    if number.unit != whole.unit or not math.isclose(number.scale, small) or not 0 <= number.value < size:
        return None
    value = whole.value + number.value
    return replace(whole, value=value, after=number.after, end=number.end, step=number.step, scale=1.0)


def _ranges_shared(text: str, ordered: list[Number]) -> list[Number]:
    """``ordered`` with what a range writes once read at both its ends (:data:`RANGE`): the low end
    of "$8-8.5bn", "5-7%", "10 to 15 million people" or "11-17C" is $8bn, 5%, 10 million people
    and 11°C, and the high end of "$5-6m" is $6m, as the range reads. Each end keeps its place and
    its own words as written; only its value, unit and rounding are the range's."""
    shared = list(ordered)
    for index, (low, high) in enumerate(itertools.pairwise(ordered)):
        match = RANGE.match(text, low.start)
        if (
            match is None
            or float(match.group("low")) >= float(match.group("high"))  # "from 1.2 million in 2000 to 1.5 million"
            or not high.start <= match.start("high") < high.end
        ):
            continue
        if match.group("sign") and not match.group("high_sign"):
            high = _in_currency(text, high, match)
        per_digit = float(f"{high.value / float(match.group('high')):.12g}")
        value = float(match.group("low")) * per_digit
        lowest, highest = bounds(value, low.qualifier)
        shared[index] = replace(
            low,
            value=value,
            unit=high.unit,
            low=lowest,
            high=highest,
            step=0.0 if high.step == 0 else last_place(match.group("low")) * per_digit,
            scale=high.scale,
        )
        shared[index + 1] = high
    return shared


def _in_currency(text: str, high: Number, match: re.Match[str]) -> Number:
    """The high end of a range whose currency is written before its low end only ("$5-6m"), in
    that currency, read to the end of its suffix (where "m" is a million, as after a sign)."""
    suffix = match.group("suffix").strip().lower()
    scale = SCALES.get(SHORT_SCALES.get(suffix, suffix), 1.0)
    value = float(match.group("high")) * scale
    after = neighbours(text, high.start, match.end())[1]
    lowest, highest = bounds(value, high.qualifier)
    return replace(
        high,
        value=value,
        low=lowest,
        high=highest,
        unit=MONEY_SIGNS[match.group("sign").strip()],
        after=after,
        text=text[high.start : match.end()],
        end=match.end(),
        step=last_place(match.group("high")) * scale,
        scale=1.0,
    )


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
            low, high = bounds(number.value, "about")
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
    return tuple(word.lower() for word in TOKEN.findall(window)[-3:])


def find_numbers(text: str) -> list[Number]:
    """The numbers in ``text``: digits, number words and what goes with them (see the module doc)."""
    return list(read_values(text))
