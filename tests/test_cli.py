"""``python -m validator``: the README's main job, as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "validator", *args], cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=300
    )


def test_check_prints_a_table_and_exits_1_on_the_shipped_example() -> None:
    result = run(
        "check", "--sources", "examples/eiffel-tower.txt", "examples/mount-everest.txt", "--text", "examples/answer.txt"
    )
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["#", "verdict", "conf"]
    verdicts = [line.split()[1] for line in lines if line.strip()[:1].isdigit()]
    assert verdicts[:3] == ["supported", "supported", "contradicted"]  # first ascent 1953, not 1975
    assert verdicts[3] in ("unsupported", "contradicted")  # the bakery is in no source
    assert "sentences pass" in lines[-1]


def test_check_json_from_stdin_and_exit_0_when_supported() -> None:
    result = run(
        "check",
        "--sources",
        "examples/eiffel-tower.txt",
        "--text",
        "-",
        "--json",
        stdin="The Eiffel Tower is 330 metres tall.",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["passed"] is True
    assert report["sentences"][0]["verdict"] == "supported"
    assert report["sentences"][0]["source_index"] == 0


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
    assert "1 of 2 items pass" in result.stderr


def test_usage_errors_exit_2_with_a_message() -> None:
    result = run("check", "--sources", "no-such-file.txt", "--text", "examples/answer.txt")
    assert result.returncode == 2 and "no-such-file.txt" in result.stderr
