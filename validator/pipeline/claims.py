"""The record each stage works on: one :class:`Claim` per sentence of a checked text.

A claim is open while its ``result`` is None. Each stage reads what the ones before it filled in
(``reading`` after ``read``, ``premises`` after ``retrieve``, ``probabilities`` after ``score``)
and a stage that decides a claim sets its ``result``; later stages pass it by.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import groupby

import numpy as np

from validator.context import leans_back
from validator.judge import Usage
from validator.pipeline.request import CheckRequest
from validator.retrieval import Evidence, SourceIndex
from validator.rules.bindings import fused, terms
from validator.rules.numbers import NumberFinding
from validator.splitting import Span, split_source_sentences
from validator.text import fold_typography, without_list_marker
from validator.verdicts import SentenceResult


@dataclass(eq=False)
class Claim:
    """One sentence of a request's text on its way to a verdict.

    Attributes:
        request: The request the sentence is from (its sources, or its ``query_function``).
        item: That request's place in the batch (a batch may hold one request twice).
        span: Where the sentence is in the request's text.
        reading: How it reads in context (what is searched and scored; :mod:`validator.context`).
        fits: Whether its own words fit the model input.
        premises: What it is scored against: the retrieved passages, then (where scoring needs
            it) their joint premise.
        probabilities: The ``(len(premises), 3)`` model probabilities, once scored.
        result: Its verdict; None while the claim is open.
        disowned: Whether a source holds the sentence only to deny it (``settle`` finds it:
            :meth:`~validator.rules.quotes.VerbatimHaystack.disowns`), so no premise holding that copy
            may support it.
        signals: What every check says of it, once scored (:mod:`validator.signals`).
        finding: The number rule's finding over its passages and sources, once scored (found
            once, in ``weigh``, for the rules of ``decide`` and ``judge``).
        bindings: The binding rule's finding for each premise asked about (:meth:`fuses`).
    """

    request: CheckRequest
    item: int
    span: Span
    reading: str = ""
    fits: bool = True
    premises: list[Evidence] = field(default_factory=list)
    probabilities: np.ndarray = field(default_factory=lambda: np.zeros((0, 3)))
    result: SentenceResult | None = None
    disowned: bool = False
    signals: dict[str, float] = field(default_factory=dict)
    finding: NumberFinding | None = None
    bindings: dict[int, bool] = field(default_factory=dict)
    searched: list[str] | None = None
    """An app's passages where they were too long to score whole and were searched like sources
    (``retrieve``): the whole texts its ``premises`` are chunks of."""
    copy_context: str | None = None
    """For a sentence ``settle`` found copied: the source's sentences after the copy, which
    ``reread`` reads it with ("" where it ends the source)."""

    @cached_property
    def text(self) -> str:
        """The sentence's own words as every check reads them (typography folded, a list item's
        marker left out: :mod:`validator.text`); ``span`` keeps its place in what the user wrote."""
        return without_list_marker(fold_typography(self.span.text))

    def fuses(self, i: int) -> bool:
        """Whether premise ``i`` holds the sentence only by joining sentences that nothing links
        (:func:`validator.rules.bindings.fused`), found once: ``weigh`` and ``decide`` both ask, and
        the premises are final by then."""
        if i not in self.bindings:
            self.bindings[i] = fused(self.reading, self.premises[i].text, self.passages, self.sources)
        return self.bindings[i]

    @property
    def sources(self) -> Sequence[str] | None:
        """The whole texts the passages were retrieved from (an app's long passages where they were
        searched, else None for its ``query_function``): where the number rule looks, before a
        veto, for a value retrieval did not bring."""
        return self.request.sources if self.request.sources is not None else self.searched

    @property
    def passages(self) -> list[str]:
        """The retrieved passages themselves (the joint premise only repeats them)."""
        return [p.text for p in self.premises if not p.joint]

    @property
    def evidence_text(self) -> str:
        """What the judge reads: the joint premise when there is one, else the passage."""
        return next((p.text for p in self.premises if p.joint), self.premises[0].text)


@dataclass(eq=False)
class Batch:
    """The requests of one ``check_batch`` call and the claims of all their texts, in order."""

    requests: list[CheckRequest]
    """The requests, each as the checks read it once ``split`` has refused those over their limits."""
    claims: list[Claim] = field(default_factory=list)
    usage: Usage | None = None
    """The LLM judge's token use, once it has been asked."""
    indexes: dict[int, SourceIndex] = field(default_factory=dict)
    """Each request's source index by its place in the batch, looked up once for the stages that
    search it (``settle`` and ``retrieve``): finding it in the cache hashes every source."""

    @property
    def open(self) -> list[Claim]:
        """The claims no stage has decided yet."""
        return [claim for claim in self.claims if claim.result is None]

    def by_request(self, claims: Sequence[Claim]) -> Iterator[tuple[CheckRequest, list[Claim]]]:
        """``claims`` (in batch order) grouped by the request they are from."""
        for _, group in groupby(claims, key=lambda claim: claim.item):
            members = list(group)
            yield members[0].request, members

    def results(self) -> list[list[SentenceResult]]:
        """Every request's results, in order (all claims are decided by then)."""
        results: list[list[SentenceResult]] = [[] for _ in self.requests]
        for claim in self.claims:
            if claim.result is None:  # a bug in a stage: fail loudly rather than report a partial text
                raise RuntimeError(f"no stage decided the sentence {claim.span.text!r}")
            results[claim.item].append(claim.result)
        return results


