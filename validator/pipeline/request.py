"""What goes into a check: :class:`CheckRequest` (what comes out is :mod:`~validator.pipeline.report`)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from validator import defaults
from validator.errors import InvalidInput, check_choice
from validator.retrieval import DISTANCE_METRICS, DistanceMetric, EmbedFunction, QueryFunction, check_sources
from validator.sources import read_source
from validator.splitting import CHUNK_STRATEGIES, ChunkStrategy

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
    read_after: str = ""
    """Text that came before ``text`` and was checked already (a stream's earlier sentences): read
    only as the context of ``text``'s sentences ("It was finished in 1931." after "The Eiffel
    Tower is in Paris."), never checked again."""

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise InvalidInput(f"the value to check must be a string, got {type(self.text).__name__}")
        if not isinstance(self.read_after, str):
            raise InvalidInput(f"read_after must be a string, got {type(self.read_after).__name__}")
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

    def as_read(self) -> CheckRequest:
        """This request as every check reads it (:func:`~validator.sources.read_source`): its
        sources' typography folded, so no rule meets a curly apostrophe, an invisible character or
        a lone surrogate it was not written for; what they strike through dropped; their tables
        read a row at a time. The ``split`` stage asks for it once the request is within its
        limits: a source refused as too long is not folded first (a scan of 5,000,000 characters
        for nothing)."""
        if self.sources is None:
            return self
        return dataclasses.replace(self, sources=[read_source(source) for source in self.sources])

    @classmethod
    def from_metadata(cls, text: str, metadata: Mapping[str, Any], read_after: str = "") -> CheckRequest:
        """Build a request from guardrails-style metadata keys (unknown keys are ignored).

        ``sources`` may also be one string holding a JSON array of strings: where metadata values
        must be strings (an OpenAI-compatible route, such as the Guardrails server's), that is how
        a list travels. Any other lone string is refused, as a list of strings is expected.
        """
        values = {key: metadata[key] for key in METADATA_KEYS if key in metadata}
        if isinstance(values.get("sources"), str):
            values["sources"] = _json_sources(values["sources"])
        return cls(text, **values, read_after=read_after)


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
