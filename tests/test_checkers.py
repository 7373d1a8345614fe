"""Any checker through the same pipeline: the pair-scorer interface and the MiniCheck and HHEM
adapters, on tiny randomly initialised models of the same architectures built here."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch
from guardrails import Guard
from helpers import (
    last_result,
    outcome,
    sentences_of,
)
from safetensors.torch import save_file
from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import PreTrainedTokenizerFast, T5Config, T5ForConditionalGeneration, T5ForTokenClassification

from validator import ProvenanceNLI
from validator.batch import BatchJob
from validator.citations import Citation, CitationChecker
from validator.config import CheckerConfig
from validator.errors import InvalidInput
from validator.scorers import HHEMScorer, MiniCheckScorer
from validator.scorers.hhem import PROMPT

SOURCES = ["Alpha, beta and gamma are the three claims this source lists."]
ANSWER = "The alpha claim holds here. The beta claim holds here. The gamma claim holds here."


class Scripted:
    """A pair scorer with a fixed answer per claim word: alpha entails, beta contradicts, gamma neither."""

    labels = ("entailment", "neutral", "contradiction")
    name = "scripted"

    def __init__(self, answer: Callable[[list[tuple[str, str]]], Any] | None = None) -> None:
        self.answer = answer
        self.calls: list[list[tuple[str, str]]] = []

    def predict(self, pairs: list[tuple[str, str]]) -> Any:
        self.calls.append(pairs)
        if self.answer is not None:
            return self.answer(pairs)
        rows = {"alpha": [0.9, 0.05, 0.05], "beta": [0.05, 0.05, 0.9]}
        return [next((row for word, row in rows.items() if word in h), [0.1, 0.8, 0.1]) for _, h in pairs]


def test_a_scripted_pair_scorer_drives_every_verdict_through_a_guard() -> None:
    scorer = Scripted()
    guard = Guard().use(ProvenanceNLI(pair_scorer=scorer, on_fail="fix"))
    result = outcome(guard.validate(ANSWER, metadata={"sources": SOURCES}))
    sentences = sentences_of(last_result(guard))
    assert [(s["verdict"], s["method"]) for s in sentences] == [
        ("supported", "model"),
        ("contradicted", "model"),
        ("unsupported", "model"),
    ]
    assert result.validated_output == "The alpha claim holds here."
    assert last_result(guard).metadata["provenance_nli"]["model"] == "scripted"
    assert scorer.calls and all(isinstance(p, str) and isinstance(h, str) for p, h in scorer.calls[0])


def _rows(row: Any) -> Callable[[list[tuple[str, str]]], Any]:
    return lambda pairs: [row] * len(pairs)


MALFORMED = {  # each would make every sentence supported if it were believed
    "wrong-shape": lambda pairs: [[1.0, 0.0]] * len(pairs),
    "a-row-too-many": lambda pairs: [[1.0, 0.0, 0.0]] * (len(pairs) + 1),
    "nan": _rows([float("nan"), 0.0, 0.0]),
    "out-of-range": _rows([1.5, -0.25, -0.25]),
    "logits": _rows([7.0, -2.0, -3.0]),
    "strings": _rows(["1", "0", "0"]),
    "booleans": _rows([True, False, False]),
    "not-an-array": lambda pairs: {"entailment": 1.0},
}


@pytest.mark.parametrize("answer", list(MALFORMED.values()), ids=list(MALFORMED))
def test_malformed_pair_scorer_output_fails_closed(answer: Callable[[list[tuple[str, str]]], Any]) -> None:
    guard = Guard().use(ProvenanceNLI(pair_scorer=Scripted(answer), on_fail="fix"))
    result = outcome(guard.validate("The alpha claim holds here.", metadata={"sources": SOURCES}))
    assert result.validated_output == ""  # the fix of a check that could not run keeps nothing
    assert "pair_scorer scripted gave malformed output" in last_result(guard).error_message


def test_a_pair_scorer_that_raises_fails_closed() -> None:
    def broken(pairs: list[tuple[str, str]]) -> Any:
        raise RuntimeError("CUDA out of memory")

    guard = Guard().use(ProvenanceNLI(pair_scorer=Scripted(broken), on_fail="fix"))
    result = outcome(guard.validate("The alpha claim holds here.", metadata={"sources": SOURCES}))
    assert result.validated_output == ""
    assert "pair_scorer scripted raised RuntimeError: CUDA out of memory" in last_result(guard).error_message


class NoEntailment:
    labels = ("yes", "no")

    def predict(self, pairs: list[tuple[str, str]]) -> Any:
        return [[1.0, 0.0]] * len(pairs)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"pair_scorer": object()}, "must have labels"),
        ({"pair_scorer": NoEntailment()}, "cannot read NLI labels"),
        ({"pair_scorer": Scripted(), "model_name": "some/model"}, "pair_scorer replaces the model"),
        ({"pair_scorer": Scripted(), "inference_endpoint": "http://127.0.0.1:9"}, "pair_scorer replaces the model"),
    ],
    ids=["no-predict", "no-entailment-label", "with-model-name", "with-endpoint"],
)
def test_a_pair_scorer_that_cannot_work_is_refused_at_construction(options: dict, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        ProvenanceNLI(**options)


def test_the_citation_checker_and_the_batch_job_take_a_pair_scorer() -> None:
    [verified, contradicted] = CitationChecker(Scripted()).check(
        SOURCES[0], [Citation("a", "The alpha claim holds here."), Citation("b", "The beta claim holds here.")]
    )
    assert (verified.verdict, verified.method) == ("verified", "model")
    assert contradicted.verdict == "contradicted"
    job = BatchJob(CheckerConfig.from_settings(pair_scorer=Scripted()))
    [line] = job.lines([json.dumps({"id": 1, "text": ANSWER, "sources": SOURCES})])
    assert [s["verdict"] for s in json.loads(line)["sentences"]] == ["supported", "contradicted", "unsupported"]


# --- adapters, on tiny random models built here ------------------------------------------------

VOCABULARY = ["<pad>", "</s>", "<unk>"] + [f"w{i}" for i in range(3, 300)]


def tiny_tokenizer(folder: Path) -> None:
    """A word-level tokenizer with T5's special tokens, saved as a transformers tokenizer."""
    words = [w.strip(".,?:").lower() for w in " ".join([ANSWER, *SOURCES, PROMPT]).split()]
    vocabulary = VOCABULARY[:3] + sorted(set(words) - set(VOCABULARY[:3])) + VOCABULARY[3:]
    tokenizer = Tokenizer(models.WordLevel({w: i for i, w in enumerate(vocabulary[:300])}, unk_token="<unk>"))
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    fast = PreTrainedTokenizerFast(tokenizer_object=tokenizer, pad_token="<pad>", eos_token="</s>", unk_token="<unk>")
    fast.save_pretrained(folder)


