"""ProvenanceNLI through a real Guard, with the bundled model and real on_fail actions."""

from __future__ import annotations

import pytest
from guardrails import Guard
from guardrails.classes.validation_outcome import ValidationOutcome
from guardrails.errors import ValidationError
from helpers import (
    outcome,
    sentences_of,
)

from validator import ProvenanceNLI

SOURCES = [
    "The Eiffel Tower is a wrought-iron lattice tower in Paris, France. It was completed in 1889 "
    "and is 330 metres tall.",
    "Mount Everest, at 8,849 metres, is the highest mountain above sea level. It lies in the "
    "Himalayas on the border between Nepal and China.",
]
SUPPORTED = "The Eiffel Tower was completed in 1889."
CONTRADICTED = "The Eiffel Tower was completed in 1925."
ANSWER = f"{SUPPORTED} {CONTRADICTED} Mount Everest is the highest mountain above sea level."
FIXED = f"{SUPPORTED} Mount Everest is the highest mountain above sea level."


@pytest.fixture(scope="module")
def metadata() -> dict:
    return {"sources": SOURCES}


def guard(on_fail: object, **kwargs: object) -> Guard:
    return Guard().use(ProvenanceNLI(on_fail=on_fail, **kwargs))  # type: ignore[arg-type]


def test_supported_answer_passes_with_per_sentence_metadata(metadata: dict) -> None:
    outcome = guard("exception").validate(SUPPORTED, metadata=metadata)
    assert outcome.validation_passed
    assert outcome.validated_output == SUPPORTED
    summary = outcome.validation_summaries or []
    assert summary == []  # only failures are summarised; the pass carries no errors


def test_exception_names_the_failing_sentence(metadata: dict) -> None:
    with pytest.raises(
        ValidationError, match=r"(?s)1 of 3 sentences .*\[contradicted\] The Eiffel Tower was completed in 1925"
    ):
        guard("exception").validate(ANSWER, metadata=metadata)


def test_fix_cuts_failing_sentences_and_keeps_the_rest_byte_for_byte(metadata: dict) -> None:
    outcome = guard("fix").validate(ANSWER, metadata=metadata)
    assert outcome.validated_output == FIXED


def test_fix_keeps_original_whitespace_and_line_breaks(metadata: dict) -> None:
    text = f"{SUPPORTED}\n\n  {CONTRADICTED}\tMount Everest is the highest mountain above sea level.  "
    outcome = guard("fix").validate(text, metadata=metadata)
    assert outcome.validated_output == f"{SUPPORTED}\n\n  Mount Everest is the highest mountain above sea level.  "


def test_error_spans_index_the_original_value(metadata: dict) -> None:
    validator = ProvenanceNLI(on_fail="noop")
    result = validator.validate(ANSWER, metadata)
    assert result.outcome == "fail"
    spans = result.error_spans  # type: ignore[attr-defined]
    assert [(ANSWER[s.start : s.end], s.reason.split(":")[0]) for s in spans] == [(CONTRADICTED, "contradicted")]
    sentences = sentences_of(result)
    assert [s["verdict"] for s in sentences] == ["supported", "contradicted", "supported"]
    assert sentences[0]["source_index"] == 0 and sentences[2]["source_index"] == 1
    assert "1889" in sentences[1]["evidence"]


@pytest.mark.parametrize(
    ("on_fail", "expected"),
    [("filter", None), ("refrain", None), ("noop", ANSWER)],
    ids=["filter", "refrain", "noop"],
)
def test_filter_refrain_noop(metadata: dict, on_fail: str, expected: str | None) -> None:
    outcome = guard(on_fail).validate(ANSWER, metadata=metadata)
    assert outcome.validated_output == expected
    assert not outcome.validation_passed or on_fail == "noop"


def test_custom_on_fail_receives_the_fail_result(metadata: dict) -> None:
    seen = []

    def handler(value: str, fail_result: object) -> str:
        seen.append(fail_result)
        return value.upper()

    outcome = guard(handler).validate(ANSWER, metadata=metadata)
    assert outcome.validated_output == ANSWER.upper()
    assert seen and seen[0].fix_value == FIXED  # type: ignore[attr-defined]


def test_reask_gets_a_corrected_answer_from_the_llm(metadata: dict) -> None:
    calls: list[list[dict]] = []

    def llm(*, messages: list[dict], **kwargs: object) -> str:
        calls.append(messages)
        return ANSWER if len(calls) == 1 else SUPPORTED

    result = outcome(
        guard("reask")(
            llm_api=llm,
            messages=[{"role": "user", "content": "When was the Eiffel Tower built?"}],
            num_reasks=1,
            metadata=metadata,
        )
    )
    assert len(calls) == 2
    assert "1925" in str(calls[1])  # the reask prompt quotes the failing sentence
    assert result.validated_output == SUPPORTED
    assert result.validation_passed


