"""How a verdict is reached before and around the model: sentences copied from a source,
the number check, sentences that lean on the one before, and the three retrieval modes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from guardrails import Guard
from helpers import last_result, number_verdict, outcome, sentences_of

from validator import ProvenanceNLI
from validator.context import read_in_context
from validator.errors import InvalidInput
from validator.pipeline import CheckRequest, ProvenanceChecker
from validator.rules.quotes import polarity_flips
from validator.splitting import split_sentences

DATA = Path(__file__).parent / "data"
APACHE = (DATA / "apache-2.0.txt").read_text(encoding="utf-8")
APACHE_PARAGRAPHS = [p for p in APACHE.split("\n\n") if p.strip()]
NOTICE_SENTENCE = (
    "This License does not grant permission to use the trade names, trademarks, service marks, or product names "
    "of the Licensor, except as required for reasonable and customary use in describing the origin of the Work "
    "and reproducing the content of the NOTICE file."
)


@pytest.fixture(scope="module")
def checker() -> ProvenanceChecker:
    return ProvenanceChecker()


def _copied_sentences() -> list[tuple[str, list[str]]]:
    """100 sentences copied from real texts (the Apache and GNU GPL 3 licences, the example
    sources), as (sentence, the text's paragraphs); those with a negation first."""

    texts = [
        APACHE_PARAGRAPHS,
        [p for p in (DATA.parent.parent / "examples" / "eiffel-tower.txt").read_text().split("\n\n") if p.strip()],
        [p for p in (DATA.parent.parent / "examples" / "mount-everest.txt").read_text().split("\n\n") if p.strip()],
        [p for p in (DATA / "gpl-3.0.txt").read_text(encoding="utf-8").split("\n\n") if p.strip()],
    ]
    picked = []
    for paragraphs in texts:
        for paragraph in paragraphs:
            for span in split_sentences(paragraph):
                if len(span.text.split()) >= 6 and span.text[0].isupper():
                    picked.append((span.text, paragraphs))
    negated = [p for p in picked if re.search(r"\bnot\b|n't\b|\bno\b|\bnever\b", p[0])]
    rest = [p for p in picked if p not in negated]
    return (negated + rest)[:100]


def test_a_hundred_copied_sentences_pass_without_the_model(checker: ProvenanceChecker) -> None:
    copied = _copied_sentences()
    assert len(copied) == 100 and sum(" not " in f" {s} " for s, _ in copied) >= 10
    for sentence, paragraphs in copied:
        [result] = checker.check(CheckRequest(sentence, sources=paragraphs)).sentences
        assert (result.verdict, result.method, result.confidence) == ("supported", "verbatim", 1.0), sentence


def test_a_hundred_copied_sentences_negated_never_pass(checker: ProvenanceChecker) -> None:
    """The same real sentences with one auxiliary's negation added or removed: each is settled
    as contradicted from its own text, unless the text also states the flipped form."""
    flipped = 0
    for sentence, paragraphs in _copied_sentences():
        for variant in polarity_flips(sentence)[:1]:
            [result] = checker.check(CheckRequest(variant, sources=paragraphs)).sentences
            if result.method != "verbatim":
                assert (result.verdict, result.method) == ("contradicted", "negation_check"), variant
                flipped += 1
    assert flipped >= 50


def test_the_notice_sentence_passes_through_guard_query_function_and_cli() -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="exception"))
    assert outcome(guard.validate(NOTICE_SENTENCE, metadata={"sources": APACHE_PARAGRAPHS})).validation_passed
    paragraph = next(p for p in APACHE_PARAGRAPHS if "trade names" in " ".join(p.split()))
    result = ProvenanceNLI(on_fail="noop").validate(NOTICE_SENTENCE, {"query_function": lambda text, k: [paragraph]})
    assert result.outcome == "pass" and sentences_of(result)[0]["method"] == "verbatim"


