"""Typography folded once, before any rule or the model reads a text (validator.text): curly
apostrophes and quotes, dashes, odd spaces, fullwidth forms, invisible characters and Cyrillic or
Greek look-alike letters inside a Latin word hide no word,
and the answer the user wrote keeps its characters and offsets."""

from __future__ import annotations

import re

from guardrails import Guard
from guardrails.errors import ValidationError
from hypothesis import example, given, settings
from hypothesis import strategies as st

from validator import ProvenanceNLI
from validator.text import FOLDS, HIDING, INVISIBLE, LOOKALIKES, fold_typography

APOSTROPHES = [c for c, plain in FOLDS.items() if plain == "'"] + ["`", "\uff40"]  # a grave accent, as typed
NEGATIONS = [
    ("The insurance covers flood damage.", "The insurance doesn{q}t cover flood damage."),
    ("The ferry returned to port.", "The ferry didn{q}t return to port."),
    ("Visitors need a permit.", "Visitors don{q}t need a permit."),
    ("The office is open on Sundays.", "The office isn{q}t open on Sundays."),
    ("Guests can bring food.", "Guests can bring water but can{q}t bring food."),
    ("The tenant was informed of the change.", "The tenant wasn{q}t informed of the change."),
]


def _fails(text: str, source: str) -> bool:
    guard = Guard().use(ProvenanceNLI(on_fail="exception"))
    try:
        guard.validate(text, metadata={"sources": [source]})
    except ValidationError:
        return True
    return False


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(NEGATIONS), st.sampled_from(APOSTROPHES))
@example(NEGATIONS[3], "`")
def test_a_negation_written_with_any_apostrophe_fails_its_opposite(case: tuple[str, str], quote: str) -> None:
    claim, source = case
    assert _fails(claim, source.format(q=quote))


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(INVISIBLE), st.sampled_from(["does n{i}ot leave", "n{i}ever leaves", "is dis{i}allowed"]))
def test_an_invisible_character_inside_a_negation_hides_nothing(invisible: str, negation: str) -> None:
    source = f"The ferry {negation.format(i=invisible)} on Sundays."
    claim = "The ferry is allowed on Sundays." if "dis" in negation else "The ferry leaves on Sundays."
    assert _fails(claim, source)


def test_fullwidth_digits_and_typographic_minus_read_as_plain_ones() -> None:
    assert fold_typography("\uff11\uff18\uff18\uff19 \u2212 5\u00a0\u2013 \u201cok\u201d") == '1889 - 5 - "ok"'
    assert _fails("The tower was completed in 1925.", "The tower was completed in \uff11\uff18\uff18\uff19.")


@given(st.text())
def test_folding_leaves_no_character_a_reader_cannot_see_or_encode(text: str) -> None:
    folded = fold_typography(text)
    assert not set(folded) & (set(INVISIBLE) | set(FOLDS))
    folded.encode("utf-8")  # a lone surrogate is the replacement character


def test_ascii_text_needs_no_folding_so_it_is_returned_as_it_is() -> None:
    # fold_typography's fast path: every character it folds is outside ASCII, bar a grave
    # accent between letters, and code in backticks is left as written
    assert all(not character.isascii() for character in [*FOLDS, *INVISIBLE])
    assert fold_typography("Run `make test`, it can`t fail.") == "Run `make test`, it can't fail."


def test_the_fix_keeps_the_users_own_characters() -> None:
    answer = "The tower\u2019s lift opened in 1889. It\u2019s 500 metres tall."
    guard = Guard().use(ProvenanceNLI(on_fail="fix"))
    outcome = guard.validate(answer, metadata={"sources": ["The tower's lift opened in 1889. It is 330 metres tall."]})
    assert outcome.validated_output == "The tower\u2019s lift opened in 1889."


def test_a_sentence_copied_with_plain_quotes_from_curly_ones_is_a_copy() -> None:
    source = "The museum\u2019s \u201cnight hours\u201d begin in May."
    outcome = ProvenanceNLI(on_fail="noop").validate('The museum\'s "night hours" begin in May.', {"sources": [source]})
    sentences = outcome.metadata["provenance_nli"]["sentences"]  # type: ignore[index]
    assert outcome.outcome == "pass" and sentences[0]["method"] == "verbatim"


LOOKALIKE_NEGATIONS = ["is n{}t open", "d{}es not open", "is never {}pen", "d{}esn't open"]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(LOOKALIKE_NEGATIONS), st.sampled_from([c for c, plain in LOOKALIKES.items() if plain == "o"]))
def test_a_cyrillic_or_greek_letter_inside_a_word_hides_no_negation(negation: str, letter: str) -> None:
    source = f"The office {negation.format(letter)} on Sundays."
    assert _fails("The office opens on Sundays.", source)
    assert _fails(f"The office {negation.format(letter)} on Sundays.", "The office opens on Sundays.")


@given(st.text())
def test_a_word_with_a_latin_letter_keeps_no_lookalike_and_offsets_stay(text: str) -> None:
    folded = fold_typography(text)
    mixed = [w for w in re.findall(r"[^\W\d_]+", folded) if re.search("[A-Za-z]", w)]
    assert not any(set(word) & set(LOOKALIKES) for word in mixed)


def test_a_word_wholly_in_cyrillic_or_greek_is_left_as_written() -> None:
    assert fold_typography("Москва, Αθήνα and Paris") == "Москва, Αθήνα and Paris"
    assert fold_typography("\u0420aris n\u043et") == "Paris not"


HIDERS = ["\u202e", "\u202d", "\u202a", "\u2066", "\u2067", "\u2068", "\u200f", "\u061c", "\U000e0041", "\U000e007f"]
DOSES = "Give 5.0 mg twice a day with food. Store the tablets below 25 degrees."


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(HIDERS),
    st.integers(0, 34),
    st.sampled_from([{"uncertain": "flag"}, {"fail_on": "contradicted"}, {"fail_on": "unsupported"}, {}]),
)
def test_a_sentence_holding_a_character_that_reorders_or_hides_text_never_passes(
    hider: str, place: int, options: dict
) -> None:
    """ "Give \u202e5.0\u202c mg" displays as "Give 0.5 mg": folded away, it read as a copy of the
    source. A reordering or tag character anywhere in a copied sentence fails it, unchecked, under
    every policy, with a note naming it; the fix never writes it."""
    copied = DOSES.split(". ")[0] + "."
    answer = copied[:place] + hider + copied[place:]
    result = ProvenanceNLI(on_fail="fix", **options).validate(answer, {"sources": [DOSES]})
    assert result.outcome == "fail", options
    [sentence] = result.metadata["provenance_nli"]["sentences"]  # type: ignore[index]
    assert sentence["method"] == "none" and f"U+{ord(hider):04X}" in sentence["note"]
    assert not HIDING.search(result.fix_value)  # type: ignore[attr-defined]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 120), st.sampled_from([*INVISIBLE, *HIDERS])), min_size=1, max_size=4))
def test_a_fix_never_writes_a_character_no_reader_sees(marks: list[tuple[int, str]]) -> None:
    text = "Give 5.0 mg twice a day with food. It cures every illness. Store the tablets below 25 degrees."
    for position, mark in sorted(marks, reverse=True):
        text = text[:position] + mark + text[position:]
    result = ProvenanceNLI(on_fail="fix").validate(text, {"sources": [DOSES]})
    assert result.outcome == "fail"
    fixed = result.fix_value  # type: ignore[attr-defined]
    assert not set(fixed) & (set(INVISIBLE) | set(HIDERS)), repr(fixed)
    assert "cures" not in fixed
