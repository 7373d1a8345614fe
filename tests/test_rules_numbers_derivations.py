"""The values an answer works out (validator/rules/numbers/derivations.py, ``DERIVATIONS``): a
change, a share, percentage points, a total, a rate, a rounding are the model's where they work out
from what the evidence states, and the rule's otherwise."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest
from helpers import number_verdict
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st


@given(
    value=st.decimals(min_value=10, max_value=99_999, places=3),
    places=st.integers(min_value=0, max_value=2),
    shift=st.integers(min_value=1, max_value=9),
    sign=st.sampled_from([1, -1]),
)
@example(value=Decimal("33276.685"), places=2, shift=1, sign=1)  # 5,000 dollars apart, not exactly in floats
def test_a_rounded_value_is_vouched_for_and_a_changed_one_is_not(
    value: Decimal, places: int, shift: int, sign: int
) -> None:
    """An answer rounds ("$12.4 million" for "$12.43 million"): the rounded value, to any number
    of digits from two up, is the evidence's; moved by one digit or more in its last place, it is
    another value, and the rule still contradicts it."""
    step = Decimal(10) ** -places
    rounded = value.quantize(step, rounding=ROUND_HALF_UP)
    evidence = f"Exports were worth ${value} million last year."
    assert number_verdict(f"Exports were worth ${rounded} million last year.", evidence) is None
    moved = rounded + sign * shift * step
    assume(abs(moved - value) > step / 2)  # at an exact tie ("56.345") both neighbours are roundings
    assert number_verdict(f"Exports were worth ${moved} million last year.", evidence) == "contradicted"


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        ("The share rose 5 percentage points to 15%.", "The share rose from 10% to 15%.", None),
        ("The share rose from 10% to 15%.", "The share rose 5 percentage points to 15%.", None),
        ("Margin expanded 150 basis points to 22%.", "Margin rose to 22% from 20.5%.", None),
        ("Seats fell by 3 to 12.", "Seats fell from 15 to 12.", None),
        ("Seats fell by 4 to 12.", "Seats fell from 15 to 12.", "contradicted"),
        ("A rose 10%.", "A rose 5% and B rose 15%.", "contradicted"),
        ("The film has a score of less than 60 out of 100.", "The film has a score of 58 out of 100.", None),
        ("Shares fell 7pc.", "Shares fell 7 per cent.", None),
        ("Shares fell 7pc.", "Shares fell 9 per cent.", "contradicted"),
        ("Revenue rose 12% from $4.03 billion.", "Revenue was $4.52 billion, against $4.03 billion a year ago.", None),
        (
            "Revenue rose 11% from $4.03 billion.",
            "Revenue was $4.52 billion, against $4.03 billion a year ago.",
            "unsupported",
        ),
        ("Output fell 10% to 90 tonnes.", "Output was 90 tonnes, down from 100 tonnes.", None),
        ("Output fell 11% to 90 tonnes.", "Output was 90 tonnes, down from 100 tonnes.", "unsupported"),
    ],
)
def test_a_change_worked_out_from_the_values_beside_it_is_the_models(
    sentence: str, premise: str, expected: str | None
) -> None:
    """A change or a starting value the answer works out from two values of one evidence sentence,
    one of which it states too, is left to the model; a wrong one still fails, and so does a value
    that merely equals the difference of two unrelated ones. "7pc" is 7 per cent, and "a score of
    less than 60" is a mark, not twenty of something."""
    assert number_verdict(sentence, premise) == expected


@given(
    whole=st.integers(min_value=3, max_value=1000).map(lambda hundreds: hundreds * 100),
    percent=st.integers(min_value=5, max_value=89),
    right=st.booleans(),
    part_in_answer=st.booleans(),
)
def test_a_share_of_a_whole_the_answer_states_is_vouched_for_only_when_it_works_out(
    whole: int, percent: int, right: bool, part_in_answer: bool
) -> None:
    """ "N of the W workers" and "P% of the W workers" stand for each other when N is P% of W; a
    part three times as large, or a percentage ten points higher, still fails."""
    part = percent * whole // 100
    assume(percent * whole % 100 == 0 and percent + 10 != part)  # "15%" is vouched for by a "15" anywhere
    # nor the change from the part to the whole or back ("69%" of 6,431 and 10,900: _a_change's)
    assume(all(abs(change - (percent + 10)) > 0.5 for change in (100 - percent, 10_000 / percent - 100)))
    as_part = "{} of the " + f"{whole:,} workers will leave."
    as_share = "{}% of the " + f"{whole:,} workers will leave."
    if part_in_answer:
        answer, source = as_part.format(f"{part if right else 3 * part:,}"), as_share.format(percent)
    else:
        answer, source = as_share.format(percent if right else percent + 10), as_part.format(f"{part:,}")
    assert (number_verdict(answer, source) is None) == right


