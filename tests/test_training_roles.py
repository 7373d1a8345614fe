"""The roles-and-directions recipe's minimal pairs (training/roles.py): each kind's edit, and every
edited claim beside its unedited twin against the same premise."""

from __future__ import annotations

import random

import pytest

from training.roles import KINDS, claim_of, pairs


@pytest.mark.parametrize(
    ("kind", "claim", "premise", "edited"),
    [
        (
            "direction",
            "Sales rose after the merger.",
            "Sales rose after the merger.",
            {"Sales fell after the merger.", "Sales rose before the merger."},
        ),
        (
            "roles",
            "The tenant pays the landlord in advance.",
            "The tenant pays the landlord in advance.",
            {"The landlord pays the tenant in advance."},
        ),
        ("roles", "Mary Smith defeated John Jones in the final.", "", {"John Jones defeated Mary Smith in the final."}),
        ("hedge", "The drug may cause drowsiness.", "", {"The drug will cause drowsiness."}),
        ("quantifier", "Some patients reported headaches.", "", {"All patients reported headaches."}),
        (
            "moved",
            "The north wing has 40 beds.",
            "The north wing has 40 beds. The south wing has 65 beds.",
            {"The north wing has 65 beds."},
        ),
    ],
)
def test_each_kind_makes_one_edit(kind: str, claim: str, premise: str, edited: set[str]) -> None:
    edit, _ = KINDS[kind]
    assert edit(claim, premise, random.Random(0)) in edited


@pytest.mark.parametrize(
    ("kind", "claim"),
    [
        ("roles", "The tenant is the landlord's son."),  # a copula: no parties trade places
        ("hedge", "The drug could cause drowsiness."),  # "could" is also the past of "can"
        ("moved", "The wing has 40 beds."),  # no other number in its premise
    ],
)
def test_what_a_kind_cannot_edit_is_left(kind: str, claim: str) -> None:
    edit, _ = KINDS[kind]
    assert edit(claim, claim, random.Random(0)) is None


def test_every_edited_claim_comes_with_its_twin_entailed_by_the_same_premise() -> None:
    premises = [
        "Profits rose in 2023. Some analysts expected more. The board may raise the dividend.",
        "The buyer pays the seller on completion. The deposit is 10 percent of the price.",
    ]
    rows = pairs(premises, "train", per_kind=10, seed=1)
    assert rows and len(rows) % 2 == 0
    for edited, twin in zip(rows[::2], rows[1::2], strict=True):
        assert twin["label"] == "entailment" and edited["label"] != "entailment"
        assert edited["premise"] == twin["premise"] and edited["hypothesis"] != twin["hypothesis"]
        assert twin["hypothesis"].rstrip(".") in twin["premise"]


def test_a_claim_is_the_first_clause_of_a_sentence() -> None:
    assert claim_of("Profits rose in 2023, helped by exports.") == "Profits rose in 2023."
    assert claim_of("Yes.") is None