@pytest.mark.parametrize(
    "variant",
    [
        "Also, this license does not grant permission to use the trade names, trademarks, service marks, or product "
        "names of the Licensor, except as required for reasonable and customary use in describing the origin of the "
        "Work and reproducing the content of the NOTICE file [2].",
        NOTICE_SENTENCE.replace(" use ", "\n  use ").replace("Licensor", "Licen-\nsor").upper(),
    ],
    ids=["connective-and-marker", "case-spacing-hyphen"],
)
def test_near_verbatim_copies_pass(checker: ProvenanceChecker, variant: str) -> None:
    [result] = checker.check(CheckRequest(variant, sources=APACHE_PARAGRAPHS)).sentences
    assert result.method == "verbatim"


def test_a_clause_under_a_negation_is_not_a_copy(checker: ProvenanceChecker) -> None:
    source = "It is not true that the museum closes at 9 p.m. on Sundays."
    [result] = checker.check(CheckRequest("The museum closes at 9 p.m. on Sundays.", sources=[source])).sentences
    assert result.method != "verbatim"  # what the model makes of it is the model's business


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        ("The museum closes at 9 p.m.", "The museum closes at 5 p.m. every day.", "contradicted"),
        ("The museum closes at 5 p.m.", "The museum closes at 5 p.m. every day.", None),
        ("Returns are accepted within 90 days.", "Returns are accepted within 30 days of purchase.", "contradicted"),
        ("The ticket costs $12.", "The ticket costs $10.50 for adults.", "contradicted"),
        ("Turnout was 45%.", "Turnout was 45 percent.", None),
        ("It sold 23 million copies.", "It sold 23,000,000 copies.", None),
        ("The tower has three lifts.", "The tower has 3 lifts.", None),
        ("It was the third attempt.", "It was the 3rd attempt.", None),
        ("The bridge opened in 1932.", "The bridge was completed in 1931 and opened a year later.", "contradicted"),
        ("The bridge has 14 pillars.", "The bridge was completed in 1931.", "unsupported"),
        ("One of the towers is tall.", "The towers are tall.", None),
    ],
)
def test_number_check(sentence: str, premise: str, expected: str | None) -> None:
    assert number_verdict(sentence, premise) == expected


def test_a_wrong_number_the_model_would_pass_is_caught() -> None:
    """The model's known weakness (tests/test_model.py): the 9 of "9 a.m." reads as support
    for "closes at 9 p.m.". Through the validator, the number check catches it."""
    sources = ["The museum opens at 9 a.m. and closes at 5 p.m. every day except Monday."]
    result = ProvenanceNLI(on_fail="noop").validate("The museum closes at 9 p.m.", {"sources": sources})
    [sentence] = sentences_of(result)
    assert result.outcome == "fail" and sentence["verdict"] == "contradicted"


def test_every_result_says_how_it_was_decided(checker: ProvenanceChecker) -> None:
    sources = ["The Eiffel Tower in Paris was completed in 1889. It is 330 metres tall."]
    text = (
        "The Eiffel Tower in Paris was completed in 1889. It is made of gold. "
        'He said "the tower is made of solid gold".'
    )
    methods = [s.method for s in checker.check(CheckRequest(text, sources=sources)).sentences]
    assert methods == ["verbatim", "model", "quote_check"]
    assert checker.check(CheckRequest(text, sources=[])).sentences[0].method == "none"


