"""ProvenanceNLI in a real AsyncGuard: the same verdicts as a Guard in every on_fail mode, an async
LLM, async streaming, and an event loop that stays responsive while checks run."""

from __future__ import annotations

import asyncio
import importlib.util
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import pytest
from guardrails import AsyncGuard, Guard
from guardrails.classes.validation_outcome import ValidationOutcome
from guardrails.errors import ValidationError
from helpers import ROOT

from validator import ProvenanceNLI
from validator.pipeline import CheckRequest

SOURCES = [
    "The Eiffel Tower is a wrought-iron lattice tower in Paris, France. It was completed in 1889 "
    "and is 330 metres tall.",
    "Mount Everest, at 8,849 metres, is the highest mountain above sea level.",
]
SUPPORTED = "The Eiffel Tower was completed in 1889."
ANSWER = f"{SUPPORTED} The Eiffel Tower was completed in 1925. Mount Everest is the highest mountain above sea level."
METADATA = {"sources": SOURCES}


def upper(value: Any, fail_result: Any) -> str:
    return str(value).upper()


@pytest.mark.parametrize(
    "on_fail", ["fix", "filter", "refrain", "noop", upper], ids=["fix", "filter", "refrain", "noop", "custom"]
)
def test_an_async_guard_gives_what_a_guard_gives(on_fail: Any) -> None:
    expected = Guard().use(ProvenanceNLI(on_fail=on_fail)).validate(ANSWER, metadata=METADATA)
    got = asyncio.run(AsyncGuard().use(ProvenanceNLI(on_fail=on_fail)).validate(ANSWER, metadata=METADATA))
    assert isinstance(got, ValidationOutcome)
    assert (got.validated_output, got.validation_passed) == (expected.validated_output, expected.validation_passed)


def test_an_async_guard_raises_on_exception() -> None:
    with pytest.raises(ValidationError, match=r"\[contradicted\] The Eiffel Tower was completed in 1925"):
        asyncio.run(AsyncGuard().use(ProvenanceNLI(on_fail="exception")).validate(ANSWER, metadata=METADATA))


@pytest.mark.slow
def test_an_async_llm_is_reasked_for_a_corrected_answer() -> None:
    calls: list[Any] = []

    async def llm(*, messages: list[dict], **kwargs: Any) -> str:
        calls.append(messages)
        return ANSWER if len(calls) == 1 else SUPPORTED

    guard = AsyncGuard().use(ProvenanceNLI(on_fail="reask"))
    result = asyncio.run(
        guard(llm_api=llm, messages=[{"role": "user", "content": "When?"}], num_reasks=1, metadata=METADATA)
    )
    assert isinstance(result, ValidationOutcome)
    assert len(calls) == 2 and "1925" in str(calls[1])
    assert result.validated_output == SUPPORTED and result.validation_passed


def test_async_streaming_drops_the_failing_sentence() -> None:
    pieces = [ANSWER[i : i + 7] for i in range(0, len(ANSWER), 7)]

    async def chunks() -> AsyncIterator[str]:
        for piece in pieces:
            yield piece

    async def llm(*, messages: list[dict], **kwargs: Any) -> SimpleNamespace:
        # what guardrails' AsyncGuard reads from an async callable that streams: its
        # ``completion_stream`` (the shape of LiteLLM's async stream), here of plain strings
        return SimpleNamespace(completion_stream=chunks())

    async def run() -> str:
        guard = AsyncGuard().use(ProvenanceNLI(on_fail="fix"))
        stream = await guard(
            llm_api=llm, messages=[{"role": "user", "content": "Tell me."}], stream=True, metadata=METADATA
        )
        return "".join([str(chunk.validated_output or "") async for chunk in stream])  # type: ignore[union-attr]

    validated = asyncio.run(run())
    assert "1925" not in validated
    assert SUPPORTED in validated and "Mount Everest is the highest mountain above sea level." in validated


@pytest.mark.slow
def test_the_event_loop_keeps_ticking_through_eight_concurrent_checks() -> None:
    """guardrails runs a validator's ``validate`` on the loop's executor, so the loop waits only
    for the GIL, never for a whole check. The answers of ``benchmarks/bench_async.py`` (16 sentences
    the model scores) are checked at once while its ticker runs; a check on the loop would stall it
    for a whole check at least. The bound is a ratio, not seconds (a loaded machine slows both
    sides): the longest stall stays under three quarters of the time the fastest answer takes to
    check alone (a check on the loop would stall it for all of that),
    measured in the same run."""
    bench = _benchmark("bench_async")
    validator = ProvenanceNLI(on_fail="noop")
    guard = AsyncGuard().use(validator)
    answers = bench.ANSWERS
    validator._checker.check(CheckRequest(answers[0], sources=bench.SOURCES))  # the model and the index are warm
    metadata = {"sources": bench.SOURCES}

    async def at_once() -> list[Any]:
        return await asyncio.gather(*[guard.validate(answer, metadata=metadata) for answer in answers])

    results, _, stall = asyncio.run(bench.timed(at_once))
    alone, fastest = [], float("inf")
    for answer in answers:
        start = time.perf_counter()
        alone.append(Guard().use(validator).validate(answer, metadata=metadata))
        fastest = min(fastest, time.perf_counter() - start)
    assert [r.validation_passed for r in results] == [r.validation_passed for r in alone]  # concurrency changed nothing
    assert stall < 0.75 * fastest, f"the loop stalled {stall:.3f} s; the fastest check alone took {fastest:.3f} s"


def _benchmark(name: str) -> Any:
    """A script of ``benchmarks/`` as a module, so a test measures the way the benchmark does."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_async_example_runs_and_prints_the_verdicts() -> None:
    result = subprocess.run(
        [sys.executable, "examples/async_guard.py"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "'The Eiffel Tower was completed in 1889.' -> 'The Eiffel Tower was completed in 1889.'",
        "'The Eiffel Tower was completed in 1925. It is in Paris.' -> 'The Eiffel Tower is in Paris.'",
    ]
    assert result.stderr == ""
