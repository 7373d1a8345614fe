"""The provenance check end to end: split → retrieve → one batched NLI call → verdicts.

This module knows nothing of guardrails; the validator, the CLI and the batch API all
call :class:`ProvenanceChecker`. ``check_batch`` gathers the (premise, hypothesis) pairs of
every item first and scores them in a single batched call, so many small answers cost
about as much as one large one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from tqdm.auto import tqdm

from validator import defaults
from validator.citations import normalize
from validator.errors import InvalidInput, TextTooLong
from validator.retrieval import (
    DISTANCE_METRICS,
    DistanceMetric,
    EmbedFunction,
    Evidence,
    QueryFunction,
    SourceIndex,
    SourceIndexCache,
    check_sources,
    default_embed_function,
    embed,
    query,
)
from validator.scoring import CONTRADICTION, ENTAILMENT, NLIScorer, PairScorer
from validator.splitting import CHUNK_STRATEGIES, ChunkStrategy, Span, split_sentences
from validator.verdicts import SentenceResult, Thresholds, decide

ValidationMethod = Literal["sentence", "full"]
VALIDATION_METHODS: tuple[str, ...] = ("sentence", "full")


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
        if self.chunk_strategy not in CHUNK_STRATEGIES:
            raise InvalidInput(f"chunk_strategy must be one of {CHUNK_STRATEGIES}, got {self.chunk_strategy!r}")
        if self.distance_metric not in DISTANCE_METRICS:
            raise InvalidInput(f"distance_metric must be one of {DISTANCE_METRICS}, got {self.distance_metric!r}")
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
        """Build a request from guardrails-style metadata keys (unknown keys are ignored)."""
        keys = (
            "sources",
            "query_function",
            "embed_function",
            "chunk_strategy",
            "chunk_size",
            "chunk_overlap",
            "distance_metric",
        )
        return cls(text, **{key: metadata[key] for key in keys if key in metadata})


@dataclass(frozen=True)
class CheckReport:
    """Verdicts for every sentence of ``text``, in order."""

    text: str
    sentences: list[SentenceResult] = field(default_factory=list)

    def failing(self, fail_on: Iterable[str]) -> list[SentenceResult]:
        fail_on = set(fail_on)
        return [s for s in self.sentences if s.verdict in fail_on]

    def without(self, removed: Sequence[SentenceResult]) -> str:
        """``text`` with ``removed`` sentences cut out and everything else byte for byte.

        Each cut takes the whitespace that followed the sentence (or, for the last
        sentence, the whitespace before it), so no double spaces are left behind.
        """
        removed_ids = {id(s) for s in removed}
        cuts: list[tuple[int, int]] = []
        for i, sentence in enumerate(self.sentences):
            if id(sentence) not in removed_ids:
                continue
            if i + 1 < len(self.sentences):
                cuts.append((sentence.start, self.sentences[i + 1].start))
            else:
                cuts.append((self.sentences[i - 1].end if i else sentence.start, sentence.end))
        kept, position = [], 0
        for start, end in sorted(cuts):
            kept.append(self.text[position : max(start, position)])
            position = max(position, end)
        kept.append(self.text[position:])
        return "".join(kept)


@dataclass
class _Claim:
    span: Span
    premises: list[Evidence]
    note: str | None = None
    missing_quote: Span | None = None


_QUOTE = re.compile(r'"([^"\n]+)"|“([^”\n]+)”')
MIN_QUOTE_WORDS = 5


def missing_quote(sentence: Span, haystack: str) -> Span | None:
    """The first quoted span of five or more words in ``sentence`` that ``haystack`` (already
    normalized) does not contain verbatim, with offsets into the checked text."""
    for match in _QUOTE.finditer(sentence.text):
        group = 1 if match.group(1) is not None else 2
        quote = match.group(group)
        if len(quote.split()) >= MIN_QUOTE_WORDS and normalize(quote) not in haystack:
            start = sentence.start + match.start()
            return Span(match.group(), start, start + len(match.group()))
    return None


def _joint(evidence: list[Evidence]) -> Evidence | None:
    """The top-k passages joined in source order, for claims that combine them."""
    if len(evidence) < 2:
        return None
    ordered = sorted(evidence, key=lambda e: (e.source_index is None, e.source_index or 0, e.start or 0))
    sources = {e.source_index for e in ordered}
    return Evidence(" ".join(e.text for e in ordered), sources.pop() if len(sources) == 1 else None)


class ProvenanceChecker:
    """Checks texts against evidence with one scorer and one source-index cache.

    Args:
        scorer: The NLI scorer, local (:class:`NLIScorer`) or remote. Defaults to the bundled
            model on the best device.
        top_k: Passages retrieved per sentence. Defaults to 3.
        thresholds: Decision cut-offs. Defaults to the ones in the model folder.
        joint_premise: Also score each sentence against its top-k passages joined.
        validation_method: ``"sentence"`` checks each sentence; ``"full"`` checks the
            whole text as one claim.
        max_text_chars: Longer texts are refused with :class:`TextTooLong`.
        max_source_chars: Source sets with more characters in all are refused with
            :class:`TextTooLong` (retrieval time grows with the sources). Defaults to 2,000,000.
        query_timeout: Seconds a ``query_function`` call may take before the check fails
            closed with :class:`RetrievalFailed`. Defaults to 30.
        embed_device: Device for the default embedder. Defaults to the best available.
    """

    def __init__(
        self,
        scorer: PairScorer | None = None,
        *,
        top_k: int = defaults.TOP_K,
        thresholds: Thresholds | None = None,
        joint_premise: bool = True,
        validation_method: ValidationMethod = "sentence",
        max_text_chars: int = defaults.MAX_TEXT_CHARS,
        max_source_chars: int = defaults.MAX_SOURCE_CHARS,
        query_timeout: float = defaults.QUERY_TIMEOUT_S,
        embed_device: str | None = None,
        cache: SourceIndexCache | None = None,
    ) -> None:
        if not isinstance(top_k, int) or top_k < 1:
            raise InvalidInput(f"top_k must be a positive integer, got {top_k!r}")
        if validation_method not in VALIDATION_METHODS:
            raise InvalidInput(f"validation_method must be one of {VALIDATION_METHODS}, got {validation_method!r}")
        self.scorer = scorer or NLIScorer()
        settings = self.scorer.settings
        self.thresholds = thresholds or Thresholds(settings.entailment_threshold, settings.contradiction_threshold)
        self.top_k = top_k
        self.joint_premise = joint_premise
        self.validation_method = validation_method
        for name, limit in (("max_text_chars", max_text_chars), ("max_source_chars", max_source_chars)):
            if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
                raise InvalidInput(f"{name} must be a positive integer, got {limit!r}")
        if not isinstance(query_timeout, (int, float)) or not query_timeout > 0:
            raise InvalidInput(f"query_timeout must be a positive number of seconds, got {query_timeout!r}")
        self.max_text_chars = max_text_chars
        self.max_source_chars = max_source_chars
        self.query_timeout = float(query_timeout)
        self.embed_device = embed_device
        self.cache = cache or SourceIndexCache()

    def check(self, request: CheckRequest) -> CheckReport:
        """Verdicts for one text."""
        return self.check_batch([request])[0]

    def check_batch(self, requests: Sequence[CheckRequest], progress: bool = False) -> list[CheckReport]:
        """Verdicts for many texts, with all their NLI pairs scored in one batched call.

        Raises:
            TextTooLong: A text is longer than ``max_text_chars``.
            RetrievalFailed: The app's query_function or embed_function failed.
            ModelUnavailable: The NLI model or embedder could not run.
        """
        retrieving = tqdm(
            zip(requests, self._indexes(requests), strict=True), total=len(requests), disable=not progress
        )
        claims = [self._claims(request, index) for request, index in retrieving]
        pairs = [(premise.text, claim.span.text) for item in claims for claim in item for premise in claim.premises]
        probabilities = self.scorer.score(pairs)
        reports, row = [], 0
        for request, item in zip(requests, claims, strict=True):
            results = []
            for claim in item:
                rows = probabilities[row : row + len(claim.premises)]
                row += len(claim.premises)
                results.append(self._result(claim, rows))
            reports.append(CheckReport(request.text, results))
        return reports

    def _within_limits(self, request: CheckRequest) -> bool:
        source_chars = sum(map(len, request.sources or []))
        return len(request.text) <= self.max_text_chars and source_chars <= self.max_source_chars

    def _spans(self, request: CheckRequest) -> list[Span]:
        text = request.text
        if len(text) > self.max_text_chars:
            raise TextTooLong(
                f"text has {len(text):,} characters, over max_text_chars={self.max_text_chars:,}; "
                "raise the limit or check it in parts"
            )
        if (source_chars := sum(map(len, request.sources or []))) > self.max_source_chars:
            raise TextTooLong(
                f"sources have {source_chars:,} characters in all, over max_source_chars={self.max_source_chars:,}; "
                "raise the limit or pass a query_function that retrieves from them"
            )
        if self.validation_method == "full":
            stripped = text.strip()
            return [Span(stripped, text.index(stripped), text.index(stripped) + len(stripped))] if stripped else []
        return split_sentences(text)

    def _indexes(self, requests: Sequence[CheckRequest]) -> list[SourceIndex | None]:
        """The source index of each request that searches its ``sources``; the missing ones
        are built together, one embedding call per embed function and chunking."""
        groups: dict[tuple[Any, ...], list[int]] = {}
        for i, request in enumerate(requests):
            if request.sources is not None and request.text.strip() and self._within_limits(request):
                embed_function = request.embed_function or default_embed_function(self.embed_device)
                key = (embed_function, request.chunk_strategy, request.chunk_size, request.chunk_overlap)
                groups.setdefault(key, []).append(i)
        indexes: list[SourceIndex | None] = [None] * len(requests)
        for (embed_function, strategy, size, overlap), members in groups.items():
            source_sets = [requests[i].sources or [] for i in members]
            built = self.cache.get_many(source_sets, embed_function, strategy, size, overlap, self.scorer.token_offsets)
            for i, index in zip(members, built, strict=True):
                indexes[i] = index
        return indexes

    def _claims(self, request: CheckRequest, index: SourceIndex | None) -> list[_Claim]:
        """Each sentence of the request with the premises it will be scored against."""
        spans = self._spans(request)
        if not spans:
            return []
        texts = [span.text for span in spans]
        if request.query_function is not None:
            evidence = query(request.query_function, texts, self.top_k, self.query_timeout)
        elif index is not None and index.chunks:
            embed_function = request.embed_function or default_embed_function(self.embed_device)
            evidence = index.search(embed(embed_function, texts), self.top_k, request.distance_metric)
        else:
            evidence = [[] for _ in texts]
        fits = self.scorer.hypothesis_fits(texts)
        sources_text = normalize(" ".join(request.sources)) if request.sources is not None else None
        claims = []
        for span, found, fit in zip(spans, evidence, fits, strict=True):
            haystack = sources_text if sources_text is not None else normalize(" ".join(e.text for e in found))
            if fabricated := missing_quote(span, haystack):
                claims.append(_Claim(span, [], "quoted text not found in the sources", fabricated))
            elif not found:
                claims.append(_Claim(span, [], "no evidence retrieved for this sentence"))
            elif not fit:
                claims.append(_Claim(span, [], "sentence too long for the NLI model input; not checked"))
            else:
                joint = _joint(found) if self.joint_premise else None
                claims.append(_Claim(span, found + ([joint] if joint else [])))
        return claims

    def _result(self, claim: _Claim, probabilities: Any) -> SentenceResult:
        span = claim.span
        if claim.missing_quote is not None:
            quote = claim.missing_quote
            return SentenceResult(
                span.text,
                span.start,
                span.end,
                "fabricated_quote",
                0.0,
                0.0,
                None,
                needs_review=False,
                note=claim.note,
                quote_start=quote.start,
                quote_end=quote.end,
            )
        if not claim.premises:
            return SentenceResult(
                span.text, span.start, span.end, "unsupported", 0.0, 0.0, None, needs_review=False, note=claim.note
            )
        verdict, confidence, premise = decide(probabilities, claim.premises, self.thresholds)
        return SentenceResult(
            span.text,
            span.start,
            span.end,
            verdict,
            entailment=float(probabilities[:, ENTAILMENT].max()),
            contradiction=float(probabilities[:, CONTRADICTION].max()),
            confidence=confidence,
            needs_review=confidence < self.thresholds.review,
            evidence=premise.text,
            source_index=premise.source_index,
        )


def describe(results: Sequence[SentenceResult]) -> str:
    """A one-line-per-sentence summary, used in error messages and the CLI."""
    return "\n".join(f"- [{r.verdict}] {r.sentence}" + (f" ({r.note})" if r.note else "") for r in results)
