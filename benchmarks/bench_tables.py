"""Values from the wrong row of a table: how many pass, with tables read a row at a time and without.

One drug table (three rows, two value columns) as a Markdown pipe table, as CSV and as JSON; for
each row, column and other row, a claim giving that row's drug the other row's value, in six
wordings, and the same claims with the right value. Each is checked by the validator at its
defaults against the table alone, once as it ships and once with ``validator.tables.read_rows``
switched off (the text read as written), and the counts printed:

    PYTHONPATH=. python benchmarks/bench_tables.py
"""

from __future__ import annotations

import json
from collections import Counter

import validator.sources as sources_module
from validator.pipeline import CheckRequest, ProvenanceChecker

HEADER = ("Drug", "Daily dose", "Max dose")
ROWS = [("Aspirin", "75 mg", "300 mg"), ("Warfarin", "5 mg", "10 mg"), ("Metformin", "500 mg", "2000 mg")]
WORDINGS = [
    "The {column} of {name} is {value}.",
    "{name} has a {column} of {value}.",
    "{name} is taken at a {column} of {value}.",
    "{name}'s {column} is {value}.",
    "For {name}, the {column} is {value}.",
    "The {column} for {name} is {value}.",
]
TABLES = {
    "markdown": "\n".join(
        ["| " + " | ".join(HEADER) + " |", "|---|---|---|"] + ["| " + " | ".join(row) + " |" for row in ROWS]
    ),
    "csv": "\n".join(",".join(row) for row in [HEADER, *ROWS]),
    "json": json.dumps({"drugs": [{"name": n, "daily dose": d, "max dose": m} for n, d, m in ROWS]}),
}


def claims() -> list[tuple[str, str, bool]]:
    """(table, claim, right) for every table, wording, row, column and value in that column."""
    return [
        (
            table,
            wording.format(column=HEADER[column].lower(), name=ROWS[row][0], value=ROWS[other][column]),
            row == other,
        )
        for table in TABLES
        for wording in WORDINGS
        for row in range(len(ROWS))
        for column in (1, 2)
        for other in range(len(ROWS))
    ]


def passed(checker: ProvenanceChecker) -> Counter[tuple[str, bool]]:
    counts: Counter[tuple[str, bool]] = Counter()
    for table, claim, right in claims():
        report = checker.check(CheckRequest(claim, sources=[TABLES[table]]))
        counts[(table, right)] += all(s.verdict == "supported" for s in report.sentences)
    return counts


def main() -> None:
    checker = ProvenanceChecker()
    shipped = passed(checker)
    read_rows = sources_module.read_rows
    sources_module.read_rows = lambda source: source  # the text as written
    try:
        as_written = passed(checker)
    finally:
        sources_module.read_rows = read_rows
    total = Counter((table, right) for table, _, right in claims())
    print("| table | wrong-row claims passed, as written | a row at a time | right ones, as written | row at a time |")
    print("|---|---|---|---|---|")
    for table in TABLES:
        wrong, right = (table, False), (table, True)
        print(
            f"| {table} | {as_written[wrong]}/{total[wrong]} | {shipped[wrong]}/{total[wrong]} "
            f"| {as_written[right]}/{total[right]} | {shipped[right]}/{total[right]} |"
        )


if __name__ == "__main__":
    main()
