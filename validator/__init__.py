"""provenance-nli: catch hallucinations by checking each sentence against its sources with NLI.

``ProvenanceNLI`` (the guardrails validator) is imported lazily, so the pipeline, the CLI
and the batch API can be used without importing guardrails.
"""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING, Any

# guardrails' reask path imports LiteLLM, which downloads a model price list at import unless
# told to use the copy it ships. A validator that promises no network sets that, unless the
# user has chosen otherwise.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
logging.getLogger("provenance_nli").addHandler(logging.NullHandler())

if TYPE_CHECKING:
    from validator.main import ProvenanceNLI

__all__ = ["ProvenanceNLI"]


def __getattr__(name: str) -> Any:
    if name == "ProvenanceNLI":
        from validator.main import ProvenanceNLI

        return ProvenanceNLI
    raise AttributeError(f"module 'validator' has no attribute {name!r}")
