"""A guard a team can run in production: choose the false-alarm rate, see what a cut
costs, repair instead of cut, point at the words at fault, and tell a clean answer from an
emptied one. Through the CLI, a real Guard and the bundled model; labels are real (the
hand-written out-of-domain set)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from guardrails import Guard
from helpers import last_result, outcome, run_cli, sentences_of

from validator import ProvenanceNLI
from validator.config import CheckerConfig
from validator.errors import InvalidInput
from validator.pipeline import CheckRequest, ProvenanceChecker

ROWS = [json.loads(line) for line in (Path(__file__).parent / "data" / "ood_legal_technical.jsonl").open()]


@pytest.fixture(scope="module")
def labelled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("labels") / "labelled <i>rows.jsonl"
    lines = [
        json.dumps({"text": r["hypothesis"], "sources": [r["premise"]], "grounded": r["label"] == "entailment"})
        for r in ROWS
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def grounded_failed(settings: Path) -> float:
    """The share of the grounded rows a validator with ``settings`` fails."""
    validator = ProvenanceNLI(on_fail="noop", settings_file=str(settings))
    grounded = [r for r in ROWS if r["label"] == "entailment"]
    return sum(
        validator.validate(r["hypothesis"], {"sources": [r["premise"]]}).outcome == "fail" for r in grounded
    ) / len(grounded)


# 1-2. A false-alarm budget, the rates with their intervals, and the trade-off drawn.


@pytest.mark.slow
@pytest.mark.parametrize("budget", [0.25, 0.5])
def test_calibrate_keeps_within_a_false_alarm_budget_and_says_what_it_costs(
    labelled: Path, tmp_path: Path, budget: float
) -> None:
    settings, page = tmp_path / "settings.json", tmp_path / "trade-off.html"
    result = run_cli(
        "calibrate",
        "--input",
        str(labelled),
        "--max-false-alarms",
        str(budget),
        "--output",
        str(settings),
        "--html",
        str(page),
    )
    assert result.returncode == 0, result.stderr
    assert "grounded failed (90% interval)" in result.stdout and "ungrounded passed (90% interval)" in result.stdout
    assert re.search(r"before .*\d+\.\d% \(\d+\.\d-\d+\.\d%\)", result.stdout), result.stdout
    assert f"budget: fail at most {budget:.1%} of the grounded answers" in result.stdout
    written = json.loads(settings.read_text())["calibration"]["false_alarm_budget"]
    assert written["max_false_alarms"] == budget
    assert written["grounded_failed"]["share"] <= budget
    low, high = written["grounded_failed"]["interval_90"]
    assert low <= written["grounded_failed"]["share"] <= high
    assert grounded_failed(settings) <= budget + 1e-9  # the validator with the file keeps the budget on those rows
    described = ProvenanceChecker(config=CheckerConfig.from_settings(settings_file=str(settings))).describe()
    assert described["false_alarm_budget"] == written
    html = page.read_text()
    assert "<svg" in html and 'class="marked default"' in html and 'class="marked chosen"' in html
    assert "labelled &lt;i&gt;rows.jsonl" in html and "<i>rows" not in html
    assert not re.search(r"(?:src|href)=\"?https?:", html)


@pytest.mark.slow
def test_a_wider_budget_never_catches_fewer_ungrounded_answers(labelled: Path, tmp_path: Path) -> None:
    passed = []
    for budget in ("0.25", "0.6"):
        result = run_cli("calibrate", "--input", str(labelled), "--max-false-alarms", budget, "--json")
        assert result.returncode == 0, result.stderr
        passed.append(json.loads(result.stdout)["calibration"]["false_alarm_budget"]["ungrounded_passed"]["share"])
    assert passed[1] <= passed[0]


@pytest.mark.slow
def test_a_budget_no_cut_can_keep_is_said_in_one_line(labelled: Path) -> None:
    result = run_cli("calibrate", "--input", str(labelled), "--max-false-alarms", "0.01")
    assert result.returncode == 2
    assert "no cut fails at most 1.0% of the grounded answers" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_a_budget_and_max_missed_together_are_refused(labelled: Path) -> None:
    result = run_cli("calibrate", "--input", str(labelled), "--max-false-alarms", "0.1", "--max-missed", "0.1")
    assert result.returncode == 2 and "not allowed with" in result.stderr


# 3-4. Repair instead of cut, and the value at fault marked.

SOURCE = (
    "Hillary and Tenzing first climbed Everest on 29 May 1953. The summit is 8,849 metres above sea level. "
    "Aarav Shah led the 2019 survey of the glacier. Mina Park wrote the final report."
)


def _guard(**options: object) -> Guard:
    return Guard().use(ProvenanceNLI(on_fail="fix", **options))  # type: ignore[arg-type]


def test_repair_puts_the_sources_value_in_place_byte_for_byte() -> None:
    answer = (
        "Hillary and Tenzing first climbed Everest on 2 June 1953.\n\n  The summit is 9,120 metres above sea level."
    )
    guard = _guard(repair=True)
    fixed = outcome(guard.validate(answer, metadata={"sources": [SOURCE]})).validated_output
    assert fixed == answer.replace("2 June", "29 May").replace("9,120", "8,849")
    details = last_result(guard).metadata["provenance_nli"]
    assert details["outcome"] == "fixed"
    repairs = {r["old"]: r for r in details["repairs"]}
    assert repairs["2 June"]["new"] == "29 May" and repairs["9,120"]["new"] == "8,849"
    for repair in repairs.values():
        assert answer[repair["start"] : repair["end"]] == repair["old"]
        assert repair["new"] in repair["source_sentence"] and repair["source_index"] == 0


def test_repair_fixes_a_name_moved_between_two_people() -> None:
    answer = "Mina Park led the 2019 survey of the glacier."
    guard = _guard(repair=True)
    fixed = outcome(guard.validate(answer, metadata={"sources": [SOURCE]})).validated_output
    assert fixed == "Aarav Shah led the 2019 survey of the glacier."


def test_what_is_not_one_value_apart_is_cut_even_with_repair() -> None:
    answer = "The summit is 8,849 metres above sea level. Yetis guard the summit every winter."
    guard = _guard(repair=True)
    fixed = outcome(guard.validate(answer, metadata={"sources": [SOURCE]})).validated_output
    assert fixed == "The summit is 8,849 metres above sea level."
    assert last_result(guard).metadata["provenance_nli"]["repairs"] == []


PARAPHRASED = [
    (
        "The trial enrolled 221 patients across 14 sites.",
        "The trial enrolled 212 patients across 14 hospital sites in Spain.",
        "The trial enrolled 212 patients across 14 sites.",
    ),
    (
        "Unemployment fell to 3.8% in March.",
        "In March unemployment fell to 4.1%, the lowest in a decade.",
        "Unemployment fell to 4.1% in March.",
    ),
    (
        "Leeds has 10 doctors and 2 nurses on its ward.",
        "Leeds has 10 doctors and 1 nurse on its ward. York has 11 doctors and 2 nurses on its ward.",
        "Leeds has 10 doctors and 1 nurses on its ward.",
    ),
]


@pytest.mark.parametrize(("answer", "source", "repaired"), PARAPHRASED, ids=["count", "percentage", "one-clause"])
def test_repair_of_a_reworded_sentence_takes_the_value_the_number_rule_paired(
    answer: str, source: str, repaired: str
) -> None:
    """An LLM rewords its source, so its sentence is no source sentence with one value changed; the
    number rule, failing the value, found the one value the evidence gives in its place. The repair
    writes it the answer's way, and is kept because the repaired sentence passes the whole check."""
    guard = _guard(repair=True)
    fixed = outcome(guard.validate(answer, metadata={"sources": [source]})).validated_output
    assert fixed == repaired
    [repair] = last_result(guard).metadata["provenance_nli"]["repairs"]
    assert repair["by"] == "rule" and repair["source_sentence"] in source and repair["new"] in repaired
    assert answer[repair["start"] : repair["end"]] == repair["old"]


