"""Failing only what the check is sure of (``uncertain="flag"``), and telling a clean answer from a
fixed one, through a real Guard, the bundled model and the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from guardrails import Guard
from helpers import RULE_METHODS, check_answer, last_result, outcome, sentences_of

from validator import ProvenanceNLI
from validator.errors import InvalidInput
from validator.vetoes import trust

SOURCES = [
    "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889.",
    "Mount Everest was first climbed in 1953 by Tenzing Norgay and Edmund Hillary.",
]
UNSURE = "Hillary climbed Everest with a partner."  # true; the bundled model: contradicted at 0.54, below review (0.8)
SURE = "Mount Everest was first climbed in 1975."  # contradicted at 0.94
ANSWER = f"{UNSURE} {SURE}"


def test_by_default_an_unsure_failing_verdict_fails() -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="fix"))
    result = outcome(guard.validate(UNSURE, metadata={"sources": SOURCES}))
    [sentence] = sentences_of(last_result(guard))
    assert sentence["verdict"] != "supported" and sentence["needs_review"]
    assert result.validated_output == ""  # fix cut it: fail closed is the default


def test_flag_keeps_an_unsure_failing_verdict_and_says_so() -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="fix", uncertain="flag"))
    result = outcome(guard.validate(ANSWER, metadata={"sources": SOURCES}))
    details = last_result(guard).metadata["provenance_nli"]
    unsure, sure = details["sentences"]
    assert unsure["needs_review"] and unsure["verdict"] != "supported"
    assert sure["verdict"] == "contradicted" and not sure["needs_review"]
    assert result.validated_output == UNSURE  # the unsure one is kept, the sure one is cut
    assert details["flagged"] == [0] and details["uncertain"] == "flag"
    assert details["passed"] is False  # a sure failure still fails


def test_flag_passes_an_answer_whose_only_failures_are_unsure() -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="exception", uncertain="flag"))
    result = outcome(guard.validate(UNSURE, metadata={"sources": SOURCES}))
    assert result.validation_passed and result.validated_output == UNSURE
    assert last_result(guard).metadata["provenance_nli"]["flagged"] == [0]


def test_a_check_that_could_not_run_fails_under_flag_too() -> None:
    def broken(text: str, k: int) -> list[str]:
        raise RuntimeError("index down")

    guard = Guard().use(ProvenanceNLI(on_fail="noop", uncertain="flag"))
    assert not outcome(guard.validate(UNSURE, metadata={"query_function": broken})).validation_passed


@pytest.mark.parametrize("value", ["warn", "", None, True])
def test_an_unknown_uncertain_policy_is_refused_at_construction(value: object) -> None:
    with pytest.raises(InvalidInput, match="uncertain"):
        ProvenanceNLI(uncertain=value)  # type: ignore[arg-type]


def test_the_policy_survives_guardrails_rebuilding_the_guard() -> None:
    guard = Guard.from_dict(Guard().use(ProvenanceNLI(on_fail="fix", uncertain="flag")).to_dict())
    assert guard is not None
    assert outcome(guard.validate(UNSURE, metadata={"sources": SOURCES})).validated_output == UNSURE


@pytest.mark.slow
def test_the_cli_summary_says_what_failed_and_what_was_kept(tmp_path: Path) -> None:
    (tmp_path / "s.txt").write_text("\n".join(SOURCES))
    (tmp_path / "a.txt").write_text(ANSWER)
    command = [sys.executable, "-m", "validator", "check", "--sources", str(tmp_path / "s.txt")]
    command += ["--text", str(tmp_path / "a.txt")]
    strict = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert strict.returncode == 1
    assert "0 of 2 sentences pass; failed: 2 contradicted" in strict.stdout
    flagged = subprocess.run([*command, "--uncertain", "flag"], capture_output=True, text=True, timeout=300)
    assert flagged.returncode == 1
    assert "1 of 2 sentences pass; failed: 1 contradicted; 1 unsure, kept and flagged (*)" in flagged.stdout
    clean = subprocess.run([*command[:-1], str(tmp_path / "s.txt")], capture_output=True, text=True, timeout=300)
    assert clean.returncode == 0 and clean.stdout.rstrip().endswith("3 of 3 sentences pass")  # nothing failed
    as_json = subprocess.run([*command, "--uncertain", "flag", "--json"], capture_output=True, text=True, timeout=300)
    assert json.loads(as_json.stdout)["flagged"] == [0]


@pytest.mark.slow
def test_check_batch_lists_only_the_sentences_that_failed(tmp_path: Path) -> None:
    """With --uncertain flag, a row's failing sentences are the sure ones: the kept one is not listed."""
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"id": "a", "text": ANSWER, "sources": SOURCES}) + "\n")
    command = [sys.executable, "-m", "validator", "check-batch", "--input", str(rows), "--uncertain", "flag"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert result.returncode == 1, result.stderr
    assert "FAIL   1 of 2 sentences pass" in result.stdout
    assert SURE in result.stdout and UNSURE not in result.stdout


@pytest.mark.parametrize(
    ("text", "metadata", "note"),
    [
        ("La tour est peinte en bleu.", {"sources": ["The Eiffel Tower was completed in 1889."]}, "English"),
        ("Der Turm ist in Paris.", {"sources": ["The tower is in Paris."]}, "English"),
        ("The tower was completed in 1889.", {"sources": []}, "evidence"),
        ("The tower was completed in 1889.", {"query_function": lambda text, k: []}, "evidence"),
    ],
    ids=["not-english", "short-german", "no-sources", "nothing-retrieved"],
)
@pytest.mark.parametrize("fail_on", ["contradicted", "unsupported"])
def test_what_nothing_verified_fails_under_every_fail_on(text: str, metadata: dict, note: str, fail_on: str) -> None:
    """docs/verdicts.md: a sentence no check verified fails under every policy; ``fail_on``
    chooses among the verdicts of a check that ran."""
    result = ProvenanceNLI(on_fail="noop", fail_on=fail_on).validate(text, metadata)
    assert result.outcome == "fail", sentences_of(result)
    assert note in (sentences_of(result)[0]["note"] or "")


OTHER_LANGUAGES = {
    "polish": "Najemca płaci czynsz do piątego dnia każdego miesiąca.",
    "swedish": "Hyresgästen betalar hyran senast den femte varje månad.",
    "turkish": "Kiracı kirayı her ayın beşine kadar öder.",
    "indonesian": "Penyewa membayar sewa paling lambat tanggal lima setiap bulan.",
    "finnish": "Vuokralainen maksaa vuokran kuukauden viidenteen päivään mennessä.",
    "danish": "Lejeren betaler huslejen senest den femte i hver måned.",
    "hungarian": "A bérlő minden hónap ötödikéig fizeti a bérleti díjat.",
    "swahili": "Mpangaji hulipa kodi kabla ya tarehe tano kila mwezi.",
    "czech": "Nájemce platí nájemné do pátého dne každého měsíce.",
    "romanian": "Chiriașul plătește chiria până pe data de cinci a fiecărei luni.",
}


@pytest.mark.parametrize("text", OTHER_LANGUAGES.values(), ids=OTHER_LANGUAGES.keys())
def test_a_sentence_in_another_latin_script_language_fails_even_under_contradicted(text: str) -> None:
    """The bundled model reads English only: a claim in another language is not checked, so it
    fails under every ``fail_on`` (the source says the rent is due on the first)."""
    source = "The tenant pays the rent on the first day of each month. The landlord pays for repairs."
    result = ProvenanceNLI(on_fail="noop", fail_on="contradicted").validate(text, {"sources": [source]})
    assert result.outcome == "fail", sentences_of(result)
    assert "English" in (sentences_of(result)[0]["note"] or "")


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        ("Donald Cerrone", "The fight at UFC 202 was won by Donald Cerrone in the first round."),
        ("Benares gharānā", "Kishan Maharaj was a tabla player of the Benares gharānā, a school of Hindustani music."),
        ("Samuel Anthony Alito Jr.", "The opinion was written by Samuel Anthony Alito Jr., an associate justice."),
        ("jaguar", "The largest cat native to the Americas is the jaguar, found from Mexico to Argentina."),
    ],
)
def test_a_short_answer_or_a_name_is_checked_not_refused_as_another_language(answer: str, source: str) -> None:
    """A name, or one or two words, is no language's: it is checked against its source, not
    failed unchecked as "not English" (a quarter of HaluEval QA's grounded answers were)."""
    [sentence] = sentences_of(ProvenanceNLI(on_fail="noop").validate(answer, {"sources": [source]}))
    assert sentence["method"] != "none", sentence


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        ("The Vega costs 38,000 euros.", "In Germany, the Vega costs 38,000 euros before tax."),
        ("The Fiat Panda costs 14,000 euros.", "In Italy, the Fiat Panda costs 14,000 euros new."),
        ("The Seat Ibiza costs 17,500 euros.", "The Seat Ibiza costs 17,500 euros in Spain."),
    ],
)
def test_an_english_sentence_holding_a_brand_or_a_currency_is_checked(answer: str, source: str) -> None:
    """A short English sentence whose brand and currency outweigh its English words for the
    language classifier is read again without them, and checked."""
    [sentence] = sentences_of(ProvenanceNLI(on_fail="noop").validate(answer, {"sources": [source]}))
    assert sentence["method"] != "none", sentence


