"""Bad input gets a clear error or a documented verdict, never a crash deep inside."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from guardrails import Guard
from guardrails.classes.validation_outcome import ValidationOutcome
from guardrails.errors import ValidationError
from helpers import (
    last_result,
    only,
    outcome,
    run_cli,
    sentences_of,
)

from validator import ProvenanceNLI
from validator.errors import InvalidInput

SOURCES = ["The Eiffel Tower in Paris was completed in 1889."]
CLAIM = "The Eiffel Tower was completed in 1889."


@pytest.fixture(scope="module")
def validator() -> ProvenanceNLI:
    return ProvenanceNLI(on_fail="noop")


def test_whitespace_answer_fails_like_an_empty_one(validator: ProvenanceNLI) -> None:
    """A Guard fails an empty answer before the validator runs; one of spaces claims just as
    little, so it fails too (and the CLI and batch job refuse both)."""
    result = validator.validate("   \n\t ", {"sources": SOURCES})
    assert result.outcome == "fail" and result.fix_value == ""  # type: ignore[attr-defined]
    assert "the answer is empty" in result.error_message  # type: ignore[attr-defined]


def test_an_empty_answer_fails_in_a_guard() -> None:
    with pytest.raises(ValidationError, match="the answer is empty"):
        Guard().use(ProvenanceNLI(on_fail="exception")).validate("", metadata={"sources": SOURCES})
    outcome = Guard().use(ProvenanceNLI(on_fail="noop")).validate("", metadata={"sources": SOURCES})
    assert outcome.validation_passed is False


@pytest.mark.parametrize("sources", [[], [""], ["   "]], ids=["no-sources", "empty-source", "blank-source"])
def test_no_evidence_means_unsupported(validator: ProvenanceNLI, sources: list[str]) -> None:
    result = validator.validate(CLAIM, {"sources": sources})
    assert result.outcome == "fail"
    [sentence] = sentences_of(result)
    assert sentence["verdict"] == "unsupported" and sentence["note"] == "no evidence retrieved for this sentence"


@pytest.mark.parametrize(
    ("metadata", "message"),
    [
        ({"sources": ["ok", 3]}, r"item 1 is int"),
        ({"sources": "a single string"}, r"must be a list of strings .* not a JSON array"),
        ({"sources": '{"a": "b"}'}, r"not a JSON array"),
        ({"sources": '["ok", 3]'}, r"item 1 is int"),
        ({}, r"exactly one of metadata\['sources'\]"),
        ({"sources": SOURCES, "query_function": lambda text, k: []}, r"exactly one of"),
        ({"sources": SOURCES, "chunk_strategy": "paragraph"}, r"chunk_strategy must be one of"),
        ({"sources": SOURCES, "distance_metric": "manhattan"}, r"distance_metric must be one of"),
        ({"sources": SOURCES, "chunk_size": 2, "chunk_overlap": 2}, r"chunk_overlap < chunk_size"),
    ],
    ids=[
        "non-string-source",
        "string-not-list",
        "json-object",
        "json-non-string",
        "neither",
        "both",
        "bad-strategy",
        "bad-metric",
        "bad-overlap",
    ],
)
def test_bad_metadata_raises_a_clear_error_through_the_guard(metadata: dict, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        Guard().use(ProvenanceNLI(on_fail="noop")).validate(CLAIM, metadata=metadata)


def test_sources_as_a_json_array_string_are_read_as_the_list() -> None:
    """Where metadata values must be strings (an OpenAI-compatible route), the list travels as JSON."""
    validator = ProvenanceNLI(on_fail="noop")
    as_list, as_json = (validator.validate(CLAIM, {"sources": s}) for s in (SOURCES, json.dumps(SOURCES)))
    assert sentences_of(as_json) == sentences_of(as_list)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"fail_on": "hallucinated"}, r"fail_on must be"),
        ({"validation_method": "paragraph"}, r"validation_method must be one of"),
        ({"top_k": 0}, r"top_k must be a positive integer"),
        ({"entailment_threshold": 1.5}, r"entailment threshold must be in \[0, 1\]"),
        ({"inference_endpoint": "ftp://127.0.0.1/score"}, r"must be an http\(s\) URL"),
        ({"inference_endpoint": "http://127.0.0.1:9/score", "use_local": True}, r"contradicts use_local=True"),
        ({"use_local": False}, r"use_local=False needs validation_endpoint"),
        ({"device": "cuda:7"}, r"not available on this machine"),
        ({"device": "warp-drive"}, r"not a torch device name"),
        ({"max_length": 32}, r"max_length must be an integer of at least 96"),
        ({"max_length": "256"}, r"max_length must be an integer"),
        ({"max_source_chars": 0}, r"max_source_chars must be a positive integer"),
        ({"query_timeout": -1}, r"query_timeout must be a positive number"),
        ({"batch_size": 0}, r"batch_size must be a positive integer"),
        ({"endpoint_timeout": float("nan")}, r"endpoint_timeout must be a positive number"),
        ({"model_name": ""}, r"model_name must be a path or name"),
        ({"llm_timeout": float("inf")}, r"llm_timeout must be a finite number of seconds"),
        ({"llm_timeout": 0}, r"llm_timeout must be a finite number of seconds"),
    ],
    ids=[
        "fail_on",
        "validation_method",
        "top_k",
        "entailment_threshold",
        "endpoint-scheme",
        "endpoint-and-use_local",
        "use_local-without-endpoint",
        "missing-device",
        "bad-device",
        "max_length-32",
        "max_length-str",
        "max_source_chars",
        "query_timeout",
        "batch_size",
        "endpoint_timeout",
        "model_name",
        "llm_timeout-inf",
        "llm_timeout-0",
    ],
)
def test_bad_arguments_are_rejected_at_construction(kwargs: dict, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        ProvenanceNLI(**kwargs)


def test_a_misspelt_keyword_is_a_type_error_naming_it() -> None:
    with pytest.raises(TypeError, match=r"unexpected keyword arguments \['top_j'\]"):
        ProvenanceNLI(top_j=3)  # type: ignore[call-arg]


def _model_copy(tmp_path, **replace: bytes) -> str:
    import shutil

    from validator.defaults import BUNDLED_MODEL_DIR

    folder = tmp_path / "model"
    shutil.copytree(BUNDLED_MODEL_DIR, folder)
    for name, content in replace.items():
        (folder / name.replace("__", ".")).write_bytes(content)
    return str(folder)


def test_a_broken_settings_file_is_a_clear_error_naming_it(tmp_path) -> None:
    with pytest.raises(InvalidInput, match=r"provenance_nli.json is not a valid settings file"):
        ProvenanceNLI(model_name=_model_copy(tmp_path, provenance_nli__json=b"{not json"))


def test_a_model_that_is_not_nli_is_rejected_at_construction(tmp_path) -> None:
    import json

    from validator.defaults import BUNDLED_MODEL_DIR

    config = json.loads((BUNDLED_MODEL_DIR / "config.json").read_text())
    config["id2label"] = {"0": "NEGATIVE", "1": "POSITIVE", "2": "MIXED"}
    with pytest.raises(InvalidInput, match="cannot read NLI labels"):
        ProvenanceNLI(model_name=_model_copy(tmp_path, config__json=json.dumps(config).encode()))


def test_corrupt_weights_fail_closed_through_the_guard(tmp_path) -> None:
    guard = Guard().use(ProvenanceNLI(model_name=_model_copy(tmp_path, model__safetensors=b"\x00" * 64), on_fail="fix"))
    outcome = guard.validate(CLAIM, metadata={"sources": SOURCES})
    assert outcome.validated_output == ""
    result = last_result(guard)
    assert "could not load NLI model" in result.error_message  # type: ignore[union-attr]


def test_sources_over_the_limit_fail_closed_with_the_limit_named() -> None:
    result = ProvenanceNLI(on_fail="noop", max_source_chars=1_000).validate(CLAIM, {"sources": ["x" * 1_001]})
    _fails_closed(result, "over max_source_chars=1,000")


def test_a_slow_query_function_fails_closed() -> None:

    def slow(text: str, k: int) -> list[str]:
        time.sleep(2)
        return SOURCES

    result = ProvenanceNLI(on_fail="noop", query_timeout=0.2).validate(CLAIM, {"query_function": slow})
    _fails_closed(result, "did not answer within 0.2 s")


def _fails_closed(result: object, reason: str) -> None:
    assert result.outcome == "fail"  # type: ignore[attr-defined]
    assert "could not run, so nothing was verified" in result.error_message  # type: ignore[attr-defined]
    assert reason in result.error_message  # type: ignore[attr-defined]
    assert result.fix_value == ""  # type: ignore[attr-defined]


def test_query_function_that_raises_fails_closed(validator: ProvenanceNLI) -> None:
    def broken(text: str, k: int) -> list[str]:
        raise TimeoutError("vector store down")

    _fails_closed(
        validator.validate(CLAIM, {"query_function": broken}), "query_function raised TimeoutError: vector store down"
    )


@pytest.mark.parametrize("value", [CLAIM, [CLAIM]], ids=["answer", "claims"])
def test_a_check_that_could_not_run_carries_every_documented_key(validator: ProvenanceNLI, value) -> None:
    """docs/guard.md lists what ``details`` holds; a failure to check holds it too, not passed."""

    def broken(text: str, k: int) -> list[str]:
        raise ConnectionError("vector store down")

    details = validator.validate(value, {"query_function": broken}).metadata["provenance_nli"]  # type: ignore[index]
    assert details["passed"] is False
    assert {"outcome", "fail_on", "uncertain", "model", "error", "error_type"} <= details.keys()
    assert details.get("sentences", details.get("claims")) == []


def test_query_function_returning_nothing_is_unsupported(validator: ProvenanceNLI) -> None:
    for empty in (None, []):
        result = validator.validate(CLAIM, {"query_function": lambda text, k, empty=empty: empty})
        assert sentences_of(result)[0]["note"] == "no evidence retrieved for this sentence"


@pytest.mark.parametrize("garbage", [[42], [(CLAIM, "high")], [(CLAIM, None)], [(CLAIM, True)], [(1, 0.5)]])
def test_query_function_returning_garbage_fails_closed(validator: ProvenanceNLI, garbage: list) -> None:
    result = validator.validate(CLAIM, {"query_function": lambda text, k: garbage})
    _fails_closed(result, "items must be str or (str, score)")


@pytest.mark.parametrize(
    ("embed", "reason"),
    [
        (lambda texts: np.ones((len(texts) + 1, 4)), "expected ("),
        (lambda texts: np.ones((len(texts), 4, 2)), "expected ("),
        (lambda texts: [[float("nan")] * 4 for _ in texts], "NaN or infinite"),
        (lambda texts: 1 / 0, "embed_function raised ZeroDivisionError"),
    ],
    ids=["extra-row", "3-d", "nan", "raises"],
)
def test_embed_function_with_wrong_output_fails_closed(validator: ProvenanceNLI, embed: object, reason: str) -> None:
    _fails_closed(validator.validate(CLAIM, {"sources": SOURCES, "embed_function": embed}), reason)


def test_custom_embed_function_with_the_right_shape_is_used(validator: ProvenanceNLI) -> None:
    calls = []

    def embed(texts: list[str]) -> np.ndarray:
        calls.append(len(texts))
        return np.array([[len(t), t.count("e"), 1.0] for t in texts])

    result = validator.validate(CLAIM, {"sources": SOURCES, "embed_function": embed, "distance_metric": "euclidean"})
    assert result.outcome == "pass" and calls


def test_huge_answer_fails_closed_with_the_limit_named(validator: ProvenanceNLI) -> None:
    huge = (CLAIM + " ") * 30_000  # ~1.2 MB
    _fails_closed(validator.validate(huge, {"sources": SOURCES}), "over max_text_chars=200,000")


def test_odd_unicode_keeps_offsets_exact(validator: ProvenanceNLI) -> None:
    text = "Der Eiffelturm 🗼 steht in Paris. 東京は日本の首都です。 The Eiffel Tower was completed in 1889 \u200b."
    result = validator.validate(text, {"sources": [*SOURCES, "Tokyo is the capital of Japan."]})
    for sentence in sentences_of(result):
        assert text[sentence["start"] : sentence["end"]] == sentence["sentence"]
    assert len(sentences_of(result)) == 3


def test_unloadable_model_fails_closed(tmp_path) -> None:
    result = ProvenanceNLI(model_name=str(tmp_path / "no-such-model"), on_fail="noop").validate(
        CLAIM, {"sources": SOURCES}
    )
    _fails_closed(result, "could not load NLI model")


def test_non_string_value_is_rejected(validator: ProvenanceNLI) -> None:
    with pytest.raises(InvalidInput, match="must be a string, got int"):
        validator.validate(42, {"sources": SOURCES})


SOURCE = "The Eiffel Tower is in Paris."


SURROGATE_ANSWER = "The Eiffel Tower is in Paris.\ud800"


def test_a_lone_surrogate_in_the_answer_fails_closed() -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    result = outcome(guard.validate(SURROGATE_ANSWER, metadata={"sources": [SOURCE]}))
    assert not result.validation_passed
    failed = last_result(guard)
    assert "surrogate" in failed.error_message and failed.fix_value == ""


@pytest.mark.slow
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


@pytest.mark.slow
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
        ProvenanceNLI(on_fail="noop", settings_file=str(tmp_path / "settings.json"))


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


@pytest.mark.parametrize("on_fail", ["noop", "fix", "filter", "refrain", "exception"])
def test_a_lone_surrogate_in_a_source_or_a_passage_is_read_not_raised(on_fail: str) -> None:
    """A source that a JSON escape or UTF-16 cut left a lone surrogate in is read with U+FFFD
    there, under every on_fail, from ``sources`` and from a ``query_function`` alike."""
    guard = Guard().use(ProvenanceNLI(on_fail=on_fail))
    source = "The ferry leaves at \udfffnoon. It takes 40 minutes."
    for metadata in ({"sources": [source]}, {"query_function": lambda text, k: [source]}):
        try:
            outcome = guard.validate("The ferry takes 40 minutes.", metadata=metadata)
        except ValidationError as error:  # exception: a verdict, not a crash
            assert "UnicodeEncodeError" not in str(error)
        else:
            assert outcome.error is None, outcome.error


# A crash and a hang.


@pytest.mark.parametrize("digits", [4301, 6000])
def test_a_huge_number_in_a_premise_is_a_verdict_not_a_crash(digits: int) -> None:
    source = f"The vault held {'7' * digits} coins, aged 40 years. It opened in 1931."
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    guard.validate("The vault opened in 1931.", metadata={"sources": [source], "chunk_strategy": "full"})
    assert only(last_result(guard))["verdict"] in ("supported", "contradicted", "unsupported")


def test_query_function_passages_over_the_limit_fail_closed() -> None:
    def retrieve(text: str, k: int) -> list[str]:
        return ["The vault opened in 1931. " * 50]

    guard = Guard().use(ProvenanceNLI(on_fail="noop", max_source_chars=500))
    result = outcome(guard.validate("The vault opened in 1931.", metadata={"query_function": retrieve}))
    assert not result.validation_passed
    assert last_result(guard).metadata["provenance_nli"]["error_type"] == "TextTooLong"


@pytest.mark.parametrize("on_fail", ["noop", "exception"])
def test_a_streams_last_sentence_without_final_punctuation_is_checked(on_fail: str) -> None:
    source = "The aqueduct was completed in 1911. It carries water to the city."
    answer = "The aqueduct carries water to the city. It was completed in 1925"
    pieces = [answer[i : i + 9] for i in range(0, len(answer), 9)]

    def llm(*, messages: list[dict], **kwargs: object):
        return iter(pieces)

    guard = Guard().use(ProvenanceNLI(on_fail=on_fail))
    stream = guard(
        llm_api=llm, messages=[{"role": "user", "content": "Tell me."}], stream=True, metadata={"sources": [source]}
    )
    assert not isinstance(stream, ValidationOutcome)
    if on_fail == "exception":
        with pytest.raises(ValidationError, match="1925"):
            list(stream)
        return
    outcomes = list(stream)
    assert not outcomes[-1].validation_passed
    assert "1925" in json.dumps(sentences_of(_last_log(guard)))


def _last_log(guard: Any) -> Any:
    """The result of the last validator run of the Guard's last call (a stream's remainder)."""
    return guard.history.last.iterations.last.validator_logs[-1].validation_result
