"""Text the reader rewrote, that still knows where each of its characters was in the text as
written (:class:`Edited`).

The reader puts number words in digits before it reads them ("forty-two" → "42"), so that
the number pattern reads them with what goes with them. Each rewrite goes through
:meth:`Edited.sub` (or :meth:`Edited.splice`), which records what it replaced, and
:meth:`Edited.written_span` turns a span of the rewritten text back into the span of the text the
user wrote: what a finding quotes and marks.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable, Iterable, Iterator

import text_to_num


class Edited:
    """``written`` and the text it became, with each character's place in ``written``.

    A character a rewrite kept has its own place; a character a rewrite put in stands for all
    that the rewrite replaced (after the two texts' common start and end are taken off: "the
    21st" from "the twenty first" replaced only "twenty first"). The places are kept only once a rewrite
    changed something, so text no rewrite touched costs nothing.
    """

    def __init__(self, written: str) -> None:
        self.written = written
        self.text = written
        self._starts: array[int] | None = None
        self._ends: array[int] | None = None

    def sub(self, pattern: re.Pattern[str], replacement: Callable[[re.Match[str]], str]) -> None:
        """As ``pattern.sub(replacement, text)``, recording what changed."""
        self.splice((m.start(), m.end(), replacement(m)) for m in pattern.finditer(self.text))

    def splice(self, edits: Iterable[tuple[int, int, str]]) -> None:
        """Each ``(start, end, new)`` of ``edits`` (in order, apart) put in place of
        ``text[start:end]``."""
        text = self.text
        changed = [(start, end, new) for start, end, new in edits if new != text[start:end]]
        if not changed:
            return
        old_starts, old_ends = self._places()
        pieces: list[str] = []
        starts, ends = array("q"), array("q")
        position = 0
        deleted: list[tuple[int, int]] = []
        for start, end, new in changed:
            lead, tail = _kept_ends(text[start:end], new)
            start, end, new = start + lead, end - tail, new[lead : len(new) - tail]
            pieces += [text[position:start], new]
            starts += old_starts[position:start]
            ends += old_ends[position:start]
            first = old_starts[start] if start < len(text) else len(self.written)
            starts += array("q", [first]) * len(new)
            ends += array("q", [old_ends[end - 1] if end > start else first]) * len(new)
            if not new and end > start:  # "US$40" → "$40": what was cut goes with what follows
                deleted.append((len(starts), first))
            position = end
        pieces.append(text[position:])
        self.text = "".join(pieces)
        self._starts = starts + old_starts[position:]
        self._ends = ends + old_ends[position:]
        for at, first in deleted:
            if at < len(self._starts):
                self._starts[at] = min(self._starts[at], first)

    def _places(self) -> tuple[array[int], array[int]]:
        if self._starts is None or self._ends is None:
            return array("q", range(len(self.text))), array("q", range(1, len(self.text) + 1))
        return self._starts, self._ends

    def written_span(self, start: int, end: int) -> tuple[int, int]:
        """Where ``text[start:end]`` was in ``written``, without the spaces at either end."""
        if self._starts is not None and self._ends is not None and end > start:
            start, end = self._starts[start], self._ends[end - 1]
        while start < end and self.written[start].isspace():
            start += 1
        while end > start and self.written[end - 1].isspace():
            end -= 1
        return start, end


def _kept_ends(old: str, new: str) -> tuple[int, int]:
    """How many characters at the start and at the end of ``old`` a rewrite into ``new`` kept,
    whole words only: "population of 8.3m" → "population of 8.3 million" kept "population of
    8.3"; "a third of" → "about 33.33% of" kept " of", not the "a" that "about" begins with."""
    lead = _common_start(old, new)
    while lead and not _word_edge(old, new, lead):
        lead -= 1
    most = min(len(old), len(new)) - lead
    tail = min(_common_start(old[::-1], new[::-1]), most)
    while tail and not _word_edge(old, new, len(old) - tail, len(new) - tail):
        tail -= 1
    return lead, tail


def _common_start(one: str, other: str) -> int:
    size = 0
    for a, b in zip(one, other, strict=False):
        if a != b:
            break
        size += 1
    return size


def _word_edge(old: str, new: str, at: int, at_new: int | None = None) -> bool:
    """Whether position ``at`` of ``old`` (``at_new`` of ``new``) falls between words in both."""
    at_new = at if at_new is None else at_new
    return _between_words(old, at) and _between_words(new, at_new)


def _between_words(text: str, at: int) -> bool:
    return at in (0, len(text)) or not (text[at - 1].isalnum() and text[at].isalnum())


_TEXT2NUM_TOKEN = re.compile(r"\w+(?:['\u2019-]\w*)*|\s+|[^\w\s]")
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
("often", "tenant"), so text without one holds none, and is left as it is without being cut into
tokens (no sentence of the answers data, nor 60,000 lines of the NLI data, that it passes over
does text2num change)."""


class _Token:
    """A token as text2num's ``find_numbers`` reads it; ``kept`` where it is not to be read as
    part of a number (a scale after digits: "1.5 million" is read by the reader, not as "1.5
    1000000")."""

    __slots__ = ("kept", "word")

    def __init__(self, word: str, kept: bool) -> None:
        self.word, self.kept = word, kept

    def text(self) -> str:
        return self.word

    def nt_separated(self, previous: _Token) -> bool:
        return False

    def not_a_number_part(self) -> bool:
        return self.kept


def number_words_in_digits(edited: Edited, kept: Iterable[re.Pattern[str]]) -> None:
    """``edited`` with runs of number words in digits, by text2num ("forty-two" → "42", "twenty
    first" → "21st"), apart from the words any of ``kept`` matches. Only the clauses that hold a
    number word (:data:`_CLAUSE_END`, :data:`_NUMBER_WORD_START`) are cut into tokens: a
    2,000,000-character source with one "third" in it is not."""
    text = edited.text
    if not _NUMBER_WORD_START.search(text):
        return
    held = bytearray(len(text))
    for pattern in kept:
        for match in pattern.finditer(text):
            held[match.start() : match.end()] = b"\x01" * (match.end() - match.start())
    edited.splice(edit for start, end in _clauses(text) for edit in _clause_edits(text, start, end, held))


_CLAUSE_END = re.compile(r"(?<=[.!?;:])\s+|\n")
"""Where text2num's reading of a text may be cut without changing it: after a stop, a colon or
a semicolon and its space, and at a line's end (the same output, clause by clause, on the 51,779
texts of the answers data and 60,000 NLI pairs)."""


def _clauses(text: str) -> Iterator[tuple[int, int]]:
    start = 0
    for cut in _CLAUSE_END.finditer(text):
        yield start, cut.start()
        start = cut.end()
    yield start, len(text)


def _clause_edits(text: str, start: int, end: int, held: bytearray) -> list[tuple[int, int, str]]:
    """The edits that put ``text[start:end]``'s number words in digits."""
    if not _NUMBER_WORD_START.search(text, start, end):
        return []
    spans = [match.span() for match in _TEXT2NUM_TOKEN.finditer(text, start, end)]
    tokens = [_Token(text[a:b], 1 in held[a:b]) for a, b in spans]
    return [(spans[o.start][0], spans[o.end - 1][1], o.text) for o in text_to_num.find_numbers(tokens, "en")]
