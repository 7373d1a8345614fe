"""A learned decision over a sentence's signals: a logistic regression shipped as plain data.

The bundled model's entailment alone decides whether a scored sentence is supported, unless a
settings file carries a ``decision``: weights over the sentence's signals (:mod:`validator.signals`)
and an intercept, read at load and applied where the entailment would be cut. ``calibrate`` fits
one from a user's own labelled answers and writes it only where it beats the entailment alone on
answers it was not fitted on (:mod:`validator.calibration`); ``make decision`` fits and measures the
same recipe across domains (:mod:`training.decision`). Both fit through :func:`fit`, so one
implementation is measured and shipped.

Labels are per answer; the decision is per sentence. A grounded answer's sentences are all
supported. An ungrounded answer has at least one unsupported sentence and which is not labelled,
so each round labels its weakest sentence under the decision so far (multiple-instance learning,
three rounds from the model's entailment) and leaves its others out. Each group of answers (a
set) weighs the same in the fit, and within a group both labels weigh the same. Each weight may
take only its check's direction (:data:`DIRECTION`): a finding can count against support, never for it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from validator.errors import InvalidInput
from validator.signals import PROBABILITIES, SIGNALS

_EDGE = 1e-4
"""Probabilities are clipped this far from 0 and 1 before their logit."""

DIRECTION: dict[str, int] = {
    "entailment": 1,
    "joint_entailment": 1,
    "contradiction": -1,
    "joint_contradiction": -1,
    "number_misplaced": -1,
    "number_rival": -1,
    "number_absent": -1,
    "value_changed": -1,
    "fused": -1,
    "unseen_names": -1,
    "unseen_words": -1,
}
"""The only direction each signal's weight may take (a check's finding can count against support,
never for it); the rest (length, "states numbers", the retrieval gap) say nothing either way."""

RIDGE = 1e-3
"""The L2 penalty on the standardized weights: enough to keep a signal that never fires at 0."""
ROUNDS = 3
"""Multiple-instance rounds: the weakest sentence of an ungrounded answer, relabelled each round."""
PASS, FAIL = 2.0, -1.0
"""An answer's score where no sentence is weighed: all copied (above every probability), or a
sentence a rule fails or no check ran on (below every one)."""


def encode(signals: Mapping[str, float]) -> list[float]:
    """The signals as the decision reads them, in :data:`~validator.signals.SIGNALS` order: the
    model's probabilities on the logit scale (where a linear weight means the same at 0.1 as at
    0.9), the rest as they are."""
    row = []
    for name in SIGNALS:
        value = float(signals[name])
        if name in PROBABILITIES:
            value = min(max(value, _EDGE), 1 - _EDGE)
            value = math.log(value / (1 - value))
        row.append(value)
    return row


@dataclass(frozen=True)
class Decision:
    """The probability that a sentence is supported, from its signals: ``weights`` (one per
    :data:`~validator.signals.SIGNALS`) and ``intercept``. Cut where the entailment would be."""

    weights: np.ndarray
    intercept: float

    def probability(self, signals: Mapping[str, float]) -> float:
        z = float(np.dot(self.weights, encode(signals))) + self.intercept
        return 1.0 / (1.0 + math.exp(-z)) if z >= 0 else math.exp(z) / (1.0 + math.exp(z))

    def moved(self, cut: float, to: float) -> Decision:
        """The same decision with its intercept moved so that probability ``cut`` becomes ``to``."""
        shift = math.log(to / (1 - to)) - math.log(cut / (1 - cut))
        return replace(self, intercept=self.intercept + shift)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON (never a pickle): the weight of each signal it weighs, and the intercept."""
        weights = {name: round(float(w), 6) for name, w in zip(SIGNALS, self.weights, strict=True) if w != 0}
        return {"weights": weights, "intercept": round(self.intercept, 6)}

    @classmethod
    def from_dict(cls, values: Any, origin: str) -> Decision:
        """A decision as :meth:`to_dict` writes it; ``origin`` names the file in the error.

        Raises:
            InvalidInput: Not an object of ``weights`` and ``intercept``, an unknown signal, a
                weight against its signal's :data:`DIRECTION`, or a number that is not finite.
        """
        where = f"{origin}: decision"
        if not isinstance(values, dict) or set(values) != {"weights", "intercept"}:
            raise InvalidInput(f"{where} must be an object {{weights, intercept}}, got {values!r:.80}")
        weights, intercept = values["weights"], values["intercept"]
        if not isinstance(weights, dict) or not weights:
            raise InvalidInput(f"{where}: weights must be a non-empty object of signal: weight")
        if unknown := sorted(set(weights) - set(SIGNALS)):
            raise InvalidInput(f"{where}: unknown signal {unknown[0]!r} (known: {list(SIGNALS)})")
        for name, value in [*weights.items(), ("intercept", intercept)]:
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise InvalidInput(f"{where}: {name} must be a finite number, got {value!r:.40}")
            if value * DIRECTION.get(name, 0) < 0:
                side = "for" if DIRECTION[name] > 0 else "against"
                raise InvalidInput(f"{where}: {name} may only count {side} support, got {value!r}")
        return cls(np.array([float(weights.get(name, 0.0)) for name in SIGNALS]), float(intercept))


