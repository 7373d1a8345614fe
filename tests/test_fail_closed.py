"""Nothing unverified passes: the fail-open cases found by trying to break the guard, kept as
regression tests through the public API, and property-based tests that hunt for more."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from guardrails import Guard
from guardrails.errors import ValidationError
from helpers import (
    judge_answering,
    last_result,
    outcome,
    quotes_all_evidence,
    sentences_of,
    swapped_numbers,
)
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from safetensors.torch import save_file
from transformers import AutoModelForSequenceClassification

from validator import ProvenanceNLI
from validator.defaults import BUNDLED_MODEL_DIR
from validator.errors import InvalidInput
from validator.splitting import PYSBD_PLACEHOLDERS, Span, split_sentences, split_source_sentences
from validator.text import without_invisible

ROOT = Path(__file__).resolve().parents[1]
EIFFEL = ["The Eiffel Tower in Paris was completed in 1889."]
SYMPHONY = "Gustave Eiffel wrote a symphony in B♭ major in 1925."

# Text as a hostile user writes it: pysbd's own placeholder characters, emoji, RTL and
# zero-width marks, NUL and other controls, combining marks, odd whitespace, punctuation.
PIECES = st.one_of(
    st.sampled_from([*PYSBD_PLACEHOLDERS, "☝️", "&ᓴ&", "&✂&", "\u200f", "\u202e", "\u200b", "\x00", "\u0301"]),
    st.sampled_from([".", "!", "?", "…", " ", "\n", "\n\n", "\t", "\u2028", "\x85", '"', "“", "”", "Dr.", "3.5"]),
    st.characters(),
    st.sampled_from(["The tower", " is tall", " in 1889", " wrote", " Paris"]),
)
HOSTILE = st.lists(PIECES, max_size=40).map("".join)


def test_a_sentence_with_a_pysbd_placeholder_is_checked() -> None:
    with pytest.raises(ValidationError, match="not supported"):
        Guard().use(ProvenanceNLI(on_fail="exception")).validate(SYMPHONY, metadata={"sources": EIFFEL})


def test_a_placeholder_in_the_first_sentence_does_not_hide_the_answer() -> None:
    answer = f"The tower ∯ is in Paris. {SYMPHONY}"
    result = ProvenanceNLI(on_fail="noop").validate(answer, {"sources": EIFFEL})
    assert result.outcome == "fail"
    sentences = result.metadata["provenance_nli"]["sentences"]  # type: ignore[index]
    assert "".join(s["sentence"] for s in sentences).replace(" ", "") == answer.replace(" ", "")


@pytest.mark.slow
def test_the_cli_and_check_batch_fail_on_the_placeholder_sentence(tmp_path: Path) -> None:
    source = tmp_path / "eiffel.txt"
    source.write_text(EIFFEL[0], encoding="utf-8")
    check = subprocess.run(
        [sys.executable, "-m", "validator", "check", "--sources", str(source), "--text", "-"],
        input=SYMPHONY,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert check.returncode == 1, check.stdout + check.stderr
    items = tmp_path / "items.jsonl"
    items.write_text(json.dumps({"id": 1, "text": SYMPHONY, "sources": EIFFEL}) + "\n", encoding="utf-8")
    batch = subprocess.run(
        [sys.executable, "-m", "validator", "check-batch", "--input", str(items), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert json.loads(batch.stdout.splitlines()[0])["passed"] is False


@pytest.mark.parametrize("split", [split_sentences, split_source_sentences], ids=["answer", "source"])
@settings(max_examples=400, deadline=None)
@given(text=HOSTILE)
def test_sentences_cover_every_visible_character(split: Callable[[str], list[Span]], text: str) -> None:
    spans = split(text)
    covered = [False] * len(text)
    position = 0
    for span in spans:
        assert span.text == text[span.start : span.end]
        assert span.text and span.text == span.text.strip()
        assert span.start >= position  # in order, no overlap
        position = span.end
        covered[span.start : span.end] = [True] * (span.end - span.start)
    assert all(covered[i] or char.isspace() for i, char in enumerate(text))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(HOSTILE.filter(lambda text: text.strip() != ""))
def test_with_no_evidence_nothing_passes_and_fix_is_byte_exact(text: str) -> None:
    """No sources: every sentence must fail, so ``fix`` leaves whitespace only."""
    result = ProvenanceNLI(on_fail="fix").validate(text, {"sources": []})
    assert result.outcome == "fail"
    assert result.fix_value.strip() == ""  # type: ignore[attr-defined]


INVISIBLE = st.sampled_from(["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e", "\u202c"])
TOWER = ["The tower was completed in 1889. The tower was not completed in 1925."]


def _hide(text: str, marks: list[tuple[int, str]]) -> str:
    """``text`` with invisible characters inserted at the given positions (taken modulo its length)."""
    for position, mark in sorted(marks, reverse=True):
        cut = position % (len(text) + 1)
        text = text[:cut] + mark + text[cut:]
    return text


def test_a_zero_width_space_inside_not_does_not_hide_the_negation() -> None:
    """Found by trying: "n\u200bot" reads as "not" (the model's tokenizer drops the mark) but the
    negation check did not see it, so the claim passed as supported by the model."""
    result = ProvenanceNLI(on_fail="fix").validate("The tower was n\u200bot completed in 1889.", {"sources": TOWER})
    assert result.outcome == "fail" and result.fix_value == ""  # type: ignore[attr-defined]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["The tower was not completed in 1889.", "The tower was completed in 1925."]),
    st.lists(st.tuples(st.integers(0, 60), INVISIBLE), min_size=1, max_size=4),
)
def test_invisible_characters_never_make_a_negated_claim_pass(claim: str, marks: list[tuple[int, str]]) -> None:
    """What a reader sees is what is checked: invisible marks anywhere in a claim whose negation
    the source states never let it through."""
    result = ProvenanceNLI(on_fail="fix").validate(_hide(claim, marks), {"sources": TOWER})
    assert result.outcome == "fail" and result.fix_value == ""  # type: ignore[attr-defined]


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(HOSTILE.filter(lambda t: t.strip() != ""), st.booleans()), min_size=1, max_size=4))
@example([("\ud800", False)])  # a lone surrogate, found by hypothesis
def test_fix_keeps_exactly_the_supported_sentences(tiny_model_factory, parts: list[tuple[str, bool]]) -> None:
    """With a model that entails everything, a sentence passes exactly when it has evidence; the
    fix keeps those sentences' characters, in order, and no others (invisible ones dropped, and a
    sentence that leaned on a cut one cut with it), unless the kept text, checked again as a whole,
    reads otherwise: then what it returns is what passes that check ("" at worst), never more."""
    always_entails = tiny_model_factory({0: "entailment", 1: "neutral", 2: "contradiction"}, "entailment")
    text = " ".join(part for part, _ in parts)
    rejected = [part for part, keep in parts if not keep]

    def query_function(text: str, k: int) -> list[str]:
        return [] if any(text in part or part in text for part in rejected) else ["some evidence"]

    validator = ProvenanceNLI(model_name=always_entails, on_fail="fix")
    result = validator.validate(text, {"query_function": query_function})
    report = result.metadata["provenance_nli"]  # type: ignore[index]
    if report.get("error_type") == "NotUnicode":  # a lone surrogate: refused whole, nothing kept
        assert result.outcome == "fail" and result.fix_value == ""  # type: ignore[attr-defined]
        return
    sentences, leaning = report["sentences"], set(report.get("cut_with", []))  # cut with what they lean on
    kept = [s["sentence"] for i, s in enumerate(sentences) if s["verdict"] == "supported" and i not in leaning]
    fixed = text if result.outcome == "pass" else result.fix_value  # type: ignore[attr-defined]
    visible = without_invisible  # a fix drops what no reader sees
    if "".join(visible(fixed).split()) != "".join(visible("".join(kept)).split()):
        assert "".join(visible(fixed).split()) in "".join(visible("".join(kept)).split())
        again = validator.validate(fixed, {"query_function": query_function}) if fixed.strip() else None
        assert again is None or again.outcome == "pass", fixed


def _stream(text: str, size: int = 5):
    def llm(*, messages: list[dict], **kwargs: object):
        return iter([text[i : i + size] for i in range(0, len(text), size)])

    return llm


STREAMED = f"The Eiffel Tower in Paris was completed in 1889. {SYMPHONY}"


def _streamed(on_fail: str, answer: str) -> list:
    """Every chunk a Guard streams back for ``answer`` arriving from a fake LLM, 5 characters at a time."""
    guard = Guard().use(ProvenanceNLI(on_fail=on_fail))
    stream = guard(
        llm_api=_stream(answer), messages=[{"role": "user", "content": "?"}], stream=True, metadata={"sources": EIFFEL}
    )
    return list(stream)  # type: ignore[arg-type]


def test_streaming_checks_the_last_sentence_with_exception() -> None:
    for answer in (SYMPHONY, STREAMED):
        with pytest.raises(ValidationError, match="not supported"):
            _streamed("exception", answer)


def test_streaming_checks_the_last_sentence_with_noop_and_fix() -> None:
    assert _streamed("noop", STREAMED)[-1].validation_passed is False
    streamed = "".join(str(c.validated_output or "") for c in _streamed("fix", STREAMED))
    assert "1925" not in streamed and "1889" in streamed


TWO_TOWERS = [
    "The Eiffel Tower is in Paris. It was completed in 1889. "
    "The Empire State Building is in New York. It was completed in 1931."
]


@pytest.mark.parametrize(
    ("sources", "answer"),
    [
        (TWO_TOWERS, "The Eiffel Tower is in Paris. It was finished in 1931."),
        (TWO_TOWERS, "The Empire State Building is in New York. It was completed in 1889."),
    ],
)
@pytest.mark.parametrize("size", [5, 17])
@pytest.mark.parametrize("on_fail", ["exception", "noop", "fix"])
def test_a_streamed_sentence_is_read_after_the_sentences_before_it(
    sources: list[str], answer: str, size: int, on_fail: str
) -> None:
    """ "It" of a streamed sentence is what the sentence before it named, as ``validate`` reads a
    whole answer: the other thing's value does not pass under any on_fail."""
    guard = Guard().use(ProvenanceNLI(on_fail=on_fail))

    def streamed() -> list:
        llm = _stream(answer, size)
        return list(
            guard(llm_api=llm, messages=[{"role": "user", "content": "?"}], stream=True, metadata={"sources": sources})
        )  # type: ignore[arg-type]

    if on_fail == "exception":
        with pytest.raises(ValidationError):
            streamed()
        return
    chunks = streamed()
    if on_fail == "noop":
        assert chunks[-1].validation_passed is False
    else:
        kept = "".join(str(c.validated_output or "") for c in chunks)
        assert answer.split(". ")[1] not in kept and answer.split(". ")[0] in kept


