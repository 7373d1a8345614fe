"""The number rule's words and patterns, kept as data: number words, currencies and units, months
and date forms, qualifiers and bounds, and the patterns that find where a number is written.

Every other module of the rule reads these; none of them holds a word list of its own.
"""

from __future__ import annotations

import re
from functools import lru_cache

from text_to_num import text2num

from validator.rules.numbers.units import measure
from validator.text import NUMBER_WORDS, ORDINAL_WORDS, SCALES

WORD_VALUES = {word: value for value, word in enumerate(NUMBER_WORDS)} | {
    word: value for value, word in enumerate(ORDINAL_WORDS) if value
}
"""The small numbers text2num leaves as words when they stand alone ("one", "the second")."""
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
COUNT_WORDS = (
    rf"(?:(?:{'|'.join(_TENS)})(?:[\s-](?:{'|'.join(NUMBER_WORDS[1:10])}))?"
    rf"|{'|'.join(sorted(NUMBER_WORDS[1:20], key=len, reverse=True))})\b"
)
"""A count from one to ninety-nine in words ("seven", "seventeen", "twenty-five", "forty two"):
what a reader of a form with a count takes in words as it takes digits ("twenty-five dozen",
"twenty-two and a half", "two-nil"), read by :func:`count_of`."""
CURRENCY = {"$": "usd", "€": "eur", "£": "gbp", "¥": "jpy", "₹": "inr"}
SIGNS = "".join(CURRENCY)
SIGN = f"[{SIGNS}]"
"""A currency sign before an amount."""
CURRENCY_CODES = {
    **dict.fromkeys(("USD", "US$"), "usd"),
    **{"EUR": "eur", "GBP": "gbp", "JPY": "jpy"},
    **dict.fromkeys(("INR", "Rs", "Rs."), "inr"),
}
"""Currency codes written before an amount as its sign is ("EUR500", "USD 2.3 billion", "Rs. 500"):
capitals only, as codes are written ("eur" is no code)."""
MONEY = rf"(?:{SIGN}|(?-i:\b(?:{'|'.join(map(re.escape, sorted(CURRENCY_CODES, key=len, reverse=True)))})))"
"""What names an amount's currency before it: a sign or a code (:data:`CURRENCY_CODES`)."""
MONEY_SIGNS = CURRENCY | CURRENCY_CODES
_ZONES = "est edt cst cdt mst mdt pst pdt akst akdt hst ast adt nst ndt bst ist cet cest eet eest wet west msk"
TIME_ZONES = dict.fromkeys(("utc", "gmt", "z"), "utc") | {
    zone: zone for zone in f"{_ZONES} gst pkt sgt hkt jst kst awst acst aest aedt nzst nzdt".split()
}
"""Time zones as a clock time's next word writes them ("9am EST", "14:00 UTC"), lower-cased, each
as one name ("GMT" is UTC's): a time in one is not the same time in another."""
CENTS = re.compile(rf"(?<![{SIGNS}\w.,])(?P<cents>\d{{1,2}})\s?(?:cents?\b|¢)")
"""A sum in cents ("45 cents", "9¢"): dollars, read as "$0.45" is."""
CURRENCY_WORDS = {
    **dict.fromkeys(("dollar", "dollars"), "usd"),
    **dict.fromkeys(("euro", "euros"), "eur"),
    **dict.fromkeys(("pound", "pounds", "sterling"), "gbp"),
    **dict.fromkeys(("yen",), "jpy"),
    **dict.fromkeys(("yuan", "renminbi"), "cny"),
    **dict.fromkeys(("rupee", "rupees"), "inr"),
    **dict.fromkeys(("franc", "francs"), "chf"),
    **dict.fromkeys(("rouble", "roubles", "ruble", "rubles"), "rub"),
}
UNIT_WORDS = {
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
other unit of measure is pint's (:mod:`validator.rules.numbers.units`)."""
_BASE_UNITS = {"decades": ("years", 10.0), "centuries": ("years", 100.0), "week": ("day", 7.0)}
"""Durations that are a multiple of another, read in that one ("four decades" is "40 years", "three
weeks" is "21 days"). Hours, minutes and days keep their own units: a duration is often written in
two ("2 hours and 15 minutes"), and read in one unit its parts would compete as rival values."""
PERIOD_AND_A_HALF = re.compile(
    r"\b(?:an?\s+(?P<period>year|month|week|day|hour|minute|decade|century)\s+and\s+a\s+half\b(?!\s+times\b)"
    r"|half\s+an?\s+(?P<half>year|month|week|day|hour|minute|decade|century)\b)",
    re.I,
)
"""A period and a half ("a year and a half", "an hour and a half"): one and a half of the period;
half a period ("half an hour", "half a day"): half of it."""
FEET_AND_INCHES = re.compile(
    r"(?<![\d.])(?P<feet>\d{1,2})\s?['\u2032\u2019]\s?(?P<inches>\d{1,2}(?:\.\d+)?)\s?(?:\"|\u2033|''|\u201d)"
)
"""A height in feet and inches written with marks ("6'2\"", "5\u2032 11\u2033", "5' 11''")."""
COUNTED_AFTER_YEAR_LIKE = frozenset(
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
SCALE_WORDS = "|".join(sorted(SCALES, key=len, reverse=True))
"""The scale words as a pattern's alternatives (:data:`validator.text.SCALES`), longest first."""
SHORT_SCALES = dict.fromkeys(("k",), "thousand") | dict.fromkeys(("m", "mn", "mln"), "million")
SHORT_SCALES |= dict.fromkeys(("b", "bn", "bln"), "billion") | {"tn": "trillion"}
"""A scale written short after a number, as the scale word it stands for."""
TEMPERATURE = (
    r"\s?(?:[°º]|degrees?\s+)\s?(?:C|F|Celsius|centigrade|Fahrenheit)\b|(?-i:C|F)\b"
    r"|(?-i:\s[CF](?=\s+[a-z]|[,;:)]|\.?\s*$))"
)
"""A temperature's scale after its number, in any spelling: "30C", "30 °C", "30 degrees Celsius",
"86F", "220 C for 30 minutes" (a letter alone only in capitals, and after a space only where a
lower-case word, a clause's end or the text's end follows: "1998 F. Scott" is no temperature)."""
SEASON_START = re.compile(r"(?<![\d.,-])(?P<century>1[89]|20)(?P<first>\d{2})[-\u2013/]\Z")
SEASON_END = re.compile(r"(?![\d:%]|[.,]\d|[-\u2013/]\d)")
"""A season or span of years written short ("2016-17", "1998/99", "1914–18"): the start's
century and year before the short end (searched up to the end's place), and what may not follow
the end ("2016-17%" is no season)."""
POWER_OF_TEN = re.compile(r"(?<![\d.,])10(?:\^(?P<exponent>\d{1,2})|(?P<superscript>[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,2}))(?!\d)")
"""A power of ten as plain text writes it: "10^6", "10⁶"."""
_AND_A_HALF = rf"\b(?P<whole>\d+|{COUNT_WORDS})(?P<and_a_half>[\s-]+and[\s-]+a[\s-]+half)\b(?!\s+times\b)"
"""A value and a half in words, a value of :data:`NUMBER`: "two and a half percent", "22 and a
half" (text2num's "twenty-two and a half"), "two and a half million". Not a multiple ("one and a
half times its normal rainfall"), which the number rule leaves to the model, as it does "twice"."""
_AFTER_VALUE = (
    r"(?:(?P<short_scale>{short_scale})\b(?!\.\w))?"
    r"(?:(?P<decade>(?<=0)(?<!under-\d0)(?<!over-\d0)'?s)\b)?"
    r"{ordinal}"
    r"(?::(?P<minutes>\d{{2}})(?::(?P<seconds>\d{{2}}(?:\.\d+)?))?)?"
    r"(?:\s?(?P<meridiem>a\.?\s?m\.?|p\.?\s?m\.?)(?![a-z]))?"
    r"(?:\s?(?P<percent>%|percent\b|per cent\b|(?-i:pc)\b)|\s?(?P<basis_points>basis[\s-]points?|(?-i:bps?))\b)?"
    rf"(?:(?P<degree>{TEMPERATURE}|\s?[°º]))?"
    rf"(?:\s*(?P<scale>{SCALE_WORDS})\b)?"
)
"""What is joined to a number after its value (a scale, a decade's "s", an ordinal's suffix, a
clock time's minutes, "pm", a percent or basis points, a temperature's scale), with the short
scales it may take left as ``{short_scale}`` (after a currency sign "m" and "b" too) and how an
ordinal is written as ``{ordinal}``."""
VULGAR_FRACTIONS = {
    "\u00bd": ".5",
    "\u00bc": ".25",
    "\u00be": ".75",
    "\u215b": ".125",
    "\u2153": ".333",
    "\u2154": ".667",
}
"""A fraction in one character, and the decimal part it is ("1\u00bd" is 1.5)."""
OTHER_DECIMALS = (
    r"\d+\u00b7\d+(?![\d,])|(?<![\d,.])0,\d+(?![\d,])|(?<![\d,.])\d{1,3},\d{1,2}(?![\d,])(?!\s*+(?:and|or|&)\s++\d)"
    r"|\d*[" + "".join(VULGAR_FRACTIONS) + r"](?!\d)"
)
"""Decimals written otherwise than with a point: a middle dot ("0\u00b75 mg", as British
prescriptions write it), a comma after a lone zero ("0,5 mg": a thousands group never follows 0)
or before one or two digits ("3,25 percent": a thousands group has three), and a fraction in one
character ("1\u00bd tablets"). Read as "0.5" and "3.25", never as 0 and 5."""
NUMBER = re.compile(
    r"(?P<sign>(?<![\w.,%])[-\u2212\u2013](?=\d)|\bminus\s+)?"
    rf"(?:(?P<currency>{MONEY})\s?)?"
    rf"(?P<value>{_AND_A_HALF}|{POWER_OF_TEN.pattern}|{OTHER_DECIMALS}|\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?"
    r"|(?<![\w.,])\.\d+)"
    + _AFTER_VALUE.format(
        short_scale=r"(?(currency)\s?(?:k|mn|mln|m|bn|bln|b|tn)|(?:k|bn|\s?mln|\s?bln))",
        ordinal=r"(?:(?P<ordinal>st|nd|rd|th)\b)?",
    ),
    re.I,
)
"""A number as written, with what is joined to it: a scale in short (:data:`SHORT_SCALES`: "$40k",
"£3m", "2bn"; "m" only after a currency, where it cannot be metres; "mln", "bln" as news agencies
write them) or in words, spaced or joined ("3.6million"). A decade ends in 0 ("1990s", "1990's", "the
'60s"): "2019's" is a year's possessive, "747s" a plural, "under-20s" an age group."""


@lru_cache(maxsize=256)
def number_words_then(length: int, ordinal: bool) -> re.Pattern[str]:
    """:data:`NUMBER` for a run of number words ``length`` characters long that text2num reads
    (:mod:`~validator.rules.numbers.words`), so that what is joined to it reads as it does after
    digits ("forty percent", "five pm", "thirty degrees Celsius"). Its value is those characters
    (an ordinal's suffix is their last two: "twenty-first", "third"); it takes no currency before
    it, and groups it cannot have are empty (``currency``, a cardinal's ``ordinal``)."""
    ordinal_written = r"(?<=(?P<ordinal>st|nd|rd|th))" if ordinal else r"(?P<ordinal>)"
    after = _AFTER_VALUE.format(short_scale=r"k|bn|\s?mln|\s?bln", ordinal=ordinal_written)
    return re.compile(
        rf"(?P<sign>\bminus\s+)?(?P<currency>)(?P<value>(?s:.{{{length}}})){after}",
        re.I,
    )


SCALE_NEXT = re.compile(rf"\s*(?:{SCALE_WORDS})\b", re.I)
"""A scale word next ("NOK 11 billion"): the number before it is an amount, never a name's."""
SCALE_AFTER_DIGITS = re.compile(rf"(\d)\s*({SCALE_WORDS})\b", re.I)
"""A scale after digits, spaced or joined to them as headlines write it ("3.6million", "£30billion"):
read with its number, never by text2num (which makes "1.5 million" "1.5 1000000")."""
TIMES = {"twice": 2, "thrice": 3}
TIMES_A_PERIOD = re.compile(
    rf"\b(?:{'|'.join(TIMES)})(?=\s+(?:daily|weekly|monthly|yearly|annually|a|an|per|each|every)\b)", re.I
)
"""How often, in a word ("twice daily", "thrice a week"): 2 and 3 times a period. Not a multiple
("twice as many", "twice its size"), which the number rule leaves to the model."""
HALF_A_SCALE = re.compile(rf"\bhalf an?\s+(?P<scale>{SCALE_WORDS})\b", re.I)
"""Half a scale in words ("half a million"): 500,000, never "half" and text2num's "a 1000000"."""
SCALE_AFTER_A_HALF = re.compile(rf"(?<=\bhalf)\s+(?:{SCALE_WORDS})\b", re.I)
"""A scale after a value and a half in words ("two and a half million"): the value is put in
digits first ("2.5 million"), so text2num must leave the scale to it, not make it "2.5 1000000"."""
WORD_NUMBER = re.compile(r"\b(" + "|".join(sorted(WORD_VALUES, key=len, reverse=True)) + r")\b", re.I)
NOT_A_NUMBER = re.compile(
    r"\b(?:no one|one of|one another|one or two|the one|this one|that one|which one|at first|first of all)\b"
    r"|\bsecond\s+to\s+none\b"
    r"|\b(?:would|will|could|might|may|can|should|shall|must)\s+one\s+day\b"
    rf"|\b(?:{'|'.join(ORDINAL_WORDS[1:])})(?=\s+(?:\d|(?:{'|'.join(NUMBER_WORDS[2:])})\b))",
    re.I,
)
"""Number words that are no number: "one of", "no one", "would one day" (some day), "at first"
(initially), "first of all", "second to none"; an ordinal before a count ("its first 4 games",
"the second 10 minutes", "the first three months"), which says which of them, not another
number."""
TOKEN = re.compile(rf"[^\W\d_]+|%|{SIGN}")
WORD = re.compile(r"[^\W\d_]+")
"""A word in any alphabet ("Amélie", "Müller" are one word each, not "Am" and "lie")."""

NIL = re.compile(rf"\b(?:\d+|{COUNT_WORDS})[-\u2013](?P<nil>nil)\b", re.I)
"""A score's nought in words: "2-nil", "two-nil" (the "nil" is 0)."""
NAMED_TIMES = {"noon": 12 * 60, "midday": 12 * 60, "midnight": 0}
"""Times of day known by name, in minutes after midnight, as a clock time reads ("noon" is "12:00")."""
NAMED_TIME = re.compile(r"\b(?:12\s*)?(?P<name>" + "|".join(NAMED_TIMES) + r")\b", re.I)
"""A time known by name, "12 noon" and "12 midnight" too (one time, not a count and a time)."""

VAGUE = {
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
VAGUE_WORDS = re.compile(
    r"\b(?:("
    + "|".join(sorted((k for k in VAGUE if " of " in k), key=len, reverse=True)).replace(" ", r"\s+")
    + r")|("
    + "|".join(sorted(VAGUE, key=len, reverse=True)).replace(" ", r"\s+")
    + r")(?=\s+of\b)|(?<!\d\s)(dozens|hundreds|thousands|millions|billions)\b(?!\s+of\b))",
    re.I,
)
"""A vague quantity: before "of" ("hundreds of homes"), or a plural count standing alone
("Thousands protested", "hundreds of thousands without power"; not after digits, "5 thousands", and
not "scores", which alone are marks); never read by text2num, which makes "hundreds of" "100 of"
and "tens of thousands" "tens of 1000"."""


def count_of(word: str) -> int:
    """The count a share or a dozen is written with: digits, a count in words
    (:data:`COUNT_WORDS`, read by text2num), "a"/"an", "a hundred"."""
    word = " ".join(word.lower().split())
    if word.isdigit():
        return int(word)
    return {"a": 1, "an": 1, "a hundred": 100, "an hundred": 100, "a thousand": 1000}.get(word) or text2num(word, "en")


DOZEN = re.compile(
    rf"\b(?:(?P<half>half an?)|(?P<count>\d+|an?\s+hundred|an?|{COUNT_WORDS}))\s+"
    r"(?:(?P<dozen>dozen)\b|score\s+of(?=\s+(?!(?:less|more|over|under|about|around|nearly|almost|just|only|up|at|"
    r"between|fewer|roughly|some|exactly|close)\b)[a-z]))",
    re.I,
)
"""A count in dozens ("a dozen", "two dozen eggs") or scores ("a score of people"; not "a score
of 85" or "a score of less than 60", which are marks, nor "a score for the film")."""
QUALIFIERS = {
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
QUALIFIER = re.compile(
    r"(?:^|(?<=[\s('\"\u2018\u201c]))(?P<words>"
    + "|".join(re.escape(q) for q in sorted(QUALIFIERS, key=len, reverse=True))
    + r")\s*$",
    re.I,
)
OR_MORE = re.compile(r"^\s*(?:\w+\s+)?or (?:more|above)\b", re.I)
TIME_BOUNDS = {
    **dict.fromkeys(("before", "prior to", "earlier than"), "<"),
    **dict.fromkeys(("after", "later than"), ">"),
}
"""Words before a year or a date that say it bounds a time ("before 2015": any earlier year or
date), and only a year's or a date's: "after 10 years of talks" states how long they took."""
TIME_BOUND = re.compile(r"(?:^|(?<=[\s(]))(?:(?P<lead>\w+)\s+)?(?P<words>" + "|".join(TIME_BOUNDS) + r")\s+$", re.I)
NOT_A_BOUND_AFTER = frozenset(
    {"than", "since", "year", "years", "day", "days", "week", "weeks", "month", "months", "decade", "decades"}
)
"""Words before "before" or "after" that make its year a point of reference, stated as such: "more
varied than before 1995", "the year after 2012" (2013, not any later year). A year that names
what follows it ("before 2020 elections") is one too."""
OFFERED = re.compile(r"\s*(?:,\s*)?or\s+", re.I)
"""What joins values offered as alternatives ("in 1841 or 1842", "11 or 12 players"), matched whole
(one way to read each space: a run of spaces between two numbers is not backtracked over twice)."""
APPROXIMATE = 0.1
"""How far "about" and "nearly" reach: "about 3,000" is 2,700 to 3,300, "nearly 40%" 36% to 40%."""

MONTHS = {
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
MONTHS |= {name.lower(): number for name, number in MONTHS.items() if len(name) > 3 and name not in ("March", "August")}
"""Months with their capital, and in lower case where the word is nothing else ("november" but not "may")."""
_MONTH = r"(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
DAY_WORDS = (
    {word: day for day, word in enumerate(ORDINAL_WORDS) if day >= 3}
    | {"thirtieth": 30, "thirty first": 31}
    | {f"twenty {ORDINAL_WORDS[unit]}": 20 + unit for unit in range(1, 10)}
)
"""A day of the month in words, with its number ("third", "twenty-first" or "twenty first"); not
"first" or "second" alone, which are more often no day ("the first May bank holiday", "a second
June vote"), as text2num leaves them words."""
_DAY_WORD = "|".join(word.replace(" ", r"[\s-]") for word in sorted(DAY_WORDS, key=len, reverse=True))
_DAY = rf"(?P<{{}}>[0-3]?\d|(?i:{_DAY_WORD}))(?:st|nd|rd|th)?"


def day_of(written: str) -> int:
    """The day a date writes in digits or in words ("21", "twenty-first")."""
    return int(written) if written.isdigit() else DAY_WORDS[" ".join(written.lower().replace("-", " ").split())]


_DAY_RANGE = _DAY.format("day") + r"(?:\s*(?:[-\u2013\u2014]|to|and|&|through)\s*" + _DAY.format("last") + ")?"
_YEAR = r"(?P<year>[12]\d{3})(?!\d)"
NAMED_DAYS = {
    "new year's day": (1, 1),
    "valentine's day": (2, 14),
    "st patrick's day": (3, 17),
    "st. patrick's day": (3, 17),
    "bastille day": (7, 14),
    "halloween": (10, 31),
    "guy fawkes night": (11, 5),
    "bonfire night": (11, 5),
    "armistice day": (11, 11),
    "christmas eve": (12, 24),
    "christmas day": (12, 25),
    "boxing day": (12, 26),
    "new year's eve": (12, 31),
    "hogmanay": (12, 31),
}
"""Days of the year known by name, each always on one date, as (month, day): "Christmas Day 1066"
is 25 December 1066. Not a feast that moves (Easter, Thanksgiving)."""
_NAMED_DAY = "(?i:" + "|".join(re.escape(day).replace("'", "['\u2019]") for day in NAMED_DAYS) + ")"
DATES = [
    re.compile(rf"\b{_DAY_RANGE}\s+(?:of\s+)?{_MONTH}(?:,?\s+{_YEAR})?(?![\w-])"),
    re.compile(rf"\b{_MONTH}\s+{_DAY_RANGE}(?![\d:])(?:(?:\s?,\s*|\s+){_YEAR})?(?![\w-])"),
    re.compile(rf"\b{_MONTH},?\s+(?:of\s+)?{_YEAR}"),
    re.compile(r"\b(?P<year>[12]\d{3})-(?P<numeric_month>[01]\d)-(?P<day>[0-3]\d)\b"),
    re.compile(r"(?<![\d/.])(?P<first>[0-3]?\d)([/.])(?P<second>[0-3]?\d)\2(?P<year>[12]\d{3})(?![\d/]|\.\d)"),
    re.compile(rf"\b(?P<named_day>{_NAMED_DAY})(?:,?\s+{_YEAR})?(?![\w-])"),
]
"""Dates in the forms answers and sources write them: "12 May 2019", "May 12th, 2019", "May
2019", "2019-05-12", "3/4/2019" (either way round: :attr:`Date.either_way`), day ranges ("June
9–10", "9 and 10 June"), and a day known by name (:data:`NAMED_DAYS`: "Christmas Day 1066").
Month names are matched with their capital where the word is also another ("May", "March",
"August"), so the verb "may" is not a month."""

ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
NAME_WITH_DIGITS = re.compile(
    r"(?<![\w-])(?P<stem>[A-Za-z](?:[A-Za-z]|(?<![A-Za-z]{5})\.|-(?=[A-Za-z])){0,23}?)-?(?P<digits>\d+)(?P<tail>[A-Za-z]*)"
    r"(?![\w.,]\d)"
)
"""A name that holds digits: "G20", "COVID-19", "MP3", "F-16", "H1N1", "SARS-CoV-2" (letters, in
one or more hyphened parts, before the digits), or an abbreviation's "No.5", "Fig.3". A word of
five or more letters then "." is a sentence's end where text runs sentences together
("…of Manhattan.55 Hudson Yards is…"), not a name.
The stem is bounded (24 characters, longer than any such name) so the search stays linear: an
unbounded one rescans the rest of the text from every letter of "a.a.a.…"."""
NAME_THEN_NUMBER = re.compile(
    r"(?<![\w-])(?P<stem>[A-Z][A-Za-z]+|[A-Z]{2,}|[a-z][A-Z][A-Za-z]+)\s(?P<digits>\d+|[IVXLC]{2,}(?=[\s,.;:)'’]|$)|I(?=[,.;:)'’]|$))"
    r"(?![\w.,:]\d|[\w%°-]|(?<=\d{4})[\u2013/]\d)"
)
"""A capitalized name and then a number: "Boeing 747", "Windows 11", "Formula 1", "Henry VIII",
"World War II", "iPhone 16". Not a year that starts a season ("Premier League 1992–93", "FA Cup
2003/04"), a month ("May 2019") or a word that opens a phrase ("In 1990",
"Over 500", "Since 2002": :data:`LEADS_A_NUMBER`), nor a name before a measure ("circles the
Earth 705 kilometres up")."""
_MILLIONS_OF = (
    "people|users|customers|subscribers|visitors|viewers|residents|inhabitants|voters|passengers|households"
    "|homes|jobs|members|fans|tourists|downloads|copies|shares|barrels|views|followers|patients|workers|employees"
)
_COUNTED_IN_MILLIONS = "|".join(f"{word[:-1]}s?" if word.endswith("s") else word for word in _MILLIONS_OF.split("|"))
"""What is counted, in the singular too, before its count: "passenger numbers reached 61.6m"."""
MILLIONS = re.compile(
    rf"(?<![\w.,])(?P<before>\d+(?:\.\d+)?)m\b(?=\s+(?:{_MILLIONS_OF})\b)"
    rf"|\b(?:population|{_COUNTED_IN_MILLIONS}|revenue|sales|turnover|profit|loss|budget|debt|funding|income)\b"
    r"[^.\d]{0,30}?(?P<after>\d+(?:\.\d+)?)m\b",
    re.I,
)
"""A bare "m" that is million, not metres: before or after what is counted in millions ("8.3m
people", "a population of 8.3m"; after a currency sign :data:`NUMBER` reads it)."""
CURRENCY_BEFORE = re.compile(rf"{MONEY}\s?$")
"""A currency right before a value ("$" of "$12m"): the amount is :data:`NUMBER`'s to read."""
WRITTEN_MILLION = re.compile(r"(?<![^\W\d_])million(?=\s)")
THEN_IN_MILLIONS = re.compile(r"\s+(?:to|and|or|from)\s+(?P<value>\d+(?:\.\d+)?)m\b")
"""A bare "m" right after a value in millions (:data:`WRITTEN_MILLION` or :data:`MILLIONS`): the
other end of "from 44.9m to 48.2m", "between 2 million and 3m"."""
RANGE = re.compile(
    rf"(?<![\w.,])(?P<sign>{MONEY}\s?)?(?P<low>\d+(?:\.\d+)?)\s?(?:[-\u2013]|\s+to\s+)\s?(?P<high_sign>{MONEY}\s?)?"
    r"(?P<high>\d+(?:\.\d+)?)"
    rf"(?P<suffix>{TEMPERATURE}|\s?(?:%|percent\b|per cent\b|(?:bn|mn|m|k|tn)\b"
    rf"|(?:{SCALE_WORDS})\b))",
    re.I,
)
"""A range whose sign, scale, percent or temperature scale is written once, for both ends: "$8-8.5bn",
"5-7%", "10 to 15 million", "11-17C"."""
QUARTER = re.compile(
    r"(?<![\w-])(?:Q(?P<q>[1-4])|(?P<n>[1-4])Q)(?:'?(?P<yy>\d{2})|\s(?P<yyyy>(?:19|20)\d{2}))?(?![\w-])"
)
"""A quarter as reports write it ("Q3", "3Q", "Q3 2023"), with its year run in or not ("3Q23", "Q3'23")."""
FISCAL_YEAR = re.compile(r"(?<![\w-])FY\s?'?(?P<year>(?:19|20)?\d{2})(?![\w-])")
"""A fiscal year as reports write it ("FY23", "FY 2021", "FY'24"): the year, never a name "FY"."""
ORDINAL_THEN_NAME = re.compile(
    r"\b(?P<digits>"
    + "|".join(word.capitalize() for word in ORDINAL_WORDS[1:11])
    + r")\s+(?P<name>[A-Z][a-z]+\s+(?P<stem>[A-Z][a-z]+))\b"
)
"""A name of two words numbered by an ordinal in front ("the Second World War"): the same name as
one numbered after it ("World War II"), read as its number with the name's last word."""
LEADS_A_NUMBER = frozenset(
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


_UNIT_ADJECTIVES = frozenset(
    {"business", "working", "calendar", "school", "consecutive", "full", "straight", "extra", "additional", "more"}
)
"""Words between a number and its unit that leave the unit as it is ("two business days" are days)."""


def unit_of_words(words: list[str]) -> tuple[str | None, float]:
    """The unit ``words`` (those after a number) begin with, and how many of its base unit one of
    it is: a unit of time, angle or temperature of :data:`UNIT_WORDS`, else any unit of measure
    pint reads there (:func:`validator.rules.numbers.units.measure`: "350 hectares", "3.5 square kilometres"),
    named by what it measures, so that a value written in any unit of one kind is the same value.
    Past an adjective of :data:`_UNIT_ADJECTIVES` ("two business days") the unit is the next word's."""
    if words and words[0].lower() in _UNIT_ADJECTIVES:
        words = words[1:]
    if not words:
        return None, 1.0
    if (unit := UNIT_WORDS.get(words[0].lower())) is not None:
        return _BASE_UNITS.get(unit, (unit, 1.0))
    found = measure(words)
    return (found.dimension, found.factor) if found else (None, 1.0)


def is_unit(word: str) -> bool:
    return unit_of_words([word])[0] is not None


UNIT_WORD = re.compile(r"\s*([^\W\d_]+)")
UNIT_WORD_AFTER = re.compile(r"[\s-]?[^\W\d_]+")
IN_A_SEQUENCE = frozenset(
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
FEWER = frozenset({"fewer", "less"})
"""Words after a number that make it a fall ("1.4 fewer days"): the change a minus sign writes ("-1.4 days")."""
CHANGE_WORDS = FEWER | {"more", "extra", "additional"}
"""Words between a number and what it counts that make it a change of that thing ("3 more days")."""
