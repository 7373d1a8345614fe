"""``python -m validator calibrate``: a user's labelled answers set the cut, and ``settings_file=`` /
``--settings`` use it. Labels are real (the hand-written out-of-domain set); which rows go in a
file is chosen by the model's own scores, to make the defaults too lenient or too strict."""

from __future__ import annotations

import json
from pathlib import Path

import lxml.html
import pytest
from helpers import (
    run_cli,
)

from validator import ProvenanceNLI
from validator.calibration import support_score
from validator.config import CheckerConfig
from validator.decision import Decision
from validator.defaults import BUNDLED_MODEL_DIR
from validator.errors import InvalidInput
from validator.pipeline import CheckRequest, ProvenanceChecker
from validator.scorers.base import ModelSettings, entailment_floor

ROWS = [json.loads(line) for line in (Path(__file__).parent / "data" / "ood_legal_technical.jsonl").open()]
DEFAULT = ModelSettings.for_model(str(BUNDLED_MODEL_DIR))


@pytest.fixture(scope="module")
def scored() -> list[tuple[dict, float]]:
    """Each labelled row with its weakest sentence's entailment, as calibrate sees it."""
    checker = ProvenanceChecker(config=CheckerConfig.from_settings(entailment_threshold=0.0))
    reports = checker.check_batch([CheckRequest(r["hypothesis"], sources=[r["premise"]]) for r in ROWS])
    return [(row, support_score(report)) for row, report in zip(ROWS, reports, strict=True)]