def test_english_sentences_full_of_names_are_still_checked() -> None:
    answer = "Barack Obama was born in Honolulu, Hawaii. Sevilla beat Fiorentina in Seville."
    sources = ["Barack Obama was born in Honolulu, Hawaii, in 1961. Sevilla beat Fiorentina in Seville."]
    assert ProvenanceNLI(on_fail="noop").validate(answer, {"sources": sources}).outcome == "pass"


# A rule's finding is of one of two sorts (validator/vetoes.py). An exact one (the evidence states
# another value in the sentence's place: an identifier, a code, an address, a decimal, a unit, a
# near-copy's value) is certain: it fails under every `uncertain` and every `fail_on`, whatever the
# model said. An attributing one (whose value it is) is as sure as it was measured to be
# (validator/precision.json, the lower bound of its interval): below the bar it still fails by
# default, and uncertain="flag" keeps it, flagged, with that confidence.

EXACT_FINDINGS = [
    ("Leeds beat Hull 2-0 on Saturday.", "Leeds beat Hull 3-1 on Saturday. Hull beat York 2-0 on Sunday."),
    (
        "Maria Lopez, 41, was appointed chief of staff.",
        "Maria Lopez, 34, was appointed chief of staff. Her deputy, Tom Reed, 41, joined last year.",
    ),
    ("Your account number is 4829-1173-5527.", "Your account number is 4829-1173-5520. Keep it safe."),
    ("Vehicle KA-05-MN-4727 was towed on Monday.", "Vehicle KA-05-MN-4721 was towed on Monday."),
    ("The office is at 14 Hill Road, Leeds LS6 2QF.", "The office is at 14 Hill Road, Leeds LS6 2QT."),
    ("The server listens on 10.0.13.4 by default.", "The server listens on 10.0.12.4 by default."),
    ("Give 5 mg twice a day with food.", "Give 0.5 mg twice a day with food."),
    ("The tank holds 25 litres of fuel.", "The tank holds 2\u00b75 litres of fuel."),
    ("The call starts at 14:00 EST on Tuesday.", "The call starts at 14:00 GMT on Tuesday."),
    ("The project will cost 5 lakh rupees in all.", "The project will cost 5 crore rupees in all."),
    ("Three men were detained after the burglary.", "Officers detained two men after the burglary."),
    ("Attendance topped 900 visitors.", "Attendance reached 640 visitors."),
    ("Sea levels could rise 40 cm by 2060.", "Sea levels could rise 40 cm by 2090."),
    (
        "The bridge, which opened in 1932, spans 530 metres across the harbour.",
        "The bridge, which opened in 1932, spans 503 metres across the harbour and carries eight lanes.",
    ),
]


