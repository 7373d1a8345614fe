"""Nothing unverified passes, round 3 (issue 35), items 2-4: calibration and settings files that
would switch the check off, verbatim support for what the source does not assert, and the number
rule's gaps, through the public API and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from guardrails import Guard
from helpers import last_result, outcome, run_cli, sentences_of

from validator import ProvenanceNLI
from validator.errors import InvalidInput
from validator.numbers import number_verdict


# 2. Calibration and settings files.
def write_rows(path: Path, rows: list[dict], copies: int = 1) -> Path:
    path.write_text("\n".join(json.dumps(row) for row in rows * copies) + "\n", encoding="utf-8")
    return path


TWO_ROWS = [
    {
        "text": "The bridge was planned by an engineer.",
        "sources": ["An engineer designed the bridge."],
        "grounded": True,
    },
    {"text": "The bridge has 4 towers.", "sources": ["The bridge has 3 towers."], "grounded": False},
]


@pytest.mark.parametrize("copies", [1, 20])
def test_calibrate_refuses_too_few_distinct_model_decided_rows(tmp_path: Path, copies: int) -> None:
    items = write_rows(tmp_path / "rows.jsonl", TWO_ROWS, copies)
    result = run_cli("calibrate", "--input", str(items), "--output", str(tmp_path / "settings.json"))
    assert result.returncode == 2, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "distinct" in result.stderr
    assert f"{2 * copies - 2} duplicate rows dropped" in result.stderr
    assert not (tmp_path / "settings.json").exists()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("entailment_threshold", "0.0"),
        ("entailment_threshold", "-0.0"),
        ("entailment_threshold", "5e-324"),
        ("contradiction_threshold", "0.001"),
        ("temperature", "1e300"),
        ("temperature", "1e-300"),
        ("temperature", "1" * 400),
    ],
)
def test_a_settings_file_outside_the_sane_range_is_refused(tmp_path: Path, field: str, value: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(f'{{"{field}": {value}}}', encoding="utf-8")
    with pytest.raises(InvalidInput, match=field):
        ProvenanceNLI(on_fail="noop", settings=str(path))
    result = run_cli(
        "check", "--sources", "examples/eiffel-tower.txt", "--text", "-", "--settings", str(path), stdin="A."
    )
    assert result.returncode == 2 and field in result.stderr, result.stderr


def test_a_settings_file_with_a_key_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"entailment_threshold": 0.9, "entailment_threshold": 0.3}', encoding="utf-8")
    with pytest.raises(InvalidInput, match="twice"):
        ProvenanceNLI(on_fail="noop", settings=str(path))


# 3. Verbatim only for a whole sentence the source asserts.
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


# 4. The number rule's gaps: each wrong number is vetoed, whatever a model or judge says.
GAPS = [
    ("The band released 6 albums.", "The band released 4 albums, 6 years after it formed."),
    ("The path is 4 miles long.", "The path has 4 benches and is 9 kilometres long."),
    ("The firm has 1925 staff.", "The firm, founded in 1925, has 300 staff."),
    ("The runner finished 2nd.", "The runner finished 1st with 2 records."),
    ("Exactly 500 people came.", "Over 500 people came."),
    ("Henry VII built the chapel.", "Henry VIII built the chapel."),
    ("A dozen boats sank.", "Thirty boats sank."),
    (
        "The tower was completed in 1925.",
        "| event | year |\n| --- | --- |\n| tower completed | 1889 |\n| sign added | 1925 |",
    ),
]


@pytest.mark.parametrize(("answer", "source"), GAPS, ids=[a for a, _ in GAPS])
def test_the_number_rule_vetoes_each_gap(answer: str, source: str) -> None:
    assert number_verdict(answer, source) is not None
    judge = json.dumps({"verdict": "supports", "confidence": 0.99, "quote": source})
    guard = Guard().use(ProvenanceNLI(on_fail="noop", scorer="llm", llm_callable=lambda prompt: judge))
    assert not outcome(guard.validate(answer, metadata={"sources": [source]})).validation_passed


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        ("The band released 4 albums.", GAPS[0][1]),
        ("The path is 9 kilometres long.", GAPS[1][1]),
        ("The firm has 300 staff.", GAPS[2][1]),
        ("The runner finished 1st.", GAPS[3][1]),
        ("More than 500 people came.", GAPS[4][1]),
        ("Henry VIII built the chapel.", GAPS[5][1]),
        ("Thirty boats sank.", GAPS[6][1]),
        ("The tower was completed in 1889.", GAPS[7][1]),
    ],
)
def test_the_right_numbers_still_pass_the_rule(answer: str, source: str) -> None:
    assert number_verdict(answer, source) is None