@pytest.mark.parametrize("on_fail", ["refrain", "filter"])
def test_streaming_refuses_modes_guardrails_cannot_apply(on_fail: str) -> None:
    with pytest.raises(InvalidInput, match="does not work with stream=True"):
        _streamed(on_fail, SYMPHONY)


NO_NUMBERS = "Gustave Eiffel wrote a symphony in B♭ major."


@pytest.mark.slow
def test_onnx_cache_tells_a_checkpoint_from_the_plain_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("onnxruntime")
    from validator.retrieval import load_default_embedder

    monkeypatch.setenv("PROVENANCE_NLI_CACHE", str(tmp_path / "cache"))
    load_default_embedder.cache_clear()  # the int8 embedder exports into this cache too, whatever ran before
    model = AutoModelForSequenceClassification.from_pretrained(BUNDLED_MODEL_DIR)
    state = {k: v.float().clone().contiguous() for k, v in model.state_dict().items()}
    state["classifier.bias"][0] += 8.0  # a checkpoint that entails everything
    checkpoint = tmp_path / "always-entails.safetensors"
    save_file(state, str(checkpoint))
    # a sentence without numbers: only the model decides it; more chunks than top_k and a word
    # no source has, so its search runs the int8 embedder too
    more = ["The Louvre is a museum in Paris.", "The Seine flows through Paris.", "Paris hosted the 1900 fair."]
    metadata = {"sources": [*EIFFEL, *more]}
    plain = ProvenanceNLI(on_fail="noop", backend="onnx").validate(NO_NUMBERS, metadata)
    tuned = ProvenanceNLI(on_fail="noop", backend="onnx", model_checkpoint_path=str(checkpoint)).validate(
        NO_NUMBERS, metadata
    )
    assert plain.outcome == "fail" and tuned.outcome == "pass"
    import onnxruntime

    exports = (tmp_path / "cache" / "onnx").glob("*/model.int8.onnx")
    outputs = [onnxruntime.InferenceSession(str(path)).get_outputs()[0].name for path in exports]
    assert sorted(outputs) == ["last_hidden_state", "logits", "logits"]  # the embedder's, and one per NLI weights
    for cached in (tmp_path / "cache" / "onnx").glob("*/model.int8.onnx"):
        cached.write_bytes(cached.read_bytes()[:1000])  # truncated: must be rebuilt, not raise
    from validator.scorers import nli

    nli._MODELS.clear()
    again = ProvenanceNLI(on_fail="noop", backend="onnx").validate(NO_NUMBERS, metadata)
    assert again.outcome == "fail" and "could not run" not in str(getattr(again, "error_message", ""))


