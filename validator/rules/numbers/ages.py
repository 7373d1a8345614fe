"""Whose age an age is: "Maria Lopez, 34, was promoted." is not vouched for by "Maria Lopez was
promoted on Friday, her manager, 34, said.", whose 34 is set off after her manager. The number
rule finds the age in a sentence about Maria Lopez and, alone, takes it for hers.

An age set off by commas belongs to the words just before it, as news writes an age: a name
("Jane Laut, 57,"), or a person described ("her manager, 34,", "a passenger, 45,", "the
striker, 34,"). A claim's age so set off is **unsupported** where the evidence gives that age
only to others: to a name or a described person sharing no word with the claim's, where that
person is plainly someone else (a name, someone related to another: "her manager", "his coach",
or someone introduced: "a passenger"), or where both sides describe by different nouns ("the
driver" and "the passenger"). An age the evidence writes another way ("34-year-old", "aged 34")
says nothing of whose it is, so it leaves the claim to the rest of the rule, and so does "The
striker, 34," for a name, which news writes of the person it named.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from validator.rules.numbers.reading import find_numbers
from validator.text import STOPWORDS, stem

_OWNER = re.compile(
    r"(?P<owner>(?:[A-Z][\w'\u2019.-]*\s+){0,3}[A-Z][\w'\u2019.-]*"
    r"|\b(?P<determiner>[Tt]he|[Aa]n?|[Hh]is|[Hh]er|[Tt]heir|[Ii]ts)(?:\s+[a-z][\w'\u2019-]*){1,3}),\s$"
)
"""The words an age set off by commas follows: a name of up to four words, or a person described."""


def _owner(text: str, start: int) -> tuple[frozenset[str], bool, str] | None:
    """The content words of whom the age at ``start`` is set off after, whether they describe
    rather than name, and the determiner of a description ("" for a name); None where the age is
    not set off after anyone."""
    match = _OWNER.search(text[max(0, start - 60) : start])
    if match is None:
        return None
    words = frozenset(stem(w.lower()) for w in re.findall(r"[^\W\d_]+", match.group()) if w.lower() not in STOPWORDS)
    determiner = (match.group("determiner") or "").lower()
    return words, bool(determiner), determiner


def _someone_else(claimed: tuple[frozenset[str], bool, str], given: tuple[frozenset[str], bool, str]) -> bool:
    """Whether an age set off after ``given`` is plainly not that of ``claimed``'s person."""
    (mine, mine_described, _), (theirs, described, determiner) = claimed, given
    if mine & theirs:
        return False
    if not described:
        return True  # another name
    if determiner != "the":
        return True  # "her manager", "a passenger": related to, or introduced beside, someone
    return mine_described  # "the passenger" beside "the driver"; "the striker" may be the name


def check_ages(claim: str, evidence: Sequence[str]) -> tuple[Literal["unsupported"], str] | None:
    """``None`` unless an age ``claim`` sets off after someone is one the evidence gives only to
    others (the module docstring says who); then the verdict and a note naming them."""
    evidence_ages = [(text, n) for text in evidence for n in find_numbers(text) if n.unit == "age"]
    for age in find_numbers(claim):
        if age.unit != "age" or (mine := _owner(claim, age.start)) is None:
            continue
        given = [_owner(text, other.start) for text, other in evidence_ages if other.value == age.value]
        if given and all(owner is not None and _someone_else(mine, owner) for owner in given):
            return "unsupported", f"the evidence gives the age {age.text} to someone else"
    return None
