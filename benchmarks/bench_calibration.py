"""How many labelled answers calibration needs: fit on n of a domain, measure on the rest.

For every evaluation set (``../shared/data/eval``, pairs checked as one-sentence answers, and
the end-to-end sets: XSum hallucinations, BEGIN, HaluEval QA and summarization), the validator
checks a sample once, exactly as ``python -m validator calibrate`` does (every model-decided
sentence scored). Then, ``--repeats`` times per size n in ``--sizes``, n items are drawn at
random, the cut is fitted to them (:func:`validator.calibration.fit_cut`, the command's own
rule) and the balanced accuracy of pass/fail is measured on the other items, beside the
default cut on the same items. None of these sets trains the model.

    PYTHONPATH=. python benchmarks/bench_calibration.py   # from the repository root; ~25 min on 2 CPU cores
    PYTHONPATH=. python benchmarks/bench_calibration.py --sets "HaluEval QA" --per-set 200
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import numpy as np

from training.evaluate import EVAL, end_to_end_sets, pair_sets, sample
from validator.calibration import balanced_accuracy, fit_cut, support_score
from validator.config import CheckerConfig
from validator.pipeline import CheckRequest, ProvenanceChecker
from validator.scorers.nli import NLIScorer


def labelled_items(args: argparse.Namespace) -> dict[str, list[tuple[list[str], str, bool]]]:
    """(sources, text, grounded) items of each set, sampled."""
    sets: dict[str, list[tuple[list[str], str, bool]]] = {}
    for name, load in pair_sets(args.data, args.eval).items():
        if name in ("VitaminC test", "out-of-domain (hand-written)", "BEGIN test (pairs)"):
            continue  # in-domain; too small to split; the same items as BEGIN end to end
        rows = sample(load(), args.per_set, args.seed)
        sets[name] = [([r["premise"]], r["hypothesis"], r["label"] == "entailment") for r in rows]
    for name, load in end_to_end_sets(args.eval, args.cache).items():
        sets[f"{name} (end to end)"] = sample(load(), args.per_set, args.seed)
    return {name: items for name, items in sets.items() if not args.sets or name.split(" (")[0] in args.sets}


def curve(scores: np.ndarray, grounded: np.ndarray, default: float, sizes: list[int], repeats: int, seed: int) -> dict:
    """Per size: mean balanced accuracy on the held-out items at the default and the fitted cut."""
    rng = random.Random(seed)
    result = {}
    for size in sizes:
        if size > len(scores) - 40:
            continue
        gains, before, after, cuts = [], [], [], []
        for _ in range(repeats):
            chosen = rng.sample(range(len(scores)), size)
            fit = np.zeros(len(scores), dtype=bool)
            fit[chosen] = True
            if grounded[fit].all() or not grounded[fit].any():
                continue  # a draw with one kind of label cannot be calibrated (the command refuses it)
            cut, _ = fit_cut(scores[fit], grounded[fit], default)
            held_out = ~fit
            old = balanced_accuracy(grounded[held_out], scores[held_out] >= default)
            new = balanced_accuracy(grounded[held_out], scores[held_out] >= cut)
            before.append(old)
            after.append(new)
            gains.append(new - old)
            cuts.append(cut)
        result[size] = {
            "default": float(np.mean(before)),
            "calibrated": float(np.mean(after)),
            "gain": float(np.mean(gains)),
            "gain_p10": float(np.percentile(gains, 10)),
            "cut": float(np.median(cuts)),
            "draws": len(gains),
        }
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("build/data"))
    parser.add_argument("--eval", type=Path, default=EVAL)
    parser.add_argument("--cache", type=Path, default=Path("build/cache"))
    parser.add_argument("--per-set", type=int, default=300)
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 40, 80, 160])
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--sets", nargs="*", default=None, help="names of sets to run (default: all)")
    parser.add_argument("--out", type=Path, default=Path("build/calibration.json"))
    args = parser.parse_args()

    scorer = NLIScorer()
    default = scorer.settings.entailment_threshold
    checker = ProvenanceChecker(scorer, CheckerConfig.from_settings(entailment_threshold=0.0))
    results: dict[str, dict] = {}
    header = "| set | n | " + " | ".join(f"{size} labels: default → calibrated" for size in args.sizes) + " |"
    lines = [header, "|" + " --- |" * (2 + len(args.sizes))]
    cache_file = args.out.with_name("calibration-scores.json")
    cached = json.loads(cache_file.read_text()) if cache_file.exists() else {}
    for name, items in labelled_items(args).items():
        key = f"{name}|{args.per_set}|{args.seed}"
        if key not in cached:  # the check is the slow part: its scores are kept for reruns of the fit
            reports = checker.check_batch([CheckRequest(text, sources=sources) for sources, text, _ in items])
            cached[key] = [support_score(report) for report in reports]
            cache_file.parent.mkdir(parents=True, exist_ok=True)
            cache_file.write_text(json.dumps(cached), encoding="utf-8")
        scores = np.array(cached[key])
        grounded = np.array([label for _, _, label in items])
        results[name] = {
            "n": len(items),
            "sizes": curve(scores, grounded, default, args.sizes, args.repeats, args.seed),
        }
        cells = [
            f"{100 * c['default']:.1f} → {100 * c['calibrated']:.1f} ({100 * c['gain']:+.1f})" if c else "-"
            for c in (results[name]["sizes"].get(size) for size in args.sizes)
        ]
        lines.append(f"| {name} | {len(items)} | " + " | ".join(cells) + " |")
        print(lines[-1], flush=True)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
        args.out.with_suffix(".md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
