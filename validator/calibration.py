"""Calibration: a user's own labelled answers set the cut for their domain.

The model ranks answers; where the cut between "supported" and not belongs differs by domain
(news summaries, dialogue, legal text). :func:`calibrate` runs the whole check on labelled
answers once, with every model-decided sentence scored (the entailment threshold at 0, so the
number check runs on all of them), and then fits the thresholds to the labels:

- **entailment threshold**: an answer passes only if every sentence does, so its score is its
  weakest sentence's entailment probability (a sentence settled by copying always passes; one
  the deterministic checks fail, or the number check vetoes, always fails). The cut maximises
  the balanced accuracy of pass/fail against ``grounded``, optionally with at most
  ``max_missed`` of the ungrounded answers passed. Among equally good cuts, the one nearest the
  model's own is kept (few labels should move it no further than they must). With a false-alarm
  budget (``max_false_alarms``) the cut is instead the one that passes the fewest ungrounded
  answers while failing at most that share of the grounded ones, counted over every row (a
  grounded answer a rule fails is a false alarm no cut removes). Without a budget, the fitted cut
  replaces the model's own only where it beats it on answers it was not fitted on, beyond chance
  (:func:`compare_cuts`: five folds by answer, the 90% interval of the gain above 0); a cut that
  wins only on the rows it was fitted to is what a small file shows by luck;
- **contradiction threshold**, with 3-way labels (``"label": "neutral" | "contradiction"``):
  the cut on the strongest contradiction among an answer's unsupported sentences that best
  tells contradicted answers from neutral ones.

- **a learned decision** (``learn``): weights over each sentence's signals (the model's
  probabilities and the findings that may count against support: :mod:`validator.decision`),
  fitted from the same labels. It is kept only where it beats the entailment alone on answers it
  was not fitted on beyond chance (:func:`compare_decisions`: five folds by answer, both fitted on
  four and judged on the fifth, the 90% interval of the gain above 0), and the comparison, kept
  or not, goes in the file with its intervals: a decision fitted on answers of one kind does not
  travel to another (the model card), so it is fitted where the labels are and must prove itself
  there.

The result has the schema of the model folder's ``provenance_nli.json`` (plus the model's labels
and how it was made), so ``ProvenanceNLI(settings_file=path)`` and ``--settings path`` read it like the
model's own. The temperature is the model's: the probabilities were cut at it.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from validator import defaults
from validator.decision import Answer, Decision, fit
from validator.errors import InvalidInput, check_choice
from validator.pipeline import CheckReport
from validator.scorers.base import CONTRADICTION, entailment_floor
from validator.verdicts import SentenceResult

INTERVAL = 0.9
"""The confidence of the intervals ``calibrate`` prints: 90%, as the bootstrap's."""

ALWAYS_PASSES = math.inf
ALWAYS_FAILS = -math.inf
LABELS_3WAY = ("entailment", "neutral", "contradiction")
MIN_ROWS_PER_LABEL = 20
"""Fewer labelled answers of a kind than this, and the fitted cut is mostly noise: warn."""
MIN_FIT_ROWS = 5
"""Fewer distinct answers of a kind that the model decides than this, and there is no cut to fit:
refuse. (A row a deterministic check settles, a copy or a vetoed number, constrains no cut.)"""
BOOTSTRAP_SAMPLES = 1000
FOLDS = 5
"""Cross-validation folds, by answer: a learned decision is kept only where it beats the
entailment alone on answers it was not fitted on."""
LEARNED_SIGNALS = (
    "entailment",
    "joint_entailment",
    "contradiction",
    "joint_contradiction",
    "number_absent",
    "unseen_names",
    "unseen_words",
)
"""What ``calibrate``'s decision weighs: the model's probabilities and the findings that may count
against support (:data:`validator.decision.DIRECTION`); not length or "states numbers", which say
nothing either way and would learn how one file's wrong answers happen to be written."""
LEARNED_RIDGE = 0.01
"""A user's file is small: ten times the penalty of the cross-domain fit keeps weights modest."""


