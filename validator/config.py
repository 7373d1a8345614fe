"""Every setting of a check, declared once, in groups by concern.

The validator (:class:`~validator.main.ProvenanceNLI`), the CLI, the batch job (in process and
on each Ray actor) and the citation checker all build from one :class:`CheckerConfig`, so a
setting means the same thing everywhere and a new one is added once, in its group. Each group is
a frozen dataclass that checks its own fields when it is made, so a caller's mistake raises
:class:`~validator.errors.InvalidInput` at construction, never at the first check. The values
are plain (strings, numbers, tuples), so a config can be shipped to Ray actors and printed.

Flat settings (the validator's keyword arguments, the CLI's flags) map into the groups in one
place, :meth:`CheckerConfig.from_settings`, by the table :data:`SETTING_GROUPS`; a setting's
name is its field's name in its group.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from validator import defaults
from validator.deprecation import RENAMED_SETTINGS, renamed_arguments
from validator.errors import InvalidInput, check_choice, is_count
from validator.judge import SCORER_MODES, LLMCallable, LLMJudge, ScorerMode
from validator.retrieval import RETRIEVALS, Retrieval
from validator.scorers.base import BACKENDS, Backend, PairScorer, check_sizes
from validator.scorers.external import ExternalScorer, PairScorerProtocol
from validator.scorers.nli import NLIScorer
from validator.scorers.remote import RemoteScorer
from validator.timeouts import is_seconds
from validator.verdicts import (
    FAILABLE_VERDICTS,
    UNCERTAIN_POLICIES,
    FailPolicy,
    Thresholds,
    Uncertain,
    parse_fail_on,
)

ValidationMethod = Literal["sentence", "full"]
VALIDATION_METHODS: tuple[str, ...] = ("sentence", "full")


@dataclass(frozen=True)
class ModelConfig:
    """What scores the (passage, sentence) pairs, and where.

    Args:
        model_name: Local folder or hub id of any 2- or 3-way NLI sequence classifier.
            Defaults to the bundled model (offline).
        model_checkpoint_path: Fine-tuned weights over ``model_name`` (``.safetensors`` or a
            state dict, read with ``weights_only=True``).
        device: ``cpu``, ``cuda``, ``mps``…; ``None`` picks CUDA, then MPS, then CPU. The default
            embedder runs there too.
        batch_size: Model inputs per forward pass. Defaults to 8 on a CPU, 64 on a GPU.
        backend: ``"torch"``, or ``"onnx"`` for int8 ONNX Runtime copies of the model and of the
            default embedder on the CPU (``pip install "provenance-nli[onnx]"``).
        max_length: Tokens per model input; longer passages are scored as windows.
        settings_file: A settings file (``python -m validator calibrate --output``) whose temperature
            and thresholds replace the model folder's: the cut fitted to your own labelled
            answers. Its labels must be the model's. Defaults to None (the model's own).
        inference_endpoint: A remote scoring URL (KServe v2, e.g. the Ray Serve app in
            :mod:`validator.serving`); retrieval and verdicts still run here, and
            ``model_name`` names the model the endpoint serves (for its tokenizer and
            thresholds). A timeout, refused connection, error status or malformed body fails
            closed. Defaults to None (score here).
        endpoint_timeout: Seconds to wait for the remote endpoint, or for one call of an app's
            ``pair_scorer``.
        pair_scorer: Another checker in the model's place: any object with ``labels`` and
            ``predict(pairs)`` (:class:`~validator.scorers.PairScorerProtocol`), such as
            :class:`~validator.scorers.MiniCheckScorer`. Its output is checked like a remote
            endpoint's; the thresholds are 0.5 unless ``settings_file`` (calibrated for it) says
            otherwise. Not with ``model_name``, ``model_checkpoint_path`` or
            ``inference_endpoint``. Defaults to None (the model).
    """

    model_name: str | None = None
    model_checkpoint_path: str | None = None
    device: str | None = None
    batch_size: int | None = None
    backend: Backend = "torch"
    max_length: int = defaults.MAX_LENGTH
    settings_file: str | None = None
    inference_endpoint: str | None = None
    endpoint_timeout: float = defaults.REMOTE_TIMEOUT_S
    pair_scorer: PairScorerProtocol | PairScorer | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        check_choice("backend", self.backend, BACKENDS)
        for name in ("model_name", "model_checkpoint_path", "settings_file", "inference_endpoint"):
            value = getattr(self, name)
            if value is not None and not (isinstance(value, os.PathLike) or (isinstance(value, str) and value.strip())):
                raise InvalidInput(f"{name} must be a path or name (a non-empty string) or None, got {value!r:.80}")
        check_sizes(self.max_length, self.batch_size)
        if not is_seconds(self.endpoint_timeout):
            raise InvalidInput(f"endpoint_timeout must be a positive number of seconds, got {self.endpoint_timeout!r}")
        if self.pair_scorer is not None and (
            given := [
                name
                for name in ("model_name", "model_checkpoint_path", "inference_endpoint")
                if getattr(self, name) is not None
            ]
        ):
            raise InvalidInput(f"pair_scorer replaces the model, so {given[0]} has nothing to do: pass one of them")

    def build_scorer(self) -> PairScorer:
        """The app's own ``pair_scorer``, the endpoint that serves the model, or the model here."""
        if self.pair_scorer is not None:
            if isinstance(self.pair_scorer, PairScorer):
                return self.pair_scorer
            return ExternalScorer(
                self.pair_scorer,
                max_length=self.max_length,
                settings_file=self.settings_file,
                timeout=self.endpoint_timeout,
            )
        if self.inference_endpoint:
            return RemoteScorer(
                self.inference_endpoint,
                self.model_name,
                max_length=self.max_length,
                timeout=self.endpoint_timeout,
                settings_file=self.settings_file,
            )
        return NLIScorer(
            self.model_name,
            checkpoint_path=self.model_checkpoint_path,
            device=self.device,
            max_length=self.max_length,
            batch_size=self.batch_size,
            backend=self.backend,
            settings_file=self.settings_file,
        )


