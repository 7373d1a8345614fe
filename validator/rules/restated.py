"""A sentence of the evidence with its values written another way.

"The hall seats 1,200 people." against "The hall seats 1200 people.", "The sale starts on
2024-03-05." against "The sale starts on 5 March 2024.", "The flight takes 2.5 hours." against
"The flight takes two and a half hours.": the NLI model reads a value written another way as
another value, and fails a sentence that says exactly what its source says. The number reader
knows both forms are one value, so that knowledge decides: where the answer's sentence is an
evidence sentence word for word except in runs that each hold a value the reader reads on both
sides, and the number rule vouches for every value of it against that sentence, it is supported
as a copy is.

Only the values may differ, and each must be proven one value: the two runs read the same values
(value, unit and date, one for one), and nothing is left of either run once its values are taken
out but words a value is written with. So a run that holds no value the reader reads ("soon"
against "12:00"), or more than :data:`MAX_RUN_TOKENS` tokens, leaves the sentence to the model,
and so does a label the reader reads only in part: a score ("3-2" is not "3-1", though neither
2 nor 1 is a value the rule would veto), a serial number or a flat ("4D" is not "4B", though the
reader reads 4 in both). Such runs are equal only character for character, and then they are no
run at all.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import NamedTuple

from validator.rules.numbers import Number, check_numbers, find_numbers
from validator.rules.numbers.lexicon import MONTHS
from validator.text import SCALES

MAX_RUN_TOKENS = 6
"""The longest run of tokens one value may take on either side ("two and a half hours")."""
_TOKEN = re.compile(r"\w+|[^\w\s]")
_WRITTEN_WITH = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand "
    "million billion trillion bn mn m k half halves quarter quarters third thirds and a an point per cent "
    "percent pc am pm p noon midday midnight "
    "st nd rd th "
    "second seconds minute minutes hour hours hr hrs day days week weeks month months year years "
    "mm cm m km metre metres meter meters kilometre kilometres kilometer kilometers mile miles ft foot feet "
    "inch inches g kg gram grams kilogram kilograms lb lbs pound pounds oz ml l litre litres liter liters "
    "dollar dollars usd euro euros eur gbp yen yuan rupee rupees c f degree degrees celsius fahrenheit"
)
VALUE_WORDS = frozenset(_WRITTEN_WITH.split()) | frozenset(SCALES) | frozenset(month.lower() for month in MONTHS)
"""Words a value may be written with (number words, months, units, currencies): the only words
but digits and punctuation the two runs may differ in. "1,200 adults" is not "1200 people". The
scale words and months are the number reader's own tables."""
_ROMAN = re.compile(r"[ivxlcdm]+")
"""A Roman numeral, folded ("iv" of "Chapter IV"): a value too, where the reader reads one."""


def restated(claim: str, sentences: Iterable[str]) -> str | None:
    """The first of ``sentences`` that ``claim`` restates with only its values written another way
    (module docstring), else None."""
    read = find_numbers(claim)
    if not read:
        return None
    ours = _Read(claim, _tokens(claim), read)
    for sentence in sentences:
        if _values_apart(ours, sentence) and check_numbers(claim, [sentence]) is None:
            return sentence
    return None


def _tokens(text: str) -> list[tuple[str, int, int]]:
    return [(m.group().casefold(), m.start(), m.end()) for m in _TOKEN.finditer(text)]


class _Read(NamedTuple):
    """A text, its tokens and its numbers, each read once however many runs ask."""

    text: str
    tokens: list[tuple[str, int, int]]
    numbers: list[Number]


def _values_apart(claim: _Read, sentence: str) -> bool:
    ours, theirs = claim.tokens, _tokens(sentence)
    other_read: list[Number] | None = None
    matcher = difflib.SequenceMatcher(a=[t for t, _, _ in ours], b=[t for t, _, _ in theirs], autojunk=False)
    runs = _merged([op[1:] for op in matcher.get_opcodes() if op[0] != "equal"], ours)
    if not runs:
        return False  # the same words: a copy, which settle decides
    for a0, a1, b0, b1 in runs:
        if not (0 < a1 - a0 <= MAX_RUN_TOKENS and 0 < b1 - b0 <= MAX_RUN_TOKENS):
            return False
        words = {t for t, _, _ in ours[a0:a1] + theirs[b0:b1] if t.isalpha() and not _ROMAN.fullmatch(t)}
        if not words <= VALUE_WORDS:
            return False
        other_read = find_numbers(sentence) if other_read is None else other_read
        mine = _run_values(claim.text, claim.numbers, ours[a0][1], ours[a1 - 1][2])
        other = _run_values(sentence, other_read, theirs[b0][1], theirs[b1 - 1][2])
        if mine is None or other is None or sorted(mine) != sorted(other):
            return False
    return True


def _run_values(text: str, read: list[Number], start: int, end: int) -> list[tuple[float, str, str]] | None:
    """The values ``read`` in ``text`` (in place: "Chapter IV" is a value, "IV" alone is not) that
    overlap ``text[start:end]``, each as (value, unit, date): what two runs must share one for one.
    ``None`` where the run holds none, or where any of it is neither a value read nor a word a
    value is written with ("D" of "4D", "HGCM" of a serial number): such a run is a label, not a
    value written another way."""
    numbers = [n for n in read if n.end > start and n.start < end]
    if not numbers:
        return None
    rest = text[start:end]
    for number in sorted(numbers, key=lambda n: -n.start):
        rest = rest[: max(0, number.start - start)] + " " + rest[max(0, number.end - start) :]
    if any(not (t.isalpha() and t.casefold() in VALUE_WORDS) for t in re.findall(r"\w+", rest)):
        return None
    return [(*n.canonical(), str(n.date)) for n in numbers]


def _merged(runs: list[tuple[int, int, int, int]], ours: list[tuple[str, int, int]]) -> list[tuple[int, int, int, int]]:
    """Differing runs joined across what they share of one value ("2024-03-05" and "5 March 2024"
    share "2024"): two runs are one where only digits and punctuation lie between them."""
    merged: list[tuple[int, int, int, int]] = []
    for run in runs:
        if merged and all(not token.isalpha() for token, _, _ in ours[merged[-1][1] : run[0]]):
            merged[-1] = (merged[-1][0], run[1], merged[-1][2], run[3])
        else:
            merged.append(run)
    return merged
