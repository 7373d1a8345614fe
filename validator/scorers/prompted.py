"""What the adapters share: a model that reads one filled-in text per (premise, hypothesis) pair
and answers two logits, "not supported" and "supported", batched on one device."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import numpy as np
import torch

from validator.scorers.nli import pick_device


class PromptedChecker(ABC):
    """Batching, tokenization and device placement for a two-way checker; a subclass says how a
    pair becomes text (:meth:`text`) and where the two logits are (:meth:`two_logits`).

    Args:
        model: The network, moved to ``device`` here and put in eval mode.
        tokenizer: Its tokenizer.
        name: How reports and metadata name the checker.
        device: ``cpu``, ``cuda``…; ``None`` picks the best available.
        batch_size: Pairs per forward pass.
        max_length: Tokens per filled-in text; longer ones are cut from the end.
    """

    labels = ("not_entailment", "entailment")

    def __init__(
        self, model: Any, tokenizer: Any, name: str, *, device: str | None, batch_size: int, max_length: int
    ) -> None:
        self.device = pick_device(device)
        self.model = model.to(self.device).eval()
        self.tokenizer = tokenizer
        self.name = name
        self.batch_size = batch_size
        self.max_length = max_length

    @abstractmethod
    def text(self, premise: str, hypothesis: str) -> str:
        """What the model reads for one pair."""

    @abstractmethod
    def two_logits(self, inputs: Any) -> torch.Tensor:
        """``(batch, 2)`` logits of "not supported" and "supported" for tokenized ``inputs``."""

    @torch.inference_mode()
    def predict(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        """``[P(not supported), P(supported)]`` per pair."""
        rows = []
        for start in range(0, len(pairs), self.batch_size):
            texts = [self.text(premise, hypothesis) for premise, hypothesis in pairs[start : start + self.batch_size]]
            inputs = self.tokenizer(
                texts, max_length=self.max_length, truncation=True, padding=True, return_tensors="pt"
            ).to(self.device)
            rows.append(torch.softmax(self.two_logits(inputs).float(), dim=-1).cpu().numpy())
        return np.concatenate(rows) if rows else np.zeros((0, 2), dtype=np.float32)