def write_rows(path: Path, rows: list[dict]) -> Path:
    lines = [
        json.dumps({"text": r["hypothesis"], "sources": [r["premise"]], "label": r["label"], "id": i})
        for i, r in enumerate(rows)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def failing_items(rows: list[dict], settings: Path | None = None) -> int:
    """How many of ``rows`` a validator fails, at the model's cut or a settings file's."""
    validator = ProvenanceNLI(on_fail="noop", settings_file=None if settings is None else str(settings))
    return sum(validator.validate(r["hypothesis"], {"sources": [r["premise"]]}).outcome == "fail" for r in rows)


@pytest.mark.slow
def test_the_fitted_cut_moves_the_way_the_labels_say(scored, tmp_path: Path) -> None:
    """Asked to pass no ungrounded answer (``--max-missed 0``), ungrounded answers the model passes
    at its default cut raise the cut, and the answers between the two cuts now fail."""
    cut = DEFAULT.entailment_threshold
    rows = [r for r, s in scored if (r["label"] == "entailment") == (s >= 0.6) and 0.4 <= s < 1.5]
    items = write_rows(tmp_path / "labelled.jsonl", rows)
    settings = tmp_path / "settings.json"
    result = run_cli("calibrate", "--input", str(items), "--output", str(settings), "--max-missed", "0")
    assert result.returncode == 0, result.stderr
    assert "warning: only" in result.stderr  # fewer than 20 of a kind: said, not hidden
    assert "before" in result.stdout and "after" in result.stdout and str(settings) in result.stdout
    written = json.loads(settings.read_text())
    assert written["labels"] == ["entailment", "neutral", "contradiction"]
    assert written["temperature"] == DEFAULT.temperature
    after = written["calibration"]["balanced_accuracy"]["after"]["balanced_accuracy"]
    assert after >= written["calibration"]["balanced_accuracy"]["before"]["balanced_accuracy"]
    fitted = written["entailment_threshold"]
    before, calibrated = failing_items(rows), failing_items(rows, settings)
    assert fitted > cut and calibrated > before
    between = next(r for r, score in scored if cut <= score < fitted)  # passes under one cut, fails under the other
    metadata = {"sources": [between["premise"]]}
    default_outcome = ProvenanceNLI(on_fail="noop").validate(between["hypothesis"], metadata).outcome
    tightened = ProvenanceNLI(on_fail="noop", settings_file=str(settings)).validate(between["hypothesis"], metadata)
    assert (default_outcome, tightened.outcome) == ("pass", "fail")


@pytest.mark.slow
def test_without_a_budget_a_cut_that_wins_on_a_few_rows_leaves_the_models_own(scored, tmp_path: Path) -> None:
    """The same labels without a budget: the fitted cut is better only for two of 24 answers, which
    held-out folds cannot tell from luck, so the model's own cut is written, and the file and the
    output say why (the held-out gain and its interval)."""
    rows = [r for r, s in scored if (r["label"] == "entailment") == (s >= 0.6) and 0.4 <= s < 1.5]
    settings = tmp_path / "settings.json"
    result = run_cli("calibrate", "--input", str(write_rows(tmp_path / "l.jsonl", rows)), "--output", str(settings))
    assert result.returncode == 0, result.stderr
    written = json.loads(settings.read_text())
    assert written["entailment_threshold"] == DEFAULT.entailment_threshold
    cut = written["calibration"]["cut"]
    assert cut["kept"] == "shipped" and cut["gain_interval_90"][0] <= 0 < cut["gain_interval_90"][1]
    assert "cut: the model's own cut kept (held-out balanced accuracy" in result.stdout
    # and how many labels would decide it, where the fitted cut gained anything held out
    needed = cut["labels_to_decide"]
    assert (needed is None) or (needed > len(rows) and f"about {needed} labelled answers" in result.stdout)


@pytest.mark.slow
@pytest.mark.parametrize("budget", [[], ["--max-false-alarms", "0.45"]])
def test_a_fitted_cut_never_passes_what_an_undecided_model_says(scored, tmp_path: Path, budget: list[str]) -> None:
    """Grounded answers the model flags (scores 0.3-0.6) would pull the cut down, but never below
    what an undecided 3-way model scores plus a margin (0.38): such a cut, with the model's
    temperature, is one the validator refuses. With a false-alarm budget too: the cut it
    chooses, as the settings file writes it, is one the validator loads."""
    rows = [
        r
        for r, s in scored
        if (r["label"] == "entailment" and 0.3 <= s <= 0.6) or (r["label"] != "entailment" and s < 0.2)
    ]
    settings = tmp_path / "settings.json"
    labelled, plot = str(write_rows(tmp_path / "l.jsonl", rows)), tmp_path / "trade-off.html"
    result = run_cli("calibrate", "--input", labelled, "--output", str(settings), "--html", str(plot), *budget)
    assert result.returncode == 0, result.stderr
    assert f"trade-off plot written to {plot}" in result.stderr  # every file it writes, it names
    legend = lxml.html.parse(str(plot)).getroot().cssselect("svg g.legend")[0].text_content()
    assert "default cut" in legend and "chosen cut" in legend  # seen without hovering
    assert ("budget" in legend) == bool(budget)
    fitted = json.loads(settings.read_text())["entailment_threshold"]
    assert entailment_floor(3) <= fitted <= DEFAULT.entailment_threshold
    ProvenanceNLI(settings_file=str(settings))  # loads: the fitted file is never one the validator refuses


@pytest.mark.slow
def test_a_budget_the_models_floor_cannot_meet_is_refused_with_what_to_do(scored, tmp_path: Path) -> None:
    """The message, the docs and the code tell one story about the lowest cut: the model's floor
    (0.38 for a 3-way model), and what the user can do: label more, take the budget the floor
    meets, or flag the unsure sentences for review."""
    rows = [
        r
        for r, s in scored
        if (r["label"] == "entailment" and 0.25 <= s <= 0.6) or (r["label"] != "entailment" and s < 0.2)
    ]
    labelled = str(write_rows(tmp_path / "l.jsonl", rows))
    result = run_cli("calibrate", "--input", labelled, "--max-false-alarms", "0.01", "--output", str(tmp_path / "s"))
    assert result.returncode == 2, result.stdout + result.stderr
    message = result.stderr
    assert f"({entailment_floor(3):.2f}:" in message and "Label more answers" in message
    assert "--max-false-alarms 0." in message and "uncertain='flag'" in message
    docs = (Path(__file__).resolve().parents[1] / "docs" / "calibration.md").read_text(encoding="utf-8")
    assert f"{entailment_floor(3):.2f} for a 3-way model" in docs


@pytest.mark.slow
def test_three_way_labels_fit_the_contradiction_cut(tmp_path: Path) -> None:
    items = write_rows(tmp_path / "all.jsonl", ROWS)
    result = run_cli("calibrate", "--input", str(items), "--json", "--max-missed", "0.1")
    assert result.returncode == 0, result.stderr
    written = json.loads(result.stdout)
    assert written["calibration"]["rows"] == {
        "grounded": 27,
        "ungrounded": 46,
        "entailment": 27,
        "neutral": 18,
        "contradiction": 28,
    }
    assert written["calibration"]["balanced_accuracy"]["after"]["ungrounded_passed"] <= 0.1
    assert 0.0 <= written["contradiction_threshold"] <= 1.0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([{"text": "A.", "sources": ["A."], "grounded": True}] * 3, "both grounded and ungrounded"),
        (['{"text": "A.", "sources": ["A."]}'], "line 1: 'grounded' must be true or false"),
        (['{"text": "A.", "sources": "A.", "grounded": true}'], "line 1: 'sources' must be a list"),
        (['{"text": "A.", "sources": ["A."], "label": "maybe"}'], "line 1: 'label' must be one of"),
        (["not json"], "line 1 is not JSON"),
    ],
    ids=["one-label", "no-label", "sources-string", "bad-label", "not-json"],
)
def test_a_bad_labelled_file_is_a_one_line_error(tmp_path: Path, rows: list, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    result = run_cli("calibrate", "--input", str(path))
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_a_settings_file_for_another_model_or_with_a_bad_field_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"entailment_threshold": 0.6, "labels": ["not_entailment", "entailment"]}))
    with pytest.raises(InvalidInput, match="labels"):
        ProvenanceNLI(settings_file=str(path))
    path.write_text(json.dumps({"entailment_threshold": 1.6}))
    with pytest.raises(InvalidInput, match="entailment_threshold"):
        ProvenanceNLI(settings_file=str(path))
    result = run_cli(
        "check", "--sources", "examples/eiffel-tower.txt", "--text", "examples/answer.txt", "--settings", str(path)
    )
    assert result.returncode == 2 and "entailment_threshold" in result.stderr


