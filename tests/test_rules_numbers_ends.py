"""Which end of a span of times a time is (validator/rules/numbers/ends.py): a time said to open or
close is vouched for only by that end of the evidence's span, through the rule's function and a
Guard."""

from __future__ import annotations

import pytest
from helpers import check_answer, number_verdict
from hypothesis import given
from hypothesis import strategies as st

from validator.rules.numbers.ends import check_ends

ENDS = [
    ("The pool opens at 10pm.", "The pool is open from 6am until 10pm.", "contradicted"),
    ("Visiting hours end at 2pm.", "Visiting hours are 2pm-8pm daily.", "contradicted"),
    ("The pharmacy closes at 8:00.", "The pharmacy is open 8:00-18:00 on weekdays.", "contradicted"),
    ("The library closes at 10 a.m.", "Opening hours: 10 a.m. to 6 p.m., Monday to Saturday.", "contradicted"),
    ("The market starts at 4pm.", "The market runs from 11am to 4pm.", "contradicted"),
    ("The shop shuts at 9am.", "The shop opens at 9am.", "contradicted"),
    ("The museum closes at 5pm.", "The museum is open from 9am to 5pm.", None),
    ("The pool opens at 6am.", "The pool is open from 6am until 10pm.", None),
    ("The café is open until 6 p.m.", "Opening hours: 10 a.m. to 6 p.m.", None),
    ("The ferry leaves at 10pm.", "The pool is open from 6am until 10pm.", None),  # no end said
    ("The pool opens at 10pm.", "The pool is open from 6am until 10pm. The bar opens at 10pm.", None),
]


@pytest.mark.parametrize(("claim", "evidence", "expected"), ENDS, ids=[c for c, _, _ in ENDS])
def test_a_time_is_vouched_for_only_by_its_own_end_of_a_span(claim: str, evidence: str, expected: str | None) -> None:
    finding = check_ends(claim, [evidence])
    assert (finding[0] if finding else None) == expected
    assert number_verdict(claim, evidence) == expected


HOURS = st.integers(6, 11)
OPENS = st.sampled_from(["opens at", "starts at", "begins at", "is open from"])
CLOSES = st.sampled_from(["closes at", "ends at", "shuts at", "is open until"])
JOINS = st.sampled_from(["from {a}am until {b}pm", "{a}am-{b}pm", "{a}am to {b}pm", "from {a}am to {b}pm"])


@given(HOURS, HOURS, OPENS, CLOSES, JOINS, st.booleans())
def test_either_end_of_any_span_vouches_only_for_itself(
    a: int, b: int, opens: str, closes: str, join: str, right: bool
) -> None:
    evidence = f"The clinic is open {join.format(a=a, b=b)} on weekdays."
    opening, closing = f"The clinic {opens} {a}am.", f"The clinic {closes} {b}pm."
    swapped_opening, swapped_closing = f"The clinic {opens} {b}pm.", f"The clinic {closes} {a}am."
    if right:
        assert check_ends(opening, [evidence]) is None and check_ends(closing, [evidence]) is None
    else:
        assert check_ends(swapped_opening, [evidence]) is not None
        assert check_ends(swapped_closing, [evidence]) is not None


def test_a_guard_fails_a_closing_time_vouched_for_only_by_the_opening_one() -> None:
    passed, [sentence] = check_answer("The gallery closes at 10am.", ["The gallery is open from 10am to 6pm."])
    assert not passed and sentence["finding"] == "span_end" and "10am" in sentence["note"], sentence


@pytest.mark.parametrize(
    ("rest_of_source", "expected"), [("On Fridays the pool opens at 10pm.", None), ("It is busy.", "contradicted")]
)
def test_an_end_is_settled_by_the_whole_source_as_a_value_is(rest_of_source: str, expected: str | None) -> None:
    """A time the passages give only as the other end is not vetoed where the whole source says
    it of this end: retrieval may not have brought that sentence, as for any value."""
    passage = "The pool is open from 6am until 10pm."
    claim = "The pool opens at 10pm on Fridays."
    assert number_verdict(claim, passage, sources=[f"{passage} {rest_of_source}"]) == expected
