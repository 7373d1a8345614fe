"""An HTML source is read as the text a reader sees (validator.sources.without_markup): a sentence
wrapped in a paragraph or a list item is a copy of the source, an item under a heading that calls it
untrue is disowned, and a changed value still fails, through a real Guard and the bundled model."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from validator import ProvenanceNLI
from validator.sources import without_markup

FACT = "The lighthouse keeper rescued forty sailors in 1871."
OTHER = "A plaque marks the spot where the ship ran aground."
WRAPPERS = {
    "p": lambda text: f"<p>{text}</p>",
    "li": lambda text: f"<ul><li>{text}</li></ul>",
    "div": lambda text: f'<div class="body">{text}</div>',
    "td": lambda text: f"<table><tr><td>{text}</td></tr></table>",
}


def _details(answer: str, source: str) -> dict:
    result = ProvenanceNLI(on_fail="noop").validate(answer, {"sources": [source]})
    return result.metadata["provenance_nli"]  # type: ignore[index,return-value]


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(sorted(WRAPPERS)))
def test_a_sentence_wrapped_in_markup_is_a_copy_of_the_source(wrapper: str) -> None:
    source = f"{WRAPPERS[wrapper](OTHER)}{WRAPPERS[wrapper](FACT)}{WRAPPERS[wrapper](OTHER)}"
    [sentence] = _details(FACT, source)["sentences"]
    assert sentence["verdict"] == "supported", sentence
    assert wrapper == "li" or sentence["method"] == "verbatim", sentence  # a list item is read by the model


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(sorted(WRAPPERS)), st.integers(min_value=1, max_value=6))
def test_a_sentence_under_a_plain_html_heading_is_supported(wrapper: str, level: int) -> None:
    source = f"<h{level}>History</h{level}>{WRAPPERS[wrapper](FACT)}{WRAPPERS[wrapper](OTHER)}"
    assert _details(FACT, source)["passed"]


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from(sorted(WRAPPERS)),
    st.integers(min_value=1, max_value=6),
    st.sampled_from(["Myths", "Common misconceptions", "Rumours", "Tall tales"]),
)
def test_an_item_under_an_html_heading_that_calls_it_untrue_fails(wrapper: str, level: int, heading: str) -> None:
    source = f"<h2>The harbour</h2><p>{OTHER}</p><h{level}>{heading}</h{level}>{WRAPPERS[wrapper](FACT)}"
    details = _details(FACT, source)
    assert not details["passed"], details["sentences"]


def test_a_changed_value_in_an_html_source_fails() -> None:
    source = f"<p>{FACT}</p>"
    assert not _details(FACT.replace("forty", "fifty"), source)["passed"]


@given(st.text(alphabet=st.sampled_from("ab <>=/5&;\n"), max_size=60))
def test_text_with_no_block_or_heading_tag_is_left_as_it_is(text: str) -> None:
    """Comparisons ("x < 5 and y > 3") and inline tags alone are no HTML document."""
    assert without_markup(text) == text
