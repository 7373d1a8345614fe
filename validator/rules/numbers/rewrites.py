"""Forms put in one spelling before the reader reads a sentence: number words (text2num), shares
("a third of") and a range's shared sign and suffix. Each gives words that other parts read, not
only a value (docs/verdicts.md, "Who reads which form"). A currency code, a scale in short or
joined, a temperature's scale, basis points, a power of ten, a season's short end and a value and
a half ("two and a half million") are read where they stand, by
:data:`~validator.rules.numbers.lexicon.NUMBER`; days known by name, a score's "nil", counts in
dozens, a period and a half ("a year and a half"), millions beside what is counted ("8.3m
people"), a quarter or a fiscal year ("Q3", "FY23"), a height in feet and inches and a name
numbered in front ("the Second World War") by :mod:`~validator.rules.numbers.readers`; a unit
squared as "m2" and a speed in words by :func:`~validator.rules.numbers.units.measure_plain_text`.

:mod:`validator.rules.numbers.reading` runs these first (:func:`in_digits`), each through
:class:`~validator.rules.numbers.edits.Edited`, so a value read from the rewritten text keeps its
place and words in the text as written ("forty-two", not the "42" the reader read). The rules
package's plan (docs/architecture.md, "The rule layer") replaces the steps with typed readers
over the written text, one form at a time, each with its own table of readings.
"""

from __future__ import annotations

import re

from validator.rules.numbers.edits import Edited, number_words_in_digits
from validator.rules.numbers.lexicon import (
    HALF_A_SCALE,
    MONEY,
    ORDINAL_THEN_NAME,
    QUALIFIER,
    SCALE_AFTER_A_HALF,
    SCALE_AFTER_DIGITS,
    TEMPERATURE,
    VAGUE_WORDS,
    count_of,
    is_unit,
)
from validator.text import NUMBER_WORDS, ORDINAL_WORDS


def in_digits(edited: Edited) -> None:
    """``edited`` with number words as digits ("forty-two" → "42"), by text2num, a share in words
    as a percentage ("a third of" → "about 33.33%") and a range's shared sign and suffix at both
    ends. A scale after digits ("1.5 million"), a value and a half's ("two and a half million")
    and a vague quantity ("hundreds of") are left to the reader: text2num would make them "1.5
    1000000", "2 and a 0.5 1000000" and "100 of"."""
    _shares(edited)
    _ranges(edited)
    number_words_in_digits(
        edited, kept=(SCALE_AFTER_DIGITS, SCALE_AFTER_A_HALF, HALF_A_SCALE, VAGUE_WORDS, ORDINAL_THEN_NAME)
    )


_SMALL = "|".join(NUMBER_WORDS[1:21])
_PARTS = {"half": 2, "third": 3, "quarter": 4} | {word: value for value, word in enumerate(ORDINAL_WORDS) if value >= 5}
_SHARE = re.compile(
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
from", "a fifth less power"). A part alone is an
ordinal or a period ("the third quarter", "the first half of 2024", "a quarter of an hour", "a
third time"), so a part counts as a share only with its count and "of" or a change, "half" only
before what it divides, and "2 in 5" only of a thing, not a unit ("2 in 5 minutes")."""
_SHARE_GROUPS = (("count", "part", "plural"), ("change", "changed", "changes"), ("than", "part_than", "parts_than"))
"""The groups of :data:`_SHARE` that give a share's count, part and plural, for each way it is
written ("a third of", "fell by a third", "a fifth less")."""
_NOT_A_SHARE = frozenset({"first", "second", "latter", "other", "the", "each", "and", "a", "an"})
"""Words before "half" that make it a period or a part of a number ("the first half", "one and a half")."""


def _shares(edited: Edited) -> None:
    """Each share in words as its percentage ("a third of voters" → "33.33% of voters"), read as
    approximate unless a bound is written before it ("more than half of" stays above 50%)."""

    def percentage(match: re.Match[str]) -> str:
        if match.group("some"):
            some, every = (count_of(match.group(g)) for g in ("some", "every"))
            if not 0 < some < every or is_unit(match.group("of")):
                return match.group()
            share, lead = 100 * some / every, ""
        elif match.group("many"):
            count, parts = count_of(match.group("many")), _PARTS[match.group("fraction").lower()]
            if not 2 <= count < parts:
                return match.group()
            share, lead = 100 * count / parts, ""
        elif match.group("count") or match.group("change") or match.group("than"):
            groups = next(g for g in _SHARE_GROUPS if match.group(g[0]))
            count, part, plural = match.group(*groups)
            if bool(plural or part.lower() == "halves") != (count_of(count) > 1):
                return match.group()
            share, lead = 100 * count_of(count) / _PARTS.get(part.lower(), 2), match.group("by") or ""
        else:
            lead = match.group("lead") or ""
            if lead.strip().lower() in _NOT_A_SHARE:
                return match.group()
            share = 50.0
        at = match.start() + len(lead)
        bound = QUALIFIER.search(match.string[max(0, at - 24) : at])
        spacing = match.group()[len(match.group().rstrip()) :]
        of = "" if match.group("change") or match.group("many") or match.group("than") else " of"
        return f"{lead}{'' if bound else 'about '}{share:.4g}%{of}{spacing}"

    edited.sub(_SHARE, percentage)


_RANGE = re.compile(
    rf"(?<![\w.,])(?P<sign>{MONEY}\s?)?(?P<low>\d+(?:\.\d+)?)\s?(?:[-\u2013]|\s+to\s+)\s?(?P<high_sign>{MONEY}\s?)?"
    r"(?P<high>\d+(?:\.\d+)?)"
    rf"(?P<suffix>{TEMPERATURE}|\s?(?:%|percent\b|per cent\b|(?:bn|mn|m|k|tn)\b"
    r"|(?:thousand|million|billion|trillion)\b))",
    re.I,
)
"""A range whose sign, scale or temperature scale is written once: "$8-8.5bn", "5-7%", "10 to 15
million", "11-17C"."""


def _ranges(edited: Edited) -> None:
    """A range's shared sign and scale written at both ends, so that each end reads one way
    ("$8-8.5bn" → "$8bn to $8.5bn", "11-17C" → "11C to 17C")."""
    edited.splice(edit for match in _RANGE.finditer(edited.text) for edit in _range_in_full(match))


def _range_in_full(match: re.Match[str]) -> list[tuple[int, int, str]]:
    """The edits that write a range's shared sign and suffix at both ends ("$8-8.5bn" → "$8bn to
    $8.5bn"): the suffix put after the low end, what stood between the ends made " to ", and the
    sign put before the high end where it is not written there, three edits, so each end keeps
    its own place in the text as written."""
    if float(match.group("low")) >= float(match.group("high")):
        return []  # "from 1.2 million in 2000 to 1.5 million": a year, then a value
    low, high = match.end("low"), match.start("high")
    if match.group("high_sign"):
        return [(low, low, match.group("suffix")), (low, match.start("high_sign"), " to ")]
    return [(low, low, match.group("suffix")), (low, high, " to "), (high, high, match.group("sign") or "")]
