"""The stages of a check, each a plain function over one request's sentences or a batch of them:

    split → settle → retrieve → score → decide → judge

``split`` cuts the text into sentences and reads each in context; ``settle`` and ``retrieve``
(:mod:`validator.pipeline.evidence`) decide what the sources decide alone and find passages for
the rest; ``open_sentences`` turns what is left into :class:`OpenSentence` values; ``score``
runs the NLI model over a batch's (premise, sentence) pairs (the passages, then the joint
premises a verdict may still need); ``decide`` applies the
verdict and number rules (:func:`validator.pipeline.results.by_model`); ``judge`` asks the LLM
judge about the sentences its mode leaves to it. A decided sentence becomes its final
:class:`~validator.verdicts.SentenceResult` in the stage that decides it; only open sentences
travel on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

import numpy as np

from validator.context import read_in_context
from validator.errors import TextTooLong
from validator.judge import LLMJudge, Usage
from validator.language import is_english
from validator.numbers import spelled_like
from validator.pipeline import results
from validator.pipeline.evidence import Found
from validator.pipeline.request import CheckRequest
from validator.pipeline.sentences import OpenSentence, joint_premise
from validator.scoring import ENTAILMENT, PairScorer
from validator.splitting import Span, split_sentences
from validator.verdicts import SentenceResult, Thresholds

ValidationMethod = Literal["sentence", "full"]
VALIDATION_METHODS: tuple[str, ...] = ("sentence", "full")
TOO_LONG = "sentence too long for the NLI model input; not checked"
NO_EVIDENCE = "no evidence retrieved for this sentence"
NOT_ENGLISH = (
    "not checked: the sentence or its evidence is not English, and the bundled model reads English only; "
    "pass a multilingual NLI model as model_name to check it"
)


def check_size(request: CheckRequest, max_text_chars: int, max_source_chars: int) -> None:
    """Refuse a text, or a source set in all, over its limit: it is not checked at all.

    Raises:
        TextTooLong: Naming the limit and what to do instead.
    """
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


def split(text: str, validation_method: ValidationMethod) -> list[Span]:
    """The sentences of ``text`` (``"sentence"``), or the whole stripped text as one (``"full"``)."""
    if validation_method == "sentence":
        return split_sentences(text)
    stripped = text.strip()
    start = text.find(stripped)
    return [Span(stripped, start, start + len(stripped))] if stripped else []


def read(spans: Sequence[Span], scorer: PairScorer) -> tuple[list[str], list[bool]]:
    """How each sentence reads in context (:func:`validator.context.read_in_context`; its own
    words where the reading would not fit the model input), and whether its own words fit."""
    texts = [span.text for span in spans]
    contexts = read_in_context(texts)
    fits = scorer.hypothesis_fits(texts)
    leaning = [i for i, (context, text) in enumerate(zip(contexts, texts, strict=True)) if context != text]
    for i, fit in zip(leaning, scorer.hypothesis_fits([contexts[i] for i in leaning]), strict=True):
        if not fit:
            contexts[i] = texts[i]
    return contexts, fits


def open_sentences(
    spans: Sequence[Span],
    readings: Sequence[str],
    fits: Sequence[bool],
    found: Sequence[Found],
    joint: bool,
    sources: Sequence[str] | None,
    english_only: bool = False,
) -> list[SentenceResult | OpenSentence]:
    """Each sentence as its final result, or open with its premises (the passages and, with
    ``joint``, their joint premise) and the request's ``sources``. Nothing retrieved, a sentence
    too long for the model input, or (``english_only``: the bundled model) a sentence that is not
    English or whose passages are none of them English (:mod:`validator.language`), is
    ``unsupported`` with no model asked."""
    out: list[SentenceResult | OpenSentence] = []
    for span, reading, fit, outcome in zip(spans, readings, fits, found, strict=True):
        if isinstance(outcome, SentenceResult):
            out.append(outcome)
        elif not outcome:
            out.append(results.unchecked(span, reading, NO_EVIDENCE))
        elif not fit:
            out.append(results.unchecked(span, span.text, TOO_LONG))
        elif english_only and not (is_english(span.text) and any(is_english(e.text) for e in outcome)):
            out.append(results.unchecked(span, reading, NOT_ENGLISH))
        else:
            premise = joint_premise(outcome) if joint else None
            out.append(OpenSentence(span, reading, outcome + ([premise] if premise else []), sources))
    return out


def score(
    scorer: PairScorer, sentences: Sequence[OpenSentence], thresholds: Thresholds
) -> tuple[list[OpenSentence], list[np.ndarray]]:
    """Each sentence's ``(n_premises, 3)`` probabilities, in two batched calls for them all: first
    every sentence's passages, then the joint premise of each sentence that no passage supports
    with an entailment of at least the entailment and the review thresholds.

    For the others the joint premise can change neither the verdict (support by one passage is
    enough) nor the review flag (the verdict's confidence is already above it), only which of two
    entailing premises is shown, and it is the longest input, as long as the passages together.
    Returns the sentences with the premises that were scored (the joint premise
    dropped where it was not) beside their probabilities. Numbers are spelled as the premise
    spells them: "1.5 million" reads as "1,500,000" beside it."""
    alone = [replace(s, premises=[p for p in s.premises if not p.joint]) for s in sentences]
    first = _probabilities(scorer, alone)
    sure = max(thresholds.entailment, thresholds.review)
    unsure = [
        i
        for i, (sentence, probabilities) in enumerate(zip(sentences, first, strict=True))
        if len(sentence.premises) > len(alone[i].premises) and probabilities[:, ENTAILMENT].max() < sure
    ]
    joints = _probabilities(scorer, [replace(s, premises=s.premises[-1:]) for s in (sentences[i] for i in unsure)])
    for i, joint in zip(unsure, joints, strict=True):
        alone[i], first[i] = sentences[i], np.vstack([first[i], joint])
    return alone, first


def _probabilities(scorer: PairScorer, sentences: Sequence[OpenSentence]) -> list[np.ndarray]:
    pairs = [(p.text, spelled_like(s.reading, p.text)) for s in sentences for p in s.premises]
    probabilities = scorer.score(pairs)
    return list(np.split(probabilities, np.cumsum([len(s.premises) for s in sentences])[:-1])) if sentences else []


def decide(
    sentences: Sequence[OpenSentence], probabilities: Sequence[np.ndarray], thresholds: Thresholds
) -> list[SentenceResult]:
    """The model's verdict on each open sentence (:func:`validator.pipeline.results.by_model`)."""
    return [results.by_model(s, p, thresholds) for s, p in zip(sentences, probabilities, strict=True)]


def judge(
    sentences: Sequence[OpenSentence],
    decided: Sequence[SentenceResult] | None,
    llm_judge: LLMJudge,
    thresholds: Thresholds,
) -> tuple[list[SentenceResult], Usage]:
    """The judge's verdicts, asked for all at once: on every open sentence (``llm`` mode, where
    the model decided nothing: ``decided`` is None), or on those the model decided below the
    review threshold (``cascade``); the model's verdict stands on the rest. Also its token use."""
    asked = (
        range(len(sentences))
        if decided is None
        else [i for i, result in enumerate(decided) if result.method == "model" and result.needs_review]
    )
    usage = Usage()
    items = [(sentences[i].evidence_text, sentences[i].reading) for i in asked]
    judgements = dict(zip(asked, llm_judge.judge_many(items, usage), strict=True))
    return [
        results.by_judge(sentence, judgements[i], thresholds) if i in judgements else decided[i]  # type: ignore[index]
        for i, sentence in enumerate(sentences)
    ], usage
