"""The int8 ONNX Runtime backend agrees with torch on a fixed set of pairs."""

from __future__ import annotations

import numpy as np
import pytest

from validator.pipeline import CheckRequest, ProvenanceChecker
from validator.scoring import NLIScorer

pytest.importorskip("onnxruntime")

PAIRS = [
    ("The museum closes at 5 p.m. every day except Monday.", "The museum closes at 5 p.m."),
    ("The museum closes at 5 p.m. every day except Monday.", "The museum closes at 9 p.m."),
    ("The museum closes at 5 p.m. every day except Monday.", "The café serves vegetarian food."),
    ("Returns are accepted within 30 days of purchase with a receipt.", "Returns are accepted within 30 days."),
    ("Returns are accepted within 30 days of purchase with a receipt.", "Returns are accepted within 90 days."),
    ("The bridge was completed in 1932 and spans 503 metres.", "The bridge was completed in 1975."),
    ("The bridge was completed in 1932 and spans 503 metres.", "The bridge is 503 metres long."),
    ("The bridge was completed in 1932 and spans 503 metres.", "The bridge was designed by a woman."),
]


@pytest.fixture(scope="module")
def scorers(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch_module: pytest.MonkeyPatch
) -> tuple[NLIScorer, NLIScorer]:
    monkeypatch_module.setenv("PROVENANCE_NLI_CACHE", str(tmp_path_factory.mktemp("onnx-cache")))
    return NLIScorer(), NLIScorer(backend="onnx")


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def test_int8_onnx_agrees_with_torch(scorers: tuple[NLIScorer, NLIScorer]) -> None:
    torch_probs, onnx_probs = (scorer.score(PAIRS) for scorer in scorers)
    confident = torch_probs.max(-1) >= 0.7  # int8 noise may flip near-ties, never a clear call
    assert confident.sum() >= 3
    assert (torch_probs.argmax(-1) == onnx_probs.argmax(-1))[confident].all()
    assert np.abs(torch_probs - onnx_probs).mean() < 0.1


def test_onnx_backend_runs_the_same_pipeline(scorers: tuple[NLIScorer, NLIScorer]) -> None:
    request = CheckRequest("The bridge was completed in 1975.", sources=["The bridge was completed in 1932."])
    assert ProvenanceChecker(scorers[1]).check(request).sentences[0].verdict == "contradicted"


def test_onnx_needs_the_cpu() -> None:
    with pytest.raises(ValueError, match="runs on the CPU"):
        NLIScorer(backend="onnx", device="cuda")


def test_the_exported_graph_matches_torch_at_every_length(tmp_path) -> None:
    """The export traces one (1, 8) input and the tracer warns the graph may not generalise: it
    must match torch for short and long inputs and padded batches (int8 adds its own noise on top,
    measured in the model card)."""
    import onnxruntime
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    from validator.defaults import BUNDLED_MODEL_DIR
    from validator.onnx_backend import export_graph

    model = AutoModelForSequenceClassification.from_pretrained(BUNDLED_MODEL_DIR, dtype=torch.float32).eval()
    tokenizer = AutoTokenizer.from_pretrained(BUNDLED_MODEL_DIR)
    names = ["input_ids", "attention_mask", "token_type_ids"]
    export_graph(model, names, tmp_path / "model.onnx")
    session = onnxruntime.InferenceSession(str(tmp_path / "model.onnx"), providers=["CPUExecutionProvider"])
    long_premise = " ".join(f"Section {i} of the contract says the fee is {i * 10} euros." for i in range(1, 40))
    for premises in (["A cat."], [long_premise[:600]], [long_premise], ["A cat.", long_premise]):
        encoded = tokenizer(
            premises,
            ["The fee in section 3 is 30 euros."] * len(premises),
            truncation=True,
            max_length=256,
            padding=True,
            return_tensors="pt",
        )
        with torch.no_grad():
            expected = model(**{name: encoded[name] for name in names}).logits.numpy()
        got = session.run(["logits"], {name: encoded[name].numpy() for name in names})[0]
        assert np.abs(expected - got).max() < 1e-4, encoded["input_ids"].shape
