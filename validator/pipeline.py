"""The provenance check end to end: split → retrieve → one batched NLI call → verdicts.

This module knows nothing of guardrails; the validator, the CLI and the batch API all
call :class:`ProvenanceChecker`. ``check_batch`` gathers the (premise, hypothesis) pairs of
every item first and scores them in a single batched call, so many small answers cost
about as much as one large one.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

import numpy as np
from tqdm.auto import tqdm

from validator import defaults
from validator.context import read_in_context
from validator.errors import InvalidInput, TextTooLong
from validator.judge import Judgement, LLMJudge, ScorerMode, Usage, check_scorer_mode, gated
from validator.numbers import NumberFinding, check_numbers, find_numbers, spelled_like
from validator.quotes import Held, Settlement, VerbatimHaystack, held_by, missing_quote, normalize
from validator.retrieval import (
    DISTANCE_METRICS,
    RETRIEVALS,
    DistanceMetric,
    EmbedFunction,
    Evidence,
    QueryFunction,
    Retrieval,
    SourceIndex,
    SourceIndexCache,
    check_sources,
    default_embed_function,
    query,
)
from validator.scoring import CONTRADICTION, ENTAILMENT, NEUTRAL, NLIScorer, PairScorer
from validator.splitting import CHUNK_STRATEGIES, ChunkStrategy, Span, split_sentences
from validator.verdicts import FAILABLE_VERDICTS, Method, SentenceResult, Thresholds, Verdict, decide

COPIED_SHORTLIST = 4
"""BM25 candidates tried first for the chunk that holds a copied sentence."""
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
    llm: dict[str, Any] | None = None
    """With an LLM judge: how many sentences it judged, of how many, and its token use."""
    settings: dict[str, Any] = field(default_factory=dict)
    """What decided the verdicts (model, thresholds, top-k, retrieval, scorer): see
    :meth:`ProvenanceChecker.describe`."""

    def failing(self, fail_on: Iterable[str]) -> list[SentenceResult]:
        fail_on = set(fail_on)
        return [s for s in self.sentences if s.verdict in fail_on]

    def to_html(self, fail_on: Iterable[str] = FAILABLE_VERDICTS, source_names: Sequence[str] | None = None) -> str:
        """A self-contained HTML page of these verdicts (see :mod:`validator.report`), to show a
        reviewer or to store beside a flagged answer. ``source_names`` label the sources by index."""
        from validator.report import render_check

        return render_check(
            self.text,
            [s.to_dict() for s in self.sentences],
            fail_on=fail_on,
            settings=self.settings,
            source_names=source_names,
            llm=self.llm,
        )

    def without(self, removed: Sequence[SentenceResult]) -> str:
        """``text`` with ``removed`` sentences cut out and everything else byte for byte.

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
        for start, end in sorted(cuts):
            kept.append(self.text[position : max(start, position)])
            position = max(position, end)
        kept.append(self.text[position:])
        return "".join(kept)


@dataclass
class _Claim:
    """A sentence on its way to a verdict: what it is scored as (with the sentence before it
    when it leans on that one), and the premises, or why it needs none."""

    span: Span
    premises: list[Evidence]
    hypothesis: str = ""
    note: str | None = None
    missing_quote: Span | None = None
    settled_by: Settlement | None = None
    """Set when a source holds the sentence (``verbatim``) or its negation (``negation_check``);
    its one premise is then the passage that holds it, and no model is asked."""