@given(
    start=st.decimals(min_value=1, max_value=60, places=1),
    change=st.decimals(min_value=Decimal("0.5"), max_value=30, places=1),
    error=st.sampled_from([Decimal(0), Decimal("0.3"), Decimal(-1), Decimal(2)]),
    change_in_answer=st.booleans(),
)
def test_a_change_in_percentage_points_is_vouched_for_only_when_it_adds_up(
    start: Decimal, change: Decimal, error: Decimal, change_in_answer: bool
) -> None:
    """ "rose N points to B%" and "rose from A% to B%" stand for each other exactly when A + N = B
    (as written, to one decimal); off by 0.3 points or more, the rule fails the answer. The rule
    reads no direction: a start of B + N (the level before a fall of N) is the model's to judge."""
    end = start + change
    with_change = f"The share rose {{}} percentage points to {end}%."
    with_start = f"The share rose from {{}}% to {end}%."
    if change_in_answer:
        answer, source = with_change.format(change + error), with_start.format(start)
    else:
        answer, source = with_start.format(start + error), with_change.format(change)
    assume(start + error > 0 and change + error > 0)
    stated = change + error if change_in_answer else start + error
    # a value the evidence states outright: "1.0 percentage points" is vouched for by "from 1.0%"
    assume(stated not in ((start, end) if change_in_answer else (change, end)))
    fall = not change_in_answer and error == 2 * change
    assert (number_verdict(answer, source) is None) == (error == 0 or fall)


@settings(deadline=None)
@given(
    passengers=st.integers(min_value=13, max_value=5000),
    crew=st.integers(min_value=1, max_value=500),
    shift=st.integers(min_value=1, max_value=99),
)
def test_a_total_of_two_stated_values_is_the_models_and_any_other_value_the_rules(
    passengers: int, crew: int, shift: int
) -> None:
    """An answer adds up what one sentence states ("150 passengers and 6 crew" → "156 people"):
    the total is left to the model. A value that is no such total is still not vouched for."""
    source = f"The ferry carried {passengers:,} passengers and {crew} crew when it ran aground."
    assert number_verdict(f"There were {passengers + crew:,} people on the ferry.", source) is None
    assert number_verdict(f"There were {passengers + crew + shift:,} people on the ferry.", source) is not None


@settings(deadline=None)
@given(
    games=st.integers(min_value=2, max_value=40),
    each=st.integers(min_value=5, max_value=200),
    shift=st.integers(min_value=2, max_value=50),
)
def test_a_rate_worked_out_from_a_stated_total_is_the_models_and_any_other_rate_the_rules(
    games: int, each: int, shift: int
) -> None:
    """An answer divides a price by the count the same source sentence gives ("£920 for all 23
    home matches" → "£920 - £40 per match"): the rate is left to the model. A rate that is no such
    quotient is still not vouched for, and a total the source does not state is still the rule's."""
    total = games * each
    assume(each + shift != total)  # a rate equal to the stated price is the source's own value
    source = f"Under the new pricing, a family can see all {games} home matches for £{total:,}."
    assert number_verdict(f"A family can see every home match for £{total:,} - £{each} per match.", source) is None
    assert (
        number_verdict(f"A family can see every home match for £{total:,} - £{each + shift} per match.", source)
        is not None
    )
    assert (
        number_verdict(f"A family can see every home match for £{total + 1000:,} - £{each} per match.", source)
        is not None
    )


@given(
    before=st.integers(min_value=100, max_value=99_000),
    growth=st.decimals(min_value=Decimal("0.5"), max_value=80, places=1),
    error=st.sampled_from([Decimal(0), Decimal("0.4"), Decimal(-1), Decimal(3)]),
    level_first=st.booleans(),
)
def test_a_percentage_change_worked_out_from_two_levels_is_the_models(
    before: int, growth: Decimal, error: Decimal, level_first: bool
) -> None:
    """An answer works out a percentage change from two levels of one source sentence and states
    one of them ("revenue rose 2.7% to $512.3 million" of "$512.3 million compared to $498.7
    million"): the change is left to the model, and the level it compares with takes nothing from
    the one stated. A change that does not round to the two levels' is still not vouched for."""
    after = (Decimal(before) * (1 + growth / 100)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    change = ((after / before - 1) * 100).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP) + error
    assume(change > 0)
    source = f"Quarterly revenue was ${after:,} million, compared with ${before:,} million a year earlier."
    answer = (
        f"Quarterly revenue was ${after:,} million, up {change}% from a year earlier."
        if level_first
        else f"Quarterly revenue rose {change}% year on year to ${after:,} million."
    )
    assert (number_verdict(answer, source) is None) == (error == 0)
