"""Two checkouts of this validator, timed turn about: is a change within a few percent of before?

Two runs of ``bench_speed.py`` cannot say so on a shared VM: the same code's (g) cold call took
1.49 s in one run and 1.06 s in the next. Here each round times ``bench_speed.py``'s own
workloads (cold, then warm, each a median of ``--runs``) in a fresh process per checkout, the
old and the new in turn, the first of the pair swapped every round, so the machine's drift falls
on both alike. Each row prints the median over rounds of new / old and the rounds' range: a
median within 0.95-1.05 whose range straddles 1 is no measurable change.

Both sides run this checkout's ``bench_speed.py`` helpers (the same timing) on the same inputs:
the workloads' answers are made here, once, with this checkout's sentence splitter, and handed to
each child as a file (a child that made its own would cut the corpus with its own checkout's
splitter, and two checkouts whose splitters differ would time different answers). Only the
``validator`` package differs (``PYTHONPATH``), so the old checkout needs the names the helpers
import (``ProvenanceNLI``, ``validator.pipeline``'s ``CheckRequest`` and ``stages``, …).

    git worktree add /tmp/old <rev>
    PYTHONPATH=. python benchmarks/bench_checkouts.py --old /tmp/old --workloads e g h i --rounds 5
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMES = ("cold_s", "warm_s")


def make_workloads(workloads: list[str], path: Path) -> None:
    """Each workload's items, made once with this process's ``validator``, written to ``path``."""
    import bench_speed

    corpus = bench_speed.passages()
    items = {name: bench_speed.workload_items(name, corpus) for name in workloads}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(items))


def time_workloads(items_path: Path, runs: int) -> dict[str, dict[str, float]]:
    """Cold and warm seconds of each workload in ``items_path`` with the ``validator`` this
    process imports."""
    import bench_speed

    from validator import ProvenanceNLI

    ours = ProvenanceNLI(on_fail="noop", top_k=bench_speed.TOP_K, device="cpu")
    embed_function = bench_speed.default_embed_function("cpu", "torch")
    cache = ours._checker.cache
    ours.validate("warm-up.", {"sources": ["Models load once, outside the timings."]})
    times = {}
    for name, made in json.loads(items_path.read_text()).items():
        items = [(answer, sources) for answer, sources in made]
        metadata = bench_speed.metadata_for(name, "ours", embed_function)
        run = functools.partial(bench_speed.run_ours, ours, items, metadata)
        cold = bench_speed.median_seconds(run, runs, before=cache.clear)
        times[name] = {"cold_s": cold, "warm_s": bench_speed.median_seconds(run, runs)}
    return times


def timed_in_child(checkout: Path, items_path: Path, runs: int) -> dict[str, dict[str, float]]:
    """:func:`time_workloads` in a fresh process that imports ``validator`` from ``checkout``."""
    env = {**os.environ, "PYTHONPATH": str(checkout), "HF_HUB_OFFLINE": "1"}
    command = [sys.executable, __file__, "--child", "--items", str(items_path), "--runs", str(runs)]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--old", type=Path, help="the checkout to compare against")
    parser.add_argument("--new", type=Path, default=ROOT, help="the checkout compared (default: this one)")
    parser.add_argument("--workloads", nargs="+", default=["e", "g", "h", "i"])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=3, help="runs per median within a process")
    parser.add_argument("--json", type=Path, default=ROOT / "build" / "bench" / "checkouts.json")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--items", type=Path, default=ROOT / "build" / "bench" / "checkout-items.json")
    args = parser.parse_args()
    if args.child:
        print(json.dumps(time_workloads(args.items, args.runs)))
        return
    if args.old is None:
        parser.error("--old is required")

    sides = {"old": args.old.resolve(), "new": args.new.resolve()}
    make_workloads(args.workloads, args.items)
    rounds: list[dict[str, dict[str, dict[str, float]]]] = []
    for number in range(args.rounds):
        order = ["old", "new"] if number % 2 == 0 else ["new", "old"]
        rounds.append({side: timed_in_child(sides[side], args.items, args.runs) for side in order})
        print(f"round {number + 1}: " + json.dumps(rounds[-1]), flush=True)
    print(f"\nold = {sides['old']}, new = {sides['new']}, {args.rounds} rounds, medians of {args.runs} runs each")
    print(
        "| workload | old cold s | new cold s | new / old cold (range) "
        "| old warm s | new warm s | new / old warm (range) |"
    )
    print("|---|---|---|---|---|---|---|")
    summary = {}
    for name in args.workloads:
        cells, summary[name] = [], {}
        for time in TIMES:
            old = [r["old"][name][time] for r in rounds]
            new = [r["new"][name][time] for r in rounds]
            ratios = [n / o for n, o in zip(new, old, strict=True)]
            summary[name][time] = {"old": old, "new": new, "ratio_median": statistics.median(ratios)}
            cells.append(
                f"{statistics.median(old):.3f} | {statistics.median(new):.3f} | "
                f"{statistics.median(ratios):.3f} ({min(ratios):.2f}-{max(ratios):.2f})"
            )
        print(f"| {name} | " + " | ".join(cells) + " |")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({"sides": {k: str(v) for k, v in sides.items()}, "rows": summary}, indent=2) + "\n")


if __name__ == "__main__":
    main()