@dataclass(frozen=True)
class VerdictConfig:
    """Where the model's probabilities are cut into verdicts, and which verdicts fail.

    Args:
        entailment_threshold: Entailment probability needed to count as supported. Defaults to
            the model folder's threshold (or the ``settings_file``'s).
        contradiction_threshold: Contradiction probability for ``contradicted``. Defaults to the
            model folder's.
        review_threshold: Verdicts less confident than this are flagged ``needs_review``.
        fail_on: Verdicts that fail validation: ``"contradicted"``, ``"unsupported"`` or both.
            Defaults to both.
        uncertain: What a failing verdict less sure than ``review_threshold`` does: ``"fail"``
            (it fails, like any other) or ``"flag"`` (it is kept in the answer and listed in the
            result's ``flagged``, so only verdicts the check is sure of fail; a rule's verdict,
            or a check that could not run, always fails).
    """

    entailment_threshold: float | None = None
    contradiction_threshold: float | None = None
    review_threshold: float = defaults.REVIEW_THRESHOLD
    fail_on: str | Sequence[str] = FAILABLE_VERDICTS
    uncertain: Uncertain = "fail"

    def __post_init__(self) -> None:
        parse_fail_on(self.fail_on)
        check_choice("uncertain", self.uncertain, UNCERTAIN_POLICIES)
        Thresholds(
            0.5 if self.entailment_threshold is None else self.entailment_threshold,
            0.5 if self.contradiction_threshold is None else self.contradiction_threshold,
            self.review_threshold,
        )  # in [0, 1], or InvalidInput naming the threshold

    def fail_policy(self) -> FailPolicy:
        """Which sentences fail a check (:class:`~validator.verdicts.FailPolicy`)."""
        return FailPolicy(parse_fail_on(self.fail_on), self.uncertain)

    def thresholds(self, scorer: PairScorer) -> Thresholds:
        """The scorer's model's cut-offs, with the ones set here in their place."""
        return Thresholds.for_model(
            scorer.settings, self.entailment_threshold, self.contradiction_threshold, self.review_threshold
        )


@dataclass(frozen=True)
class RetrievalConfig:
    """How each sentence's evidence is found.

    Args:
        top_k: Passages per sentence.
        retrieval: How ``sources`` are searched: ``"hybrid"`` (BM25 and embeddings, fused by
            reciprocal rank), ``"dense"`` or ``"lexical"``.
        joint_premise: Also score each sentence against its top-k passages joined.
        query_timeout: Seconds a ``query_function`` call may take; a slower one fails closed.
        embedding_cache: A directory where the default embedder's chunk vectors are kept, so a
            new process over the same sources starts warm (one SQLite file, shared by processes,
            at most 100,000 vectors, least recently used dropped). Defaults to None (in memory
            only).
    """

    top_k: int = defaults.TOP_K
    retrieval: Retrieval = "hybrid"
    joint_premise: bool = True
    query_timeout: float = defaults.QUERY_TIMEOUT_S
    embedding_cache: str | None = None

    def __post_init__(self) -> None:
        if not is_count(self.top_k):
            raise InvalidInput(f"top_k must be a positive integer, got {self.top_k!r}")
        check_choice("retrieval", self.retrieval, RETRIEVALS)
        if not is_seconds(self.query_timeout):
            raise InvalidInput(f"query_timeout must be a positive number of seconds, got {self.query_timeout!r}")


