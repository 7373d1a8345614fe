"""One constructor per kind of :class:`~validator.verdicts.SentenceResult`, so each field means
the same thing whichever step decided the claim.

A sentence is decided by exactly one of: the quote check (:func:`fabricated_quote`), the
sources themselves (:func:`settled`: copied, or its negation copied), nothing to check it
against (:func:`unchecked`), the NLI model (:func:`by_model`) or the LLM judge
(:func:`by_judge`). Support from the model or the judge must also pass the number rule
(:func:`validator.rules.numbers.check_numbers`), else the method is ``number_check``; on a
sentence they fail, that rule's finding is shown beside their verdict.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from validator.decision import Decision
from validator.judge import Judgement, gated
from validator.pipeline.claims import Claim, reading_of, sources_of
from validator.retrieval import Evidence
from validator.rules.bindings import FUSED_NOTE, fused
from validator.rules.numbers import NumberFinding, check_numbers, claim_text, find_numbers
from validator.rules.quotes import Held, VerbatimHaystack, sentence_keys
from validator.rules.restated import restated
from validator.scorers.base import CONTRADICTION, ENTAILMENT, NEUTRAL
from validator.splitting import Span, split_source_sentences
from validator.verdicts import SETTLED_VERDICTS, Certainty, Method, SentenceResult, Thresholds, Verdict, decide
from validator.vetoes import trust

_SETTLED_NOTES = {
    "verbatim": "copied from the source",
    "negation_check": "the source states its negation",
    "binding_check": "the source says this of another person or thing",
}


def fabricated_quote(span: Span, quote: Span) -> SentenceResult:
    """A quoted span of five or more words that no source holds: it fails, no model asked."""
    note = "quoted text not found in the sources"
    return _unscored(span, "fabricated_quote", note, quote_start=quote.start, quote_end=quote.end, method="quote_check")


def settled(span: Span, reading: str, held: Held, evidence: Evidence) -> SentenceResult:
    """A sentence a source asserts (supported) or whose negation it asserts (contradicted)."""
    verdict = SETTLED_VERDICTS[held.method]
    copied = verdict == "supported"
    return SentenceResult(
        sentence=span.text,
        start=span.start,
        end=span.end,
        verdict=verdict,
        entailment=1.0 if copied else 0.0,
        contradiction=0.0 if copied else 1.0,
        confidence=1.0,
        needs_review=False,
        evidence=evidence.text,
        source_index=evidence.source_index,
        note=held.note or _SETTLED_NOTES[held.method],
        method=held.method,
        evidence_sources=sources_of([evidence]),
        reading=reading_of(span, reading),
    )


def unchecked(span: Span, reading: str, note: str) -> SentenceResult:
    """Unsupported, with no model asked: nothing was retrieved, or the sentence is too long."""
    return _unscored(span, "unsupported", note, reading=reading_of(span, reading))


def _unscored(span: Span, verdict: Verdict, note: str, **details: Any) -> SentenceResult:
    """A verdict no model gave: no probabilities, no confidence, nothing a person need review."""
    return SentenceResult(
        sentence=span.text,
        start=span.start,
        end=span.end,
        verdict=verdict,
        entailment=0.0,
        contradiction=0.0,
        confidence=None,
        needs_review=False,
        note=note,
        **details,
    )


def by_model(claim: Claim, thresholds: Thresholds, decision: Decision | None = None) -> SentenceResult:
    """The verdict rule over the claim's ``(n_premises, 3)`` probabilities (or a learned
    ``decision`` over its signals: :func:`_learned`), then the number rule; the row's numbers are
    the deciding premise's, every premise's in ``premise_scores``.

    The number rule reads every sentence. On one the model supports, its finding fails the
    sentence (a veto: unsure where the finding's measured precision is below the bar of
    :mod:`validator.vetoes`). On one the model fails already, the failure stays the model's and
    the finding is shown beside it (:func:`_decides`): "More than 200 people attended." against
    "150 people attended." is failed by the model, with the rule's note saying what the evidence
    gives, so a report counts as a rule's only the failures a rule caused."""
    probabilities = claim.probabilities
    if decision is not None and claim.signals:
        verdict, confidence, premise, cut = _learned(claim, decision, thresholds)
    else:
        (verdict, confidence, premise), cut = decide(probabilities, claim.premises, thresholds), thresholds.entailment
    method: Method = "model"
    note = None
    kind = None
    entailing = [p for p, row in zip(claim.premises, probabilities, strict=True) if row[ENTAILMENT] >= cut]
    if verdict == "supported" and not any(_may_support(claim, p) for p in entailing):
        verdict, method, note = "unsupported", "framing_check", DISOWNED_NOTE
    elif verdict == "supported":
        verdict, premise, method, note, kind = _numbers_vouched(claim, probabilities, cut)
    elif (finding := _number_finding(claim)) is not None:
        note, kind = finding.note, _kind(claim, finding)
        if _decides(finding, kind, unsure=confidence < thresholds.review):
            verdict, method = finding.verdict, "number_check"
    if verdict != "supported" and method == "model" and (restating := _restating(claim)) is not None:
        verdict, premise, method, note, kind = "supported", restating, "verbatim", RESTATED_NOTE, None
        confidence = 1.0
    needs_review = method == "model" and confidence < thresholds.review
    certainty = None
    if kind is not None and method != "model":
        confidence, needs_review, certainty = _trusted(kind)
    deciding = probabilities[next(i for i, p in enumerate(claim.premises) if p is premise)]
    return SentenceResult(
        sentence=claim.span.text,
        start=claim.span.start,
        end=claim.span.end,
        verdict=verdict,
        entailment=float(deciding[ENTAILMENT]),
        contradiction=float(deciding[CONTRADICTION]),
        neutral=float(deciding[NEUTRAL]),
        reading=reading_of(claim.span, claim.reading),
        confidence=confidence,
        needs_review=needs_review,
        evidence=premise.text,
        source_index=premise.source_index,
        note=note,
        method=method,
        premise_scores=[[float(p) for p in row] for row in probabilities],
        evidence_sources=sources_of(claim.premises) if premise.joint else sources_of([premise]),
        signals=dict(claim.signals),
        finding=kind,
        certainty=certainty,
    )


