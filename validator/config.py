"""One configuration for every way in: every setting with its default, and how to build from it.

The validator (:class:`~validator.main.ProvenanceNLI`), the CLI, the batch job (in process and
on each Ray actor) and the citation checker all build their scorer, thresholds, judge and
checker here, so a setting means the same thing everywhere and a new one is added once. The
values are plain (strings, numbers, tuples), so a config can be shipped to Ray actors and
printed. Thresholds left as None are resolved once, against the model folder's
``provenance_nli.json`` or the calibrated ``settings`` file that replaces it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from validator import defaults
from validator.checkers.external import ExternalScorer, PairScorerProtocol
from validator.citations import CitationChecker
from validator.errors import InvalidInput
from validator.judge import LLMCallable, LLMJudge, ScorerMode
from validator.pipeline import ProvenanceChecker, ValidationMethod
from validator.remote import RemoteScorer
from validator.retrieval import Retrieval, SourceIndexCache
from validator.scoring import Backend, NLIScorer, PairScorer
from validator.verdicts import FAILABLE_VERDICTS, FailPolicy, Thresholds, Uncertain, parse_fail_on

_MODEL_SETTINGS = ("model_name", "model_checkpoint_path", "inference_endpoint")
"""What says which model scores, which an app's own ``pair_scorer`` replaces."""
_CHECKER_SETTINGS = (
    "top_k",
    "retrieval",
    "joint_premise",
    "validation_method",
    "max_text_chars",
    "max_source_chars",
    "query_timeout",
    "embedding_cache",
)
"""The settings :class:`ProvenanceChecker` takes as they are, under the same names."""


