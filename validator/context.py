"""Reading a sentence in context: the subject a pronoun stands for, or the sentence a back
reference ("This…") leans on.

Both sides use it: an answer's sentence is retrieved and scored as it reads in context, and
the number check reads a source's sentences the same way, so "It was completed in 1889." in a
source is about the same thing as the answer's "The Eiffel Tower was completed in 1889.".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from validator.splitting import split_source_sentences
from validator.text import STOPWORDS

_PERSONAL = re.compile(r"^(?P<pronoun>it|he|she|they|its|his|her|their)\b(?P<rest>.*)$", re.I | re.S)
_LEANS_BACK = re.compile(r"^(?:this|these|that|those|such|the latter|the former|both|neither)\b", re.I)
_BE = r"(?:is|was|'s|are|were|will be|would be|has been|had been|can be|could be|may be|might be|must be|should be)"
_DEGREE = (
    r"(?:(?:not|also|still|now|then|often|usually|generally|always|never|very|quite|really|highly|equally|so|too)\s+)*"
)
_EXTRAPOSING = (
    r"(?:safe|unsafe|important|necessary|unnecessary|possible|impossible|difficult|easy|hard|essential|advisable|"
    r"best|better|dangerous|illegal|legal|normal|usual|common|vital|crucial|wise|unwise|useful|helpful|fine|good|bad|"
    r"time|worth|recommended|advised|forbidden|prohibited|allowed|permitted|required|customary|rare|unusual|clear|"
    r"obvious|evident|true|false|likely|unlikely|certain|uncertain|unclear|known|said|believed|thought|reported|"
    r"estimated|expected|assumed|understood|shown|argued|claimed|feared|hoped|noted|agreed)"
)
_GAP = (
    r"(?:with|in|on|at|by|for|from|into|onto|about|after|before|during|without|under|over|alone|again|daily|"
    r"once|twice|here|there|now|safely|regularly|[.,;:!?]|$)"
)
"""What may follow "to <verb>" when the verb's object is the sentence's own "it" ("It is safe to
take with food": Dolorex is): a preposition, an adverb or the end, not an object of its own."""
_DUMMY_IT = re.compile(
    rf"^it\s+(?:"
    rf"{_BE}\s+{_DEGREE}{_EXTRAPOSING}\s+(?:that|whether|if|for\s+[^,.;]{{1,40}}?\s+to)\b"
    rf"|{_BE}\s+{_DEGREE}{_EXTRAPOSING}\s+to\s+[a-z]+\s+(?!{_GAP})"
    rf"|(?:{_BE}\s+)?(?:rain|snow|hail|drizzl|pour|thunder)(?:s|ed|ing)?\b"
    rf"|(?:seems|seemed|appears|appeared|turns out|turned out|happens|happened|follows|followed)"
    rf"\s+(?:that|as if|as though)\b"
    rf"|(?:takes|took|will take)\s+[^,.;]{{1,40}}?\s+to\s+[a-z]+"
    rf")",
    re.I,
)
"""An "it" that stands for nothing: a subject clause put after the verb ("It is safe to take
Dolorex with food.", "It is said that…", "It takes two hours to…"), or the weather ("It was
raining."). Such a sentence is read alone: it does not lean on the one before. Not where the
infinitive's object is the "it" itself ("It is safe to take with food.", "It is able to fly."):
a closed list of the adjectives and verbs that put a clause after "it" keeps "It is available to
adults." about the thing before."""
_SAYS = (
    "says|said|tells|told|adds|added|claims|claimed|believes|believed|thinks|insists|admits|warns|reports|writes|wrote"
)
"""Verbs that report what someone says or thinks: a subject never runs past one ("Her father says
she was driving" is about her father, not "Her father says she")."""
_SUBJECT = re.compile(
    r"^(?!(?:on|in|at|after|before|during|since|until|by|for|from|with|without|under|over|between|among|"
    r"when|while|as|if|although|because|once|unlike|despite|following)\s)"
    rf"(?P<subject>(?:(?!\b(?:{_SAYS})\b)[^,;:()]){{2,80}}?)\s+(?:is|was|are|were|has|had|have|will|would|can|could|lies|stands|"
    r"became|becomes|remains|contains|includes|consists|opened|closes|opens)\b",
    re.I,
)


_OPENING_NAME = re.compile(
    r"^(?P<subject>(?:The\s+[A-Z][\w'’.&-]*|[A-Z][\w'’.&-]*\s+(?:of\s+)?[A-Z][\w'’.&-]*)(?:\s+(?:of\s+)?[A-Z][\w'’.&-]*){0,4})"
    r"\s+(?=[a-z]+(?:ed|s)\b)"
    r"|^(?P<single>[A-Z][\w'’&-]*)\s+(?=[a-z]+ed\b)"
)
"""A name opening a sentence, then a word in lower case that reads as its verb: "Dr Mensah
joined…", "The Danube flows…", "Acme opened…" (one word: only before a past tense, since "Overall
sales…" is no name and its verb). The subject a pronoun in the next sentence stands for, where
:data:`_SUBJECT`'s verbs are not the sentence's."""


_NOT_A_NAME = STOPWORDS | {"since", "yet", "last", "next", "every", "many"}
"""First words of a capitalized run that name nothing: a stopword ("In March…") or a word that says
which time or how many ("Last Friday…", "Every Monday…"); "The" opens a name only before a
capitalized word ("The Danube")."""


def subject_or_name(sentence: str) -> str | None:
    """What the sentence is about, as a pronoun in the next sentence and the number rule's reading
    of a claim take it: its subject (:func:`subject_of`), else the name that opens it
    (:data:`_OPENING_NAME`)."""
    if own := _SUBJECT.match(sentence):
        return own.group("subject")
    if (named := _OPENING_NAME.match(sentence)) is None:
        return None
    subject = named.group("subject") or named.group("single")
    opening = subject.split()[0]
    if opening.lower() in _NOT_A_NAME and not (opening == "The" and named.group("subject")):
        return None
    return subject


def in_context(sentence: str, previous: str | None, previous_subject: str | None) -> tuple[str, str | None]:
    """How a sentence reads in context, and its own subject (for the next sentence:
    :func:`subject_or_name`).

    A sentence that opens with a personal pronoun gets the subject of the sentence before
    it in its place ("The Eiffel Tower is in Paris. It was completed in 1931." → "The Eiffel
    Tower was completed in 1931."); one that opens with another back reference ("This…")
    is read after the previous sentence. An "it" that stands for nothing (:data:`_DUMMY_IT`:
    "It is safe to…") is read alone.
    """
    own = subject_or_name(sentence)
    if previous is None:
        return sentence, own
    if _DUMMY_IT.match(sentence):
        return sentence, previous_subject
    if (personal := _PERSONAL.match(sentence)) and previous_subject:
        pronoun = personal.group("pronoun").lower()
        subject = f"{previous_subject}'s" if pronoun in ("its", "his", "her", "their") else previous_subject
        return subject + personal.group("rest"), previous_subject
    if personal or _LEANS_BACK.match(sentence):
        return f"{previous} {sentence}", previous_subject
    return sentence, own


_DESCRIPTION = re.compile(r"(?:[Tt]he|[Tt]his|[Tt]hat)\s+(?:[A-Z][\w-]*\s+){0,3}[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}")


def leans_back(text: str) -> bool:
    """Whether ``text`` opens by pointing at something before it ("It was completed in 1931.",
    "This made…"): read alone, it does not say what it is about."""
    return not _DUMMY_IT.match(text) and bool(_PERSONAL.match(text) or _LEANS_BACK.match(text))


def described(sentence: str) -> bool:
    """Whether the sentence's subject describes rather than names ("The company was founded in
    1990."), names in it or not, so long as its head is a common noun ("The Arab kingdom has…",
    "The New York drugmaker has…"; not "The Empire State Building was…", nor a possessive's "The
    Eiffel Tower's height"): it may stand for the thing the sentence before is about, or for a new
    one ("The city library was completed in 1801." after a sentence about the Eiffel Tower), so it is never
    rewritten, but a copy of it vouches only in the same context (:mod:`validator.pipeline.settling`)."""
    own = _SUBJECT.match(sentence)
    return own is not None and _DESCRIPTION.fullmatch(own.group("subject")) is not None


def subject_of(sentence: str) -> str | None:
    """The words before the sentence's first verb ("The Eiffel Tower" of "The Eiffel Tower was
    completed in 1889."), or None when the sentence does not open that way."""
    own = _SUBJECT.match(sentence)
    return own.group("subject") if own else None


def read_in_context(sentences: Sequence[str]) -> list[str]:
    """Each of ``sentences`` (consecutive, from one text) as it reads in context."""
    readings, subject = [], None
    for i, sentence in enumerate(sentences):
        reading, subject = in_context(sentence, sentences[i - 1] if i else None, subject)
        readings.append(reading)
    return readings


@lru_cache(maxsize=1024)
def sentences_as_read(text: str) -> tuple[tuple[str, str], ...]:
    """The sentences of a source or passage as the source splitter cuts them, each with how it
    reads in context there (:func:`read_in_context`): the rules that compare an answer's sentence
    with a source's read "It employs 1,200 people." after "Acme joined…" as Acme's. Split and read
    once: the same passage is evidence for many sentences."""
    texts = [span.text for span in split_source_sentences(text)]
    return tuple(zip(texts, read_in_context(texts), strict=True))
