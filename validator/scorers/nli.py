"""Batched NLI scoring of (premise, hypothesis) pairs with any HF sequence-classifier.

Pairs are tokenized once, premises longer than the model input become overlapping token windows
(the tokenizer's own overflow support), all windows are scored in length-sorted batches under
``torch.inference_mode``, and each pair keeps the window with the strongest evidence. Models are
loaded lazily, once per (model, checkpoint, device), in a bounded process-wide cache.
"""

from __future__ import annotations

import inspect
import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np
import torch
from transformers import AutoModelForSequenceClassification

from validator import defaults
from validator.errors import InvalidInput, ModelUnavailable, check_choice
from validator.quiet import quiet_loading
from validator.scorers.base import (
    BACKENDS,
    CONTRADICTION,
    ENTAILMENT,
    Backend,
    PairScorer,
    check_sizes,
    label_columns,
    text_tools,
)

logger = logging.getLogger("provenance_nli")


def pick_device(device: str | None = None) -> torch.device:
    """The requested device, else CUDA, then Apple MPS, then CPU.

    Raises:
        InvalidInput: The requested device is not a device name, or not on this machine.
    """
    if device:
        try:
            chosen = torch.device(device)
        except (RuntimeError, TypeError) as error:
            raise InvalidInput(f"device={device!r} is not a torch device name: {error}") from error
        available = {"cpu": True, "cuda": torch.cuda.is_available(), "mps": torch.backends.mps.is_available()}
        if not available.get(chosen.type, True) or (
            chosen.type == "cuda" and chosen.index is not None and chosen.index >= torch.cuda.device_count()
        ):
            raise InvalidInput(f"device={device!r} is not available on this machine")
        return chosen
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


class _LoadedModel:
    """The weights and a forward pass (torch, or int8 ONNX Runtime)."""

    def __init__(self, model_name: str, checkpoint_path: str | None, device: torch.device, backend: Backend) -> None:
        self.tools = text_tools(model_name)
        try:
            # fp32 compute whatever the stored precision (the bundle is fp16 on disk; CPUs lack fp16 kernels)
            with quiet_loading():
                self.model = AutoModelForSequenceClassification.from_pretrained(model_name, dtype=torch.float32)
            if checkpoint_path:
                self.model.load_state_dict(_read_state_dict(checkpoint_path))
            self.columns = label_columns(self.model.config.id2label)
        except Exception as error:  # safetensors, torch and transformers each raise their own types
            raise ModelUnavailable(f"could not load NLI model {model_name!r}: {error}") from error
        self.model.to(device).eval()
        self.device = device
        self.config = self.model.config
        accepted = inspect.signature(self.model.forward).parameters
        self.input_names = [k for k in ("input_ids", "attention_mask", "token_type_ids") if k in accepted]
        self.onnx = None
        if backend == "onnx":
            from validator.scorers.onnx import OnnxModel

            self.onnx = OnnxModel(self.model, model_name, self.input_names)

    def logits(self, rows: list[dict[str, list[int]]]) -> np.ndarray:
        """Logits for a batch of tokenized rows, padded here."""
        with self.tools.lock:
            batch = self.tools.tokenizer.pad(rows, return_tensors="np" if self.onnx else "pt")
        if self.onnx is not None:
            return self.onnx.run(dict(batch))
        return self.model(**batch.to(self.device)).logits.float().cpu().numpy()


def _read_state_dict(path: str) -> dict[str, Any]:
    """Weights from safetensors, or a torch file read with ``weights_only=True`` (no pickle code)."""
    if path.endswith(".safetensors"):
        from safetensors.torch import load_file

        return load_file(path)
    return torch.load(path, map_location="cpu", weights_only=True)


_MODELS: OrderedDict[tuple[str, str | None, str, str], _LoadedModel] = OrderedDict()
_MODELS_LOCK = threading.Lock()


def _load(model_name: str, checkpoint_path: str | None, device: torch.device, backend: Backend) -> _LoadedModel:
    key = (model_name, checkpoint_path, str(device), backend)
    with _MODELS_LOCK:
        if key in _MODELS:
            _MODELS.move_to_end(key)
            return _MODELS[key]
        logger.info("loading NLI model %s (checkpoint %s) on %s with %s", model_name, checkpoint_path, device, backend)
        loaded = _LoadedModel(model_name, checkpoint_path, device, backend)
        _MODELS[key] = loaded
        if len(_MODELS) > defaults.MODEL_CACHE_SIZE:
            _MODELS.popitem(last=False)
        return loaded


