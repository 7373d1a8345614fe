"""Near-copies whose words are the source sentence's, reordered or cut at a value: two phrases
exchanged, or a bound or range made one of its values.

An NLI model reads "Italy beat Spain" as "Spain beat Italy" and "lasts 12 hours" as "lasts up to 12
hours": every word is shared. These two shapes are decided on the tokens of the two sentences (lower
case, as :mod:`validator.rules.opposites` cuts them), which must be the same but for the change:

- **exchanged**: two phrases of the sentence (or of its opening clause) have changed places, with
  words between them that stay where they are (:func:`exchanged`);
- **narrowed**: a bound's words (the number reader's own table) or a range's other end are dropped
  before a number, or a dashed range is written as one of its ends (:func:`narrowed`).

:func:`validator.rules.opposites.opposition` tries both after its own shapes, and says which in its note.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from validator.rules.numbers.lexicon import QUALIFIERS
from validator.text import NUMBER_WORDS, STOPWORDS

_ONE_SIDED = frozenset(words for words, kind in QUALIFIERS.items() if kind in ("<", "<=", ">", ">="))
"""The number reader's bound words that leave one end open ("up to", "at least", "more than")."""
_RANGE_END = re.compile(r"(?P<low>\d+(?:\.\d+)?)-(?P<high>\d+(?:\.\d+)?)")
MAX_BOUND_TOKENS = 4
"""The most tokens a bound or a range's other end takes ("between 10 and", "no more than")."""


def narrowed(claim: Sequence[str], sentence: Sequence[str]) -> str | None:
    """The bound or range of ``sentence`` that ``claim`` narrows to one value, if the claim is the
    sentence with only that done: a bound's words dropped before its number ("lasts up to 12 hours"
    → "lasts 12 hours", the number reader's :data:`~validator.rules.numbers.lexicon.QUALIFIERS`), a
    range's other end dropped ("10 to 20 mg", "between 10 and 20 mg" → "20 mg"; "10 to 20 mg" →
    "10 mg"), or a range written with a dash made one of its ends ("10-20 mg" → "20 mg")."""
    extra = len(sentence) - len(claim)
    if len(claim) < 2:
        return None
    if extra == 0:
        differing = [i for i in range(len(claim)) if claim[i] != sentence[i]]
        if len(differing) == 1 and (dash := _RANGE_END.fullmatch(sentence[differing[0]])):
            return sentence[differing[0]] if claim[differing[0]] in dash.group("low", "high") else None
        return None
    if not 0 < extra <= MAX_BOUND_TOKENS:
        return None
    start = next((i for i in range(len(claim)) if claim[i] != sentence[i]), len(claim))
    if list(claim[start:]) != list(sentence[start + extra :]):
        return None
    dropped, before = list(sentence[start : start + extra]), sentence[start - 1] if start else ""
    after = sentence[start + extra] if start + extra < len(sentence) else ""
    bound = " ".join(dropped)
    if _is_number(after) and (bound in _ONE_SIDED or _range_opening(dropped)):
        return f"{bound} {after}"
    if _is_number(before) and len(dropped) == 2 and dropped[0] in ("to", "and") and _is_number(dropped[1]):
        return f"{before} {bound}"  # "10 to 20 mg" → "10 mg"
    return None


def _range_opening(dropped: Sequence[str]) -> bool:
    """A range's low end and what joins it to the high end: "10 to", "between 10 and", "from 10 to"."""
    words = list(dropped)
    if words[:1] in (["between"], ["from"]):
        words = words[1:]
    return len(words) == 2 and _is_number(words[0]) and words[1] in ("to", "and")


def _is_number(token: str) -> bool:
    return bool(token) and (token[0].isdigit() or token in NUMBER_WORDS)


_LIST_MARKS = frozenset({",", ";", "&", "and", "or", "nor"})
"""What stands between a list's items: two items exchanged say what the list said."""
_BOTH_WAYS = re.compile(r"(?:^|\s)(?:with|as \S+ as|(?:the )?same \S*\s?as|between)$")
"""The end of the words between two phrases whose predicate reads both ways ("drew with", "is as
tall as", "the same age as"): grammar, not a list of verbs."""
MAX_EXCHANGE_TOKENS = 60
"""The longest claim tried for an exchange: the search is quadratic in what differs."""


def exchanged(claim: Sequence[str], sentence: Sequence[str]) -> tuple[str, str] | None:
    """The two phrases of ``sentence`` that ``claim`` has exchanged, if the claim is the sentence's
    opening words (the whole sentence, or its first clause) with only those two exchanged and their
    order kept in between: "Italy beat Spain" of "Spain beat Italy 2-1", "The loan is repaid by the
    lender to the borrower" of "… by the borrower to the lender". Not an exchange where the
    sentence holds the claim as it is elsewhere, where the two are items of a list ("Sam and Ben",
    "Sam, Ben and Ann"), where nothing stands between them (a clause moved: "When he died he had
    bruising" / "He had bruising when he died"), or where what joins them reads both ways
    (:data:`_BOTH_WAYS`)."""
    size = len(claim)
    if not 3 <= size <= min(len(sentence), MAX_EXCHANGE_TOKENS) or _holds(sentence, claim):
        return None
    opening = list(sentence[:size])
    if sorted(opening) != sorted(claim):
        return None
    start = next(i for i in range(size) if opening[i] != claim[i])
    end = size - next(i for i in range(size) if opening[size - 1 - i] != claim[size - 1 - i])
    mine, theirs = list(claim[start:end]), opening[start:end]
    for first in range(1, len(theirs)):
        for last in range(1, len(theirs) - first + 1):
            a, between, b = theirs[:first], theirs[first : len(theirs) - last], theirs[len(theirs) - last :]
            if not between or mine != b + between + a or a == b or not (_content(a) and _content(b)):
                continue
            joined = " ".join(between)
            if (between and between[0] in _LIST_MARKS and between[-1] in _LIST_MARKS) or _BOTH_WAYS.search(joined):
                return None
            return " ".join(a), " ".join(b)
    return None


def _holds(sentence: Sequence[str], claim: Sequence[str]) -> bool:
    return any(list(sentence[i : i + len(claim)]) == list(claim) for i in range(len(sentence) - len(claim) + 1))


def _content(phrase: Sequence[str]) -> bool:
    return any(t not in STOPWORDS and t not in _LIST_MARKS for t in phrase)
