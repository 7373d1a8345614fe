"""A stream's output under ``on_fail="fix"`` is what ``validate`` makes of the whole answer, however
the LLM cuts it into chunks: a decimal split across chunks ("1", ".", "9"), the space between two
sentences, a pronoun whose sentence an earlier cut left without its antecedent, and a last sentence
with no stop, through a real Guard and AsyncGuard on guardrails' stream runners and the bundled
model."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from guardrails import AsyncGuard, Guard
from guardrails.errors import ValidationError
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


def _sync_stream(chunks: list[str], on_fail: str = "fix") -> list:
    guard = Guard().use(ProvenanceNLI(on_fail=on_fail))  # type: ignore[arg-type]
    stream = guard(
        llm_api=lambda *, messages, **kwargs: iter(chunks),
        messages=[{"role": "user", "content": "Tell me."}],
        stream=True,
        metadata={"sources": SOURCES},
    )
    return list(stream)  # type: ignore[arg-type]


def _async_stream(chunks: list[str], on_fail: str = "fix") -> list:
    async def pieces() -> AsyncIterator[str]:
        for chunk in chunks:
            yield chunk

    async def llm(*, messages: list[dict], **kwargs: object) -> SimpleNamespace:
        return SimpleNamespace(completion_stream=pieces())  # the shape of LiteLLM's async stream

    async def run() -> list:
        guard = AsyncGuard().use(ProvenanceNLI(on_fail=on_fail))  # type: ignore[arg-type]
        stream = await guard(
            llm_api=llm, messages=[{"role": "user", "content": "Tell me."}], stream=True, metadata={"sources": SOURCES}
        )
        return [outcome async for outcome in stream]  # type: ignore[union-attr]

    return asyncio.run(run())


RUNNERS = {"sync": _sync_stream, "async": _async_stream}


def _streamed(chunks: list[str], runner: str = "sync") -> str:
    return "".join(str(outcome.validated_output or "") for outcome in RUNNERS[runner](chunks))


@pytest.mark.parametrize("runner", RUNNERS)
@pytest.mark.parametrize("answer", ANSWERS)
def test_a_stream_of_tokens_outputs_what_validate_fixes(answer: str, runner: str) -> None:
    assert _streamed(TOKEN.findall(answer), runner) == _fixed(answer)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answer=st.sampled_from(ANSWERS), data=st.data())
def test_a_stream_cut_anywhere_outputs_what_validate_fixes(answer: str, data: st.DataObject) -> None:
    cuts = sorted(data.draw(st.sets(st.integers(min_value=1, max_value=len(answer) - 1), max_size=12)))
    chunks = [answer[a:b] for a, b in zip([0, *cuts], [*cuts, len(answer)], strict=True)]
    assert _streamed(chunks) == _fixed(answer)


@pytest.mark.parametrize("runner", RUNNERS)
def test_a_decimal_streamed_a_character_at_a_time_passes(runner: str) -> None:
    answer = ANSWERS[0]
    assert _streamed(list(answer), runner) == answer


@pytest.mark.parametrize("runner", RUNNERS)
@pytest.mark.parametrize("on_fail", ["noop", "exception"])
def test_a_decimal_split_across_chunks_passes_under_every_on_fail(runner: str, on_fail: str) -> None:
    """ "…was 1" "." "9 billion…": a chunk ending in a stop is held until the next shows whether the
    sentence ended, on guardrails' noop path as on its fix path (it failed a correct sentence)."""
    outcomes = RUNNERS[runner](list(ANSWERS[0]), on_fail)
    assert outcomes and all(outcome.validation_passed for outcome in outcomes)


def _passes(answer: str) -> bool:
    return bool(
        Guard().use(ProvenanceNLI(on_fail="noop")).validate(answer, metadata={"sources": SOURCES}).validation_passed
    )


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answer=st.sampled_from(ANSWERS), data=st.data())
def test_a_noop_stream_cut_anywhere_ends_with_validates_verdict(answer: str, data: st.DataObject) -> None:
    cuts = sorted(data.draw(st.sets(st.integers(min_value=1, max_value=len(answer) - 1), max_size=12)))
    chunks = [answer[a:b] for a, b in zip([0, *cuts], [*cuts, len(answer)], strict=True)]
    outcomes = _sync_stream(chunks, "noop")
    assert outcomes[-1].validation_passed == _passes(answer)
    assert "".join(str(o.validated_output or "") for o in outcomes) == answer


UNCHECKED_END = ["Acme's revenue was 1.9 billion", " dollars in 2024. It employs", " 900 people"]
"""A stream whose last sentence has no stop, and is wrong: guardrails' async runner dropped it
from the output unchecked, every outcome "passed"."""


@pytest.mark.parametrize("runner", RUNNERS)
def test_a_last_sentence_without_a_stop_is_checked_on_either_runner(runner: str) -> None:
    assert _streamed(UNCHECKED_END, runner) == "Acme's revenue was 1.9 billion dollars in 2024."
    assert not RUNNERS[runner](UNCHECKED_END, "noop")[-1].validation_passed
    with pytest.raises(ValidationError):
        RUNNERS[runner](UNCHECKED_END, "exception")


@pytest.mark.slow
def test_the_streaming_example_runs_every_on_fail_as_its_docstring_says() -> None:
    """examples/streaming.py, which docs/guard.md points a new user to, runs as written: under fix
    the wrong sentence is left out, under noop the last outcome fails, and exception stops there."""
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run(
        [sys.executable, "examples/streaming.py"], cwd=root, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr[-2000:]
    lines = result.stdout.splitlines()
    fixed = next(line for line in lines if line.startswith("fix: shown"))
    assert "York" not in fixed and "1.9 billion" in fixed and "300 people" in fixed
    assert any(line.startswith("noop: shown") and line.endswith("passed=False") for line in lines)
    stopped = next(line for line in lines if line.startswith("exception: stopped"))
    assert "York" in stopped.split(":", 2)[2] and "300 people" not in stopped
