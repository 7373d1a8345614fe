"""A stream's last sentence is checked, whatever ``on_fail`` says, on guardrails' sync and async
stream runners.

guardrails validates the text a validator still holds when a stream ends only on its ``"fix"``
path, and there only where the last chunk itself released nothing: its other path
(``run_validators_stream_noop``: ``"exception"``, the default, ``"noop"``, a callable) never asks,
so an answer's last sentence without final punctuation ("…It was completed in 1925") streamed
out unchecked, with ``validation_passed`` True on every chunk; and on the fix path a last chunk
that released one sentence and held the next (" It employs 300 people." after "…in 2024.") left
that one unchecked and out of the output. :func:`install` wraps both paths once: when the stream
ends, each validator that holds text and asks for it (:attr:`CHECKS_REMAINDER`) validates it, and
its result goes through guardrails' own ``on_fail`` handling: ``"exception"`` raises, ``"noop"``
logs the failure, so the stream's last outcome says it did not pass, and ``"fix"`` outputs the
held text, or its fix. It is checked with the metadata of the stream's last result, which holds
the text streamed before it: "It was completed in 1889." held at the end is about what the
sentences before it named, not read alone.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from contextvars import Context, ContextVar
from dataclasses import dataclass
from typing import Any

from guardrails.classes import ValidationOutcome
from guardrails.classes.validation.validation_result import StreamValidationResult
from guardrails.run.async_stream_runner import AsyncStreamRunner
from guardrails.validator_base import FailResult
from guardrails.validator_service import AsyncValidatorService
from guardrails.validator_service.sequential_validator_service import SequentialValidatorService

CHECKS_REMAINDER = "checks_stream_remainder"
"""A validator attribute: True where the text it holds at the end of a stream must be checked."""

_Path = Callable[..., Iterator[StreamValidationResult]]
_SYNC_STREAM = threading.local()


def checks_the_remainder() -> bool:
    """Whether a check runs inside a sync stream path that :func:`install` wrapped, so what a
    validator holds will be checked when the stream ends: it may then hold a sentence until the next
    chunk shows whether it ended ("…was 1." of "1.9"), on every ``on_fail``, not only ``"fix"``."""
    return getattr(_SYNC_STREAM, "depth", 0) > 0


def install() -> None:
    """Wrap guardrails' two sync streaming paths and its async stream step (idempotent)."""
    for name, outputs_held in (("run_validators_stream_noop", False), ("run_validators_stream_fix", True)):
        path: _Path = getattr(SequentialValidatorService, name)
        if getattr(path, CHECKS_REMAINDER, False):
            continue
        checked = functools.wraps(path)(_checking_the_remainder(path, outputs_held))
        setattr(checked, CHECKS_REMAINDER, True)
        setattr(SequentialValidatorService, name, checked)
    step = AsyncStreamRunner.async_step
    if not getattr(step, CHECKS_REMAINDER, False):
        checked_step = functools.wraps(step)(_async_checking_the_remainder(step))
        setattr(checked_step, CHECKS_REMAINDER, True)
        AsyncStreamRunner.async_step = checked_step  # type: ignore[method-assign]


# --- AsyncGuard ---------------------------------------------------------------------------------
# Its stream runner checks each chunk as it comes and never asks a validator for what it still
# holds when the stream ends (nor passes a chunk's result on to the next chunk's check): a last
# sentence without a stop was dropped from the output unchecked, with every outcome "passed". The
# step is wrapped so that each stream carries a state of its own, in a context variable that the
# runner's own copy of the context (handed to every check as ``context``) holds: each check records
# there its result's details and where the runner keeps the text it holds, and when the stream
# ends what each validator holds is checked, and its outcome yielded, as on the sync runner.

_ASYNC_STREAM: ContextVar[dict[int, Held] | None] = ContextVar("provenance_nli_async_stream", default=None)


@dataclass
class Held:
    """What one validator's checks of one async stream have left: the runner's context and
    context variables (which hold the text it has not released), and its last result's details."""

    context: Context
    context_vars: ContextVar[dict[str, ContextVar[list[str]]]]
    details: dict[str, Any]

    def text(self, validator: Any) -> str:
        """The text the runner holds for ``validator`` (guardrails' key for the string output)."""
        variables = self.context.run(self.context_vars.get)
        held = variables.get(f"$_{validator.rail_alias}")
        return "".join(self.context.run(held.get)) if held is not None else ""


