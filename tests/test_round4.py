"""Nothing unverified passes, round 4 (issue 41): each class of wrong sentence that slipped through
the public API, with other wordings and domains than the issue's own, and a property where the
item names a class. Through a real Guard, the bundled model, the CLI and streaming."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from guardrails import Guard
from guardrails.classes.validation_outcome import ValidationOutcome
from guardrails.errors import ValidationError
from helpers import last_result, only, outcome, sentences_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from validator import ProvenanceNLI
from validator.context import read_in_context
from validator.errors import InvalidInput
from validator.numbers import check_numbers
from validator.opposites import opposes
from validator.quotes import VerbatimHaystack, fold_case
from validator.splitting import split_sentences

RULES = ("number_check", "binding_check", "quote_check", "framing_check", "negation_check")


def _check(answer: str, sources: list[str], **options: object) -> tuple[bool, list[dict]]:
    guard = Guard().use(ProvenanceNLI(on_fail="noop", **options))  # type: ignore[arg-type]
    passed = outcome(guard.validate(answer, metadata={"sources": sources})).validation_passed
    return bool(passed), sentences_of(last_result(guard))


# 1. A rule's verdict is never "unsure": uncertain="flag" keeps only the model's and the judge's.


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        ("Three men were detained after the burglary.", "Officers detained two men after the burglary."),
        ("Attendance topped 900 visitors.", "Attendance reached 640 visitors."),
        ("Sea levels could rise 40 cm by 2060.", "Sea levels could rise 40 cm by 2090."),
    ],
)
def test_flag_never_keeps_a_rule_verdict(answer: str, source: str) -> None:
    passed, [sentence] = _check(answer, [source], uncertain="flag")
    assert sentence["verdict"] != "supported"
    assert sentence["method"] in RULES or not sentence["needs_review"]
    assert not passed


@pytest.mark.slow
def test_the_cli_under_flag_fails_a_rule_verdict(tmp_path: Path) -> None:
    (tmp_path / "s.txt").write_text("Officers detained two men after the burglary.")
    (tmp_path / "a.txt").write_text("Three men were detained after the burglary.")
    command = [sys.executable, "-m", "validator", "check", "--sources", str(tmp_path / "s.txt")]
    command += ["--text", str(tmp_path / "a.txt"), "--uncertain", "flag", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stdout + done.stderr
    assert json.loads(done.stdout)["flagged"] == []


# 2. Copies trusted past their guards.


@pytest.mark.parametrize("odd", ["Johann Strauß", "İzmir's mayor", "the ﬁrst engineer"])
def test_a_character_that_folds_to_two_does_not_switch_the_guards_off(odd: str) -> None:
    source = f"{odd} says that is wrong, i.e. the canal was opened in 1894."
    assert VerbatimHaystack.of(source).find_sentence("The canal was opened in 1894.") is None
    _, [sentence] = _check("The canal was opened in 1894.", [source])
    assert sentence["method"] != "verbatim"


@given(st.text(alphabet="aßİﬁﬀǰΐ Z.", max_size=30))
def test_folding_keeps_every_offset(text: str) -> None:
    assert len(fold_case(text)) == len(text)


TAKE_BACKS = [
    "Historians have since rejected this.",
    "This has been shown to be false.",
    "No evidence supports that account.",
    "Scholars now regard the story as a legend.",
    "That figure turned out to be wrong.",
]


@pytest.mark.parametrize("take_back", TAKE_BACKS)
def test_a_take_back_in_any_words_is_not_a_copy_and_cannot_support(take_back: str) -> None:
    source = f"The lighthouse was first lit in 1872. {take_back}"
    passed, [sentence] = _check("The lighthouse was first lit in 1872.", [source])
    assert sentence["method"] != "verbatim" and sentence["verdict"] != "supported"
    assert not passed


REPORTED_AND_DENIED = [
    "For decades it was claimed that {clause} Archival research has since disproved this.",
    "Many visitors still believe that {clause} That story is a legend.",
    "It is a popular myth that {clause}",
    "Guidebooks once said that {clause} The claim turned out to be wrong.",
]


@pytest.mark.parametrize("frame", REPORTED_AND_DENIED)
def test_a_clause_the_source_reports_only_to_deny_it_cannot_support(frame: str) -> None:
    clause = "the lighthouse keeper lived on the island with his family."
    source = "The lighthouse stands on a rocky island. " + frame.format(clause=clause)
    passed, [sentence] = _check("The lighthouse keeper lived on the island with his family.", [source])
    assert sentence["verdict"] != "supported", sentence
    assert not passed


@pytest.mark.parametrize(
    "source",
    [
        "Villagers long said that the old mill burned down in the great fire. Parish records confirm it.",
        "Despite false rumours, the parish records confirmed that the old mill burned down in the great fire.",
    ],
)
def test_a_clause_reported_and_then_confirmed_may_still_support(source: str) -> None:
    _, [sentence] = _check("The old mill burned down in the great fire.", [source])
    assert sentence["method"] != "framing_check", sentence


def test_a_statement_followed_by_news_about_a_thing_is_still_a_copy() -> None:
    source = "The council approved the new bridge in 1998. It was opened to traffic in 2003."
    assert VerbatimHaystack.of(source).find_sentence("The council approved the new bridge in 1998.") is not None


@pytest.mark.parametrize("marker", ["-", "*", "1.", "a)"])
@pytest.mark.parametrize("position", [0, 1, 2])
def test_every_item_of_a_list_framed_as_untrue_is_disowned(marker: str, position: int) -> None:
    items = ["Vaccines cause autism in children.", "Cold weather causes the flu.", "Antibiotics cure viral infections."]
    markers = [marker if not marker[0].isalnum() else f"{i + 1}{marker[1:]}" for i in range(len(items))]
    source = "Common myths about health:\n" + "\n".join(f"{m} {item}" for m, item in zip(markers, items, strict=True))
    haystack = VerbatimHaystack.of(source)
    assert haystack.find_sentence(items[position]) is None and haystack.disowns(items[position])
    passed, [sentence] = _check(items[position], [source])
    assert not passed and sentence["verdict"] != "supported"


def test_a_list_under_a_plain_heading_is_not_disowned() -> None:
    source = "Key facts:\n- The plant employs 400 people.\n- The plant opened in 1962."
    assert not VerbatimHaystack.of(source).disowns("The plant opened in 1962.")


def test_a_copy_with_a_described_subject_vouches_only_in_the_same_context() -> None:
    grounded = "Initech sells office printers. The company was founded in 1977."
    passed, sentences = _check("Vandelay imports latex. The company was founded in 1977.", [grounded])
    assert sentences[1]["method"] != "verbatim" and not passed
    same = _check("Initech sells office printers. The company was founded in 1977.", [grounded])[1]
    assert [s["method"] for s in same] == ["verbatim", "verbatim"]


def test_a_described_subject_is_never_rewritten_as_the_name_before() -> None:
    """ "The city library" is not the Eiffel Tower: its 1801 is never lent to the tower."""
    source = "The Eiffel Tower was completed in 1889. The city library was completed in 1801."
    assert read_in_context(source.split(". "))[1] == "The city library was completed in 1801."
    assert check_numbers("The Eiffel Tower was completed in 1801.", source) is not None


# 3. Settings that switch the check off.


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


# 4. fix keeps the answer's own bytes; streaming checks the last sentence.

DOTTED = st.sampled_from([".env", ".gitignore", ".NET", "v2.0.1", "example.com", "node.js", "a.b.c", ".bashrc"])
WORD = st.sampled_from(["Open", "the", "file", "and", "set", "DEBUG", "then", "restart", "it"])


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.one_of(WORD, DOTTED), min_size=2, max_size=8), min_size=1, max_size=4))
def test_no_sentence_starts_inside_a_dotted_token(sentences: list[list[str]]) -> None:
    answer = " ".join(" ".join(words) + "." for words in sentences)
    spans = split_sentences(answer)
    assert all(s.start == 0 or answer[s.start - 1].isspace() for s in spans), [s.text for s in spans]
    assert all(answer[s.start : s.end] == s.text for s in spans)


def test_fix_keeps_a_sentence_with_a_dotted_file_name_whole() -> None:
    text = "Copy the .npmrc file to your home folder. Then run the installer."
    guard = Guard().use(ProvenanceNLI(on_fail="fix"))
    result = outcome(guard.validate(text, metadata={"sources": [text]}))
    assert result.validated_output == text


# 5. A dummy "it" refers to nothing.


@pytest.mark.parametrize(
    "sentence",
    [
        "It is important to store Calmex below 25 degrees.",
        "It is advisable to see a doctor first.",
        "It was snowing in the valley.",
        "It is believed that the fort was abandoned.",
        "It takes three days to reach the summit.",
    ],
)
def test_a_dummy_it_is_read_alone(sentence: str) -> None:
    assert read_in_context(["Adults may take two tablets.", sentence])[1] == sentence


@pytest.mark.parametrize(
    "sentence", ["It was completed in 1925.", "It is safe to take with food.", "It is able to fly."]
)
def test_a_referring_it_still_leans_back(sentence: str) -> None:
    assert read_in_context(["The bridge spans the river.", sentence])[1] != sentence


# 6. Minimal pairs the deterministic layer is sure of.

OPPOSITES = [
    ("Gift cards can be returned.", "Gift cards can be exchanged but not returned."),
    ("The ferry runs on Sundays.", "The ferry no longer runs on Sundays."),
    ("The treaty was ratified.", "The treaty was never ratified."),
    ("The cafe serves alcohol.", "The cafe does not serve any alcohol."),
    ("Delays are uncommon on this route.", "Delays are common on this route."),
    ("The procedure is reversible.", "The procedure is irreversible."),
    ("The result was accurate.", "The result was inaccurate."),
    ("Pets are allowed in the cabins.", "No pets are allowed in the cabins."),
    ("Visitors may photograph the murals.", "Visitors may photograph the gardens but may not photograph the murals."),
    ("The clinic still offers walk-in appointments.", "The clinic no longer offers walk-in appointments."),
    ("The pool is open to members.", "The pool is open to guests, but not to members."),
]


@pytest.mark.parametrize(("answer", "source"), OPPOSITES)
def test_a_minimal_pair_opposite_is_contradicted_by_the_rule(answer: str, source: str) -> None:
    passed, [sentence] = _check(answer, [f"Welcome aboard. {source} Tickets are sold online."])
    assert sentence["verdict"] == "contradicted" and sentence["method"] == "negation_check"
    assert not passed


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        ("The ferry runs on Sundays.", "The ferry does not run on Mondays but runs on Sundays."),
        ("Items can be refunded.", "Items that are not damaged can be refunded."),
        ("The treaty was ratified.", "Nobody denied that the treaty was ratified."),
        ("They form a group.", "They inform a group."),
        ("Visitors may take photos.", "Visitors may take photos but may not take videos."),
        ("The store opens on Sundays.", "The store does not open on holidays, yet it opens on Sundays."),
    ],
)
def test_what_is_not_a_minimal_pair_opposite_is_left_to_the_model(answer: str, source: str) -> None:
    assert not opposes(answer, source)


ADJECTIVES = st.sampled_from(["safe", "common", "usual", "fair", "known", "stable", "likely"])


VERBS = st.sampled_from(["bring", "park", "photograph", "feed", "keep"])
THINGS = st.sampled_from(["bicycles", "the boats", "tents", "the goats", "umbrellas"])


@given(VERBS, THINGS, THINGS, st.sampled_from(["but", "yet", "whereas"]))
def test_a_permission_the_source_grants_one_thing_and_denies_another_is_read_per_thing(
    verb: str, allowed: str, denied: str, contrast: str
) -> None:
    if allowed == denied:
        return
    source = f"Guests may {verb} {allowed} {contrast} may not {verb} {denied}."
    assert opposes(f"Guests may {verb} {denied}.", source)
    assert not opposes(f"Guests may {verb} {allowed}.", source)


@given(ADJECTIVES, st.sampled_from(["The road", "This method", "Such a delay"]), st.booleans())
def test_a_negating_prefix_always_opposes(adjective: str, subject: str, prefixed_in_claim: bool) -> None:
    plain, prefixed = f"{subject} is {adjective}.", f"{subject} is un{adjective}."
    claim, source = (prefixed, plain) if prefixed_in_claim else (plain, prefixed)
    assert opposes(claim, source) and not opposes(claim, claim)


# 6 (continued). A value or attribute moved to another person or thing of the same source.

MOVED = [
    ("Priya led the audit of the Leeds branch.", "Marco led the audit of the Leeds branch. Priya joined in May."),
    ("Okafor, 34, was elected chair.", "Lindqvist, 34, was elected chair. Okafor was elected treasurer."),
    ("The ferry leaves at dawn on Friday.", "The ferry leaves at dawn on Thursday. On Friday it stays in port."),
    ("The tenant pays the water bill.", "The tenant pays the rent monthly. The landlord pays the water bill."),
    ("The deputy signed the final report.", "The deputy signed the draft. The mayor signed the final report."),
]


@pytest.mark.parametrize(("answer", "source"), MOVED)
def test_a_value_moved_to_another_subject_is_contradicted_by_the_rule(answer: str, source: str) -> None:
    passed, [sentence] = _check(answer, [source])
    assert sentence["verdict"] == "contradicted" and sentence["method"] == "binding_check", sentence
    assert not passed


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        # the same person under a title and a name, and two common nouns the source never contrasts
        ("Obama signed the climate bill.", "President Obama spoke. The President signed the climate bill."),
        ("The startup hired forty engineers.", "The company hired forty engineers. The startup is in Oslo."),
        ("The tenant pays the water bill.", "The tenant pays the water bill. The landlord pays the rent."),
    ],
)
def test_what_is_not_a_moved_value_is_left_to_the_model(answer: str, source: str) -> None:
    _, [sentence] = _check(answer, [source])
    assert sentence["method"] != "binding_check", sentence


NAMES = st.sampled_from(["Aiko", "Bram", "Chidi", "Dagny", "Emeka", "Farah"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(NAMES, NAMES, st.sampled_from(["drafted the lease", "won the regional final", "repaired the north gate"]))
def test_a_deed_moved_between_two_named_people_never_passes(holder: str, other: str, deed: str) -> None:
    if holder == other:
        return
    source = f"{holder} {deed} last spring. {other} arrived in the autumn."
    passed, [sentence] = _check(f"{other} {deed} last spring.", [source])
    assert not passed and sentence["verdict"] == "contradicted"


def test_an_age_set_off_after_another_name_of_the_same_sentence_is_not_vouched() -> None:
    source = "Amara, 29, and her brother Kofi, 36, were rescued from the cliff."
    passed, [sentence] = _check("Amara, 36, was rescued from the cliff.", [source])
    assert sentence["verdict"] == "contradicted" and sentence["method"] == "number_check", sentence
    assert not passed


@given(NAMES, NAMES, st.integers(18, 90), st.integers(18, 90), st.booleans())
def test_an_age_belongs_to_the_name_it_is_set_off_after(first: str, second: str, a: int, b: int, one: bool) -> None:
    if first == second or a == b:
        return
    together, apart = (
        f"{first}, {a}, and {second}, {b}, were injured.",
        f"{first}, {a}, was hurt. {second}, {b}, was not.",
    )
    source = together if one else apart
    assert check_numbers(f"{first}, {b}, was injured.", [source]) is not None
    assert check_numbers(f"{first}, {a}, was injured.", [source]) is None


def test_a_link_through_a_third_name_does_not_join_two_sentences() -> None:
    """Both sentences are about Ferrante, so nothing vouches that Calvino wrote what she did."""
    source = "Ferrante admired Calvino. Ferrante wrote The Lost Daughter."
    passed, [sentence] = _check("Calvino wrote The Lost Daughter.", [source])
    assert not passed and sentence["verdict"] != "supported"


def test_a_surname_the_source_also_writes_in_lower_case_is_still_a_name() -> None:
    source = "Ada Green lived in a green cottage. Samuel Okoye built the Harbour Bridge."
    passed, _ = _check("Green built the Harbour Bridge.", [source])
    assert not passed


def test_a_query_function_passage_that_points_back_is_not_joined_to_another_subject() -> None:
    passages = ["The Bosco Verticale is a pair of towers in Milan.", "It was completed in 1931."]

    def retrieve(text: str, k: int) -> list[str]:
        return passages

    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    result = guard.validate("The Bosco Verticale was completed in 1931.", metadata={"query_function": retrieve})
    assert not outcome(result).validation_passed
    assert only(last_result(guard))["verdict"] != "supported"


# 7. The number rule reads a value however it is abbreviated.


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("The fine was $25k.", "The fine was $25,000."),
        ("Profits were £62m.", "Profits were £62 million."),
        ("The grant was €1.2bn.", "The grant was €1.2 billion."),
        ("The fee was USD 300.", "The fee was $300."),
        ("The sample held 10⁸ cells.", "The sample held 100,000,000 cells."),
    ],
)
def test_the_same_value_abbreviated_is_vouched_for(claim: str, evidence: str) -> None:
    assert check_numbers(claim, evidence) is None


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("The fee was GBP 300.", "The fee was £200."),
        ("The sample held 10⁶ cells.", "The sample held 10⁹ cells."),
        ("The fine was $25k.", "The fine was $40,000."),
    ],
)
def test_another_value_abbreviated_is_not(claim: str, evidence: str) -> None:
    assert check_numbers(claim, evidence) is not None


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("The firm opened 4 offices.", "The firm opened 4 warehouses and 9 offices."),
        ("The studio shipped 3 games.", "The studio shipped 3 expansions and 2 games in 2019."),
        ("She fought in World War I.", "She fought in the Second World War."),
        ("The repair took a couple of days.", "The repair took nine days."),
        ("The club won 3 trophies.", "The club won 3 medals and 1 trophy."),
        ("The shop sold 7 boxes.", "The shop sold 7 bags and one box."),
    ],
)
def test_a_count_of_another_thing_or_a_numbered_name_is_not_vouched(claim: str, evidence: str) -> None:
    assert check_numbers(claim, evidence) is not None


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("The album has 12 tracks.", "The album has 12 songs."),
        ("The firm opened 4 new offices.", "The firm opened 4 offices and 9 warehouses."),
        ("She fought in the Second World War.", "She fought in World War II."),
        ("The repair took a couple of days.", "The repair took two days."),
        ("He made 170 off 149 balls.", "He made 170 off 149 deliveries. His fifty came from 63 balls."),
    ],
)
def test_the_same_count_or_name_reworded_is_vouched(claim: str, evidence: str) -> None:
    assert check_numbers(claim, evidence) is None


# 8. A crash and a hang.


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
