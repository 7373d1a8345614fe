"""Drop-in import path for apps migrating from ``guardrails-ai-provenance-nli`` 0.1.0."""

from validator.main import ProvenanceNLI

__all__ = ["ProvenanceNLI"]