def tiny_t5_config(**extra: Any) -> T5Config:
    config = T5Config(vocab_size=300, d_model=16, d_kv=8, d_ff=32, num_layers=1, num_heads=2, **extra)
    config.decoder_start_token_id, config.pad_token_id, config.eos_token_id = 0, 0, 1  # T5's own ids
    return config


@pytest.fixture(scope="module")
def minicheck_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("minicheck")
    torch.manual_seed(0)
    T5ForConditionalGeneration(tiny_t5_config()).save_pretrained(folder)
    tiny_tokenizer(folder)
    return folder


def test_minicheck_reads_token_3_and_209_after_one_decoder_step(minicheck_folder: Path) -> None:
    scorer = MiniCheckScorer(str(minicheck_folder))
    pairs = [(SOURCES[0], "The alpha claim holds here."), (SOURCES[0], "The gamma claim holds here.")]
    probabilities = scorer.predict(pairs)
    model = T5ForConditionalGeneration.from_pretrained(minicheck_folder)
    tokenizer = PreTrainedTokenizerFast.from_pretrained(minicheck_folder)
    inputs = tokenizer([f"predict: {p}</s>{h}" for p, h in pairs], padding=True, return_tensors="pt")
    with torch.no_grad():
        logits = model(**inputs, decoder_input_ids=torch.zeros((2, 1), dtype=torch.long)).logits[:, 0, [3, 209]]
    np.testing.assert_allclose(probabilities, torch.softmax(logits, -1).numpy(), atol=1e-5)
    assert probabilities.shape == (2, 2)