@pytest.mark.slow
def test_settings_reach_the_citations_command(tmp_path: Path) -> None:
    strict = tmp_path / "strict.json"
    strict.write_text(json.dumps({"entailment_threshold": 1.0}))
    base = ("citations", "--source", "examples/apache-2.0.txt", "--citations", "examples/citations.json", "--json")
    tightened = {r["id"]: r["verdict"] for r in json.loads(run_cli(*base, "--settings", str(strict)).stdout)}
    assert tightened["c1"] != "verified"  # verified at 0.84 by default (the README's example)


def write_jsonl(path: Path, rows: list[dict], copies: int = 1) -> Path:
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


@pytest.mark.slow
@pytest.mark.parametrize("copies", [1, 20])
def test_calibrate_refuses_too_few_distinct_model_decided_rows(tmp_path: Path, copies: int) -> None:
    items = write_jsonl(tmp_path / "rows.jsonl", TWO_ROWS, copies)
    result = run_cli("calibrate", "--input", str(items), "--output", str(tmp_path / "settings.json"))
    assert result.returncode == 2, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "distinct" in result.stderr
    assert f"{2 * copies - 2} duplicate rows dropped" in result.stderr
    assert not (tmp_path / "settings.json").exists()


# Settings that switch the check off.


@pytest.mark.parametrize(
    "settings_file",
    [
        {"temperature": 20, "entailment_threshold": 0.2},
        {"temperature": 12, "entailment_threshold": 0.5},
        {"temperature": 1.0, "entailment_threshold": 0.3},
    ],
)
def test_a_temperature_and_cut_that_switch_the_check_off_are_refused(tmp_path: Path, settings_file: dict) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(settings_file))
    with pytest.raises(InvalidInput, match=r"entailment_threshold|temperature"):
        ProvenanceNLI(settings_file=str(path))


def test_an_entailment_cut_below_an_undecided_model_is_refused() -> None:
    with pytest.raises(InvalidInput, match="cannot tell"):
        ProvenanceNLI(entailment_threshold=0.25)


def test_a_sane_settings_file_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"temperature": 2.0, "entailment_threshold": 0.6}))
    ProvenanceNLI(settings_file=str(path))


# A decision learned from the labels: kept only where it beats the entailment alone on held-out folds.

SWAPS = [json.loads(line) for line in (Path(__file__).parent / "data" / "swap_cases.jsonl").open()]


@pytest.fixture(scope="module")
def signalled() -> list[tuple[dict, dict]]:
    """Each one-sentence labelled row (the hand-written sets) with its sentence's signals, as
    calibrate sees them."""
    checker = ProvenanceChecker(config=CheckerConfig.from_settings(entailment_threshold=0.0))
    rows = ROWS + SWAPS
    reports = checker.check_batch([CheckRequest(r["hypothesis"], sources=[r["premise"]]) for r in rows])
    return [
        (row, dict(report.sentences[0].signals or {}))
        for row, report in zip(rows, reports, strict=True)
        if len(report.sentences) == 1 and report.sentences[0].method == "model"
    ]


def _decision_of(output: str) -> str:
    return next(line for line in output.splitlines() if line.startswith("decision:"))


