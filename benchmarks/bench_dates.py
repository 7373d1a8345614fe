"""The number rule's date reader against dateparser, the maintained library issue 65 names, on the
forms docs/verdicts.md lists as dates: is a form read as well by the library, and at what cost?

Each row is a sentence and the date it states (year, month, first day, last day; None where the
sentence does not give it). Our reader is ``validator.rules.numbers.find_numbers`` (a value whose
unit is "date", or "year"); dateparser's is ``dateparser.search.search_dates`` (English, dates
before today preferred), whose first hit is read to the parts the row states. A sentence with no
date counts a hit as a false date. dateparser is not a dependency:

    pip install dateparser
    PYTHONPATH=. python benchmarks/bench_dates.py
"""

from __future__ import annotations

import importlib
import time

from validator.rules.numbers import find_numbers

Expected = tuple[int | None, int | None, int | None, int | None] | None
ROWS: list[tuple[str, Expected]] = [
    ("The bridge opened on 12 May 2019.", (2019, 5, 12, 12)),
    ("The bridge opened on May 12th, 2019.", (2019, 5, 12, 12)),
    ("The bridge opened on May 12, 2019.", (2019, 5, 12, 12)),
    ("The bridge opened on 2019-05-12.", (2019, 5, 12, 12)),
    ("The bridge opened on 12/05/2019.", (2019, 5, 12, 12)),
    ("The bridge opened in May 2019.", (2019, 5, None, None)),
    ("The bridge opened on Sunday, 12 May 2019.", (2019, 5, 12, 12)),
    ("The fair runs June 9-10.", (None, 6, 9, 10)),
    ("The fair runs 9 and 10 June.", (None, 6, 9, 10)),
    ("The fair ran on 9–10 June 2018.", (2018, 6, 9, 10)),
    ("The abbey was consecrated on Christmas Day 1065.", (1065, 12, 25, 25)),
    ("The treaty was signed on 28 December 1065.", (1065, 12, 28, 28)),
    ("The law took effect on 1 Jan. 2024.", (2024, 1, 1, 1)),
    ("The law took effect on Jan 1st 2024.", (2024, 1, 1, 1)),
    ("The reform dates from March 1790.", (1790, 3, None, None)),
    ("Results are due in Q3 2023.", None),  # a quarter, which the number rule reads as its own kind
    ("The dose is 5 mg twice a day.", None),
    ("The team scored 3 goals in 12 minutes.", None),
    ("Version 2.1.0 adds tables.", None),
    ("The vote was 61 to 34.", None),
    ("The flat is 64 square metres.", None),
    ("He may stay until the spring.", None),
]


def ours(sentence: str) -> Expected | list[Expected]:
    """The first date the number rule reads, both ways round where it keeps both ("12/05/2019")."""
    for number in find_numbers(sentence):
        if (date := number.date) is not None:
            read = date.year, date.month, date.first_day, date.last_day
            if date.either_way and date.first_day is not None:
                return [read, (date.year, date.first_day, date.month, date.month)]
            return read
    return None


def theirs(sentence: str) -> Expected | list[Expected]:
    search = importlib.import_module("dateparser.search")  # not a dependency: see the module docstring
    found = search.search_dates(sentence, languages=["en"], settings={"PREFER_DATES_FROM": "past"})
    if not found:
        return None
    when = found[0][1]
    return when.year, when.month, when.day, when.day


def right(expected: Expected, got: Expected | list[Expected]) -> bool:
    """Whether ``got`` (or one of its readings) gives every part ``expected`` states (a reader may
    add parts it was not given, as dateparser fills in today's day; it may not miss or change one)."""
    if isinstance(got, list):
        return any(right(expected, reading) for reading in got)
    if expected is None or got is None:
        return expected is None and got is None
    return all(want is None or want == have for want, have in zip(expected, got, strict=True))


def main() -> None:
    for name, reader in (("number rule", ours), ("dateparser", theirs)):
        reader(ROWS[0][0])  # loading, outside the timing
        started = time.perf_counter()
        results = [(sentence, expected, reader(sentence)) for sentence, expected in ROWS]
        seconds = time.perf_counter() - started  # the number rule reads every value, not only dates
        dated = [r for r in results if r[1] is not None]
        undated = [r for r in results if r[1] is None]
        print(
            f"{name}: {sum(right(e, g) for _, e, g in dated)}/{len(dated)} dates read, "
            f"{sum(g is not None for _, _, g in undated)}/{len(undated)} false dates, "
            f"{1000 * seconds / len(ROWS):.2f} ms a sentence"
        )
        for sentence, expected, got in results:
            if not right(expected, got):
                print(f"    {sentence!r}: {got} (want {expected})")


if __name__ == "__main__":
    main()