@dataclass(frozen=True)
class LabelledAnswer:
    """One labelled row: the answer, its sources, whether it is grounded, and (optionally) its 3-way label."""

    text: str
    sources: list[str]
    grounded: bool
    label: str | None = None

    @classmethod
    def from_row(cls, row: Any, line: int) -> LabelledAnswer:
        """A row ``{"text", "sources", "grounded"}`` (or ``"label"``); a bad one is named by line.

        Raises:
            InvalidInput: A missing or mistyped key, or a label that is not one of the three.
        """
        where = f"line {line}"
        if not isinstance(row, dict):
            raise InvalidInput(f"{where}: a row must be a JSON object {{text, sources, grounded}}")
        text, sources, label = row.get("text"), row.get("sources"), row.get("label")
        if not isinstance(text, str) or not text.strip():
            raise InvalidInput(f"{where}: 'text' must be a non-empty string")
        if not isinstance(sources, list) or not all(isinstance(s, str) for s in sources):
            raise InvalidInput(f"{where}: 'sources' must be a list of strings")
        if label is not None:
            check_choice(f"{where}: 'label'", label, LABELS_3WAY)
        grounded = row.get("grounded", None if label is None else label == "entailment")
        if not isinstance(grounded, bool):
            raise InvalidInput(f"{where}: 'grounded' must be true or false (or give a 3-way 'label')")
        if label is not None and grounded != (label == "entailment"):
            raise InvalidInput(f"{where}: 'grounded' and 'label' disagree")
        return cls(text, sources, grounded, label)


def _weighed(sentence: SentenceResult) -> bool:
    """A sentence the model decides, from a check run with the entailment threshold at 0: no rule
    settled or failed it."""
    return sentence.method == "model" and sentence.verdict == "supported"


def _support(sentence: SentenceResult, decision: Decision | None) -> float:
    """A weighed sentence's support: the model's entailment, or the decision's probability."""
    return sentence.entailment if decision is None else decision.probability(sentence.signals or {})


def support_score(report: CheckReport, decision: Decision | None = None) -> float:
    """The answer's weakest sentence, from a check run with the entailment threshold at 0: the
    entailment probability of a model-decided sentence (or ``decision``'s probability over its
    signals), ``ALWAYS_PASSES`` for a copied one and ``ALWAYS_FAILS`` for one the deterministic
    checks or the number check fail."""
    scores = [
        ALWAYS_PASSES if s.method == "verbatim" else _support(s, decision) if _weighed(s) else ALWAYS_FAILS
        for s in report.sentences
    ]
    return min(scores, default=ALWAYS_FAILS)


def contradiction_score(report: CheckReport, entailment_threshold: float, decision: Decision | None = None) -> float:
    """The strongest contradiction among the answer's sentences that the model (or ``decision``)
    leaves unsupported at ``entailment_threshold`` (a negation settled from the sources counts as
    certain)."""
    scores = [
        ALWAYS_PASSES
        if s.method == "negation_check"
        else max(row[CONTRADICTION] for row in s.premise_scores)
        if _weighed(s) and s.premise_scores and _support(s, decision) < entailment_threshold
        else ALWAYS_FAILS
        for s in report.sentences
    ]
    return max(scores, default=ALWAYS_FAILS)


def as_answer(report: CheckReport, grounded: bool) -> Answer:
    """A labelled answer as the decision's fit reads it (:class:`validator.decision.Answer`)."""
    return Answer(
        grounded,
        tuple(s.signals for s in report.sentences if _weighed(s) and s.signals),
        failed=not report.sentences or any(s.method != "verbatim" and not _weighed(s) for s in report.sentences),
    )


def balanced_accuracy(positive: np.ndarray, predicted: np.ndarray) -> float:
    """Mean of the recall on each class (``nan`` when a class is missing)."""
    if positive.all() or not positive.any():
        return float("nan")
    return float((predicted[positive].mean() + (~predicted[~positive]).mean()) / 2)


def candidate_cuts(scores: np.ndarray, low: float, *extra: float) -> np.ndarray:
    """The cuts worth trying on ``scores``: each observed score in [0, 1] and the midpoint between
    two neighbours, the ends of the range (``low`` to the sane maximum) and ``extra``, all within
    that range. Between two neighbouring scores every cut predicts the same, so no other cut can
    do better."""
    high = defaults.SANE_CUT_RANGE[1]
    finite = np.unique(np.clip(scores[np.isfinite(scores)], 0.0, 1.0))
    candidates = np.unique(np.concatenate([[low, high, *extra], (finite[1:] + finite[:-1]) / 2, finite]))
    return candidates[(candidates >= low) & (candidates <= high)]


