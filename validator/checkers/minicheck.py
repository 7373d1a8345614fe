"""MiniCheck's Flan-T5 fact checkers (e.g. ``lytang/MiniCheck-Flan-T5-Large``) as a pair scorer.

The input format and the scoring are MiniCheck's own, read from its published inference code
(github.com/Liyan06/MiniCheck, ``minicheck/inference.py`` at commit
e9fd26ef8e542ac4021fa9d4493bf915b2bd68dc, ``Inferencer.batch_tokenize`` and
``Inferencer.inference``): the model reads ``"predict: " + document + </s> + claim``, takes one
decoder step from token 0, and the softmax over the logits of token 3 ("no support") and token
209 ("support") gives P(supported). MiniCheck cuts long documents into chunks and keeps the best;
here the pipeline has already retrieved the passages, so each premise is one chunk.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch

from validator.errors import InvalidInput, ModelUnavailable
from validator.quiet import quiet_loading
from validator.scoring import pick_device

UNSUPPORTED_TOKEN, SUPPORTED_TOKEN = 3, 209
"""The vocabulary ids MiniCheck reads the verdict from (its comment: "3 for no support and 209 for support")."""
PREFIX = "predict: "


class MiniCheckScorer:
    """A MiniCheck Flan-T5 checkpoint, from a local folder or a hub id (where the machine can
    reach a hub). No remote code: the checkpoint is a plain ``T5ForConditionalGeneration``.

    Args:
        model_name_or_path: The checkpoint.
        device: ``cpu``, ``cuda``…; ``None`` picks the best available.
        batch_size: Pairs per forward pass. Defaults to 8.
        max_length: Tokens of document and claim together; MiniCheck's own default for Flan-T5
            is 2048. Longer inputs are cut from the end, so keep premises short (the pipeline's
            passages are). Defaults to 2048.

    Raises:
        ModelUnavailable: The checkpoint cannot be loaded.
        InvalidInput: It is not a sequence-to-sequence model with MiniCheck's vocabulary.
    """

    labels = ("not_entailment", "entailment")

    def __init__(
        self, model_name_or_path: str, *, device: str | None = None, batch_size: int = 8, max_length: int = 2048
    ) -> None:
        from transformers import AutoModelForSeq2SeqLM, AutoTokenizer

        try:
            with quiet_loading():
                self.tokenizer = AutoTokenizer.from_pretrained(model_name_or_path)
                self.model: Any = AutoModelForSeq2SeqLM.from_pretrained(model_name_or_path, dtype=torch.float32)
        except (OSError, ValueError, KeyError) as error:
            raise ModelUnavailable(f"could not load MiniCheck model {model_name_or_path!r}: {error}") from error
        if self.model.config.vocab_size <= SUPPORTED_TOKEN:
            raise InvalidInput(
                f"{model_name_or_path} has {self.model.config.vocab_size} tokens; MiniCheck reads token 209"
            )
        self.device = pick_device(device)
        self.model.to(self.device).eval()
        self.batch_size = batch_size
        self.max_length = max_length
        self.name = f"MiniCheck ({model_name_or_path})"

    @torch.inference_mode()
    def predict(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        """``[P(unsupported), P(supported)]`` per (document, claim) pair."""
        rows = []
        for start in range(0, len(pairs), self.batch_size):
            texts = [
                PREFIX + premise + self.tokenizer.eos_token + claim
                for premise, claim in pairs[start : start + self.batch_size]
            ]
            inputs = self.tokenizer(
                texts, max_length=self.max_length, truncation=True, padding=True, return_tensors="pt"
            ).to(self.device)
            start_tokens = torch.zeros((len(texts), 1), dtype=torch.long, device=self.device)
            logits = self.model(
                input_ids=inputs["input_ids"], attention_mask=inputs["attention_mask"], decoder_input_ids=start_tokens
            ).logits[:, 0, :]
            rows.append(torch.softmax(logits[:, [UNSUPPORTED_TOKEN, SUPPORTED_TOKEN]].float(), dim=-1).cpu().numpy())
        return np.concatenate(rows) if rows else np.zeros((0, 2), dtype=np.float32)
