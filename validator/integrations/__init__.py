"""ProvenanceNLI where RAG apps live: LangChain chains, LlamaIndex query engines, the Guardrails
server (``examples/guardrails_server``).

In each, the passages the app's retriever returned become the ``sources`` of that one call, and
the verdicts come back beside the answer. The framework modules import their framework, so they
are imported by name (``validator.integrations.langchain``), never from here; this module holds
what they share.
"""

from __future__ import annotations

import asyncio
from typing import Any

from guardrails import AsyncGuard, Guard
from guardrails.classes.validation_outcome import ValidationOutcome

VALIDATOR_NAME = "guardrails/provenance_nli"


def sync_guard(guard: Guard | AsyncGuard, sync_call: str, async_call: str) -> Guard:
    """``guard``, for a framework's synchronous entry (``sync_call``, named in the error): an
    ``AsyncGuard`` cannot run there, only in ``async_call``."""
    if isinstance(guard, AsyncGuard):
        raise TypeError(f"an AsyncGuard checks in {async_call}; use a Guard for {sync_call}")
    return guard


async def avalidate(guard: Guard | AsyncGuard, text: str, sources: list[str]) -> Any:
    """``guard.validate`` of ``text`` against ``sources`` from a framework's async entry: an
    ``AsyncGuard`` is awaited, a ``Guard`` runs in a worker thread, so the event loop keeps
    serving while it checks."""
    if isinstance(guard, AsyncGuard):
        return await guard.validate(text, metadata={"sources": sources})
    return await asyncio.to_thread(guard.validate, text, metadata={"sources": sources})


def provenance_of(guard: Guard | AsyncGuard, outcome: ValidationOutcome) -> dict[str, Any]:
    """What a guard call concluded, for the app: its ``outcome`` (``"clean"``: every sentence
    passed; ``"fixed"``: some failed and ``fix`` cut or repaired them, so guardrails reports it
    passed; ``"emptied"``: ``fix`` cut every sentence, and guardrails reports an empty answer as
    passed; ``"failed"``), the same words as the validator's ``details["outcome"]``; whether
    validation passed (guardrails' sense: after ``fix`` repaired the answer it has), the answer as
    validated (after ``fix``: the supported sentences; ``None`` where guardrails gave no output),
    the raw answer, the failure summaries, and each ProvenanceNLI check's per-sentence results.

    The results are read from the call's own log in ``guard.history`` (found by the outcome's
    ``call_id``, so concurrent calls on one guard never read each other's); where history no
    longer holds the call, ``sentences`` is empty and ``validation_passed`` still says what happened.
    """
    call = next((c for c in guard.history if c.id == outcome.call_id), None)
    logs = call.iterations.last.validator_logs if call is not None and call.iterations.last else []
    sentences = [
        sentence
        for log in logs
        if log.registered_name == VALIDATOR_NAME and log.validation_result is not None
        for sentence in (log.validation_result.metadata or {}).get("provenance_nli", {}).get("sentences", [])
    ]
    failures = [summary.failure_reason for summary in outcome.validation_summaries or []]
    emptied = not str(outcome.validated_output or "").strip()
    return {
        "outcome": "failed"
        if not outcome.validation_passed
        else ("emptied" if emptied else "fixed")
        if failures
        else "clean",
        "validation_passed": bool(outcome.validation_passed),
        "validated_output": outcome.validated_output,
        "raw_output": outcome.raw_llm_output,
        "failures": failures,
        "sentences": sentences,
    }