def async_stream(kwargs: dict[str, Any]) -> dict[int, Held] | None:
    """The state of the async stream a chunk's check belongs to, by validator, from the check's
    keyword arguments; None on the sync runner, which passes no context."""
    context = kwargs.get("context")
    return context.run(_ASYNC_STREAM.get) if isinstance(context, Context) else None


def _async_checking_the_remainder(step: Callable[..., Any]) -> Callable[..., Any]:
    async def checked(self: AsyncStreamRunner, *args: Any, **kwargs: Any) -> AsyncIterator[ValidationOutcome]:
        outcomes = await step(self, *args, **kwargs)
        call_log = args[2] if len(args) > 2 else kwargs["call_log"]
        return _then_the_remainder(self, outcomes, call_log.id)

    return checked


async def _then_the_remainder(
    runner: AsyncStreamRunner, outcomes: AsyncIterator[ValidationOutcome], call_id: str
) -> AsyncIterator[ValidationOutcome]:
    """The runner's outcomes, then one for what each validator still holds, checked as on the
    sync runner (the state is set before the runner's step starts, so its copy holds it)."""
    state: dict[int, Held] = {}
    _ASYNC_STREAM.set(state)
    async for outcome in outcomes:
        yield outcome
    _ASYNC_STREAM.set(None)
    service = AsyncValidatorService(runner.disable_tracer)
    for validator in runner.validation_map.get("$", []):
        held = state.get(id(validator))
        text = held.text(validator) if held is not None and getattr(validator, CHECKS_REMAINDER, False) else ""
        if held is None or not text.strip():
            continue
        result = await validator.async_validate_stream(
            "", dict(runner.metadata), remainder=True, context=held.context, context_vars=held.context_vars
        )
        chunk = text if result is None else str(result.validated_chunk or text)
        if isinstance(result, FailResult):
            chunk = service.perform_correction(result, text, validator, rechecked_value=None)
        yield ValidationOutcome(
            callId=call_id,
            rawLlmOutput=text,
            validatedOutput=chunk,
            validationPassed=not isinstance(result, FailResult),
        )


def _checking_the_remainder(path: _Path, outputs_held: bool) -> _Path:
    """``path``, then a check of what each validator still holds. ``outputs_held``: the path
    outputs validated text only (fix), so the held text, or its fix, is output after its check;
    the other path has streamed it out already, and outputs only the verdict on it."""

    def run(
        self: SequentialValidatorService,
        iteration: Any,
        validator_map: dict[str, list[Any]],
        value_stream: Iterator[tuple[Any, bool]],
        metadata: dict[str, Any],
        absolute_property_path: str,
        reference_property_path: str,
        **kwargs: Any,
    ) -> Iterator[StreamValidationResult]:
        streams = path(
            self,
            iteration,
            validator_map,
            value_stream,
            metadata,
            absolute_property_path,
            reference_property_path,
            **kwargs,
        )
        while True:
            _SYNC_STREAM.depth = getattr(_SYNC_STREAM, "depth", 0) + 1  # only while the path runs
            try:
                streamed = next(streams)
            except StopIteration:
                break
            finally:
                _SYNC_STREAM.depth -= 1
            metadata = streamed.metadata or metadata  # what the text held is read after (its "It")
            yield streamed
        for validator in validator_map.get(reference_property_path, []):
            held = "".join(validator.accumulated_chunks)
            if not getattr(validator, CHECKS_REMAINDER, False) or not held.strip():
                continue
            logs = self.run_validator(
                iteration, validator, "", metadata, absolute_property_path, True, remainder=True, **kwargs
            )
            result = logs.validation_result
            chunk = held if outputs_held else ""
            if isinstance(result, FailResult):
                chunk = self.perform_correction(result, chunk, validator, rechecked_value=None)
            logs.value_after_validation = chunk
            if result is not None and result.metadata is not None:
                metadata = result.metadata
            yield StreamValidationResult(chunk=chunk, original_text=held if outputs_held else "", metadata=metadata)

    return run
