"""Does ``calibrate``'s learned decision help where the labels are? Fit on 160 answers of a set,
judge on 160 others.

For each set, the validator checks a sample once as ``python -m validator calibrate`` does (every
model-decided sentence scored). Then, ``--repeats`` times, the answers are split at random in two
halves; :func:`validator.calibration.calibrate` (the command's own code) is run on one half three
ways and each is judged by balanced accuracy on the other half:

- **default**: the model's entailment at its shipped cut (no calibration);
- **cut only**: ``calibrate --cut-only``, the cut fitted to the labels;
- **calibrate**: the command as it ships: the cut fitted to the half is kept only where it beats
  the model's own on held-out folds of the half beyond chance, and a decision over the signals
  likewise only where it beats the entailment alone (and the model's cut, where that was kept);
- **always learned**: the decision kept whatever its folds said (what the guard saves).

Per set it also prints how often the fitted cut was kept, and the worst draw's change from the
default; at the end, the set where calibrating lost most on average.

The sets: the held-out test parts of the three answer sets (``make train-data``), the end-to-end
sets and four evaluation-only pair sets. None of them trains the model.

    PYTHONPATH=. python benchmarks/bench_calibrate_decision.py   # ~40 min on 2 CPU cores
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import numpy as np

from training.evaluate import EVAL, end_to_end_sets, pair_sets, sample
from validator.calibration import (
    LEARNED_RIDGE,
    LEARNED_SIGNALS,
    LabelledAnswer,
    as_answer,
    balanced_accuracy,
    calibrate,
    fit_cut,
    support_score,
)
from validator.config import CheckerConfig
from validator.decision import Decision, fit
from validator.errors import InvalidInput
from validator.pipeline import CheckReport, CheckRequest, ProvenanceChecker
from validator.scorers.base import entailment_floor
from validator.scorers.nli import NLIScorer

PAIR_SETS = (
    "Factcheck-GPT test (answers)",
    "ExpertQA test (answers)",
    "BUMP test (answers)",
    "ConTRoL test",
    "HealthVer test",
    "COVID-Fact",
    "CLIMATE-FEVER",
)
WAYS = ("default", "cut only", "calibrate", "always learned")


def labelled(args: argparse.Namespace) -> dict[str, list[LabelledAnswer]]:
    sets: dict[str, list[LabelledAnswer]] = {}
    for name, load in pair_sets(args.data, args.eval).items():
        if name in PAIR_SETS:
            rows = sample(load(), args.per_set, args.seed)
            sets[name] = [LabelledAnswer(r["hypothesis"], [r["premise"]], r["label"] == "entailment") for r in rows]
    for name, load in end_to_end_sets(args.eval, args.cache).items():
        items = sample(load(), args.per_set, args.seed)
        sets[f"{name} (end to end)"] = [LabelledAnswer(text, sources, label) for sources, text, label in items]
    return {name: rows for name, rows in sets.items() if not args.sets or name in args.sets}


def judged(
    answers: list[LabelledAnswer], reports: list[CheckReport], default: float, contradiction: float, seed: int
) -> dict[str, float] | None:
    """One random half fitted, the other judged: each way's balanced accuracy, and whether the
    command kept the learned decision. ``None`` where the half cannot be calibrated."""
    order = list(range(len(answers)))
    random.Random(seed).shuffle(order)
    fit_rows, held = order[: len(order) // 2], order[len(order) // 2 :]
    fit_answers, fit_reports = [answers[i] for i in fit_rows], [reports[i] for i in fit_rows]
    try:
        shipped = calibrate(fit_answers, fit_reports, default, contradiction)
        cut_only = calibrate(fit_answers, fit_reports, default, contradiction, learn=False)
        forced = fit(
            [as_answer(r, a.grounded) for a, r in zip(fit_answers, fit_reports, strict=True)],
            default,
            LEARNED_SIGNALS,
            ridge=LEARNED_RIDGE,
        )
    except InvalidInput:
        return None
    grounded = np.array([answers[i].grounded for i in held])
    held_reports = [reports[i] for i in held]
    entailment = np.array([support_score(r) for r in held_reports])
    learned = np.array([support_score(r, forced) for r in held_reports])
    shipped_scores = np.array([support_score(r, shipped.decision) for r in held_reports])
    forced_cut = decision_cut(fit_reports, fit_answers, forced, default)
    return {
        "default": balanced_accuracy(grounded, entailment >= default),
        "cut only": balanced_accuracy(grounded, entailment >= cut_only.entailment_threshold),
        "calibrate": balanced_accuracy(grounded, shipped_scores >= shipped.entailment_threshold),
        "always learned": balanced_accuracy(grounded, learned >= forced_cut),
        "kept": float(shipped.decision is not None),
        "cut kept": float(shipped.cut.get("kept") == "fitted"),
    }


def decision_cut(
    reports: list[CheckReport], answers: list[LabelledAnswer], decision: Decision, default: float
) -> float:
    """The cut the command places on a decision's scores (:func:`validator.calibration.fit_cut`)."""
    scores = np.array([support_score(r, decision) for r in reports])
    grounded = np.array([a.grounded for a in answers])
    finite = np.isfinite(scores)
    return fit_cut(scores[finite], grounded[finite], default, None, entailment_floor(3))[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("build/data"))
    parser.add_argument("--eval", type=Path, default=EVAL)
    parser.add_argument("--cache", type=Path, default=Path("build/cache"))
    parser.add_argument("--per-set", type=int, default=320)
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--sets", nargs="*", default=None, help="names of sets to run (default: all)")
    parser.add_argument("--out", type=Path, default=Path("build/calibrate-decision.json"))
    args = parser.parse_args()

    scorer = NLIScorer()
    default, contradiction = scorer.settings.entailment_threshold, scorer.settings.contradiction_threshold
    checker = ProvenanceChecker(scorer, CheckerConfig.from_settings(entailment_threshold=0.0))
    results: dict[str, dict] = {}
    lines = [
        "| set | n | " + " | ".join(WAYS) + " | learned kept | fitted cut kept | calibrate - default, worst draw |",
        "|---|---:|" + "---:|" * (len(WAYS) + 3),
    ]
    for name, answers in labelled(args).items():
        reports = checker.check_batch([CheckRequest(a.text, sources=a.sources) for a in answers])
        draws = [judged(answers, reports, default, contradiction, args.seed + r) for r in range(args.repeats)]
        kept = [d for d in draws if d is not None]
        row = {
            way: float(np.nanmean([d[way] for d in kept])) if kept else float("nan")
            for way in (*WAYS, "kept", "cut kept")
        }
        worst = min((d["calibrate"] - d["default"] for d in kept), default=float("nan"))
        results[name] = {"n": len(answers), "draws": len(kept), **row, "worst_draw": worst}
        cells = " | ".join(f"{100 * row[way]:.1f}" for way in WAYS)
        lines.append(
            f"| {name} | {len(answers)} | {cells} | {len(kept) and row['kept']:.0%} of {len(kept)} "
            f"| {len(kept) and row['cut kept']:.0%} | {100 * worst:+.1f} |"
        )
        print(lines[-1], flush=True)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
        args.out.with_suffix(".md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    means = {way: np.nanmean([r[way] for r in results.values()]) for way in WAYS}
    lines.append("| mean | | " + " | ".join(f"{100 * means[way]:.1f}" for way in WAYS) + " | | | |")
    lowest = min(results, key=lambda name: results[name]["calibrate"] - results[name]["default"])
    change = results[lowest]["calibrate"] - results[lowest]["default"]
    lines.append(f"\nworst set, calibrate against the default (mean over draws): {lowest}, {100 * change:+.1f}")
    args.out.with_suffix(".md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
