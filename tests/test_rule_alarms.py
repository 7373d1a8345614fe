"""Rules that must not cry wolf: the number and quote rules never veto a grounded answer in the
forms LLMs write it (lists, counts, names with digits, dates in other formats, approximations,
quoted titles, values retrieval did not bring, sentence-sized passages), and still catch each
ungrounded twin, through a real Guard.

The rules are tested alone by an LLM judge that always says "supports" and quotes all the
evidence it was shown: whatever such a judge lets through is what the rules let through."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from guardrails import Guard
from helpers import last_result, outcome, sentences_of

from validator import ProvenanceNLI


def _rows(name: str) -> list[dict]:
    return [
        json.loads(line) for line in (Path(__file__).parent / "data" / name).read_text(encoding="utf-8").splitlines()
    ]


LLM_ANSWERS = _rows("grounded_llm_answers.jsonl")
SPELLINGS = _rows("number_spellings.jsonl")
"""The same value written another way than the source writes it: shares in words, rounded values,
multiples of a unit, basis points, ranges with one sign, spans of years worked out."""
ROWS = LLM_ANSWERS + SPELLINGS
RULES = ("number_check", "quote_check")


def quotes_all_evidence(prompt: str) -> str:
    """The strongest lying judge: "supports", quoting every word it was shown."""
    fence = prompt.split(" EVIDENCE\n", 1)[0].rsplit("\n", 1)[-1]
    evidence = prompt.split(f"{fence} EVIDENCE\n", 1)[1].split(f"\n{fence} END EVIDENCE", 1)[0]
    return json.dumps({"verdict": "supports", "confidence": 0.99, "quote": evidence})


@pytest.fixture(scope="module")
def rules_alone() -> Guard:
    return Guard().use(ProvenanceNLI(on_fail="noop", scorer_mode="llm", llm_callable=quotes_all_evidence))


@pytest.fixture(scope="module")
def bundled() -> Guard:
    return Guard().use(ProvenanceNLI(on_fail="noop"))


def test_the_file_covers_every_kind_with_twins() -> None:
    kinds = {row["kind"] for row in ROWS}
    assert len(LLM_ANSWERS) >= 80 and {"list", "count", "name", "date", "approx", "title"} <= kinds
    assert {"share", "rounded", "range", "unit", "scale", "worked-out"} <= {row["kind"] for row in SPELLINGS}
    assert sum("twin" in row for row in ROWS) >= 40


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['kind']}-{i}" for i, r in enumerate(ROWS)])
def test_no_rule_vetoes_a_grounded_answer(rules_alone: Guard, row: dict) -> None:
    """Neither the number rule nor the quote check fails any sentence (the judge's own quote gate,
    which asks for the claim's names and words in its quote, is not what this file measures)."""
    rules_alone.validate(row["answer"], metadata={"sources": row["sources"]})
    vetoed = [s for s in sentences_of(last_result(rules_alone)) if s["method"] in RULES]
    assert not vetoed, vetoed


TWINS = [row for row in ROWS if "twin" in row]


@pytest.mark.parametrize("row", TWINS, ids=[f"{r['kind']}-{i}" for i, r in enumerate(TWINS)])
def test_a_rule_catches_every_ungrounded_twin(rules_alone: Guard, row: dict) -> None:
    """A judge that says "supports" to everything cannot pass a twin: the number rule (or the
    quote check, or the judge's quote gate, which reads numbers the same way) fails it."""
    result = outcome(rules_alone.validate(row["twin"], metadata={"sources": row["sources"]}))
    assert not result.validation_passed, sentences_of(last_result(rules_alone))


@pytest.mark.slow
def test_the_bundled_model_on_the_grounded_answers(bundled: Guard) -> None:
    """End to end with the bundled model: no rule vetoes any grounded answer (the model may still
    be unsure of some), and every twin fails. The floor on how many pass is the LLM answers'; of
    the other spellings the bundled model itself contradicts most (3 of 21 pass: it reads "50%"
    against "half" as another number), which is the model's to learn, not the rule's."""
    passed = 0
    for row in ROWS:
        ok = outcome(bundled.validate(row["answer"], metadata={"sources": row["sources"]})).validation_passed
        passed += bool(ok and row in LLM_ANSWERS)
        assert not [s for s in sentences_of(last_result(bundled)) if s["method"] in RULES], row["answer"]
    for row in TWINS:
        assert not outcome(bundled.validate(row["twin"], metadata={"sources": row["sources"]})).validation_passed
    assert passed >= 0.6 * len(LLM_ANSWERS), f"{passed} of {len(LLM_ANSWERS)} grounded answers pass end to end"


def test_a_value_retrieval_did_not_bring_is_looked_for_in_the_whole_source() -> None:
    """Item 6: the returns line is not among the passages retrieved (top_k=1), but the source's
    sentence about returns gives $50, so the rule does not veto; a wrong value still fails."""
    source = (
        "Our store sells handmade furniture from Denmark. Every chair is made of oak. "
        "Shipping is free within the city. Delivery takes about five days. "
        "We offer free returns on orders over $50. Gift cards never expire."
    )
    guard = Guard().use(ProvenanceNLI(on_fail="noop", top_k=1))
    metadata = {"sources": [source], "chunk_size": 1, "chunk_overlap": 0}
    answer = "We offer free returns on orders over ${} and shipping is free within the city."
    guard.validate(answer.format(50), metadata=metadata)
    [sentence] = sentences_of(last_result(guard))
    assert "$50" not in sentence["evidence"], "retrieval brought the returns line: the test shows nothing"
    assert sentence["method"] == "model", sentence
    assert not outcome(guard.validate(answer.format(80), metadata=metadata)).validation_passed


def test_sentence_sized_passages_from_a_query_function_vouch_for_their_number() -> None:
    """Item 7: the app's retriever returns one sentence per passage; the mirror's passage holds
    6.5 metres in the sentence about the mirror, so the joint premise may vouch. 8.2 still fails."""
    passages = ["The Very Large Telescope is in Chile.", "Its main mirror measures 6.5 metres."]
    answer = "The Very Large Telescope is in Chile. Its main mirror measures {} metres."
    metadata = {"query_function": lambda text, k: passages}
    for validator in (
        ProvenanceNLI(on_fail="noop"),
        ProvenanceNLI(on_fail="noop", scorer_mode="llm", llm_callable=quotes_all_evidence),
    ):
        guard = Guard().use(validator)
        assert outcome(guard.validate(answer.format("6.5"), metadata=metadata)).validation_passed
        assert not outcome(guard.validate(answer.format("8.2"), metadata=metadata)).validation_passed
