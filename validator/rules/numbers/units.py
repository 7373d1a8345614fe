"""Units of measure after a number, read with pint: any unit it knows, in any spelling it knows.

A source and an answer often state one quantity in two units ("350 hectares" and "3.5 square
kilometres", "5 miles" and "8 km", "1,000 acres" and "405 hectares"). A hand-written table knows
the spellings someone thought of; pint's registry knows every spelling of a unit, with its
plurals, prefixes and powers ("square kilometres", "km²", "sq ft", "cubic feet", "kilowatt hours",
"miles per hour"), and converts between any two of one kind. :func:`measure` reads the words after
a number as one of the units prose states quantities in (:data:`_UNITS`), and gives what it
measures and its size in SI base units, so the number rule compares values whatever unit each was
written in.

Durations, temperatures, percentages and money keep the number rule's own readings
(:mod:`validator.rules.numbers`): a duration's parts are written in several units ("2 hours and 15
minutes"), a temperature's scale has an offset, and "pound" is money before it is a weight.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from bm25s.stopwords import STOPWORDS_EN_PLUS

if TYPE_CHECKING:
    import pint

_SI_PREFIXES = frozenset({"kilo", "mega", "giga", "tera", "centi", "milli", "micro"})

_UNITS = {
    **dict.fromkeys(("meter", "gram", "liter", "watt", "watt_hour", "joule", "pascal"), _SI_PREFIXES),
    **dict.fromkeys(("metric_ton",), frozenset({"kilo", "mega", "giga"})),
    **dict.fromkeys(("byte", "bit"), frozenset({"kilo", "mega", "giga", "tera", "peta", "kibi", "mebi", "gibi"})),
    **dict.fromkeys(("calorie",), frozenset({"kilo"})),
    **dict.fromkeys(
        (
            "mile",
            "nautical_mile",
            "foot",
            "inch",
            "yard",
            "hectare",
            "acre",
            "gallon",
            "barrel",
            "ton",
            "pound",
            "ounce",
            "horsepower",
            "pound_force_per_square_inch",
            "mile_per_hour",
            "kilometer_per_hour",
            "cubic_centimeter",
            "hour",
            "minute",
            "second",
            "day",
        ),
        frozenset(),
    ),
}
"""The units prose states quantities in, by pint's name, each with the prefixes it is written
with ("km", "MW", "kWh"; never "pm", which is a time of day, nor "mt"). pint knows every spelling
of each: plurals, symbols, "square" and "cubic" ("sq km", "km²"), "per" ("miles per hour"). pint
knows hundreds more, many of them ordinary words ("league", "section", "quarter", "shot", "cat"
as centi-atmospheres), so a unit outside this list is read as a word. Hours and seconds are here
for what is per hour or second ("miles per hour", "kilowatt hours"); alone they are durations,
outside :data:`DIMENSIONS`, which the number rule reads itself."""
DIMENSIONS = (
    "[length]",
    "[area]",
    "[volume]",
    "[mass]",
    "[velocity]",
    "[energy]",
    "[power]",
    "[pressure]",
    "[volume] / [time]",
    "[mass] / [time]",
    "[information]",  # INFORMATION, defined below
)
"""What a unit read here may measure: length, area, volume, mass, speed, energy, power, pressure,
data ("200 MB" is not "200 GB"), and the rates a leaflet or a data sheet writes ("20 ml per
hour" is not "20 ml per minute"). No dimensionless ratio ("mg per kg"): pint reads no unit at
all as dimensionless too."""
INFORMATION = "[information]"
_DATA_UNITS = frozenset({"byte", "bit"})
"""Units of data, which pint counts as dimensionless: :func:`_unit` gives them a kind of their
own, :data:`INFORMATION`, in bits."""
_NOT_STOPWORDS = frozenset({"m", "t"})  # "I'm", "don't" to a stopword list; metres and tonnes after a number
_ORDINARY_WORDS = (
    frozenset({"in", "pound", "pounds", "mum", "mug", "um", "mis", "ins", *STOPWORDS_EN_PLUS}) - _NOT_STOPWORDS
)
"""Words that name a unit here but mostly mean something else: "in" (inches, unless joined to its
number: "10in"), "pounds" (money, before a weight), words pint reads with "u" or "mu" for micro
("mum", "mug"), and stopwords ("has" is pint's plural of "ha")."""
_SYMBOLS = {
    "mw": "MW",
    "gw": "GW",
    "kw": "kW",
    "kwh": "kWh",
    "mwh": "MWh",
    "gwh": "GWh",
    "twh": "TWh",
    "kmh": "kph",
    "kms": "km",
    "kgs": "kg",
    "kilo": "kg",
    "kilos": "kg",
    "KB": "kB",
}
"""What pint does not read as prose writes it: a symbol's case (``mW`` is a milliwatt, ``MW`` a
megawatt) where lower-cased text means the larger ("a 300 mw plant"); "kmh" (to pint,
kilometre-hours); symbols with a plural "s" ("12 kms", "5 kgs") and "kilos"; "KB" for a
kilobyte (to pint, a kelvin-byte)."""
_LONGEST = 3
"""The most words one unit is written in ("miles per hour", "square kilometres")."""
FOOT, INCH = 0.3048, 0.0254
"""A foot and an inch in metres: a height in feet and inches is read as one length."""
_POWER = r"\s?(?-i:(?P<base>km|cm|mm|m|mi|ft|yd)(?P<power>[23]))\b"
_AS_PLAIN_TEXT = re.compile(
    _POWER + r"|\s?(?P<per_hour>miles|kilomet(?:re|er)s|km)\s+(?:per|an|a)\s+hour\b"
    r"|\s?km\s?/\s?h\b"
    r"|\s?(?P<numerator>[^\W\d_]+)\s*(?:/|\s+per\s+)\s*(?P<denominator>(?:square\s+|cubic\s+)?[^\W\d_]+[23²³]?)\b",
    re.I,
)
"""A unit right after a number in a form its words do not give pint: squared or cubed as plain
text writes it ("25 m2", "3 km2", which pint reads as "m²"; a symbol's case is its meaning), a
speed per hour with "an" or "a" ("50 kilometres an hour": pint reads "an hour" as "an" times an
hour), "km/h", whose slash the words after a number leave out, and a measure per another
("15 mg/kg", "5 g per litre"), which pint reads as no dimension or one of neither: a dose per
kilogram of body weight is not that many milligrams."""
_POWER_AFTER_A_NUMBER = re.compile(r"(?:(?<=\d)|(?<=/)|(?<=\bper ))" + _POWER)
"""A unit's power after its number ("25 m2") or as the measure a quantity is per ("kg/m2")."""


@dataclass(frozen=True)
class Measure:
    """A unit read after a number: what it measures (one of :data:`DIMENSIONS`, the same for every
    unit of one kind, or one of them per another), how many SI base units one of it is, and how
    many words it takes."""

    dimension: str
    factor: float
    words: int


@cache
def _registry() -> pint.UnitRegistry:
    """pint's default registry, built on first use (about 0.1 s; no file is written or read but
    pint's own definitions)."""
    import pint

    return pint.UnitRegistry(cache_folder=None)


@lru_cache(maxsize=4096)
def _unit(words: str) -> tuple[str, float] | None:
    """What ``words`` measure (one of :data:`DIMENSIONS`) and one of them in SI base units, where
    they are one of :data:`_UNITS` or a power, product or quotient of them."""
    registry = _registry()
    try:
        container = registry.parse_units_as_container(_SYMBOLS.get(words, words))
    except Exception:  # pint raises several kinds on words that are no unit (undefined, syntax, "-" as minus)
        # capitalized at a sentence's start, in a title or a headline ("Square Miles", "5 KM");
        # never a one-letter symbol, whose case is its meaning ("M" is no metre)
        return None if len(words) < 2 or words.lower() == words else _unit(words.lower())
    for name in container:
        readings = registry.parse_unit_name(name)
        if not readings:  # a name pint derives itself ("delta_decade" of "per decade"): none of ours
            return None
        prefix, root, _ = readings[0]
        if root not in _UNITS or (prefix and prefix not in _UNITS[root]):
            return None
    unit = registry.Unit(container)
    if container and {registry.parse_unit_name(name)[0][1] for name in container} <= _DATA_UNITS:  # pint: no dimension
        return INFORMATION, float(registry.Quantity(1, unit).to("bit").magnitude)
    pint_knows = (d for d in DIMENSIONS if d != INFORMATION)
    dimension = next((d for d in pint_knows if registry.get_dimensionality(d) == unit.dimensionality), None)
    if dimension is None:
        return None
    return dimension, float(registry.Quantity(1, unit).to_base_units().magnitude)


def measure_plain_text(text: str, end: int) -> tuple[Measure, int] | None:
    """The unit :data:`_AS_PLAIN_TEXT` reads right after a number ending at ``end`` ("25 m2", "50
    kilometres an hour", "320 km/h", "15 mg/kg"), and where it ends, or None where none is
    written so."""
    match = _AS_PLAIN_TEXT.match(text, end)
    if match is None:
        return None
    if match.group("numerator"):
        power = str.maketrans("23", "²³")  # "kg/m2" as pint reads "kg/m²"
        numerator, denominator = _unit(match.group("numerator")), _unit(match.group("denominator").translate(power))
        if numerator is None or denominator is None:
            return None
        ratio = Measure(f"{numerator[0]} per {denominator[0]}", numerator[1] / denominator[1], 3)
        return ratio, match.end()
    if match.group("base"):
        symbol = match.group("base") + ("²" if match.group("power") == "2" else "³")
    else:
        symbol = "mph" if (match.group("per_hour") or "").lower() == "miles" else "kph"
    found = _unit(symbol)
    return None if found is None else (Measure(*found, len(match.group().split())), match.end())


def unit_powers(text: str) -> Iterator[tuple[int, int]]:
    """Where a unit's power is written as a digit after a number or a "per" (the "2" of "25 m2",
    of "2 kg/m2"): no value."""
    return (match.span("power") for match in _POWER_AFTER_A_NUMBER.finditer(text))


def measure(words: list[str], joined: bool = False) -> Measure | None:
    """The unit the first of ``words`` (the words after a number, as written) begin, the longest
    reading first ("square kilometres" before "square"), or None where they begin none of
    :data:`_UNITS`. ``joined``: the first word is joined to its number ("10in"), where it is a
    symbol even if it is an ordinary word alone."""
    if not words or (words[0].lower() in _ORDINARY_WORDS and not (joined and words[0] == "in")):
        return None
    for size in range(min(_LONGEST, len(words)), 0, -1):
        if size > 1 and words[size - 1].lower() in _ORDINARY_WORDS:
            continue
        found = _unit(" ".join(words[:size]))
        if found is not None:
            return Measure(*found, size)
    return None
