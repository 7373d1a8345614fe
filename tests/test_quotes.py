"""Copies and negations (validator/quotes.py, the settle stage): only what a source asserts in
its own voice is a copy, and only its negation asserted so contradicts, through a Guard."""

from __future__ import annotations

import pytest
from guardrails import Guard
from guardrails.errors import ValidationError
from helpers import (
    last_result,
    only,
    outcome,
    sentences_of,
)

from validator import ProvenanceNLI

NOT_ASSERTED = [
    "Myth: the tower was built in 1925.",
    'He falsely claimed: "The tower was built in 1925."',
    'The claim that "the tower was built in 1925" is false.',
    "The tower was built in 1925? No, it was built in 1889.",
    "The tower was built in 1925; this is a common error.",
    "Common errors: (a) the tower was built in 1925 (b) it is in Rome.",
    "Rumour: 'the tower was built in 1925'.",
    "The tower was built in 1925... is false.",
    "The tower was built in 1925. This is a common misconception.",
]


@pytest.mark.parametrize("source", NOT_ASSERTED)
def test_a_quoted_labelled_or_questioned_sentence_is_not_a_copy(source: str) -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    guard.validate("The tower was built in 1925.", metadata={"sources": [source]})
    sentence = only(last_result(guard))
    assert sentence["method"] != "verbatim" and sentence["confidence"] != 1.0


def test_a_negation_under_a_label_does_not_contradict() -> None:
    result = ProvenanceNLI(on_fail="noop").validate(
        "The museum is open on Mondays.", {"sources": ["Myth: the museum is not open on Mondays."]}
    )
    assert only(result)["method"] != "negation_check"


def test_an_asserted_sentence_is_still_a_copy() -> None:
    for source in ("The tower was built in 1889.", "History. The tower was built in 1889 [3]. It is tall."):
        result = ProvenanceNLI(on_fail="noop").validate("The tower was built in 1889.", {"sources": [source]})
        assert (only(result)["method"], result.outcome) == ("verbatim", "pass")


def test_a_copied_pronoun_sentence_keeps_its_own_antecedent() -> None:
    source = "The Eiffel Tower is in Paris. The Empire State Building is in New York. It was completed in 1931."
    result = ProvenanceNLI(on_fail="noop").validate(
        "The Eiffel Tower is in Paris. It was completed in 1931.", {"sources": [source]}
    )
    first, second = sentences_of(result)
    assert first["method"] == "verbatim" and second["method"] != "verbatim"
    assert result.outcome == "fail" and second["verdict"] != "supported"
    kept = ProvenanceNLI(on_fail="noop").validate(
        "The Empire State Building is in New York. It was completed in 1931.", {"sources": [source]}
    )
    assert [s["method"] for s in sentences_of(kept)] == ["verbatim", "verbatim"]


COPY = "The dam was finished in 1931."


@pytest.mark.parametrize(
    "source",
    [
        "Brochures often get the date wrong, i.e. the dam was finished in 1931.",
        "Misconceptions about the dam:\n1. The dam was finished in 1931.\n2. It was built by slaves.",
        "Legend. The dam was finished in 1931.",
        "The dam was finished in 1931. That story was later disproved.",
        "Some say the dam was finished in 1931, others in 1936. The dam was finished in 1931. Neither claim is true.",
    ],
    ids=["abbreviation", "heading-list", "label", "disproved", "neither"],
)
def test_verbatim_does_not_vouch_for_what_the_source_does_not_assert(source: str) -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    guard.validate(COPY, metadata={"sources": [source]})
    [sentence] = sentences_of(last_result(guard))
    assert sentence["method"] != "verbatim" and sentence["confidence"] != 1.0, sentence


def test_a_prefix_of_a_longer_source_sentence_is_not_a_copy() -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    guard.validate(
        "Smoking was banned in the E.U.",
        metadata={"sources": ["Smoking was banned in the E.U. parliament's canteens in 2004."]},
    )
    [sentence] = sentences_of(last_result(guard))
    assert sentence["method"] != "verbatim"


def test_a_whole_asserted_sentence_is_still_a_copy() -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    for source in (
        COPY,
        "History. The dam was finished in 1931 [3]. It is tall.",
        "Facts:\nThe dam is in Nevada.\n\nThe dam was finished in 1931.",
    ):
        assert outcome(guard.validate(COPY, metadata={"sources": [source]})).validation_passed
        assert sentences_of(last_result(guard))[0]["method"] == "verbatim", source


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The tenant is liable for repairs.", "The landlord, not the tenant, is liable for repairs."),
        ("The seller receives the refund.", "The buyer, not the seller, receives the refund."),
        ("Refunds go to the seller within 30 days.", "Refunds go to the buyer, not the seller, within 30 days."),
        ("The tenant pays for repairs.", "The landlord rather than the tenant pays for repairs."),
        ("The council maintains the park.", "The trust maintains the park instead of the council."),
        ("Staff travel by plane.", "Staff travel by train rather than by plane."),
    ],
)
def test_what_a_source_excludes_outside_the_verb_is_contradicted(claim: str, source: str) -> None:
    """ "X, not Y", "X rather than Y", "X instead of Y": the negation is not on the verb, and the
    claim that says Y is opposed as a minimal pair would be."""
    with pytest.raises(ValidationError):
        Guard().use(ProvenanceNLI(on_fail="exception")).validate(claim, metadata={"sources": [source]})


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The landlord is liable for repairs.", "The landlord, not the tenant, is liable for repairs."),
        ("Staff travel by train.", "Staff travel by train rather than by plane."),
        ("The trust maintains the park.", "The trust maintains the park instead of the council."),
    ],
)
def test_what_a_source_keeps_beside_what_it_excludes_passes(claim: str, source: str) -> None:
    assert ProvenanceNLI(on_fail="noop").validate(claim, {"sources": [source]}).outcome == "pass"
