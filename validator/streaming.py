"""A stream's last sentence is checked, whatever ``on_fail`` says.

guardrails validates the text a validator still holds when a stream ends only on its ``"fix"``
path (``SequentialValidatorService.run_validators_stream_fix`` passes ``remainder=True``); its
other path (``run_validators_stream_noop``: ``"exception"``, the default, ``"noop"``, a callable)
never asks, so an answer's last sentence without final punctuation ("…It was completed in
1925") streamed out unchecked, with ``validation_passed`` True on every chunk. :func:`install`
wraps that path once: when the stream ends, each validator that holds text and asks for it
(:attr:`CHECKS_REMAINDER`) validates it, as the fix path does, and its result goes through
guardrails' own ``on_fail`` handling: ``"exception"`` raises, ``"noop"`` logs the failure, so the
stream's last outcome says it did not pass.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

from guardrails.classes.validation.validation_result import StreamValidationResult
from guardrails.validator_base import FailResult
from guardrails.validator_service.sequential_validator_service import SequentialValidatorService

CHECKS_REMAINDER = "checks_stream_remainder"
"""A validator attribute: True where the text it holds at the end of a stream must be checked."""


def install() -> None:
    """Wrap guardrails' non-fix streaming path (idempotent)."""
    noop: Callable[..., Iterator[StreamValidationResult]] = SequentialValidatorService.run_validators_stream_noop
    if getattr(noop, CHECKS_REMAINDER, False):
        return
    checked = functools.wraps(noop)(_checking_the_remainder(noop))
    setattr(checked, CHECKS_REMAINDER, True)
    SequentialValidatorService.run_validators_stream_noop = checked  # type: ignore[method-assign]


def _checking_the_remainder(
    noop: Callable[..., Iterator[StreamValidationResult]],
) -> Callable[..., Iterator[StreamValidationResult]]:
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
        yield from noop(
            self,
            iteration,
            validator_map,
            value_stream,
            metadata,
            absolute_property_path,
            reference_property_path,
            **kwargs,
        )
        for validator in validator_map.get(reference_property_path, []):
            if not getattr(validator, CHECKS_REMAINDER, False) or not "".join(validator.accumulated_chunks).strip():
                continue
            logs = self.run_validator(
                iteration, validator, "", metadata, absolute_property_path, True, remainder=True, **kwargs
            )
            result = logs.validation_result
            chunk = ""  # the held text has streamed out already; what is left is the verdict on it
            if isinstance(result, FailResult):
                chunk = self.perform_correction(result, chunk, validator, rechecked_value=None)
            logs.value_after_validation = chunk
            if result is not None and result.metadata is not None:
                metadata = result.metadata
            yield StreamValidationResult(chunk=chunk, original_text="", metadata=metadata)

    return run
