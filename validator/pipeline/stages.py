"""The stages of a check, in order, each a plain function over a batch's open claims:

    split → read → fetch → settle → retrieve → score → weigh → decide → judge → point

- ``split`` cuts each text into sentences, one :class:`~validator.pipeline.claims.Claim` each;
- ``read`` reads each in context ("It was…" → "The tower was…": :mod:`validator.context`);
- ``fetch`` asks an app's ``query_function`` for each claim's passages;
- ``settle`` decides what the texts decide alone (:mod:`validator.pipeline.settling`): a quote
  no source holds, a copied sentence, a copied negation;
- ``retrieve`` searches the ``sources`` for the passages of the rest and, where there is
  nothing to score them on
  (nothing retrieved, too long for the model, not English for the bundled model), says so;
- ``score`` runs the NLI model over the batch's (premise, sentence) pairs;
- ``weigh`` records what every check finds of each scored sentence as signals
  (:mod:`validator.signals`), and the number rule's finding, which ``decide`` reads;
- ``decide`` applies the verdict rule, then the number and binding rules
  (:func:`validator.pipeline.results.by_model`);
- ``judge`` asks the LLM judge about the claims its mode leaves to it;
- ``point`` marks the value a rule's failure turns on, and what the source has instead.

A stage that decides a claim sets its ``result``; later stages pass it by. Every stage takes the
:class:`~validator.pipeline.setup.CheckSetup` of the parts it uses (scorer, thresholds,
configuration, judge, source indexes), so :data:`STAGES` is all ``check_batch`` runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np

from validator import defaults
from validator.context import read_in_context
from validator.errors import TextTooLong
from validator.judge import Usage
from validator.language import is_english
from validator.pipeline import results, settling
from validator.pipeline.claims import Batch, Claim, joinable, joint_premise
from validator.pipeline.request import CheckRequest
from validator.pipeline.setup import CheckSetup
from validator.repair import Correction, correction, differing_value, named_value, rule_correction, unsourced_number
from validator.retrieval import Evidence, query
from validator.rules.numbers import spelled_like
from validator.scorers.base import CONTRADICTION, ENTAILMENT, PairScorer
from validator.signals import sentence_signals
from validator.splitting import Span, split_sentences, split_source_sentences
from validator.text import HIDING, fold_typography
from validator.verdicts import FAILABLE_VERDICTS, SentenceResult

TOO_LONG = "sentence too long for the NLI model input; not checked"
NO_EVIDENCE = "no evidence retrieved for this sentence"
HIDDEN_TEXT = (
    "not checked: the sentence holds characters that reorder or hide text ({}), so what a reader sees is "
    "not what would be checked; remove them and check it again"
)
NOT_ENGLISH = (
    "not checked: the sentence or its evidence is not English, and the bundled model reads English only; "
    "pass a multilingual NLI model as model_name to check it"
)


def split(batch: Batch, setup: CheckSetup) -> None:
    """One claim per sentence of each text (``"sentence"``), or per whole stripped text
    (``"full"``), after refusing a text or a source set over its limit; each request from here
    on as the checks read it (:meth:`~validator.pipeline.request.CheckRequest.as_read`).

    Raises:
        TextTooLong: Naming the limit and what to do instead.
    """
    inputs = setup.config.inputs
    for item, request in enumerate(batch.requests):
        _check_size(request, inputs.max_text_chars, inputs.max_source_chars)
        batch.requests[item] = request = request.as_read()
        spans = split_sentences(request.text) if inputs.validation_method == "sentence" else _whole(request.text)
        claims = [Claim(request, item, span) for span in spans]
        for claim in claims:
            if hiding := sorted(set(HIDING.findall(claim.span.text))):
                named = ", ".join(f"U+{ord(character):04X}" for character in hiding)
                claim.result = results.unchecked(claim.span, claim.span.text, HIDDEN_TEXT.format(named))
        batch.claims += claims


def _check_size(request: CheckRequest, max_text_chars: int, max_source_chars: int) -> None:
    if len(request.text) > max_text_chars:
        raise TextTooLong(
            f"text has {len(request.text):,} characters, over max_text_chars={max_text_chars:,}; "
            "raise the limit or check it in parts"
        )
    if (source_chars := sum(map(len, request.sources or []))) > max_source_chars:
        raise TextTooLong(
            f"sources have {source_chars:,} characters in all, over max_source_chars={max_source_chars:,}; "
            "raise the limit or pass a query_function that retrieves from them"
        )


def _whole(text: str) -> list[Span]:
    stripped = text.strip()
    start = text.find(stripped)
    return [Span(stripped, start, start + len(stripped))] if stripped else []


READ_AFTER_SENTENCES = 20
"""The sentences of a request's ``read_after`` (a stream's earlier text) its first sentences are
read after: enough for any pronoun's referent."""
READ_AFTER_CHARS = 8_000
"""How much of the end of ``read_after`` is split to find them, so each chunk of a stream costs
the same however long the stream has run (the whole text was split again for every chunk)."""