_LIARS = {
    "nli": ProvenanceNLI(on_fail="noop"),
    "llm": ProvenanceNLI(on_fail="noop", scorer_mode="llm", llm_callable=judge_answering(quotes_all_evidence)),
    "cascade": ProvenanceNLI(on_fail="noop", scorer_mode="cascade", llm_callable=judge_answering(quotes_all_evidence)),
}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swapped_numbers(), st.sampled_from(sorted(_LIARS)))
def test_an_entity_never_gets_the_other_entitys_number(case: tuple[list[str], str], mode: str) -> None:
    sources, answer = case
    [sentence] = sentences_of(_LIARS[mode].validate(answer, {"sources": sources}))
    assert sentence["verdict"] != "supported", (mode, sources, answer, sentence)


LEANING = [
    (
        "The Eiffel Tower is in Paris. The Empire State Building is in Paris. It was completed in 1931.",
        [
            "The Eiffel Tower is in Paris. It was completed in 1889.",
            "The Empire State Building is in New York. It was completed in 1931.",
        ],
    ),
    (
        "Marie Curie studied in Paris. Ada Lovelace won two Nobel Prizes. She was born in London in 1815.",
        ["Marie Curie studied in Paris and won two Nobel Prizes.", "Ada Lovelace was born in London in 1815."],
    ),
    (
        "Acme Corp is based in Leeds. Globex employs 40,000 people. Its headquarters opened in 1998.",
        [
            "Acme Corp is based in Leeds and employs 300 people.",
            "Globex employs 12,000 people. Its headquarters opened in 1998.",
        ],
    ),
]