def _joint(evidence: list[Evidence]) -> Evidence | None:
    """The top-k passages joined in source order, for claims that combine them; a sentence
    shared by overlapping chunks appears once. Its ``source_index`` is None when the
    passages come from several sources."""
    if len(evidence) < 2:
        return None
    sentences: dict[str, None] = {}
    for passage in sorted(evidence, key=lambda e: (e.source_index is None, e.source_index or 0, e.start or 0)):
        sentences.update(dict.fromkeys(span.text for span in split_sentences(passage.text)))
    sources = {e.source_index for e in evidence}
    return Evidence(" ".join(sentences), sources.pop() if len(sources) == 1 else None, joint=True)


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
        retrieval: How ``sources`` are searched: ``"hybrid"`` (BM25 and embeddings fused by
            reciprocal rank), ``"dense"`` or ``"lexical"``. Defaults to ``"hybrid"``.
        scorer_mode: ``"nli"`` (the NLI model), ``"llm"`` (the ``judge`` decides every sentence
            the deterministic checks leave open) or ``"cascade"`` (the NLI model first, the judge
            only for verdicts below the review threshold). Defaults to ``"nli"``.
        judge: The :class:`~validator.judge.LLMJudge` for ``"llm"`` and ``"cascade"``.
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
        retrieval: Retrieval = "hybrid",
        scorer_mode: ScorerMode = "nli",
        judge: LLMJudge | None = None,
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
        if retrieval not in RETRIEVALS:
            raise InvalidInput(f"retrieval must be one of {RETRIEVALS}, got {retrieval!r}")
        self.retrieval: Retrieval = retrieval
        self.scorer_mode = check_scorer_mode(scorer_mode, judge)
        self.judge = judge
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
        by_judge = self.scorer_mode == "llm"
        pairs = [  # numbers spelled as the premise spells them: "1.5 million" reads as "1,500,000"
            (premise.text, spelled_like(claim.hypothesis, premise.text))
            for item in claims
            for claim in item
            if claim.settled_by is None and not by_judge
            for premise in claim.premises
        ]
        probabilities = self.scorer.score(pairs)
        results: list[list[SentenceResult | None]] = []
        row = 0
        for item in claims:
            results.append([])
            for claim in item:
                if by_judge and claim.premises and claim.settled_by is None:
                    results[-1].append(None)  # the judge decides it below
                    continue
                scored = 0 if claim.settled_by else len(claim.premises)
                results[-1].append(self._result(claim, probabilities[row : row + scored]))
                row += scored
        usage = self._judge_open(claims, results) if self.judge and self.scorer_mode != "nli" else None
        reports = []
        for request, item, decided in zip(requests, claims, results, strict=True):
            sentences = [result for result in decided if result is not None]
            llm = None
            if usage is not None:
                judged = sum(s.judged for s in sentences)
                llm = {"judged": judged, "sentences": len(item), "model": self.judge.model, **usage.to_dict()}  # type: ignore[union-attr]
            reports.append(CheckReport(request.text, sentences, llm, self.describe()))
        return reports

    def describe(self) -> dict[str, Any]:
        """The settings that decide a verdict, as a report shows them."""
        return {
            "model": "bundled (provenance-nli-minilm-l6)"
            if self.scorer.model_name == str(defaults.BUNDLED_MODEL_DIR)
            else self.scorer.model_name,
            "entailment_threshold": self.thresholds.entailment,
            "contradiction_threshold": self.thresholds.contradiction,
            "review_threshold": self.thresholds.review,
            "top_k": self.top_k,
            "retrieval": self.retrieval,
            "scorer": self.scorer_mode,
            **({"llm": self.judge.model} if self.judge is not None and self.scorer_mode != "nli" else {}),
        }

    def _judge_open(self, claims: list[list[_Claim]], results: list[list[SentenceResult | None]]) -> Usage:
        """Ask the judge about every sentence left open (``llm``) or not confidently decided by
        the NLI model (``cascade``), all sentences of the batch concurrently."""
        assert self.judge is not None
        todo = [
            (i, j)
            for i, item in enumerate(results)
            for j, result in enumerate(item)
            if result is None or (self.scorer_mode == "cascade" and result.method == "model" and result.needs_review)
        ]
        usage = Usage()
        items = [(_evidence_text(claims[i][j].premises), claims[i][j].hypothesis) for i, j in todo]
        for (i, j), judgement in zip(todo, self.judge.judge_many(items, usage), strict=True):
            results[i][j] = self._judged(claims[i][j], judgement)
        return usage

    def _judged(self, claim: _Claim, judgement: Judgement) -> SentenceResult:
        """A sentence result from the judge's verdict. Support must clear ``min_confidence`` and
        the number rule over every passage the judge read, as the model's must."""
        span, evidence = claim.span, _evidence_text(claim.premises)
        judgement = gated(judgement, self.thresholds.entailment)
        verdict, method, note = judgement.verdict, "llm", judgement.note
        if verdict == "supported" and (finding := check_numbers(claim.hypothesis, _passages(claim.premises))):
            verdict, method, note = finding.verdict, "number_check", finding.note
        sources = _sources_of(claim.premises)
        return SentenceResult(
            span.text,
            span.start,
            span.end,
            verdict,  # type: ignore[arg-type]
            entailment=judgement.confidence if verdict == "supported" else 0.0,
            contradiction=judgement.confidence if verdict == "contradicted" else 0.0,
            neutral=judgement.confidence if verdict == "unsupported" else 0.0,
            reading=_reading(claim),
            confidence=judgement.confidence,
            needs_review=judgement.confidence < self.thresholds.review,
            evidence=evidence,
            source_index=sources[0] if len(sources) == 1 else None,
            note=note,
            method=method,  # type: ignore[arg-type]
            judged=True,
            evidence_sources=sources,
        )

    def _over_limit(self, request: CheckRequest) -> TextTooLong | None:
        """Why ``request`` is too large to check (the text, or its sources in all), or None."""
        if len(request.text) > self.max_text_chars:
            return TextTooLong(
                f"text has {len(request.text):,} characters, over max_text_chars={self.max_text_chars:,}; "
                "raise the limit or check it in parts"
            )
        if (source_chars := sum(map(len, request.sources or []))) > self.max_source_chars:
            return TextTooLong(
                f"sources have {source_chars:,} characters in all, over max_source_chars={self.max_source_chars:,}; "
                "raise the limit or pass a query_function that retrieves from them"
            )
        return None

    def _spans(self, request: CheckRequest) -> list[Span]:
        if (error := self._over_limit(request)) is not None:
            raise error
        text = request.text
        if self.validation_method == "full":
            stripped = text.strip()
            return [Span(stripped, text.index(stripped), text.index(stripped) + len(stripped))] if stripped else []
        return split_sentences(text)

    def _indexes(self, requests: Sequence[CheckRequest]) -> list[SourceIndex | None]:
        """The source index of each request that searches its ``sources``."""
        indexes: list[SourceIndex | None] = [None] * len(requests)
        for i, request in enumerate(requests):
            if request.sources is not None and request.text.strip() and self._over_limit(request) is None:
                embed_function = request.embed_function or default_embed_function(self.embed_device)
                indexes[i] = self.cache.get(
                    request.sources,
                    embed_function,
                    request.chunk_strategy,
                    request.chunk_size,
                    request.chunk_overlap,
                    self.scorer.token_offsets,
                )
        return indexes

    def _claims(self, request: CheckRequest, index: SourceIndex | None) -> list[_Claim]:
        """Each sentence of the request with the premises it will be scored against.

        A sentence that leans on the one before it is retrieved and scored in context
        (:func:`validator.context.in_context`); its verdict and span stay its own. Before any
        model, a fabricated quote fails, a sentence copied from a source passes (method
        ``verbatim``) and a sentence whose negation a source states is contradicted (method
        ``negation_check``).
        """
        spans = self._spans(request)
        if not spans:
            return []
        contexts = read_in_context([span.text for span in spans])
        fits = self.scorer.hypothesis_fits(contexts)
        contexts = [context if fit else span.text for context, fit, span in zip(contexts, fits, spans, strict=True)]
        if request.sources is not None:  # settled from the sources alone, before any search
            haystacks = [VerbatimHaystack.of(source) for source in request.sources]
            quote_haystack = normalize(" ".join(request.sources))
            settled = _settled_from(spans, contexts, [haystacks] * len(spans))
            fabricated = [missing_quote(span, quote_haystack) for span in spans]
            searched = [i for i in range(len(spans)) if settled[i] is None and fabricated[i] is None]
            evidence = self._search(request, index, [contexts[i] for i in searched], searched, len(spans))
        else:  # the passages come from the app's retriever: they are all there is to compare with
            evidence = self._search(request, index, contexts, range(len(spans)), len(spans))
            retrieved = [[VerbatimHaystack.of(e.text) for e in found] for found in evidence]
            settled = _settled_from(spans, contexts, retrieved)
            fabricated = [
                missing_quote(span, normalize(" ".join(e.text for e in found)))
                for span, found in zip(spans, evidence, strict=True)
            ]
        fits = self.scorer.hypothesis_fits([span.text for span in spans])
        claims: list[_Claim] = []
        for i, (span, context, found, fit) in enumerate(zip(spans, contexts, evidence, fits, strict=True)):
            if (quote := fabricated[i]) is not None:
                claims.append(
                    _Claim(span, [], context, note="quoted text not found in the sources", missing_quote=quote)
                )
            elif (held := settled[i]) is not None:
                holder = self._holder(held, found, request, index)
                claims.append(_Claim(span, [holder], context, settled_by=held.method))
            elif not found:
                claims.append(_Claim(span, [], context, note="no evidence retrieved for this sentence"))
            elif not fit:
                claims.append(
                    _Claim(span, [], span.text, note="sentence too long for the NLI model input; not checked")
                )
            else:
                joint = _joint(found) if self.joint_premise else None
                claims.append(_Claim(span, found + ([joint] if joint else []), hypothesis=context))
        return claims

    def _search(
        self,
        request: CheckRequest,
        index: SourceIndex | None,
        queries: list[str],
        positions: Iterable[int],
        count: int,
    ) -> list[list[Evidence]]:
        """Passages for ``queries``, placed at ``positions`` of ``count`` sentences (the rest get none)."""
        if not queries:
            found: list[list[Evidence]] = []
        elif request.query_function is not None:
            found = query(request.query_function, queries, self.top_k, self.query_timeout)
        elif index is not None and index.chunks:
            found = index.search(queries, self.top_k, request.distance_metric, self.retrieval)
        else:
            found = [[] for _ in queries]
        evidence: list[list[Evidence]] = [[] for _ in range(count)]
        for position, passages in zip(positions, found, strict=True):
            evidence[position] = passages
        return evidence

    @staticmethod
    def _holder(held: Held, found: list[Evidence], request: CheckRequest, index: SourceIndex | None) -> Evidence:
        """The passage that holds a settled sentence (or its negation): the source's chunk that
        holds it (BM25's best guesses first, so a large source is not scanned), else the held
        text itself (it is in that source). From an app's retriever: the passage it was found in."""
        if request.sources is None:
            return found[held.source_index]
        chunks = index.chunks if index else []
        likely = index.lexical.rankings([held.text], COPIED_SHORTLIST)[0] if index else []
        candidates = itertools.chain((chunks[i] for i in likely), chunks)
        holder = next(
            (
                e
                for e in candidates
                if e.source_index == held.source_index and VerbatimHaystack.of(e.text).holds_sentence(held.text)
            ),
            None,
        )
        return holder or Evidence(held.text, held.source_index)

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
                method="quote_check",
            )
        if claim.settled_by is not None:
            [evidence] = claim.premises
            copied = claim.settled_by == "verbatim"
            return SentenceResult(
                span.text,
                span.start,
                span.end,
                "supported" if copied else "contradicted",
                entailment=1.0 if copied else 0.0,
                contradiction=0.0 if copied else 1.0,
                confidence=1.0,
                needs_review=False,
                evidence=evidence.text,
                source_index=evidence.source_index,
                note="copied from the source" if copied else "the source states its negation",
                method=claim.settled_by,
                evidence_sources=_sources_of([evidence]),
                reading=_reading(claim),
            )
        if not claim.premises:
            return SentenceResult(
                span.text,
                span.start,
                span.end,
                "unsupported",
                0.0,
                0.0,
                None,
                needs_review=False,
                note=claim.note,
                reading=_reading(claim),
            )
        verdict, confidence, premise = decide(probabilities, claim.premises, self.thresholds)
        method: Method = "model"
        note = None
        if verdict == "supported":
            verdict, premise, method, note = self._check_numbers(claim, probabilities)
        deciding = probabilities[next(i for i, p in enumerate(claim.premises) if p is premise)]
        return SentenceResult(
            span.text,
            span.start,
            span.end,
            verdict,
            entailment=float(deciding[ENTAILMENT]),
            contradiction=float(deciding[CONTRADICTION]),
            neutral=float(deciding[NEUTRAL]),
            reading=_reading(claim),
            confidence=confidence,
            needs_review=confidence < self.thresholds.review,
            evidence=premise.text,
            source_index=premise.source_index,
            note=note,
            method=method,
            premise_scores=[[float(p) for p in row] for row in probabilities],
            evidence_sources=_sources_of(claim.premises) if premise.joint else _sources_of([premise]),
        )

    def _check_numbers(self, claim: _Claim, probabilities: Any) -> tuple[Verdict, Evidence, Method, str | None]:
        """A supported sentence stays supported only if the evidence vouches for its numbers
        (:func:`validator.numbers.check_numbers`: the part of the passages about the same thing
        must hold each one), and an entailing premise can vouch for them: a premise joined from
        several sources cannot, so "1889" of one building and "1931" of another never meet there."""
        premises = claim.premises
        order = [int(i) for i in np.argsort(-probabilities[:, ENTAILMENT], kind="stable")]
        entailing = [i for i in order if probabilities[i, ENTAILMENT] >= self.thresholds.entailment]
        finding = check_numbers(claim.hypothesis, _passages(premises))
        if finding is None:
            has_numbers = bool(find_numbers(claim.hypothesis))
            for i in entailing:
                if not has_numbers or not (premises[i].joint and premises[i].source_index is None):
                    return "supported", premises[i], "model", None
            finding = NumberFinding("unsupported", "number only in a passage joined from several sources")
        # shown against the best-ranked passage: the one retrieval found most about this sentence
        best = next((p for p in premises if not p.joint), premises[order[0]])
        return finding.verdict, best, "number_check", finding.note


