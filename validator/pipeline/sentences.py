"""A sentence that no deterministic check decided, on its way to the model or the judge."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from validator.retrieval import Evidence
from validator.splitting import Span, split_source_sentences


@dataclass(frozen=True)
class OpenSentence:
    """An open sentence: its span in the checked text, how it reads in context (what is scored),
    the premises it is scored against (the top-k passages, then their joint premise; scoring
    drops the joint premise where a passage already settles the sentence), and the sources."""

    span: Span
    reading: str
    premises: list[Evidence]
    sources: Sequence[str] | None = None
    """The whole texts the passages were retrieved from (None for an app's ``query_function``):
    where the number rule looks, before a veto, for a value retrieval did not bring."""

    @property
    def passages(self) -> list[str]:
        """The retrieved passages themselves (the joint premise only repeats them)."""
        return [p.text for p in self.premises if not p.joint]

    @property
    def evidence_text(self) -> str:
        """What the judge reads: the joint premise when there is one, else the passage."""
        return next((p.text for p in self.premises if p.joint), self.premises[0].text)


def reading_of(span: Span, reading: str) -> str | None:
    """The sentence as it was read in context, when that differs from its own words."""
    return reading if reading and reading != span.text else None


def sources_of(premises: Sequence[Evidence]) -> list[int]:
    """Every source the passages came from, in order."""
    return sorted({p.source_index for p in premises if p.source_index is not None and not p.joint})


def joint_premise(evidence: list[Evidence]) -> Evidence | None:
    """The top-k passages joined in source order, for claims that combine them; a sentence
    shared by overlapping chunks appears once. Its ``source_index`` is None when the
    passages come from several sources."""
    if len(evidence) < 2:
        return None
    sentences: dict[str, None] = {}
    for passage in sorted(evidence, key=lambda e: (e.source_index is None, e.source_index or 0, e.start or 0)):
        sentences.update(dict.fromkeys(span.text for span in split_source_sentences(passage.text)))
    sources = {e.source_index for e in evidence}
    return Evidence(" ".join(sentences), sources.pop() if len(sources) == 1 else None, joint=True)