def fit_cut(
    scores: np.ndarray,
    positive: np.ndarray,
    default: float,
    max_missed: float | None = None,
    lowest: float = defaults.SANE_CUT_RANGE[0],
) -> tuple[float, float]:
    """The cut ``t`` (predict positive iff score >= t) with the best balanced accuracy, under
    ``max_missed`` (the share of negatives predicted positive), nearest ``default`` among ties.
    Returns (cut, balanced accuracy); the cut is a midpoint between observed scores, within
    :data:`validator.defaults.SANE_CUT_RANGE` (a cut near 0 would pass whatever the model does not
    call contradicted), and not below ``lowest``."""
    candidates = candidate_cuts(scores, max(lowest, defaults.SANE_CUT_RANGE[0]), default)
    best: tuple[float, float, float] | None = None  # (balanced accuracy, -distance, cut)
    for cut in candidates:
        predicted = scores >= cut
        if max_missed is not None and (~positive).any() and predicted[~positive].mean() > max_missed:
            continue
        key = (balanced_accuracy(positive, predicted), -abs(cut - default), float(cut))
        if best is None or key[:2] > best[:2]:
            best = key
    if best is None:
        raise InvalidInput(f"no cut passes at most {max_missed:.0%} of the ungrounded answers")
    return best[2], best[0]


def budget_cut(
    scores: np.ndarray, positive: np.ndarray, max_false_alarms: float, lowest: float = defaults.SANE_CUT_RANGE[0]
) -> float:
    """The cut that passes the fewest negatives (ungrounded answers) while predicting at most
    ``max_false_alarms`` of the positives (grounded answers) negative, over every row: a row
    scored ``ALWAYS_FAILS`` is a false alarm at any cut. Among cuts that pass as few, the lowest
    (it fails the fewest grounded answers). Within the sane range and not below ``lowest``, as
    :func:`fit_cut`.

    Raises:
        InvalidInput: No cut fails so few grounded answers, saying how many the rules alone fail.
    """
    low = max(lowest, defaults.SANE_CUT_RANGE[0])
    candidates = candidate_cuts(scores, low)
    within = [cut for cut in candidates if (scores[positive] < cut).mean() <= max_false_alarms + 1e-12]
    if not within:
        floor = float((scores[positive] < low).mean())
        raise InvalidInput(
            f"no cut fails at most {max_false_alarms:.1%} of the grounded answers: even the lowest cut the model "
            f"allows ({low:.2f}: below it an undecided model's sentences would pass) fails {floor:.1%} of them "
            f"(the rules fail {np.isneginf(scores[positive]).mean():.1%} whatever the cut). Label more answers, "
            f"accept a larger budget (--max-false-alarms {_next_budget(floor)}), or keep the cut and let a reviewer "
            "see the unsure sentences (uncertain='flag', --uncertain flag); check-batch --json shows what fails them"
        )
    passed = [float((scores[~positive] >= cut).mean()) if (~positive).any() else 0.0 for cut in within]
    fewest = min(passed)
    return float(next(cut for cut, share in zip(within, passed, strict=True) if share == fewest))


def _next_budget(floor: float) -> str:
    """The false-alarm budget the lowest cut meets, rounded up to a whole percent, as a share."""
    return f"{math.ceil(floor * 100 + 1e-9) / 100:.2f}"


def trade_off(scores: np.ndarray, positive: np.ndarray) -> list[dict[str, float]]:
    """What each cut costs on the rows: the share of grounded answers it fails and of ungrounded
    answers it passes, at every cut the fit chooses among (:func:`candidate_cuts`; what
    ``calibrate --html`` draws, so the chosen cut is on the curve)."""
    cuts = candidate_cuts(scores, defaults.SANE_CUT_RANGE[0])
    return [
        {
            "cut": round(float(cut), 4),
            "grounded_failed": round(float((scores[positive] < cut).mean()), 4),
            "ungrounded_passed": round(float((scores[~positive] >= cut).mean()), 4),
        }
        for cut in cuts
    ]


def rate(hits: np.ndarray) -> dict[str, Any]:
    """The share of ``hits`` that are true, with its 90% Wilson interval: how sure the estimate is
    from that many rows (0 of 20 is anywhere up to 11%)."""
    from scipy.stats import binomtest

    n, k = len(hits), int(hits.sum())
    if n == 0:
        return {"share": None, "interval_90": None, "of": 0}
    interval = binomtest(k, n).proportion_ci(confidence_level=INTERVAL, method="wilson")
    return {"share": round(k / n, 4), "interval_90": [round(interval.low, 4), round(interval.high, 4)], "of": n}


