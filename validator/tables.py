"""Tables, CSV and JSON in a source, read a row at a time.

A row's cells say one thing together ("| Warfarin | 5 mg | 10 mg |" gives warfarin's doses), but
read as text every row runs on into the next: the sentence splitter sees one long sentence, so the
number rule found a value in any row and the model read a grid, and the wrong row's value passed.
Each cell of a row is written as a sentence of its own that names its column's header and the
row's first cell ("The Max dose of Warfarin is 10 mg."), and each value of a JSON object likewise
with its key and the object's ``name`` (or first text value). That is
structure, the way a person reads a table, not a word list; the rest of a source is left as it
is written.

Read so: pipe tables (Markdown's, with a ``|---|`` rule under the header), comma- or tab-separated
blocks of three lines or more whose lines have the same number of fields (two or more) under a
header without numbers, with a number in every row and no cell longer than a name (prose with as
many commas a line is not a table), key-value records (YAML's "- drug: Aspirin" and a form's
"Drug: Aspirin" lines, two records or more that open with the same key, a number among their
values), and a source that is a JSON object or array as a whole. A header or key written as code
("daily_dose", "maxDose") is read as its words.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$")
"""The line under a pipe table's header: ``|---|:--:|``."""
_NUMERIC = re.compile(r"^[\s$£€%+\-.,\d]*\d[\s$£€%.,\d]*[a-zA-Z%]{0,3}$")
_NAME_KEYS = ("name", "title", "label", "id")
"""The keys whose value names a JSON object, in order; else its first text value does."""
MIN_CSV_LINES = 3
MAX_CELL_CHARS = 40
"""A cell of a comma-separated table is a value or a name: a longer one is prose."""


def read_rows(source: str) -> str:
    """``source`` with each table row, CSV row and JSON object written as a sentence (the module
    docstring); a source with none is returned as it is."""
    stripped = source.strip()
    if stripped[:1] in "[{" and (rows := _json_rows(stripped)) is not None:
        return rows
    if not any(mark in source for mark in "|,\t:"):
        return source
    lines = source.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        end, rows = _table_at(lines, i)
        out.extend(lines[i : max(end, i + 1)] if rows is None else rows)
        i = max(end, i + 1)
    return "\n".join(out)


def _said(name: str, pairs: Iterable[tuple[str, str]]) -> str:
    """What a row or an object says, a sentence a cell: "The Max dose of Warfarin is 10 mg." (each
    value beside the name of what it is of, where the model and the number rule read both; a
    header or key written as an identifier, "daily_dose" or "maxDose", in its words)."""
    said = " ".join(f"The {_words(head)} of {name} is {cell}." for head, cell in pairs if head and cell)
    return said or f"{name}."


def _words(head: str) -> str:
    """A header or key as words: "daily_dose" and "dailyDose" are "daily dose"."""
    return _CAMEL.sub(" ", head.replace("_", " ")).lower() if _IDENTIFIER.fullmatch(head) else head


_IDENTIFIER = re.compile(r"[A-Za-z]+(?:_[A-Za-z0-9]+)+|[a-z]{2,}(?:[A-Z][a-z0-9]+)+")
"""A header or key written as code: words joined by "_" or in camel case (not "iPhone", "eBay")."""
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def _row(cells: list[str], header: list[str]) -> str:
    """A row: what its first cell names, and each other cell under its column's header."""
    return _said(cells[0], zip(header[1:], cells[1:], strict=False))


def _table_at(lines: list[str], i: int) -> tuple[int, list[str] | None]:
    """The end of the block starting at line ``i``, and its rows as sentences where it is a table
    (None where it is not: its lines stay as they are, and are not read again)."""
    if "|" in lines[i] and i + 1 < len(lines) and _RULE.match(lines[i + 1]):
        header = _pipe_cells(lines[i])
        end = i + 2
        while end < len(lines) and "|" in lines[end] and lines[end].strip():
            end += 1
        return end, [_row(cells, header) for cells in map(_pipe_cells, lines[i + 2 : end]) if any(cells)]
    if _KEY_VALUE.match(lines[i]):
        return _records_at(lines, i)
    return _csv_at(lines, i)


_KEY_VALUE = re.compile(r"^\s{0,8}(?P<item>-\s+)?(?P<key>[A-Za-z][\w ]{0,30}?)\s*:\s+(?P<value>\S.{0,40})$")
"""A line of a key-value record, YAML's or a form's: "- drug: Aspirin", "  daily dose: 75 mg"."""


