"""A sentence of the evidence with its values written another way passes, as a copy does; one
value off, or one word besides the values, and it does not (validator.rules.restated)."""

from __future__ import annotations

import pytest

from validator import ProvenanceNLI
from validator.rules.restated import restated

RESTATED = [
    ("The sale starts on 2024-03-05.", "The sale starts on 5 March 2024."),
    ("The shop closes at 6 p.m. on weekdays.", "The shop closes at 18:00 on weekdays."),
    ("The flight takes 2.5 hours.", "The flight takes two and a half hours."),
    ("The project cost 1bn dollars.", "The project cost one billion dollars."),
    ("The museum reopened on 12 June 2021 after repairs.", "The museum reopened on June 12, 2021 after repairs."),
    ("The race covers 42.2 km.", "The race covers 42.2 kilometres."),
    ("The ceremony starts at noon.", "The ceremony starts at 12:00."),
    ("The office opens at 12 midnight.", "The office opens at 00:00."),
    ("The scene is in Chapter IV.", "The scene is in Chapter 4."),
    ("Part II covers the war.", "Part 2 covers the war."),
]
WRONG = [
    ("The sale starts on 2024-03-06.", "The sale starts on 5 March 2024."),
    ("The shop closes at 5 p.m. on weekdays.", "The shop closes at 18:00 on weekdays."),
    ("The flight takes 3.5 hours.", "The flight takes two and a half hours."),
    ("The project cost 2bn dollars.", "The project cost one billion dollars."),
    ("The museum reopened on 13 June 2021 after repairs.", "The museum reopened on June 12, 2021 after repairs."),
    ("The ceremony starts at noon.", "The ceremony starts at 13:00."),
    ("The scene is in Chapter IV.", "The scene is in Chapter 5."),
]
WORD_OFF = [
    ("The museum closed on 12 June 2021 after repairs.", "The museum reopened on June 12, 2021 after repairs."),
    ("The shop opens at 6 p.m. on weekdays.", "The shop closes at 18:00 on weekdays."),
    ("The flight takes 2.5 days.", "The flight takes two and a half hours."),
    ("The hall seats 1,200 adults.", "The hall seats 1200 people."),
]


@pytest.mark.parametrize(("claim", "source"), RESTATED)
def test_an_evidence_sentence_with_its_values_written_another_way_passes(claim: str, source: str) -> None:
    result = ProvenanceNLI(on_fail="noop").validate(claim, {"sources": [source]})
    assert result.outcome == "pass", result.metadata


@pytest.mark.parametrize(("claim", "source"), WRONG)
def test_one_value_off_is_not_a_restatement_and_fails(claim: str, source: str) -> None:
    assert restated(claim, [source]) is None
    assert ProvenanceNLI(on_fail="noop").validate(claim, {"sources": [source]}).outcome == "fail"


@pytest.mark.parametrize(("claim", "source"), WORD_OFF)
def test_one_word_besides_the_values_off_is_not_a_restatement(claim: str, source: str) -> None:
    assert restated(claim, [source]) is None


def test_a_run_with_no_value_the_reader_reads_is_left_to_the_model() -> None:
    assert restated("The ceremony starts soon.", ["The ceremony starts at 12:00."]) is None
