"""Nothing unverified passes, round 3 (issue 35), items 6 and 7: inputs that crashed the check now
fail closed or become row errors, and the smaller holes (another program's embedding database,
vectors of the wrong size, a pair scorer that never answers, a LangChain answer of None), through
the public API and the CLI."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest
from guardrails import Guard
from helpers import last_result, outcome, run_cli

from validator import ProvenanceNLI
from validator.embedding_store import FILE_NAME
from validator.errors import InvalidInput

SOURCE = "The Eiffel Tower is in Paris."
SURROGATE_ANSWER = "The Eiffel Tower is in Paris.\ud800"


def test_a_lone_surrogate_in_the_answer_fails_closed() -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    result = outcome(guard.validate(SURROGATE_ANSWER, metadata={"sources": [SOURCE]}))
    assert not result.validation_passed
    failed = last_result(guard)
    assert "surrogate" in failed.error_message and failed.fix_value == ""


def test_a_lone_surrogate_row_is_a_row_error_and_the_other_rows_are_checked(tmp_path: Path) -> None:
    rows = [
        {"id": "bad", "text": SURROGATE_ANSWER, "sources": [SOURCE]},
        {"id": "good", "text": SOURCE, "sources": [SOURCE]},
    ]
    # json.dumps writes the lone surrogate as the escape "\ud800", as any JSON producer does
    (tmp_path / "in.jsonl").write_text("\n".join(json.dumps(row) for row in rows), encoding="utf-8")
    result = run_cli("check-batch", "--input", str(tmp_path / "in.jsonl"), "--output", str(tmp_path / "out.jsonl"))
    assert result.returncode == 3, result.stderr
    bad, good = (json.loads(line) for line in (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines())
    assert bad["passed"] is False and "surrogate" in bad["error"]
    assert good["passed"] is True


DEEP = "[" * 100_000 + "]" * 100_000


def test_deeply_nested_json_sources_are_invalid_input() -> None:
    with pytest.raises(InvalidInput, match="sources"):
        ProvenanceNLI(on_fail="noop").validate(SOURCE, {"sources": DEEP})


def test_a_deeply_nested_batch_line_is_a_row_error(tmp_path: Path) -> None:
    good = json.dumps({"id": "good", "text": SOURCE, "sources": [SOURCE]})
    (tmp_path / "in.jsonl").write_text(f"{DEEP}\n{good}\n", encoding="utf-8")
    result = run_cli("check-batch", "--input", str(tmp_path / "in.jsonl"), "--output", str(tmp_path / "out.jsonl"))
    assert result.returncode == 3, result.stderr
    bad, checked = (json.loads(line) for line in (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines())
    assert "nested too deeply" in bad["error"] and checked["passed"] is True


def test_a_deeply_nested_settings_file_is_invalid_input(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(DEEP, encoding="utf-8")
    with pytest.raises(InvalidInput, match="settings"):
        ProvenanceNLI(on_fail="noop", settings=str(tmp_path / "settings.json"))


def test_another_programs_sqlite_database_is_refused(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        db.execute("CREATE TABLE users (name TEXT)")
    with pytest.raises(InvalidInput, match="embedding_cache"):
        ProvenanceNLI(on_fail="noop", embedding_cache=str(tmp_path))


def test_stored_vectors_of_the_wrong_size_are_misses(tmp_path: Path) -> None:
    sources = [SOURCE + " It was completed in 1889. It is 330 metres tall."]
    answer = "The Eiffel Tower was completed in 1889."
    first = Guard().use(ProvenanceNLI(on_fail="noop", embedding_cache=str(tmp_path), retrieval="dense"))
    first.validate(answer, metadata={"sources": sources})
    expected = last_result(first).metadata["provenance_nli"]["sentences"]
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        assert db.execute("UPDATE vectors SET vector = zeroblob(12)").rowcount > 0
    again = Guard().use(ProvenanceNLI(on_fail="noop", embedding_cache=str(tmp_path), retrieval="dense"))
    again.validate(answer, metadata={"sources": sources})
    assert last_result(again).metadata["provenance_nli"]["sentences"] == expected


class NeverAnswers:
    """An app's pair scorer that hangs."""

    labels = ("entailment", "neutral", "contradiction")

    def predict(self, pairs: list) -> list:
        time.sleep(3)  # past the timeout; the abandoned thread then ends on its own
        return [[1.0, 0.0, 0.0] for _ in pairs]


def test_a_pair_scorer_past_its_timeout_fails_closed() -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="noop", pair_scorer=NeverAnswers(), endpoint_timeout=0.5))
    started = time.monotonic()
    passed = outcome(
        guard.validate("The tower is tall and old.", metadata={"sources": ["The tower is tall. It is old."]})
    )
    assert time.monotonic() - started < 2.5 and not passed.validation_passed
    failed = last_result(guard)
    assert "did not answer within 0.5 s" in failed.error_message and failed.fix_value == ""


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        ("エッフェル塔はロンドンにあります。", "エッフェル塔はパリにあります。"),
        ("برج إيفل موجود في لندن.", "برج إيفل موجود في باريس."),
        ("Эйфелева башня находится в Лондоне.", "Эйфелева башня находится в Париже."),
        ("La tour Eiffel est à Londres et elle est grande.", "La tour Eiffel est à Paris et elle est grande."),
    ],
    ids=["japanese", "arabic", "russian", "french"],
)
def test_text_the_bundled_model_cannot_read_is_unsupported_and_says_why(answer: str, source: str) -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    assert not outcome(guard.validate(answer, metadata={"sources": [source]})).validation_passed
    [sentence] = last_result(guard).metadata["provenance_nli"]["sentences"]
    assert sentence["verdict"] == "unsupported" and "English" in sentence["note"] and "model_name" in sentence["note"]
