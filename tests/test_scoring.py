"""NLIScorer: labels from config.id2label, 2- and 3-way models, windows, checkpoints."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
import torch
from helpers import (
    run_cli,
)
from safetensors.torch import save_file
from transformers import AutoModelForSequenceClassification

from validator import ProvenanceNLI
from validator.defaults import BUNDLED_MODEL_DIR, MODEL_SETTINGS_FILE
from validator.errors import InvalidInput
from validator.scorers.base import CONTRADICTION, ENTAILMENT, NEUTRAL, label_columns
from validator.scorers.nli import NLIScorer

PAIRS = [("A premise.", "A hypothesis."), ("Another premise, a bit longer than the first.", "Short.")]


@pytest.mark.parametrize(
    ("id2label", "winner", "column"),
    [
        ({0: "entailment", 1: "neutral", 2: "contradiction"}, "contradiction", CONTRADICTION),
        ({0: "contradiction", 1: "entailment", 2: "neutral"}, "contradiction", CONTRADICTION),  # MNLI-style order
        ({0: "CONTRADICTION", 1: "NEUTRAL", 2: "ENTAILMENT"}, "ENTAILMENT", ENTAILMENT),
        ({0: "entailment", 1: "not_entailment"}, "not_entailment", NEUTRAL),
    ],
    ids=["enc-order", "mnli-order", "upper-case", "two-way"],
)
def test_columns_follow_id2label(tiny_model_factory, id2label, winner, column) -> None:
    probabilities = NLIScorer(tiny_model_factory(id2label, winner)).score(PAIRS)
    assert probabilities.shape == (2, 3)
    assert (probabilities.argmax(-1) == column).all()
    np.testing.assert_allclose(probabilities.sum(-1), 1.0, atol=1e-5)
    if len(id2label) == 2:
        assert (probabilities[:, CONTRADICTION] == 0).all()


def test_models_without_token_type_ids_work(tiny_model_factory) -> None:
    path = tiny_model_factory({0: "entailment", 1: "neutral", 2: "contradiction"}, "neutral", distil=True)
    assert (NLIScorer(path).score(PAIRS).argmax(-1) == NEUTRAL).all()


def test_unreadable_labels_are_a_clear_error() -> None:
    with pytest.raises(InvalidInput, match="cannot read NLI labels"):
        label_columns({0: "LABEL_0", 1: "LABEL_1"})


def test_batching_and_length_sorting_do_not_change_scores(tiny_model_factory) -> None:
    path = tiny_model_factory({0: "entailment", 1: "neutral", 2: "contradiction"}, None)
    pairs = [(f"premise {'word ' * n}", f"hypothesis {n}") for n in (1, 40, 3, 20, 7)]
    one_by_one = np.vstack([NLIScorer(path, batch_size=1).score([pair]) for pair in pairs])
    np.testing.assert_allclose(NLIScorer(path, batch_size=4).score(pairs), one_by_one, atol=1e-5)


def test_long_premise_is_scored_as_windows_not_truncated(tiny_model_factory) -> None:
    path = tiny_model_factory({0: "entailment", 1: "neutral", 2: "contradiction"}, None)
    scorer = NLIScorer(path, max_length=96)
    premise = "filler words here. " * 200
    features = scorer.tools.tokenizer(
        [premise], ["claim"], truncation="only_first", max_length=96, stride=32, return_overflowing_tokens=True
    )
    assert len(features["input_ids"]) > 10  # the whole premise is covered by windows
    assert scorer.score([(premise, "claim")]).shape == (1, 3)


def test_checkpoint_loads_from_safetensors_and_weights_only_torch_files(tiny_model_factory, tmp_path) -> None:
    base = tiny_model_factory({0: "entailment", 1: "neutral", 2: "contradiction"}, "entailment")
    model = AutoModelForSequenceClassification.from_pretrained(base)
    with torch.no_grad():
        model.classifier.bias.copy_(torch.tensor([0.0, 0.0, 10.0]))
    state = {k: v.contiguous() for k, v in model.state_dict().items()}
    save_file(state, tmp_path / "ckpt.safetensors")
    torch.save(state, tmp_path / "ckpt.pt")
    for checkpoint in ("ckpt.safetensors", "ckpt.pt"):
        scorer = NLIScorer(base, checkpoint_path=str(tmp_path / checkpoint))
        assert (scorer.score(PAIRS).argmax(-1) == CONTRADICTION).all()


def test_pickled_code_in_a_checkpoint_is_refused(tiny_model_factory, tmp_path) -> None:
    base = tiny_model_factory({0: "entailment", 1: "neutral", 2: "contradiction"}, "entailment")
    torch.save({"payload": object()}, tmp_path / "evil.pt")
    from validator.errors import ModelUnavailable

    with pytest.raises(ModelUnavailable, match="could not load NLI model"):
        NLIScorer(base, checkpoint_path=str(tmp_path / "evil.pt")).score(PAIRS)


def test_the_model_is_loaded_once_per_process_and_device(tiny_model_factory) -> None:
    path = tiny_model_factory({0: "entailment", 1: "neutral", 2: "contradiction"}, "neutral")
    assert NLIScorer(path).loaded is NLIScorer(path, batch_size=3).loaded


@pytest.fixture(scope="module")
def model_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("model") / "model"
    shutil.copytree(BUNDLED_MODEL_DIR, folder)
    return folder


@pytest.mark.parametrize(
    ("settings_json", "named"),
    [
        ({"temperature": -1.26}, "temperature"),
        ({"temperature": 0}, "temperature"),
        ({"entailment_threshold": 1.5}, "entailment_threshold"),
        ({"contradiction_threshold": -0.1}, "contradiction_threshold"),
        ({"temperature": "1.2"}, "temperature"),
        ({"temperature": True}, "temperature"),
        ({"entailment_treshold": 0.5}, "entailment_treshold"),
        ([0.5], "JSON object"),
    ],
)
def test_a_broken_settings_file_is_invalid_input(model_copy: Path, settings_json: object, named: str) -> None:
    (model_copy / MODEL_SETTINGS_FILE).write_text(json.dumps(settings_json), encoding="utf-8")
    with pytest.raises(InvalidInput, match=named):
        ProvenanceNLI(model_name=str(model_copy))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("entailment_threshold", "0.0"),
        ("entailment_threshold", "-0.0"),
        ("entailment_threshold", "5e-324"),
        ("contradiction_threshold", "0.001"),
        ("temperature", "1e300"),
        ("temperature", "1e-300"),
        ("temperature", "1" * 400),
    ],
)
def test_a_settings_file_outside_the_sane_range_is_refused(tmp_path: Path, field: str, value: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(f'{{"{field}": {value}}}', encoding="utf-8")
    with pytest.raises(InvalidInput, match=field):
        ProvenanceNLI(on_fail="noop", settings_file=str(path))
    result = run_cli(
        "check", "--sources", "examples/eiffel-tower.txt", "--text", "-", "--settings", str(path), stdin="A."
    )
    assert result.returncode == 2 and field in result.stderr, result.stderr


def test_a_settings_file_with_a_key_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"entailment_threshold": 0.9, "entailment_threshold": 0.3}', encoding="utf-8")
    with pytest.raises(InvalidInput, match="twice"):
        ProvenanceNLI(on_fail="noop", settings_file=str(path))
