"""From NLI probabilities to one verdict per sentence, and which verdicts fail.

The rule is stated in ``docs/verdicts.md`` (*decide*): support by any premise at the entailment
threshold wins, else contradiction at the contradiction threshold, else unsupported. Here are
the cut-offs (:class:`Thresholds`, from the model folder unless overridden), the column choice
that applies them (:func:`decide_columns`, :func:`decide`), the result record
(:class:`SentenceResult`) and the fail policy (:class:`FailPolicy`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Literal

import numpy as np

from validator import defaults
from validator.errors import InvalidInput
from validator.retrieval import Evidence
from validator.rules.quotes import Settlement
from validator.scorers.base import CONTRADICTION, ENTAILMENT, NEUTRAL, ModelSettings

Verdict = Literal["supported", "contradicted", "unsupported", "fabricated_quote"]
Method = Literal[
    "verbatim",
    "negation_check",
    "model",
    "number_check",
    "binding_check",
    "quote_check",
    "framing_check",
    "llm",
    "none",
]
VERDICT_WORDS: dict[str, str] = {
    "supported": "supported",
    "contradicted": "contradicted",
    "unsupported": "unsupported",
    "fabricated_quote": "quote not in source",
}
"""Each verdict as a person reads it, in the HTML reports and the CLI's table; the JSON keeps the
verdict's own name (``verdict``) for programs."""
METHOD_WORDS: dict[str, str] = {
    "verbatim": "copied",
    "negation_check": "opposite copied",
    "model": "model",
    "number_check": "number rule",
    "binding_check": "other entity",
    "quote_check": "quote search",
    "framing_check": "source denies it",
    "llm": "LLM judge",
    "none": "not checked",
}
"""What decided a verdict, as a person reads it (``docs/verdicts.md`` states each rule)."""
FAILABLE_VERDICTS: tuple[str, ...] = ("contradicted", "unsupported")
ALWAYS_FAILS = "fabricated_quote"
"""A quote of five or more words that is not in the sources fails whatever ``fail_on`` says."""
UNVERIFIED_METHODS: frozenset[str] = frozenset({"none", "framing_check"})
"""Methods of a verdict that says nothing was verified: no check ran (``none``: no evidence, not
English, too long, or the check failed), or a source holds the sentence only to deny it
(``framing_check``). Such a sentence fails whatever ``fail_on`` says: ``fail_on`` chooses which
*verdicts* of a check fail, and these are no verdict of a check on the sentence."""
SETTLED_VERDICTS: dict[Settlement, Verdict] = {
    "verbatim": "supported",
    "negation_check": "contradicted",
    "binding_check": "contradicted",
}
"""The verdict on a sentence the sources settle before any model: copied, or its negation or its
value given to another copied."""
_COLUMN_VERDICTS: dict[int, Verdict] = {ENTAILMENT: "supported", CONTRADICTION: "contradicted", NEUTRAL: "unsupported"}


@dataclass(frozen=True)
class Thresholds:
    """Probability cut-offs; ``review`` flags verdicts a person should look at."""

    entailment: float = defaults.ENTAILMENT_THRESHOLD
    contradiction: float = defaults.CONTRADICTION_THRESHOLD
    review: float = defaults.REVIEW_THRESHOLD

    def __post_init__(self) -> None:
        for name, value in asdict(self).items():
            if not 0.0 <= value <= 1.0:
                raise InvalidInput(f"{name} threshold must be in [0, 1], got {value}")

    @classmethod
    def for_model(
        cls,
        settings: ModelSettings,
        entailment: float | None = None,
        contradiction: float | None = None,
        review: float = defaults.REVIEW_THRESHOLD,
    ) -> Thresholds:
        """The model folder's (or settings file's) cut-offs, with any set here in their place."""
        return cls(
            settings.entailment_threshold if entailment is None else entailment,
            settings.contradiction_threshold if contradiction is None else contradiction,
            review,
        )


