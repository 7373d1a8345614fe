"""The reworded-twins recipe (training/twins.py): each kind's edit, made to a claim already reworded
from its premise, and every edited claim beside that reworded claim, entailed."""

from __future__ import annotations

import random

import pytest

from training import wordnet
from training.twins import KINDS, in_passage, pairs, reworded_claims

needs_wordnet = pytest.mark.skipif(not wordnet.WORDNET_DIR.exists(), reason="Debian's wordnet-base is not installed")


def edits(kind: str, claim: str, premise: str) -> set[tuple[str, str]]:
    return set(KINDS[kind](claim, premise, random.Random(0)))


@pytest.mark.parametrize(
    ("kind", "claim", "premise", "expected"),
    [
        (
            "roles",
            "The tenant pays the landlord in advance.",
            "Rent goes from tenant to landlord monthly.",
            ("The landlord pays the tenant in advance.", "contradiction"),
        ),
        (
            "roles",
            "Spain is stronger than Italy.",
            "Italy is weaker than Spain.",
            ("Italy is stronger than Spain.", "contradiction"),
        ),
        (
            "roles",
            "The novel was reviewed by Tom Hale.",
            "Tom Hale wrote a review of the novel.",
            ("Tom Hale was reviewed by the novel.", "contradiction"),
        ),
        (
            "negation",
            "The shop is open on Sundays.",
            "Sunday opening.",
            ("The shop is not open on Sundays.", "contradiction"),
        ),
        ("negation", "The shop does not open late.", "It closes early.", ("The shop does open late.", "contradiction")),
        (
            "quantifier",
            "Some residents opposed it.",
            "A few residents objected.",
            ("All residents opposed it.", "not_entailment"),
        ),
        (
            "moved",
            "The north ward holds 40 beds.",
            "There are 40 beds in the north wing and 65 in the south wing.",
            ("The north ward holds 65 beds.", "not_entailment"),
        ),
    ],
)
def test_each_kind_makes_its_edit(kind: str, claim: str, premise: str, expected: tuple[str, str]) -> None:
    assert expected in edits(kind, claim, premise)


@needs_wordnet
@pytest.mark.parametrize(
    ("kind", "claim", "premise", "expected"),
    [
        (
            "antonym",
            "The library is open on Sundays.",
            "Sunday hours: noon to five.",
            ("The library is closed on Sundays.", "contradiction"),
        ),
        (
            "passive",
            "The hawk chased the rabbit.",
            "A rabbit fled a hawk.",
            ("The rabbit was chased by the hawk.", "entailment"),
        ),
        (
            "passive",
            "The hawk chased the rabbit.",
            "A rabbit fled a hawk.",
            ("The hawk was chased by the rabbit.", "contradiction"),
        ),
        ("passive", "A man is walking a dog.", "A dog on a lead.", ("A dog is being walked by a man.", "entailment")),
        ("hedge", "The drug may reduce pain.", "It may ease pain.", ("The drug will reduce pain.", "not_entailment")),
        (
            "hedge",
            "The terminal will close soon.",
            "The terminal will close.",
            ("The terminal closed soon.", "not_entailment"),
        ),
    ],
)
def test_wordnet_kinds_make_their_edit(kind: str, claim: str, premise: str, expected: tuple[str, str]) -> None:
    assert expected in edits(kind, claim, premise)


@needs_wordnet
@pytest.mark.parametrize(
    ("kind", "claim", "premise"),
    [
        ("antonym", "The patient was alive on arrival.", "Alive, not dead."),  # the antonym is in the premise
        ("antonym", "The patient waited.", "Someone waited."),  # "patient" is a noun here, not "impatient"'s
        ("passive", "The team won the final.", "They won."),  # "won" is irregular: its participle is not its past
        ("hedge", "The drug may reduce pain.", "The drug reduces pain."),  # the premise makes no hedge
        ("roles", "The tenant is the landlord's son.", "Family."),  # a copula: no parties trade places
    ],
)
def test_what_a_kind_must_not_edit_is_left(kind: str, claim: str, premise: str) -> None:
    assert not edits(kind, claim, premise)


def test_only_reworded_entailed_claims_are_edited() -> None:
    rows = [
        {
            "premise": "The shop is open on Sundays.",
            "hypothesis": "The shop is open on Sundays.",
            "label": "entailment",
            "origin": "snli",
        },
        {
            "premise": "The shop opens every Sunday.",
            "hypothesis": "The shop is open on Sundays.",
            "label": "entailment",
            "origin": "snli",
        },
        {
            "premise": "The shop opens every Sunday.",
            "hypothesis": "The shop is shut.",
            "label": "contradiction",
            "origin": "snli",
        },
    ]
    assert reworded_claims(rows) == [("The shop opens every Sunday.", "The shop is open on Sundays.", "snli")]


def test_every_edited_claim_stands_beside_its_reworded_twin() -> None:
    rows = [
        {"premise": p, "hypothesis": h, "label": "entailment", "origin": "mnli"}
        for p, h in [
            ("Rent goes from the tenant to the landlord.", "The tenant pays the landlord monthly."),
            ("Only a few residents were against it.", "Some residents opposed the plan."),
            ("The shop opens every Sunday.", "The shop is open on Sundays."),
        ]
    ]
    made = pairs(rows, "train", per_kind=5, seed=0, kinds={k: KINDS[k] for k in ("roles", "quantifier", "negation")})
    by_page: dict[str, list[dict]] = {}
    for row in made:
        by_page.setdefault(row["page"], []).append(row)
    assert len(by_page) == 3
    for group in by_page.values():
        twins = [row for row in group if row["label"] == "entailment"]
        assert len(twins) == 1 and len({row["premise"] for row in group}) == 1
        assert all(row["hypothesis"] != twins[0]["hypothesis"] for row in group if row["label"] != "entailment")


def test_a_padded_premise_holds_its_own_sentence_and_no_filler_that_bears_on_the_claim() -> None:
    fillers = ["The rain fell all night.", "A shop sells bread on Sundays.", "Engineers tested the bridge."]
    rng = random.Random(3)
    for _ in range(20):
        padded = in_passage("The shop opens every Sunday.", "The shop is open on Sundays.", fillers, rng)
        assert "The shop opens every Sunday." in padded
        assert "sells bread" not in padded  # shares "shop" and "sundays" with the claim


def test_passage_claims_are_edited_first_and_padding_keeps_both_twins_on_one_premise() -> None:
    short = [
        {
            "premise": f"The tenant pays the landlord {n}.",
            "hypothesis": f"The tenant has paid the landlord rent {n}.",
            "label": "entailment",
            "origin": "mnli",
        }
        for n in ("monthly", "weekly", "yearly")
    ]
    passage = {
        "premise": "Records show it. " * 10 + "The council approved the budget.",
        "hypothesis": "The council has approved the spending plan.",
        "label": "entailment",
        "origin": "expertqa",
    }
    made = pairs([*short, passage], "train", per_kind=1, seed=0, kinds={"negation": KINDS["negation"]})
    assert {row["premise"] for row in made} == {passage["premise"]}
    made = pairs(
        short,
        "train",
        per_kind=3,
        seed=0,
        kinds={"negation": KINDS["negation"]},
        fillers=["Rivers flooded the valley."],
        context_share=1.0,
    )
    assert all("Rivers flooded the valley." in row["premise"] for row in made)
    for claim in short:
        group = [row for row in made if claim["premise"] in row["premise"]]
        assert len(group) == 2 and len({row["premise"] for row in group}) == 1
