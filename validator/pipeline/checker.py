"""``ProvenanceChecker``: the stages of :mod:`validator.pipeline.stages`, in order, over a batch."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tqdm.auto import tqdm

from validator import defaults
from validator.checkers.external import PairScorerProtocol, as_pair_scorer
from validator.embedding_store import EmbeddingStore, StoredEmbedFunction
from validator.errors import InvalidInput, check_choice
from validator.judge import LLMJudge, ScorerMode, Usage, check_scorer_mode
from validator.pipeline import evidence, stages
from validator.pipeline.request import CheckReport, CheckRequest
from validator.pipeline.sentences import OpenSentence
from validator.pipeline.stages import VALIDATION_METHODS, ValidationMethod
from validator.retrieval import (
    DEFAULT_EMBEDDER_DIMENSION,
    EMBEDDER_BACKENDS,
    RETRIEVALS,
    EmbedderBackend,
    EmbedFunction,
    Retrieval,
    SourceIndex,
    SourceIndexCache,
    default_embed_function,
    default_embedder_name,
)
from validator.scoring import NLIScorer, PairScorer
from validator.verdicts import SentenceResult, Thresholds


class ProvenanceChecker:
    """Checks texts against evidence with one scorer and one source-index cache.

    :class:`validator.config.CheckerConfig` documents every setting and builds a checker from
    them; this class takes the built parts.

    Args:
        scorer: The NLI scorer, local (:class:`NLIScorer`) or remote, or any object with
            ``labels`` and ``predict`` (:class:`~validator.checkers.PairScorerProtocol`).
            Defaults to the bundled model on the best device.
        top_k: Passages retrieved per sentence. Defaults to 3.
        thresholds: Decision cut-offs. Defaults to the ones that go with the scorer's model.
        joint_premise: Also score each sentence against its top-k passages joined.
        validation_method: ``"sentence"`` or ``"full"`` (the whole text as one claim).
        max_text_chars: Longer texts are refused with :class:`TextTooLong`.
        max_source_chars: Larger source sets (in all) are refused with :class:`TextTooLong`.
        query_timeout: Seconds a ``query_function`` call may take.
        embed_device: Device for the default embedder. Defaults to the best available.
        embed_backend: ``"torch"``, or ``"onnx"`` for the default embedder on int8 ONNX Runtime
            (CPU only). Defaults to ``"torch"``.
        retrieval: ``"hybrid"``, ``"dense"`` or ``"lexical"``.
        scorer_mode: ``"nli"``, ``"llm"`` or ``"cascade"``.
        judge: The :class:`~validator.judge.LLMJudge` for ``"llm"`` and ``"cascade"``.
        cache: Where source indexes are kept. Defaults to a new bounded cache.
        embedding_cache: A directory where the default embedder's chunk vectors are kept across
            processes (:class:`~validator.embedding_store.EmbeddingStore`). Defaults to None
            (vectors live only as long as the in-memory source cache).
    """

    def __init__(
        self,
        scorer: PairScorer | PairScorerProtocol | None = None,
        *,
        top_k: int = defaults.TOP_K,
        thresholds: Thresholds | None = None,
        joint_premise: bool = True,
        validation_method: ValidationMethod = "sentence",
        max_text_chars: int = defaults.MAX_TEXT_CHARS,
        max_source_chars: int = defaults.MAX_SOURCE_CHARS,
        query_timeout: float = defaults.QUERY_TIMEOUT_S,
        embed_device: str | None = None,
        embed_backend: EmbedderBackend = "torch",
        retrieval: Retrieval = "hybrid",
        scorer_mode: ScorerMode = "nli",
        judge: LLMJudge | None = None,
        cache: SourceIndexCache | None = None,
        embedding_cache: str | Path | None = None,
    ) -> None:
        if not isinstance(top_k, int) or top_k < 1:
            raise InvalidInput(f"top_k must be a positive integer, got {top_k!r}")
        check_choice("validation_method", validation_method, VALIDATION_METHODS)
        check_choice("retrieval", retrieval, RETRIEVALS)
        for name, limit in (("max_text_chars", max_text_chars), ("max_source_chars", max_source_chars)):
            if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
                raise InvalidInput(f"{name} must be a positive integer, got {limit!r}")
        if not isinstance(query_timeout, (int, float)) or not query_timeout > 0:
            raise InvalidInput(f"query_timeout must be a positive number of seconds, got {query_timeout!r}")
        self.scorer = as_pair_scorer(scorer) if scorer is not None else NLIScorer()
        self.thresholds = thresholds or Thresholds.for_model(self.scorer.settings)
        self.top_k = top_k
        self.joint_premise = joint_premise
        self.validation_method: ValidationMethod = validation_method
        self.max_text_chars = max_text_chars
        self.max_source_chars = max_source_chars
        check_choice("embed_backend", embed_backend, EMBEDDER_BACKENDS)
        self.retrieval: Retrieval = retrieval
        self.search = evidence.Search(top_k, retrieval, float(query_timeout))
        self.scorer_mode = check_scorer_mode(scorer_mode, judge)
        self.judge = judge
        self.cache = cache or SourceIndexCache()
        # loads no model yet: the default embedder loads on its first call
        self.default_embed: EmbedFunction = default_embed_function(embed_device, embed_backend)
        if embedding_cache is not None:
            store = EmbeddingStore(
                embedding_cache, default_embedder_name(embed_backend), dimension=DEFAULT_EMBEDDER_DIMENSION
            )
            self.default_embed = StoredEmbedFunction(store, self.default_embed)

    def check(self, request: CheckRequest) -> CheckReport:
        """Verdicts for one text."""
        return self.check_batch([request])[0]

    def check_batch(self, requests: Sequence[CheckRequest], progress: bool = False) -> list[CheckReport]:
        """Verdicts for many texts, with all their NLI pairs scored in shared batches.

        Args:
            progress: Show a progress bar on stderr while the texts are read and searched, where
                stderr is a terminal (a person is watching; a log or a pipe gets no bar).

        Raises:
            TextTooLong: A text, or a request's sources, is over its limit.
            RetrievalFailed: The app's query_function or embed_function failed.
            ModelUnavailable: The NLI model or embedder could not run.
            CheckUnavailable: The LLM judge could not run.
        """
        # 1-3. split, settle, retrieve: per request, each sentence decided or open with its premises
        items = [self._open(request) for request in tqdm(requests, disable=None if progress else True)]
        open_sentences = [s for item in items for s in item if isinstance(s, OpenSentence)]
        # 4-5. score every open sentence's pairs (passages, then the joint premises still needed), then decide
        # (not in llm mode)
        decided: list[SentenceResult] | None = None
        if self.scorer_mode != "llm":
            open_sentences, probabilities = stages.score(self.scorer, open_sentences, self.thresholds)
            decided = stages.decide(open_sentences, probabilities, self.thresholds)
        # 6. the judge, on what its mode leaves to it
        usage = None
        if self.judge is not None and self.scorer_mode != "nli":
            decided, usage = stages.judge(open_sentences, decided, self.judge, self.thresholds)
        outcomes = iter(decided or [])
        return [
            self._report(request, [next(outcomes) if isinstance(s, OpenSentence) else s for s in item], usage)
            for request, item in zip(requests, items, strict=True)
        ]

    def _open(self, request: CheckRequest) -> list[SentenceResult | OpenSentence]:
        """One request through split, settle and retrieve."""
        stages.check_size(request, self.max_text_chars, self.max_source_chars)
        spans = stages.split(request.text, self.validation_method)
        if not spans:
            return []
        readings, fits = stages.read(spans, self.scorer)
        found = evidence.gather(request, spans, readings, self._index(request), self.search)
        return stages.open_sentences(spans, readings, fits, found, self.joint_premise, request.sources, self._bundled)

    def _index(self, request: CheckRequest) -> SourceIndex | None:
        """The cached index of the request's sources (None for a query_function request)."""
        if request.sources is None:
            return None
        return self.cache.get(
            request.sources,
            request.embed_function or self.default_embed,
            request.chunk_strategy,
            request.chunk_size,
            request.chunk_overlap,
            self.scorer.token_offsets,
        )

    def _report(self, request: CheckRequest, sentences: list[SentenceResult], usage: Usage | None) -> CheckReport:
        llm = None
        if usage is not None and self.judge is not None:
            judged = sum(s.judged for s in sentences)
            llm = {"judged": judged, "sentences": len(sentences), "model": self.judge.model, **usage.to_dict()}
        return CheckReport(request.text, sentences, llm, self.describe())

    @property
    def _bundled(self) -> bool:
        """Whether the bundled model scores (it reads English only: :mod:`validator.language`)."""
        return self.scorer.name == str(defaults.BUNDLED_MODEL_DIR)

    def describe(self) -> dict[str, Any]:
        """The settings that decide a verdict, as a report shows them."""
        return {
            "model": "bundled (provenance-nli-minilm-l6)" if self._bundled else self.scorer.name,
            "entailment_threshold": self.thresholds.entailment,
            "contradiction_threshold": self.thresholds.contradiction,
            "review_threshold": self.thresholds.review,
            "top_k": self.top_k,
            "retrieval": self.retrieval,
            "scorer": self.scorer_mode,
            **({"llm": self.judge.model} if self.judge is not None and self.scorer_mode != "nli" else {}),
        }
