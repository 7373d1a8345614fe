"""A stream's last sentence is checked, whatever ``on_fail`` says.

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
from collections.abc import Callable, Iterator
from typing import Any

from guardrails.classes.validation.validation_result import StreamValidationResult
from guardrails.validator_base import FailResult
from guardrails.validator_service.sequential_validator_service import SequentialValidatorService

CHECKS_REMAINDER = "checks_stream_remainder"
"""A validator attribute: True where the text it holds at the end of a stream must be checked."""

_Path = Callable[..., Iterator[StreamValidationResult]]


def install() -> None:
    """Wrap guardrails' two streaming paths (idempotent)."""
    for name, outputs_held in (("run_validators_stream_noop", False), ("run_validators_stream_fix", True)):
        path: _Path = getattr(SequentialValidatorService, name)
        if getattr(path, CHECKS_REMAINDER, False):
            continue
        checked = functools.wraps(path)(_checking_the_remainder(path, outputs_held))
        setattr(checked, CHECKS_REMAINDER, True)
        setattr(SequentialValidatorService, name, checked)


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
        for streamed in path(
            self,
            iteration,
            validator_map,
            value_stream,
            metadata,
            absolute_property_path,
            reference_property_path,
            **kwargs,
        ):
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
