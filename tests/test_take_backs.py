"""A source that copies a sentence only to take it back, in any words: the copy is read by the
model with what follows it (``reread``, docs/verdicts.md), so no list of phrases has to know them."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from validator import ProvenanceNLI

FACTS = [
    "The keeper rescued forty sailors.",
    "The mayor opened the bridge in 1932.",
    "The company sold its factory to a rival.",
    "The museum returned the painting to Spain.",
]
TAKE_BACKS = [
    "That is not what happened.",
    "That never happened.",
    "This is false.",
    "None of that is true.",
    "Nothing could be further from the truth.",
    "Historians now dismiss the account as invented.",
    "Researchers have since debunked this claim.",
    "The story was later retracted.",
    "Verdict: FALSE",
    "Rating: False.",
    "That account turned out to be a hoax.",
    "This claim is a myth.",
    "The newspaper later admitted the report was wrong.",
    "Investigators found no evidence that this ever occurred.",
    "Later records show this did not take place.",
    "Sadly, the tale is untrue.",
]
GOING_ON = [
    "The event was widely reported at the time.",
    "It was the first such case in the region.",
    "Local papers covered the story for weeks.",
    "A plaque marks the spot today.",
]


def _failed(answer: str, source: str) -> bool:
    return ProvenanceNLI(on_fail="noop").validate(answer, {"sources": [source]}).outcome == "fail"


@pytest.mark.slow
def test_a_copy_taken_back_in_other_words_fails() -> None:
    """Four facts, each followed by sixteen take-backs that name no cue word of the old list: the
    model reads nearly all (4 of 64 passed when this was written, 24 before the model read them)."""
    pairs = itertools.product(FACTS, TAKE_BACKS)
    missed = [(fact, back) for fact, back in pairs if not _failed(fact, f"{fact} {back}")]
    assert len(missed) <= len(FACTS) * len(TAKE_BACKS) // 10, missed


@pytest.mark.parametrize(
    "back",
    [
        "That is not what happened.",
        "Nothing could be further from the truth.",
        "Historians now dismiss the account as invented.",
        "Or did he? The evidence says no.",
        "Verdict: FALSE",
    ],
)
def test_the_reported_take_backs_fail(back: str) -> None:
    assert _failed("The keeper rescued forty sailors.", f"The keeper rescued forty sailors. {back}")


@pytest.mark.parametrize(("fact", "going_on"), list(zip(FACTS, GOING_ON, strict=True)))
def test_a_copy_the_source_goes_on_from_is_still_settled(fact: str, going_on: str) -> None:
    result = ProvenanceNLI(on_fail="noop").validate(fact, {"sources": [f"{fact} {going_on}"]})
    assert result.metadata["provenance_nli"]["sentences"][0]["method"] == "verbatim"  # type: ignore[index]


UNTRUE_HEADINGS = ["Myths", "Rumours", "Debunked", "Disputed", "Tall tales", "Retracted statements", "Not true"]
NEUTRAL_HEADINGS = ["Features", "Key facts", "Timeline", "Highlights"]
HEADING_STYLES = ["{}:", "## {}", "**{}**", "### {}", "{}:\n", "<h3>{}</h3>", "{}\n-----", "{}\n=====", "CAPITALS"]
"""A label, Markdown (ATX and setext), bold, HTML, or a line in capitals alone ("MYTHS")."""


def _heading(style: str, heading: str) -> str:
    return heading.upper() if style == "CAPITALS" else style.format(heading)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(FACTS), st.sampled_from(UNTRUE_HEADINGS), st.sampled_from(HEADING_STYLES), st.booleans())
def test_an_item_under_a_heading_that_calls_it_untrue_fails(fact: str, heading: str, style: str, bullet: bool) -> None:
    """With or without a bullet, under a label or a Markdown or bold heading: the item is what the
    source says is untrue, and no passage holding it may support it (``framing_check``)."""
    item = f"- {fact}" if bullet else fact
    heading = _heading(style, heading)
    source = f"The harbour has a long history.\n\n{heading}\n{item}\nThe lamp was lit by a trained cat."
    result = ProvenanceNLI(on_fail="noop").validate(fact, {"sources": [source]})
    assert result.outcome == "fail", result.metadata


@pytest.mark.parametrize("heading", NEUTRAL_HEADINGS)
@pytest.mark.parametrize("style", HEADING_STYLES)
def test_an_item_under_a_heading_that_does_not_deny_it_is_not_disowned(heading: str, style: str) -> None:
    fact = FACTS[0]
    source = f"The harbour has a long history.\n\n{_heading(style, heading)}\n{fact}\nA plaque marks the spot today."
    result = ProvenanceNLI(on_fail="noop").validate(fact, {"sources": [source]})
    assert result.metadata["provenance_nli"]["sentences"][0]["method"] != "framing_check"  # type: ignore[index]


RATED_UNTRUE = ["False", "FALSE", "Misleading", "Incorrect", "Unproven", "Mostly false"]
RATED_TRUE = ["True", "Correct", "Accurate"]
RATING_STYLES = [
    "{key}: {rating}\n{fact}",
    "{key}: {rating}\n\n- {fact}",
    "[{rating}] {fact}",
    "[{key}: {rating}] {fact}",
]
"""A rating on a line of its own over the claim or a list of claims, or as a tag before it."""


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(FACTS),
    st.sampled_from(["Rating", "Verdict", "Our ruling", "Fact check"]),
    st.sampled_from(RATED_UNTRUE),
    st.sampled_from(RATING_STYLES),
)
def test_a_claim_rated_untrue_by_a_line_or_tag_fails(fact: str, key: str, rating: str, style: str) -> None:
    """A fact-check writes its rating without a stop ("Rating: False" on a line, "[FALSE]" before
    the claim); the claim under it is what the source says is untrue, as under "Myths:", whatever
    the model makes of it."""
    source = "Readers sent us this claim.\n\n" + style.format(key=key, rating=rating, fact=fact)
    result = ProvenanceNLI(on_fail="noop").validate(fact, {"sources": [source]})
    assert result.outcome == "fail", (source, result.metadata)


@pytest.mark.parametrize("rating", RATED_TRUE)
@pytest.mark.parametrize("style", RATING_STYLES)
def test_a_claim_rated_true_by_a_line_or_tag_is_not_disowned(rating: str, style: str) -> None:
    source = "Readers sent us this claim.\n\n" + style.format(key="Rating", rating=rating, fact=FACTS[1])
    result = ProvenanceNLI(on_fail="noop").validate(FACTS[1], {"sources": [source]})
    assert result.metadata["provenance_nli"]["sentences"][0]["method"] != "framing_check"  # type: ignore[index]
