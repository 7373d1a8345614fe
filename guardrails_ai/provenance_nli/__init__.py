"""Drop-in import path for apps migrating from ``guardrails-ai-provenance-nli`` 0.1.0.

``ProvenanceNLI`` is imported lazily, as from :mod:`validator`, so that
``python -m guardrails_ai.provenance_nli.post_install`` runs before guardrails is first imported
(whose import would otherwise try to download punkt).
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
    raise AttributeError(f"module 'guardrails_ai.provenance_nli' has no attribute {name!r}")
