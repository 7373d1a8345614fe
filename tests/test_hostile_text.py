"""Text made to be slow for regular expressions costs time in proportion to its length: runs of
digits, dots, commas, spaces, quotes, currency signs, brackets, number words, strikethrough marks
that never close and table-like lines in a source, an
answer sentence and a retrieved passage, read by every rule that reads text. The bound is on
growth, not seconds (a loaded machine slows both sizes alike): twice the text may cost at most
three times the time. ``benchmarks/bench_adversarial.py`` gives the seconds."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from validator.rules.attribution import clauses
from validator.rules.identifiers import read_identifiers
from validator.rules.numbers import check_numbers
from validator.rules.opposites import opposes
from validator.rules.quotes import VerbatimHaystack, missing_quote, normalize, sentence_keys
from validator.sources import read_source
from validator.splitting import Span, split_sentences
from validator.text import fold_typography

UNITS = [
    "1",
    ".",
    ",",
    " ",
    "1,",
    "1.",
    '"',
    "'",
    "$",
    "$1",
    "[",
    "[1]",
    "(",
    "one ",
    "1k",
    "1 thousand ",
    "$8-8.5bn ",
    "EUR1 ",
    "1 degrees ",
    "10^",
    "1bp ",
    "1 m2 ",
    "1 km / h ",
    "1'1\" ",
    "FY1",
    "a1-",
    "\u2019",
    "\u200b",
    "# #",
    "**",
    "__",
    "\u0430",
    "\u0430a",
    "~~x ",
    "<s>x ",
    "<s x",
    "x\u0336",
    "a,1\n",
    "| a |\n",
    '{"a": ',
    "A ",
    "<h1",
    "a\n=",
    "1 mg/kg ",
    "1 C ",
    "1 lakh ",
    "<p>a",
    "<p x",
    "&amp;<li>",
    "a: 1\n",
    "- a: b\n  c: 1\n",
    "a_b",
    "aB",
]
CLAIM = "The bridge was built in 1931 by 20 men for $4m."
READERS: dict[str, Callable[[str], object]] = {
    "source read by the number rule": lambda text: check_numbers(CLAIM, text + " x"),
    "answer sentence keyed for copies": lambda text: sentence_keys("It was " + text + "a."),
    "source held for copies": lambda text: VerbatimHaystack.of(text).holds_sentence(CLAIM),
    "identifiers": read_identifiers,
    "normalized for copies": normalize,
    "typography": fold_typography,
    "a source as every check reads it": read_source,
    "a long cell of a table in a source": lambda text: read_source("h,k\n" + f"{text}wxyz,b\n" * 3),
    "sentences": split_sentences,
}
SIZE = 20_000


def _seconds(reader: Callable[[str], object], unit: str, size: int, prefix: str = "") -> float:
    """The quicker of two reads of a fresh text of ``size`` characters (a rule may cache a text):
    ``prefix``, then ``unit`` repeated."""
    times = []
    for attempt in range(2):
        text = prefix + unit * (size // len(unit)) + f" {attempt}{size}"
        started = time.perf_counter()
        reader(text)
        times.append(time.perf_counter() - started)
    return min(times)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(READERS))
def test_twice_the_hostile_text_costs_at_most_three_times_the_time(name: str) -> None:
    reader = READERS[name]
    reader("warm up: 1931, $4m, 20 km, 3.5%, [1] " * 50)  # loads what a first read loads (pint's units)
    for unit in UNITS:
        once, twice = _seconds(reader, unit, SIZE), _seconds(reader, unit, 2 * SIZE)
        assert twice <= 3 * once + 0.02, f"{unit!r}: {once:.3f} s at {SIZE:,}, {twice:.3f} s at {2 * SIZE:,}"


RUNS: list[tuple[str, str]] = [
    ("The landlord, not", " "),
    ("The landlord (not", " "),
    ("The landlord - not", "\t"),
    ("The landlord pays", " -"),
    ("\u201c", "\u201c"),
    ("\u201cword ", "\u201cword "),
    ('"', "' "),
    ("the dam: 1.", " "),
    ("| a | b |\n|", " "),
    ("1, ", "1, "),
    ("built in 1931", " ,"),
    ("All branches open on Sundays except", " "),
    ("The Alder bridge, which", " "),
    ("The bridge opened in 1920 and", " "),
    ("The battery lasts up to", " 12"),
]
"""A pattern's own worst input: the words it looks for, then a long run of what may follow them
(spaces after "not", opening quotes that never close, a table's rule line of spaces)."""
RUN_READERS: dict[str, Callable[[str], object]] = {
    "exclusions and antonyms of a source": lambda text: opposes("The tenant is liable.", text),
    "a near-copy's exchanges and bounds": lambda text: opposes(text[:200] + " x", text),
    "what a clause says of its subject": clauses,
    "quotes of an answer sentence": lambda text: missing_quote(Span(text, 0, len(text)), "The tenant is liable."),
    "a source as every check reads it": read_source,
    "sentences": split_sentences,
    "source read by the number rule": lambda text: check_numbers(CLAIM, text + " x"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(RUN_READERS))
def test_a_long_run_after_what_a_pattern_looks_for_costs_time_in_proportion(name: str) -> None:
    reader = RUN_READERS[name]
    reader("warm up: 1931, $4m, 20 km, 3.5%, [1] " * 50)
    for prefix, filler in RUNS:
        once, twice = _seconds(reader, filler, SIZE, prefix), _seconds(reader, filler, 2 * SIZE, prefix)
        assert twice <= 3 * once + 0.02, (
            f"{prefix!r}+{filler!r}: {once:.3f} s at {SIZE:,}, {twice:.3f} s at {2 * SIZE:,}"
        )
