"""What each check says about a sentence, as numbers: what a learned decision would weigh.

The model's probabilities, the number rule, the binding rule and plain word counts each tell
something about whether a sentence rests on its sources, and none is right alone. Every scored
sentence's result carries them (``signals``), so a user sees more than the verdict, and
``make decision`` (:mod:`training.decision`) fits a decision over them and measures it leave one
domain out. That decision did not beat the rules on the sets we have (the model card), so it is
not shipped: the verdict is still the model's, then the number and binding rules.

Each signal is a float, named in :data:`SIGNALS`:

- ``entailment``, ``contradiction``: the strongest of each over the retrieved passages alone;
- ``joint_entailment``, ``joint_contradiction``: the joint premise's (the passages' where it was
  not scored: the score stage scores it only for a sentence no passage supports surely);
- ``number_misplaced``: the evidence gives the sentence's number to something else (1 or 0);
- ``number_rival``: the number is in no evidence, and the evidence has another value in its role;
- ``number_absent``: the number is in no evidence, and nothing else stands in its role;
- ``number_retrieval_gap``: the passages lack the number but the whole sources give it;
- ``value_changed``: the sentence is a sentence of a passage with one number changed, and the
  number rule finds that number wrong ("…climbed Everest in 1975." against "…in 1953.");
- ``fused``: every premise that entails the sentence (probability at least 0.5; there is one)
  holds it only by joining unlinked sentences (:func:`validator.rules.bindings.fused`);
- ``unseen_names``: the share of the sentence's names that no source contains;
- ``unseen_words``: the share of its content words that no retrieved passage contains;
- ``has_numbers``: whether it states a number at all;
- ``length``: log(1 + its words).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence

import numpy as np

from validator.labels import CONTRADICTION, ENTAILMENT
from validator.repair import correction
from validator.rules.bindings import terms
from validator.rules.numbers import NumberFinding, check_numbers, claim_text, find_numbers

SIGNALS: tuple[str, ...] = (
    "entailment",
    "contradiction",
    "joint_entailment",
    "joint_contradiction",
    "number_misplaced",
    "number_rival",
    "number_absent",
    "number_retrieval_gap",
    "value_changed",
    "fused",
    "unseen_names",
    "unseen_words",
    "has_numbers",
    "length",
)
PROBABILITIES = frozenset({"entailment", "contradiction", "joint_entailment", "joint_contradiction"})
"""The signals that are model probabilities (the decision reads them on the logit scale)."""

ENTAILING = 0.5
"""A premise entails the sentence for the binding signal where entailment is the likelier reading."""
_WORD = re.compile(r"\w+")


def number_signals(
    reading: str, own: str, passages: Sequence[str], sources: Sequence[str] | None
) -> tuple[dict[str, float], NumberFinding | None]:
    """The number rule's findings as signals, and its finding over the passages and the whole
    sources together (what the rule said when it was a veto; its note explains a failure)."""
    local = check_numbers(reading, passages, own=own)
    whole = local if local is None or not sources else check_numbers(reading, sources, own=own)
    finding = None if whole is None else local
    misplaced = finding is not None and finding.kind == "number_misplaced"
    return {
        "number_misplaced": float(misplaced),
        "number_rival": float(finding is not None and not misplaced and finding.verdict == "contradicted"),
        "number_absent": float(finding is not None and finding.verdict == "unsupported"),
        "number_retrieval_gap": float(local is not None and whole is None),
    }, finding


def _number_changed(sentence: str, passage: str) -> bool:
    """Whether ``sentence`` is a sentence of ``passage`` with one number changed
    (:func:`validator.repair.correction`)."""
    found = correction(sentence, 0, passage)
    return found is not None and any(c.isdigit() for c in found.old)


def unseen_names(sentence: str, passage_words: frozenset[str], folded_sources: str) -> float:
    """The share of the sentence's names (capitalised words, stemmed) that neither a passage nor
    any source contains: a name the answer brought in from nowhere."""
    names = terms(sentence)[0]
    if not names:
        return 0.0
    return sum(name not in passage_words and name not in folded_sources for name in names) / len(names)


def sentence_signals(
    reading: str,
    own: str,
    premises: Sequence[str],
    joint: bool,
    probabilities: np.ndarray,
    sources: Sequence[str] | None,
    folded_sources: str,
    fuses: Callable[[int], bool],
) -> tuple[dict[str, float], NumberFinding | None]:
    """Every signal of one scored sentence (see the module docstring), and the number rule's
    finding. ``premises`` are the scored premises' texts in order, the joint premise last where
    ``joint``; ``folded_sources`` is the request's sources in lower case (the passages where the
    app retrieves); ``fuses(i)`` is the binding rule's finding for premise ``i``
    (:meth:`~validator.pipeline.claims.Claim.fuses`, kept for ``decide``)."""
    alone = probabilities[:-1] if joint else probabilities
    passages = list(premises[:-1] if joint else premises)
    last = probabilities[-1]
    entailing = [i for i, row in enumerate(probabilities) if row[ENTAILMENT] >= ENTAILING]
    numbers, finding = number_signals(reading, own, passages, sources)
    passage_words = frozenset().union(*(terms(p)[1] for p in passages))
    words = terms(reading)[1]
    signals = {
        "entailment": float(alone[:, ENTAILMENT].max()),
        "contradiction": float(alone[:, CONTRADICTION].max()),
        "joint_entailment": float(last[ENTAILMENT] if joint else alone[:, ENTAILMENT].max()),
        "joint_contradiction": float(last[CONTRADICTION] if joint else alone[:, CONTRADICTION].max()),
        **numbers,
        "value_changed": float(
            finding is not None
            and finding.verdict == "contradicted"
            and any(_number_changed(own, passage) for passage in passages)
        ),
        "fused": float(bool(entailing) and all(fuses(i) for i in entailing)),
        "unseen_names": unseen_names(own, passage_words, folded_sources),
        "unseen_words": (len(words - passage_words) / len(words)) if words else 0.0,
        "has_numbers": float(bool(find_numbers(claim_text(own)))),
        "length": math.log1p(len(_WORD.findall(own))),
    }
    return signals, finding


def as_row(signals: Mapping[str, float]) -> list[float]:
    """The signals in :data:`SIGNALS` order."""
    return [float(signals[name]) for name in SIGNALS]