def test_fix_reask_rechecks_the_fix_and_needs_no_reask_when_it_passes(metadata: dict) -> None:
    calls: list[list[dict]] = []

    def llm(*, messages: list[dict], **kwargs: object) -> str:
        calls.append(messages)
        return ANSWER

    result = outcome(
        guard("fix_reask")(
            llm_api=llm, messages=[{"role": "user", "content": "When was it built?"}], num_reasks=1, metadata=metadata
        )
    )
    assert len(calls) == 1
    assert result.validated_output == FIXED


def test_streaming_validates_sentence_by_sentence(metadata: dict) -> None:
    pieces = [ANSWER[i : i + 7] for i in range(0, len(ANSWER), 7)]

    def llm(*, messages: list[dict], **kwargs: object):
        return iter(pieces)

    stream = guard("fix")(
        llm_api=llm, messages=[{"role": "user", "content": "Tell me."}], stream=True, metadata=metadata
    )
    assert not isinstance(stream, ValidationOutcome)
    validated = "".join(str(c.validated_output or "") for c in stream)
    assert "1925" not in validated
    assert SUPPORTED in validated
    assert "Mount Everest is the highest mountain above sea level." in validated


def test_query_function_accepts_strings_and_scored_pairs() -> None:
    def as_strings(text: str, k: int) -> list[str]:
        return SOURCES[:k]

    def as_pairs(text: str, k: int) -> list[tuple[str, float]]:
        return [(s, 1.0) for s in SOURCES[:k]]

    for query_function in (as_strings, as_pairs):
        result = ProvenanceNLI(on_fail="noop").validate(ANSWER, {"query_function": query_function})
        verdicts = [s["verdict"] for s in sentences_of(result)]
        assert verdicts == ["supported", "contradicted", "supported"]


def test_fail_on_contradicted_only_lets_unsupported_sentences_pass(metadata: dict, tiny_model_factory) -> None:
    always_neutral = tiny_model_factory({0: "entailment", 1: "neutral", 2: "contradiction"}, "neutral")
    strict = ProvenanceNLI(model_name=always_neutral, on_fail="noop").validate(FIXED, metadata)
    lenient = ProvenanceNLI(model_name=always_neutral, on_fail="noop", fail_on="contradicted")
    assert {s["verdict"] for s in sentences_of(strict)} == {"unsupported"}
    assert strict.outcome == "fail" and lenient.validate(FIXED, metadata).outcome == "pass"
    # a value the source states otherwise (1925 where it gives 1889) is an exact finding: it fails
    # under every fail_on, whatever the model made of the sentence
    [_, exact, _] = sentences_of(lenient.validate(ANSWER, metadata))
    assert exact["certainty"] == "exact" and exact["verdict"] == "contradicted"
    assert lenient.validate(ANSWER, metadata).outcome == "fail"


def test_full_validation_method_checks_the_text_as_one_claim(metadata: dict) -> None:
    result = ProvenanceNLI(on_fail="noop", validation_method="full").validate(ANSWER, metadata)
    sentences = sentences_of(result)
    assert len(sentences) == 1 and sentences[0]["start"] == 0 and sentences[0]["end"] == len(ANSWER)


def test_validator_can_be_rebuilt_from_its_arguments() -> None:
    validator = ProvenanceNLI(on_fail="fix", top_k=2, fail_on="contradicted", batch_size=8)
    rebuilt = type(validator)(**validator.get_args())
    assert rebuilt.get_args() == validator.get_args()
    assert validator.get_args()["top_k"] == 2


def test_migration_import_path() -> None:
    from guardrails_ai.provenance_nli import ProvenanceNLI as Migrated

    assert Migrated is ProvenanceNLI


def test_a_quote_missing_from_the_sources_is_a_fabricated_quote(metadata: dict) -> None:
    text = f"{SUPPORTED} The guide says “the tower was painted gold in 1925 by Gustave Eiffel”."
    result = ProvenanceNLI(on_fail="noop").validate(text, metadata)
    [span] = result.error_spans  # type: ignore[attr-defined]
    assert text[span.start : span.end] == "“the tower was painted gold in 1925 by Gustave Eiffel”"
    verdicts = [s["verdict"] for s in sentences_of(result)]
    assert verdicts == ["supported", "fabricated_quote"]
    lenient = ProvenanceNLI(on_fail="noop", fail_on="contradicted").validate(text, metadata)
    assert lenient.outcome == "fail"  # a fabricated quote fails whatever fail_on says


