"""A stream's output under ``on_fail="fix"`` is what ``validate`` makes of the whole answer, however
the LLM cuts it into chunks: a decimal split across chunks ("1", ".", "9"), the space between two
sentences, and a pronoun whose sentence an earlier cut left without its antecedent, through a real
Guard on guardrails' sync stream runner and the bundled model."""

from __future__ import annotations

import re

import pytest
from guardrails import Guard
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from validator import ProvenanceNLI

SOURCES = [
    "Acme's revenue was 1.9 billion dollars in 2024. It employs 300 people. The firm was founded in 1998 in Leeds.",
    "The Eiffel Tower is in Paris. It was completed in 1889. The Empire State Building is in New York. "
    "It was completed in 1931.",
]
ANSWERS = [
    "Acme's revenue was 1.9 billion dollars in 2024. It employs 300 people.",
    "The firm was founded in 1998 in York. It employs 300 people. Acme's revenue was 1.9 billion dollars in 2024.",
    "It employs 300 people. The firm was founded in 1998 in York.",
    "It employs 300 people.\n\nThe firm was founded in 1998 in York.\n\nAcme's revenue was 1.9 billion dollars.",
    "The Eiffel Tower is in Paris. The Empire State Building is in Paris. It was completed in 1931.",
]
TOKEN = re.compile(r"\s*\d|\s*[A-Za-z']+|\s*[^\sA-Za-z\d]")
"""How an LLM's tokenizer cuts text: a digit, a word or a mark alone, each with the space before it."""


def _fixed(answer: str) -> str:
    result = Guard().use(ProvenanceNLI(on_fail="fix")).validate(answer, metadata={"sources": SOURCES})
    return str(result.validated_output)


def _streamed(chunks: list[str]) -> str:
    guard = Guard().use(ProvenanceNLI(on_fail="fix"))
    stream = guard(
        llm_api=lambda *, messages, **kwargs: iter(chunks),
        messages=[{"role": "user", "content": "Tell me."}],
        stream=True,
        metadata={"sources": SOURCES},
    )
    return "".join(str(outcome.validated_output or "") for outcome in stream)  # type: ignore[union-attr]


@pytest.mark.parametrize("answer", ANSWERS)
def test_a_stream_of_tokens_outputs_what_validate_fixes(answer: str) -> None:
    assert _streamed(TOKEN.findall(answer)) == _fixed(answer)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answer=st.sampled_from(ANSWERS), data=st.data())
def test_a_stream_cut_anywhere_outputs_what_validate_fixes(answer: str, data: st.DataObject) -> None:
    cuts = sorted(data.draw(st.sets(st.integers(min_value=1, max_value=len(answer) - 1), max_size=12)))
    chunks = [answer[a:b] for a, b in zip([0, *cuts], [*cuts, len(answer)], strict=True)]
    assert _streamed(chunks) == _fixed(answer)


def test_a_decimal_streamed_a_character_at_a_time_passes() -> None:
    answer = ANSWERS[0]
    assert _streamed(list(answer)) == answer
