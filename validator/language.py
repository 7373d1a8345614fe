"""Whether a text is English: the only language the bundled model and the rules read.

The bundled model was trained on English pairs only, and the number, negation and quote rules read
English words ("more than", "was not", "thirty"). Against English sources, false claims in Japanese,
Arabic or Russian passed at 0.86-0.92, and claims in Polish, Swedish, Turkish, Indonesian, Finnish,
Danish, Hungarian or Swahili passed ``fail_on="contradicted"``. So with the bundled model a sentence
that is not English, or whose evidence is not, is ``unsupported`` with a note saying why, under
every ``fail_on`` (a multilingual ``model_name`` checks it as usual).

The language is decided by py3langid, a maintained character n-gram classifier of 97 languages
whose model ships inside the package (an npz file, no pickle, no download): a text is English where
the classifier gives English a probability of at least :data:`MIN_ENGLISH`. Measured on the 4,774
real answer sentences of the rule snapshot and on a rental clause written in 23 other languages:
one English sentence (a bare list of club names, six times) is taken for another language, and no
other-language one for English (the highest such probability was 0.0005). Texts with fewer than
:data:`MIN_LETTERS` letters ("Yes.", "42"), and texts in Latin letters of fewer than
:data:`MIN_WORDS` words ("jaguar", "Benares gharānā") or of names alone (every word capitalized:
"Samuel Anthony Alito Jr.", "Ron Evans Medal"), count as English: there is nothing to tell (a
script without spaces between words, Japanese or Chinese, is left to the classifier). A name is no
language's; the classifier took 27 of 94 grounded HaluEval QA answers, names and one-word answers,
for another language, and failed them unchecked. A sentence the classifier does not take for
English is read once more without its numbers and its capitalised words after the first
(:func:`_without_names`): "The Vega costs 38,000 euros." was taken for Catalan, its brand and
currency outweighing its English; German, which capitalises its nouns, keeps too few words to
be read again.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache

from py3langid.langid import MODEL_FILE, LanguageIdentifier

_LETTER = re.compile(r"[^\W\d_]")
_WORD = re.compile(r"[^\W\d_][\w'.-]*")
MIN_LETTERS = 4
MIN_WORDS = 3
MIN_ENGLISH = 0.02
"""The least probability of English that makes a text English (module docstring)."""


@cache
def _identifier() -> LanguageIdentifier:
    """The classifier, loaded once, on first use (not at import)."""
    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


@lru_cache(maxsize=4096)
def is_english(text: str) -> bool:
    """Whether ``text`` reads as English, or is too short to tell (see the module docstring)."""
    letters = _LETTER.findall(text)
    if len(letters) < MIN_LETTERS:
        return True
    words = _WORD.findall(text)
    latin = all(unicodedata.name(letter, "").startswith("LATIN") for letter in letters)
    if latin and (len(words) < MIN_WORDS or all(word[0].isupper() for word in words)):
        return True
    if _english_probability(text) >= MIN_ENGLISH:
        return True
    plain = _without_names(text)
    return len(_WORD.findall(plain)) >= MIN_WORDS and _english_probability(plain) >= MIN_ENGLISH


def _english_probability(text: str) -> float:
    return dict(_identifier().rank(text)).get("en", 0.0)


def _without_names(text: str) -> str:
    """``text`` without its numbers and its capitalised words after the first ("The Vega costs
    38,000 euros." → "The costs euros."): a brand, a place or a currency's name is no language's,
    and a short English sentence holding one was taken for Catalan. What is left is read again."""
    kept = [
        w for i, w in enumerate(text.split()) if not any(c.isdigit() for c in w) and (i == 0 or not w[:1].isupper())
    ]
    return " ".join(kept)
