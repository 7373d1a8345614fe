"""Copies and negations (validator/rules/quotes.py, the settle stage): only what a source asserts in
its own voice is a copy, and only its negation asserted so contradicts, through a Guard."""

from __future__ import annotations

from pathlib import Path

import pytest
from guardrails import Guard
from guardrails.errors import ValidationError
from helpers import check_answer, last_result, only, outcome, sentences_of
from hypothesis import given, settings
from hypothesis import strategies as st

from validator import ProvenanceNLI
from validator.context import read_in_context
from validator.rules.numbers import check_numbers
from validator.rules.opposites import opposes
from validator.rules.quotes import VerbatimHaystack, fold_case

NOT_ASSERTED = [
    "Myth: the tower was built in 1925.",
    'He falsely claimed: "The tower was built in 1925."',
    'The claim that "the tower was built in 1925" is false.',
    "The tower was built in 1925? No, it was built in 1889.",
    "The tower was built in 1925; this is a common error.",
    "Common errors: (a) the tower was built in 1925 (b) it is in Rome.",
    "Rumour: 'the tower was built in 1925'.",
    "The tower was built in 1925... is false.",
    "The tower was built in 1925. This is a common misconception.",
]


@pytest.mark.parametrize("source", NOT_ASSERTED)
def test_a_quoted_labelled_or_questioned_sentence_is_not_a_copy(source: str) -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    guard.validate("The tower was built in 1925.", metadata={"sources": [source]})
    sentence = only(last_result(guard))
    assert sentence["method"] != "verbatim" and sentence["confidence"] != 1.0


def test_a_negation_under_a_label_does_not_contradict() -> None:
    result = ProvenanceNLI(on_fail="noop").validate(
        "The museum is open on Mondays.", {"sources": ["Myth: the museum is not open on Mondays."]}
    )
    assert only(result)["method"] != "negation_check"


def test_an_asserted_sentence_is_still_a_copy() -> None:
    for source in ("The tower was built in 1889.", "History. The tower was built in 1889 [3]. It is tall."):
        result = ProvenanceNLI(on_fail="noop").validate("The tower was built in 1889.", {"sources": [source]})
        assert (only(result)["method"], result.outcome) == ("verbatim", "pass")


def test_a_copied_pronoun_sentence_keeps_its_own_antecedent() -> None:
    source = "The Eiffel Tower is in Paris. The Empire State Building is in New York. It was completed in 1931."
    result = ProvenanceNLI(on_fail="noop").validate(
        "The Eiffel Tower is in Paris. It was completed in 1931.", {"sources": [source]}
    )
    first, second = sentences_of(result)
    assert first["method"] == "verbatim" and second["method"] != "verbatim"
    assert result.outcome == "fail" and second["verdict"] != "supported"
    kept = ProvenanceNLI(on_fail="noop").validate(
        "The Empire State Building is in New York. It was completed in 1931.", {"sources": [source]}
    )
    assert [s["method"] for s in sentences_of(kept)] == ["verbatim", "verbatim"]


COPY = "The dam was finished in 1931."


@pytest.mark.parametrize(
    "source",
    [
        "Brochures often get the date wrong, i.e. the dam was finished in 1931.",
        "Misconceptions about the dam:\n1. The dam was finished in 1931.\n2. It was built by slaves.",
        "Legend. The dam was finished in 1931.",
        "The dam was finished in 1931. That story was later disproved.",
        "Some say the dam was finished in 1931, others in 1936. The dam was finished in 1931. Neither claim is true.",
    ],
    ids=["abbreviation", "heading-list", "label", "disproved", "neither"],
)
def test_verbatim_does_not_vouch_for_what_the_source_does_not_assert(source: str) -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    guard.validate(COPY, metadata={"sources": [source]})
    [sentence] = sentences_of(last_result(guard))
    assert sentence["method"] != "verbatim" and sentence["confidence"] != 1.0, sentence


def test_a_prefix_of_a_longer_source_sentence_is_not_a_copy() -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    guard.validate(
        "Smoking was banned in the E.U.",
        metadata={"sources": ["Smoking was banned in the E.U. parliament's canteens in 2004."]},
    )
    [sentence] = sentences_of(last_result(guard))
    assert sentence["method"] != "verbatim"


