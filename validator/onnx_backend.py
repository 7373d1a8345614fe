"""Optional int8 ONNX Runtime backend for CPUs (``pip install "provenance-nli[onnx]"``).

The model is exported once from its HF folder with torch's ONNX exporter, dynamically
quantized to int8 weights with ONNX Runtime, and cached on disk keyed by the weights'
path, size and modification time. Only the forward pass changes: tokenization, windows,
label mapping, temperature and verdicts are the same code as the torch backend.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from pathlib import Path
from typing import Any

import numpy as np

from validator.errors import ModelUnavailable

logger = logging.getLogger(__name__)
_EXPORT_LOCK = threading.Lock()


def cache_dir() -> Path:
    return Path(os.environ.get("PROVENANCE_NLI_CACHE", Path.home() / ".cache" / "provenance-nli"))


def _import_runtime() -> Any:
    try:
        import onnxruntime
    except ImportError as error:
        raise ModelUnavailable('backend="onnx" needs ONNX Runtime: pip install "provenance-nli[onnx]"') from error
    return onnxruntime


def export_int8(model: Any, model_name: str, input_names: list[str]) -> Path:
    """Export ``model`` (an fp32 HF classifier) to ONNX and quantize it; reuse a cached copy."""
    weights = Path(model_name) / "model.safetensors"
    stamp = (
        f"{Path(model_name).resolve()}|{weights.stat().st_size}|{weights.stat().st_mtime_ns}"
        if weights.exists()
        else model_name
    )
    folder = cache_dir() / "onnx" / hashlib.sha256(stamp.encode()).hexdigest()[:16]
    quantized = folder / "model.int8.onnx"
    with _EXPORT_LOCK:
        if quantized.exists():
            return quantized
        import torch
        from onnxruntime.quantization import QuantType, quantize_dynamic

        folder.mkdir(parents=True, exist_ok=True)
        full = folder / "model.fp32.onnx"
        dummy = {name: torch.ones((1, 8), dtype=torch.long) for name in input_names}
        dynamic = {name: {0: "batch", 1: "sequence"} for name in input_names}
        logger.info("exporting %s to ONNX int8 in %s", model_name, folder)
        torch.onnx.export(
            model,
            tuple(dummy[name] for name in input_names),
            str(full),
            input_names=input_names,
            output_names=["logits"],
            dynamic_axes={**dynamic, "logits": {0: "batch"}},
            opset_version=17,
            dynamo=False,
        )
        quantize_dynamic(str(full), str(quantized), weight_type=QuantType.QInt8)
        full.unlink()
    return quantized


class OnnxClassifier:
    """An ONNX Runtime session that returns logits for a padded numpy batch."""

    def __init__(self, model: Any, model_name: str, input_names: list[str]) -> None:
        runtime = _import_runtime()
        path = export_int8(model, model_name, input_names)
        options = runtime.SessionOptions()
        options.intra_op_num_threads = int(os.environ.get("OMP_NUM_THREADS", 0))
        self.session = runtime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        self.input_names = input_names

    def logits(self, batch: dict[str, np.ndarray]) -> np.ndarray:
        feeds = {name: np.asarray(batch[name], dtype=np.int64) for name in self.input_names}
        return self.session.run(["logits"], feeds)[0]