def _learned(claim: Claim, decision: Decision, thresholds: Thresholds) -> tuple[Verdict, float, Evidence, float]:
    """The verdict where a learned decision weighs the claim's signals in the entailment's place
    (:mod:`validator.decision`): supported where its probability clears the entailment threshold,
    else contradicted or unsupported by the model's contradiction as always. Returns the verdict,
    its confidence, the deciding premise, and the entailment from which a premise counts as
    entailing for the rules after it: where the decision supports, the best premise and any at the
    threshold; where it does not, none."""
    probabilities = claim.probabilities
    support = decision.probability(claim.signals)
    best = int(probabilities[:, ENTAILMENT].argmax())
    if support >= thresholds.entailment:
        entailing = min(thresholds.entailment, float(probabilities[best, ENTAILMENT]))
        return "supported", support, claim.premises[best], entailing
    strongest = int(probabilities[:, CONTRADICTION].argmax())
    contradiction = float(probabilities[strongest, CONTRADICTION])
    if contradiction >= thresholds.contradiction:
        return "contradicted", contradiction, claim.premises[strongest], math.inf
    return "unsupported", 1.0 - max(support, contradiction), claim.premises[best], math.inf


def _numbers_vouched(
    claim: Claim, probabilities: np.ndarray, cut: float
) -> tuple[Verdict, Evidence, Method, str | None, str | None]:
    """The verdict of a sentence some premise entails (at least ``cut``), after the binding rule
    (:mod:`validator.rules.bindings`) and the number rule (:mod:`validator.rules.numbers`) have read the
    entailing premises (those :func:`_may_support` allows), strongest first; a premise joined
    from several sources vouches for a number only where one passage alone does. The rules are
    stated in ``docs/verdicts.md``, *weigh and decide*. The last item names the rule's finding
    (:mod:`validator.vetoes`) where a rule decided."""
    premises = claim.premises
    order = [int(i) for i in np.argsort(-probabilities[:, ENTAILMENT], kind="stable")]
    entailing = [i for i in order if probabilities[i, ENTAILMENT] >= cut and _may_support(claim, premises[i])]
    own = claim.text
    finding = _number_finding(claim)
    if finding is None:
        one_passage_vouches = not find_numbers(claim_text(own)) or (
            claim.sources is None
            and any(check_numbers(claim.reading, passage, own=own) is None for passage in claim.passages)
        )
        bound = [i for i in entailing if not claim.fuses(i)]
        for i in bound:
            if one_passage_vouches or not (premises[i].joint and premises[i].source_index is None):
                return "supported", premises[i], "model", None, None
        if not bound:
            return "unsupported", _shown(claim, order), "binding_check", FUSED_NOTE, FUSED
        finding = NumberFinding("unsupported", "number only in a passage joined from several sources", "joined")
    return finding.verdict, _shown(claim, order), "number_check", finding.note, _kind(claim, finding)


DISOWNED_NOTE = "a source states this sentence only to call it untrue"
RESTATED_NOTE = "a sentence of the evidence with its values written another way"


def _restating(claim: Claim) -> Evidence | None:
    """The passage holding a sentence the claim restates with only its values written another way
    (:mod:`validator.rules.restated`): the number reader proves them equal, so the model's failure
    was the spelling's. Only for a sentence read on its own words, that no source disowns."""
    if claim.disowned or claim.reading != claim.text:
        return None
    for passage in claim.premises:
        if not passage.joint and restated(claim.text, [s.text for s in split_source_sentences(passage.text)]):
            return passage
    return None


def _may_support(claim: Claim, premise: Evidence) -> bool:
    """Whether ``premise`` may support the claim: any may, unless a source states the sentence
    only to deny it (``claim.disowned``); then none that holds that copy, so "The dam was finished
    in 1931." is never supported by "The dam was finished in 1931. This has been shown to be
    false."."""
    if not claim.disowned:
        return True
    folded = VerbatimHaystack.of(premise.text).folded
    return not any(key in folded for key in sentence_keys(claim.text))