def test_a_whole_asserted_sentence_is_still_a_copy() -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    for source in (
        COPY,
        "History. The dam was finished in 1931 [3]. It is tall.",
        "Facts:\nThe dam is in Nevada.\n\nThe dam was finished in 1931.",
    ):
        assert outcome(guard.validate(COPY, metadata={"sources": [source]})).validation_passed
        assert sentences_of(last_result(guard))[0]["method"] == "verbatim", source


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The tenant is liable for repairs.", "The landlord, not the tenant, is liable for repairs."),
        ("The seller receives the refund.", "The buyer, not the seller, receives the refund."),
        ("Refunds go to the seller within 30 days.", "Refunds go to the buyer, not the seller, within 30 days."),
        ("The tenant pays for repairs.", "The landlord rather than the tenant pays for repairs."),
        ("The council maintains the park.", "The trust maintains the park instead of the council."),
        ("Staff travel by plane.", "Staff travel by train rather than by plane."),
        ("The buyer pays the stamp duty.", "The seller \u2014 not the buyer \u2014 pays the stamp duty."),
        ("The buyer pays the stamp duty.", "The seller (not the buyer) pays the stamp duty."),
        ("The buyer pays the stamp duty.", "The seller pays the stamp duty (not the buyer)."),
        ("The buyer pays the stamp duty.", "It is the seller, not the buyer, who pays the stamp duty."),
    ],
)
def test_what_a_source_excludes_outside_the_verb_is_contradicted(claim: str, source: str) -> None:
    """ "X, not Y", "X rather than Y", "X instead of Y": the negation is not on the verb, and the
    claim that says Y is opposed as a minimal pair would be."""
    with pytest.raises(ValidationError):
        Guard().use(ProvenanceNLI(on_fail="exception")).validate(claim, metadata={"sources": [source]})


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The landlord is liable for repairs.", "The landlord, not the tenant, is liable for repairs."),
        ("Staff travel by train.", "Staff travel by train rather than by plane."),
        ("The trust maintains the park.", "The trust maintains the park instead of the council."),
        ("The seller pays the stamp duty.", "The seller \u2014 not the buyer \u2014 pays the stamp duty."),
        ("The seller pays the stamp duty.", "It is the seller, not the buyer, who pays the stamp duty."),
    ],
)
def test_what_a_source_keeps_beside_what_it_excludes_passes(claim: str, source: str) -> None:
    assert ProvenanceNLI(on_fail="noop").validate(claim, {"sources": [source]}).outcome == "pass"


PARTIES = [
    ("the seller", "the buyer"),
    ("the landlord", "the tenant"),
    ("the visitors", "the hosts"),
    ("Acme", "Globex"),
]
PREDICATES = ["pays the stamp duty", "is liable for repairs", "scored the first goal", "owns the patent"]
SET_OFF = [
    "{kept}, not {other}, {rest}",
    "{kept} \u2014 not {other} \u2014 {rest}",
    "{kept} (not {other}) {rest}",
    "{kept} {rest} (not {other})",
    "It is {kept}, not {other}, who {rest}",
]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(PARTIES), st.sampled_from(PREDICATES), st.sampled_from(SET_OFF))
def test_a_party_set_off_as_excluded_in_any_punctuation_fails_and_the_kept_one_passes(
    parties: tuple[str, str], predicate: str, form: str
) -> None:
    """ "The seller, not the buyer, pays…" in commas, dashes, brackets before or after the clause,
    or put first ("It is the seller, not the buyer, who pays…"): the claim giving it to the
    excluded party is the source's minimal pair (the dashes, brackets and cleft passed)."""
    kept, other = parties
    source = form.format(kept=kept, other=other, rest=predicate) + "."
    source = source[0].upper() + source[1:]
    wrong = f"{other[0].upper()}{other[1:]} {predicate}."
    right = f"{kept[0].upper()}{kept[1:]} {predicate}."
    _, [sentence] = check_answer(wrong, [source])
    assert sentence["verdict"] == "contradicted" and sentence["method"] == "negation_check", (source, sentence)
    assert check_answer(right, [source])[1][0]["method"] != "negation_check"


# Copies trusted past their guards.


@pytest.mark.parametrize("odd", ["Johann Strauß", "İzmir's mayor", "the ﬁrst engineer"])
def test_a_character_that_folds_to_two_does_not_switch_the_guards_off(odd: str) -> None:
    source = f"{odd} says that is wrong, i.e. the canal was opened in 1894."
    assert VerbatimHaystack.of(source).find_sentence("The canal was opened in 1894.") is None
    _, [sentence] = check_answer("The canal was opened in 1894.", [source])
    assert sentence["method"] != "verbatim"


@given(st.text(alphabet="aßİﬁﬀǰΐ Z.", max_size=30))
def test_folding_keeps_every_offset(text: str) -> None:
    assert len(fold_case(text)) == len(text)


TAKE_BACKS = [
    "Historians have since rejected this.",
    "This has been shown to be false.",
    "No evidence supports that account.",
    "Scholars now regard the story as a legend.",
    "That figure turned out to be wrong.",
]


