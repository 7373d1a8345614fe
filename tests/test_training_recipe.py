"""The clean-data recipe's pieces: passages among other pages' text, the mixed loss, the greedy soup."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
import torch
from transformers import BertConfig, BertForSequenceClassification

from training.data import IN_CONTEXT_CHARS, IN_CONTEXT_ORIGINS, in_context
from training.pairs import Pair
from training.soup import average, greedy_soup
from training.train import LABEL2ID, mixed_loss

VOCAB = Path(__file__).resolve().parents[1] / "validator" / "models" / "provenance-nli-minilm-l6"


def _pairs(origin: str, n: int) -> list[Pair]:
    return [
        Pair(f"Premise {i} of {origin} says {i}.", f"Claim {i}.", "entailment", f"{origin}:{i}", origin)
        for i in range(n)
    ]


def test_a_copy_keeps_its_pair_and_adds_only_other_pages_text() -> None:
    pairs = _pairs("vitaminc", 40) + _pairs("mnli", 40)
    copies = in_context(pairs, random.Random(3), rate=0.5)
    assert len(copies) == 40
    by_page = {pair.page: pair for pair in pairs}
    for copy in copies:
        pair = by_page[copy.page]
        assert copy.origin == f"{pair.origin}+context"
        assert (copy.hypothesis, copy.label) == (pair.hypothesis, pair.label)
        assert pair.premise in copy.premise
        others = [p for p in pairs if p.premise in copy.premise and p.page != pair.page]
        assert all(other.origin == pair.origin for other in others)
        assert len(copy.premise) <= IN_CONTEXT_CHARS + len(others)  # the joining spaces


def test_captions_and_synthetic_pairs_get_no_copies() -> None:
    pairs = _pairs("snli", 30) + _pairs("cad_snli", 30) + _pairs("extractive", 30)
    assert not set(IN_CONTEXT_ORIGINS) & {"snli", "cad_snli", "extractive"}
    assert in_context(pairs, random.Random(3), rate=1.0) == []


@pytest.mark.parametrize("rate", [-0.1, 1.5])
def test_a_rate_outside_zero_to_one_is_refused(rate: float) -> None:
    with pytest.raises(ValueError, match="from 0 to 1"):
        in_context(_pairs("vitaminc", 5), random.Random(1), rate)


def test_a_rate_of_zero_leaves_the_recipe_as_it_was() -> None:
    rng = random.Random(5)
    assert in_context(_pairs("vitaminc", 20), rng, rate=0.0) == []
    assert rng.random() == random.Random(5).random()  # and draws nothing


def test_the_two_way_loss_is_the_probability_of_not_entailment() -> None:
    logits = torch.tensor([[2.0, 0.5, -1.0], [0.3, 0.1, 1.2]])
    probs = logits.softmax(-1)
    entail = LABEL2ID["entailment"]
    loss = mixed_loss(logits, ["not_entailment", "contradiction"])
    expected = -(math.log(1 - probs[0, entail].item()) + math.log(probs[1, LABEL2ID["contradiction"]].item())) / 2
    assert math.isclose(loss.item(), expected, rel_tol=1e-5)


def _tiny_model(seed: int, path: Path) -> Path:
    torch.manual_seed(seed)
    config = BertConfig(
        vocab_size=30522, hidden_size=16, num_hidden_layers=1, num_attention_heads=2, intermediate_size=32
    )
    config.num_labels = 3
    BertForSequenceClassification(config).save_pretrained(path)
    for name in ("tokenizer.json", "tokenizer_config.json"):
        (path / name).write_bytes((VOCAB / name).read_bytes())
    return path


def test_the_average_of_one_state_is_itself() -> None:
    state = {"w": torch.randn(3, 2), "steps": torch.tensor([4])}
    averaged = average([state, state])
    assert torch.allclose(averaged["w"], state["w"]) and torch.equal(averaged["steps"], state["steps"])


def test_the_greedy_soup_is_never_worse_on_dev_than_its_best_run(tmp_path: Path) -> None:
    runs = [_tiny_model(seed, tmp_path / f"run-{seed}") for seed in (1, 2, 3)]
    dev = [
        {"premise": f"The value is {i}.", "hypothesis": f"It is {i % 3}.", "label": label}
        for i, label in enumerate(["entailment", "neutral", "contradiction", "not_entailment"] * 5)
    ]
    _, _, report = greedy_soup(runs, dev, max_length=32, device="cpu")
    assert report["soup"] >= max(report["runs"].values())
    assert report["kept"][0] == max(report["runs"], key=report["runs"].__getitem__)


def test_a_one_error_edit_is_found_by_diffing_it_against_its_reference() -> None:
    from training.answers import edited_sentence

    reference = "The mayor opened the bridge on Monday . It cost $5 million . Crowds cheered ."
    edit = "The mayor opened the bridge on Monday . It cost $9 million . Crowds cheered ."
    assert edited_sentence(reference, edit) == ("It cost $5 million .", "It cost $9 million .")
    assert edited_sentence(reference, reference) is None  # nothing changed
    assert edited_sentence(reference, "Something else entirely .") is None  # not one sentence


@pytest.mark.parametrize(
    ("error_type", "label"),
    [
        ("Intrinsic Entity Error", "contradiction"),
        ("Intrinsic Predicate", "contradiction"),
        ("Coreference Error", "contradiction"),
        ("Extrinsic Entity Error", "not_entailment"),
        ("Other", "not_entailment"),
    ],
)
def test_an_edit_contradicts_only_where_its_error_misuses_the_article(error_type: str, label: str) -> None:
    from training.answers import bump_label

    assert bump_label(error_type) == label


def test_a_premise_is_the_sources_sentences_nearest_the_claim_within_the_window() -> None:
    from training.answers import WINDOW_CHARS, window

    filler = [f"Paragraph {i} talks about the weather in spring and nothing else at all." for i in range(40)]
    source = " ".join([*filler[:20], "The bridge cost $5 million to build.", *filler[20:]])
    premise = window("The bridge cost $9 million.", [source])
    assert "The bridge cost $5 million to build." in premise and len(premise) <= WINDOW_CHARS


def test_a_group_always_lands_in_the_same_split() -> None:
    from training.answers import answer_split

    assert {answer_split("expertqa-389c77b2ad0f") for _ in range(3)} == {answer_split("expertqa-389c77b2ad0f")}
    assert {answer_split(f"group-{i}") for i in range(200)} == {"train", "dev", "test"}
