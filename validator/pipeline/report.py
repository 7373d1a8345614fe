"""What comes out of a check: :class:`CheckReport`, every sentence's result in order, and
:class:`ReportJSON`, the same as JSON (rendered as HTML by :mod:`validator.html_report`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from validator.context import read_in_context
from validator.text import LEANS_BACK, fold_typography, stem, without_invisible, without_list_marker
from validator.verdicts import DEFAULT_POLICY, FailPolicy, SentenceResult

Replacement = tuple[int, int, str]
"""A span of the checked text and what a fix writes in its place."""
_WORD = re.compile(r"\w+")


class _ReportJSON(TypedDict):
    passed: bool
    sentences: list[dict[str, Any]]
    """Each :meth:`SentenceResult.to_dict`, in order."""


class ReportJSON(_ReportJSON, total=False):
    """A checked answer as JSON: what ``check --json`` prints, ``check-batch`` writes per item
    (with its ``id``, or an ``error`` instead of verdicts), a Guard result's
    ``metadata["provenance_nli"]`` holds, and the HTML reports read."""

    llm: dict[str, Any]
    id: Any
    error: str
    flagged: list[int]


@dataclass(frozen=True)
class CheckReport:
    """Verdicts for every sentence of ``text``, in order."""

    text: str
    sentences: list[SentenceResult] = field(default_factory=list)
    llm: dict[str, Any] | None = None
    """With an LLM judge: how many sentences it judged, of how many, and its token use."""
    settings: dict[str, Any] = field(default_factory=dict)
    """What decided the verdicts (model, thresholds, top-k, retrieval, scorer): see
    :meth:`ProvenanceChecker.settings`."""

    def failing(self, policy: FailPolicy) -> list[SentenceResult]:
        """The sentences that fail under ``policy`` (:class:`~validator.verdicts.FailPolicy`)."""
        return [s for s in self.sentences if policy.fails(s.verdict, s.needs_review, s.method, s.certainty)]

    def flagged(self, policy: FailPolicy) -> list[SentenceResult]:
        """Failing verdicts ``policy`` keeps because they are unsure (``uncertain="flag"``)."""
        return [s for s in self.sentences if policy.flags(s.verdict, s.needs_review, s.method)]

    def to_json(self, policy: FailPolicy) -> ReportJSON:
        """Whether the answer passes a check under ``policy``, every sentence's result, and with
        ``uncertain="flag"`` the indices of the failing sentences kept as unsure (``flagged``)."""
        result = ReportJSON(passed=not self.failing(policy), sentences=[s.to_dict() for s in self.sentences])
        if policy.uncertain == "flag":
            flagged = self.flagged(policy)
            result["flagged"] = [i for i, s in enumerate(self.sentences) if s in flagged]
        if self.llm is not None:
            result["llm"] = self.llm
        return result

    def to_html(self, policy: FailPolicy = DEFAULT_POLICY, source_names: Sequence[str] | None = None) -> str:
        """A self-contained HTML page of these verdicts (see :mod:`validator.html_report`), to show a
        reviewer or to store beside a flagged answer. ``source_names`` label the sources by index."""
        from validator.html_report import render_check

        return render_check(
            self.text,
            [s.to_dict() for s in self.sentences],
            policy=policy,
            settings=self.settings,
            source_names=source_names,
            llm=self.llm,
        )

    def with_dependants(
        self, removed: Sequence[SentenceResult], before: tuple[Sequence[str], Sequence[str]] = ((), ())
    ) -> tuple[list[SentenceResult], list[Replacement]]:
        """What else a cut of ``removed`` must change so that no kept sentence says what the answer
        did not: cutting "The Empire State Building is in Paris." re-points the "It" of the kept
        "It was completed in 1931." at the sentence before. Each sentence is read in context
        (:func:`~validator.context.read_in_context`) in the whole text and among those kept; one
        whose reading moves is written as it was read and checked where that reading names what
        its pronoun stood for ("The Empire State Building was completed in 1931."), and cut with
        them where it only leaned on the sentence before. Returns the cut sentences (``removed``
        first) and the rewritten ones as (start, end, text), until no reading moves.

        ``before``: for a piece of a stream, the sentences this text was read after, and those of
        them that were output (the rest were cut): "It was completed in 1931." read after "The
        Empire State Building is in Paris." reads otherwise after the output "The Eiffel Tower is
        in Paris." alone."""
        cut, written = list(removed), {}
        read, output = ([_as_read(s) for s in sentences] for sentences in before)
        if not cut and read == output:
            return cut, []
        texts = [_as_read(s.sentence) for s in self.sentences]
        as_read = read_in_context([*read, *texts])[len(read) :]
        words = functools.cache(lambda i: _stems(texts[i]))  # each sentence's words, read once
        named_in_output = _stems(" ".join(output))
        while True:
            cut_ids = {id(c) for c in cut}
            kept = [i for i, s in enumerate(self.sentences) if id(s) not in cut_ids]
            now = read_in_context([*output, *(written.get(i, texts[i]) for i in kept)])[len(output) :]
            moved = [i for i, reading in zip(kept, now, strict=True) if reading != as_read[i]]
            orphaned = _orphaned(kept, texts, words, named_in_output)
            cut += [self.sentences[i] for i in orphaned if i not in moved]
            if not moved and not orphaned:
                break
            for i in moved:
                if i in written or as_read[i].endswith(texts[i]):  # leaned on the sentence before it
                    cut.append(self.sentences[i])
                else:
                    written[i] = as_read[i]
        return cut, [(self._after_marker(i), self.sentences[i].end, text) for i, text in written.items()]

    def _after_marker(self, i: int) -> int:
        """Where sentence ``i``'s words start, after a list item's marker ("2. "), which a rewrite keeps."""
        sentence = self.sentences[i]
        return sentence.start + len(sentence.sentence) - len(without_list_marker(sentence.sentence))

    def without(self, removed: Sequence[SentenceResult], replaced: Sequence[Replacement] = ()) -> str:
        """``text`` with ``removed`` sentences cut out and everything else byte for byte, but for
        ``replaced``: (start, end, new text) spans of kept sentences (a repaired value).

        Each cut takes the whitespace that followed the sentence (or, for sentences after the
        last one kept, the whitespace before them), so no double or trailing spaces are left. What
        is kept loses its invisible characters (:func:`~validator.text.without_invisible`): a fix
        never writes a character no reader sees.
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
        for start, end, new in sorted([(start, end, "") for start, end in cuts] + list(replaced)):
            kept += [self.text[position : max(start, position)], new]
            position = max(position, end)
        kept.append(self.text[position:])
        return without_invisible("".join(kept))


def _stems(text: str) -> set[str]:
    """The Porter stems of ``text``'s words, lower-cased."""
    return {stem(word) for word in _WORD.findall(text.lower())}