def _records_at(lines: list[str], i: int) -> tuple[int, list[str] | None]:
    """Key-value records from line ``i`` ("- drug: Aspirin" / "  dose: 75 mg", or blocks of
    "Key: value" lines apart by a blank line): each record a sentence a field, named by its first
    value, as a row is (:func:`_said`). A record starts at a list marker, after a blank line, or
    where its first key comes again; it is read so only where there are two or more, each opening
    with the same key, and a field holds a number; else the lines stay as they are."""
    records: list[list[tuple[str, str]]] = []
    end = i
    while end < len(lines):
        line = lines[end]
        if not line.strip():
            if end + 1 < len(lines) and _KEY_VALUE.match(lines[end + 1]) and records:
                records.append([])
                end += 1
                continue
            break
        if (field := _KEY_VALUE.match(line)) is None:
            break
        key = field.group("key").strip()
        if not records or field.group("item") or (records[-1] and key == records[0][0][0]):
            records.append([])
        records[-1].append((key, field.group("value").strip()))
        end += 1
    records = [record for record in records if record]
    opening = {record[0][0] for record in records}
    if len(records) < 2 or len(opening) > 1 or any(len(record) < 2 for record in records):
        return end, None
    if not any(_NUMERIC.match(value) for record in records for _, value in record[1:]):
        return end, None
    return end, [_said(record[0][1], record[1:]) for record in records]


def _pipe_cells(line: str) -> list[str]:
    cells = [cell.strip() for cell in line.strip().split("|")]
    if cells and not cells[0]:
        cells = cells[1:]
    if cells and not cells[-1]:
        cells = cells[:-1]
    return cells


def _csv_at(lines: list[str], i: int) -> tuple[int, list[str] | None]:
    """A comma- or tab-separated block from line ``i``: lines with one number of fields (two or
    more), the first a header without numbers; a table where every row holds a number and no cell
    is prose (:func:`_a_table`)."""
    for delimiter in (",", "\t"):
        if delimiter not in lines[i]:
            continue
        width = len(_fields(lines[i], delimiter))
        end = i + 1
        while end < len(lines) and lines[end].strip() and len(_fields(lines[end], delimiter)) == width:
            end += 1
        if width < 2 or end - i < MIN_CSV_LINES:
            continue
        header, *body = (_fields(line, delimiter) for line in lines[i:end])
        if not _a_table(header, body, lines[i:end]):
            return end, None
        return end, [_row(row, header) for row in body]
    return i, None


def _a_table(header: list[str], body: list[list[str]], lines: list[str]) -> bool:
    """Whether separated lines are a table rather than prose with as many commas a line: every
    cell short (measured first: only a short cell is read for a number, as the pattern backtracks
    over a long one), a header of names without numbers, a number in every row, no line ending a
    sentence."""
    return (
        all(len(cell) <= MAX_CELL_CHARS for row in [header, *body] for cell in row)
        and all(cell and not _NUMERIC.match(cell) for cell in header)
        and all(any(_NUMERIC.match(cell) for cell in row) for row in body)
        and not any(line.rstrip().endswith((".", "!", "?")) for line in lines)
    )


def _fields(line: str, delimiter: str) -> list[str]:
    return [field.strip() for field in next(csv.reader([line], delimiter=delimiter), [])]


def _json_rows(text: str) -> str | None:
    """A JSON source as sentences, one per object (None where it is not JSON, or nested deeper than
    it can be walked: json reads some nesting that the walk cannot, and such a source is read as
    it is written)."""
    try:
        value = json.loads(text)
        return "\n".join(_objects(value, "")) if isinstance(value, (dict, list)) else None
    except (ValueError, RecursionError):
        return None


def _objects(value: Any, within: str) -> Iterator[str]:
    """A sentence for each object of ``value`` that holds plain values (``within``: the key its
    list or object stands under, which names it where nothing in it does)."""
    if isinstance(value, list):
        for item in value:
            yield from _objects(item, within)
        return
    if not isinstance(value, dict):
        return
    plain = {key: item for key, item in value.items() if _plain(item)}
    if plain:
        named = next((key for key in _NAME_KEYS if isinstance(plain.get(key), str)), None)
        named = named or next((key for key, item in plain.items() if isinstance(item, str)), None)
        name = str(plain.pop(named)) if named else within
        yield _said(name, ((str(key), _text(item)) for key, item in plain.items()))
    for key, item in value.items():
        if not _plain(item):
            yield from _objects(item, str(key))


def _plain(item: Any) -> bool:
    """A value a sentence can say: text, a number, true or false, or a list of those."""
    if isinstance(item, list):
        return bool(item) and all(_plain(part) and not isinstance(part, list) for part in item)
    return isinstance(item, (str, int, float, bool)) or item is None


def _text(item: Any) -> str:
    if isinstance(item, list):
        return ", ".join(map(_text, item))
    if isinstance(item, bool) or item is None:
        return json.dumps(item)
    return str(item)
