"""Runs of number words, found where they stand by text2num (:func:`number_words`): "forty-two"
is 42, "twenty first" the 21st, "two thousand and five" 2005. Nothing is rewritten: each run is
given with its span in the text as written and the digits text2num reads it as, and
:mod:`~validator.rules.numbers.reading` reads it with what goes with it (a percent, a unit, "pm")
as it reads digits.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import text_to_num

from validator.rules.numbers.lexicon import (
    HALF_A_SCALE,
    ORDINAL_THEN_NAME,
    SCALE_AFTER_A_HALF,
    SCALE_AFTER_DIGITS,
    VAGUE_WORDS,
)
from validator.rules.numbers.shares import share_matches

KEPT: tuple[re.Pattern[str], ...] = (
    SCALE_AFTER_DIGITS,
    SCALE_AFTER_A_HALF,
    HALF_A_SCALE,
    VAGUE_WORDS,
    ORDINAL_THEN_NAME,
)
"""Words text2num is not to read, each left to its own reader: a scale after digits ("1.5
million"), a value and a half's ("two and a half million"), half a scale, a vague quantity
("hundreds of") and a name numbered in front ("the Second World War"), and a share
(:func:`~validator.rules.numbers.shares.share_matches`: "one in five"):
text2num would read them "1.5 1000000", "2 and a 0.5 1000000", "a 1000000", "100 of", "1 in 5"
and "the 2nd World War"."""

_TOKEN = re.compile(r"\w+(?:['\u2019-]\w*)*|\s+|[^\w\s]")
"""Words (with their hyphens and apostrophes: "seven-day" is one word, which text2num leaves as
it is), runs of space and single marks: the tokens in which text2num's own ``alpha2digit`` cuts a
text (the same output on the 3.9 million characters of ``../shared/data/train/answers``)."""

_NUMBER_WORD_START = re.compile(
    r"\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twel|thirt|fift|twent|fort|"
    r"hundred|thousand|million|billion|trillion|first|second|third|fourth|fifth|sixth|seventh|ninth|tenth|"
    r"nought|o\b)",
    re.I,
)
"""What every number word text2num reads begins with, "o" and "nought" (zeros) too: a superset
("often", "tenant"), so text without one holds none, and is not cut into tokens."""

_CLAUSE_END = re.compile(r"(?<=[.!?;:])\s+|\n")
"""Where text2num's reading of a text may be cut without changing it: after a stop, a colon or
a semicolon and its space, and at a line's end (the same output, clause by clause, on the 51,779
texts of the answers data and 60,000 NLI pairs)."""


class _Token:
    """A token as text2num's ``find_numbers`` reads it; ``kept`` where it is not to be read as
    part of a number (:data:`KEPT`)."""

    __slots__ = ("kept", "word")

    def __init__(self, word: str, kept: bool) -> None:
        self.word, self.kept = word, kept

    def text(self) -> str:
        return self.word

    def nt_separated(self, previous: _Token) -> bool:
        return False

    def not_a_number_part(self) -> bool:
        return self.kept


def number_words(text: str) -> list[tuple[int, int, str]]:
    """Each run of number words in ``text`` that text2num reads as one number, as ``(start, end,
    digits)``: its span in ``text`` and its digits ("21st" for "twenty first"), apart from the
    words :data:`KEPT` holds. Only the clauses that hold a number word (:data:`_CLAUSE_END`,
    :data:`_NUMBER_WORD_START`) are cut into tokens: a 2,000,000-character source with one
    "third" in it is not."""
    if not _NUMBER_WORD_START.search(text):
        return []
    held = bytearray(len(text))
    for match in (*(m for pattern in KEPT for m in pattern.finditer(text)), *share_matches(text)):
        held[match.start() : match.end()] = b"\x01" * (match.end() - match.start())
    return [run for start, end in _clauses(text) for run in _runs(text, start, end, held)]


def _clauses(text: str) -> Iterator[tuple[int, int]]:
    start = 0
    for cut in _CLAUSE_END.finditer(text):
        yield start, cut.start()
        start = cut.end()
    yield start, len(text)


def _runs(text: str, start: int, end: int, held: bytearray) -> Iterable[tuple[int, int, str]]:
    """The runs of number words in ``text[start:end]``, by text2num; not a plural ("the par
    fives", "rugby sevens", "in their twenties"), which names a kind, not a value."""
    if not _NUMBER_WORD_START.search(text, start, end):
        return []
    spans = [match.span() for match in _TOKEN.finditer(text, start, end)]
    tokens = [_Token(text[a:b], 1 in held[a:b]) for a, b in spans]
    found = [
        o
        for o in text_to_num.find_numbers(tokens, "en")
        if not text[spans[o.end - 1][0] : spans[o.end - 1][1]].lower().endswith("s")
    ]
    return [
        (spans[o.start][0], spans[o.end - 1][1], o.text)
        for o in found
        if o.text != text[spans[o.start][0] : spans[o.end - 1][1]]
    ]