def _settled_from(
    spans: Sequence[Span], contexts: Sequence[str], haystacks: Sequence[Sequence[VerbatimHaystack]]
) -> list[Held | None]:
    """For each sentence, the haystack that asserts it or its negation, or None. A sentence read in
    context ("It was completed in 1889.") is only settled where its haystack has it right after
    the sentence that settled the one before, so that "it" is the same thing."""
    settled: list[Held | None] = []
    previous: tuple[Held, VerbatimHaystack] | None = None
    for span, context, stacks in zip(spans, contexts, haystacks, strict=True):
        if context == span.text:
            held = held_by(span.text, stacks)
        elif previous is not None and (i := _index_of(stacks, previous[1])) is not None:
            held = held_by(span.text, stacks, follows=replace(previous[0], source_index=i))
        else:
            held = None
        settled.append(held)
        previous = (held, stacks[held.source_index]) if held else None
    return settled


def _index_of(haystacks: Sequence[VerbatimHaystack], wanted: VerbatimHaystack) -> int | None:
    """Where ``wanted`` is among ``haystacks`` (an app's retriever returns new lists per sentence)."""
    return next((i for i, haystack in enumerate(haystacks) if haystack.folded == wanted.folded), None)


def _reading(claim: _Claim) -> str | None:
    """The sentence as it was read in context, when that differs from its own words."""
    return claim.hypothesis if claim.hypothesis and claim.hypothesis != claim.span.text else None


def _passages(premises: Sequence[Evidence]) -> list[str]:
    """The retrieved passages themselves (the joint premise only repeats them)."""
    return [p.text for p in premises if not p.joint]


def _sources_of(premises: Sequence[Evidence]) -> list[int]:
    """Every source the passages came from, in order."""
    return sorted({p.source_index for p in premises if p.source_index is not None and not p.joint})


def _evidence_text(premises: list[Evidence]) -> str:
    """What the judge reads: the joint premise when there is one, else the passage."""
    return next((p.text for p in premises if p.joint), premises[0].text)


def describe(results: Sequence[SentenceResult]) -> str:
    """A one-line-per-sentence summary, used in error messages and the CLI."""
    return "\n".join(f"- [{r.verdict}] {r.sentence}" + (f" ({r.note})" if r.note else "") for r in results)
