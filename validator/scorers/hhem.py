"""Vectara's HHEM-2.1-open hallucination evaluation model, with none of its remote code.

The published checkpoint (``vectara/hallucination_evaluation_model``) declares a custom class,
``HHEMv2ForSequenceClassification`` in its ``modeling_hhem_v2.py``, that transformers loads only
with ``trust_remote_code``. That class is transformers' own ``T5ForTokenClassification`` over
its foundation's config (``google/flan-t5-base``) with two labels, kept under the attribute
``t5``; it fills the prompt below with premise and hypothesis, and reads the softmax of the
first token's logits: column 1 is P(consistent). This module builds the same network from the
foundation's config, loads the checkpoint's safetensors weights (the keys under ``t5.``), and
tokenizes with the foundation's tokenizer, so nothing downloaded is executed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import torch

from validator.errors import InvalidInput, ModelUnavailable
from validator.quiet import quiet_loading
from validator.scorers.prompted import PromptedChecker

PROMPT = "<pad> Determine if the hypothesis is true given the premise?\n\nPremise: {text1}\n\nHypothesis: {text2}"
"""HHEMv2Config's prompt; a checkpoint's config.json may give its own."""
DEFAULT_FOUNDATION = "google/flan-t5-base"
WEIGHTS_PREFIX = "t5."
TIED = {"transformer.encoder.embed_tokens.weight": "transformer.shared.weight"}
"""Weights that share storage in T5, so a checkpoint may hold only one of each pair."""


class HHEMScorer(PromptedChecker):
    """HHEM-2.1-open (or a checkpoint of the same architecture) from a local folder holding its
    ``config.json`` and ``model.safetensors``.

    Args:
        model_path: The checkpoint folder.
        foundation: Folder or hub id of the foundation model whose config and tokenizer the
            checkpoint was built on. Defaults to the ``foundation`` its config.json names.
        device: ``cpu``, ``cuda``…; ``None`` picks the best available.
        batch_size: Pairs per forward pass. Defaults to 8.
        max_length: Tokens of the filled-in prompt; longer prompts are cut from the end.
            Defaults to 512 (T5's trained length).

    Raises:
        ModelUnavailable: The checkpoint or its foundation cannot be read.
        InvalidInput: The weights are not those of this architecture.
    """

    def __init__(
        self,
        model_path: str,
        *,
        foundation: str | None = None,
        device: str | None = None,
        batch_size: int = 8,
        max_length: int = 512,
    ) -> None:
        from safetensors.torch import load_file
        from transformers import AutoTokenizer, T5Config, T5ForTokenClassification

        folder = Path(model_path)
        try:
            config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
            base: str = foundation or config.get("foundation") or DEFAULT_FOUNDATION
            with quiet_loading():
                tokenizer = AutoTokenizer.from_pretrained(base)
                network_config = T5Config.from_pretrained(base, num_labels=2)
            weights = load_file(str(folder / "model.safetensors"))
        except (OSError, ValueError, KeyError) as error:
            raise ModelUnavailable(f"could not load HHEM model {model_path!r}: {error}") from error
        model = T5ForTokenClassification(network_config)
        _load_weights(model, weights, model_path)
        self.prompt: str = config.get("prompt") or PROMPT
        super().__init__(
            model, tokenizer, f"HHEM ({model_path})", device=device, batch_size=batch_size, max_length=max_length
        )

    def text(self, premise: str, hypothesis: str) -> str:
        return self.prompt.format(text1=premise, text2=hypothesis)

    def two_logits(self, inputs: Any) -> torch.Tensor:
        """The first token's logits: hallucinated, consistent."""
        return self.model(**inputs).logits[:, 0, :]


def _load_weights(model: Any, weights: dict[str, torch.Tensor], model_path: str) -> None:
    """The checkpoint's ``t5.`` weights into ``model``, every one of them and nothing else.

    Raises:
        InvalidInput: A weight is missing (other than one tied to a weight that is there) or
            does not belong to the network.
    """
    state = {
        key.removeprefix(WEIGHTS_PREFIX): value for key, value in weights.items() if key.startswith(WEIGHTS_PREFIX)
    }
    for key, twin in TIED.items():
        if key not in state and twin in state:
            state[key] = state[twin]
    try:
        missing, unexpected = model.load_state_dict(state, strict=False)
    except RuntimeError as error:  # a weight of the wrong shape
        raise InvalidInput(f"{model_path}: its weights do not fit HHEM's network: {error}") from error
    if missing or unexpected:
        raise InvalidInput(
            f"{model_path}: weights missing {sorted(missing)[:5]}, not of this network {sorted(unexpected)[:5]}"
        )
