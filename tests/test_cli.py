"""``python -m validator``: the README's main job, as a user runs it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import (
    run_cli,
)

from validator import ProvenanceNLI
from validator.defaults import BUNDLED_MODEL_DIR

run = run_cli


def check_stdin(answer: str, *options: str) -> subprocess.CompletedProcess[str]:
    """``check`` of ``answer`` (on stdin) against the Eiffel Tower example source."""
    return run("check", "--sources", "examples/eiffel-tower.txt", "--text", "-", *options, stdin=answer)


@pytest.mark.slow
def test_check_prints_a_table_and_exits_1_on_the_shipped_example() -> None:
    result = run(
        "check", "--sources", "examples/eiffel-tower.txt", "examples/mount-everest.txt", "--text", "examples/answer.txt"
    )
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split()[:4] == ["#", "verdict", "method", "conf"]
    verdicts = [line.split()[1] for line in lines[1:-1] if line.strip()[:1].isdigit()]
    # first ascent 1953, not 1975; the bakery is in no source
    assert verdicts == ["supported", "supported", "contradicted", "unsupported"]
    assert "sentences pass" in lines[-1]


@pytest.mark.slow
def test_check_json_from_stdin_and_exit_0_when_supported() -> None:
    result = check_stdin("The Eiffel Tower is 330 metres tall.", "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["passed"] is True
    assert report["sentences"][0]["verdict"] == "supported"
    assert report["sentences"][0]["source_index"] == 0


@pytest.mark.slow
def test_check_batch_jsonl(tmp_path: Path) -> None:
    items = [
        {
            "id": "a",
            "text": "The Eiffel Tower was completed in 1889.",
            "sources": ["It was completed in 1889, the Eiffel Tower."],
        },
        {
            "id": "b",
            "text": "The Eiffel Tower was completed in 1925.",
            "sources": ["The Eiffel Tower was completed in 1889."],
        },
    ]
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(json.dumps(item) for item in items) + "\n")
    result = run("check-batch", "--input", str(source), "--output", str(tmp_path / "out.jsonl"))
    assert result.returncode == 1
    rows = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert [(r["id"], r["passed"]) for r in rows] == [("a", True), ("b", False)]
    assert "1 of 2 items pass" in result.stdout and "report written to" in result.stderr
    assert result.stdout.splitlines()[0].split()[:2] == ["a", "pass"]  # a table, like check


@pytest.mark.slow
def test_usage_errors_exit_2_with_a_message() -> None:
    result = run("check", "--sources", "no-such-file.txt", "--text", "examples/answer.txt")
    assert result.returncode == 2 and "no-such-file.txt" in result.stderr


@pytest.mark.slow
def test_bad_input_files_exit_2_with_one_line(tmp_path: Path) -> None:
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00\x01 not text")
    for args in (
        ("check", "--sources", str(binary), "--text", "examples/answer.txt"),
        ("check", "--sources", "examples/eiffel-tower.txt", "--text", str(binary)),
        ("check", "--sources", "examples/eiffel-tower.txt", "--text", "-", "--device", "cuda:7"),
        ("citations", "--source", "examples/apache-2.0.txt", "--citations", str(binary)),
    ):
        result = run(*args, stdin="The tower is tall.")
        assert result.returncode == 2, (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


@pytest.mark.slow
def test_a_corrupt_model_exits_3(tmp_path: Path) -> None:

    shutil.copytree(BUNDLED_MODEL_DIR, tmp_path / "model")
    (tmp_path / "model" / "model.safetensors").write_bytes(b"\x00" * 64)
    result = check_stdin("Hi.", "--model", str(tmp_path / "model"))
    assert result.returncode == 3 and "could not load NLI model" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_check_batch_reports_bad_lines_as_rows_and_keeps_old_output_on_failure(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    good = {"id": 1, "text": "The Eiffel Tower was completed in 1889.", "sources": ["It was completed in 1889."]}
    lines = [json.dumps(good), "[1, 2]", "", "not json", json.dumps({**good, "id": "x"})]
    source.write_text("\n".join(lines) + "\n")
    output = tmp_path / "out.jsonl"
    result = run("check-batch", "--input", str(source), "--output", str(output))
    assert result.returncode == 3
    rows = [json.loads(line) for line in output.read_text().splitlines()]
    assert [(row["id"], row["line"]) for row in rows] == [(1, 1), (None, 2), (None, 4), ("x", 5)]  # the file's lines
    # a person sees which line of the file, and that it was not checked (not "0 of 0 sentences pass")
    assert "line 4       error  not checked" in result.stdout and "↳ line 4: InvalidInput" in result.stdout
    assert "0 of 0" not in result.stdout
    assert "must be a JSON object" in rows[1]["error"] and "not JSON" in rows[2]["error"]
    output.write_text("previous verdicts\n")
    failed = run("check-batch", "--input", str(source), "--output", str(output), "--device", "cuda:7")
    assert failed.returncode == 2, failed.stderr
    assert output.read_text() == "previous verdicts\n"  # never truncated by a run that did not finish
    assert not list(tmp_path.glob(".out.jsonl.*"))


@pytest.mark.slow
def test_citations_with_bad_entries_and_an_out_of_range_gate_exit_2(tmp_path: Path) -> None:
    for entries in ([1, 2], [{"quote": "no claim"}], [{"claim": "x", "quote": 5}]):
        path = tmp_path / "citations.json"
        path.write_text(json.dumps(entries))
        result = run("citations", "--source", "examples/apache-2.0.txt", "--citations", str(path))
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    gate = run(
        "citations", "--source", "examples/apache-2.0.txt", "--citations", "examples/citations.json", "--gate", "5"
    )
    assert gate.returncode == 2 and "between 0 and 1" in gate.stderr


@pytest.mark.slow
def test_check_batch_and_calibrate_take_every_setting_check_takes() -> None:
    """One set of settings flags: check-batch takes every one check takes (the two once drifted
    apart), and calibrate every one that decides a score (model and retrieval, not the cut)."""
    import re

    def flags(command: str) -> set[str]:
        return set(re.findall(r"(--[a-z][a-z-]+)", run(command, "--help").stdout)) - {"--help"}

    check, batch, calibrate = flags("check"), flags("check-batch"), flags("calibrate")
    assert check - {"--sources", "--text"} <= batch
    shared = {
        "--model",
        "--device",
        "--backend",
        "--batch-size",
        "--max-length",
        "--settings",
        "--top-k",
        "--retrieval",
    }
    assert shared <= check and shared <= calibrate


SETTINGS_FLAGS = [  # (flag, value, CheckerConfig field, what the field then holds)
    ("--model", "some/model", "model_name", "some/model"),
    ("--device", "cpu", "device", "cpu"),
    ("--backend", "onnx", "backend", "onnx"),
    ("--batch-size", "4", "batch_size", 4),
    ("--max-length", "128", "max_length", 128),
    ("--settings", "fitted.json", "settings_file", "fitted.json"),
    ("--entailment-threshold", "0.9", "entailment_threshold", 0.9),
    ("--contradiction-threshold", "0.7", "contradiction_threshold", 0.7),
    ("--fail-on", "unsupported", "fail_on", ["unsupported"]),
    ("--scorer", "cascade", "scorer_mode", "cascade"),
    ("--llm-model", "openai/local", "llm_callable", "openai/local"),
    ("--llm-api-base", "http://127.0.0.1:9/v1", "llm_kwargs", {"api_base": "http://127.0.0.1:9/v1"}),
    ("--top-k", "5", "top_k", 5),
    ("--retrieval", "lexical", "retrieval", "lexical"),
    ("--embedding-cache", "vectors", "embedding_cache", "vectors"),
    ("--review-threshold", "0.5", "review_threshold", 0.5),
    ("--uncertain", "flag", "uncertain", "flag"),
]
COMMANDS = {
    "check": ["check", "--sources", "a.txt", "--text", "b.txt"],
    "check-batch": ["check-batch", "--input", "items.jsonl"],
    "citations": ["citations", "--source", "a.txt", "--citations", "c.json"],
    "calibrate": ["calibrate", "--input", "labelled.jsonl"],
}


@pytest.mark.slow
def test_the_settings_table_covers_every_settings_flag_of_check() -> None:
    """A new settings flag must join the table below, so the commands cannot drift apart again."""
    import re

    options = set(re.findall(r"^\s+(--[a-z][a-z-]+)", run("check", "--help").stdout, re.M))
    assert options - {"--help", "--sources", "--text", "--json", "--html"} == {flag for flag, *_ in SETTINGS_FLAGS}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize(("flag", "value", "field", "expected"), SETTINGS_FLAGS, ids=[f[0] for f in SETTINGS_FLAGS])
def test_every_command_passes_each_settings_flag_it_takes_to_the_checker_config(
    command: str, flag: str, value: str, field: str, expected: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """check, check-batch, citations and calibrate build from one CheckerConfig: a flag a command
    takes sets the same setting as in ``check`` (the drift once made citations ignore four)."""
    from validator.cli import build_parser, config_from
    from validator.config import CheckerConfig

    monkeypatch.delenv("PROVENANCE_NLI_LLM_API_KEY", raising=False)
    parser = build_parser()
    try:
        args = parser.parse_args([*COMMANDS[command], flag, value])
    except SystemExit:  # the command has no such flag (citations retrieves nothing; calibrate fits the cut)
        assert command in ("citations", "calibrate"), f"{command} lacks {flag}"
        return
    config = config_from(args)
    settings, default = config.settings(), CheckerConfig().settings()
    assert settings[field] == expected
    others = {name for *_, name, _ in SETTINGS_FLAGS} - {field}
    assert all(settings[name] == default[name] for name in others - {"llm_kwargs"})


@pytest.mark.slow
@pytest.mark.parametrize("value", ["-1", "0", "x"])
def test_a_bad_count_is_a_one_line_usage_error(value: str) -> None:
    result = run_cli("check-batch", "--input", "examples/items.jsonl", "--items-per-batch", value)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "--items-per-batch" in result.stderr


@pytest.mark.slow
def test_an_empty_answer_never_passes(tmp_path: Path) -> None:
    (tmp_path / "answer.txt").write_text(" \n\t", encoding="utf-8")
    result = run_cli("check", "--sources", "examples/eiffel-tower.txt", "--text", str(tmp_path / "answer.txt"))
    assert result.returncode == 2 and "empty" in result.stderr
    rows = [{"id": i, "text": answer, "sources": ["Paris is in France."]} for i, answer in enumerate(["", " \n\t"])]
    (tmp_path / "items.jsonl").write_text("\n".join(map(json.dumps, rows)) + "\n", encoding="utf-8")
    batch = run_cli("check-batch", "--input", str(tmp_path / "items.jsonl"), "--json")
    assert batch.returncode == 3
    for line in batch.stdout.splitlines():
        row = json.loads(line)
        assert row["passed"] is False and "empty" in row["error"]
    for answer in ("", " \n\t"):
        assert ProvenanceNLI(on_fail="noop").validate(answer, {"sources": ["Paris is in France."]}).outcome == "fail"


@pytest.mark.slow
def test_an_endless_file_is_refused_not_read(tmp_path: Path) -> None:
    for flag in ("--sources", "--text"):
        other = "--text" if flag == "--sources" else "--sources"
        result = run_cli("check", flag, "/dev/zero", other, "examples/eiffel-tower.txt", timeout=120)
        assert result.returncode == 2 and "limit" in result.stderr, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


CHANGELOG = """# Changelog

