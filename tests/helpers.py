"""Small accessors shared by the tests."""

from __future__ import annotations

from typing import Any

from guardrails.classes.validation_outcome import ValidationOutcome


def sentences_of(result: Any) -> list[dict]:
    """The per-sentence verdicts a ProvenanceNLI result carries in its metadata."""
    assert result.metadata is not None
    return result.metadata["provenance_nli"]["sentences"]


def outcome(value: Any) -> ValidationOutcome:
    """A Guard call's return value, narrowed to the non-streaming outcome."""
    assert isinstance(value, ValidationOutcome)
    return value