@pytest.mark.slow
def test_calibrate_keeps_the_entailment_alone_where_learned_weights_do_no_better_held_out(tmp_path: Path) -> None:
    """On the hand-written set's true labels the learned weights lose on held-out folds: the
    settings file carries no decision, and says so with both figures and their intervals."""
    settings = tmp_path / "settings.json"
    result = run_cli("calibrate", "--input", str(write_rows(tmp_path / "all.jsonl", ROWS)), "--output", str(settings))
    assert result.returncode == 0, result.stderr
    written = json.loads(settings.read_text())
    compared = written["calibration"]["decision"]
    assert "decision" not in written and compared["kept"] == "default"
    assert compared["learned"]["balanced_accuracy"] <= compared["default"]["balanced_accuracy"]
    assert all(len(compared[side]["interval_90"]) == 2 for side in ("default", "learned"))
    assert "the entailment alone kept" in _decision_of(result.stdout)
    assert ProvenanceChecker(config=CheckerConfig.from_settings(settings_file=str(settings))).setup.decision is None


@pytest.mark.slow
def test_learned_weights_that_win_held_out_are_written_and_decide(signalled, tmp_path: Path) -> None:
    """Labels that follow what the entailment misses (here: whether the answer brings in words no
    passage holds) are learned, kept for their held-out gain, written as plain data, and then
    decide: an answer the model entails at the default cut that the labels' rule rejects fails
    under the settings file, and the report shows the decision in use."""
    median = sorted(signals["unseen_words"] for _, signals in signalled)[len(signalled) // 2]
    rows = [
        {"text": row["hypothesis"], "sources": [row["premise"]], "grounded": signals["unseen_words"] <= median}
        for row, signals in signalled
    ]
    settings = tmp_path / "settings.json"
    result = run_cli("calibrate", "--input", str(write_jsonl(tmp_path / "rows.jsonl", rows)), "--output", str(settings))
    assert result.returncode == 0, result.stderr
    written = json.loads(settings.read_text())
    compared = written["calibration"]["decision"]
    assert (
        compared["kept"] == "learned"
        and compared["learned"]["balanced_accuracy"] > compared["default"]["balanced_accuracy"]
    )
    assert "learned weights over each sentence's signals kept" in _decision_of(result.stdout)
    weights = written["decision"]["weights"]
    assert weights["unseen_words"] < 0 and all(isinstance(w, float) for w in weights.values())
    learned = Decision.from_dict(written["decision"], "test")
    entailed_yet_rejected = next(  # the model entails it at its default cut; the learned weights do not
        row
        for row, signals in signalled
        if signals["entailment"] >= DEFAULT.entailment_threshold
        and learned.probability(signals) < written["entailment_threshold"] - 0.05
    )
    metadata = {"sources": [entailed_yet_rejected["premise"]]}
    assert ProvenanceNLI(on_fail="noop").validate(entailed_yet_rejected["hypothesis"], metadata).outcome == "pass"
    calibrated = ProvenanceNLI(on_fail="noop", settings_file=str(settings))
    assert calibrated.validate(entailed_yet_rejected["hypothesis"], metadata).outcome == "fail"
    page = tmp_path / "report.html"
    shown = run_cli(
        *("check", "--sources", "examples/eiffel-tower.txt", "--text", "examples/answer.txt"),
        *("--settings", str(settings), "--html", str(page)),
    )
    assert shown.returncode in (0, 1), shown.stderr
    used = lxml.html.parse(str(page)).getroot().cssselect("dl.settings")[0].text_content()
    assert "weights learned from your labels" in used and "unseen words" in used


@pytest.mark.parametrize(
    ("decision", "message"),
    [
        ({"weights": {"entailment": -1.0}, "intercept": 0.0}, "entailment may only count for support"),
        ({"weights": {"unseen_words": 2.0}, "intercept": 0.0}, "unseen_words may only count against support"),
        ({"weights": {"vibes": 1.0}, "intercept": 0.0}, "unknown signal 'vibes'"),
        ({"weights": {"entailment": float("nan")}, "intercept": 0.0}, "must be a finite number"),
        ({"weights": {"entailment": 1.0}}, "must be an object"),
        ([1, 2], "must be an object"),
    ],
    ids=["against-direction", "finding-for-support", "unknown", "nan", "no-intercept", "list"],
)
def test_a_decision_in_a_settings_file_is_checked_when_it_loads(tmp_path: Path, decision: object, message: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"entailment_threshold": 0.53, "decision": decision}))
    with pytest.raises(InvalidInput, match=message):
        ProvenanceNLI(settings_file=str(path))