## 2.1.0 (2024-03-05)
- Tables can now span multiple pages.
- The --font-dir option was added.
- Fixed a crash when a header image was missing.

## 2.0.0 (2023-11-20)
- Dropped support for Python 3.8.
- Exports are 40% faster.
- Tables can now span multiple pages.
"""


def test_evidence_joined_from_overlapping_windows_shows_each_span_once_in_source_order(tmp_path: Path) -> None:
    """Chunks overlap, and each is cut into sentences its own way ("## 2.1.0 … - Tables can now span
    multiple pages." and "- Tables can now span multiple pages. - …"): the evidence a sentence is
    decided on holds what they share once, in the order the source has it."""
    source, answer = tmp_path / "CHANGELOG.md", tmp_path / "answer.txt"
    source.write_text(CHANGELOG, encoding="utf-8")
    answer.write_text(
        "Version 2.1.0 lets tables span multiple pages and adds the --font-dir option.\n", encoding="utf-8"
    )
    result = run_cli("check", "--sources", str(source), "--text", str(answer), "--json")
    assert result.returncode in (0, 1), result.stderr
    [sentence] = json.loads(result.stdout)["sentences"]
    items = [item.strip(" -") for item in re.split(r"(?<=[.)])\s+(?=[-#])", sentence["evidence"])]
    flat, at = " ".join(CHANGELOG.split()), 0
    for item in items:  # each found after the one before: source order, and a repeat is another span
        at = flat.find(item, at)
        assert at != -1, (item, sentence["evidence"])
        at += len(item)
    assert len(items) > 2