def test_a_repair_the_evidence_supports_only_below_the_review_threshold_is_cut() -> None:
    """A repair is a new sentence: it is written only where the model supports it against the
    evidence sentence as surely as a verdict that needs no review. "…212 patients across 14 sites."
    against "…212 patients at 14 hospital sites in Spain." is supported at 0.80, just under it."""
    guard = _guard(repair=True)
    answer = "The trial enrolled 221 patients across 14 sites."
    source = "The trial enrolled 212 patients at 14 hospital sites in Spain."
    assert outcome(guard.validate(answer, metadata={"sources": [source]})).validated_output == ""
    assert last_result(guard).metadata["provenance_nli"]["repairs"] == []


OTHER_THING = [
    (
        "Navigation revenue rose 2 percent.",
        "Navigation revenue fell 2 percent to $200 million. Automotive revenue rose 18 percent to $1.1 billion.",
    ),
    (
        "Unemployment in Spain fell to 3.8% in March.",
        "In March unemployment in France fell to 4.1%, the lowest in a decade.",
    ),
    (
        "The northern reservoir holds 310 megalitres.",
        "The northern reservoir is nearly empty this summer. The southern reservoir holds 450 megalitres.",
    ),
    (
        "Patients on the low dose gained 4 kg on average.",
        "Patients on the low dose lost 4 kg on average, while those on the high dose gained 6 kg.",
    ),
]