def reading_of(span: Span, reading: str) -> str | None:
    """The sentence as it was read in context, when that differs from its own words (typography
    apart: a straightened apostrophe is no new reading)."""
    return reading if reading and reading != fold_typography(span.text) else None


def sources_of(premises: Sequence[Evidence]) -> list[int]:
    """Every source the passages came from, in order."""
    return sorted({p.source_index for p in premises if p.source_index is not None and not p.joint})


def joinable(claim: Claim) -> list[Evidence]:
    """The claim's passages that may join into its joint premise. An app's ``query_function``
    says nothing of where its passages came from, so one that opens by pointing back ("It was
    completed in 1931.") may be about anything; joined after another passage it would read as
    that passage's subject. It joins only where the claim points back too (the answer reads it
    in the same context); passages of ``sources`` are chunks in source order and always join."""
    if claim.sources is not None or claim.reading != claim.text:
        return claim.premises
    return [p for p in claim.premises if not leans_back(p.text.lstrip())]


def _about_one_subject(evidence: list[Evidence]) -> list[Evidence]:
    """The passages that may join the first one's: those of its source, and those of another
    source that name something its passages name. Two documents are two subjects unless they say
    otherwise: "The Delta Bridge opened in 1950." and "The tunnel was closed for repairs." never
    make "The Delta Bridge was closed for repairs." (:func:`validator.rules.bindings.terms`' names)."""
    if not evidence:
        return evidence
    first = evidence[0].source_index
    named = frozenset().union(*(terms(e.text)[0] for e in evidence if e.source_index == first))
    return [e for e in evidence if e.source_index == first or terms(e.text)[0] & named]


def joint_premise(evidence: list[Evidence]) -> Evidence | None:
    """The top-k passages joined in source order, for claims that combine them: windows of one
    source that overlap are merged where they overlap (:func:`_merged`), so what two chunks share
    is read and shown once, however each was cut into sentences ("## 2.1.0 - Tables can now span
    multiple pages." and "- Tables can now span multiple pages. - …"); a sentence repeated word
    for word is kept once. Its ``source_index`` is None when the passages come from several sources."""
    evidence = _about_one_subject(evidence)
    if len(evidence) < 2:
        return None
    sentences: dict[str, None] = {}
    for text in _merged(sorted(evidence, key=lambda e: (e.source_index is None, e.source_index or 0, e.start or 0))):
        sentences.update(dict.fromkeys(span.text for span in split_source_sentences(text)))
    sources = {e.source_index for e in evidence}
    return Evidence(" ".join(sentences), sources.pop() if len(sources) == 1 else None, joint=True)


def _merged(passages: Sequence[Evidence]) -> list[str]:
    """The texts of ``passages`` (in source order), each passage of the same source as the one
    before whose opening sentences that one ends with written on from there (:func:`_overlap`)."""
    texts: list[str] = []
    previous: Evidence | None = None
    for passage in passages:
        shared = 0
        if texts and previous is not None and passage.source_index == previous.source_index is not None:
            shared = _overlap(texts[-1], passage.text)
        if shared:
            texts[-1] = texts[-1] + passage.text[shared:]
        else:
            texts.append(passage.text)
        previous = passage
    return texts


def _overlap(text: str, after: str) -> int:
    """How much of the start of ``after`` ``text`` ends with, in whole sentences of ``after``
    (a window shares whole sentences with the one before it); 0 where none."""
    ending = text.rstrip()
    shared = 0
    for span in split_source_sentences(after):
        if not ending.endswith(after[: span.end].strip()):
            break
        shared = span.end
    return shared
