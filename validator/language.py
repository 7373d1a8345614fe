"""Whether a text is English: the only language the bundled model and the rules read.

The bundled model was trained on English pairs only, and the number, negation and quote rules read
English words ("more than", "was not", "thirty"). Against "…in Paris" sources, false claims in
Japanese, Arabic or Russian passed at 0.86-0.92, so with the bundled model a sentence that is not
English, or whose evidence is not, is ``unsupported`` with a note saying why (a multilingual
``model_name`` checks it as usual).

A script-and-stopword test, with no model to ship: a text is not English when most of its letters
are not Latin (CJK, Arabic, Cyrillic, Devanagari…), or when it has at least two function words of
another Latin-script language ("le", "der", "los"…, counted in lower case or opening the text:
inside a sentence a capitalised one is a name's, "Los Angeles") and more than English ones
("Der Turm ist in Paris." has "der" and "ist" against "in").
Short texts, names and numbers count as English: a miss costs a model call, never a pass.
"""

from __future__ import annotations

import re
from functools import lru_cache

_LETTER = re.compile(r"[^\W\d_]")
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
LATIN_END = "\u0250"
"""Past Latin Extended-B: IPA, Greek, Cyrillic and every other script."""
MIN_LETTERS = 4
_ENGLISH = frozenset(
    [
        "the",
        "of",
        "and",
        "to",
        "in",
        "is",
        "was",
        "are",
        "were",
        "be",
        "been",
        "has",
        "have",
        "had",
        "a",
        "an",
        "that",
        "this",
        "it",
        "its",
        "for",
        "on",
        "with",
        "as",
        "by",
        "at",
        "from",
        "not",
        "but",
        "or",
        "which",
        "who",
        "he",
        "she",
        "they",
        "his",
        "her",
        "their",
        "there",
        "than",
    ]
)
_OTHER = (
    frozenset(
        [
            # French
            "le",
            "la",
            "les",
            "des",
            "est",
            "une",
            "et",
            "du",
            "dans",
            "pour",
            "que",
            "qui",
            "sur",
            "avec",
            "au",
            "aux",
            "sont",
            "été",
            "ne",
            "pas",
            "ce",
            "cette",
            "il",
            "elle",
            "nous",
            "vous",
            # German
            "der",
            "die",
            "das",
            "und",
            "ist",
            "nicht",
            "ein",
            "eine",
            "den",
            "dem",
            "des",
            "mit",
            "von",
            "zu",
            "im",
            "auf",
            "für",
            "wurde",
            "sich",
            "auch",
            "nach",
            "bei",
            # Spanish and Portuguese
            "el",
            "los",
            "las",
            "es",
            "y",
            "una",
            "del",
            "por",
            "con",
            "para",
            "fue",
            "se",
            "lo",
            "su",
            "sus",
            "al",
            "como",
            "não",
            "uma",
            "os",
            "da",
            "do",
            "em",
            "são",
            "foi",
            # Italian and Dutch
            "il",
            "di",
            "che",
            "della",
            "sono",
            "nel",
            "alla",
            "het",
            "een",
            "van",
            "zijn",
            "niet",
        ]
    )
    - _ENGLISH
)
"""Function words of the Latin-script languages an answer is most often written in instead."""


_ET_AL = re.compile(r"\bet al\b\.?")
"""A citation's "et al.", which English writes."""


@lru_cache(maxsize=4096)
def is_english(text: str) -> bool:
    """Whether ``text`` reads as English, or is too short or too plain to tell (see the module doc)."""
    letters = _LETTER.findall(text)
    if len(letters) < MIN_LETTERS:
        return True
    if sum(letter < LATIN_END for letter in letters) * 2 < len(letters):
        return False
    words = _WORD.findall(_ET_AL.sub("", text))
    # a capitalised word inside a sentence is a name's ("Los Angeles", "Le Monde"), not a function word
    other = sum(word.lower() in _OTHER and (i == 0 or word[:1].islower()) for i, word in enumerate(words))
    return other < 2 or other <= sum(word.lower() in _ENGLISH for word in words)
