"""What the texts settle alone: the ``settle`` stage's rules, over the sources or an app's passages.

Whole-sentence copies (``verbatim``), their negations and minimal-pair opposites
(``negation_check``: :mod:`validator.rules.opposites`) and quotes missing from the evidence
(``quote_check``) are decided by string matching, before any model: against every source
(:func:`settle_on_sources`), or, for an app's ``query_function``, against the passages it returned
for each claim (:func:`settle_on_passages`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import replace

from validator.context import described, sentences_as_read, subject_of
from validator.pipeline import results
from validator.pipeline.claims import Claim
from validator.retrieval import Evidence, SourceIndex
from validator.rules.attribution import moved_from
from validator.rules.opposites import opposition
from validator.rules.quotes import Held, Settlement, VerbatimHaystack, fold_case, held_by, missing_quote

COPIED_SHORTLIST = 4
"""BM25 candidates tried first for the chunk that holds a copied sentence."""
COPY_CONTEXT_SENTENCES = 2
"""The sentences of a source after a copied sentence that ``reread`` has the model read it with."""
TAKE_BACK_MAX_WORDS = 20
"""The longest of them that is read (:meth:`~validator.rules.quotes.VerbatimHaystack.following`)."""


def settle_on_sources(claims: Sequence[Claim], sources: Sequence[str], index: SourceIndex) -> None:
    """Settle one request's claims against its sources, each shown against the chunk of
    ``index`` that holds it."""
    haystacks = [VerbatimHaystack.of(source) for source in sources]
    joined = VerbatimHaystack.joined(haystacks)

    def shortlist(i: int) -> list[Evidence]:
        """The chunks that share the most words with the claim: where an opposite would be."""
        return [index.chunks[j] for j in index.lexical.rankings([claims[i].text], COPIED_SHORTLIST)[0]]

    _settle(
        claims,
        [haystacks] * len(claims),
        [joined] * len(claims),
        lambda _, held: holding_chunk(held, index),
        shortlist,
    )


def settle_on_passages(claims: Sequence[Claim], passages: Sequence[Sequence[Evidence]]) -> None:
    """Settle one request's claims each against the passages retrieved for it."""
    haystacks = [[VerbatimHaystack.of(e.text) for e in found] for found in passages]
    joined = [VerbatimHaystack.joined(stacks) for stacks in haystacks]
    numbered = [[replace(e, source_index=j) for j, e in enumerate(found)] for found in passages]
    _settle(claims, haystacks, joined, lambda i, held: passages[i][held.source_index], numbered.__getitem__)


