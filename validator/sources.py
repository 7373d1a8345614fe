"""A source as every check reads it: its typography folded, what it strikes through dropped, and
its tables read a row at a time.

An edited page keeps its withdrawn words struck through beside the new ones ("~~opens at 8am~~
opens at 9am", ``<del>``, ``<s>``, ``<strike>``, or letters each under a combining long stroke,
U+0336), and read as plain text the withdrawn claim was evidence like any other: "The clinic opens
at 8am." passed against the page that struck it out. Struck text is the page's structure saying
"no longer so", not a list of words, and it is dropped before any check reads the source.
"""

from __future__ import annotations

import re

from validator.tables import read_rows
from validator.text import fold_typography

_STRUCK = re.compile(r"~~(?=\S)(?:(?!\n\s*\n).)+?(?<=\S)~~|<(del|s|strike)\b[^>]*>.*?</\1\s*>", re.I | re.S)
"""Markdown's ``~~…~~`` within a paragraph, and HTML's struck elements."""
_STROKED = re.compile("\\S\u0336+")
"""A character under a combining long stroke overlay."""


def without_struck(text: str) -> str:
    """``text`` without what it strikes through (the module docstring)."""
    if "~~" not in text and "<" not in text and "\u0336" not in text:
        return text
    return _STROKED.sub("", _STRUCK.sub("", text))


def read_source(text: str) -> str:
    """``text`` as every check reads a source (the module docstring)."""
    return read_rows(without_struck(fold_typography(text)))