def _orphaned(
    kept: Sequence[int], texts: Sequence[str], words: Callable[[int], set[str]], named_in_output: set[str]
) -> list[int]:
    """Kept sentences that lean on a cut one without a pronoun (:data:`~validator.text.LEANS_BACK`):
    the sentence before them is cut, and they say "there", "then" or "here", or open with
    "the"/"this" and common nouns that the cut sentence named and no text kept before them names
    ("The tower is 330 metres tall." after "The Eiffel Tower was completed in 1925."). Read where
    it pointed, such a sentence is true; left after the cut it speaks of whatever the text before
    it names, so it is cut with it. A definite subject the cut sentence did not name ("The bridge
    carries 4,200 cars a day.") stands alone and is kept: a correct sentence is never cut for its
    neighbour's fault. ``words(i)`` gives sentence ``i``'s stems; what the kept text names so far
    grows as the sentences are walked, so each sentence is read once."""
    orphaned, named_before = [], set(named_in_output)
    for place, i in enumerate(kept):
        follows_a_cut = i > 0 and not (place and kept[place - 1] == i - 1)
        if follows_a_cut and (match := LEANS_BACK.match(texts[i])) is not None:
            head = match.group("head")  # None: "there", "then", "here"
            heads = {stem(word) for word in head.lower().split()} if head else set()
            if head is None or (heads & words(i - 1) and not heads & named_before):
                orphaned.append(i)
        named_before |= words(i)
    return orphaned


def _as_read(sentence: str) -> str:
    """A sentence as :func:`~validator.context.read_in_context` compares it: its typography folded,
    a list item's marker left out."""
    return without_list_marker(fold_typography(sentence))
