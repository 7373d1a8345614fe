"""Sentence splitting with character offsets, and chunking of sources, fully offline.

Two splitters, both offline (nltk's ``sent_tokenize`` needs punkt data that pip never installs,
and that guardrails tries to download at import):

- **answers** (:func:`split_sentences`): pysbd, whose rules ship in its wheel and handle
  abbreviations, decimals and quotes well. Its sentences are what users see as error spans and
  byte-exact fixes, so the careful splitter is worth its cost on an answer's few hundred words.
- **sources** (:func:`split_source_sentences`): nupunkt's Punkt model (pure Python, its parameters
  in the wheel), some 20-30x faster than pysbd. A source can be megabytes; with pysbd, splitting
  a 5 MB source took 19 s of a 22 s check, with nupunkt under a second. On 1.7 MB of real
  prose (XSum, ConTRoL and MCTest documents) the two agree on 97% of nupunkt's sentence ends and
  99% of pysbd's; most of the rest are ends inside quotations, which pysbd does not cut
  (``benchmarks/bench_splitting.py``).

pysbd's cost grows quadratically with the length of what it is handed, so long text is first
cut into blocks at line breaks (and, for runaway paragraphs, at sentence-looking periods), and
each block is segmented alone; both splitters go through the same blocks, which also bounds a
"sentence" of text without punctuation. pysbd ends a sentence at every line break (Punkt is made
to here too), so hard-wrapped text (licences, RFCs, e-mail) is first unwrapped: a line break that
follows no sentence punctuation and precedes no blank line or list marker becomes a space, unless
it and the next are short and the next opens with a capital (:data:`WRAP_WIDTH`: claims written a
line each). That substitution keeps every character offset, so spans still index the
original text.
"""

from __future__ import annotations

import bisect
import re
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Literal, cast

import nupunkt
import pysbd
from pysbd.utils import TextSpan

from validator.errors import check_choice

ChunkStrategy = Literal["sentence", "word", "char", "token", "full"]
CHUNK_STRATEGIES: tuple[str, ...] = ("sentence", "word", "char", "token", "full")
MAX_BLOCK_CHARS = 2_000
_BLOCK_BREAK = re.compile(r"\n[ \t]*\n")
_SOFT_WRAP = re.compile(r"(?<![.!?:;\n \t])[ \t]*+\n(?![ \t]*+(?:\n|[-*•#>]|\d+[.)][ \t]))")
"""A hard wrap inside a sentence: a line break (and the spaces before it) after no sentence-final
punctuation. It starts where the run of spaces does, so a long run costs its length once."""
WRAP_WIDTH = 50
"""A line shorter than this, followed by another that opens with a capital, is a line of its own (a
list item, an answer written a claim a line), not a hard wrap: wrapped text breaks its lines near
its width, and a short line only where a paragraph ends."""


def _unwrapped(wrap: re.Match[str]) -> str:
    """A hard wrap as spaces of its length; a break between two short lines, the second opening
    with a capital, kept as it is. Both lines count: the first may be measured from the start of
    an excerpt rather than of its line (a sentence cut from a wrapped licence), and must split as
    it does in its whole text."""
    text, start, end = wrap.string, wrap.start(), wrap.end()
    line = start - (text.rfind("\n", 0, start) + 1)
    next_end = text.find("\n", end)
    next_line = (len(text) if next_end == -1 else next_end) - end
    if line < WRAP_WIDTH and next_line < WRAP_WIDTH and text[end : end + 1].isupper():
        return wrap.group()
    return " " * len(wrap.group())


SENTENCE_END = r"[.!?…。！？][\"'”’)\]»]*"
"""Sentence-final punctuation and the closing marks that may follow it ('…tall."', '…fin.»'),
as a regular expression: the splitter cuts long runs of text after it, and the streaming
validator releases a sentence that ends with it."""
_SOFT_BREAK = re.compile(SENTENCE_END + r"\s+")
_WORD = re.compile(r"\S+")
_SOURCE_PIECE = re.compile(r"[^\n。！？]*[。！？]+|[^\n]+")
"""A line, cut after CJK sentence ends too: Punkt (a model of spaced scripts) does not know "。"."""
PYSBD_PLACEHOLDERS = "∯∮♨☝♭♬☉☄☇☈ᓴᓷᓸᓳᓱᓰ✂⎋⌬☏ƪ♟♝ȹȸ⁃"
"""Characters pysbd substitutes into text while it works (pysbd 0.3.4's rule files)."""
_NEUTRALIZE = str.maketrans(dict.fromkeys(PYSBD_PLACEHOLDERS, "_"))


