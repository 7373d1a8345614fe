"""What goes into a check and what comes out: :class:`CheckRequest` and :class:`CheckReport`."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from validator import defaults
from validator.errors import InvalidInput, check_choice
from validator.retrieval import DISTANCE_METRICS, DistanceMetric, EmbedFunction, QueryFunction, check_sources
from validator.splitting import CHUNK_STRATEGIES, ChunkStrategy
from validator.verdicts import DEFAULT_POLICY, FailPolicy, SentenceResult

METADATA_KEYS = (
    "sources",
    "query_function",
    "embed_function",
    "chunk_strategy",
    "chunk_size",
    "chunk_overlap",
    "distance_metric",
)
"""The guardrails metadata keys a check reads (any others are the app's and passed through)."""


@dataclass(frozen=True)
class CheckRequest:
    """One text to check and where its evidence comes from (``sources`` or ``query_function``)."""

    text: str
    sources: list[str] | None = None
    query_function: QueryFunction | None = None
    embed_function: EmbedFunction | None = None
    chunk_strategy: ChunkStrategy = defaults.CHUNK_STRATEGY
    chunk_size: int = defaults.CHUNK_SIZE
    chunk_overlap: int = defaults.CHUNK_OVERLAP
    distance_metric: DistanceMetric = defaults.DISTANCE_METRIC

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise InvalidInput(f"the value to check must be a string, got {type(self.text).__name__}")
        if (self.sources is None) == (self.query_function is None):
            raise InvalidInput(
                "pass exactly one of metadata['sources'] (a list of strings) or metadata['query_function']"
            )
        if self.sources is not None:
            object.__setattr__(self, "sources", check_sources(self.sources))
        if self.query_function is not None and not callable(self.query_function):
            raise InvalidInput("metadata['query_function'] must be callable as query_function(text, k)")
        if self.embed_function is not None and not callable(self.embed_function):
            raise InvalidInput("metadata['embed_function'] must be callable on a list of strings")
        check_choice("chunk_strategy", self.chunk_strategy, CHUNK_STRATEGIES)
        check_choice("distance_metric", self.distance_metric, DISTANCE_METRICS)
        if not (
            isinstance(self.chunk_size, int)
            and isinstance(self.chunk_overlap, int)
            and self.chunk_size >= 1
            and 0 <= self.chunk_overlap < self.chunk_size
        ):
            raise InvalidInput(
                f"need integers chunk_size >= 1 and 0 <= chunk_overlap < chunk_size, "
                f"got {self.chunk_size!r}, {self.chunk_overlap!r}"
            )

    @classmethod
    def from_metadata(cls, text: str, metadata: Mapping[str, Any]) -> CheckRequest:
        """Build a request from guardrails-style metadata keys (unknown keys are ignored).

        ``sources`` may also be one string holding a JSON array of strings: where metadata values
        must be strings (an OpenAI-compatible route, such as the Guardrails server's), that is how
        a list travels. Any other lone string is refused, as a list of strings is expected.
        """
        values = {key: metadata[key] for key in METADATA_KEYS if key in metadata}
        if isinstance(values.get("sources"), str):
            values["sources"] = _json_sources(values["sources"])
        return cls(text, **values)


def _json_sources(text: str) -> list[str]:
    """The list a JSON array string of sources holds (its items are checked as any sources are)."""
    try:
        sources = json.loads(text)
    except (ValueError, RecursionError):  # nested too deeply to be a list of strings
        sources = None
    if not isinstance(sources, list):
        raise InvalidInput(
            "metadata['sources'] must be a list of strings (or, where metadata values must be strings, "
            "one string holding a JSON array of strings); got a str that is not a JSON array"
        )
    return sources


class _ReportJSON(TypedDict):
    passed: bool
    sentences: list[dict[str, Any]]
    """Each :meth:`SentenceResult.to_dict`, in order."""


class ReportJSON(_ReportJSON, total=False):
    """A checked answer as JSON: what ``check --json`` prints, ``check-batch`` writes per item
    (with its ``id``, or an ``error`` instead of verdicts), a Guard result's
    ``metadata["provenance_nli"]`` holds, and the HTML reports read."""

    llm: dict[str, Any]
    id: Any
    error: str
    flagged: list[int]


@dataclass(frozen=True)
class CheckReport:
    """Verdicts for every sentence of ``text``, in order."""

    text: str
    sentences: list[SentenceResult] = field(default_factory=list)
    llm: dict[str, Any] | None = None
    """With an LLM judge: how many sentences it judged, of how many, and its token use."""
    settings: dict[str, Any] = field(default_factory=dict)
    """What decided the verdicts (model, thresholds, top-k, retrieval, scorer): see
    :meth:`ProvenanceChecker.describe`."""

    def failing(self, policy: FailPolicy) -> list[SentenceResult]:
        """The sentences that fail under ``policy`` (:class:`~validator.verdicts.FailPolicy`)."""
        return [s for s in self.sentences if policy.fails(s.verdict, s.needs_review, s.method)]

    def flagged(self, policy: FailPolicy) -> list[SentenceResult]:
        """Failing verdicts ``policy`` keeps because they are unsure (``uncertain="flag"``)."""
        return [s for s in self.sentences if policy.flags(s.verdict, s.needs_review, s.method)]

    def to_json(self, policy: FailPolicy) -> ReportJSON:
        """Whether the answer passes a check under ``policy``, every sentence's result, and with
        ``uncertain="flag"`` the indices of the failing sentences kept as unsure (``flagged``)."""
        result = ReportJSON(passed=not self.failing(policy), sentences=[s.to_dict() for s in self.sentences])
        if policy.uncertain == "flag":
            flagged = self.flagged(policy)
            result["flagged"] = [i for i, s in enumerate(self.sentences) if s in flagged]
        if self.llm is not None:
            result["llm"] = self.llm
        return result

    def to_html(self, policy: FailPolicy = DEFAULT_POLICY, source_names: Sequence[str] | None = None) -> str:
        """A self-contained HTML page of these verdicts (see :mod:`validator.report`), to show a
        reviewer or to store beside a flagged answer. ``source_names`` label the sources by index."""
        from validator.report import render_check

        return render_check(
            self.text,
            [s.to_dict() for s in self.sentences],
            policy=policy,
            settings=self.settings,
            source_names=source_names,
            llm=self.llm,
        )

    def without(self, removed: Sequence[SentenceResult], replaced: Sequence[tuple[int, int, str]] = ()) -> str:
        """``text`` with ``removed`` sentences cut out and everything else byte for byte, but for
        ``replaced``: (start, end, new text) spans of kept sentences (a repaired value).

        Each cut takes the whitespace that followed the sentence (or, for sentences after the
        last one kept, the whitespace before them), so no double or trailing spaces are left.
        """
        removed_ids = {id(s) for s in removed}
        kept_indexes = [i for i, s in enumerate(self.sentences) if id(s) not in removed_ids]
        if not kept_indexes and self.sentences:  # nothing is left to keep, not even the spaces between
            return ""
        last_kept = kept_indexes[-1] if kept_indexes else None
        cuts: list[tuple[int, int]] = []
        for i, sentence in enumerate(self.sentences):
            if id(sentence) not in removed_ids:
                continue
            if last_kept is not None and i < last_kept:
                cuts.append((sentence.start, self.sentences[i + 1].start))
            else:  # after the last kept sentence: take the whitespace before it instead
                cuts.append((self.sentences[last_kept].end if last_kept is not None else sentence.start, sentence.end))
        kept, position = [], 0
        for start, end, new in sorted([(start, end, "") for start, end in cuts] + list(replaced)):
            kept += [self.text[position : max(start, position)], new]
            position = max(position, end)
        kept.append(self.text[position:])
        return "".join(kept)
