"""The model alone on natural minimal pairs: does it read meaning, or word overlap?

``tests/data/minimal_pairs.jsonl`` holds hand-written premises from several domains, each with a
claim the premise entails but *reworded* (other words, another voice) and a claim that changes
its meaning by one edit (roles exchanged, an antonym, a negation, a comparative or an order
reversed, a hedge stated as fact, a quantifier widened). It is never trained on. A pair is
*separated* when the reworded claim's P(entailment) exceeds the edited claim's by at least 0.2;
a reworded claim is *entailed* when its P(entailment) reaches the model's own entailment cut.

    python benchmarks/bench_minimal_pairs.py                      # the bundled model
    python benchmarks/bench_minimal_pairs.py --model build/candidate-twins

``--twins build/data-twins/dev.jsonl`` reads a twins recipe's held-out dev pairs instead
(:mod:`training.twins`): for each kind, the groups whose reworded twin's P(entailment) beats every
edit of it by the margin, so a run shows which kinds it learned in their own distribution.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from validator.scorers.base import ENTAILMENT
from validator.scorers.nli import NLIScorer

PAIRS = Path(__file__).resolve().parents[1] / "tests" / "data" / "minimal_pairs.jsonl"
MARGIN = 0.2


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--model", default=None, help="model folder (default: the bundled model)")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--twins", type=Path, default=None, help="a twins recipe's dev.jsonl (module docstring)")
    args = parser.parse_args()
    if args.twins is not None:
        twins_by_kind(NLIScorer(args.model), args.twins)
        return
    rows = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines() if line.strip()]
    scorer = NLIScorer(args.model)
    cut = scorer.settings.entailment_threshold
    reworded = scorer.score([(r["premise"], r["reworded"]) for r in rows])[:, ENTAILMENT]
    edited = scorer.score([(r["premise"], r["edited"]) for r in rows])[:, ENTAILMENT]
    by_kind: dict[str, dict[str, list[bool]]] = defaultdict(lambda: defaultdict(list))
    for row, kept, changed in zip(rows, reworded, edited, strict=True):
        by_kind[row["kind"]]["separated"].append(bool(kept - changed >= MARGIN))
        by_kind[row["kind"]]["entailed"].append(bool(kept >= cut))
        by_kind[row["kind"]]["edited passed"].append(bool(changed >= cut))
    table = {
        kind: {column: sum(oks) / len(oks) for column, oks in cols.items()} | {"n": len(cols["separated"])}
        for kind, cols in by_kind.items()
    }
    every = {
        column: sum(ok for cols in by_kind.values() for ok in cols[column]) / len(rows)
        for column in ("separated", "entailed", "edited passed")
    }
    table["all"] = every | {"n": len(rows)}
    print(f"| kind | n | separated by {MARGIN} | reworded entailed | edited passed |\n|---|---|---|---|---|")
    for kind, row in table.items():
        print(f"| {kind} | {row['n']} | {row['separated']:.0%} | {row['entailed']:.0%} | {row['edited passed']:.0%} |")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")


def twins_by_kind(scorer: NLIScorer, dev: Path) -> None:
    """Print, per kind, how many twin groups of ``dev`` are separated (module docstring)."""
    from training.twins import KINDS

    rows = [row for line in dev.open(encoding="utf-8") if (row := json.loads(line))["origin"] in KINDS]
    entailment = scorer.score([(r["premise"], r["hypothesis"]) for r in rows])[:, ENTAILMENT]
    groups: dict[tuple[str, str], list[tuple[bool, float]]] = defaultdict(list)
    for row, p in zip(rows, entailment, strict=True):
        groups[(row["origin"], row["page"])].append((row["label"] == "entailment", float(p)))
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for (kind, _), group in groups.items():
        twins, edits = [p for kept, p in group if kept], [p for kept, p in group if not kept]
        if twins and edits:
            counts[kind][0] += 1
            counts[kind][1] += min(twins) - max(edits) >= MARGIN
    print(f"| kind | groups | separated by {MARGIN} |\n|---|---|---|")
    for kind, (total, separated) in counts.items():
        print(f"| {kind} | {total} | {separated} |")


if __name__ == "__main__":
    main()