@pytest.mark.parametrize("take_back", TAKE_BACKS)
def test_a_take_back_in_any_words_is_not_a_copy_and_cannot_support(take_back: str) -> None:
    source = f"The lighthouse was first lit in 1872. {take_back}"
    passed, [sentence] = check_answer("The lighthouse was first lit in 1872.", [source])
    assert sentence["method"] != "verbatim" and sentence["verdict"] != "supported"
    assert not passed


REPORTED_AND_DENIED = [
    "For decades it was claimed that {clause} Archival research has since disproved this.",
    "Many visitors still believe that {clause} That story is a legend.",
    "It is a popular myth that {clause}",
    "Guidebooks once said that {clause} The claim turned out to be wrong.",
]


@pytest.mark.parametrize("frame", REPORTED_AND_DENIED)
def test_a_clause_the_source_reports_only_to_deny_it_cannot_support(frame: str) -> None:
    clause = "the lighthouse keeper lived on the island with his family."
    source = "The lighthouse stands on a rocky island. " + frame.format(clause=clause)
    passed, [sentence] = check_answer("The lighthouse keeper lived on the island with his family.", [source])
    assert sentence["verdict"] != "supported", sentence
    assert not passed


@pytest.mark.parametrize(
    "source",
    [
        "Villagers long said that the old mill burned down in the great fire. Parish records confirm it.",
        "Despite false rumours, the parish records confirmed that the old mill burned down in the great fire.",
    ],
)
def test_a_clause_reported_and_then_confirmed_may_still_support(source: str) -> None:
    _, [sentence] = check_answer("The old mill burned down in the great fire.", [source])
    assert sentence["method"] != "framing_check", sentence


def test_a_statement_followed_by_news_about_a_thing_is_still_a_copy() -> None:
    source = "The council approved the new bridge in 1998. It was opened to traffic in 2003."
    assert VerbatimHaystack.of(source).find_sentence("The council approved the new bridge in 1998.") is not None


@pytest.mark.parametrize("marker", ["-", "*", "1.", "a)"])
@pytest.mark.parametrize("position", [0, 1, 2])
def test_every_item_of_a_list_framed_as_untrue_is_disowned(marker: str, position: int) -> None:
    items = ["Vaccines cause autism in children.", "Cold weather causes the flu.", "Antibiotics cure viral infections."]
    markers = [marker if not marker[0].isalnum() else f"{i + 1}{marker[1:]}" for i in range(len(items))]
    source = "Common myths about health:\n" + "\n".join(f"{m} {item}" for m, item in zip(markers, items, strict=True))
    haystack = VerbatimHaystack.of(source)
    assert haystack.find_sentence(items[position]) is None and haystack.disowns(items[position])
    passed, [sentence] = check_answer(items[position], [source])
    assert not passed and sentence["verdict"] != "supported"


def test_a_list_under_a_plain_heading_is_not_disowned() -> None:
    source = "Key facts:\n- The plant employs 400 people.\n- The plant opened in 1962."
    assert not VerbatimHaystack.of(source).disowns("The plant opened in 1962.")


def test_a_copy_with_a_described_subject_vouches_only_in_the_same_context() -> None:
    grounded = "Initech sells office printers. The company was founded in 1977."
    passed, sentences = check_answer("Vandelay imports latex. The company was founded in 1977.", [grounded])
    assert sentences[1]["method"] != "verbatim" and not passed
    same = check_answer("Initech sells office printers. The company was founded in 1977.", [grounded])[1]
    assert [s["method"] for s in same] == ["verbatim", "verbatim"]


def test_a_described_subject_is_never_rewritten_as_the_name_before() -> None:
    """ "The city library" is not the Eiffel Tower: its 1801 is never lent to the tower."""
    source = "The Eiffel Tower was completed in 1889. The city library was completed in 1801."
    assert read_in_context(source.split(". "))[1] == "The city library was completed in 1801."
    assert check_numbers("The Eiffel Tower was completed in 1801.", source) is not None


# Minimal pairs the deterministic layer is sure of.