def _settle(
    claims: Sequence[Claim],
    haystacks: Sequence[Sequence[VerbatimHaystack]],
    quote_haystacks: Sequence[str],
    holder: Callable[[int, Held], Evidence],
    nearby: Callable[[int], Sequence[Evidence]],
) -> None:
    """Set the result of each claim the texts decide on their own: a quote missing from its
    ``quote_haystacks`` entry fails; a sentence one of its ``haystacks`` asserts is supported, and
    one whose negation it asserts is contradicted, shown against the passage ``holder(i, held)``
    gives. A sentence read alone that one of the ``nearby(i)`` passages (each numbered by the
    haystack it is in) opposes as a minimal pair (:func:`validator.rules.opposites.opposes`), where its
    haystack asserts that sentence, is contradicted too.

    A sentence read in context ("It was completed in 1889."), or one whose subject describes
    rather than names ("The company was founded in 1990.", :func:`validator.context.described`),
    is only settled where its haystack has it right after the sentence that settled the one
    before, so that "it" and "the company" are the same thing; a copy of a described subject that
    is not is read by the model after the answer's sentence before it ("Globex makes gadgets. The
    company was founded in 1990." is not Acme's history).
    """
    previous: tuple[Held, VerbatimHaystack] | None = None
    sentences: dict[int, list[str]] = {}  # each list of haystacks' sentences, listed once: one list a request
    for i, (claim, stacks) in enumerate(zip(claims, haystacks, strict=True)):
        span, text = claim.span, claim.text
        leans = claim.reading != text or (i > 0 and described(text))
        if not leans:
            held = held_by(text, stacks) or _opposite(text, stacks, nearby(i), sentences)
        elif previous is not None and (j := _index_of(stacks, previous[1])) is not None:
            held = held_by(text, stacks, follows=replace(previous[0], source_index=j))
        else:
            held = None
        if held is None and claim.reading == text and leans and (copy := held_by(text, stacks)):
            if _same_subject_before(copy, stacks[copy.source_index], claims[i - 1].text):
                # "The reading room opens at 9am." after a wrong sentence about the library, where
                # the source has it after its own sentence about the library: the same context
                held = copy
            else:
                # a copy of "The company was founded in 1990." after another sentence than the
                # source's: the model reads it after the answer's own sentence before
                claim.reading = f"{claims[i - 1].text} {text}"
        previous = (held, stacks[held.source_index]) if held else None
        if (quote := missing_quote(span, quote_haystacks[i])) is not None:
            claim.result = results.fabricated_quote(span, quote)
        elif held is not None:
            claim.result = results.settled(span, claim.reading, held, holder(i, held))
            if held.method == "verbatim":
                claim.copy_context = stacks[held.source_index].following(
                    held, COPY_CONTEXT_SENTENCES, TAKE_BACK_MAX_WORDS
                )
        else:
            claim.disowned = any(haystack.disowns(text) for haystack in stacks)


def _same_subject_before(copy: Held, haystack: VerbatimHaystack, previous: str) -> bool:
    """Whether the source sentence before ``copy`` and the answer's ``previous`` sentence open with
    the same subject ("The library is on King Street." and "The library has a rooftop garden."),
    so a copy whose subject describes ("The reading room…") stands in the same context in both,
    whatever else the answer's sentence says (it is checked on its own)."""
    before = [span.text for span in haystack.sentences if span.end <= copy.start]
    theirs, ours = (subject_of(before[-1]) if before else None), subject_of(previous)
    return theirs is not None and ours is not None and fold_case(theirs) == fold_case(ours)


def _opposite(
    sentence: str, haystacks: Sequence[VerbatimHaystack], nearby: Sequence[Evidence], listed: dict[int, list[str]]
) -> Held | None:
    """A sentence of a ``nearby`` passage that its haystack asserts and that opposes ``sentence``
    as a minimal pair: the negation or prefix antonym of it (:mod:`validator.rules.opposites`), or it
    said of another person or thing of the same sources (:mod:`validator.rules.attribution`).
    ``listed``: the sentences of each list of haystacks already listed, by the list's ``id``."""
    if id(haystacks) not in listed:
        listed[id(haystacks)] = [s.text for haystack in haystacks for s in haystack.sentences]
    every_sentence = listed[id(haystacks)]
    for passage in nearby:
        if passage.source_index is None:
            continue
        for candidate, reading in sentences_as_read(passage.text):
            found_opposition = _opposition(sentence, candidate, reading, every_sentence)
            if found_opposition and (found := haystacks[passage.source_index].find_sentence(candidate)):
                method, note = found_opposition
                return Held(passage.source_index, method, candidate, *found, note=note)
    return None


def _opposition(
    sentence: str, candidate: str, reading: str, every_sentence: Sequence[str]
) -> tuple[Settlement, str] | None:
    """How ``candidate`` opposes ``sentence`` as a minimal pair, if it does, and the note that says
    so: as its words (:func:`~validator.rules.opposites.opposition`), or as ``reading`` (how it
    reads in its passage), or a clause of it, has it of another subject
    (:func:`~validator.rules.attribution.moved_from`; ``every_sentence``: the sources' sentences,
    where another subject of the same statement is looked for)."""
    if note := opposition(sentence, candidate):
        return "negation_check", note
    if moved_from(sentence, [reading], every_sentence) is not None:
        return "binding_check", ""
    return None


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