CONTEXT_CASES = [
    json.loads(line) for line in (DATA / "context_cases.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()
]


def test_context_cases_are_hand_written_and_plenty() -> None:
    assert len(CONTEXT_CASES) >= 40


def test_sentences_that_lean_on_the_previous_one(checker: ProvenanceChecker) -> None:
    """The hand-written context set: the last sentence of each answer leans on the one before.
    A guard must not pass a wrong fact because it is about "it"; the model is small, so the
    bar is the share that comes out right, and no wrong one passes in the two cases checked
    by name."""
    right = 0
    for case in CONTEXT_CASES:
        last = checker.check(CheckRequest(case["answer"], sources=case["sources"])).sentences[-1]
        right += (last.verdict == "supported") == (case["label"] == "supported")
    assert right / len(CONTEXT_CASES) >= 0.75
    eiffel = ["The Eiffel Tower in Paris was completed in 1889.", "The Empire State Building was completed in 1931."]
    report = checker.check(CheckRequest("The Eiffel Tower is in Paris. It was completed in 1931.", sources=eiffel))
    assert report.sentences[-1].verdict != "supported"


@pytest.mark.parametrize("retrieval", ["hybrid", "dense", "lexical"])
def test_every_retrieval_mode_finds_the_passage(retrieval: str) -> None:
    filler = [f"Paragraph {i} is about the harbour of town number {i} and its fishing boats." for i in range(60)]
    sources = [*filler, "The Eiffel Tower in Paris was completed in 1889 and is 330 metres tall."]
    result = ProvenanceNLI(on_fail="noop", retrieval=retrieval).validate(  # type: ignore[arg-type]
        "The Eiffel Tower was completed in 1889.", {"sources": sources}
    )
    assert sentences_of(result)[0]["source_index"] == len(filler)


def test_an_unknown_retrieval_mode_is_rejected() -> None:

    with pytest.raises(InvalidInput, match="retrieval must be one of"):
        ProvenanceNLI(retrieval="semantic")  # type: ignore[arg-type]


def test_a_claim_its_source_states_negated_does_not_pass() -> None:
    """The model alone read the source's own sentence with its "not" taken out as support
    (P(entailment) 0.59 against a threshold of 0.53); 1925 is in the source, so the number
    check could not help. The negation check settles it from the source."""
    source = "The tower was not completed in 1925. It was completed in 1889."
    guard = Guard().use(ProvenanceNLI(on_fail="fix"))
    fixed = outcome(guard.validate("The tower was completed in 1925.", metadata={"sources": [source]}))
    assert fixed.validated_output == ""
    [sentence] = sentences_of(last_result(guard))
    assert (sentence["verdict"], sentence["method"], sentence["confidence"]) == ("contradicted", "negation_check", 1.0)
    assert sentence["evidence"] == source


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The museum is open on Mondays.", "The museum isn't open on Mondays."),
        ("The museum is not open on Mondays.", "The museum is open on Mondays."),
        ("Visitors can bring their dogs inside.", "Visitors cannot bring their dogs inside."),
        ("Visitors can't bring their dogs inside.", "Visitors can bring their dogs inside."),
        ("The ferry will run during the storm.", "The ferry won\u2019t run during the storm."),
        (NOTICE_SENTENCE.replace("does not grant", "does grant"), NOTICE_SENTENCE),
    ],
    ids=["isn't", "is-not", "cannot", "can't", "won't-curly", "notice"],
)
def test_a_source_stating_the_negation_contradicts(checker: ProvenanceChecker, claim: str, source: str) -> None:
    [result] = checker.check(CheckRequest(claim, sources=["Tickets cost ten euros.", source])).sentences
    assert (result.verdict, result.method, result.source_index) == ("contradicted", "negation_check", 1)


@pytest.mark.parametrize(
    ("answer", "sources"),
    [
        # a copy wins over a negation found in another source (the sources disagree; one states it)
        ("The spire was built in 1925.", ["The spire was not built in 1925.", "The spire was built in 1925."]),
        # "grants" is not "does grant": no auxiliary to flip, so no minimal pair; the model decides
        ("This License grants permission to use the trade names.", ["This License does not grant permission."]),
        # epistemic "may": "may not work" does not contradict "may work"
        ("The treatment may not work for everyone.", ["The treatment may work for everyone."]),
        # the negation must be a whole sentence of the source, not a clause under "some say"
        ("The tower was completed in 1925.", ["Some say the tower was not completed in 1925."]),
        # "it" is the Eiffel Tower, and the source that negates "it was completed in 1931" is another building's
        (
            "The Eiffel Tower is in Paris. It was not completed in 1931.",
            [
                "The Eiffel Tower is in Paris. It was completed in 1889.",
                "The Empire State Building opened. It was completed in 1931.",
            ],
        ),
    ],
    ids=["copy-wins", "not-a-minimal-pair", "may", "clause", "other-subject"],
)
def test_what_the_negation_check_leaves_alone(checker: ProvenanceChecker, answer: str, sources: list[str]) -> None:
    assert checker.check(CheckRequest(answer, sources=sources)).sentences[-1].method != "negation_check"