def read(batch: Batch, setup: CheckSetup) -> None:
    """How each claim reads in context (:func:`validator.context.read_in_context`, after the
    request's ``read_after`` text; its own words where the reading would not fit the model
    input), and whether its own words fit."""
    for request, claims in batch.by_request(batch.open):
        texts = [claim.text for claim in claims]
        before = [fold_typography(s.text) for s in split_sentences(_tail(request.read_after))][-READ_AFTER_SENTENCES:]
        readings = read_in_context(before + texts)[len(before) :]
        leaning = [i for i, (reading, text) in enumerate(zip(readings, texts, strict=True)) if reading != text]
        fitting = setup.scorer.hypothesis_fits([readings[i] for i in leaning])
        for i, fit in zip(leaning, fitting, strict=True):
            if not fit:
                readings[i] = texts[i]
        for claim, reading, fit in zip(claims, readings, setup.scorer.hypothesis_fits(texts), strict=True):
            claim.reading, claim.fits = reading, fit


def _tail(text: str) -> str:
    """The last :data:`READ_AFTER_CHARS` of ``text``, from the first sentence that starts whole in
    them (a sentence cut at the front would be read as one of its own)."""
    if len(text) <= READ_AFTER_CHARS:
        return text
    tail = text[-READ_AFTER_CHARS:]
    cut = split_sentences(tail)
    return tail[cut[1].start :] if len(cut) > 1 else tail


def fetch(batch: Batch, setup: CheckSetup) -> None:
    """Each claim's passages from its request's ``query_function``, the app's retriever, asked
    once for all the request's claims (bounded by ``max_source_chars``, within ``query_timeout``),
    before ``settle``: they are all there is to compare the claims with."""
    retrieval = setup.config.retrieval
    for request, claims in batch.by_request(batch.open):
        if request.query_function is None:
            continue
        found = query(
            request.query_function,
            [c.reading for c in claims],
            retrieval.top_k,
            retrieval.query_timeout,
            setup.config.inputs.max_source_chars,
        )
        for claim, passages in zip(claims, found, strict=True):
            claim.premises = passages


def settle(batch: Batch, setup: CheckSetup) -> None:
    """Decide the claims the texts decide alone (:mod:`validator.pipeline.settling`): against
    ``sources`` before any search, so a settled claim costs no embedding; against the passages
    ``fetch`` brought from a ``query_function``."""
    for request, claims in batch.by_request(batch.open):
        if request.sources is not None:
            settling.settle_on_sources(claims, request.sources, setup.index(batch, claims[0].item))
        else:
            settling.settle_on_passages(claims, [claim.premises for claim in claims])