@dataclass(frozen=True)
class Answer:
    """One labelled answer as the fit sees it.

    Args:
        grounded: The label.
        weighed: The signals of each sentence the decision weighs (the model decided it, no
            rule did).
        failed: A rule fails one of its sentences, or a check could not run on one: it fails
            whatever the weights (an answer with no sentence at all fails too).
        group: The set it came from; each set weighs the same in the fit.
    """

    grounded: bool
    weighed: tuple[Mapping[str, float], ...]
    failed: bool
    group: str = ""

    def score(self, decision: Decision | None) -> float:
        """Its weakest sentence's probability under ``decision`` (the model's entailment where
        ``None``): :data:`PASS` where every sentence was copied, :data:`FAIL` where one failed."""
        if self.failed:
            return FAIL
        if decision is None:
            return min((float(s["entailment"]) for s in self.weighed), default=PASS)
        return min((decision.probability(s) for s in self.weighed), default=PASS)


def scores(answers: Sequence[Answer], decision: Decision | None) -> np.ndarray:
    return np.array([answer.score(decision) for answer in answers])


def _labelled(answers: Sequence[Answer], decision: Decision | None) -> Iterator[tuple[list[float], int, str]]:
    """(features, label, group) per training sentence: every weighed sentence of a grounded answer
    (1), and the weakest weighed sentence of an ungrounded one that no rule already fails (0)."""
    for answer in answers:
        if not answer.weighed or (answer.failed and not answer.grounded):
            continue
        if answer.grounded:
            yield from ((encode(s), 1, answer.group) for s in answer.weighed)
            continue
        key = decision.probability if decision else (lambda s: float(s["entailment"]))
        yield encode(min(answer.weighed, key=key)), 0, answer.group


def _weighted_logistic(
    x: np.ndarray, y: np.ndarray, weights: np.ndarray, signs: Sequence[int], ridge: float
) -> np.ndarray:
    """The weights and (last) intercept minimising the weighted log loss with every weight in its
    direction (``signs``: +1, -1, or 0 for either; scipy's L-BFGS-B with bounds, as scikit-learn's
    logistic regression takes none)."""
    from scipy.optimize import minimize
    from scipy.special import expit

    def loss(params: np.ndarray) -> tuple[float, np.ndarray]:
        w, b = params[:-1], params[-1]
        z = x @ w + b
        value = float((weights * (np.logaddexp(0, -z) * y + np.logaddexp(0, z) * (1 - y))).sum())
        error = weights * (expit(z) - y)
        return value + ridge * float(w @ w) / 2, np.append(x.T @ error + ridge * w, error.sum())

    bounds = [(0, None) if sign > 0 else (None, 0) if sign < 0 else (None, None) for sign in signs] + [(None, None)]
    return minimize(loss, np.zeros(x.shape[1] + 1), jac=True, method="L-BFGS-B", bounds=bounds).x


def fit(
    answers: Sequence[Answer],
    cut: float,
    weighed: Sequence[str],
    signed: bool = True,
    ridge: float = RIDGE,
) -> Decision:
    """The decision over ``answers`` weighing the signals ``weighed`` (see the module docstring),
    its intercept moved so that its best cut on them (:func:`best_cut`) is ``cut``.

    Raises:
        InvalidInput: No grounded or no ungrounded answer has a sentence to weigh.
    """
    decision: Decision | None = None
    used = [SIGNALS.index(name) for name in weighed]
    signs = [DIRECTION.get(name, 0) if signed else 0 for name in weighed]
    for _ in range(ROUNDS):
        data = list(_labelled(answers, decision))
        if len({label for _, label, _ in data}) < 2:
            raise InvalidInput("a decision needs grounded and ungrounded answers with a sentence the model decides")
        x = np.array([features for features, _, _ in data])
        y = np.array([label for _, label, _ in data], dtype=float)
        groups = [(group, label) for _, label, group in data]
        counts = Counter(groups)
        weights = np.array([1.0 / counts[group] for group in groups])
        mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-9
        params = _weighted_logistic((x[:, used] - mean[used]) / scale[used], y, weights / weights.sum(), signs, ridge)
        coefficients = np.zeros(len(SIGNALS))
        coefficients[used] = params[:-1] / scale[used]
        decision = Decision(coefficients, float(params[-1] - (coefficients * mean).sum()))
    assert decision is not None
    return decision.moved(best_cut(answers, decision), cut)


def best_cut(answers: Sequence[Answer], decision: Decision) -> float:
    """The cut with the best mean balanced accuracy over the groups of ``answers``."""
    by_group: dict[str, list[Answer]] = {}
    for answer in answers:
        by_group.setdefault(answer.group, []).append(answer)
    scored = [(scores(members, decision), np.array([a.grounded for a in members])) for members in by_group.values()]
    cuts = np.unique(np.concatenate([s for s, _ in scored]).clip(0.01, 0.99).round(3))
    total = np.zeros(len(cuts))
    for group_scores, grounded in scored:  # balanced accuracy at every cut at once
        if grounded.all() or not grounded.any():
            continue
        passed = group_scores[None, :] >= cuts[:, None]
        total += (passed[:, grounded].mean(axis=1) + (~passed[:, ~grounded]).mean(axis=1)) / 2
    return float(cuts[total.argmax()])
