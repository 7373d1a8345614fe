"""The offline splitters (pysbd for answers, Punkt for sources): real sentence boundaries, exact
offsets, and source chunking."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from guardrails import Guard
from helpers import last_result, outcome, sentences_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from validator import ProvenanceNLI
from validator.splitting import MAX_BLOCK_CHARS, Span, chunk_text, split_sentences, split_source_sentences

Splitter = Callable[[str], list[Span]]
SPLITTERS = pytest.mark.parametrize("split", [split_sentences, split_source_sentences], ids=["answer", "source"])


def texts(text: str, split: Splitter = split_sentences) -> list[str]:
    spans = split(text)
    for span in spans:
        assert text[span.start : span.end] == span.text
    return [span.text for span in spans]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Dr. Smith paid $3.50 for the U.S. edition on Jan. 5, 2020. It was e.g. cheap!",
            ["Dr. Smith paid $3.50 for the U.S. edition on Jan. 5, 2020.", "It was e.g. cheap!"],
        ),
        (
            "Was it? Yes.  The item (see Fig. 2) costs 4.5 million dollars.",
            ["Was it?", "Yes.", "The item (see Fig. 2) costs 4.5 million dollars."],
        ),
        ('Mr. Li said "hello." Then he left.', ['Mr. Li said "hello."', "Then he left."]),
        (
            "Emoji 🗼 work. 東京は日本の首都です。 Ünïcödé too.",
            ["Emoji 🗼 work.", "東京は日本の首都です。", "Ünïcödé too."],
        ),
        ("no final punctuation", ["no final punctuation"]),
        (
            "The film collected Rs. 250 crore. It cost Rp. 5000 a day.",
            ["The film collected Rs. 250 crore.", "It cost Rp. 5000 a day."],
        ),
    ],
    ids=["abbreviations", "questions-figures", "quotes", "mixed-scripts", "fragment", "currency-abbreviations"],
)
@SPLITTERS
def test_sentences_and_offsets(text: str, expected: list[str], split: Splitter) -> None:
    assert texts(text, split) == expected


@SPLITTERS
def test_hard_wrapped_lines_are_one_sentence_but_blank_lines_and_lists_break(split: Splitter) -> None:
    text = "The licence is\n   perpetual and\n   worldwide.\n\nIntro:\n- first item\n- second item."
    assert texts(text, split) == [
        "The licence is\n   perpetual and\n   worldwide.",
        "Intro:",
        "- first item",
        "- second item.",
    ]


@SPLITTERS
def test_empty_and_whitespace_give_no_sentences(split: Splitter) -> None:
    assert split("") == [] and split(" \n\t ") == []


@SPLITTERS
def test_long_paragraphs_are_split_in_blocks_without_losing_sentences(split: Splitter) -> None:
    sentence = "The cat sat on the mat for 4.5 hours. "
    text = sentence * (3 * MAX_BLOCK_CHARS // len(sentence))
    result = texts(text, split)
    assert len(result) == text.count("hours.")
    assert set(result) == {sentence.strip()}


def test_a_source_without_punctuation_is_cut_into_block_sized_pieces() -> None:
    """A megabyte with no sentence end must not become one chunk the model reads in windows."""
    text = "word " * 200_000
    pieces = texts(text, split_source_sentences)
    assert max(map(len, pieces)) <= MAX_BLOCK_CHARS and " ".join(pieces) == text.strip()


@pytest.mark.parametrize(
    ("strategy", "size", "overlap", "expected"),
    [
        ("word", 3, 1, ["a b c", "c d e", "e f g"]),
        ("char", 5, 2, ["a b c", " c d ", "d e f", " f g"]),
        ("sentence", 2, 1, None),
        ("full", 1, 0, ["a b c d e f g"]),
    ],
)
def test_chunk_strategies(strategy: str, size: int, overlap: int, expected: list[str] | None) -> None:
    if expected is None:
        text = "One. Two. Three."
        assert [c.text for c in chunk_text(text, "sentence", size, overlap)] == ["One. Two.", "Two. Three."]
        return
    text = "a b c d e f g"
    chunks = chunk_text(text, strategy, size, overlap)  # type: ignore[arg-type]
    assert [c.text for c in chunks] == expected
    assert all(text[c.start : c.end] == c.text for c in chunks)


def test_token_chunks_use_the_given_tokenizer_and_keep_source_spacing() -> None:
    text = "alpha  beta gamma delta"
    words = [(0, 5), (7, 11), (12, 17), (18, 23)]
    chunks = chunk_text(text, "token", 2, 0, tokenize=lambda _: words)
    assert [c.text for c in chunks] == ["alpha  beta", "gamma delta"]


def test_bad_chunk_arguments_are_rejected() -> None:
    with pytest.raises(ValueError, match="chunk_strategy must be one of"):
        chunk_text("x", "paragraph")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="chunk_overlap < chunk_size"):
        chunk_text("x", "word", 2, 2)


@SPLITTERS
def test_threads_splitting_at_once_get_what_one_thread_gets(split: Splitter) -> None:
    """pysbd keeps the text it works on in the Segmenter: one shared by threads (a Guard checking
    several fields of a structured output at once) merged sentences and mixed up spans."""
    from concurrent.futures import ThreadPoolExecutor

    texts = [f"Sentence number {i} is here. It has a second part {i}. And a third one {i}!" for i in range(300)]
    expected = [split(text) for text in texts]
    with ThreadPoolExecutor(8) as pool:
        assert list(pool.map(split, texts)) == expected


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        (
            "Pass --dry-run first. It prints the plan. Then --apply writes it.",
            ["Pass --dry-run first.", "It prints the plan.", "Then --apply writes it."],
        ),
        (
            "Set -v for more output. The --quiet flag hides warnings. Both work with --config.",
            ["Set -v for more output.", "The --quiet flag hides warnings.", "Both work with --config."],
        ),
        (
            "The shop opens at nine.Parking is free.Staff can help you.",
            ["The shop opens at nine.", "Parking is free.", "Staff can help you."],
        ),
        ("Release notes are below.Version 3 adds search.", ["Release notes are below.", "Version 3 adds search."]),
        ("The clinic moved.Dr. Okafor now works in Leeds.", ["The clinic moved.", "Dr. Okafor now works in Leeds."]),
        ("The clinic opened in 2001.It has 12 doctors.", ["The clinic opened in 2001.", "It has 12 doctors."]),
        ("Pi is about 3.14.It never ends.", ["Pi is about 3.14.", "It never ends."]),
        # not sentence ends: file names, versions, abbreviations, a library's name
        ("Edit the .env file first. It holds the keys.", ["Edit the .env file first.", "It holds the keys."]),
        ("Upgrade to v2.0.1 today. Node.js 20 is required.", ["Upgrade to v2.0.1 today.", "Node.js 20 is required."]),
        ("The U.S.Army base closed in 1995.", ["The U.S.Army base closed in 1995."]),
        ("See section 4.2.Then run it.", ["See section 4.2.Then run it."]),
    ],
)
def test_sentences_are_cut_after_an_option_and_where_no_space_follows_the_stop(text: str, sentences: list[str]) -> None:
    spans = split_sentences(text)
    assert [s.text for s in spans] == sentences
    assert all(text[s.start : s.end] == s.text for s in spans)


# fix keeps the answer's own bytes; streaming checks the last sentence.

DOTTED = st.sampled_from([".env", ".gitignore", ".NET", "v2.0.1", "example.com", "node.js", "a.b.c", ".bashrc"])
WORD = st.sampled_from(["Open", "the", "file", "and", "set", "DEBUG", "then", "restart", "it"])


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.one_of(WORD, DOTTED), min_size=2, max_size=8), min_size=1, max_size=4))
def test_no_sentence_starts_inside_a_dotted_token(sentences: list[list[str]]) -> None:
    answer = " ".join(" ".join(words) + "." for words in sentences)
    spans = split_sentences(answer)
    assert all(s.start == 0 or answer[s.start - 1].isspace() for s in spans), [s.text for s in spans]
    assert all(answer[s.start : s.end] == s.text for s in spans)


def test_fix_keeps_a_sentence_with_a_dotted_file_name_whole() -> None:
    text = "Copy the .npmrc file to your home folder. Then run the installer."
    guard = Guard().use(ProvenanceNLI(on_fail="fix"))
    result = outcome(guard.validate(text, metadata={"sources": [text]}))
    assert result.validated_output == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "The dose is approx. 5 mg daily. Take it with food.",
            ["The dose is approx. 5 mg daily.", "Take it with food."],
        ),
        (
            "The chapel was built ca. 1850 by the town. It still stands.",
            ["The chapel was built ca. 1850 by the town.", "It still stands."],
        ),
        ("See Fig. 3 for the layout. Flat No. 4 is let.", ["See Fig. 3 for the layout.", "Flat No. 4 is let."]),
        (
            "Aspirin thins the blood\nIt can cause bleeding\nTake it with food",
            ["Aspirin thins the blood", "It can cause bleeding", "Take it with food"],
        ),
        (
            "Media playback is not supported on this device\nThe Spaniard won on Sunday.",
            ["Media playback is not supported on this device", "The Spaniard won on Sunday."],
        ),
        (
            "This License applies to any program or other work which contains a\nNotice placed by the holder.",
            ["This License applies to any program or other work which contains a\nNotice placed by the holder."],
        ),
    ],
    ids=["approx", "circa", "fig-and-no", "unpunctuated-lines", "caption-line", "hard-wrap"],
)
@SPLITTERS
def test_abbreviations_before_an_amount_and_short_unpunctuated_lines(
    split: Splitter, text: str, expected: list[str]
) -> None:
    """An abbreviation before the amount it leads does not end a sentence; a short line with no
    final punctuation before a capital is a sentence of its own, a hard-wrapped long line is not."""
    assert texts(text, split) == expected


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["5 mg.", "3.5 pct.", "2 tbsp.", "3 hrs.", "10 min.", "5 lb.", "20 sq. ft.", "the cf."]),
    st.sampled_from(["twice a day", "in the first quarter", "of olive oil", "and costs 30 dollars", "before serving"]),
    st.sampled_from([split_sentences, split_source_sentences]),
)
def test_an_abbreviation_before_a_word_in_lower_case_ends_no_sentence(
    abbreviated: str, rest: str, split: Splitter
) -> None:
    """ "Take 5 mg. twice a day." is one sentence: a word of no vowel or a short unit after a
    number, then a stop, then a word in lower case, is an abbreviation inside a sentence (the
    splitters had made "twice a day." a sentence of its own, which the model then failed). The
    same abbreviation before a capital still ends one."""
    text = f"Take {abbreviated} {rest}. Keep it dry."
    assert texts(text, split) == [f"Take {abbreviated} {rest}.", "Keep it dry."]


def test_a_dose_written_with_an_abbreviation_is_checked_whole() -> None:
    """The Guard checks "Take 5 mg. twice a day with food." as one sentence, not "Take 5 mg."
    and a sentence that says only "twice a day with food"."""
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    answer = "Take 5 mg. twice a day with food."
    guard.validate(answer, metadata={"sources": ["Take 5 mg twice a day with food. Do not exceed the dose."]})
    assert [s["sentence"] for s in sentences_of(last_result(guard))] == [answer]


MARKED = [
    ("Aspirin reduces fever and thins the blood.", "Paracetamol does not thin the blood."),
    ("The lease runs for twelve months.", "The tenant pays for repairs."),
]


@pytest.mark.parametrize(
    "marker",
    ["{n}. ", "{n}) ", "({n}) ", "- ", "* ", "\u2022 "],
    ids=["dot", "paren", "both", "dash", "star", "bullet"],
)
def test_a_list_items_marker_never_changes_a_verdict(marker: str) -> None:
    """A numbered or bulleted answer is checked as the same sentences unnumbered: the marker is
    structure, not a claim (the model read "1." as part of the sentence and contradicted it)."""
    sources = [
        "Aspirin lowers fever. It also thins the blood. Paracetamol lowers fever but does not thin the blood.",
        "The lease lasts a year. The landlord pays for repairs.",
    ]
    for lines in MARKED:
        plain = ProvenanceNLI(on_fail="noop").validate("\n".join(lines), {"sources": sources})
        listed = "\n".join(marker.format(n=n) + line for n, line in enumerate(lines, start=1))
        marked = ProvenanceNLI(on_fail="noop").validate(listed, {"sources": sources})
        verdicts = [[s["verdict"] for s in r.metadata["provenance_nli"]["sentences"]] for r in (plain, marked)]  # type: ignore[index]
        assert verdicts[0] == verdicts[1], listed


CLOSERS = ["'", '"', "\u2019", "\u201d", ")", "]", "'\"", "\u201d)", " .", ". .", " '", " \u201d"]


@SPLITTERS
@settings(max_examples=80, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    words=st.lists(st.sampled_from(["the", "food", "Ms", "Steele", "said", "2015", "it"]), min_size=1, max_size=8),
    closer=st.sampled_from(CLOSERS),
    stop=st.sampled_from([".", "!", "?"]),
    more=st.booleans(),
)
def test_a_quote_mark_bracket_or_stop_after_a_sentence_ends_it_and_is_no_sentence(
    split: Splitter, words: list[str], closer: str, stop: str, more: bool
) -> None:
    """What a splitter cuts off after a stop without a letter or digit ("…good food.'", "…ended.
    .") ends the sentence before it; read alone, the model contradicted the lone quote mark of
    copies of real articles."""
    text = f"'I like it. {' '.join(words).capitalize()}{stop}{closer}" + (" Then he left." if more else "")
    assert all(any(ch.isalnum() for ch in sentence) for sentence in texts(text, split))


def test_a_copy_that_ends_inside_a_quotation_passes_whole() -> None:
    """A copy of a source's quotation, closing quote mark and all, is supported: no lone mark is
    left to be checked."""
    source = (
        "The chef opened her first restaurant in 2019. 'The only thing I wanted to do was to be involved with "
        "the food. Because I like my food - I like good food.' She now runs three kitchens."
    )
    answer = source[source.index("'") : source.index(" She")]
    result = Guard().use(ProvenanceNLI(on_fail="noop")).validate(answer, metadata={"sources": [source]})
    assert outcome(result).validation_passed