@pytest.mark.parametrize(("answer", "source"), OTHER_THING, ids=["segment", "country", "reservoir", "arm"])
def test_a_rule_repair_never_takes_a_value_of_another_thing(answer: str, source: str) -> None:
    """The value the rule would put in is the evidence's for another segment, country, reservoir
    or trial arm (or the evidence about the claim's own thing says the opposite): no repair is
    offered or made, and the sentence is cut."""
    shown = ProvenanceChecker().check(CheckRequest(answer, sources=[source])).sentences[0].correction
    assert shown is None or shown["by"] == "copy"
    guard = _guard(repair=True)
    assert outcome(guard.validate(answer, metadata={"sources": [source]})).validated_output == ""
    assert last_result(guard).metadata["provenance_nli"]["repairs"] == []


def test_a_value_the_sentence_writes_twice_is_not_repaired_by_the_rule() -> None:
    """Which of two "15"s the rule failed is not known from the text: cut, never guessed."""
    source = "By the age of 15, Jamie weighed 24 stone and then he went on a vegan diet."
    answer = "Jamie weighed 15 stone when he was 15."
    guard = _guard(repair=True)
    assert outcome(guard.validate(answer, metadata={"sources": [source]})).validated_output == ""
    assert last_result(guard).metadata["provenance_nli"]["repairs"] == []


def test_a_year_beside_a_full_date_is_not_repaired_from_another_year() -> None:
    """Web text glues sentences ("…by Ada Byrne.Ada Byrne (born …)"): the only other year there is
    the book's, and the birth is a full date, so the rule offers nothing and the sentence is cut."""
    source = "The Long Shore was written in 1998 by Ada Byrne.Ada Byrne (born 6 October 1939) is an Irish novelist."
    guard = _guard(repair=True)
    assert outcome(guard.validate("Ada Byrne was born in 1940.", metadata={"sources": [source]})).validated_output == ""
    assert last_result(guard).metadata["provenance_nli"]["repairs"] == []


def test_without_repair_fix_still_cuts() -> None:
    answer = "The summit is 9,120 metres above sea level."
    guard = _guard()
    assert outcome(guard.validate(answer, metadata={"sources": [SOURCE]})).validated_output == ""
    assert "repairs" not in last_result(guard).metadata["provenance_nli"]