OPPOSITES = [
    ("Gift cards can be returned.", "Gift cards can be exchanged but not returned."),
    ("The ferry runs on Sundays.", "The ferry no longer runs on Sundays."),
    ("The treaty was ratified.", "The treaty was never ratified."),
    ("The cafe serves alcohol.", "The cafe does not serve any alcohol."),
    ("Delays are uncommon on this route.", "Delays are common on this route."),
    ("The procedure is reversible.", "The procedure is irreversible."),
    ("The result was accurate.", "The result was inaccurate."),
    ("Pets are allowed in the cabins.", "No pets are allowed in the cabins."),
    ("Visitors may photograph the murals.", "Visitors may photograph the gardens but may not photograph the murals."),
    ("The clinic still offers walk-in appointments.", "The clinic no longer offers walk-in appointments."),
    ("The pool is open to members.", "The pool is open to guests, but not to members."),
    ("The museum is closed on Mondays.", "The museum is open on Mondays."),
    ("The home side lost the derby.", "The home side won the derby."),
    ("The minimum penalty is a written warning.", "The maximum penalty is a written warning."),
    ("The council rejected the plan in May.", "The council accepted the plan in May."),
    ("The eastern route is shorter than the coastal one.", "The eastern route is longer than the coastal one."),
    ("The agreement is non-binding.", "The agreement is binding."),
]


@pytest.mark.parametrize(("answer", "source"), OPPOSITES)
def test_a_minimal_pair_opposite_is_contradicted_by_the_rule(answer: str, source: str) -> None:
    passed, [sentence] = check_answer(answer, [f"Welcome aboard. {source} Tickets are sold online."])
    assert sentence["verdict"] == "contradicted" and sentence["method"] == "negation_check"
    assert not passed


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        ("The ferry runs on Sundays.", "The ferry does not run on Mondays but runs on Sundays."),
        ("Items can be refunded.", "Items that are not damaged can be refunded."),
        ("The treaty was ratified.", "Nobody denied that the treaty was ratified."),
        ("They form a group.", "They inform a group."),
        ("Visitors may take photos.", "Visitors may take photos but may not take videos."),
        ("The store opens on Sundays.", "The store does not open on holidays, yet it opens on Sundays."),
    ],
)
def test_what_is_not_a_minimal_pair_opposite_is_left_to_the_model(answer: str, source: str) -> None:
    assert not opposes(answer, source)


ADJECTIVES = st.sampled_from(["safe", "common", "usual", "fair", "known", "stable", "likely"])


VERBS = st.sampled_from(["bring", "park", "photograph", "feed", "keep"])
THINGS = st.sampled_from(["bicycles", "the boats", "tents", "the goats", "umbrellas"])


@given(VERBS, THINGS, THINGS, st.sampled_from(["but", "yet", "whereas"]))
def test_a_permission_the_source_grants_one_thing_and_denies_another_is_read_per_thing(
    verb: str, allowed: str, denied: str, contrast: str
) -> None:
    if allowed == denied:
        return
    source = f"Guests may {verb} {allowed} {contrast} may not {verb} {denied}."
    assert opposes(f"Guests may {verb} {denied}.", source)
    assert not opposes(f"Guests may {verb} {allowed}.", source)


@given(ADJECTIVES, st.sampled_from(["The road", "This method", "Such a delay"]), st.booleans())
def test_a_negating_prefix_always_opposes(adjective: str, subject: str, prefixed_in_claim: bool) -> None:
    plain, prefixed = f"{subject} is {adjective}.", f"{subject} is un{adjective}."
    claim, source = (prefixed, plain) if prefixed_in_claim else (plain, prefixed)
    assert opposes(claim, source) and not opposes(claim, claim)


_PAIRS = sorted(
    line.split("\t")
    for line in (Path(__file__).resolve().parents[1] / "validator/lexicon/antonyms.tsv").read_text().splitlines()
    if line and not line.startswith("#")
)


@settings(max_examples=40, deadline=None)
@given(
    pair=st.sampled_from(_PAIRS),
    flip=st.booleans(),
    frame=st.sampled_from(["The report calls the {} one the best.", "Officials said the outcome was {} this time."]),
)
def test_a_near_copy_with_one_word_made_its_wordnet_antonym_is_opposed(pair: list[str], flip: bool, frame: str) -> None:
    """Any antonym pair of the generated lexicon, in any frame: the one word changed decides."""
    word, other = pair[::-1] if flip else pair
    assert opposes(frame.format(word), frame.format(other))
    assert not opposes(frame.format(word), frame.format(word))


