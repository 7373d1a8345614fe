"""What a source strikes through is what it withdrew (validator.sources): a sentence it strikes
out fails, its replacement passes, through a real Guard and the bundled model, in every form of
strikethrough and through a query_function too."""

from __future__ import annotations

import pytest
from guardrails import Guard
from hypothesis import given, settings
from hypothesis import strategies as st

from validator import ProvenanceNLI
from validator.sources import without_struck

STRIKES = {
    "markdown": lambda text: f"~~{text}~~",
    "del": lambda text: f"<del>{text}</del>",
    "s": lambda text: f'<s class="old">{text}</s>',
    "strike": lambda text: f"<STRIKE>{text}</STRIKE>",
    "overlay": lambda text: "".join(c + "\u0336" if not c.isspace() else c for c in text),
}
EDITS = [
    ("The clinic opens at 8am on weekdays.", "The clinic opens at 9am on weekdays."),
    ("The fee is waived for students.", "Students pay half the fee."),
    ("The bridge reopens in March.", "The bridge stays closed until June."),
    ("Refunds are given within 30 days.", "Refunds are given within 14 days."),
]


def _passes(answer: str, metadata: dict) -> bool:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    return bool(guard.validate(answer, metadata=metadata).validation_passed)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(sorted(STRIKES)), st.sampled_from(EDITS))
def test_a_sentence_the_source_strikes_out_fails(form: str, edit: tuple[str, str]) -> None:
    old, new = edit
    source = f"Notice. {STRIKES[form](old)} {new} Ask at the desk for details."
    assert not _passes(old, {"sources": [source]}), source


@pytest.mark.parametrize("form", sorted(STRIKES))
def test_the_sentence_that_replaced_it_passes(form: str) -> None:
    old, new = EDITS[0]
    assert _passes(new, {"sources": [f"Notice. {STRIKES[form](old)} {new}"]})


def test_a_query_functions_passage_is_read_without_what_it_strikes_out() -> None:
    old, new = EDITS[0]
    passage = f"Notice. <del>{old}</del> {new}"
    assert not _passes(old, {"query_function": lambda text, k: [passage]})


def test_tildes_and_angle_brackets_that_strike_nothing_stay() -> None:
    text = "Approx. ~5 km away; x < y and y > z; ~~ alone\n\nand ~~ later; <b>bold</b>."
    assert without_struck(text) == text