FUSED = "fused"
"""The binding rule's finding, as the table of measured precision names it (:mod:`validator.vetoes`)."""


def _kind(claim: Claim, finding: NumberFinding) -> str:
    """The finding as the table of measured precision names it: ``value_changed`` where the
    sentence is a passage's with that value changed (:mod:`validator.signals`), else its own kind."""
    return "value_changed" if claim.signals.get("value_changed") else finding.kind


def _trusted(kind: str) -> tuple[float, bool, Certainty]:
    """A rule's verdict's confidence (1.0 for an exact finding, else the lower bound of its measured
    precision), whether a person should review it (below the bar for deciding alone), and which sort
    of finding it is (:mod:`validator.vetoes`)."""
    measured = trust(kind)
    return measured.precision, not measured.certain, "exact" if measured.exact else "attributing"


def _number_finding(claim: Claim) -> NumberFinding | None:
    """The number rule over the claim's passages, and its whole sources before a veto (``weigh``
    found it already, except where the LLM judge decides alone and no model scored the claim)."""
    if claim.signals:
        return claim.finding
    return check_numbers(claim.reading, claim.passages, claim.sources, claim.text)


def _decides(finding: NumberFinding, kind: str, unsure: bool) -> bool:
    """Whether the number rule's finding decides a sentence the model or the judge fails already.
    An exact finding always does (:mod:`validator.vetoes`): the evidence states another value in
    the sentence's place, so the failure is certain under every policy. An attributing one does
    only where that failure is unsure, the evidence gives the number another value in its role
    (``contradicted``), and the finding is certain: then it is the rule's verdict, sharper than
    theirs. Otherwise the failure stays theirs, and the finding is
    shown beside it (its note and ``finding``) for a reviewer: a rule right four times in five
    must not take a failure it did not cause, nor turn "unsupported" into "contradicted" for
    ``fail_on="contradicted"``."""
    measured = trust(kind)
    return measured.exact or (unsure and finding.verdict == "contradicted" and measured.certain)


def _shown(claim: Claim, order: list[int]) -> Evidence:
    """The premise a vetoed sentence is shown against: the best-ranked passage, the one retrieval
    found most about this sentence (else the best-scored premise)."""
    return next((p for p in claim.premises if not p.joint), claim.premises[order[0]])


def by_judge(claim: Claim, judgement: Judgement, thresholds: Thresholds) -> SentenceResult:
    """The judge's verdict. Support must clear ``entailment_threshold``, the number rule over every
    passage the judge read, and the binding rule over what it read, as the model's must."""
    judgement = gated(judgement, thresholds.entailment)
    verdict, method, note = judgement.verdict, "llm", judgement.note
    kind = None
    if judgement.overruled:
        pass  # the quote gate decided: a rule's verdict, never unsure (needs_review below)
    elif verdict == "supported" and not _may_support(claim, Evidence(claim.evidence_text)):
        verdict, method, note = "unsupported", "framing_check", DISOWNED_NOTE
    elif (finding := _number_finding(claim)) is not None:
        kind = _kind(claim, finding)
        if verdict == "supported" or _decides(finding, kind, unsure=judgement.confidence < thresholds.review):
            verdict, method, note = finding.verdict, "number_check", finding.note
        else:  # the judge's failure, with its own reason where it gave one
            note = note or finding.note
    elif verdict == "supported" and fused(claim.reading, claim.evidence_text, sources=claim.sources):
        verdict, method, note, kind = "unsupported", "binding_check", FUSED_NOTE, FUSED
    confidence = judgement.confidence
    needs_review = method == "llm" and not judgement.overruled and confidence < thresholds.review
    certainty = None
    if kind is not None and method != "llm":
        confidence, needs_review, certainty = _trusted(kind)
    sources = sources_of(claim.premises)
    return SentenceResult(
        sentence=claim.span.text,
        start=claim.span.start,
        end=claim.span.end,
        verdict=verdict,  # type: ignore[arg-type]
        entailment=judgement.confidence if verdict == "supported" else 0.0,
        contradiction=judgement.confidence if verdict == "contradicted" else 0.0,
        neutral=judgement.confidence if verdict == "unsupported" else 0.0,
        reading=reading_of(claim.span, claim.reading),
        confidence=confidence,
        needs_review=needs_review,
        evidence=claim.evidence_text,
        source_index=sources[0] if len(sources) == 1 else None,
        note=note,
        method=method,  # type: ignore[arg-type]
        judged=True,
        evidence_sources=sources,
        finding=kind,
        certainty=certainty,
    )


def summarize(sentences: Sequence[SentenceResult]) -> str:
    """A one-line-per-sentence summary, used in error messages and the CLI."""
    return "\n".join(f"- [{r.verdict}] {r.sentence}" + (f" ({r.note})" if r.note else "") for r in sentences)
