"""Reading a sentence in context: the subject a pronoun stands for, or the sentence a back
reference ("This…") leans on.

Both sides use it: an answer's sentence is retrieved and scored as it reads in context, and
the number check reads a source's sentences the same way, so "It was completed in 1889." in a
source is about the same thing as the answer's "The Eiffel Tower was completed in 1889.".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_PERSONAL = re.compile(r"^(?P<pronoun>it|he|she|they|its|his|her|their)\b(?P<rest>.*)$", re.I | re.S)
_LEANS_BACK = re.compile(r"^(?:this|these|that|those|such|the latter|the former|both|neither)\b", re.I)
_SUBJECT = re.compile(
    r"^(?P<subject>[^,;:()]{2,80}?)\s+(?:is|was|are|were|has|had|have|will|would|can|could|lies|stands|"
    r"became|becomes|remains|contains|includes|consists|opened|closes|opens)\b",
    re.I,
)


def in_context(sentence: str, previous: str | None, previous_subject: str | None) -> tuple[str, str | None]:
    """How a sentence reads in context, and its own subject (for the next sentence).

    A sentence that opens with a personal pronoun gets the subject of the sentence before
    it in its place ("The Eiffel Tower is in Paris. It was completed in 1931." → "The Eiffel
    Tower was completed in 1931."); one that opens with another back reference ("This…")
    is read after the previous sentence.
    """
    own = _SUBJECT.match(sentence)
    if previous is None:
        return sentence, own.group("subject") if own else None
    if (personal := _PERSONAL.match(sentence)) and previous_subject:
        pronoun = personal.group("pronoun").lower()
        subject = f"{previous_subject}'s" if pronoun in ("its", "his", "her", "their") else previous_subject
        return subject + personal.group("rest"), previous_subject
    if personal or _LEANS_BACK.match(sentence):
        return f"{previous} {sentence}", previous_subject
    return sentence, own.group("subject") if own else None


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
