"""Where each sentence's passages come from, and the sentences the sources settle on their own.

Two ways in, in the order each needs:

- ``sources``: **settle, then search the rest.** Whole-sentence copies (``verbatim``), their
  negations (``negation_check``) and quotes missing from the sources (``quote_check``) are
  decided from the sources before any search, so they cost no embedding; only the sentences
  left open are searched in the request's :class:`~validator.retrieval.SourceIndex`.
- ``query_function``: **query, then settle.** The app's retriever is all there is to compare
  with, so every sentence is queried first and settled against what came back.

Either way each sentence comes out as its final result or as the passages to score it on.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from validator.pipeline import results
from validator.pipeline.request import CheckRequest
from validator.quotes import Held, VerbatimHaystack, held_by, missing_quote
from validator.retrieval import Evidence, Retrieval, SourceIndex, query
from validator.splitting import Span
from validator.verdicts import SentenceResult

COPIED_SHORTLIST = 4
"""BM25 candidates tried first for the chunk that holds a copied sentence."""

Found = SentenceResult | list[Evidence]
"""A sentence's final result, or the passages retrieved for it (possibly none)."""


@dataclass(frozen=True)
class Search:
    """How open sentences are searched: ``top_k`` passages each, by ``retrieval`` over the
    sources, or from the app's ``query_function`` within ``query_timeout`` seconds."""

    top_k: int
    retrieval: Retrieval
    query_timeout: float


def gather(
    request: CheckRequest, spans: Sequence[Span], readings: Sequence[str], index: SourceIndex | None, search: Search
) -> list[Found]:
    """Each sentence's final result or passages: from ``request.sources`` (searched in ``index``)
    or from its ``query_function``."""
    if request.sources is None:
        return _from_query_function(request, spans, readings, search)
    return _from_sources(request, spans, readings, index, search)


def _from_sources(
    request: CheckRequest,
    spans: Sequence[Span],
    readings: Sequence[str],
    index: SourceIndex | None,
    search: Search,
) -> list[Found]:
    haystacks = [VerbatimHaystack.of(source) for source in request.sources or []]
    quote_haystacks = [VerbatimHaystack.joined(haystacks)] * len(spans)
    settled = settle(
        spans, readings, [haystacks] * len(spans), quote_haystacks, lambda _, held: holding_chunk(held, index)
    )
    open_ids = [i for i, outcome in enumerate(settled) if outcome is None]
    passages: list[list[Evidence]] = [[] for _ in open_ids]
    if index is not None and index.chunks and open_ids:
        queries = [readings[i] for i in open_ids]
        passages = index.search(queries, search.top_k, request.distance_metric, search.retrieval)
    retrieved = dict(zip(open_ids, passages, strict=True))
    return [outcome if outcome is not None else retrieved[i] for i, outcome in enumerate(settled)]


def _from_query_function(
    request: CheckRequest, spans: Sequence[Span], readings: Sequence[str], search: Search
) -> list[Found]:
    assert request.query_function is not None
    passages = query(request.query_function, readings, search.top_k, search.query_timeout) if spans else []
    haystacks = [[VerbatimHaystack.of(e.text) for e in found] for found in passages]
    quote_haystacks = [VerbatimHaystack.joined(stacks) for stacks in haystacks]
    settled = settle(spans, readings, haystacks, quote_haystacks, lambda i, held: passages[i][held.source_index])
    return [outcome if outcome is not None else found for outcome, found in zip(settled, passages, strict=True)]


def settle(
    spans: Sequence[Span],
    readings: Sequence[str],
    haystacks: Sequence[Sequence[VerbatimHaystack]],
    quote_haystacks: Sequence[str],
    holder: Callable[[int, Held], Evidence],
) -> list[SentenceResult | None]:
    """The result of each sentence the texts decide on their own, else None: a quote missing
    from its ``quote_haystacks`` entry fails; a sentence one of its ``haystacks`` asserts is
    supported, and one whose negation it asserts is contradicted, shown against the passage
    ``holder(i, held)`` gives.

    A sentence read in context ("It was completed in 1889.") is only settled where its
    haystack has it right after the sentence that settled the one before, so that "it" is the
    same thing.
    """
    decided: list[SentenceResult | None] = []
    previous: tuple[Held, VerbatimHaystack] | None = None
    for i, (span, reading, stacks) in enumerate(zip(spans, readings, haystacks, strict=True)):
        if reading == span.text:
            held = held_by(span.text, stacks)
        elif previous is not None and (j := _index_of(stacks, previous[1])) is not None:
            held = held_by(span.text, stacks, follows=replace(previous[0], source_index=j))
        else:
            held = None
        previous = (held, stacks[held.source_index]) if held else None
        if (quote := missing_quote(span, quote_haystacks[i])) is not None:
            decided.append(results.fabricated_quote(span, quote))
        elif held is not None:
            decided.append(results.settled(span, reading, held, holder(i, held)))
        else:
            decided.append(None)
    return decided


def _index_of(haystacks: Sequence[VerbatimHaystack], wanted: VerbatimHaystack) -> int | None:
    """Where ``wanted`` is among ``haystacks`` (an app's retriever returns new lists per sentence)."""
    return next((i for i, haystack in enumerate(haystacks) if haystack.folded == wanted.folded), None)


def holding_chunk(held: Held, index: SourceIndex | None) -> Evidence:
    """The chunk of the source that holds a settled sentence (or its negation), BM25's best
    guesses first so a large source is not scanned; else the held text itself (it is in that
    source)."""
    if index is None:
        return Evidence(held.text, held.source_index)
    likely = index.lexical.rankings([held.text], COPIED_SHORTLIST)[0]
    candidates = itertools.chain((index.chunks[i] for i in likely), index.chunks)
    holder = next(
        (
            e
            for e in candidates
            if e.source_index == held.source_index and VerbatimHaystack.of(e.text).holds_sentence(held.text)
        ),
        None,
    )
    return holder or Evidence(held.text, held.source_index)