@dataclass(frozen=True)
class Span:
    """A piece of a text, with ``text == original[start:end]``."""

    text: str
    start: int
    end: int


_PER_THREAD = threading.local()


def _segmenter() -> pysbd.Segmenter:
    """This thread's segmenter. pysbd keeps the text it is segmenting on the Segmenter itself, so
    one shared by threads (a Guard validating several fields at once, an app's worker threads)
    mixes their texts up: two sentences came back as one, with spans into the other text."""
    segmenter = getattr(_PER_THREAD, "segmenter", None)
    if segmenter is None:
        segmenter = _PER_THREAD.segmenter = pysbd.Segmenter(language="en", clean=False, char_span=True)
    return segmenter


def _blocks(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) blocks of at most ``MAX_BLOCK_CHARS`` that end at a line or sentence break."""
    start = 0
    while start < len(text):
        end = min(start + MAX_BLOCK_CHARS, len(text))
        if end < len(text):
            window = text[start:end]
            breaks = (
                [m.end() for m in _BLOCK_BREAK.finditer(window)]
                or [m.end() for m in _SOFT_BREAK.finditer(window)]
                or [m.end() for m in re.finditer(r"\n", window)]
            )
            if breaks:
                end = start + breaks[-1]
        yield start, end
        start = end


def split_sentences(text: str) -> list[Span]:
    """Split an answer into sentences whose offsets index the original string (pysbd).

    Leading and trailing whitespace is kept out of each span, and whitespace-only
    pieces are dropped, so spans can be cut out of the text and the rest stays as is.
    The spans are in order, do not overlap, and cover every non-whitespace character.

    Examples:
        >>> [s.text for s in split_sentences("Dr. Li paid $3.50. It rained.")]
        ['Dr. Li paid $3.50.', 'It rained.']
    """
    return _split(text, _pysbd_spans)


def split_source_sentences(text: str) -> list[Span]:
    """Split a source into sentences, as :func:`split_sentences` does but with Punkt (nupunkt),
    which is fast enough for megabytes: what chunking and the passages' own sentences use.

    Examples:
        >>> [s.text for s in split_source_sentences("Dr. Li paid $3.50. It rained.")]
        ['Dr. Li paid $3.50.', 'It rained.']
    """
    return _split(text, _punkt_spans)


def _split(text: str, segment: Callable[[str], Iterable[tuple[int, int]]]) -> list[Span]:
    pieces: list[tuple[int, int]] = []
    unwrapped = _SOFT_WRAP.sub(_unwrapped, text.translate(_NEUTRALIZE))
    for block_start, block_end in _blocks(unwrapped):
        block = unwrapped[block_start:block_end]
        if block.strip():
            pieces.extend((block_start + start, block_start + end) for start, end in _rejoined(block, segment(block)))
    return _covering(text, pieces)


def _pysbd_spans(block: str) -> Iterator[tuple[int, int]]:
    """pysbd's sentences, rejoined where it cut inside a word: it ends a sentence at a dot that
    opens a word (".env", ".gitignore", ".NET"), which no reader does."""
    seen, glued = _as_pysbd_reads_it(block)
    pieces = [
        (_unspaced(piece.start, glued), _unspaced(piece.end, glued))
        for piece in cast("list[TextSpan]", _segmenter().segment(seen))
    ]
    cuts = {position - i for i, position in enumerate(glued)}  # where a glued sentence starts in ``block``
    joined: list[tuple[int, int]] = []
    for start, end in pieces:
        if joined and _inside_word(block, start) and start not in cuts:
            start = joined.pop()[0]
        joined.append((start, end))
    yield from joined


_FLAG = re.compile(r"(?<!\S)--?(?=[A-Za-z])")
"""A command-line option's dashes ("--pdfa", "-v"): pysbd takes two of them in one text for a
dash-bounded aside and never ends a sentence between them."""
_GLUED = re.compile(r"(?:(?<=[a-z]{2}[.!?])|(?<=[0-9]{2}[.!?]))(?=[A-Z][a-z])")
"""A sentence end with no space after it ("…for all users.The office…", "…opened in 2001.It
has…"): two lower-case letters or two digits, the stop, then a capitalised word. Not "Dr.Lee" or
"U.S.Army" (one or no lower-case letter before the stop), a file name (".NET", "Node.js"), a
version ("v2.0") or a decimal ("3.14": a digit after the stop)."""


def _as_pysbd_reads_it(block: str) -> tuple[str, list[int]]:
    """``block`` as pysbd is given it: an option's dashes as spaces (same length), and a space
    put in after each glued sentence end, whose places in the spaced text are returned."""
    text = _FLAG.sub(lambda m: " " * len(m.group()), block)
    glued = [m.start() for m in _GLUED.finditer(text)]
    if not glued:
        return text, []
    parts, previous = [], 0
    for position in glued:
        parts += [text[previous:position], " "]
        previous = position
    parts.append(text[previous:])
    return "".join(parts), [position + i for i, position in enumerate(glued)]


def _unspaced(position: int, inserted: list[int]) -> int:
    """A position in the spaced text, as a position in the block (each inserted space removed)."""
    return position - bisect.bisect_left(inserted, position)


def _inside_word(text: str, position: int) -> bool:
    """Whether ``position`` is inside a token: a word character right after a dot or a word
    character, with no space between ("the .|env file", "v2.|0"). A CJK sentence end ("。")
    needs no space after it, so it is not a token."""
    return (
        0 < position < len(text)
        and _WORD_CHAR.match(text, position) is not None
        and (text[position - 1] == "." or _WORD_CHAR.match(text, position - 1) is not None)
    )


_WORD_CHAR = re.compile(r"\w")


def _punkt_spans(block: str) -> Iterator[tuple[int, int]]:
    """Punkt's sentences, each also cut at the line breaks left after unwrapping (as pysbd cuts)."""
    for start, end in nupunkt.sent_spans(block):
        for piece in _SOURCE_PIECE.finditer(block, start, end):
            yield piece.start(), piece.end()


_BEFORE_AN_AMOUNT = re.compile(r"\b(?:Rs|Rp|[Aa]pprox|[Cc]a|[Ee]st|[Aa]vg|[Aa]pp)\.\s*$")
"""Abbreviations that both splitters end a sentence at before the amount they lead ("collected
Rs. 250 crore", "Rp. 5000", "approx. 5 mg", "ca. 1850", "est. 2,000"); they know "No. 5", "Vol.
3", "Fig. 2"."""


_ABBREVIATED = re.compile(r"(?:(?<![A-Za-z])(?:(?![aeiou])[a-z]){1,5}|(?<=\d)\s?[a-z]{1,3})\.\s*$")
"""A piece that ends with an abbreviation, not a sentence: a word of no vowel ("pct.", "lb.",
"tbsp.", "cf.") or a short unit right after a number ("3 hrs.", "5 min."). Where the next piece
opens with a word in lower case ("Take 5 mg. twice a day."), pysbd or Punkt cut a sentence in two
there."""
_LOWER_START = re.compile(r"\s*[a-z]+(?=[\s,;.)])")
"""A word in lower case, then a space or a clause's stop: not a link's scheme ("https://…")."""


def _rejoined(block: str, spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` with each cut between a currency's abbreviation and its amount undone, and each
    cut after an abbreviation (:data:`_ABBREVIATED`) before a word in lower case."""
    joined: list[tuple[int, int]] = []
    for start, end in spans:
        if joined and (
            (_BEFORE_AN_AMOUNT.search(block, *joined[-1]) and block[start : start + 1].isdigit())
            or (_ABBREVIATED.search(block, *joined[-1]) and _LOWER_START.match(block, start))
        ):
            start = joined.pop()[0]
        joined.append((start, end))
    return joined


def _covering(text: str, pieces: list[tuple[int, int]]) -> list[Span]:
    """Stripped, ordered, non-overlapping spans from ``pieces``, plus any text they missed."""
    bounds: list[tuple[int, int]] = []
    position = 0
    for start, end in sorted(pieces):
        start = max(start, position)
        if end <= start:
            continue
        if start > position:
            bounds.append((position, start))  # text the segmenter skipped
        bounds.append((start, end))
        position = end
    bounds.append((position, len(text)))
    spans: list[Span] = []
    for start, end in bounds:
        raw = text[start:end]
        if raw.strip():
            start += len(raw) - len(raw.lstrip())
            end = start + len(raw.strip())
            if spans and _OPENS.fullmatch(spans[-1].text):
                start = spans.pop().start  # "ii." or "“" cut off by the splitter opens this one
            elif spans and not _WORDED.search(text, start, end) and not _OPENS.fullmatch(text, start, end):
                start = spans.pop().start  # a quote mark, bracket or stop cut off ends the sentence before
            spans.append(Span(text[start:end], start, end))
    return spans


_WORDED = re.compile(r"[^\W_]")
"""A letter or a digit: a piece without one after a sentence ("…good food.'", "…ended. .") is
the quote mark, bracket or stop that ends it, not a sentence of its own (unless it opens the
next: :data:`_OPENS`)."""
_OPENS = re.compile(r"(?:#{1,6}\s*)?(?:\(?(?:\d{1,3}|[a-z]|[ivxlc]{1,6})[.)]|[-*•])|[‘“«(\[]+", re.I)
"""What the splitter may cut off as a "sentence" of its own that belongs to the one after it: a
list marker ("ii.", "(b)", "-") or an opening quote mark or bracket ("‘", "“")."""


def _windows(items: list[Span], size: int, overlap: int) -> list[Span]:
    """Join runs of ``size`` consecutive spans, each run starting ``size - overlap`` later."""
    step = max(size - overlap, 1)
    windows = []
    for first in range(0, len(items), step):
        run = items[first : first + size]
        windows.append(Span(" ".join(s.text for s in run), run[0].start, run[-1].end))
        if first + size >= len(items):
            break
    return windows


def chunk_text(
    text: str,
    strategy: ChunkStrategy = "sentence",
    size: int = 5,
    overlap: int = 2,
    tokenize: Callable[[str], list[tuple[int, int]]] | None = None,
) -> list[Span]:
    """Cut a source into retrievable chunks.

    Args:
        text: The source document.
        strategy: ``sentence``, ``word``, ``char`` or ``token`` windows of ``size`` units
            with ``overlap`` units shared by neighbours, or ``full`` for the whole text.
            Defaults to ``sentence``.
        size: Units per chunk. Defaults to 5.
        overlap: Units shared by consecutive chunks; must be smaller than ``size``.
            Defaults to 2.
        tokenize: For ``token``: returns the (start, end) character offsets of each token.

    Raises:
        InvalidInput: On an unknown strategy (a ``ValueError``).
        ValueError: On an overlap that is not smaller than size.
    """
    check_choice("chunk_strategy", strategy, CHUNK_STRATEGIES)
    if size < 1 or not 0 <= overlap < size:
        raise ValueError(f"need chunk_size >= 1 and 0 <= chunk_overlap < chunk_size, got {size}, {overlap}")
    if not text.strip():
        return []
    if strategy == "full":
        return [Span(text, 0, len(text))]
    if strategy == "char":
        starts = range(0, max(len(text) - overlap, 1), size - overlap)
        return [Span(text[i : i + size], i, min(i + size, len(text))) for i in starts if text[i : i + size].strip()]
    if strategy == "sentence":
        units = split_source_sentences(text)
    elif strategy == "word":
        units = [Span(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]
    else:
        if tokenize is None:
            raise ValueError("chunk_strategy='token' needs a tokenizer")
        units = [Span(text[a:b], a, b) for a, b in tokenize(text)]
    windows = _windows(units, size, overlap)
    if strategy == "token":  # keep the source's own spacing between sub-word tokens
        windows = [Span(text[w.start : w.end], w.start, w.end) for w in windows]
    return windows
