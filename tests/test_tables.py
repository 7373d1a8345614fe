"""Tables, CSV and JSON in a source are read a row at a time (validator.tables): a value from the
wrong row fails, through a real Guard and the bundled model, and the source's other text is read
as it was written."""

from __future__ import annotations

import json

import pytest
from guardrails import Guard
from hypothesis import given, settings
from hypothesis import strategies as st

from validator import ProvenanceNLI
from validator.tables import read_rows

ROWS = [
    ("Aspirin", "75 mg", "300 mg"),
    ("Warfarin", "5 mg", "10 mg"),
    ("Metformin", "500 mg", "2000 mg"),
]
HEADER = ("Drug", "Daily dose", "Max dose")


def markdown() -> str:
    lines = ["| " + " | ".join(HEADER) + " |", "|---|---|---|"]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in ROWS])


def comma_separated() -> str:
    return "\n".join(",".join(row) for row in [HEADER, *ROWS])


def as_json() -> str:
    return json.dumps({"drugs": [{"name": n, "daily dose": d, "max dose": m} for n, d, m in ROWS]})


def as_json_keys() -> str:
    """JSON whose keys are written as code: "daily_dose", "maxDose"."""
    return json.dumps([{"drug": n, "daily_dose": d, "maxDose": m} for n, d, m in ROWS])


def as_yaml() -> str:
    return "\n".join(f"- drug: {n}\n  daily dose: {d}\n  max dose: {m}" for n, d, m in ROWS)


def as_key_value_blocks() -> str:
    return "\n\n".join(f"Drug: {n}\nDaily dose: {d}\nMax dose: {m}" for n, d, m in ROWS)


SOURCES = {
    "markdown": markdown,
    "csv": comma_separated,
    "json": as_json,
    "json-keys": as_json_keys,
    "yaml": as_yaml,
    "key-value": as_key_value_blocks,
}
CLAIMS = [
    "The {column} of {name} is {value}.",
    "{name} has a {column} of {value}.",
    "{name} is taken at a {column} of {value}.",
]


def _passes(answer: str, source: str) -> bool:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    return bool(guard.validate(answer, metadata={"sources": [source]}).validation_passed)


@settings(max_examples=24, deadline=None)
@given(
    st.sampled_from(sorted(SOURCES)),
    st.sampled_from(CLAIMS),
    st.sampled_from(range(len(ROWS))),
    st.sampled_from([1, 2]),
    st.sampled_from([1, 2]),
)
def test_a_value_from_another_row_fails(form: str, claim: str, row: int, column: int, shift: int) -> None:
    name = ROWS[row][0]
    other = ROWS[(row + shift) % len(ROWS)][column]
    answer = claim.format(column=HEADER[column].lower(), name=name, value=other)
    assert not _passes(answer, SOURCES[form]()), answer


NAMED_FORMS = [
    "{name}'s {column} is {value}.",
    "{name}'s {column} was set at {value}.",
    "Last year {name}'s {column} was {value}.",
    "For {name}, the {column} is {value}.",
    "{name}: {column} {value}.",
    "With {name}, the {column} is {value}.",
]
"""The drug named as the owner of the column ("Aspirin's daily dose"), before the clause ("For
Aspirin, the daily dose…") or as its label ("Aspirin: daily dose…")."""


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(sorted(SOURCES)),
    st.sampled_from(NAMED_FORMS),
    st.sampled_from(range(len(ROWS))),
    st.sampled_from([1, 2]),
    st.sampled_from([1, 2]),
)
def test_a_value_from_another_row_said_of_a_named_drug_fails(
    form: str, claim: str, row: int, column: int, shift: int
) -> None:
    """ "Aspirin's daily dose is 5 mg." names Aspirin as "The daily dose of Aspirin" does: the row
    of another drug holds the same column's words, but not the name, so its value is another's;
    the row's own value is no rule's finding (the model reads it)."""
    name = ROWS[row][0]
    other = ROWS[(row + shift) % len(ROWS)][column]
    answer = claim.format(column=HEADER[column].lower(), name=name, value=other)
    assert not _passes(answer, SOURCES[form]()), answer
    own = claim.format(column=HEADER[column].lower(), name=name, value=ROWS[row][column])
    result = ProvenanceNLI(on_fail="noop").validate(own, {"sources": [SOURCES[form]()]})
    assert not any(s["finding"] for s in result.metadata["provenance_nli"]["sentences"]), own  # type: ignore[index]


@pytest.mark.parametrize("form", sorted(SOURCES))
def test_a_value_from_its_own_row_passes(form: str) -> None:
    answer = "The daily dose of Warfarin is 5 mg. The max dose of Metformin is 2000 mg."
    assert _passes(answer, SOURCES[form]())


def test_prose_with_commas_and_bars_is_left_as_written() -> None:
    prose = "Paris, London and Rome are capitals.\nHe said, however, that it rained.\nYes, it did, twice.\na | b"
    assert read_rows(prose) == prose
    news = (
        "The Irishman, twice a winner of the finale, stumbled to a 75 to lie 55th in the field.\n"
        "McIlroy, 27, has never finished worse than 11th in his seven appearances in Dubai.\n"
        "Westwood, meanwhile, carded seven birdies and just one bogey in his 66."
    )
    assert read_rows(news) == news  # as many commas a line, but sentences, not rows
    assert read_rows('"just a string"') == '"just a string"'


def test_a_table_reads_one_sentence_a_cell_and_the_text_around_it_stays() -> None:
    source = "Doses below.\n" + markdown() + "\nAsk a pharmacist."
    read = read_rows(source)
    assert read.startswith("Doses below.\n") and read.endswith("\nAsk a pharmacist.")
    assert "The Max dose of Warfarin is 10 mg." in read and "|" not in read


@pytest.mark.parametrize("opening", ['{"a": ', "[", '[{"b": '])
def test_a_json_source_nested_too_deeply_to_read_as_rows_is_read_as_written(opening: str) -> None:
    """Nesting that json reads but that is too deep to walk is left as text, at every depth up to
    past what json reads: never a RecursionError from a source (the validator's own check; past
    about 950 levels guardrails' step telemetry, which parses metadata strings as JSON, overflows
    before any validator runs)."""
    closing = "".join({"{": "}", "[": "]"}[c] for c in reversed(opening) if c in "{[")
    sources = [opening * depth + '{"x": 1}' + closing * depth for depth in range(100, 1_500)]
    for source in sources:
        read_rows(source)  # rows or the text as written; no RecursionError
    result = ProvenanceNLI(on_fail="noop").validate("The value of x is 2.", {"sources": [sources[-1]]})
    assert result.outcome == "fail"