def test_repair_must_be_a_bool() -> None:
    with pytest.raises(InvalidInput, match="repair must be True or False"):
        ProvenanceNLI(repair="yes")  # type: ignore[arg-type]


@pytest.mark.slow
def test_the_value_at_fault_is_marked_in_the_result_the_cli_and_the_html(tmp_path: Path) -> None:
    answer = "The summit is 9,120 metres above sea level. The survey found 40 crevasses."
    guard = _guard()
    guard.validate(answer, metadata={"sources": [SOURCE]})
    first, second = sentences_of(last_result(guard))
    assert answer[first["value_start"] : first["value_end"]] == "9,120"
    assert first["correction"]["new"] == "8,849"
    if second["method"] == "number_check":  # a number no source gives is marked too
        assert answer[second["value_start"] : second["value_end"]] == "40"
    (tmp_path / "s.txt").write_text(SOURCE)
    (tmp_path / "a.txt").write_text(answer)
    html = tmp_path / "r.html"
    result = run_cli(
        "check", "--sources", str(tmp_path / "s.txt"), "--text", str(tmp_path / "a.txt"), "--html", str(html)
    )
    assert result.returncode == 1
    assert "at fault: '9,120'" in result.stdout and "the source has '8,849'" in result.stdout
    assert '<mark class="value" title="the source has 8,849">9,120</mark>' in html.read_text()


@pytest.mark.parametrize(
    ("answer", "source", "at_fault"),
    [
        ("Two nurses work nights on the ward.", "Three nurses work nights on the ward. It has 20 beds.", "Two"),
        (
            "The new campus will be completed in 2027.",
            "The new campus will be completed in 2025, the university said.",
            "2027",
        ),
        (
            "The prize was awarded by Oxford University.",
            "The prize was awarded by Cambridge University in May.",
            "Oxford",
        ),
        ("The library has 221 seats.", "The library, which opened in 1990, has 212 seats and a cafe.", "221"),
    ],
)
def test_the_value_at_fault_is_marked_whoever_failed_the_sentence(answer: str, source: str, at_fault: str) -> None:
    """A number word a rule's note names, and a value the model's failure turns on (the first
    value the evidence sentence most like the answer's lacks), are marked as a rule's are."""
    result = ProvenanceNLI(on_fail="noop").validate(answer, {"sources": [source]})
    [sentence] = sentences_of(result)
    assert sentence["verdict"] != "supported"
    assert answer[sentence["value_start"] : sentence["value_end"]] == at_fault


# 5. What the Guard's output is: clean, fixed, emptied or failed.


@pytest.mark.parametrize(
    ("on_fail", "answer", "expected"),
    [
        ("fix", "The summit is 8,849 metres above sea level.", "clean"),
        ("fix", "The summit is 8,849 metres above sea level. Yetis guard the summit.", "fixed"),
        ("fix", "Yetis guard the summit.", "emptied"),
        ("noop", "Yetis guard the summit.", "failed"),
    ],
)
def test_the_outcome_says_what_became_of_the_answer(on_fail: str, answer: str, expected: str) -> None:
    guard = Guard().use(ProvenanceNLI(on_fail=on_fail))
    result = outcome(guard.validate(answer, metadata={"sources": [SOURCE]}))
    assert last_result(guard).metadata["provenance_nli"]["outcome"] == expected
    if expected == "emptied":
        assert result.validation_passed and result.validated_output == ""


def test_a_check_that_could_not_run_is_emptied_under_fix() -> None:
    def broken(text: str, k: int) -> list[str]:
        raise RuntimeError("index offline")

    guard = Guard().use(ProvenanceNLI(on_fail="fix"))
    guard.validate("The summit is 8,849 metres.", metadata={"query_function": broken})
    assert last_result(guard).metadata["provenance_nli"]["outcome"] == "emptied"