@pytest.mark.parametrize(("answer", "source"), EXACT_FINDINGS)
def test_an_exact_finding_fails_under_every_policy(answer: str, source: str) -> None:
    passed, [sentence] = check_answer(answer, [source])
    assert not passed and sentence["method"] in RULE_METHODS, sentence
    assert sentence["certainty"] == "exact" and sentence["confidence"] == 1.0 and not sentence["needs_review"]
    for options in ({"uncertain": "flag"}, {"fail_on": "contradicted"}, {"fail_on": "unsupported"}):
        kept, _ = check_answer(answer, [source], **options)
        assert not kept, options


VETOES_BELOW_THE_BAR = [
    (
        "St Anne's Hospital has 650 beds.",
        "St Anne's Hospital is in Bristol. It has 420 beds. Royal Park Hospital is in Bath. It has 650 beds.",
    ),
    ("The museum closes at 9am on weekdays.", "The museum opens at 9am and closes at 6pm on weekdays."),
    (
        "Adults take 2 mg of the drug once daily.",
        "The drug is given at 5 mg once daily for adults and 2 mg for children.",
    ),
]


@pytest.mark.parametrize(("answer", "source"), VETOES_BELOW_THE_BAR)
def test_an_attributing_veto_below_the_bar_fails_by_default_and_is_flagged_under_flag(answer: str, source: str) -> None:
    passed, [sentence] = check_answer(answer, [source])
    assert not passed and sentence["method"] in RULE_METHODS, sentence
    measured = trust(sentence["finding"])
    assert sentence["certainty"] == "attributing" and not measured.exact
    assert not measured.certain and sentence["confidence"] == measured.precision < 0.95
    assert sentence["needs_review"]
    kept, [flagged] = check_answer(answer, [source], uncertain="flag")
    assert kept and flagged["verdict"] == sentence["verdict"] != "supported"