def bootstrap_interval(positive: np.ndarray, predicted: np.ndarray, seed: int = 0) -> tuple[float, float]:
    """A 90% bootstrap interval of the balanced accuracy (rows resampled with replacement)."""
    rng = np.random.default_rng(seed)
    values = []
    for _ in range(BOOTSTRAP_SAMPLES):
        rows = rng.integers(0, len(positive), len(positive))
        value = balanced_accuracy(positive[rows], predicted[rows])
        if not math.isnan(value):
            values.append(value)
    return (float(np.percentile(values, 5)), float(np.percentile(values, 95))) if values else (math.nan, math.nan)


@dataclass(frozen=True)
class Calibration:
    """Fitted thresholds and how they were made; :meth:`settings` is the file to write."""

    entailment_threshold: float
    contradiction_threshold: float
    before: dict[str, Any]
    after: dict[str, Any]
    rows: dict[str, int]
    warnings: list[str]
    budget: dict[str, Any] | None = None
    """With ``max_false_alarms``: the budget and the rates the chosen cut achieves on the rows."""
    curve: list[dict[str, float]] = field(default_factory=list)
    """What each cut costs on the rows (:func:`trade_off`)."""
    decision: Decision | None = None
    """The learned decision, where it beat the entailment alone on held-out folds."""
    compared: dict[str, Any] = field(default_factory=dict)
    """The cross-validated comparison that kept it or the default (:func:`compare_decisions`)."""
    cut: dict[str, Any] = field(default_factory=dict)
    """The cross-validated comparison that kept the fitted cut or the model's (:func:`compare_cuts`)."""

    def settings(self, temperature: float, labels: Sequence[str], made_with: dict[str, Any]) -> dict[str, Any]:
        return {
            "temperature": temperature,
            "entailment_threshold": round(self.entailment_threshold, 4),
            "contradiction_threshold": round(self.contradiction_threshold, 4),
            **({"decision": self.decision.to_dict()} if self.decision is not None else {}),
            "labels": list(labels),
            "calibration": {
                "rows": self.rows,
                "balanced_accuracy": {"before": self.before, "after": self.after},
                "decision": self.compared,
                "cut": self.cut,
                "date": datetime.date.today().isoformat(),
                **({"false_alarm_budget": self.budget} if self.budget is not None else {}),
                **made_with,
            },
        }


CutRule = Callable[[np.ndarray, np.ndarray], float]
"""How calibrate places the cut on (scores, grounded): :func:`fit_cut` or :func:`budget_cut`."""


def folds(grounded: np.ndarray, count: int = FOLDS, seed: int = 0) -> np.ndarray:
    """Each answer's fold, stratified by label (each fold holds its share of both kinds)."""
    rng = np.random.default_rng(seed)
    fold = np.zeros(len(grounded), dtype=int)
    for kind in (True, False):
        members = np.flatnonzero(grounded == kind)
        fold[rng.permutation(members)] = np.arange(len(members)) % count
    return fold


def _scored(reports: Sequence[CheckReport], decision: Decision | None) -> np.ndarray:
    return np.array([support_score(report, decision) for report in reports])


def _summary(grounded: np.ndarray, predicted: np.ndarray) -> dict[str, Any]:
    """The balanced accuracy of ``predicted`` and its 90% bootstrap interval."""
    low, high = bootstrap_interval(grounded, predicted)
    value = balanced_accuracy(grounded, predicted)
    return {"balanced_accuracy": round(value, 4), "interval_90": [round(low, 4), round(high, 4)]}


def paired_gain(grounded: np.ndarray, learned: np.ndarray, default: np.ndarray, seed: int = 0) -> list[float]:
    """A 90% bootstrap interval of the balanced accuracy ``learned`` gains over ``default``, the
    same rows resampled for both (the two are judged on the same answers)."""
    rng = np.random.default_rng(seed)
    gains = []
    for _ in range(BOOTSTRAP_SAMPLES):
        rows = rng.integers(0, len(grounded), len(grounded))
        gain = balanced_accuracy(grounded[rows], learned[rows]) - balanced_accuracy(grounded[rows], default[rows])
        if not math.isnan(gain):
            gains.append(gain)
    return [round(float(np.percentile(gains, 5)), 4), round(float(np.percentile(gains, 95)), 4)] if gains else []


