"""provenance-nli: catch hallucinations by checking each sentence against its sources with NLI.

``ProvenanceNLI`` (the guardrails validator) is imported lazily, so the pipeline, the CLI
and the batch API can be used without importing guardrails.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from validator.main import ProvenanceNLI

__all__ = ["ProvenanceNLI"]


def __getattr__(name: str) -> Any:
    if name == "ProvenanceNLI":
        from validator.main import ProvenanceNLI

        return ProvenanceNLI
    raise AttributeError(f"module 'validator' has no attribute {name!r}")