@pytest.mark.parametrize(("answer", "sources"), LEANING, ids=["it", "she", "its"])
def test_fix_never_keeps_a_sentence_whose_pronoun_a_cut_would_repoint(answer: str, sources: list[str]) -> None:
    """Cutting the wrong middle sentence would leave the last one's pronoun pointing at the first
    sentence's subject, a claim the answer never made: the last sentence is written as it was
    read and checked ("The Empire State Building was completed in 1931.") or cut with it, and the
    fix passes a check of its own."""
    guard = Guard().use(ProvenanceNLI(on_fail="fix"))
    fixed = outcome(guard.validate(answer, metadata={"sources": sources})).validated_output
    first, _, last = answer.split(". ")
    assert isinstance(fixed, str) and fixed.startswith(first + ".") and last not in fixed
    details = last_result(guard).metadata["provenance_nli"]
    if fixed != first + ".":
        assert details["written_as_read"] == [2] and fixed.endswith(details["sentences"][2]["reading"])
    assert outcome(Guard().use(ProvenanceNLI(on_fail="exception")).validate(fixed, metadata={"sources": sources}))


HELD_SOURCE = ["Acme's revenue rose to $1.9 billion in 2024. The company employs 300 people in Leeds."]


@pytest.mark.parametrize(
    "chunks",
    [
        ["Acme's revenue rose to $1.9 billion in 2024.", " It employs 300 people in Leeds."],
        ["Acme's revenue rose to $1.9 billion in 2024", ". It employs 300", " people in Leeds"],
    ],
    ids=["released-then-held", "held-without-stop"],
)
@pytest.mark.parametrize("on_fail", ["fix", "noop"])
def test_the_sentence_a_stream_holds_at_its_end_is_checked_after_the_ones_before(
    chunks: list[str], on_fail: str
) -> None:
    """The last chunk releases one sentence and the stream ends holding the next (or the last
    sentence has no stop): it is checked as ``validate`` checks the whole text, its "It" read as
    the sentence before names it, and under ``fix`` it is output, as ``validate``'s fix keeps it."""
    guard = Guard().use(ProvenanceNLI(on_fail=on_fail))

    def llm(*, messages: list[dict], **kwargs: object):
        return iter(chunks)

    stream = list(
        guard(llm_api=llm, messages=[{"role": "user", "content": "?"}], stream=True, metadata={"sources": HELD_SOURCE})
    )
    assert stream[-1].validation_passed  # type: ignore[union-attr]
    if on_fail == "fix":
        streamed = "".join(str(c.validated_output or "") for c in stream)  # type: ignore[union-attr]
        assert streamed == "".join(chunks)


