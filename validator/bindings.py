"""The binding rule: a premise of several sentences vouches for a claim only where the sentences it
draws on are about the same thing.

The number rule's sibling (:mod:`validator.numbers`). A small NLI model reads a premise of two
sentences as one text, so "Darwin wrote On the Origin of Species. Melville wrote Moby-Dick."
entails "Darwin wrote Moby-Dick." for it: the subject of one sentence and the object of the other
are both there. The joint premise (the top-k passages joined) and every chunk of two sentences are
such premises. This rule settles one thing, and leaves the rest to the model:

- **settled**: a claim whose words the premise holds only by drawing on sentences that nothing
  links (no name in common, and neither leans on the other as "It…", "This…" or a subject with
  no name, "The tower…", do, read in context with :mod:`validator.context`) is not vouched for
  by that premise: a name of the claim found only in one of them, with the rest of the claim in
  another. "Paracetamol shrinks some tumours." draws "paracetamol" from "Paracetamol is sold in
  pharmacies." and "shrinks … tumours" from "Radiotherapy shrinks some tumours.".
- **left to the model**: everything else. A claim that one sentence holds, or that sentences
  linked by a name or a pronoun hold together ("The Eiffel Tower, in Paris, was completed in
  1889." from "The Eiffel Tower is in Paris. It was completed in 1889."), and words that are not
  names borrowed from an unlinked sentence, which real summaries do all the time (on XSum a test
  on content words too failed 3 of 26 faithful summaries), are the model's to judge; so are
  roles inside one sentence, which the model reads as a whole.

A premise that cannot vouch is not a verdict: the sentence is decided on its other premises (a
single passage may still entail it), else it is ``unsupported`` with method ``binding_check``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from validator.context import read_in_context, subject_of
from validator.numbers import STOPWORDS, _stem
from validator.splitting import split_source_sentences

FUSED_NOTE = "supported only by joining sentences of the evidence that are about different things"
_TOKEN = re.compile(r"[A-Za-z][A-Za-z'\u2019-]*")


def _terms(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The names (capitalized words that are not stopwords) and all the content words of ``text``,
    stemmed and case-folded; a hyphenated name counts by its parts ("Moby-Dick")."""
    names, words = set(), set()
    for token in _TOKEN.findall(text):
        for part in re.split(r"[-'\u2019]", token):
            folded = part.lower()
            if len(folded) < 2 or folded in STOPWORDS:
                continue
            stem = _stem(folded)
            words.add(stem)
            if part[:1].isupper():
                names.add(stem)
    return frozenset(names), frozenset(words)


@lru_cache(maxsize=2048)
def _sentences(premise: str) -> tuple[tuple[frozenset[str], frozenset[str], bool], ...]:
    """Each sentence of ``premise`` read in context: its names, its words, and whether it leans on
    the sentence before: its reading is not its own words ("It was…"), or it names nothing of its
    own to be about ("The tower is 330 metres tall.", "The drug is banned in Japan.": a subject
    without a name is the thing the text is already about)."""
    texts = [span.text for span in split_source_sentences(premise)]
    readings = read_in_context(texts)
    out = []
    for text, reading in zip(texts, readings, strict=True):
        names, words = _terms(reading)
        subject = subject_of(text)
        nameless = not names or (subject is not None and not _terms(subject)[0])
        out.append((names, words, reading != text or nameless))
    return tuple(out)


def _groups(sentences: tuple[tuple[frozenset[str], frozenset[str], bool], ...]) -> list[set[int]]:
    """The premise's sentences in linked groups: two are linked by a name in common, or when one
    leans on the one before it."""
    parent = list(range(len(sentences)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, (names, _, leans) in enumerate(sentences):
        if leans and i:
            parent[root(i)] = root(i - 1)
        for j in range(i):
            if names & sentences[j][0]:
                parent[root(i)] = root(j)
    groups: dict[int, set[int]] = {}
    for i in range(len(sentences)):
        groups.setdefault(root(i), set()).add(i)
    return list(groups.values())


def fused(claim: str, premise: str) -> bool:
    """Whether ``premise`` holds the words of ``claim`` (read in context) only by fusing sentences
    that nothing links (see the module docstring): then it cannot vouch for the claim."""
    sentences = _sentences(premise)
    if len(sentences) < 2:
        return False
    names, words = _terms(claim)
    groups = _groups(sentences)
    if len(groups) < 2:
        return False

    def covered(group: set[int]) -> frozenset[str]:
        return words & frozenset().union(*(sentences[i][1] for i in group))

    best = max(groups, key=lambda group: len(covered(group)))
    held_elsewhere = frozenset().union(*(covered(group) for group in groups if group is not best)) - covered(best)
    return bool(held_elsewhere & names)