def held_out_cuts(scores: np.ndarray, grounded: np.ndarray, cut_rule: CutRule) -> np.ndarray:
    """Each answer's verdict under the cut ``cut_rule`` fits on the other :data:`FOLDS` folds."""
    fold = folds(grounded)
    predicted = np.zeros(len(grounded), dtype=bool)
    for k in range(FOLDS):
        train, test = fold != k, fold == k
        predicted[test] = scores[test] >= cut_rule(scores[train], grounded[train])
    return predicted


def beats(grounded: np.ndarray, new: np.ndarray, old: np.ndarray) -> tuple[bool, list[float]]:
    """Whether the held-out verdicts ``new`` beat ``old`` beyond chance: the 90% interval of the
    balanced accuracy gained (:func:`paired_gain`) lies above 0. A gain only on average is what a
    small file shows by luck, and did not hold on the answers calibrate never saw (issue 77)."""
    interval = paired_gain(grounded, new, old)
    return bool(interval) and interval[0] > 0, interval


def compare_cuts(scores: np.ndarray, grounded: np.ndarray, cut_rule: CutRule, shipped: float) -> dict[str, Any]:
    """Whether a cut fitted to these answers beats the model's own, judged on answers it was not
    fitted on (:func:`held_out_cuts`) and beyond chance (:func:`beats`); what was measured."""
    try:
        fitted = held_out_cuts(scores, grounded, cut_rule)
    except InvalidInput as error:
        return {"kept": "shipped", "why": f"a fold could not be fitted: {error}"}
    wins, interval = beats(grounded, fitted, scores >= shipped)
    measured = {"shipped": _summary(grounded, scores >= shipped), "fitted": _summary(grounded, fitted)}
    gain = measured["fitted"]["balanced_accuracy"] - measured["shipped"]["balanced_accuracy"]
    return {
        "kept": "fitted" if wins else "shipped",
        "why": f"held-out balanced accuracy {gain:+.4f} fitted cut over the model's, 90% interval "
        f"{interval[0]:+.4f} to {interval[1]:+.4f}"
        if interval
        else "no held-out gain to measure",
        "folds": FOLDS,
        **measured,
        "gain_interval_90": interval,
        "labels_to_decide": None if wins else labels_to_decide(len(grounded), gain, interval),
    }


def labels_to_decide(rows: int, gain: float, interval: list[float]) -> int | None:
    """About how many labelled answers would show this held-out ``gain`` beyond chance, if it held:
    an interval's half-width shrinks as one over the root of the rows, so it clears 0 from
    ``rows * (half-width / gain) ** 2`` (and needs more than it has). None where the fitted cut gained
    nothing to show."""
    if not interval or gain <= 0:
        return None
    half_width = (interval[1] - interval[0]) / 2
    return max(rows + 1, math.ceil(rows * (half_width / gain) ** 2))


def compare_decisions(
    reports: Sequence[CheckReport],
    answers: Sequence[Answer],
    grounded: np.ndarray,
    cut_rule: CutRule,
    default_entailment: float,
    baseline: np.ndarray | None = None,
) -> tuple[bool, dict[str, Any]]:
    """Whether a decision learned from these answers beats the entailment alone, cross-validated by
    answer: in each of :data:`FOLDS` folds, both are fitted on the other folds (the decision's
    weights and then its cut, the default's cut alone, each by ``cut_rule``) and judged on the
    held-out one; the held-out verdicts of all folds are pooled. The learned decision wins only
    where it beats them beyond chance (:func:`beats`), and ``baseline`` too where given (the
    model's own cut, where the fitted one did not earn its place). ``answers`` are the reports as
    the fit reads them (:func:`as_answer`). Returns (it wins, what was measured)."""
    fold = folds(grounded)
    learned = np.zeros(len(grounded), dtype=bool)
    try:
        default = held_out_cuts(_scored(reports, None), grounded, cut_rule)
        for k in range(FOLDS):
            train, test = fold != k, fold == k
            weights = fit(
                [a for a, keep in zip(answers, train, strict=True) if keep],
                default_entailment,
                LEARNED_SIGNALS,
                ridge=LEARNED_RIDGE,
            )
            scores = _scored(reports, weights)
            learned[test] = scores[test] >= cut_rule(scores[train], grounded[train])
    except InvalidInput as error:
        return False, {"kept": "default", "why": f"a fold could not be fitted: {error}"}
    measured = {"default": _summary(grounded, default), "learned": _summary(grounded, learned)}
    gain = measured["learned"]["balanced_accuracy"] - measured["default"]["balanced_accuracy"]
    wins, interval = beats(grounded, learned, default)
    short_of_shipped = wins and baseline is not None and not beats(grounded, learned, baseline)[0]
    wins = wins and not short_of_shipped
    if short_of_shipped:
        short = ", but not beyond chance over the model's own cut"
    else:
        short = "" if wins or gain <= 0 else ", not beyond chance"
    return wins, {
        "kept": "learned" if wins else "default",
        "why": f"held-out balanced accuracy {'+' if gain >= 0 else ''}{gain:.4f} learned over the entailment alone"
        + short,
        "folds": FOLDS,
        **measured,
        "gain_interval_90": interval,
    }