def reread(batch: Batch, setup: CheckSetup) -> None:
    """Each copy ``settle`` found, read with the sentences of its source after it
    (:meth:`~validator.rules.quotes.VerbatimHaystack.following`). A source may take a sentence back in
    any words ("That is not what happened.", "Verdict: FALSE", "Or did he? The evidence says
    no."), which no list of phrases completes; so a copy skips the model only where the model,
    reading the copy followed by each of them (:func:`_take_back_windows`), finds no contradiction
    (at the contradiction cut, and likelier than entailment: a copy is entailed by itself until
    something takes it back). Read one at a time: the copy followed by several unrelated sentences
    was read as contradicted ("The council met on 3 May." before a motion and its vote, 0.52), though
    none of them said a word of it; one unrelated sentence still reads so at times (0.46 against an
    entailment of 0.50), a take-back never (0.58-0.71 against 0.25-0.40). Otherwise the copy stays open, disowned: no
    passage holding it may support it (``framing_check``). One model pair per following sentence,
    in one batch; with ``scorer_mode="llm"`` the judge reads what the model would."""
    copies = [c for c in batch.claims if c.result is not None and c.result.method == "verbatim" and c.copy_context]
    if not copies or setup.config.judge.scorer_mode == "llm":
        return
    pairs = [
        [(f"{claim.text} {window}", claim.text) for window in _take_back_windows(claim.copy_context or "")]
        for claim in copies
    ]
    read = [_take_backs(batch, setup, claim) for claim in copies]
    unread = list(dict.fromkeys(p for own, known in zip(pairs, read, strict=True) for p in own if p not in known))
    scored = dict(zip(unread, setup.scorer.score(unread), strict=True)) if unread else {}
    for own, known in zip(pairs, read, strict=True):
        known.update({pair: _taking_back(scored[pair]) for pair in own if pair in scored})
    for claim, own, known in zip(copies, pairs, read, strict=True):
        if any(known[pair] >= setup.thresholds.contradiction for pair in own):
            claim.result, claim.disowned = None, True


def _taking_back(row: np.ndarray) -> float:
    """The contradiction of a copy read with a sentence after it, where it outweighs the entailment;
    0 where the copy still reads as entailed."""
    return float(row[CONTRADICTION]) if row[CONTRADICTION] > row[ENTAILMENT] else 0.0


def _take_back_windows(context: str) -> list[str]:
    """The sentences after a copy, each on its own, a question with the sentence that answers it
    ("Or did he? The evidence says no.")."""
    windows: list[str] = []
    for sentence in (span.text for span in split_source_sentences(context)):
        if windows and windows[-1].rstrip().endswith("?"):
            windows[-1] = f"{windows[-1]} {sentence}"
        else:
            windows.append(sentence)
    return windows


def _take_backs(batch: Batch, setup: CheckSetup, claim: Claim) -> dict[tuple[str, str], float]:
    """Where ``reread`` keeps what the model read of a copy: with the index of the claim's
    ``sources`` (:attr:`~validator.retrieval.SourceIndex.take_backs`), so checks against the same
    sources read each copied sentence once; nowhere for an app's passages, which change."""
    if claim.request.sources is None:
        return {}
    return setup.index(batch, claim.item).take_backs.setdefault(id(setup.scorer), {})


def retrieve(batch: Batch, setup: CheckSetup) -> None:
    """The top-k passages of each open claim over its request's sources (a ``query_function``'s
    came in ``fetch``, and are searched the same way where they are too long to score whole:
    :func:`_searched`), then their joint premise; a claim with nothing to score it on is
    ``unsupported`` with no model asked: nothing retrieved, a sentence too long for the model
    input, or (the bundled model) a sentence or passages that are not English
    (:mod:`validator.language`)."""
    retrieval = setup.config.retrieval
    for request, claims in batch.by_request(batch.open):
        if request.sources is not None and (index := setup.index(batch, claims[0].item)).chunks:
            found = index.search(
                [c.reading for c in claims],
                retrieval.top_k,
                request.distance_metric,
                retrieval.retrieval,
                skip_needless=request.embed_function is None,  # an app's own is always called
            )
            for claim, passages in zip(claims, found, strict=True):
                claim.premises = passages
        elif request.sources is None:
            for claim in claims:
                _searched(claim, setup)
    for claim in batch.open:
        passages = claim.premises
        if not passages:
            claim.result = results.unchecked(claim.span, claim.reading, NO_EVIDENCE)
        elif not claim.fits:
            claim.result = results.unchecked(claim.span, claim.text, TOO_LONG)
        elif setup.bundled and not (is_english(claim.text) and any(is_english(p.text) for p in passages)):
            claim.result = results.unchecked(claim.span, claim.reading, NOT_ENGLISH)
        elif retrieval.joint_premise and (joint := joint_premise(joinable(claim))) is not None:
            claim.premises = [*passages, joint]


