"""Text as every check reads it: typography folded once, before any rule or model sees it; and
the words every rule shares (number words, stopwords, stems), so no rule imports another's.

LLMs and web pages write curly apostrophes and quotes, typographic dashes and minus signs,
no-break and thin spaces, fullwidth letters and digits, and characters no reader sees (soft
hyphens, zero-width spaces and joiners, bidirectional marks, byte-order marks). Each is the same
text to a reader, and each used to hide a word from a rule that was written for the plain form:
"doesn’t" was not a negation, "n\u200bot" not "not", "．5 mg" not ".5 mg". Folding them once, in one
table, means no rule has to know them (docs/verdicts.md, "What a rule reads").

What is folded, by a table kept as data (:data:`FOLDS`, :data:`INVISIBLE`): single quotes,
apostrophes, primes and the letters drawn like one (Hawaiian ʻokina, saltillo) to ``'``, and a
grave accent between letters ("can`t") too; double quotes and double primes to ``"``; dashes, hyphens and
the minus sign to ``-``; every Unicode space to `` ``; fullwidth forms (U+FF01–U+FF5E) to their
ASCII letters; invisible characters dropped; a lone surrogate (text decoded with
``surrogateescape`` or cut from UTF-16) to U+FFFD, the replacement character, so no reader meets
a string it cannot encode; and, inside a word that mixes them with Latin letters, the Cyrillic and
Greek letters drawn like a Latin one (:data:`LOOKALIKES`: "nоt" with a Cyrillic "о" is "not" to
a reader, and was no word to the model). Nothing else changes: not case, not accents, not
superscripts (Unicode normalization would turn "10³" into "103").

The answer's own text is never rewritten: a sentence keeps its offsets into what the user wrote
(the fix and the error spans slice that), and the checks read its folded copy.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bm25s.stopwords import STOPWORDS_EN_PLUS
from nltk.stem import PorterStemmer

FOLDS: dict[str, str] = {
    **dict.fromkeys("\u2018\u2019\u201a\u201b\u2032\u2035\u02bc\u00b4\u02b9\u02bb\u02bd\ua78c\u055a\u05f3", "'"),
    **dict.fromkeys("\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb", '"'),
    **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63", "-"),
    **dict.fromkeys(
        "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000", " "
    ),
    **{chr(code): chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)},
}
"""Characters that stand for a plain one: what each is read as."""
INVISIBLE = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200c\u200d\u200e\u200f"
    "\u202a\u202b\u202c\u202d\u202e\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069"
    "\u3164\ufe00\ufe01\ufe02\ufe03\ufe04\ufe05\ufe06\ufe07\ufe08\ufe09\ufe0a\ufe0b\ufe0c"
    "\ufe0d\ufe0e\ufe0f\ufeff\uffa0"
)
"""Characters no reader sees, which a tokenizer drops: soft hyphen, zero-width space, joiners and
non-joiners, directional marks and isolates, word joiner and invisible operators, variation
selectors, Hangul fillers, byte-order mark."""
LOOKALIKES: dict[str, str] = {
    **dict(zip("аеіјорусхѕԁһԛԝ", "aeijopycxsdhqw", strict=True)),
    **dict(zip("АВЕІЈКМНОРСТХЅУ", "ABEIJKMHOPCTXSY", strict=True)),
    **dict(zip("οινκρυ", "oivkpu", strict=True)),
    **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX", strict=True)),
}
"""Cyrillic and Greek letters a reader cannot tell from a Latin one, and that letter. Read so only
inside a word that holds a Latin letter too (a spoof: "nоt", "Раris"); a word written wholly in
Cyrillic or Greek is that language's, and left as written."""
_LOOKALIKE = re.compile("[" + "".join(LOOKALIKES) + "]")
_WORD_OF_LETTERS = re.compile(r"[^\W\d_]+")
_LATIN = re.compile("[A-Za-z]")
_READ_AS = {**FOLDS, **dict.fromkeys(INVISIBLE, "")}
_FOLDED = re.compile("[" + "".join(map(re.escape, _READ_AS)) + "\U000e0000-\U000e007f\ud800-\udfff]")
"""Every character folded: the two tables, Unicode tag characters (invisible too: they once
spelled flags) and lone surrogates."""


HIDING = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f]")
"""Invisible characters that change what a reader sees rather than nothing: bidirectional marks,
embeddings, overrides and isolates ("Give \u202e5.0\u202c mg" shows as "Give 0.5 mg") and Unicode tag
characters (text no reader sees at all). Folding them away would check a sentence other than the one
displayed, so a sentence holding one is not checked, and fails (:mod:`validator.pipeline.stages`)."""
_INVISIBLE = re.compile("[" + INVISIBLE + "\U000e0000-\U000e007f]")