def test_the_antonym_lexicon_is_what_its_script_generates() -> None:
    """validator/lexicon/antonyms.tsv is data generated from WordNet, never edited by hand."""
    from training import wordnet

    if not wordnet.WORDNET_DIR.exists():
        pytest.skip("Debian's wordnet-base is not installed")
    import importlib.util

    script = Path(__file__).resolve().parents[1] / "scripts" / "build_lexicon.py"
    spec = importlib.util.spec_from_file_location("build_lexicon", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert sorted(module.pairs()) == [tuple(pair) for pair in _PAIRS]


# A near-copy decided by its diff: two phrases exchanged, a bound or range narrowed to one value,
# an alternative the source excludes in other words.

RIVALS = [("Spain", "Italy"), ("the borrower", "the lender"), ("Alice Moreno", "David Chen"), ("Acme", "Globex")]
ONE_WAY = [
    "{a} beat {b} in the final.",
    "{a} acquired {b} for $2 billion.",
    "The report was written by {a} and reviewed by {b}.",
    "The parcel was sent by {a} to {b} on Monday.",
    "{a} is older than {b}, the records show.",
    "In 2019, {a} sued {b} over the patent.",
]
BOTH_WAYS = [
    "{a} and {b} signed the treaty.",
    "{a} drew with {b} in the final.",
    "{a} is as large as {b}.",
    "The road runs between {a} and {b}.",
]


def _capitalised(text: str) -> str:
    return text[0].upper() + text[1:]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(RIVALS), st.sampled_from(ONE_WAY), st.booleans())
def test_a_near_copy_with_two_parties_exchanged_is_contradicted(rivals: tuple, frame: str, flip: bool) -> None:
    a, b = rivals[::-1] if flip else rivals
    source, claim = (_capitalised(frame.format(a=x, b=y)) for x, y in ((a, b), (b, a)))
    passed, [sentence] = check_answer(claim, [f"Records were kept. {source} Nothing else changed."])
    assert not passed and sentence["method"] == "negation_check", sentence
    assert "other way round" in sentence["note"]
    assert check_answer(source, [source])[1][0]["method"] == "verbatim"


@pytest.mark.parametrize("frame", BOTH_WAYS)
def test_parties_of_a_list_or_of_a_predicate_that_reads_both_ways_are_not_an_exchange(frame: str) -> None:
    source, claim = (_capitalised(frame.format(a=x, b=y)) for x, y in (("Acme", "Globex"), ("Globex", "Acme")))
    assert not opposes(claim, source)


def test_a_clause_moved_to_the_end_is_no_exchange() -> None:
    assert not opposes("He had bruising on his arms when he died.", "When he died he had bruising on his arms.")
    assert not opposes("Nominations are open for 2015 CNN Heroes.", "Nominations are open for CNN Heroes 2015.")


BOUNDS = ["up to", "at most", "at least", "more than", "no more than", "less than", "as many as", "over"]
MEASURES = [
    ("The battery lasts {} 12 hours.", "12"),
    ("The plant employs {} 400 workers.", "400"),
    ("Shipping takes {} five business days.", "five"),
    ("Adults may take {} 4 grams a day.", "4"),
]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(BOUNDS), st.sampled_from(MEASURES))
def test_a_bound_dropped_from_a_near_copy_is_contradicted(bound: str, measure: tuple[str, str]) -> None:
    frame, _ = measure
    source, claim = frame.format(bound), frame.format("").replace("  ", " ")
    passed, [sentence] = check_answer(claim, [source])
    assert not passed and "bound or a range" in (sentence["note"] or ""), sentence


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The usual dose is 20 mg a day.", "The usual dose is 10 to 20 mg a day."),
        ("The usual dose is 10 mg a day.", "The usual dose is 10 to 20 mg a day."),
        ("The plant employs 400 workers.", "The plant employs between 300 and 400 workers."),
        ("Fares rose by 7% this year.", "Fares rose by 5-7% this year."),
    ],
)
def test_a_range_narrowed_to_one_end_is_contradicted(claim: str, source: str) -> None:
    passed, [sentence] = check_answer(claim, [source])
    assert not passed and sentence["method"] == "negation_check", sentence


def test_a_near_copy_that_keeps_its_bound_or_range_passes() -> None:
    for text in ("The battery lasts up to 12 hours.", "The usual dose is 10 to 20 mg a day."):
        assert check_answer(text, [text])[0]


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The committee chose pine for the floors.", "The committee chose oak in place of pine for the floors."),
        ("Members may use the pool after 9 pm.", "Members may use the gym as opposed to the pool after 9 pm."),
        (
            "The archive keeps digital files for wills.",
            "The archive keeps paper records instead of digital files for wills.",
        ),
        ("The Leeds branch opens on Sundays.", "All branches open on Sundays except the Leeds branch."),
        ("The Hull office closes at noon.", "Every office closes at noon apart from the Hull office."),
        ("Leeds opens on Sundays.", "All branches except Leeds open on Sundays."),
    ],
)
def test_an_alternative_excluded_in_other_words_is_contradicted(claim: str, source: str) -> None:
    passed, [sentence] = check_answer(claim, [source])
    assert not passed and sentence["method"] == "negation_check", sentence