FACTS = {
    "The council met on 3 May.": "The council met on 4 May.",
    "Councillor Reed moved to close the library on Sundays.": "Councillor Reed moved to close the library on Mondays.",
    "The clinic in Leeds opened in 2019.": "The clinic in Leeds opened in 2015.",
    "The bridge carries 4,200 cars a day.": "The bridge carries 2,400 cars a day.",
}
"""Sentences that stand alone (each names what it speaks of), and each one's twin with one value changed."""
LEANERS = {
    "Councillor Reed moved to close the library on Sundays.": "The library has 12 staff.",
    "The clinic in Leeds opened in 2019.": "Patients there wait four days on average.",
}
"""A sentence that leans on one of them without a pronoun: its definite subject or its "there"."""
MINUTES = [
    "The council met on 3 May. Councillor Reed moved to close the library on Sundays. The library has 12 staff. "
    "The clinic in Leeds opened in 2019. Patients there wait four days on average. "
    "The bridge carries 4,200 cars a day."
]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(st.sampled_from(sorted(FACTS)), st.booleans()), min_size=1, max_size=4, unique_by=lambda p: p[0])
)
def test_fix_keeps_every_correct_standalone_sentence_and_its_output_passes_alone(
    picks: list[tuple[str, bool]],
) -> None:
    """Over generated answers: a fix never cuts a correct sentence that stands alone for its
    neighbour's fault, never keeps a sentence whose definite subject or "there" leaned on a cut one,
    and what it returns passes when checked again on its own."""
    parts, expected = [], []
    for fact, wrong in picks:
        parts.append(FACTS[fact] if wrong else fact)
        if not wrong:
            expected.append(fact)
        if fact in LEANERS:
            parts.append(LEANERS[fact])
            if not wrong:
                expected.append(LEANERS[fact])
    answer = " ".join(parts)
    fixed = ProvenanceNLI(on_fail="fix").validate(answer, {"sources": MINUTES})
    output = answer if fixed.outcome == "pass" else fixed.fix_value  # type: ignore[attr-defined]
    assert output == " ".join(expected), (answer, output)
    if output:
        assert ProvenanceNLI(on_fail="noop").validate(output, {"sources": MINUTES}).outcome == "pass"