@dataclass(frozen=True)
class CheckerConfig:
    """Every setting of a check.

    Args:
        model_name: Local folder or hub id of any 2- or 3-way NLI sequence classifier.
            Defaults to the bundled model (offline).
        model_checkpoint_path: Fine-tuned weights over ``model_name`` (``.safetensors`` or a
            state dict, read with ``weights_only=True``).
        device: ``cpu``, ``cuda``, ``mps``…; ``None`` picks CUDA, then MPS, then CPU.
        batch_size: Model inputs per forward pass. Defaults to 8 on a CPU, 64 on a GPU.
        backend: ``"torch"``, or ``"onnx"`` for int8 ONNX Runtime copies of the model and of the
            default embedder on the CPU (``pip install "provenance-nli[onnx]"``). Defaults to
            ``"torch"``.
        max_length: Tokens per model input; longer passages are scored as windows.
            Defaults to 256.
        settings: A settings file (``python -m validator calibrate --output``) whose temperature
            and thresholds replace the model folder's: the cut fitted to your own labelled
            answers. Its labels must be the model's. Defaults to None (the model's own).
        inference_endpoint: A remote scoring URL (KServe v2, e.g. the Ray Serve app in
            :mod:`validator.serving`); retrieval and verdicts still run here, and
            ``model_name`` names the model the endpoint serves (for its tokenizer and
            thresholds). A timeout, refused connection, error status or malformed body fails
            closed. Defaults to None (score here).
        endpoint_timeout: Seconds to wait for the remote endpoint, or for one call of an app's
            ``pair_scorer``. Defaults to 30.
        min_confidence: Entailment probability needed to count as supported. Defaults to
            the model folder's threshold.
        contradiction_threshold: Contradiction probability for ``contradicted``. Defaults
            to the model folder's.
        review_threshold: Verdicts less confident than this are flagged ``needs_review``.
            Defaults to 0.8.
        fail_on: Verdicts that fail validation: ``"contradicted"``, ``"unsupported"`` or
            both. Defaults to both.
        uncertain: What a failing verdict less sure than ``review_threshold`` does:
            ``"fail"`` (it fails, like any other) or ``"flag"`` (it is kept in the answer and
            listed in the result's ``flagged``, so only verdicts the check is sure of fail; a
            rule's verdict, or a check that could not run, always fails). Defaults to ``"fail"``.
        top_k: Passages per sentence. Defaults to 3.
        retrieval: How ``sources`` are searched: ``"hybrid"`` (BM25 and embeddings, fused by
            reciprocal rank), ``"dense"`` or ``"lexical"``. Defaults to ``"hybrid"``.
        joint_premise: Also score each sentence against its top-k passages joined.
            Defaults to True.
        validation_method: ``"sentence"`` (each sentence) or ``"full"`` (the whole text as
            one claim). Defaults to ``"sentence"``.
        max_text_chars: Longer values fail closed without being checked. Defaults to 200,000.
        max_source_chars: Sources longer than this in all fail closed without being
            checked. Defaults to 2,000,000.
        query_timeout: Seconds a ``query_function`` call may take; a slower one fails
            closed. Defaults to 30.
        embedding_cache: A directory where the default embedder's chunk vectors are kept, so a
            new process over the same sources starts warm (one SQLite file, shared by processes,
            at most 100,000 vectors, least recently used dropped). Defaults to None (in memory
            only).
        scorer: ``"nli"`` (the NLI model; offline), ``"llm"`` (an LLM judge decides what the
            deterministic checks leave open) or ``"cascade"`` (the NLI model first, the judge
            only where it is not confident). Defaults to ``"nli"``.
        llm_callable: For ``"llm"`` / ``"cascade"``: a LiteLLM model name (``"gpt-4o-mini"``,
            ``"openai/<name>"`` with ``llm_kwargs={"api_base": ...}``), or ``f(prompt) -> str``.
        llm_kwargs: Passed to ``litellm.completion`` (``api_base``, ``api_key``…); never
            printed.
        llm_timeout: Seconds per judge call (retried with back-off on rate limits, 5xx and
            timeouts, then fail closed). Defaults to 30.
        llm_max_concurrency: Judge calls in flight at once. Defaults to 8.
        pair_scorer: Another checker in the model's place: any object with ``labels`` and
            ``predict(pairs)`` (:class:`~validator.checkers.PairScorerProtocol`), such as
            :class:`~validator.checkers.MiniCheckScorer`. Its output is checked like a remote
            endpoint's; the thresholds are 0.5 unless ``settings`` (calibrated for it) says
            otherwise. Not with ``model_name``, ``model_checkpoint_path`` or
            ``inference_endpoint``. Defaults to None (the model).
    """

    model_name: str | None = None
    model_checkpoint_path: str | None = None
    device: str | None = None
    batch_size: int | None = None
    backend: Backend = "torch"
    max_length: int = defaults.MAX_LENGTH
    settings: str | None = None
    inference_endpoint: str | None = None
    endpoint_timeout: float = defaults.REMOTE_TIMEOUT_S
    min_confidence: float | None = None
    contradiction_threshold: float | None = None
    review_threshold: float = defaults.REVIEW_THRESHOLD
    fail_on: str | Sequence[str] = FAILABLE_VERDICTS
    uncertain: Uncertain = "fail"
    top_k: int = defaults.TOP_K
    retrieval: Retrieval = "hybrid"
    joint_premise: bool = True
    validation_method: ValidationMethod = "sentence"
    max_text_chars: int = defaults.MAX_TEXT_CHARS
    max_source_chars: int = defaults.MAX_SOURCE_CHARS
    query_timeout: float = defaults.QUERY_TIMEOUT_S
    embedding_cache: str | None = None
    scorer: ScorerMode = "nli"
    llm_callable: LLMCallable | None = None
    llm_kwargs: Mapping[str, Any] | None = field(default=None, repr=False)
    llm_timeout: float = defaults.LLM_TIMEOUT_S
    llm_max_concurrency: int = defaults.LLM_MAX_CONCURRENCY
    pair_scorer: PairScorerProtocol | PairScorer | None = field(default=None, repr=False)

    def fail_policy(self) -> FailPolicy:
        """Which sentences fail a check (:class:`~validator.verdicts.FailPolicy`)."""
        return FailPolicy(parse_fail_on(self.fail_on), self.uncertain)

    def build_scorer(self) -> PairScorer:
        """The app's own ``pair_scorer``, the endpoint that serves the model, or the model here.

        Raises:
            InvalidInput: ``pair_scorer`` together with a model or an endpoint to score with.
        """
        if self.pair_scorer is not None:
            if given := [name for name in _MODEL_SETTINGS if getattr(self, name) is not None]:
                raise InvalidInput(f"pair_scorer replaces the model, so {given[0]} has nothing to do: pass one of them")
            if isinstance(self.pair_scorer, PairScorer):
                return self.pair_scorer
            return ExternalScorer(
                self.pair_scorer, max_length=self.max_length, settings_file=self.settings, timeout=self.endpoint_timeout
            )
        if self.inference_endpoint:
            return RemoteScorer(
                self.inference_endpoint,
                self.model_name,
                max_length=self.max_length,
                timeout=self.endpoint_timeout,
                settings_file=self.settings,
            )
        return NLIScorer(
            self.model_name,
            checkpoint_path=self.model_checkpoint_path,
            device=self.device,
            max_length=self.max_length,
            batch_size=self.batch_size,
            backend=self.backend,
            settings_file=self.settings,
        )

    def thresholds(self, scorer: PairScorer) -> Thresholds:
        """The scorer's model's cut-offs, with the ones set here in their place."""
        return Thresholds.for_model(
            scorer.settings, self.min_confidence, self.contradiction_threshold, self.review_threshold
        )

    def judge(self) -> LLMJudge | None:
        """The LLM judge, for ``scorer="llm"`` or ``"cascade"`` with an ``llm_callable``."""
        if self.scorer == "nli" or self.llm_callable is None:
            return None
        return LLMJudge(
            self.llm_callable,
            dict(self.llm_kwargs or {}),
            timeout=self.llm_timeout,
            max_concurrency=self.llm_max_concurrency,
        )

    def build(self, cache: SourceIndexCache | None = None) -> ProvenanceChecker:
        """The checker with every setting here."""
        scorer = self.build_scorer()
        return ProvenanceChecker(
            scorer,
            thresholds=self.thresholds(scorer),
            embed_device=self.device,
            embed_backend=self.backend,
            scorer_mode=self.scorer,
            judge=self.judge(),
            cache=cache,
            **{name: getattr(self, name) for name in _CHECKER_SETTINGS},
        )

    def citation_checker(self, gate: float = defaults.REVIEW_THRESHOLD) -> CitationChecker:
        """The citation checker with the same model, thresholds and judge as :meth:`build`."""
        scorer = self.build_scorer()
        return CitationChecker(
            scorer, gate=gate, thresholds=self.thresholds(scorer), scorer_mode=self.scorer, judge=self.judge()
        )
