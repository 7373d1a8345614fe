"""Swaps inside one source: the share the validator catches, end to end, at its defaults.

``tests/data/swap_cases.jsonl`` holds sentences that exchange two names, places, dates, roles or
quotes that both occur in the source ("Bob Jones is the chief executive" where the source makes
Bob the CFO and Alice the chief executive), or put a name the source never mentions in the slot
of one it does, each with a faithful control on the same source. Every row is checked as an
answer (the hypothesis) against its source (the premise) by the validator's own pipeline; a swap
is caught when it fails, a control is right when it passes. The model card reports these
numbers for each release.

    python benchmarks/bench_swaps.py
    python benchmarks/bench_swaps.py --model build/candidate   # another model folder
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from validator.pipeline import CheckRequest, ProvenanceChecker
from validator.scorers.nli import NLIScorer
from validator.verdicts import DEFAULT_POLICY

SWAPS = Path(__file__).resolve().parents[1] / "tests" / "data" / "swap_cases.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--model", default=None, help="model folder (default: the bundled model)")
    args = parser.parse_args()
    rows = [json.loads(line) for line in SWAPS.read_text(encoding="utf-8").splitlines() if line.strip()]
    checker = ProvenanceChecker(NLIScorer(args.model))
    reports = checker.check_batch([CheckRequest(row["hypothesis"], sources=[row["premise"]]) for row in rows])
    right: dict[str, list[bool]] = defaultdict(list)
    for row, report in zip(rows, reports, strict=True):
        failed = bool(report.failing(DEFAULT_POLICY))
        right[row["kind"]].append(failed == (row["label"] != "entailment"))
        if failed == (row["label"] == "entailment"):
            verdicts = ", ".join(f"{s.verdict} ({s.method})" for s in report.sentences)
            print(f"missed [{row['kind']}] {row['hypothesis']} -> {verdicts}")
    swaps = [ok for kind, oks in right.items() if kind != "control" for ok in oks]
    print("\n| kind | n | right |\n|---|---|---|")
    for kind, oks in sorted(right.items()):
        print(f"| {kind} | {len(oks)} | {sum(oks) / len(oks):.0%} |")
    print(f"| **swaps caught** | {len(swaps)} | **{sum(swaps) / len(swaps):.0%}** |")


if __name__ == "__main__":
    main()