def _searched(claim: Claim, setup: CheckSetup) -> None:
    """An app's passages for ``claim``, searched like sources where together they are longer than
    :data:`~validator.defaults.SEARCHED_PASSAGES_CHARS`: chunked as the request chunks sources
    (the index is cached, so an answer's sentences share it), and the top-k chunks kept as its
    premises, the whole passages as its ``searched`` sources. A retriever that returns whole
    documents would otherwise have every window of them scored for every sentence."""
    passages = [p.text for p in claim.premises]
    if sum(map(len, passages)) <= defaults.SEARCHED_PASSAGES_CHARS:
        return
    request = replace(claim.request, sources=passages, query_function=None)
    retrieval = setup.config.retrieval
    [found] = setup.indexer(request).search(
        [claim.reading],
        retrieval.top_k,
        request.distance_metric,
        retrieval.retrieval,
        skip_needless=request.embed_function is None,
    )
    claim.premises = [replace(chunk, source_index=None, start=None) for chunk in found]
    claim.searched = passages


def score(batch: Batch, setup: CheckSetup) -> None:
    """Each open claim's ``(n_premises, 3)`` probabilities, in two batched calls for them all
    (not with ``scorer_mode="llm"``, where the judge decides instead): first every claim's passages,
    then the joint premise of each claim that no passage supports with an entailment of at least
    the entailment and the review thresholds.

    For the others the joint premise can change neither the verdict (support by one passage is
    enough) nor the review flag (the verdict's confidence is already above it), only which of two
    entailing premises is shown, and it is the longest input, as long as the passages together;
    it is dropped from their premises. Numbers are spelled as the premise spells them: "1.5
    million" reads as "1,500,000" beside it."""
    if setup.config.judge.scorer_mode == "llm":
        return
    claims, thresholds = batch.open, setup.thresholds
    alone = [[p for p in claim.premises if not p.joint] for claim in claims]
    first = _probabilities(setup.scorer, claims, alone)
    sure = max(thresholds.entailment, thresholds.review)
    unsure = [
        i
        for i, (claim, probabilities) in enumerate(zip(claims, first, strict=True))
        if len(claim.premises) > len(alone[i]) and probabilities[:, ENTAILMENT].max() < sure
    ]
    joints = _probabilities(setup.scorer, [claims[i] for i in unsure], [claims[i].premises[-1:] for i in unsure])
    for i, joint in zip(unsure, joints, strict=True):
        first[i] = np.vstack([first[i], joint])
    joined = set(unsure)
    for i, (claim, probabilities) in enumerate(zip(claims, first, strict=True)):
        if i not in joined:
            claim.premises = alone[i]
        claim.probabilities = probabilities


def _probabilities(scorer: PairScorer, claims: Sequence[Claim], premises: Sequence[list[Evidence]]) -> list[np.ndarray]:
    """The probabilities of each claim against its ``premises``, in one call for them all."""
    pairs = [spelled_like(claim.reading, p.text) for claim, own in zip(claims, premises, strict=True) for p in own]
    probabilities = scorer.score(pairs)
    return list(np.split(probabilities, np.cumsum([len(own) for own in premises])[:-1])) if claims else []


