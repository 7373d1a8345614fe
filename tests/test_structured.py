"""Structured output: ProvenanceNLI on the fields of a Pydantic model, through Guard.for_pydantic."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest
from guardrails import Guard
from guardrails.errors import ValidationError
from helpers import ScriptedChat, loopback_server, outcome
from pydantic import BaseModel, Field

from validator import ProvenanceNLI
from validator.errors import InvalidInput

SOURCES = ["The Eiffel Tower in Paris was completed in 1889. It is 330 metres tall."]
METADATA = {"sources": SOURCES}
WRONG = {
    "answer": "The Eiffel Tower was completed in 1889. It was completed in 1925.",
    "claims": ["The tower is 330 metres tall.", "The tower is in Berlin."],
    "title": "The tower in Berlin",
}
RIGHT = {**WRONG, "answer": "The Eiffel Tower was completed in 1889.", "claims": ["The tower is 330 metres tall."]}


def answer_model(on_fail: Any) -> type[BaseModel]:
    # guardrails' documented way to put validators on a field; pydantic types the extra as JSON
    checked: Any = {"validators": [ProvenanceNLI(on_fail=on_fail)]}
    listed: Any = {"validators": [ProvenanceNLI(on_fail=on_fail)]}

    class Answer(BaseModel):
        answer: str = Field(json_schema_extra=checked)
        claims: list[str] = Field(json_schema_extra=listed)
        title: str

    return Answer


def test_fix_repairs_only_the_checked_fields() -> None:
    result = outcome(Guard.for_pydantic(answer_model("fix")).parse(json.dumps(WRONG), metadata=METADATA))
    assert result.validated_output == {
        "answer": "The Eiffel Tower was completed in 1889.",
        "claims": ["The tower is 330 metres tall."],
        "title": "The tower in Berlin",  # no validator on it: left as it is
    }


def test_each_failure_names_its_field_and_claim() -> None:
    guard = Guard.for_pydantic(answer_model("noop"))
    result = outcome(guard.parse(json.dumps(WRONG), metadata=METADATA))
    summaries = {s.property_path: s.failure_reason for s in result.validation_summaries or []}
    assert set(summaries) == {"$.answer", "$.claims"}
    assert "It was completed in 1925." in str(summaries["$.answer"])
    assert "claim 1:" in str(summaries["$.claims"]) and "The tower is in Berlin." in str(summaries["$.claims"])


def test_exception_raises_for_a_failing_field() -> None:
    """Whichever field guardrails checks first raises (it checks them at once)."""
    with pytest.raises(ValidationError, match=r"It was completed in 1925\.|The tower is in Berlin\."):
        Guard.for_pydantic(answer_model("exception")).parse(json.dumps(WRONG), metadata=METADATA)


def test_reask_gets_corrected_fields_from_the_llm() -> None:
    calls: list[Any] = []

    def llm(*, messages: list[dict], **kwargs: Any) -> str:
        calls.append(messages)
        return json.dumps(WRONG if len(calls) == 1 else RIGHT)

    guard = Guard.for_pydantic(answer_model("reask"))
    result = outcome(
        guard(llm_api=llm, messages=[{"role": "user", "content": "Tell me."}], num_reasks=1, metadata=METADATA)
    )
    assert len(calls) == 2 and "1925" in str(calls[1])
    assert result.validation_passed and result.validated_output == RIGHT


def test_a_list_of_claims_fails_closed_on_a_blank_claim_and_refuses_a_non_string() -> None:
    validator = ProvenanceNLI(on_fail="noop")
    blank = validator.validate(["The tower is 330 metres tall.", "  "], METADATA)
    assert blank.outcome == "fail" and getattr(blank, "fix_value", None) == []
    with pytest.raises(InvalidInput, match="must be a string"):
        validator.validate(["The tower is 330 metres tall.", 330], METADATA)
    assert validator.validate([], METADATA).outcome == "fail"  # no claim: nothing was verified


class WrongThenRight(ScriptedChat):
    """The LLM answers WRONG first, then RIGHT."""

    requests: ClassVar[list[dict[str, Any]]] = []

    def answer(self, body: dict[str, Any]) -> str:
        return json.dumps(WRONG if len(self.requests) == 1 else RIGHT)


def test_reask_through_litellm_to_an_openai_compatible_server_on_loopback() -> None:
    """The LLM is a real HTTP endpoint called by guardrails through LiteLLM, as in production."""
    WrongThenRight.requests.clear()
    with loopback_server(WrongThenRight) as url:
        guard = Guard.for_pydantic(answer_model("reask"))
        result = outcome(
            guard(
                model="openai/scripted",
                api_base=f"{url}/v1",
                api_key="scripted-key",
                messages=[{"role": "user", "content": "Tell me about the tower."}],
                num_reasks=1,
                metadata=METADATA,
            )
        )
    assert len(WrongThenRight.requests) == 2
    assert "1925" in json.dumps(WrongThenRight.requests[1]["messages"])  # the reask names the failing sentence
    assert result.validation_passed and result.validated_output == RIGHT