@dataclass(frozen=True, kw_only=True)
class SentenceResult:
    """The verdict on one sentence of the checked text, with the evidence behind it.

    ``start`` and ``end`` are character offsets into the checked text. ``entailment``,
    ``neutral`` and ``contradiction`` are the probabilities the model gave the **deciding**
    premise (the one shown as ``evidence``), so they belong together; every premise's are in
    ``premise_scores``. ``confidence`` is how sure the verdict is: for ``supported`` the
    deciding premise's entailment, for ``contradicted`` its contradiction, for
    ``unsupported`` one minus the strongest entailment or contradiction of any premise (how
    sure the model is that no passage settles the sentence); ``None`` when no model decided: no
    evidence, a sentence too long to score, or a ``fabricated_quote`` (a quoted span of
    five or more words that is not in the sources; ``quote_start``/``quote_end`` locate
    it). ``note`` explains those cases.

    ``method`` says what decided the verdict (:data:`Method`: ``verbatim``, ``negation_check``,
    ``model``, ``number_check``, ``binding_check``, ``quote_check``, ``framing_check``, ``llm``
    or ``none``); ``docs/verdicts.md`` states the rule behind each, and ``docs/guard.md`` what
    each field means. ``judged`` is True when an LLM judge read the sentence (its verdict may
    then still come from a rule). ``premise_scores`` holds the (entailment, neutral,
    contradiction) probabilities of each premise the model scored, in order (the top-k passages,
    then their joint premise where it was scored: ``docs/verdicts.md``, *score*).
    """

    sentence: str
    start: int
    end: int
    verdict: Verdict
    entailment: float
    contradiction: float
    confidence: float | None
    needs_review: bool
    evidence: str | None = None
    source_index: int | None = None
    note: str | None = None
    quote_start: int | None = None
    quote_end: int | None = None
    method: Method = "none"
    premise_scores: list[list[float]] | None = None
    judged: bool = False
    evidence_sources: list[int] | None = None
    """Every source the ``evidence`` came from (a joint premise, or what the LLM judge read, may
    join several; ``source_index`` is then None)."""
    neutral: float = 0.0
    reading: str | None = None
    """How the sentence was read when it leans on the one before ("It is 330 metres tall." →
    "The Eiffel Tower is 330 metres tall."); None when it was read as written."""
    value_start: int | None = None
    value_end: int | None = None
    """Where the value a rule names is in the checked text ("1975" where the source says 1953; a
    number no source gives): :mod:`validator.repair`."""
    correction: dict | None = None
    """Where the sentence is a source sentence with one value changed: the wrong value, the
    source's, and that sentence (:class:`validator.repair.Correction`), as ``repair=True`` uses."""
    signals: dict[str, float] | None = None
    """What every check said of a sentence the model scored (:mod:`validator.signals`): the
    model's probabilities, the number and binding rules' findings, names no source holds, words no
    passage holds, length. None where no model scored it."""
    finding: str | None = None
    """The number or binding rule's finding after the model or the judge, as the table of measured
    precision names it (:mod:`validator.vetoes`). Where it failed the sentence (``number_check``,
    ``binding_check``), the verdict's ``confidence`` is that precision; where the model or the
    judge failed it already, the verdict stays theirs and the finding is shown beside it."""
    certainty: Certainty | None = None
    """Which sort of finding decided a rule's verdict (:mod:`validator.vetoes`): ``"exact"`` (a
    value the evidence states otherwise in its place: certain, fails under every ``uncertain`` and
    every ``fail_on``) or ``"attributing"`` (whose value it is: weighed by measured precision, so
    it may be ``needs_review``); None where no such finding decided."""

    def to_dict(self) -> dict:
        return asdict(self)


def decide_columns(probabilities: np.ndarray, entailment: float, contradiction: float) -> np.ndarray:
    """The verdict rule (the module docstring), row by row on ``(n, 3)`` probabilities: the column
    of each row's verdict (ENTAILMENT, CONTRADICTION, or NEUTRAL for unsupported). Every verdict
    of the model goes through here: calibration and evaluation call it on many rows,
    :func:`verdict_of` on one."""
    return np.where(
        probabilities[:, ENTAILMENT] >= entailment,
        ENTAILMENT,
        np.where(probabilities[:, CONTRADICTION] >= contradiction, CONTRADICTION, NEUTRAL),
    )


