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

import torch

from validator.errors import InvalidInput, ModelUnavailable
from validator.quiet import quiet_loading
from validator.scorers.prompted import PromptedChecker

UNSUPPORTED_TOKEN, SUPPORTED_TOKEN = 3, 209
"""The vocabulary ids MiniCheck reads the verdict from (its comment: "3 for no support and 209 for support")."""
PREFIX = "predict: "


class MiniCheckScorer(PromptedChecker):
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

    def __init__(
        self, model_name_or_path: str, *, device: str | None = None, batch_size: int = 8, max_length: int = 2048
    ) -> None:
        from transformers import AutoModelForSeq2SeqLM, AutoTokenizer

        try:
            with quiet_loading():
                tokenizer = AutoTokenizer.from_pretrained(model_name_or_path)
                model: Any = AutoModelForSeq2SeqLM.from_pretrained(model_name_or_path, dtype=torch.float32)
        except (OSError, ValueError, KeyError) as error:
            raise ModelUnavailable(f"could not load MiniCheck model {model_name_or_path!r}: {error}") from error
        if model.config.vocab_size <= SUPPORTED_TOKEN:
            raise InvalidInput(f"{model_name_or_path} has {model.config.vocab_size} tokens; MiniCheck reads token 209")
        name = f"MiniCheck ({model_name_or_path})"
        super().__init__(model, tokenizer, name, device=device, batch_size=batch_size, max_length=max_length)

    def text(self, premise: str, hypothesis: str) -> str:
        return PREFIX + premise + self.tokenizer.eos_token + hypothesis

    def two_logits(self, inputs: Any) -> torch.Tensor:
        """One decoder step from token 0, read at MiniCheck's two verdict tokens."""
        start_tokens = torch.zeros((inputs["input_ids"].shape[0], 1), dtype=torch.long, device=self.device)
        logits = self.model(
            input_ids=inputs["input_ids"], attention_mask=inputs["attention_mask"], decoder_input_ids=start_tokens
        ).logits
        return logits[:, 0, [UNSUPPORTED_TOKEN, SUPPORTED_TOKEN]]
