"""A source as every check reads it: its typography folded, what it strikes through dropped, its
HTML read as text (:func:`without_markup`), and its tables read a row at a time.

An edited page keeps its withdrawn words struck through beside the new ones ("~~opens at 8am~~
opens at 9am", ``<del>``, ``<s>``, ``<strike>``, or letters each under a combining long stroke,
U+0336), and read as plain text the withdrawn claim was evidence like any other: "The clinic opens
at 8am." passed against the page that struck it out. Struck text is the page's structure saying
"no longer so", not a list of words, and it is dropped before any check reads the source.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_left

from validator.tables import read_rows
from validator.text import fold_typography

_TILDES = re.compile("(?=~~)")
"""Every place two tildes start, overlapping ("~~~" holds two)."""
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
_TAG = re.compile(r"(?=(<(del|s|strike)\b[^>]{0,500}>|</(del|s|strike)\s*>))", re.I)
"""Where an opening or a closing tag of an HTML element that strikes through starts (overlapping:
"<s<del>" is both; its attributes bounded, so a text of "<s" that never close is read once, not
once from each)."""
_STROKED = re.compile("\\S\u0336+")
"""A character under a combining long stroke overlay."""


def without_struck(text: str) -> str:
    """``text`` without what it strikes through (the module docstring): Markdown's ``~~…~~``
    within a paragraph, HTML's struck elements, and characters under a stroke overlay. As a regular
    expression would read them, leftmost first and each to its first close, but each mark is paired
    by a binary search over the others: a text full of marks that never close costs its length,
    not its length squared, as a pattern scanning on from each did (25 s for 80 KB of "~~x ")."""
    if "~~" not in text and "<" not in text and "\u0336" not in text:
        return text
    kept, end = [], 0
    for start, stop in sorted([*_tilde_spans(text), *_element_spans(text)]):
        if start >= end:  # the leftmost first; one that starts inside it is gone with it
            kept.append(text[end:start])
            end = stop
    return _STROKED.sub("", "".join(kept) + text[end:])


def _tilde_spans(text: str) -> list[tuple[int, int]]:
    """From each ``~~`` before a character that is not a space to the first ``~~`` after one,
    with at least a character between and no blank line."""
    marks = [mark.start() for mark in _TILDES.finditer(text)]
    closes = [at for at in marks if at > 0 and not text[at - 1].isspace()]
    breaks = [found.start() for found in _PARAGRAPH_BREAK.finditer(text)]
    spans = []
    for at in marks:
        if at + 2 < len(text) and not text[at + 2].isspace():
            i = bisect_left(closes, at + 3)
            if i < len(closes) and _none_between(breaks, at + 2, closes[i]):
                spans.append((at, closes[i] + 2))
    return spans


def _none_between(positions: list[int], start: int, end: int) -> bool:
    i = bisect_left(positions, start)
    return i == len(positions) or positions[i] >= end


def _element_spans(text: str) -> list[tuple[int, int]]:
    """From each opening tag of a struck HTML element to the first closing tag of its name after it."""
    closes: dict[str, list[tuple[int, int]]] = {}
    opens = []
    for tag in _TAG.finditer(text):
        if tag.group(2):
            opens.append((tag.group(2).lower(), tag.start(), tag.end(1)))
        else:
            closes.setdefault(tag.group(3).lower(), []).append((tag.start(), tag.end(1)))
    spans = []
    for name, start, opened in opens:
        after = closes.get(name, [])
        i = bisect_left(after, (opened, 0))
        if i < len(after):
            spans.append((start, after[i][1]))
    return spans


_MARKUP = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]{0,9})\b[^<>]{0,500}>")
"""An HTML tag: whether it closes, its name (its attributes bounded, as :data:`_TAG`'s are)."""
_HEADING_TAG = re.compile(r"h[1-6]", re.I)
_BLOCKS = frozenset(
    {
        *("p", "div", "section", "article", "header", "footer", "aside", "main", "nav", "blockquote", "figure"),
        *("figcaption", "pre", "ul", "ol", "dl", "dt", "dd", "li", "br", "hr"),
        *("table", "caption", "thead", "tbody", "tfoot", "tr", "td", "th"),
    }
)
"""HTML elements that end a line of text where they open or close."""


def without_markup(text: str) -> str:
    """An HTML source as the text a reader sees: a heading as Markdown writes it ("<h3>Myths</h3>"
    as "### Myths", which frames what follows as any heading does), each block element on lines of
    its own, a list item as "- …", other tags dropped and entities read ("&amp;" as "&"). A copy
    wrapped in ``<p>`` was not a copy of any sentence, nor under its heading. Text with no tag of
    these is left as it is ("x < 5 and y > 3")."""
    if "<" not in text or not any(
        name.lower() in _BLOCKS or _HEADING_TAG.fullmatch(name) for _, name in _MARKUP.findall(text)
    ):
        return text

    def as_text(tag: re.Match[str]) -> str:
        closing, name = tag.group(1), tag.group(2).lower()
        if _HEADING_TAG.fullmatch(name):
            return "\n\n" if closing else "\n\n" + "#" * int(name[1]) + " "
        if name == "li" and not closing:
            return "\n- "
        return "\n" if name in _BLOCKS else ""

    return html.unescape(_MARKUP.sub(as_text, text))


def read_source(text: str) -> str:
    """``text`` as every check reads a source (the module docstring)."""
    return read_rows(without_markup(without_struck(fold_typography(text))))
