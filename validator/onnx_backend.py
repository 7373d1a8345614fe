"""Optional int8 ONNX Runtime backend for CPUs (``pip install "provenance-nli[onnx]"``).

The model is exported once from its HF folder with torch's ONNX exporter, dynamically
quantized to int8 weights with ONNX Runtime, and cached on disk keyed by a hash of the
weights actually loaded (so a ``model_checkpoint_path`` over the same base gets its own
export) and of the input names. A cached file is written under a temporary name and renamed
when complete, and one that ONNX Runtime cannot read (truncated, corrupt) is rebuilt once.
Only the forward pass changes: tokenization, windows, label mapping, temperature and
verdicts are the same code as the torch backend.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from validator.errors import ModelUnavailable

logger = logging.getLogger("provenance_nli")
_EXPORT_LOCK = threading.Lock()


def cache_dir() -> Path:
    return Path(os.environ.get("PROVENANCE_NLI_CACHE", Path.home() / ".cache" / "provenance-nli"))


def _import_runtime() -> Any:
    try:
        import onnxruntime
    except ImportError as error:
        raise ModelUnavailable('backend="onnx" needs ONNX Runtime: pip install "provenance-nli[onnx]"') from error
    return onnxruntime


def weights_fingerprint(model: Any, input_names: list[str]) -> str:
    """A hash of every tensor the model will run with, its label names and its inputs."""
    digest = hashlib.sha256(repr((input_names, model.config.id2label)).encode())
    for name, tensor in sorted(model.state_dict().items()):
        digest.update(name.encode())
        digest.update(tensor.detach().cpu().contiguous().numpy().tobytes())
    return digest.hexdigest()[:24]


def export_graph(model: Any, input_names: list[str], path: Path) -> None:
    """Trace ``model`` to an fp32 ONNX graph at ``path``, batch and sequence length dynamic.

    The tracer sees one (1, 8) input and warns that Python values it read may not generalise;
    for these BERT-style classifiers they do (the graph matches torch to 1e-5 at every length up
    to 256 tokens and on padded batches: tests/test_onnx.py), so its warnings are silenced.
    """
    import torch

    dummy = tuple(torch.ones((1, 8), dtype=torch.long) for _ in input_names)
    dynamic = {name: {0: "batch", 1: "sequence"} for name in input_names}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # TracerWarning, "the exported graph will produce incorrect results"
        torch.onnx.export(
            model,
            dummy,
            str(path),
            input_names=input_names,
            output_names=["logits"],
            dynamic_axes={**dynamic, "logits": {0: "batch"}},
            opset_version=17,
            dynamo=False,
        )


def export_int8(model: Any, model_name: str, input_names: list[str], rebuild: bool = False) -> Path:
    """Export ``model`` (an fp32 HF classifier) to ONNX and quantize it; reuse a cached copy."""
    folder = cache_dir() / "onnx" / weights_fingerprint(model, input_names)
    quantized = folder / "model.int8.onnx"
    with _EXPORT_LOCK:
        if quantized.exists() and not rebuild:
            return quantized
        from onnxruntime.quantization import QuantType, quantize_dynamic

        folder.mkdir(parents=True, exist_ok=True)
        full = folder / "model.fp32.onnx"
        partial = folder / "model.int8.onnx.partial"
        logger.info("exporting %s to ONNX int8 in %s", model_name, folder)
        export_graph(model, input_names, full)
        with _quiet_logger("root"), _quiet_logger("onnxruntime"):  # "consider pre-processing": not ours to change
            quantize_dynamic(str(full), str(partial), weight_type=QuantType.QInt8)
        full.unlink()
        partial.replace(quantized)
    return quantized


@contextlib.contextmanager
def _quiet_logger(name: str) -> Iterator[None]:
    """Hold a logger at ERROR for a moment (onnxruntime's quantizer advises pre-processing on the
    root logger, for models that are not ours to change)."""
    target = logging.getLogger(None if name == "root" else name)
    level = target.level
    target.setLevel(logging.ERROR)
    try:
        yield
    finally:
        target.setLevel(level)


class OnnxClassifier:
    """An ONNX Runtime session that returns logits for a padded numpy batch."""

    def __init__(self, model: Any, model_name: str, input_names: list[str]) -> None:
        runtime = _import_runtime()
        options = runtime.SessionOptions()
        options.intra_op_num_threads = int(os.environ.get("OMP_NUM_THREADS", 0))
        path = export_int8(model, model_name, input_names)
        try:
            self.session = runtime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        except Exception as error:  # ONNX Runtime raises its own types (InvalidProtobuf, Fail…)
            logger.warning("cached ONNX model %s is unreadable (%s); rebuilding it", path, error)
            path = export_int8(model, model_name, input_names, rebuild=True)
            try:
                self.session = runtime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
            except Exception as again:
                raise ModelUnavailable(f"ONNX Runtime cannot load {path}: {again}") from again
        self.input_names = input_names

    def logits(self, batch: dict[str, np.ndarray]) -> np.ndarray:
        feeds = {name: np.asarray(batch[name], dtype=np.int64) for name in self.input_names}
        return self.session.run(["logits"], feeds)[0]
