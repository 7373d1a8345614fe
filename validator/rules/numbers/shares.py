"""Shares in words, read as percentages where they stand (:func:`read_shares`): "a third of", "two-thirds
of", "half the", "one in five", "3 out of 4", "two thirds voted", "fell by a third", "a fifth less".
Each is read as approximate unless a bound is written before it ("more than half of" is above
50%), and as a share (:attr:`~validator.rules.numbers.values.Number.ratio`): its words are no
count of what follows."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from validator.rules.numbers.lexicon import count_of, is_unit
from validator.rules.numbers.readers import bound_before, bounds, last_place
from validator.rules.numbers.values import Number, neighbours
from validator.text import NUMBER_WORDS, ORDINAL_WORDS

_SMALL = "|".join(NUMBER_WORDS[1:21])
_PARTS = {"half": 2, "third": 3, "quarter": 4} | {word: value for value, word in enumerate(ORDINAL_WORDS) if value >= 5}
SHARE = re.compile(
    rf"(?P<by>\b(?:by|rose|fell|grew|increased|decreased|dropped|declined|climbed|jumped|shrank)\s+)(?P<change>an?|{_SMALL})"
    rf"[\s-]+(?P<changed>{'|'.join(_PARTS)})(?P<changes>s)?"
    r"(?=\s*(?:[,.;:)]|$|\s(?:from|on|in|over|since|to|compared|year|last|and|but|after|while)\b))"
    rf"|\b(?P<count>an?|{_SMALL})[\s-]+(?P<part>{'|'.join(_PARTS)}|halves)(?P<plural>s)?\s+of\b(?!\s+an?\b)"
    r"|(?P<lead>\b[a-z]+\s+)?\bhalf\s+(?:of\s+)?(?=(?:the|its|their|his|her|our|all|them|these|those)\b)"
    rf"|\b(?P<some>\d{{1,3}}|{_SMALL})\s+(?:in|out\s+of)\s+"
    rf"(?P<every>\d{{1,3}}|{_SMALL}|a\s+hundred|a\s+thousand)\b(?=\s+(?P<of>[a-z]+))"
    rf"|\b(?P<many>{_SMALL})[\s-]+(?P<fraction>third|fifth|sixth|eighth|tenth)s\b(?!\s+of\b)"
    rf"|\b(?P<than>an?|{_SMALL})[\s-]+(?P<part_than>{'|'.join(_PARTS)})(?P<parts_than>s)?"
    r"(?=\s+(?:less|more|fewer|lower|higher|cheaper|dearer|faster|slower|smaller|larger|bigger|longer|shorter)\b)",
    re.I,
)
"""A share in words: "a third of", "two-thirds of", "three quarters of", "half the", "one in five",
"3 out of 4", a plural part alone ("two thirds voted yes", "about two-fifths,"; not quarters or
halves: "for three quarters" are periods), and a change by one ("fell by a third", "rose a fifth
from", "a fifth less power"). A part alone is an ordinal or a period ("the third quarter", "the
first half of 2024", "a quarter of an hour", "a third time"), so a part counts as a share only
with its count and "of" or a change, "half" only before what it divides, and "2 in 5" only of a
thing, not a unit ("2 in 5 minutes"). Number words are left to this reader (text2num would make
"one in five" "1 in 5")."""
_SHARE_GROUPS = (("count", "part", "plural"), ("change", "changed", "changes"), ("than", "part_than", "parts_than"))
"""The groups of :data:`SHARE` that give a share's count, part and plural, for each way it is
written ("a third of", "fell by a third", "a fifth less")."""
_NOT_A_SHARE = frozenset({"first", "second", "latter", "other", "the", "each", "and", "a", "an"})
"""Words before "half" that make it a period or a part of a number ("the first half", "one and a half")."""
_OF_AFTER = re.compile(r"(?:\s+of)?\s*\Z", re.I)


@lru_cache(maxsize=1024)
def share_matches(text: str) -> tuple[re.Match[str], ...]:
    """Where :data:`SHARE` matches ``text``, found once: the share reader reads them, and the
    runs of number words leave them to it (:mod:`~validator.rules.numbers.words`)."""
    return tuple(SHARE.finditer(text))


def read_shares(text: str) -> Iterator[Number]:
    """Each share in words in ``text`` (:data:`SHARE`), as its percentage to four significant
    figures ("a third of voters" is about 33.33%), placed at its own words ("a third", not the
    "of" after it nor the "by" of "fell by a third")."""
    for match in share_matches(text):
        share = _percentage(match)
        if share is None:
            continue
        start = match.start() + len(match.group("lead") or match.group("by") or "")
        end = match.start() + len(_OF_AFTER.sub("", match.group()))
        qualifier = bound_before(text, start) or "about"  # "more than half" is above 50%
        digits = f"{share:.4g}"
        value = float(digits)
        before, after = neighbours(text, start, end)
        yield Number(
            value,
            "%",
            before,
            after,
            text[start:end],
            start,
            end,
            qualifier,
            *bounds(value, qualifier),
            step=last_place(digits),
            ratio=True,
        )


def _percentage(match: re.Match[str]) -> float | None:
    """The percentage ``match`` writes, or None where its words are no share ("the first half",
    "2 in 5 minutes", "one thirds")."""
    if match.group("some"):
        some, every = (count_of(match.group(g)) for g in ("some", "every"))
        return 100 * some / every if 0 < some < every and not is_unit(match.group("of")) else None
    if match.group("many"):
        count, parts = count_of(match.group("many")), _PARTS[match.group("fraction").lower()]
        return 100 * count / parts if 2 <= count < parts else None
    if match.group("count") or match.group("change") or match.group("than"):
        count, part, plural = match.group(*next(g for g in _SHARE_GROUPS if match.group(g[0])))
        if bool(plural or part.lower() == "halves") != (count_of(count) > 1):
            return None
        return 100 * count_of(count) / _PARTS.get(part.lower(), 2)
    return None if (match.group("lead") or "").strip().lower() in _NOT_A_SHARE else 50.0


def as_percentage(text: str, share: Number) -> str:
    """How the model is given ``share`` (read from ``text``): as the percentage it reads as,
    "about" before it unless a bound is written there ("about 33.33%" for "a third", "50%" for
    "more than half"): a small NLI model reads "50%" against "half" as another number."""
    return f"{'' if bound_before(text, share.start) else 'about '}{share.value:g}%"