def calibrate(
    answers: Sequence[LabelledAnswer],
    reports: Sequence[CheckReport],
    default_entailment: float,
    default_contradiction: float,
    max_missed: float | None = None,
    label_count: int = 3,
    max_false_alarms: float | None = None,
    learn: bool = True,
) -> Calibration:
    """Fit the thresholds to ``answers``, given their ``reports`` from a check run with the
    entailment threshold at 0 (see the module docstring), and with ``learn`` a decision over
    each sentence's signals where it beats the entailment alone on held-out folds.

    Each distinct row counts once (a row copied 20 times is one row), and only rows the model
    decides are fitted: a row a deterministic check settles (a copy, a vetoed number) has an
    infinite score that no cut moves, so it constrains nothing.

    Raises:
        InvalidInput: Only one kind of label, fewer than :data:`MIN_FIT_ROWS` distinct
            model-decided rows of either kind, or no cut meets ``max_missed`` or
            ``max_false_alarms`` (at most this share of the grounded answers failed: see
            :func:`budget_cut`).
    """
    if max_missed is not None and max_false_alarms is not None:
        raise InvalidInput("give max_missed or max_false_alarms, not both: each chooses the cut")
    answers, reports, duplicates = _distinct(answers, reports)
    grounded = np.array([a.grounded for a in answers])
    if grounded.all() or not grounded.any():
        raise InvalidInput("calibration needs both grounded and ungrounded answers; the file has only one kind")
    scores = np.array([support_score(r) for r in reports])
    counts, warnings = _fit_rows(scores, grounded, duplicates)
    lowest = entailment_floor(label_count)  # a lower cut would pass what an undecided model says

    def cut_rule(values: np.ndarray, positive: np.ndarray) -> float:
        if max_false_alarms is not None:
            return budget_cut(values, positive, max_false_alarms, lowest)
        finite = np.isfinite(values)
        return fit_cut(values[finite], positive[finite], default_entailment, max_missed, lowest)[0]

    budgeted = max_missed is not None or max_false_alarms is not None
    cut = {"kept": "fitted", "why": "a budget chooses the cut"}
    if not budgeted:
        cut = compare_cuts(scores, grounded, cut_rule, default_entailment)
    shipped = None if cut["kept"] == "fitted" else scores >= default_entailment
    decision, compared = None, {"kept": "default", "why": "not asked for (learn=False)"}
    if learn:
        decision, compared = _learned(reports, grounded, counts, cut_rule, default_entailment, shipped)
    chosen = scores if decision is None else _scored(reports, decision)
    entailment = default_entailment if decision is None and shipped is not None else cut_rule(chosen, grounded)
    contradiction = _contradiction_cut(answers, reports, entailment, decision, default_contradiction)
    summary = {
        name: _cut_summary(cut, values, grounded)
        for name, cut, values in (("before", default_entailment, scores), ("after", entailment, chosen))
    }
    rows = {"grounded": int(grounded.sum()), "ungrounded": int((~grounded).sum())}
    rows |= {label: sum(a.label == label for a in answers) for label in LABELS_3WAY if any(a.label for a in answers)}
    budget = None
    if max_false_alarms is not None:
        budget = {"max_false_alarms": max_false_alarms, **summary["after"]["rates"]}
    return Calibration(
        entailment,
        contradiction,
        summary["before"],
        summary["after"],
        rows,
        warnings,
        budget,
        trade_off(chosen, grounded),
        decision,
        compared,
        cut,
    )


