"""Answers written as an LLM writes them, checked at the defaults as a new user would: how many
correct answers fail (false alarms) and how many wrong ones pass (misses), and which check failed
each correct one.

The sets are the hand-written ones under ``tests/data`` (never used to train the model; several
were written while the rules were, so they flatter the rules):

- **LLM-style answers** (``grounded_llm_answers.jsonl``): lists, counts, names with digits, dates
  in other formats, approximations and quoted titles, each correct, most beside a wrong twin;
- **values written another way** (``number_spellings.jsonl``): shares in words, rounded values,
  units converted, each correct, most beside a wrong twin;
- **swaps** (``swap_cases.jsonl``): roles, places, attributes and quotes exchanged inside one
  source, and faithful controls;
- **pronouns** (``context_cases.jsonl``): answers whose "It" is read after the sentence before;
- **legal and technical** (``ood_legal_technical.jsonl``): licence, manual and contract claims.

Run it from each checkout and compare the two tables (the model card and benchmarks/README.md
show them side by side):

    PYTHONPATH=. python benchmarks/bench_new_user.py --out build/new_user.json
    PYTHONPATH=. python benchmarks/bench_new_user.py --model build/candidate-twins   # another model
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from validator.pipeline import CheckRequest, ProvenanceChecker
from validator.scorers.nli import NLIScorer
from validator.verdicts import DEFAULT_POLICY

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
Item = tuple[list[str], str, bool]


def _rows(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def with_twins(name: str) -> list[Item]:
    """Each correct answer, and its wrong twin where it has one."""
    items: list[Item] = []
    for row in _rows(name):
        items.append((row["sources"], row["answer"], True))
        if "twin" in row:
            items.append((row["sources"], row["twin"], False))
    return items


def pairs(name: str) -> list[Item]:
    """A pair set's hypotheses as answers against their premises (neutral ones as wrong)."""
    return [([row["premise"]], row["hypothesis"], row["label"] == "entailment") for row in _rows(name)]


def labelled(name: str) -> list[Item]:
    return [(row["sources"], row["answer"], row["label"] == "supported") for row in _rows(name)]


SETS = {
    "LLM-style answers": lambda: with_twins("grounded_llm_answers.jsonl"),
    "values written another way": lambda: with_twins("number_spellings.jsonl"),
    "swaps": lambda: pairs("swap_cases.jsonl"),
    "pronouns": lambda: labelled("context_cases.jsonl"),
    "legal and technical": lambda: pairs("ood_legal_technical.jsonl"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--model", default=None, help="model folder (default: the bundled model)")
    args = parser.parse_args()
    checker = ProvenanceChecker(NLIScorer(args.model))
    table: dict[str, dict] = {}
    for name, load in SETS.items():
        items = load()
        reports = checker.check_batch([CheckRequest(text, sources=sources) for sources, text, _ in items])
        failed_by: Counter[str] = Counter()
        correct = wrong = false_alarms = misses = 0
        for (_, _, grounded), report in zip(items, reports, strict=True):
            failing = report.failing(DEFAULT_POLICY)
            if grounded:
                correct += 1
                false_alarms += bool(failing)
                failed_by.update({s.method for s in failing})
            else:
                wrong += 1
                misses += not failing
        table[name] = {
            "correct": correct,
            "false_alarms": false_alarms,
            "wrong": wrong,
            "missed": misses,
            "false_alarms_by": dict(failed_by),
        }
        print(f"{name}: {false_alarms}/{correct} correct failed, {misses}/{wrong} wrong passed", flush=True)
    print("\n| set | correct answers failed | wrong answers passed | correct failed by |")
    print("|---|---|---|---|")
    for name, row in table.items():
        by = ", ".join(f"{method} {count}" for method, count in sorted(row["false_alarms_by"].items()))
        missed = f"{row['missed']}/{row['wrong']}" if row["wrong"] else "-"
        print(f"| {name} | {row['false_alarms']}/{row['correct']} | {missed} | {by or '-'} |")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
