"""What the texts settle alone: the ``settle`` stage's rules, over the sources or an app's passages.

Whole-sentence copies (``verbatim``), their negations (``negation_check``) and quotes missing
from the evidence (``quote_check``) are decided by string matching, before any model: against
every source (:func:`settle_on_sources`), or, for an app's ``query_function``, against the
passages it returned for each claim (:func:`settle_on_passages`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import replace

from validator.pipeline import results
from validator.pipeline.claims import Claim
from validator.quotes import Held, VerbatimHaystack, held_by, missing_quote
from validator.retrieval import Evidence, SourceIndex

COPIED_SHORTLIST = 4
"""BM25 candidates tried first for the chunk that holds a copied sentence."""


def settle_on_sources(claims: Sequence[Claim], sources: Sequence[str], index: SourceIndex) -> None:
    """Settle one request's claims against its sources, each shown against the chunk of
    ``index`` that holds it."""
    haystacks = [VerbatimHaystack.of(source) for source in sources]
    joined = VerbatimHaystack.joined(haystacks)
    _settle(claims, [haystacks] * len(claims), [joined] * len(claims), lambda _, held: holding_chunk(held, index))


def settle_on_passages(claims: Sequence[Claim], passages: Sequence[Sequence[Evidence]]) -> None:
    """Settle one request's claims each against the passages retrieved for it."""
    haystacks = [[VerbatimHaystack.of(e.text) for e in found] for found in passages]
    joined = [VerbatimHaystack.joined(stacks) for stacks in haystacks]
    _settle(claims, haystacks, joined, lambda i, held: passages[i][held.source_index])


def _settle(
    claims: Sequence[Claim],
    haystacks: Sequence[Sequence[VerbatimHaystack]],
    quote_haystacks: Sequence[str],
    holder: Callable[[int, Held], Evidence],
) -> None:
    """Set the result of each claim the texts decide on their own: a quote missing from its
    ``quote_haystacks`` entry fails; a sentence one of its ``haystacks`` asserts is supported, and
    one whose negation it asserts is contradicted, shown against the passage ``holder(i, held)``
    gives.

    A sentence read in context ("It was completed in 1889.") is only settled where its
    haystack has it right after the sentence that settled the one before, so that "it" is the
    same thing.
    """
    previous: tuple[Held, VerbatimHaystack] | None = None
    for i, (claim, stacks) in enumerate(zip(claims, haystacks, strict=True)):
        span = claim.span
        if claim.reading == span.text:
            held = held_by(span.text, stacks)
        elif previous is not None and (j := _index_of(stacks, previous[1])) is not None:
            held = held_by(span.text, stacks, follows=replace(previous[0], source_index=j))
        else:
            held = None
        previous = (held, stacks[held.source_index]) if held else None
        if (quote := missing_quote(span, quote_haystacks[i])) is not None:
            claim.result = results.fabricated_quote(span, quote)
        elif held is not None:
            claim.result = results.settled(span, claim.reading, held, holder(i, held))


def _index_of(haystacks: Sequence[VerbatimHaystack], wanted: VerbatimHaystack) -> int | None:
    """Where ``wanted`` is among ``haystacks`` (an app's retriever returns new lists per sentence)."""
    return next((i for i, haystack in enumerate(haystacks) if haystack.folded == wanted.folded), None)


def holding_chunk(held: Held, index: SourceIndex) -> Evidence:
    """The chunk of the source that holds a settled sentence (or its negation), BM25's best
    guesses first so a large source is not scanned; else the held text itself (it is in that
    source)."""
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