class NLIScorer(PairScorer):
    """Scores pairs with a local model: the one scorer behind the validator, the CLI, the
    Ray Serve deployment and the Ray Data job.

    Args:
        model_name: A local folder or hub id of a sequence-classification NLI model.
            Defaults to the bundled model.
        checkpoint_path: Optional fine-tuned weights (``.safetensors``, or a state dict read
            with ``weights_only=True``) loaded over ``model_name``.
        device: ``"cpu"``, ``"cuda"``, ``"mps"``…; ``None`` picks the best available.
        max_length: Tokens per model input; longer premises are scored as windows.
        batch_size: Model inputs per forward pass; ``None`` means 8 on a CPU, 64 on a GPU.
        backend: ``"torch"``, or ``"onnx"`` for an int8 ONNX Runtime copy on the CPU
            (exported once and cached).
        settings_file: Temperature and thresholds in place of the model folder's (a
            ``calibrate`` output).

    Examples:
        >>> scorer = NLIScorer()
        >>> scorer.score([("Paris is in France.", "Paris is in Spain.")]).argmax(-1)
        array([2])
    """

    def __init__(
        self,
        model_name: str | None = None,
        *,
        checkpoint_path: str | None = None,
        device: str | None = None,
        max_length: int = defaults.MAX_LENGTH,
        batch_size: int | None = None,
        backend: Backend = "torch",
        settings_file: str | None = None,
    ) -> None:
        check_sizes(max_length, batch_size)
        super().__init__(model_name, max_length=max_length, settings_file=settings_file)
        check_choice("backend", backend, BACKENDS)
        if backend == "onnx" and device not in (None, "cpu"):
            raise InvalidInput(f'backend="onnx" runs on the CPU; got device={device!r}')
        self.checkpoint_path = checkpoint_path
        self.backend: Backend = backend
        self.device = torch.device("cpu") if backend == "onnx" else pick_device(device)
        self.batch_size = batch_size or (
            defaults.CPU_BATCH_SIZE if self.device.type == "cpu" else defaults.ACCELERATOR_BATCH_SIZE
        )

    @property
    def loaded(self) -> _LoadedModel:
        """The shared model for this scorer's key, loaded on first use."""
        return _load(self.model_name, self.checkpoint_path, self.device, self.backend)

    @property
    def labels(self) -> list[tuple[int, str]]:
        """(column, the model's own label name) for each model output, in the model's order."""
        loaded = self.loaded
        return [(column, str(loaded.config.id2label[i])) for i, column in enumerate(loaded.columns)]

    @torch.inference_mode()
    def score(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """Probabilities of shape ``(len(pairs), 3)`` in ENTAILMENT, NEUTRAL, CONTRADICTION order.

        A premise too long for the model is split into overlapping windows; the pair keeps
        the window with the highest entailment, and the highest contradiction separately
        (a statement is contradicted when *any* part of the premise refutes it). For a
        2-way model the contradiction column is 0 and "not entailment" is neutral.

        Raises:
            ModelUnavailable: When the model cannot be loaded or a forward pass fails.
        """
        result = np.zeros((len(pairs), 3), dtype=np.float32)
        if not pairs:
            return result
        loaded = self.loaded
        with loaded.tools.lock:
            features = loaded.tools.tokenizer(
                [p for p, _ in pairs],
                [h for _, h in pairs],
                truncation="only_first",
                max_length=self._input_limit(),
                stride=defaults.WINDOW_STRIDE,
                return_overflowing_tokens=True,
            )
        owners: list[int] = features.pop("overflow_to_sample_mapping")
        keys = [k for k in loaded.input_names if k in features]  # DistilBERT, RoBERTa, BART: no token types
        rows = [{k: features[k][i] for k in keys} for i in range(len(owners))]
        window_probs = np.zeros((len(rows), 3), dtype=np.float32)
        order = np.argsort([-len(row["input_ids"]) for row in rows], kind="stable")
        try:
            for start in range(0, len(order), self.batch_size):
                batch_ids = order[start : start + self.batch_size]
                logits = loaded.logits([rows[i] for i in batch_ids]) / self.settings.temperature
                exp = np.exp(logits - logits.max(axis=1, keepdims=True))
                probs = exp / exp.sum(axis=1, keepdims=True)
                for column, label in enumerate(loaded.columns):
                    window_probs[batch_ids, label] += probs[:, column]
        except RuntimeError as error:
            raise ModelUnavailable(f"NLI forward pass failed on {self.device}: {error}") from error
        owners_array = np.asarray(owners)
        for pair_index in range(len(pairs)):
            windows = window_probs[owners_array == pair_index]
            best = windows[windows[:, ENTAILMENT].argmax()].copy()
            best[CONTRADICTION] = windows[:, CONTRADICTION].max()
            result[pair_index] = best
        return result
