"""The bundled model: offline, self-describing, and right on hand-written pairs.

The pairs below were written for these tests; none comes from VitaminC or the
out-of-domain evaluation set.
"""

from __future__ import annotations

import json

import pytest

from validator import defaults
from validator.scorers.base import CONTRADICTION, ENTAILMENT, NEUTRAL
from validator.scorers.nli import NLIScorer

PAIRS = [
    (
        "The museum opens at 9 a.m. and closes at 5 p.m. every day except Monday.",
        "The museum closes at 5 p.m.",
        ENTAILMENT,
    ),
    (
        "Our refund policy allows returns within 30 days of purchase with a receipt.",
        "Returns are accepted within 30 days of purchase.",
        ENTAILMENT,
    ),
    (
        "The bridge, completed in 1932, spans 503 metres across the harbour.",
        "The bridge was completed in 1932.",
        ENTAILMENT,
    ),
    pytest.param(
        "The museum opens at 9 a.m. and closes at 5 p.m. every day except Monday.",
        "The museum closes at 9 p.m.",
        CONTRADICTION,
        marks=pytest.mark.xfail(strict=True, reason="known weakness: the 9 of '9 a.m.' reads as support"),
        id="contra-9pm-known-weakness",
    ),
    (
        "The museum opens at 9 a.m. and closes at 5 p.m. every day except Monday.",
        "The museum closes at 7 p.m.",
        CONTRADICTION,
    ),
    (
        "Our refund policy allows returns within 30 days of purchase with a receipt.",
        "Returns are accepted within 90 days of purchase.",
        CONTRADICTION,
    ),
    (
        "The bridge, completed in 1932, spans 503 metres across the harbour.",
        "The bridge was completed in 1975.",
        CONTRADICTION,
    ),
    pytest.param(
        "The museum opens at 9 a.m. and closes at 5 p.m. every day except Monday.",
        "The museum's café serves vegetarian lunches.",
        NEUTRAL,
        marks=pytest.mark.xfail(strict=True, reason="known weakness: on-topic claims lean to contradiction"),
        id="neutral-on-topic-known-weakness",
    ),
    (
        "Our refund policy allows returns within 30 days of purchase with a receipt.",
        "The company was founded by two brothers.",
        NEUTRAL,
    ),
    (
        "The bridge, completed in 1932, spans 503 metres across the harbour.",
        "The bridge's architect also designed a railway station.",
        NEUTRAL,
    ),
]


@pytest.fixture(scope="module")
def scorer() -> NLIScorer:
    return NLIScorer()


def test_the_bundle_is_a_standard_self_describing_hf_folder() -> None:
    folder = defaults.BUNDLED_MODEL_DIR
    config = json.loads((folder / "config.json").read_text())
    assert set(config["id2label"].values()) == {"entailment", "neutral", "contradiction"}
    settings = json.loads((folder / defaults.MODEL_SETTINGS_FILE).read_text())
    assert set(settings) == {"temperature", "entailment_threshold", "contradiction_threshold"}
    assert (folder / "model.safetensors").stat().st_size < 50_000_000
    assert (folder / "README.md").exists()


def test_it_is_the_validators_default(scorer: NLIScorer) -> None:
    assert scorer.model_name == str(defaults.BUNDLED_MODEL_DIR)
    assert scorer.settings.temperature != 1.0  # calibrated on dev


@pytest.mark.parametrize(
    ("premise", "hypothesis", "label"),
    PAIRS,
    ids=[None if hasattr(p, "id") else f"{['entail', 'neutral', 'contra'][p[2]]}-{i}" for i, p in enumerate(PAIRS)],
)
def test_hand_written_pairs(scorer: NLIScorer, premise: str, hypothesis: str, label: int) -> None:
    probabilities = scorer.score([(premise, hypothesis)])[0]
    assert probabilities.argmax() == label, probabilities
