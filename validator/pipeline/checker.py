"""``ProvenanceChecker``: the stages of :mod:`validator.pipeline.stages`, in order, over a batch,
with the :class:`~validator.pipeline.setup.CheckSetup` they use."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tqdm.auto import tqdm

from validator.config import CheckerConfig
from validator.deprecation import warn_renamed
from validator.embedding_store import EmbeddingStore, StoredEmbedFunction
from validator.errors import ModelUnavailable
from validator.judge import LLMJudge, Usage, check_scorer_mode
from validator.pipeline.claims import Batch
from validator.pipeline.report import CheckReport
from validator.pipeline.request import CheckRequest
from validator.pipeline.setup import CheckSetup
from validator.pipeline.stages import STAGES
from validator.retrieval import (
    DEFAULT_EMBEDDER_DIMENSION,
    EmbedFunction,
    SourceIndex,
    SourceIndexCache,
    default_embed_function,
    default_embedder_name,
)
from validator.scorers.base import PairScorer, check_decisive
from validator.scorers.external import PairScorerProtocol, as_pair_scorer
from validator.verdicts import SentenceResult


class ProvenanceChecker:
    """Checks texts against evidence with one scorer, one configuration and one source-index cache.

    Args:
        scorer: What scores the (passage, sentence) pairs: an :class:`~validator.scorers.nli.NLIScorer`,
            a remote one, or any object with ``labels`` and ``predict``
            (:class:`~validator.scorers.PairScorerProtocol`). Defaults to the one
            ``config.model`` describes (the bundled model on the best device).
        config: Every other setting (:class:`~validator.config.CheckerConfig`); its model group
            only builds the default scorer, and sets where the default embedder runs.
        cache: Where source indexes are kept. Defaults to a new bounded cache.
        judge: The LLM judge for ``scorer_mode="llm"`` / ``"cascade"``. Defaults to the one
            ``config.judge`` describes.
    """

    def __init__(
        self,
        scorer: PairScorer | PairScorerProtocol | None = None,
        config: CheckerConfig | None = None,
        cache: SourceIndexCache | None = None,
        judge: LLMJudge | None = None,
    ) -> None:
        self.config = config or CheckerConfig()
        self.scorer = as_pair_scorer(scorer) if scorer is not None else self.config.model.build_scorer()
        self.thresholds = self.config.verdicts.thresholds(self.scorer)
        self.judge = judge if judge is not None else self.config.judge.build()
        check_scorer_mode(self.config.judge.scorer_mode, self.judge)
        self.cache = cache or SourceIndexCache()
        model, retrieval = self.config.model, self.config.retrieval
        # loads no model yet: the default embedder loads on its first call
        self.default_embed: EmbedFunction = default_embed_function(model.device, model.backend)
        if retrieval.embedding_cache is not None:
            store = EmbeddingStore(
                retrieval.embedding_cache, default_embedder_name(model.backend), dimension=DEFAULT_EMBEDDER_DIMENSION
            )
            self.default_embed = StoredEmbedFunction(store, self.default_embed)
        self.setup = CheckSetup(
            self.config, self.scorer, self.thresholds, self.judge, self._index, self.scorer.settings.decision
        )
        """What the stages use (:class:`~validator.pipeline.setup.CheckSetup`)."""

    def check(self, request: CheckRequest) -> CheckReport:
        """Verdicts for one text."""
        return self.check_batch([request])[0]

    def check_batch(
        self, requests: Sequence[CheckRequest], progress: bool = False, usage: Usage | None = None
    ) -> list[CheckReport]:
        """Verdicts for many texts: every stage runs over all their claims at once, so their NLI
        pairs are scored in shared batches.

        Args:
            progress: Show a progress bar on stderr over the stages, where stderr is a terminal
                (a person is watching; a log or a pipe gets no bar).
            usage: Where the LLM judge's calls and tokens are counted (with others' already
                there); a new count where None.

        Raises:
            TextTooLong: A text, or a request's sources, is over its limit.
            RetrievalFailed: The app's query_function or embed_function failed.
            ModelUnavailable: The NLI model or embedder could not run.
            CheckUnavailable: The LLM judge could not run.
        """
        batch = Batch(list(requests), usage=usage)
        for stage in tqdm(STAGES, disable=None, unit="stage") if progress else STAGES:  # a bar costs 20 µs built
            stage(batch, self.setup)
        return [
            self._report(request, sentences, batch.usage)
            for request, sentences in zip(requests, batch.results(), strict=True)
        ]

    def _index(self, request: CheckRequest) -> SourceIndex:
        """``request``'s sources indexed, from the cache (chunked and BM25-indexed; chunks are
        embedded later, as searches need them)."""
        assert request.sources is not None, "a query_function request has no sources to index"
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
        return CheckReport(request.text, sentences, llm, self.settings())

    def refuse_open_cut(self) -> None:
        """Refuse settings whose temperature and entailment cut together switch the check off
        (:func:`~validator.scorers.base.check_decisive`). Called where a user's settings become a
        check (the validator, the CLI, a batch job); calibration and evaluation cut at 0 on
        purpose, to score every sentence. A model that cannot load is not refused here: every
        check with it fails closed, saying why.

        Raises:
            InvalidInput: Naming the pair and what to change.
        """
        try:
            labels = self.scorer.label_count
        except ModelUnavailable:
            return
        check_decisive(self.scorer.settings.temperature, self.thresholds.entailment, labels, "settings")

    def describe(self) -> dict[str, Any]:
        """Deprecated: :meth:`settings` (release 0.4 keeps this name with a warning; "describe"
        meant three things)."""
        warn_renamed("ProvenanceChecker.describe()", "ProvenanceChecker.settings()")
        return self.settings()

    def settings(self) -> dict[str, Any]:
        """The settings that decide a verdict, as a report shows them."""
        retrieval, mode = self.config.retrieval, self.config.judge.scorer_mode
        return {
            "model": "bundled (provenance-nli-minilm-l6)" if self.setup.bundled else self.scorer.name,
            "entailment_threshold": self.thresholds.entailment,
            "contradiction_threshold": self.thresholds.contradiction,
            "review_threshold": self.thresholds.review,
            "top_k": retrieval.top_k,
            "retrieval": retrieval.retrieval,
            "scorer": mode,
            **({"llm": self.judge.model} if self.judge is not None and mode != "nli" else {}),
            **({"false_alarm_budget": dict(budget)} if (budget := self.scorer.settings.false_alarm_budget) else {}),
            **({"decision": decision.to_dict()} if (decision := self.setup.decision) is not None else {}),
        }
