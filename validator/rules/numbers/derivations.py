"""Values an answer works out from the evidence rather than copies: a span between two years, a
difference, a margin, a level moved, a total, a rate, a multiple, a share and a change. The
comparison asks each before it vetoes a value no evidence states (:func:`worked_out` and the
``a_*`` checks): the rule cannot tell which values the answer combined, so such a value is left
to the model.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from validator.rules.numbers.clauses import Segment
from validator.rules.numbers.lexicon import APPROXIMATE
from validator.rules.numbers.values import COUNT_LIMIT, FRAMES, Number, close, compatible
from validator.text import stem


def worked_out(number: Number, available: Sequence[Segment]) -> bool:
    """Whether ``number`` is a span of years or an age that two years of the evidence give by
    subtraction ("nine years later" of "founded in 2001 … went public in 2010"; "died at 45" of
    "1950–1995", or a year less before the birthday): an answer works it out, and the rule
    cannot tell which two years it meant, so the model reads it."""
    if number.unit not in ("years", "age") or number.qualifier is not None or not number.value.is_integer():
        return False
    years = [
        a.value if a.date is None else a.date.year for s in available for a in s.numbers if a.unit in ("year", "date")
    ]
    spans = {abs(a - b) for a, b in itertools.combinations({y for y in years if y is not None}, 2)}
    return number.value in spans or (number.unit == "age" and number.value + 1 in spans)


def numbers_by_place(available: Sequence[Segment]) -> dict[tuple[int, int], list[Number]]:
    """The evidence's numbers by the sentence they stand in (:attr:`Segment.place`): the
    sentence a total, a rate or a change is worked out from (:func:`a_total`, :func:`a_rate`,
    :func:`a_change`), gathered once for them all."""
    at_place: dict[tuple[int, int], list[Number]] = {}
    for segment in available:
        at_place.setdefault(segment.place, []).extend(segment.numbers)
    return at_place


_NO_ARITHMETIC = FRAMES | {"ordinal", "age"}
"""Kinds whose values are labels: one is never the sum or difference of two others here."""


def a_difference(number: Number, alongside: Sequence[Number], available: Sequence[Segment]) -> bool:
    """Whether ``number`` is worked out from two values of its kind in one sentence of the
    evidence, one of which the claim states (``alongside``: in any of its clauses, "3,357 metres
    tall in 2021, 31 metres higher than in 2018", or, for a value up to :data:`COUNT_LIMIT`, in
    its clause, as small differences match by chance): a change, the difference of two levels
    ("rose 5 percentage points to 15%" of "rose from 10% to 15%", "lost 3 seats, to 12" of "from 15
    seats to 12"), or a level, another level less or more a change ("from 20.5% to 22%" of
    "expanded 150 basis points to 22%"; the rule does not read which way it moved). An answer works
    these out; the model reads whether it did so right. Both operands must be in one evidence
    sentence and one of them in the claim, so a value that merely equals some difference of
    unrelated numbers is not excused."""
    shared = [c for c in alongside if c is not number]
    if not shared or number.unit in _NO_ARITHMETIC or number.is_name or number.qualifier is not None:
        return False
    sentences: dict[frozenset[str], dict[tuple[float, str | None], Number]] = {}
    for segment in available:
        distinct = sentences.setdefault(segment.sentence_words, {})
        for a in segment.numbers:
            if a.same_kind(number) and a.unit not in _NO_ARITHMETIC:
                distinct.setdefault((a.value, a.unit), a)
    change, tolerance = abs(number.value), number.tolerance
    for distinct in sentences.values():
        by_unit: dict[str | None, list[float]] = {}
        for value, unit in distinct:
            by_unit.setdefault(unit, []).append(value)
        for values in by_unit.values():
            values.sort()
        for (value, unit), stated in distinct.items():
            if not any(c.implied_by(stated) for c in shared):
                continue
            for other_unit, values in by_unit.items():
                if not compatible(unit or "", other_unit or ""):
                    continue
                # a difference of two levels; a level and a change (another unit) also sum to a level
                targets = [value - change, value + change] + ([change - value] if other_unit != unit else [])
                if any(_has_near(values, target, tolerance, value) for target in targets):
                    return True
    return False


_MARGIN_WORDS = frozenset({"majority", "margin", "gap", "lead", "difference", "behind", "ahead", "clear"})
"""Words before a value, or the word right after it, that say it is a difference of two others
("a majority of 13", "a margin of 4", "ahead by 3")."""


def a_margin(number: Number, at_place: Mapping[tuple[int, int], Sequence[Number]]) -> bool:
    """Whether ``number``, which its words say is a difference (:data:`_MARGIN_WORDS`: "passed by a
    majority of 13"), is the difference of two values of its kind that one sentence of the
    evidence states ("voted 34 to 21 in favour"): an answer works it out, and the model reads
    whether it did so right. Unlike :func:`a_difference`'s, neither value need be in the claim:
    the words say what it is."""
    if (
        not _MARGIN_WORDS & {*number.lead, number.after}
        or number.unit in _NO_ARITHMETIC
        or number.is_name
        or number.qualifier is not None
    ):
        return False
    return any(
        abs(abs(a.value - b.value) - number.value) <= number.tolerance
        for numbers in at_place.values()
        for a, b in itertools.combinations([n for n in numbers if n.same_kind(number) and not n.is_name], 2)
        if a.unit == b.unit and a.unit not in _NO_ARITHMETIC
    )


def a_level_moved(number: Number, at_place: Mapping[tuple[int, int], Sequence[Number]]) -> bool:
    """Whether ``number``, a percentage, is a level that one sentence of the evidence states moved
    by a change in percentage points ("fell by 2.1 percentage points from a baseline of 8.3%" for
    "fell to 6.2%"): the units tell the level from the change, so, unlike
    :func:`a_difference`'s, neither need be in the claim. The rule does not read which way it
    moved; the model does."""
    if number.unit != "%" or number.qualifier is not None or number.ratio:
        return False
    for numbers in at_place.values():
        levels = [a.value for a in numbers if a.unit == "%" and a.qualifier is None]
        changes = [a.value for a in numbers if a.unit == "pp" and a.qualifier is None]
        if any(
            abs(level + sign * change - number.value) <= number.tolerance
            for level in levels
            for change in changes
            for sign in (1, -1)
        ):
            return True
    return False


_ADDENDS = 6
"""The most values of a kind an evidence sentence may hold for the rule to try their totals: in a
longer list some total of two or three matches almost any count."""


def a_total(number: Number, at_place: Mapping[tuple[int, int], Sequence[Number]]) -> bool:
    """Whether ``number`` is the total of two or three values of its kind that one sentence of the
    evidence states ("156 people were on board" of "The aircraft carried 150 passengers and 6
    crew"; "65 new homes" of "40 new homes in the north and 25 in the south"): an answer adds
    them up, and the model reads whether it added the right ones. Only a total above
    :data:`COUNT_LIMIT`, of values stated plainly (no bound, no name) in one sentence of at most
    :data:`_ADDENDS` of them, so a value that merely equals some total of unrelated numbers is not
    excused: on real answers, small totals ("eight goals", "the two most cited") matched by
    chance."""
    if (
        number.unit in _NO_ARITHMETIC
        or number.is_name
        or number.qualifier is not None
        or number.ratio
        or abs(number.value) <= COUNT_LIMIT
    ):
        return False
    sentences = (
        [a.value for a in numbers if a.unit == number.unit and a.qualifier is None and not a.is_name]
        for numbers in at_place.values()
    )
    return any(
        close(sum(addends), number.value)
        for values in sentences
        if len(values) <= _ADDENDS
        for size in (2, 3)
        for addends in itertools.combinations(values, size)
    )


_PER = frozenset({"per", "a", "an", "each"})
"""Words after a value that make it a rate: "£41 per match", "3,000 a year"."""


def a_rate(
    number: Number,
    alongside: Sequence[Number],
    holders_of: Mapping[Number, Sequence[Segment]],
    at_place: Mapping[tuple[int, int], Sequence[Number]],
) -> bool:
    """Whether ``number``, stated as a rate ("£41 per match"), is a value the claim states beside it
    divided by a count that the evidence sentence holding that value gives ("a family of four will
    be able to watch all 19 home games … for £776" for "a season ticket for £776 - £41 per match"):
    an answer works it out, and the model reads whether it did so right. The dividend must be in
    the claim and its evidence sentence (``holders_of`` gives the pieces of the evidence that
    vouch for each of the claim's numbers), the divisor counts something there, and the quotient
    rounds to the number as written, so a rate that merely equals some quotient of unrelated
    numbers is not excused."""
    if number.after not in _PER or number.unit in _NO_ARITHMETIC or number.is_name or number.qualifier is not None:
        return False
    totals = [t for t in alongside if t is not number and t.unit == number.unit and t.qualifier is None]
    return any(
        a.counts_something and a.value >= 2 and abs(total.value / a.value - number.value) <= number.tolerance
        for total in totals
        for holder in holders_of[total]
        for a in at_place[holder.place]
    )


def a_multiple(
    number: Number,
    alongside: Sequence[Number],
    holders_of: Mapping[Number, Sequence[Segment]],
    at_place: Mapping[tuple[int, int], Sequence[Number]],
) -> bool:
    """Whether ``number``, stated as a multiple ("ten times the 1998 estimate"), is a value the
    claim states (``alongside``: in any of its clauses) divided by another value of its kind in the
    evidence sentence holding that value ("about US$10 billion, after the planned cost of about $1
    billion in 1998 grew"): an answer works it out, and the model reads whether it did so right.
    The quotient must round to the number as written (within a tenth after "about"), so a multiple
    that merely equals some quotient of unrelated numbers is not excused."""
    if number.after != "times" or number.unit is not None or number.qualifier not in (None, "about"):
        return False
    slack = number.tolerance if number.qualifier is None else APPROXIMATE * number.value
    return any(
        other.unit == total.unit and other.value > 0 and abs(total.value / other.value - number.value) <= slack
        for total in alongside
        if total is not number and total.unit not in _NO_ARITHMETIC and not total.is_name
        for holder in holders_of[total]
        for other in at_place[holder.place]
    )


def a_share(
    number: Number,
    alongside: Sequence[Number],
    holders_of: Mapping[Number, Sequence[Segment]],
    at_place: Mapping[tuple[int, int], Sequence[Number]],
) -> bool:
    """Whether ``number`` is a share of a whole that the claim states beside it, worked out from
    the evidence sentence holding that whole: a part from a percentage ("About 200 of the 800
    staff" of "a quarter of the 800 staff"), or a percentage from a part ("25% of the 800 staff"
    of "200 of the 800 staff"). An answer works it out, and the model reads whether it did so
    right. The whole must be in the claim (in any of its clauses: "Of the 800 staff, about 200…")
    and in that evidence sentence, the share must be "of" it (the number's next word, or the
    whole's lead: "Of the 2,000 adults surveyed, 10%…"), and it must round to the number as
    written (or to the percentage's own rounding), so a value that merely equals some product of
    unrelated numbers is not excused: "up 61.9% from a year earlier" against "$161.5 million,
    compared with $100 million" is no share, though 100 is 61.9% of 161.5."""
    if number.unit in _NO_ARITHMETIC or number.is_name or number.qualifier not in (None, "about"):
        return False
    wholes = [
        w
        for w in alongside
        if w is not number and w.unit not in _NO_ARITHMETIC and w.unit != "%" and not w.is_name and w.value > 0
    ]
    for whole in wholes:
        if (number.unit != "%" and number.unit != whole.unit) or not (number.after == "of" or "of" in whole.lead[-2:]):
            continue  # a share is "of" its whole: "up 61.9% from $100 million" is a change
        for holder in holders_of[whole]:
            for other in at_place[holder.place]:
                if number.unit == "%" and other.unit == whole.unit and not other.is_name and other.value < whole.value:
                    if abs(other.value / whole.value * 100 - number.value) <= number.tolerance:
                        return True
                elif number.unit != "%" and other.unit == "%" and 0 < other.value < 100:
                    slack = max(number.tolerance, other.tolerance * whole.value / 100)
                    if abs(other.value * whole.value / 100 - number.value) <= slack:
                        return True
    return False


def a_change(
    number: Number,
    alongside: Sequence[Number],
    holders_of: Mapping[Number, Sequence[Segment]],
    at_place: Mapping[tuple[int, int], Sequence[Number]],
) -> list[tuple[tuple[int, int], Number]]:
    """Where ``number``, a percentage, is the relative change between a value the claim's sentence
    states (``alongside``: in any of its clauses, "…$512.3 million, up 2.7%") and another value of
    that kind in the evidence sentence holding that value
    ("Revenue increased 2.7% to $512.3 million" of "Revenue was $512.3 million compared to $498.7
    million a year earlier"; "up 12% from $4.03 billion", where the level stated is the earlier
    one): the other values it was worked out from, with their places, else nothing. An answer
    works the change out, and the model reads whether it did so right; the value it compares with
    is no rival of the one it states ("$498.7 million" does not take "$512.3 million" from
    revenue). The change must round to the number as written, so a percentage that merely equals
    some ratio of unrelated numbers is not excused."""
    if number.unit != "%" or number.ratio or number.qualifier not in (None, "about"):
        return []
    levels = [
        t
        for t in alongside
        if t.unit not in _NO_ARITHMETIC and t.unit != "%" and not t.is_name and t.qualifier is None and t is not number
    ]
    compared = []
    for level in levels:
        for holder in holders_of[level]:
            for stated in (a for a in holder.numbers if level.implied_by(a)):
                for other in at_place[holder.place]:
                    if (
                        other.unit != stated.unit
                        or 0 in (other.value, stated.value)
                        or close(other.value, stated.value)
                    ):
                        continue
                    # the claim's level is the later one, unless it is where the change came from
                    new, old = (other, stated) if level.before == "from" else (stated, other)
                    if abs(abs(new.value / old.value - 1) * 100 - number.value) <= number.tolerance:
                        compared.append((holder.place, other))
    return compared


def _has_near(values: Sequence[float], target: float, tolerance: float, besides: float) -> bool:
    """Whether sorted ``values`` hold one within ``tolerance`` of ``target`` other than ``besides``
    (no change is worked out from a value and itself). By bisection, so that a sentence of
    thousands of numbers costs what reading it does."""
    low, high = bisect.bisect_left(values, target - tolerance), bisect.bisect_right(values, target + tolerance)
    return any(not close(value, besides) for value in values[low:high])


def counts_another(number: Number, holders: Sequence[Segment], rivals: Sequence[Segment]) -> bool:
    """Whether every number of ``holders`` with the claim's value counts another thing, while a
    rival in the same sentence counts the claim's: "6 albums" against "6 singles and 2 albums". A
    count of another noun alone may be a rewording ("6 tracks", "6 songs"; "149 balls" for "149
    deliveries", where another sentence has "63 balls"), so only a sentence that counts both
    things side by side settles it."""
    if not number.counts_something or number.after is None:
        return False
    noun = stem(number.after)
    same_value = [(s, a) for s in holders for a in s.numbers if number.implied_by(a)]
    if not all(a.counts_something and a.after and stem(a.after) != noun for _, a in same_value):
        return False
    return any(
        r.sentence_words == holder.sentence_words and a.counts_something and a.after and stem(a.after) == noun
        for holder, _ in same_value
        for r in rivals
        for a in r.numbers
    )


def led_to(number: Number, segments: Sequence[Segment], same_role: bool = False) -> bool:
    """Whether a number of ``segments`` that implies ``number`` (or, with ``same_role``, answers
    the same question) follows the words ``number`` follows (:meth:`Number.led_like`)."""
    related = number.same_role if same_role else number.implied_by
    return any(related(a) and number.led_like(a) for s in segments for a in s.numbers)


@dataclass(frozen=True)
class Worked:
    """What a derivation reads of a claim whose value no evidence states: the values of the value's
    clause, all the claim's values, which evidence segments hold each, the evidence's values by
    sentence, the evidence's segments, and the values :func:`a_change` found compared."""

    clause: Sequence[Number]
    claim: Sequence[Number]
    holders_of: Mapping[Number, Sequence[Segment]]
    at_place: Mapping[tuple[int, int], Sequence[Number]]
    available: Sequence[Segment]
    changes: Mapping[Number, list[tuple[tuple[int, int], Number]]]
    """Each percentage that is a change, and the evidence values it compares (:func:`a_change`)."""


DERIVATIONS: tuple[tuple[str, Callable[[Number, Worked], bool]], ...] = (
    ("a change", lambda number, w: number in w.changes),
    ("a span between two years", lambda number, w: worked_out(number, w.available)),
    (
        "a difference",
        lambda number, w: a_difference(number, w.clause if abs(number.value) <= COUNT_LIMIT else w.claim, w.available),
    ),
    ("a level moved", lambda number, w: a_level_moved(number, w.at_place)),
    ("a margin", lambda number, w: a_margin(number, w.at_place)),
    ("a total", lambda number, w: a_total(number, w.at_place)),
    ("a rate", lambda number, w: a_rate(number, w.clause, w.holders_of, w.at_place)),
    ("a multiple", lambda number, w: a_multiple(number, w.claim, w.holders_of, w.at_place)),
    ("a share", lambda number, w: a_share(number, w.claim, w.holders_of, w.at_place)),
)
"""The values an answer works out from the evidence, each by name, asked in this order before a
value no evidence states is vetoed: the rule cannot tell which values the answer combined, so
such a value is left to the model. A difference is sought within the value's clause for a
small count (up to :data:`~validator.rules.numbers.values.COUNT_LIMIT`: small differences match
by chance), across the claim otherwise."""


def derivation(number: Number, worked: Worked) -> str | None:
    """The name of the first derivation (:data:`DERIVATIONS`) that gives ``number``, else None."""
    return next((name for name, derives in DERIVATIONS if derives(number, worked)), None)