@dataclass(frozen=True)
class InputConfig:
    """What of a text is one claim, and how much text and sources a check takes.

    Args:
        validation_method: ``"sentence"`` (each sentence) or ``"full"`` (the whole text as one
            claim).
        max_text_chars: Longer texts fail closed without being checked.
        max_source_chars: Sources longer than this in all fail closed without being checked.
    """

    validation_method: ValidationMethod = "sentence"
    max_text_chars: int = defaults.MAX_TEXT_CHARS
    max_source_chars: int = defaults.MAX_SOURCE_CHARS

    def __post_init__(self) -> None:
        check_choice("validation_method", self.validation_method, VALIDATION_METHODS)
        for name in ("max_text_chars", "max_source_chars"):
            if not is_count(limit := getattr(self, name)):
                raise InvalidInput(f"{name} must be a positive integer, got {limit!r}")


@dataclass(frozen=True)
class JudgeConfig:
    """Whether an LLM judge decides, and how it is called.

    Args:
        scorer_mode: ``"nli"`` (the NLI model; offline), ``"llm"`` (an LLM judge decides what the
            deterministic checks leave open) or ``"cascade"`` (the NLI model first, the judge
            only where it is not confident).
        llm_callable: For ``"llm"`` / ``"cascade"``: a LiteLLM model name (``"gpt-4o-mini"``,
            ``"openai/<name>"`` with ``llm_kwargs={"api_base": ...}``), or ``f(prompt) -> str``.
        llm_kwargs: Passed to ``litellm.completion`` (``api_base``, ``api_key``…); never printed.
        llm_timeout: Seconds per judge call (retried with back-off on rate limits, 5xx and
            timeouts, then fail closed).
        llm_max_concurrency: Judge calls in flight at once.
    """

    scorer_mode: ScorerMode = "nli"
    llm_callable: LLMCallable | None = None
    llm_kwargs: Mapping[str, Any] | None = field(default=None, repr=False)
    llm_timeout: float = defaults.LLM_TIMEOUT_S
    llm_max_concurrency: int = defaults.LLM_MAX_CONCURRENCY

    def __post_init__(self) -> None:
        check_choice("scorer_mode", self.scorer_mode, SCORER_MODES)
        if not is_seconds(self.llm_timeout):
            raise InvalidInput(f"llm_timeout must be a finite number of seconds above 0, got {self.llm_timeout!r}")
        self.build()  # a bad llm_callable or llm_kwargs raises here; a judge missing for the mode, where it is used

    def build(self) -> LLMJudge | None:
        """The LLM judge, for ``scorer_mode="llm"`` or ``"cascade"``; None for ``"nli"``."""
        if self.scorer_mode not in ("llm", "cascade") or self.llm_callable is None:
            return None
        return LLMJudge(
            self.llm_callable,
            dict(self.llm_kwargs or {}),
            timeout=self.llm_timeout,
            max_concurrency=self.llm_max_concurrency,
        )


GROUPS: dict[str, type] = {
    "model": ModelConfig,
    "verdicts": VerdictConfig,
    "retrieval": RetrievalConfig,
    "inputs": InputConfig,
    "judge": JudgeConfig,
}
SETTING_GROUPS: dict[str, str] = {f.name: group for group, kind in GROUPS.items() for f in fields(kind)}
"""Each flat setting (a validator keyword argument, a CLI flag's ``dest``) and the group it is in."""


@dataclass(frozen=True)
class CheckerConfig:
    """Every setting of a check, by group: each group's class documents its settings and defaults."""

    model: ModelConfig = ModelConfig()
    verdicts: VerdictConfig = VerdictConfig()
    retrieval: RetrievalConfig = RetrievalConfig()
    inputs: InputConfig = InputConfig()
    judge: JudgeConfig = JudgeConfig()

    @classmethod
    @renamed_arguments(RENAMED_SETTINGS)
    def from_settings(cls, **settings: Any) -> CheckerConfig:
        """The config of flat settings, each put in its group (:data:`SETTING_GROUPS`); a
        setting not given keeps its default, and an old name (:data:`RENAMED_SETTINGS`) still
        works this release, with a ``DeprecationWarning``.

        Raises:
            TypeError: A setting no group has.
            InvalidInput: A value its group refuses.
        """
        if unknown := sorted(set(settings) - set(SETTING_GROUPS)):
            raise TypeError(f"unknown settings {unknown}")
        grouped: dict[str, dict[str, Any]] = {group: {} for group in GROUPS}
        for name, value in settings.items():
            grouped[SETTING_GROUPS[name]][name] = value
        return cls(**{group: GROUPS[group](**values) for group, values in grouped.items()})

    def settings(self) -> dict[str, Any]:
        """Every setting by its flat name: :meth:`from_settings` of it is this config again."""
        return {f.name: getattr(getattr(self, group), f.name) for group, kind in GROUPS.items() for f in fields(kind)}

    def fail_policy(self) -> FailPolicy:
        """Which sentences fail a check (:class:`~validator.verdicts.FailPolicy`)."""
        return self.verdicts.fail_policy()