def test_an_attributing_kind_is_weighed_by_the_lower_bound_of_its_measured_precision() -> None:
    """Few vetoes say little: a kind is certain only from 30 measured vetoes, and its confidence is
    the lower end of the 95% interval, below the share it got right."""
    from validator.vetoes import MIN_VETOES, markdown_table, table_rows, wilson_lower

    assert wilson_lower(3, 3) < 0.5 < wilson_lower(60, 60) < 1.0
    assert wilson_lower(0, 0) == 0.0
    for kind, sort, _, confidence, certain in table_rows():
        measured = trust(kind)
        assert (sort == "exact") == measured.exact
        assert (certain and confidence == 1.0) if measured.exact else (not certain or measured.vetoes >= MIN_VETOES)
    docs = (Path(__file__).resolve().parents[1] / "docs" / "verdicts.md").read_text(encoding="utf-8")
    assert markdown_table() in docs, "docs/verdicts.md publishes validator.vetoes.markdown_table()"


def test_flag_never_keeps_a_rule_that_settles_before_the_model() -> None:
    answer = 'The report said "the bridge will reopen to traffic next spring".'
    passed, [sentence] = check_answer(answer, ["The report said the bridge is closed."], uncertain="flag")
    assert sentence["method"] == "quote_check" and not sentence["needs_review"]
    assert not passed


def test_a_finding_the_table_does_not_measure_is_worth_all_attributing_findings_together() -> None:
    measured = [trust(kind) for kind in ("number_misplaced", "number_absent")]
    unmeasured = trust("a finding no set has met")
    assert not unmeasured.certain
    assert min(m.precision for m in measured) <= unmeasured.precision <= 1


@pytest.mark.slow
def test_the_cli_under_flag_keeps_a_rule_finding_below_the_bar_flagged(tmp_path: Path) -> None:
    (tmp_path / "s.txt").write_text(VETOES_BELOW_THE_BAR[0][1])
    (tmp_path / "a.txt").write_text(VETOES_BELOW_THE_BAR[0][0])
    command = [sys.executable, "-m", "validator", "check", "--sources", str(tmp_path / "s.txt")]
    command += ["--text", str(tmp_path / "a.txt"), "--json"]
    strict = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert strict.returncode == 1, strict.stdout + strict.stderr
    flagged = subprocess.run([*command, "--uncertain", "flag"], capture_output=True, text=True, timeout=300)
    assert flagged.returncode == 0, flagged.stdout + flagged.stderr
    out = json.loads(flagged.stdout)
    [index] = out["flagged"]
    assert out["sentences"][index]["method"] == "number_check" and out["sentences"][index]["finding"]
