"""A value moved from one subject to another: the claim is a source sentence with one name, or
one subject, exchanged for another that the same sources write about.

"Bob scored 3 goals." against "Alice scored 3 goals. Bob scored twice.", "Tom, 57, was arrested."
when Jane is 57, "The patient takes warfarin." when her husband does: the claim repeats a
sentence of the source word for word except whom it is about, and an NLI model reads the
overlap as support. Two shapes are certain enough to decide without it (``docs/verdicts.md``,
the *settle* stage), both on the words left once articles and possessives are set aside, which
must be the source sentence's, in order, but at one place:

- **a name for a name**: the claim has a capitalised word where the sentence has another, and
  the sources write the claim's word elsewhere, capitalised (a person, place, day or thing they
  name). Two words the sources ever write side by side in one name ("President Obama", "Gordon
  Brown") are the same one, so a surname for a title is no swap.
- **a subject for a subject**: the claim's first word is another noun than the sentence's, and
  another source sentence opens on the claim's word and shares the claim's verb or object ("The
  patient takes metformin daily." beside "Her husband takes warfarin."): two subjects of one
  kind of statement, and the claim gives the value of one to the other. Without such a sentence
  two common nouns may be one thing ("the company", "the startup") and the model decides.

Numbers are the number rule's (:mod:`validator.rules.numbers`), so a word with a digit is never the
exchanged one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from validator.context import leans_back
from validator.text import NEGATIONS, STOPWORDS, stem

_WORD = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)*|\w+", re.UNICODE)
_SET_ASIDE = frozenset(
    {"the", "a", "an", "his", "her", "its", "their", "our", "my", "your", "this", "that", "these", "those"}
)
"""Words that name no one: "the patient" and "her husband" differ in the noun, not in these."""
MIN_WORDS = 3
"""A claim shorter than this (once articles are set aside) is too short to be a minimal pair."""
_NAME_RUN = re.compile(r"\b[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)+")


def _words(sentence: str) -> list[str]:
    return [w for w in _WORD.findall(sentence) if w.lower() not in _SET_ASIDE]


def moved(claim: str, sentence: str, source_sentences: Sequence[str]) -> bool:
    """Whether ``claim`` is ``sentence`` with its name or subject exchanged for another of
    ``source_sentences`` (all the sentences of the sources), as the module docstring defines."""
    ours, theirs = _words(claim), _words(sentence)
    if len(ours) != len(theirs) or len(ours) < MIN_WORDS:
        return False
    differing = [i for i, (x, y) in enumerate(zip(ours, theirs, strict=True)) if x.lower() != y.lower()]
    if len(differing) != 1:
        return False
    at = differing[0]
    x, y = ours[at], theirs[at]
    if _is_value(x) or _is_value(y) or stem(x.lower()) == stem(y.lower()):
        return False
    if x.lower() in NEGATIONS or y.lower() in NEGATIONS:
        return False  # a negation is the opposites module's
    if x.lower() in _STANDS_FOR or y.lower() in _STANDS_FOR:
        return False  # a pronoun stands for a name, unknown here ("He has recorded…" for "McIlroy has…")
    others = [w.lower() for i, w in enumerate(ours) if i != at and w.lower() not in STOPWORDS]
    if not others:
        return False
    if x[0].isupper() and y[0].isupper() and _named(x, source_sentences):
        return not _one_name(x, y, source_sentences)
    return at == 0 and _same_statement(x, others, source_sentences)


_CLAUSE_BREAK = re.compile(r"(?<!\s)\s*+;\s++|,\s++(?:and|but|while|whereas)\s++", re.I)
"""Where a sentence joins two clauses: a semicolon, or a comma and a conjunction. Each run of
spaces is taken whole, from its start: tried within a run, it cost time in the square of its length."""


@lru_cache(maxsize=4096)
def clauses(sentence: str) -> tuple[str, ...]:
    """The clauses of ``sentence`` that say the same kind of thing of two subjects ("The Louvre is
    in Paris" and "the Prado is in Madrid" of "The Louvre is in Paris, and the Prado is in
    Madrid."), each a statement :func:`moved` may compare a claim with, as a sentence. Only where
    the two sides of a break share a word (other than an article): "Alice, Bob, and Carol founded
    the firm" lists three founders, and "Carol founded the firm" is not its clause. Each clause's
    coordinated or relative verb phrases are said of its subject too (:func:`said_of_subject`)."""
    parts = _CLAUSE_BREAK.split(sentence)
    words = [{w.lower() for w in _words(part)} for part in parts]
    paired = [
        part.strip() for i, part in enumerate(parts) if any(words[i] & words[j] for j in range(len(parts)) if j != i)
    ]
    return tuple(dict.fromkeys([*paired, *(said for part in parts for said in said_of_subject(part.strip()))]))


_AUXILIARY = r"(?:is|are|was|were|has|have|had|will|would|can|could|may|might|remains|remained|became|becomes)"
_VERB = rf"(?:{_AUXILIARY}|[a-z]{{3,}}(?:ed|s))"
_SHARED_SUBJECT = re.compile(
    rf"^(?P<subject>(?:\S+\s+){{0,5}}?\S+?)\s+(?P<first>{_VERB}\b.+?)(?<!\s)\s++and\s++(?P<second>{_VERB}\b.+)$"
)
"""Two verb phrases of one subject joined by "and": "The Alder bridge opened in 1920 and is 120
metres long"."""
_RELATIVE = re.compile(r"^(?P<subject>[^,]{1,80}?),\s++(?:which|who)\s++(?P<first>[^,]++),\s++(?P<second>[^,].*)$")
"""A subject, a relative clause set off by commas, then its verb phrase: "The Hollis bridge, which
opened in 1907, is 107 metres long"."""


def said_of_subject(clause: str) -> tuple[str, ...]:
    """Each thing ``clause`` says of its subject, said as a sentence of its own: "The Alder bridge
    opened in 1920 and is 120 metres long" says "The Alder bridge opened in 1920" and "The Alder
    bridge is 120 metres long"; "The Hollis bridge, which opened in 1907, is 107 metres long"
    says "The Hollis bridge opened in 1907" and "The Hollis bridge is 107 metres long". A value in
    either belongs to that subject, as it does after a pronoun."""
    text = clause.rstrip(" .;!?")
    for pattern in (_RELATIVE, _SHARED_SUBJECT):
        if match := pattern.match(text):
            return (f"{match['subject']} {match['first']}", f"{match['subject']} {match['second']}")
    return ()


_STANDS_FOR = frozenset({"it", "them", "they", "he", "she", "him", "her", "its", "their", "his", "so"})
"""Pronouns: a clause that holds one may say of its subject what another clause says ("Paris hosts
the fair, and Lyon hosts it too")."""


def moved_from(claim: str, readings: Sequence[str], source_sentences: Sequence[str]) -> str | None:
    """The source sentence or clause that ``claim`` is with its name or subject exchanged
    (:func:`moved`), of ``readings``, the sources' sentences as they read in context (one that
    still leans on something before it is about nothing known, and is skipped); None where there
    is none, or where a sentence or clause of the sources states ``claim`` itself. A clause is not
    moved from where another clause of its sentence holds the claim's exchanged word and a pronoun:
    "Paris hosts the fair, and Lyon hosts it too" does not move "Lyon hosts the fair" from Paris."""
    known = [reading for reading in readings if not leans_back(reading)]
    split = {reading: clauses(reading) for reading in known}
    parts = [part for reading in known for part in split[reading]]
    mine = [w.lower() for w in _words(claim)]
    if any([w.lower() for w in _words(s)] == mine for s in (*known, *parts)):
        return None
    every = [*source_sentences, *parts]
    for reading in known:
        if moved(claim, reading, every):
            return reading
        for part in split[reading]:
            if moved(claim, part, every) and not _said_alike(claim, part, split[reading]):
                return part
    return None


def _said_alike(claim: str, part: str, parts: Sequence[str]) -> bool:
    """Whether another of ``parts`` holds the claim's word that ``part`` lacks, and a pronoun."""
    theirs = {w.lower() for w in _words(part)}
    exchanged = {w.lower() for w in _words(claim)} - theirs
    for other in parts:
        words = {w.lower() for w in _words(other)}
        if other != part and exchanged & words and _STANDS_FOR & words:
            return True
    return False


def _is_value(word: str) -> bool:
    return any(c.isdigit() for c in word)


def _named(word: str, source_sentences: Sequence[str]) -> bool:
    """Whether the sources write ``word`` as a name: capitalised other than as a sentence's first
    word (where any word is), or capitalised and never in lower case ("Tom was questioned.")."""
    written = re.compile(rf"\b{re.escape(word)}\b")
    lower = re.compile(rf"\b{re.escape(word.lower())}\b")
    places = [m.start() for s in source_sentences for m in written.finditer(s.strip())]
    return any(places) or (bool(places) and not any(lower.search(s) for s in source_sentences))


def _one_name(x: str, y: str, source_sentences: Sequence[str]) -> bool:
    """Whether the sources ever write ``x`` and ``y`` in one run of capitalised words."""
    return any({x, y} <= set(run.split()) for sentence in source_sentences for run in _NAME_RUN.findall(sentence))


def _same_statement(subject: str, others: Sequence[str], source_sentences: Sequence[str]) -> bool:
    """Whether a source sentence opens on ``subject`` and shares a content word of the claim's
    (its verb or object): the claim's subject is one the sources say the same kind of thing of."""
    wanted = {stem(w) for w in others}
    for sentence in source_sentences:
        words = [w.lower() for w in _words(sentence)]
        if words[:1] == [subject.lower()] and wanted & {stem(w) for w in words[1:] if w not in STOPWORDS}:
            return True
    return False