def verdict_of(entailment: float, contradiction: float, thresholds: Thresholds) -> tuple[Verdict, float]:
    """The verdict for the strongest entailment and contradiction, and its confidence: the
    entailment for ``supported``, the contradiction for ``contradicted``, and for
    ``unsupported`` one minus the stronger of the two."""
    row = np.array([[entailment, 0.0, contradiction]])
    column = int(decide_columns(row, thresholds.entailment, thresholds.contradiction)[0])
    confidence = {ENTAILMENT: entailment, CONTRADICTION: contradiction}.get(
        column, 1.0 - max(entailment, contradiction)
    )
    return _COLUMN_VERDICTS[column], float(confidence)


def decide(
    probabilities: np.ndarray, premises: Sequence[Evidence], thresholds: Thresholds
) -> tuple[Verdict, float, Evidence]:
    """Verdict, its confidence and the deciding premise, from ``(n_premises, 3)`` probabilities."""
    best_entailment = int(probabilities[:, ENTAILMENT].argmax())
    best_contradiction = int(probabilities[:, CONTRADICTION].argmax())
    verdict, confidence = verdict_of(
        float(probabilities[best_entailment, ENTAILMENT]),
        float(probabilities[best_contradiction, CONTRADICTION]),
        thresholds,
    )
    return verdict, confidence, premises[best_contradiction if verdict == "contradicted" else best_entailment]


def parse_fail_on(fail_on: str | Sequence[str]) -> frozenset[str]:
    """Which verdicts fail validation: ``"contradicted"``, ``"unsupported"`` or both (plus
    ``fabricated_quote``, which always fails).

    Raises:
        InvalidInput: On anything else.
    """
    values = {fail_on} if isinstance(fail_on, str) else set(fail_on)
    if not values or not values <= set(FAILABLE_VERDICTS):
        raise InvalidInput(f"fail_on must be a non-empty subset of {FAILABLE_VERDICTS}, got {fail_on!r}")
    return frozenset({*values, ALWAYS_FAILS})


UNSURE_METHODS: tuple[Method, ...] = ("model", "llm", "number_check", "binding_check")
"""The only deciders whose verdict can be unsure (``needs_review``): the model and the judge below
the review threshold, and a rule's finding after them below the precision it needs to decide
alone (:mod:`validator.vetoes`). The rules that settle a sentence before any model, and a check
that did not run, are never unsure, so ``uncertain="flag"`` never keeps them."""

Uncertain = Literal["fail", "flag"]
Certainty = Literal["exact", "attributing"]
UNCERTAIN_POLICIES: tuple[Uncertain, ...] = ("fail", "flag")


@dataclass(frozen=True)
class FailPolicy:
    """Which sentences fail a check: a verdict in ``verdicts`` (:func:`parse_fail_on`), and, with
    ``uncertain="flag"``, only one at least as sure as the review threshold. A failing verdict
    marked ``needs_review`` is then kept in the answer and flagged (it is in the metadata, and
    ``fix`` does not cut it), so a guard blocks only what it is sure of. A verdict no model gave
    (a rule's, or a check that could not run) is never uncertain: it always fails."""

    verdicts: frozenset[str]
    uncertain: Uncertain = "fail"

    def __post_init__(self) -> None:
        if self.uncertain not in UNCERTAIN_POLICIES:
            raise InvalidInput(f"uncertain must be one of {UNCERTAIN_POLICIES}, got {self.uncertain!r}")

    def fails(self, verdict: str, needs_review: bool, method: str, certainty: str | None = None) -> bool:
        if verdict != "supported" and (method in UNVERIFIED_METHODS or certainty == "exact"):
            return True  # nothing verified it, or the evidence states another value: fails under every policy
        return verdict in self.verdicts and not self.flags(verdict, needs_review, method)

    def flags(self, verdict: str, needs_review: bool, method: str) -> bool:
        """A failing verdict kept because it is unsure (only with ``uncertain="flag"``): one the
        model or the judge gave below the review threshold, or a finding of a rule after them
        measured below the precision to decide alone (:data:`UNSURE_METHODS`)."""
        return self.uncertain == "flag" and verdict in self.verdicts and needs_review and method in UNSURE_METHODS

    def settings(self) -> dict[str, object]:
        """The policy as a report shows it, beside the checker's settings."""
        return {"fail_on": sorted(self.verdicts), "uncertain": self.uncertain}


DEFAULT_POLICY = FailPolicy(parse_fail_on(FAILABLE_VERDICTS))
"""Every failable verdict fails, sure or not: the default, fail-closed policy."""