def test_the_negation_check_reads_what_the_query_function_returns() -> None:
    passage = "Visitors cannot bring their dogs inside. Guide dogs are welcome."
    retrieved = ["Tickets cost ten euros.", passage]
    result = ProvenanceNLI(on_fail="noop").validate(
        "Visitors can bring their dogs inside.", {"query_function": lambda text, k: retrieved}
    )
    [sentence] = sentences_of(result)
    assert result.outcome == "fail" and sentence["evidence"] == passage
    assert (sentence["verdict"], sentence["method"]) == ("contradicted", "negation_check")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The Berlin Wall fell in 1989.", None),
        ("The Berlin Wall was built in 1961.", None),
        ("The Berlin Wall fell in 1961.", "contradicted"),
        ("The Berlin Wall was built in 1989.", "contradicted"),
    ],
)
def test_a_clause_that_goes_on_with_the_same_subject_lends_it_its_number(sentence: str, expected: str | None) -> None:
    """'... built in 1961 and fell in 1989': 1989 is the wall's too (it was flagged as another
    thing's, a false alarm found by benchmarks/bench_swaps.py), and still not the year it was built."""
    assert number_verdict(sentence, "The Berlin Wall was built in 1961 and fell in 1989.") == expected


@pytest.mark.parametrize(
    ("answer", "source", "kept"),
    [
        (
            "The library has a rooftop garden. The reading room opens at 9am.",
            "The library is on King Street. The reading room opens at 9am.",
            "The reading room opens at 9am.",
        ),
        (
            "The clinic is open on Sundays. The waiting room has twenty chairs.",
            "The clinic is on Mill Lane. The waiting room has twenty chairs.",
            "The waiting room has twenty chairs.",
        ),
        # another subject before the copy: "the company" is not the same one, so nothing is kept
        (
            "Globex makes gadgets. The company was founded in 1990.",
            "Acme makes tools. The company was founded in 1990.",
            "",
        ),
    ],
)
def test_fix_keeps_a_copy_read_after_a_wrong_sentence_about_the_same_subject(
    answer: str, source: str, kept: str
) -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="fix"))
    assert guard.validate(answer, metadata={"sources": [source]}).validated_output == kept


@pytest.mark.parametrize(
    ("claim", "sources"),
    [
        (
            "The Delta Bridge was closed for repairs.",
            ["The Delta Bridge opened in 1950.", "The tunnel was closed for repairs."],
        ),
        (
            "Riverside Library was renovated last year.",
            ["Riverside Library opened in 1990 on Elm Street.", "The museum was renovated last year."],
        ),
        (
            "Dr Mensah leads the cardiology unit.",
            ["Dr Mensah joined the hospital in 2019.", "The new consultant leads the cardiology unit."],
        ),
    ],
)
def test_two_sources_that_name_different_things_are_not_joined(claim: str, sources: list[str]) -> None:
    """A joint premise joins passages of different sources only where they name the same thing."""
    assert ProvenanceNLI(on_fail="noop").validate(claim, {"sources": sources}).outcome == "fail"


def test_two_sources_that_name_the_same_thing_still_join() -> None:
    sources = ["The Delta Bridge opened in 1950.", "In 2021 the Delta Bridge was closed for repairs."]
    outcome = ProvenanceNLI(on_fail="noop").validate("The Delta Bridge was closed for repairs.", {"sources": sources})
    assert outcome.outcome == "pass"


# A dummy "it" refers to nothing.


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
