"""What the stages use of a checker: its settings, scorer, cut-offs, judge and source indexes.

The stages take this small record rather than the :class:`~validator.pipeline.ProvenanceChecker`
itself, so they do not reach back into the class that runs them (no import circle), and a
benchmark or a test can run one stage with the parts it needs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from validator import defaults
from validator.config import CheckerConfig
from validator.decision import Decision
from validator.judge import LLMJudge
from validator.pipeline.claims import Batch
from validator.pipeline.request import CheckRequest
from validator.retrieval import SourceIndex
from validator.scorers.base import PairScorer
from validator.verdicts import Thresholds


@dataclass(frozen=True)
class CheckSetup:
    """The parts of a check the stages read.

    Args:
        config: Every setting (:class:`~validator.config.CheckerConfig`).
        scorer: What scores the (passage, sentence) pairs.
        thresholds: The scorer's cut-offs with the configured ones in their place.
        judge: The LLM judge, where the configuration asks for one.
        indexer: A request's ``sources`` indexed (chunked, BM25; embedded as searches need it),
            from the checker's cache.
        decision: A learned decision over each sentence's signals, in the entailment's place
            (the settings file's, where ``calibrate`` wrote one: :mod:`validator.decision`).
    """

    config: CheckerConfig
    scorer: PairScorer
    thresholds: Thresholds
    judge: LLMJudge | None
    indexer: Callable[[CheckRequest], SourceIndex]
    decision: Decision | None = None

    @property
    def bundled(self) -> bool:
        """Whether the bundled model scores (it reads English only: :mod:`validator.language`)."""
        return self.scorer.name == str(defaults.BUNDLED_MODEL_DIR)

    def index(self, batch: Batch, item: int) -> SourceIndex:
        """The index of the ``item``-th request's ``sources``, looked up once per batch for the
        stages that search it (finding it in the cache hashes every source)."""
        if item not in batch.indexes:
            batch.indexes[item] = self.indexer(batch.requests[item])
        return batch.indexes[item]