def test_minicheck_checks_an_answer_in_a_guard(minicheck_folder: Path) -> None:
    guard = Guard().use(ProvenanceNLI(pair_scorer=MiniCheckScorer(str(minicheck_folder)), on_fail="noop"))
    guard.validate(ANSWER, metadata={"sources": SOURCES})
    sentences = sentences_of(last_result(guard))
    assert len(sentences) == 3 and {s["method"] for s in sentences} == {"model"}
    for s in sentences:  # a 2-way checker: entailment and not entailment, no contradiction
        assert s["contradiction"] == 0.0 and s["entailment"] + s["neutral"] == pytest.approx(1.0, abs=1e-5)
    assert last_result(guard).metadata["provenance_nli"]["model"].startswith("MiniCheck (")


@pytest.fixture(scope="module")
def hhem_folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, T5ForTokenClassification]:
    """An HHEM-shaped checkpoint: the classifier's weights under ``t5.``, and a config naming its foundation."""
    foundation = tmp_path_factory.mktemp("flan-t5-tiny")
    tiny_t5_config().save_pretrained(foundation)
    tiny_tokenizer(foundation)
    torch.manual_seed(1)
    network = T5ForTokenClassification(tiny_t5_config(num_labels=2)).eval()
    folder = tmp_path_factory.mktemp("hhem")
    weights = {f"t5.{key}": value.contiguous() for key, value in network.state_dict().items()}
    weights.pop("t5.transformer.encoder.embed_tokens.weight")  # tied to the shared embedding, stored once
    save_file(weights, str(folder / "model.safetensors"))
    config = {
        "model_type": "HHEMv2",
        "architectures": ["HHEMv2ForSequenceClassification"],
        "foundation": str(foundation),
    }
    (folder / "config.json").write_text(json.dumps(config))
    return folder, network


def test_hhem_is_rebuilt_from_its_weights_without_remote_code(hhem_folder: tuple[Path, Any]) -> None:
    folder, network = hhem_folder
    scorer = HHEMScorer(str(folder))
    pairs = [(SOURCES[0], "The alpha claim holds here.")]
    tokenizer = PreTrainedTokenizerFast.from_pretrained(json.loads((folder / "config.json").read_text())["foundation"])
    inputs = tokenizer([PROMPT.format(text1=p, text2=h) for p, h in pairs], padding=True, return_tensors="pt")
    with torch.no_grad():
        expected = torch.softmax(network(**inputs).logits[:, 0, :], dim=-1).numpy()
    np.testing.assert_allclose(scorer.predict(pairs), expected, atol=1e-5)


def test_hhem_checks_an_answer_in_a_guard(hhem_folder: tuple[Path, Any]) -> None:
    guard = Guard().use(ProvenanceNLI(pair_scorer=HHEMScorer(str(hhem_folder[0])), on_fail="noop"))
    guard.validate(ANSWER, metadata={"sources": SOURCES})
    assert len(sentences_of(last_result(guard))) == 3


def test_hhem_refuses_weights_of_another_network(tmp_path: Path, hhem_folder: tuple[Path, Any]) -> None:
    folder, _ = hhem_folder
    (tmp_path / "config.json").write_text((folder / "config.json").read_text())
    save_file({"t5.classifier.weight": torch.zeros(3, 16)}, str(tmp_path / "model.safetensors"))
    with pytest.raises(InvalidInput, match=r"do not fit HHEM's network|weights missing"):
        HHEMScorer(str(tmp_path))


class NeverAnswers:
    """An app's pair scorer that hangs."""

    labels = ("entailment", "neutral", "contradiction")

    def predict(self, pairs: list) -> list:
        time.sleep(3)  # past the timeout; the abandoned thread then ends on its own
        return [[1.0, 0.0, 0.0] for _ in pairs]


def test_a_pair_scorer_past_its_timeout_fails_closed() -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="noop", pair_scorer=NeverAnswers(), endpoint_timeout=0.5))
    started = time.monotonic()
    passed = outcome(
        guard.validate("The tower is tall and old.", metadata={"sources": ["The tower is tall. It is old."]})
    )
    assert time.monotonic() - started < 2.5 and not passed.validation_passed
    failed = last_result(guard)
    assert "did not answer within 0.5 s" in failed.error_message and failed.fix_value == ""


def test_the_old_import_path_still_works_this_release_with_a_warning() -> None:
    """``validator.checkers`` was the scorers' home before ``validator.scorers``."""
    import validator.checkers
    import validator.scorers

    with pytest.warns(DeprecationWarning, match="validator.scorers.MiniCheckScorer"):
        moved = validator.checkers.MiniCheckScorer
    assert moved is validator.scorers.MiniCheckScorer
    with pytest.raises(AttributeError):
        _ = validator.checkers.NoSuchScorer