def _distinct(
    answers: Sequence[LabelledAnswer], reports: Sequence[CheckReport]
) -> tuple[list[LabelledAnswer], list[CheckReport], int]:
    """Each distinct row once (a row copied 20 times is one row), with its report, and how many
    copies were dropped."""
    seen: dict[tuple, int] = {}
    for i, a in enumerate(answers):
        seen.setdefault((a.text, tuple(a.sources), a.grounded, a.label), i)
    return [answers[i] for i in seen.values()], [reports[i] for i in seen.values()], len(answers) - len(seen)


def _fit_rows(scores: np.ndarray, grounded: np.ndarray, duplicates: int) -> tuple[dict[str, int], list[str]]:
    """How many rows of each kind the model decides (a finite score), and the warnings to print.

    Raises:
        InvalidInput: Fewer than :data:`MIN_FIT_ROWS` of either kind.
    """
    decided = np.isfinite(scores)
    counts = {"grounded": int((decided & grounded).sum()), "ungrounded": int((decided & ~grounded).sum())}
    if min(counts.values()) < MIN_FIT_ROWS:
        raise InvalidInput(
            f"calibration needs at least {MIN_FIT_ROWS} distinct grounded and {MIN_FIT_ROWS} distinct ungrounded "
            f"answers that the model decides; the file has {counts['grounded']} and {counts['ungrounded']} "
            f"({duplicates} duplicate rows dropped; rows a deterministic check settles do not count)"
        )
    warnings = [f"{duplicates} duplicate rows dropped: each distinct row counts once"] if duplicates else []
    warnings += [
        f"only {count} {kind} answers the model decides: the fitted cut is noisy below {MIN_ROWS_PER_LABEL} of each"
        for kind, count in counts.items()
        if count < MIN_ROWS_PER_LABEL
    ]
    return counts, warnings


def _contradiction_cut(
    answers: Sequence[LabelledAnswer],
    reports: Sequence[CheckReport],
    entailment: float,
    decision: Decision | None,
    default: float,
) -> float:
    """The contradiction cut fitted on the rows labelled neutral or contradiction, where the file
    has both; else ``default`` (a two-way file says nothing of it)."""
    labelled = [i for i, a in enumerate(answers) if a.label in ("neutral", "contradiction")]
    if {answers[i].label for i in labelled} != {"neutral", "contradiction"}:
        return default
    contra = np.array([contradiction_score(reports[i], entailment, decision) for i in labelled])
    is_contradiction = np.array([answers[i].label == "contradiction" for i in labelled])
    return fit_cut(contra, is_contradiction, default)[0]


def _cut_summary(cut: float, values: np.ndarray, grounded: np.ndarray) -> dict[str, Any]:
    """What a cut does on the file: balanced accuracy with its 90% interval, and each kind's
    error rate."""
    predicted = values >= cut
    return {
        "entailment_threshold": round(float(cut), 4),
        **_summary(grounded, predicted),
        "ungrounded_passed": round(float(predicted[~grounded].mean()), 4),
        "grounded_flagged": round(float((~predicted[grounded]).mean()), 4),
        "rates": {"grounded_failed": rate(~predicted[grounded]), "ungrounded_passed": rate(predicted[~grounded])},
    }


def _learned(
    reports: Sequence[CheckReport],
    grounded: np.ndarray,
    counts: dict[str, int],
    cut_rule: CutRule,
    default_entailment: float,
    shipped: np.ndarray | None,
) -> tuple[Decision | None, dict[str, Any]]:
    """The decision fitted on every answer where it wins the cross-validated comparison
    (:func:`compare_decisions`; against the model's own cut too, ``shipped``, where that was
    kept), else ``None``; and why."""
    if min(counts.values()) < MIN_ROWS_PER_LABEL:
        return None, {"kept": "default", "why": f"fewer than {MIN_ROWS_PER_LABEL} model-decided answers of a kind"}
    if any(_weighed(s) and not s.signals for report in reports for s in report.sentences):
        return None, {"kept": "default", "why": "this scorer records no signals to weigh"}
    answers = [as_answer(report, bool(label)) for report, label in zip(reports, grounded, strict=True)]
    wins, compared = compare_decisions(reports, answers, grounded, cut_rule, default_entailment, shipped)
    if not wins:
        return None, compared
    return fit(answers, default_entailment, LEARNED_SIGNALS, ridge=LEARNED_RIDGE), compared