def test_a_real_quote_passes_the_quote_check_despite_curly_quotes_and_wrapping(metadata: dict) -> None:
    text = "The source says “It was completed in\n1889 and is 330 metres tall”."
    [sentence] = sentences_of(ProvenanceNLI(on_fail="noop").validate(text, metadata))
    assert sentence["verdict"] != "fabricated_quote"


def test_every_setting_of_the_validator_reaches_the_checker_config() -> None:
    """ProvenanceNLI maps its arguments into the config's groups by name: one no group knows
    would be accepted and silently ignored."""
    import inspect

    from validator.config import SETTING_GROUPS

    own = {"self", "on_fail", "report", "repair", "kwargs"}  # the adapter's own: what a result carries and fix does
    assert set(inspect.signature(ProvenanceNLI.__init__).parameters) - own == set(SETTING_GROUPS)


def test_every_setting_of_the_validator_defaults_to_its_groups_default() -> None:
    """A default is written in the validator's signature and in its group: they must agree, or a
    ``ProvenanceNLI()`` and a ``CheckerConfig()`` would check differently."""
    import dataclasses
    import inspect

    from validator.config import GROUPS, SETTING_GROUPS

    parameters = inspect.signature(ProvenanceNLI.__init__).parameters
    group_defaults = {f.name: f.default for kind in GROUPS.values() for f in dataclasses.fields(kind)}
    differing = {
        name: (parameters[name].default, group_defaults[name])
        for name in SETTING_GROUPS
        if parameters[name].default != group_defaults[name]
    }
    assert not differing, differing


NON_DEFAULT_SETTINGS = {
    "device": "cpu",
    "batch_size": 4,
    "max_length": 128,
    "endpoint_timeout": 5.0,
    "entailment_threshold": 0.7,
    "contradiction_threshold": 0.6,
    "review_threshold": 0.9,
    "fail_on": ["unsupported"],
    "uncertain": "flag",
    "top_k": 5,
    "retrieval": "lexical",
    "joint_premise": False,
    "query_timeout": 7.0,
    "validation_method": "full",
    "max_text_chars": 1_000,
    "max_source_chars": 10_000,
    "scorer_mode": "cascade",
    "llm_callable": "openai/local",
    "llm_timeout": 9.0,
    "llm_max_concurrency": 2,
}


def test_a_guard_rebuilt_from_its_dict_has_the_same_settings() -> None:
    """guardrails records a validator's arguments and guardrails-api rebuilds Guards with
    ``Guard.from_dict(guard.to_dict())``: every setting, each in its group, must survive that."""
    from guardrails import Guard

    guard = Guard().use(ProvenanceNLI(on_fail="noop", **NON_DEFAULT_SETTINGS))
    [validator] = guard._validators
    assert isinstance(validator, ProvenanceNLI)
    assert {name: validator._checker.config.settings()[name] for name in NON_DEFAULT_SETTINGS} == NON_DEFAULT_SETTINGS
    rebuilt_guard = Guard.from_dict(guard.to_dict())
    assert rebuilt_guard is not None
    [rebuilt] = rebuilt_guard._validators
    assert isinstance(rebuilt, ProvenanceNLI)
    assert rebuilt._checker.config == validator._checker.config


def test_fix_of_an_answer_that_fails_entirely_is_empty() -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="fix"))
    fixed = outcome(
        guard.validate("Paris is in Spain.  The moon is cheese.\n", metadata={"sources": ["Paris is in France."]})
    )
    assert fixed.validated_output == ""


def test_a_renamed_argument_keeps_its_old_name_for_one_release() -> None:
    """``min_confidence``, ``scorer`` and ``settings`` were renamed; a caller's code, or a Guard
    saved before, still builds the same validator, and is told what to write instead."""
    from validator.cli import build_parser, config_from
    from validator.errors import InvalidInput

    with pytest.warns(DeprecationWarning) as warned:
        old = ProvenanceNLI(on_fail="noop", min_confidence=0.7, scorer="cascade", llm_callable="openai/local")  # type: ignore[call-arg]
    assert sorted(str(w.message).split("=")[0] for w in warned) == ["min_confidence", "scorer"]
    new = ProvenanceNLI(on_fail="noop", entailment_threshold=0.7, scorer_mode="cascade", llm_callable="openai/local")
    assert old._checker.config == new._checker.config
    with pytest.raises(InvalidInput, match="pass entailment_threshold only"):
        ProvenanceNLI(min_confidence=0.7, entailment_threshold=0.8)  # type: ignore[call-arg]
    args = build_parser().parse_args(["check", "--sources", "a.txt", "--text", "b.txt", "--min-confidence", "0.9"])
    assert config_from(args).verdicts.entailment_threshold == 0.9
