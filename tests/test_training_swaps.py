"""The swap recipe's edits (training/swaps.py) make the pairs their docstring promises: a name
given another's slot, never a symmetric exchange that would still be entailed."""

from __future__ import annotations

import random

import pytest

from training.pairs import Pair
from training.swaps import (
    PageSentences,
    clean,
    exchange,
    exchange_numbers,
    exchange_numbers_between,
    exchange_parallel,
    make_pairs,
    names,
    replace_name,
)

ROLES = "Bob Jones is the chief financial officer of Acme Corp, and Alice Smith is its chief executive."


def test_names_skip_sentence_openers_and_numbers() -> None:
    assert [n.text for n in names("In 1969 Neil Armstrong was the commander, as of March 22.")] == [
        "Neil Armstrong",
        "March",
    ]
    assert [n.text for n in names("As of March the Wedding Ringer grossed more.")] == ["March", "Wedding Ringer"]


def test_exchange_gives_one_clause_the_other_name() -> None:
    assert exchange(ROLES, random.Random(0)) == "Alice Smith is the chief financial officer of Acme Corp."
    curies = "Marie Curie was born in Warsaw in 1867 and Pierre Curie was born in Paris."
    assert {exchange(curies, random.Random(seed)) for seed in range(10)} == {
        "Pierre Curie was born in Warsaw in 1867 and Marie Curie was born in Paris.",
        "Marie Curie was born in Paris in 1867 and Pierre Curie was born in Warsaw.",
    }


@pytest.mark.parametrize(
    "sentence",
    [
        "Former GM brands include McLaughlin , Oakland , Oldsmobile , Pontiac , and Opel .",
        "The war between France and Germany ended.",
        "Lennon and McCartney wrote it.",
    ],
    ids=["list", "between", "and"],
)
def test_symmetric_pairs_are_never_exchanged(sentence: str) -> None:
    assert exchange(sentence, random.Random(0)) is None


def test_numbers_and_parallel_words_trade_places() -> None:
    assert exchange_numbers("It sold 40 copies in 1990 and 75 copies in 1991.", random.Random(1)) in (
        "It sold 75 copies in 1990 and 40 copies in 1991.",
        "It sold 40 copies in 1991 and 75 copies in 1990.",
    )
    parallel = "Aspirin is generally safe for adults but can be dangerous for children."
    assert (
        exchange_parallel(parallel, random.Random(0))
        == "Aspirin is generally safe for children but can be dangerous for adults."
    )


def test_a_replaced_name_is_one_the_sentence_lacks_and_of_its_shape() -> None:
    pool = ["Warsaw", "Paris", "New York"]
    replaced = {replace_name("Pierre Curie was born in Paris.", pool, random.Random(seed)) for seed in range(10)}
    assert replaced == {"Pierre Curie was born in Warsaw.", "New York was born in Paris."}


def test_a_premise_never_holds_a_revision_of_its_sentence() -> None:
    sentences = [
        "The film grossed $ 64 million in North America .",
        "The film grossed $ 70 million in North America .",  # a revision: the same words, another number
        "It was directed by Jeremy Garelick .",
    ]
    pairs = [Pair(f"Film: {s}", "claim", "entailment", "Film") for s in sentences]
    pages = PageSentences(pairs, random.Random(0))
    prose = [clean(s) for s in sentences]  # the pages hold their sentences as prose
    for _ in range(20):
        premise, others = pages.premise("Film", [prose[0]], 1000)
        assert prose[1] not in premise and others == [prose[2]]


def test_the_pairs_are_prose() -> None:
    assert clean("Balibo -LRB-film-RRB- follows Roger East , played by Anthony LaPaglia .") == (
        "Balibo (film) follows Roger East, played by Anthony LaPaglia."
    )
    assert clean("The NBA 's Brooklyn Nets ca n't win .") == "The NBA's Brooklyn Nets can't win."


def test_a_claim_with_another_clause_s_number_is_the_claim_unchanged_but_that_number() -> None:
    sentence = "It sold 40 copies in 1990, and 75 copies in 1991."
    assert exchange_numbers_between("It sold 40 copies in 1990.", sentence, random.Random(0)) in (
        "It sold 75 copies in 1990.",
        "It sold 40 copies in 1991.",
    )


def test_every_edited_claim_has_its_unedited_twin_against_the_same_premise() -> None:
    """An edited claim ("Alice Smith is the CFO") comes with the claim as stated, entailed, against
    the same premise: the one slot that changed is all that tells the two labels apart."""
    sentences = [
        "Bob Jones is the chief financial officer of Acme, and Alice Smith is its chief executive.",
        "Acme was founded in Paris in 1990 by Carl Weber.",
        "Its largest office is in Berlin, where Dana Brown leads the research group.",
    ]
    elsewhere = ["Frank Miller was born in Madrid in 1957.", "Grace Hall wrote the novel in Vienna."]
    pairs = [Pair(f"Acme: {s}", "claim", "entailment", "Acme") for s in sentences]
    pages = PageSentences(
        pairs + [Pair(f"Other: {s}", "claim", "entailment", "Other") for s in elsewhere], random.Random(0)
    )
    made = make_pairs(pages, per_kind=20)
    for kind in ("bound", "moved", "elsewhere"):
        rows = [p for p in made if p.origin == kind]
        assert rows, kind
        for twin, edited in zip(rows[::2], rows[1::2], strict=True):
            assert (twin.label, edited.label) == ("entailment", "not_entailment")
            assert twin.premise == edited.premise and twin.hypothesis != edited.hypothesis
            assert twin.hypothesis[:-1] in twin.premise
    assert "Alice Smith is the chief financial officer of Acme." in {p.hypothesis for p in made if p.origin == "bound"}
