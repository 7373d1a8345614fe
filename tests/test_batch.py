"""The batch job: one bad row never stops the others, and the Ray Data engine writes the
same verdicts as the in-process one, every row, in input order."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from validator.batch import BatchJob
from validator.config import CheckerConfig as JobSettings

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [
    "The Eiffel Tower was completed in 1889 and is 330 metres tall.",
    "Mount Everest is the highest mountain above sea level.",
]


def rows(count: int) -> list[dict]:
    made = [
        {
            "id": f"row-{i}",
            "text": f"The Eiffel Tower was completed in {1889 if i % 2 == 0 else 1900 + i}.",
            "sources": SOURCES,
        }
        for i in range(count)
    ]
    made.insert(count // 2, {"id": "no-text", "sources": SOURCES})
    return made


def test_a_bad_row_gets_an_error_and_the_others_their_verdicts() -> None:
    job = BatchJob(JobSettings.from_settings(max_text_chars=100))
    batch = [*rows(4), {"id": "huge", "text": "The Eiffel Tower was completed in 1889. " * 10, "sources": SOURCES}]
    lines = [json.loads(line) for line in job.lines([json.dumps(row) for row in batch])]
    assert [line["id"] for line in lines] == [row["id"] for row in batch]
    errors = {line["id"]: line["error"] for line in lines if "error" in line}
    assert errors.keys() == {"no-text", "huge"}
    assert "must be a string" in errors["no-text"] and "over max_text_chars=100" in errors["huge"]
    verdicts = [line["sentences"][0]["verdict"] for line in lines if "error" not in line]
    assert verdicts == ["supported", "contradicted", "supported", "contradicted"]


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="needs the [serve] extra")
def test_ray_data_engine_writes_every_row_like_the_in_process_engine(tmp_path: Path) -> None:
    source = tmp_path / "rows.jsonl"
    source.write_text("".join(json.dumps(row) + "\n" for row in rows(300)))
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "disabled"}
    outputs = {}
    for engine in ("ray", "local"):
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "validator",
                "check-batch",
                "--engine",
                engine,
                "--items-per-batch",
                "50",
                "--input",
                str(source),
                "--output",
                str(tmp_path / f"{engine}.jsonl"),
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=400,
        )
        assert result.returncode == 3, result.stderr[-3000:]  # one row could not be checked
        assert "150 of 301 items pass; 1 could not be checked" in result.stdout
        # nothing a person would take for a failure: no Ray error or progress lines, no warnings
        assert [line for line in result.stderr.splitlines() if not line.startswith("report written to")] == []
        outputs[engine] = [json.loads(line) for line in (tmp_path / f"{engine}.jsonl").read_text().splitlines()]
    assert [row["id"] for row in outputs["ray"]] == [row["id"] for row in rows(300)]
    for on_ray, here in zip(outputs["ray"], outputs["local"], strict=True):
        assert on_ray.get("error") == here.get("error")
        assert [s["verdict"] for s in on_ray["sentences"]] == [s["verdict"] for s in here["sentences"]]
        for a, b in zip(on_ray["sentences"], here["sentences"], strict=True):
            assert a["entailment"] == pytest.approx(b["entailment"], abs=1e-4)