def without_invisible(text: str) -> str:
    """``text`` with every invisible character (:data:`INVISIBLE`, tag characters) dropped: what a
    fix writes, so no character a reader cannot see leaves the guard."""
    return text if text.isascii() else _INVISIBLE.sub("", text)


def _read_as(match: re.Match[str]) -> str:
    character = match.group()
    if character in _READ_AS:
        return _READ_AS[character]
    return "" if character >= "\U000e0000" else "\ufffd"  # a tag is dropped, a lone surrogate replaced


def fold_typography(text: str) -> str:
    """``text`` as the checks read it (the module docstring says what is folded and why). One
    regular expression finds what is folded, so the cost is one scan plus each character
    changed: ASCII text, most of what is checked, is only looked at for a grave accent used as
    an apostrophe (``str.translate`` with the table took 0.4 s over a 5,000,000-character
    source, and more than refusing it did)."""
    if not text.isascii():
        text = _FOLDED.sub(_read_as, text)
        text = _WORD_OF_LETTERS.sub(_latin, text) if _LOOKALIKE.search(text) else text
    return _GRAVE_APOSTROPHE.sub("'", text) if "`" in text else text


_GRAVE_APOSTROPHE = re.compile(r"(?<=[^\W\d_])`(?=[^\W\d_])")
"""A grave accent between two letters is an apostrophe typed on the key beside it ("can`t",
"isn`t"); elsewhere it marks code ("`pip install`") and is left as written."""


def _latin(word: re.Match[str]) -> str:
    """A word with its look-alike letters read as Latin ones, where it holds a Latin letter. Each
    word is found whole first and then looked into: a pattern for "a word holding a Latin letter"
    tried again from every letter of a long word with none (40,000 Cyrillic letters took 22 s)."""
    text = word.group()
    if not _LATIN.search(text):
        return text
    return _LOOKALIKE.sub(lambda letter: LOOKALIKES[letter.group()], text)


LIST_MARKER = re.compile(r"^[ \t]*+(?:\(?\d{1,3}[.)]|\(?[a-z][)]|[-*\u2022\u2023\u25e6+])[ \t]++(?=\S)")
"""A list item's marker at the start of a sentence ("1. ", "2) ", "(a) ", "- ", "• "): structure,
not something the sentence says. "1. Aspirin thins the blood." is read as "Aspirin thins the
blood.", which its source says; the model read the marker as part of the claim and contradicted it."""


def without_list_marker(text: str) -> str:
    """``text`` without a list item's marker in front (:data:`LIST_MARKER`)."""
    return LIST_MARKER.sub("", text, count=1)


# Words every rule shares.

NUMBER_WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]
"""Number words as a sentence writes them, each at its value's index."""
ORDINAL_WORDS = [
    "zeroth",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
]
"""Ordinal words, each at its value's index."""
SCALES = {
    **{"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12},
    **dict.fromkeys(("lakh", "lakhs"), 1e5),
    **dict.fromkeys(("crore", "crores"), 1e7),
}
"""The scale words and what each multiplies by, the Indian numbering system's too ("5 crore" is
50 million)."""


STOPWORDS = frozenset(STOPWORDS_EN_PLUS) | frozenset(NUMBER_WORDS) | frozenset(ORDINAL_WORDS) | frozenset(SCALES)
"""Words that say nothing of what a sentence is about, for every rule that compares content words:
bm25s's English list and the number words (a value is compared as a value, never as a word)."""


POINTS_BACK = frozenset({"it", "them"})
"""Pronouns for a thing, inside a sentence: they stand for something named before them ("London
hosted them in 1908" after "Paris hosted the Games in 1900")."""

LEANS_BACK = re.compile(
    r"^(?:(?i:the|this|that|these|those|such)\s+(?P<head>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\b(?!\s+of\b)"
    r"|.*\b(?i:there|then|here)\b(?!\s+(?i:is|are|was|were|has|have|had|will|would|may|might|seems?|appears?)\b))"
)
"""What makes a sentence lean on the one before it without a pronoun: a definite or demonstrative
subject in common nouns ("The tower is 330 metres tall.", "This drug is safe.") that the sentence
before named, or a place or a time said as "there", "then", "here" (not the "there" of "there
is"). Read by :meth:`~validator.pipeline.report.CheckReport.with_dependants`."""

NEGATIONS = frozenset({"not", "never", "no", "none", "nobody", "nothing", "nowhere", "neither", "nor"})
"""Words that negate what follows them, for the rules that read a sentence's polarity."""

_STEMMER = PorterStemmer()


@lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """``word``'s Porter stem (cached: the same words recur in every passage)."""
    return _STEMMER.stem(word)