def weigh(batch: Batch, setup: CheckSetup) -> None:
    """Each scored claim's signals (:func:`validator.signals.sentence_signals`): its model
    probabilities, the number and binding rules' findings, and what of it no source holds; and
    the number rule's finding, found once here for ``decide`` and ``judge``."""
    if setup.config.judge.scorer_mode == "llm":
        return
    for request, claims in batch.by_request(batch.open):
        folded = " ".join(request.sources).lower() if request.sources is not None else ""
        for claim in claims:
            claim.signals, claim.finding = sentence_signals(
                claim.reading,
                claim.text,
                [p.text for p in claim.premises],
                claim.premises[-1].joint,
                claim.probabilities,
                claim.sources,
                folded,
                claim.fuses,
            )


def decide(batch: Batch, setup: CheckSetup) -> None:
    """The model's verdict on each scored claim (:func:`validator.pipeline.results.by_model`)."""
    if setup.config.judge.scorer_mode == "llm":
        return
    for claim in batch.open:
        claim.result = results.by_model(claim, setup.thresholds, setup.decision)


def judge(batch: Batch, setup: CheckSetup) -> None:
    """The judge's verdicts, asked for all at once: on every open claim (``scorer_mode="llm"``: the
    model decided nothing), or on those the model decided below the review threshold
    (``"cascade"``); the model's verdict stands on the rest. Its token use goes in ``batch.usage``."""
    if setup.judge is None or setup.config.judge.scorer_mode == "nli":
        return
    asked = [
        claim
        for claim in batch.claims
        if claim.result is None or (claim.result.method == "model" and claim.result.needs_review)
    ]
    if batch.usage is None:
        batch.usage = Usage()
    judgements = setup.judge.judge_many([(claim.evidence_text, claim.reading) for claim in asked], batch.usage)
    for claim, judgement in zip(asked, judgements, strict=True):
        claim.result = results.by_judge(claim, judgement, setup.thresholds)


def point(batch: Batch, setup: CheckSetup) -> None:
    """Mark the value a failed sentence turns on (:mod:`validator.repair`), on every path that
    failed it: where it is a sentence of its evidence with one value changed, that value and the
    evidence's; else the value a rule's note names ("number not in the evidence: Two"); else,
    for the number rule, a number no evidence writes; else the first value (a number or a name)
    the evidence sentence most like it lacks, whatever decided it (the model too). A supported
    sentence, or a quote's failure, is left as it is."""
    for claim in batch.claims:
        result = claim.result
        if result is None or result.verdict not in FAILABLE_VERDICTS or not result.evidence:
            continue
        text, offset = claim.span.text, claim.span.start
        if (found := correction(text, offset, result.evidence) or _rule_correction(claim, result)) is not None:
            claim.result = replace(result, value_start=found.start, value_end=found.end, correction=found.to_dict())
        elif place := (
            named_value(text, offset, result.note)
            or (result.method == "number_check" and unsourced_number(text, offset, result.evidence))
            or differing_value(text, offset, result.evidence)
        ):
            claim.result = replace(result, value_start=place[0], value_end=place[1])


def _rule_correction(claim: Claim, result: SentenceResult) -> Correction | None:
    """The number rule's repair of a failed sentence (:func:`validator.repair.rule_correction`),
    where the rule fails one of its values and names the one value the evidence gives instead,
    whoever decided the sentence (a repair applies it only if the repaired sentence passes)."""
    finding = claim.finding
    if finding is None or finding.rival is None:
        return None
    return rule_correction(claim.span.text, claim.span.start, finding.rival, [result.evidence or "", *claim.passages])


STAGES: tuple[Callable[[Batch, CheckSetup], None], ...] = (
    split,
    read,
    fetch,
    settle,
    reread,
    retrieve,
    score,
    weigh,
    decide,
    judge,
    point,
)
"""What :meth:`ProvenanceChecker.check_batch` runs, in order."""
