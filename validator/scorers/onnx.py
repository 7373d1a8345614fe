"""Optional int8 ONNX Runtime backend for CPUs (``pip install "provenance-nli[onnx]"``): with
``backend="onnx"`` the NLI model's forward pass and the default embedder's run on it.

A model is exported once from its HF folder with torch's ONNX exporter, dynamically
quantized to int8 weights with ONNX Runtime, and cached on disk keyed by a hash of the
weights actually loaded (so a ``model_checkpoint_path`` over the same base gets its own
export), of the input names and of the graph's output. A cached file is written under a temporary name and renamed
when complete, and one that ONNX Runtime cannot read (truncated, corrupt) is rebuilt once.
Only the forward pass changes: tokenization, windows, label mapping, temperature and
verdicts are the same code as the torch backend.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import inspect
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


def weights_fingerprint(model: Any, input_names: list[str], output_name: str = "logits") -> str:
    """A hash of every tensor the model will run with, its label names, inputs and output."""
    digest = hashlib.sha256(repr((input_names, model.config.id2label)).encode())
    if output_name != "logits":  # the classifiers' exports keep the fingerprints they were cached under
        digest.update(output_name.encode())
    for name, tensor in sorted(model.state_dict().items()):
        digest.update(name.encode())
        digest.update(tensor.detach().cpu().contiguous().numpy().tobytes())
    return digest.hexdigest()[:24]


def export_graph(model: Any, input_names: list[str], path: Path, output_name: str = "logits") -> None:
    """Trace ``model`` to an fp32 ONNX graph at ``path``, batch and sequence length dynamic.

    ``output_name`` is the model output the graph returns: ``logits`` for a classifier,
    ``last_hidden_state`` for an encoder (taken from the model's output by name, with the
    inputs passed by name: transformers 5's ``BertModel.forward`` takes them in another order).

    The tracer sees one (1, 8) input and warns that Python values it read may not generalise;
    for these BERT-style classifiers they do (the graph matches torch to 1e-5 at every length up
    to 256 tokens and on padded batches: tests/test_onnx.py), so its warnings are silenced.
    """
    import torch

    class Named(torch.nn.Module):
        """The model called with its inputs by name, on a copy: tracing a transformers 5 encoder
        through a wrapper changes how the traced model computes afterwards (its outputs moved by
        ~1.1 in tests), and the caller's model must stay as it was."""

        def __init__(self) -> None:
            super().__init__()
            self.model = copy.deepcopy(model)

        def forward(self, *inputs: torch.Tensor) -> torch.Tensor:
            return getattr(self.model(**dict(zip(input_names, inputs, strict=True))), output_name)

    dummy = tuple(torch.ones((1, 8), dtype=torch.long) for _ in input_names)
    dynamic = {name: {0: "batch", 1: "sequence"} for name in input_names}
    output_axes = {0: "batch"} if output_name == "logits" else {0: "batch", 1: "sequence"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # TracerWarning, "the exported graph will produce incorrect results"
        torch.onnx.export(
            model if output_name == "logits" else Named(),
            dummy,
            str(path),
            input_names=input_names,
            output_names=[output_name],
            dynamic_axes={**dynamic, output_name: output_axes},
            opset_version=17,
            dynamo=False,
        )


def export_int8(
    model: Any, model_name: str, input_names: list[str], rebuild: bool = False, output_name: str = "logits"
) -> Path:
    """Export ``model`` (an fp32 HF classifier or encoder) to ONNX and quantize it; reuse a cached copy.

    An encoder's weights are quantized per output channel: per tensor, all-MiniLM-L6-v2's
    embeddings fell to cosine 0.93 of torch's on real chunks (0.988 per channel, 0.993 on
    average); the classifiers keep the per-tensor export their verdicts were tested with.
    """
    folder = cache_dir() / "onnx" / weights_fingerprint(model, input_names, output_name)
    quantized = folder / "model.int8.onnx"
    with _EXPORT_LOCK:
        if quantized.exists() and not rebuild:
            return quantized
        from onnxruntime.quantization import QuantType, quantize_dynamic

        folder.mkdir(parents=True, exist_ok=True)
        full = folder / f"model.fp32.{os.getpid()}.onnx"  # per process: Ray workers may export at once
        partial = folder / f"model.int8.onnx.{os.getpid()}.partial"
        logger.info("exporting %s to ONNX int8 in %s", model_name, folder)
        export_graph(model, input_names, full, output_name)
        with _quiet_logger("root"), _quiet_logger("onnxruntime"):  # "consider pre-processing": not ours to change
            quantize_dynamic(str(full), str(partial), weight_type=QuantType.QInt8, per_channel=output_name != "logits")
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


class OnnxModel:
    """An ONNX Runtime session over the int8 export of ``model`` that returns ``output_name``
    for a padded numpy batch."""

    def __init__(self, model: Any, model_name: str, input_names: list[str], output_name: str = "logits") -> None:
        runtime = _import_runtime()
        options = runtime.SessionOptions()
        options.intra_op_num_threads = int(os.environ.get("OMP_NUM_THREADS", 0))
        path = export_int8(model, model_name, input_names, output_name=output_name)
        try:
            self.session = runtime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        except Exception as error:  # ONNX Runtime raises its own types (InvalidProtobuf, Fail…)
            logger.warning("cached ONNX model %s is unreadable (%s); rebuilding it", path, error)
            path = export_int8(model, model_name, input_names, rebuild=True, output_name=output_name)
            try:
                self.session = runtime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
            except Exception as again:
                raise ModelUnavailable(f"ONNX Runtime cannot load {path}: {again}") from again
        self.input_names = input_names
        self.output_name = output_name

    def run(self, batch: dict[str, np.ndarray]) -> np.ndarray:
        feeds = {name: np.asarray(batch[name], dtype=np.int64) for name in self.input_names}
        return self.session.run([self.output_name], feeds)[0]


def _mean_pooled_and_normalized(modules: list[Any]) -> bool:
    """Transformer → mean Pooling → Normalize, read by name and config: sentence-transformers 3
    keeps these classes in ``models`` with one flag per pooling mode, 6 in per-kind packages with
    a ``pooling_mode`` string."""
    if [type(module).__name__ for module in modules] != ["Transformer", "Pooling", "Normalize"]:
        return False
    config = modules[1].get_config_dict()
    flags = {key for key, value in config.items() if key.startswith("pooling_mode_") and value is True}
    return config.get("pooling_mode") == "mean" or flags == {"pooling_mode_mean_tokens"}


class OnnxSentenceEmbedder:
    """A sentence-transformers mean-pooling, normalizing embedder (all-MiniLM-L6-v2) with its
    transformer on int8 ONNX Runtime: the same tokenizer and max_seq_length, the mean over the
    attention mask, unit length, texts batched by length as ``encode`` batches them.

    On 2 quiet CPU cores it embeds 240 real chunks in 1.5 s against torch's 2.1-2.3 s, with
    vectors at cosine 0.993 of torch's on average (tests/test_onnx.py holds it to torch's vectors
    and top-k). An fp32 export, exact to 1e-6, was slower than torch (2.7 s), so int8 it is.

    Raises:
        ModelUnavailable: The model is not Transformer → mean Pooling → Normalize, or ONNX
            Runtime is missing or cannot load the export.
    """

    def __init__(self, model: Any, model_name: str, batch_size: int) -> None:
        modules = list(model)
        if not _mean_pooled_and_normalized(modules):
            raise ModelUnavailable(f"{model_name} is not a mean-pooled, normalized sentence-transformers model")
        encoder = modules[0].auto_model
        accepted = inspect.signature(encoder.forward).parameters
        names = [k for k in ("input_ids", "attention_mask", "token_type_ids") if k in accepted]
        self.onnx = OnnxModel(encoder, model_name, names, output_name="last_hidden_state")
        self.tokenizer = model.tokenizer
        self.max_length = model.max_seq_length
        self.batch_size = batch_size
        self.lock = threading.Lock()  # a fast tokenizer is not safe to call from two threads at once

    def __call__(self, texts: list[str]) -> np.ndarray:
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        vectors: list[np.ndarray] = [np.empty(0, np.float32)] * len(texts)
        for start in range(0, len(order), self.batch_size):
            ids = order[start : start + self.batch_size]
            with self.lock:
                batch = self.tokenizer(
                    [texts[i] for i in ids],
                    padding=True,
                    truncation=True,
                    max_length=self.max_length,
                    return_tensors="np",
                )
            hidden = self.onnx.run(dict(batch))
            mask = batch["attention_mask"][..., None].astype(np.float32)
            pooled = (hidden * mask).sum(axis=1) / np.maximum(mask.sum(axis=1), 1e-9)
            pooled /= np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
            for i, vector in zip(ids, pooled, strict=True):
                vectors[i] = vector
        return np.stack(vectors) if texts else np.zeros((0, 0), np.float32)
