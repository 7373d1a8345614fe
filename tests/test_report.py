"""HTML reports from real checks: structure, escaping and self-containment, read back with an
HTML parser (lxml). The same pages in a real browser are in ``test_report_browser.py``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import lxml.html
import pytest
from guardrails import Guard
from helpers import ROOT, last_result, outcome, run_cli, sentences_of

from validator import ProvenanceNLI
from validator.errors import InvalidInput
from validator.html_report import highlight, locate_quote, mark_words, render_batch, render_citations
from validator.verdicts import METHOD_WORDS

EXAMPLES = ROOT / "examples"
HOSTILE = '<script>alert("pwned")</script><img src=x onerror=alert(1)>'


def page(path_or_html: Path | str) -> lxml.html.HtmlElement:
    html = path_or_html.read_text(encoding="utf-8") if isinstance(path_or_html, Path) else path_or_html
    return lxml.html.document_fromstring(html)


def assert_self_contained(doc: lxml.html.HtmlElement) -> None:
    """Nothing that loads from elsewhere: no src/href to a URL, no <link>, no CSS url()."""
    assert not doc.xpath("//link | //img | //iframe | //object | //embed | //script[@src]")
    for element in doc.iter():
        for attribute in ("src", "href", "action", "srcset"):
            value = element.get(attribute)
            assert value is None or value.startswith("#"), (element.tag, attribute, value)
    styles = " ".join(style.text_content() for style in doc.xpath("//style"))
    assert "url(" not in styles and "@import" not in styles
    assert [s.get("type") for s in doc.xpath("//script")] in ([None], ["application/json", None])


@pytest.mark.slow
def test_the_check_report_of_the_example_shows_every_sentence_with_its_verdict(tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    args = ["--sources", "examples/eiffel-tower.txt", "examples/mount-everest.txt", "--text", "examples/answer.txt"]
    result = run_cli("check", *args, "--json", "--html", str(report))
    assert result.returncode == 1, result.stderr
    verdicts = json.loads(result.stdout)["sentences"]
    doc = page(report)
    assert_self_contained(doc)
    marked = doc.cssselect(".answer-text .sentence")
    assert [s.get("data-verdict") for s in marked] == [v["verdict"] for v in verdicts]
    details = doc.cssselect("section.detail")
    assert len(details) == len(verdicts)
    for sentence, detail, verdict in zip(marked, details, verdicts, strict=True):
        assert sentence.get("aria-controls") == detail.get("id") and sentence.get("tabindex") == "0"
        assert detail.cssselect(".method")[0].text_content() == METHOD_WORDS[verdict["method"]]
        caption = detail.cssselect(".evidence figcaption")[0].text_content()
        assert f"examples/{'eiffel-tower' if verdict['source_index'] == 0 else 'mount-everest'}.txt" in caption
        bars = {
            b.get("class").split()[1]: float(b.cssselect("meter")[0].get("value")) for b in detail.cssselect(".bar")
        }
        assert list(bars) == ["bar-entailment", "bar-neutral", "bar-contradiction"]  # of the deciding evidence
        assert bars["bar-entailment"] == pytest.approx(verdict["entailment"], abs=1e-3)
        assert bars["bar-contradiction"] == pytest.approx(verdict["contradiction"], abs=1e-3)
    # the answer is shown as written (once the verdict tags are taken out), and the header says how it was decided
    for tag in doc.cssselect(".answer-text .tag"):
        tag.drop_tree()
    assert doc.cssselect(".answer-text")[0].text_content() == (EXAMPLES / "answer.txt").read_text(encoding="utf-8")
    header = doc.cssselect("header")[0].text_content()
    assert "2 of 4 sentences pass" in header and "FAIL" in header
    for setting in ("entailment threshold", "top k", "retrieval", "hybrid", "provenance-nli"):
        assert setting in header


def test_untrusted_text_is_escaped_everywhere() -> None:
    sources = [f"The Eiffel Tower was completed in 1889. {HOSTILE}"]
    text = f'The Eiffel Tower was completed in 1925. {HOSTILE} He said "the tower was painted gold by the mayor".'
    guard = Guard().use(ProvenanceNLI(on_fail="fix", report="html"))
    fixed = outcome(guard.validate(text, metadata={"sources": sources}))
    assert fixed.validated_output == "" or "1925" not in (fixed.validated_output or "")
    checked = last_result(guard)
    html = checked.metadata["provenance_nli"]["html"]  # type: ignore[union-attr,index]
    doc = page(html)
    assert_self_contained(doc)
    assert len(doc.xpath("//script")) == 1 and not doc.xpath("//img")
    assert 'alert("pwned")' not in "".join(s.text_content() for s in doc.xpath("//script"))
    assert HOSTILE.split(">")[0] + ">" in doc.cssselect(".answer-text")[0].text_content()
    assert any(HOSTILE in e.text_content() for e in doc.cssselect(".evidence p"))
    assert [s["verdict"] for s in sentences_of(checked)] == [
        s.get("data-verdict") for s in doc.cssselect(".answer-text .sentence")
    ]
    assert doc.cssselect("mark.fabricated")[0].text_content() == '"the tower was painted gold by the mayor"'
    # what a person reads is words: no verdict, method or finding is shown by its internal name
    for hidden in doc.xpath("//script | //style"):
        hidden.drop_tree()
    visible = doc.cssselect("body")[0].text_content()
    internal = {"fabricated_quote", "number_check", "binding_check", "negation_check", "quote_check", "framing_check"}
    assert not {name for name in internal if name in visible}
    assert "quote not in source" in visible


def test_report_html_is_only_added_on_request() -> None:
    checked = ProvenanceNLI(on_fail="noop").validate("Paris is in France.", {"sources": ["Paris is in France."]})
    assert "html" not in checked.metadata["provenance_nli"]  # type: ignore[index]
    with pytest.raises(InvalidInput, match="report must be"):
        ProvenanceNLI(report="pdf")  # type: ignore[arg-type]


def _batch_items() -> list[dict]:
    """300 one-sentence answers about the example sources: copied, with a number changed, unrelated,
    and some with markup in the answer or the source."""
    sources = {
        name: (EXAMPLES / f"{name}.txt").read_text(encoding="utf-8") for name in ("eiffel-tower", "mount-everest")
    }
    sentences = [
        (name, s.strip() + ".") for name, text in sources.items() for s in text.split(". ") if len(s.split()) > 4
    ]
    items = []
    for i in range(300):
        name, sentence = sentences[i % len(sentences)]
        kind = i % 4
        text = {
            0: sentence,
            1: re.sub(r"\d+", lambda m: str(int(m.group()) + 7), sentence),
            2: f"The {name.replace('-', ' ')} has a gift shop that sells {i} kinds of postcards.",
            3: f"{sentence} {HOSTILE}",
        }[kind]
        source = sources[name] + (f"\n{HOSTILE}" if i % 10 == 3 else "")
        items.append({"id": f"item-{i:03d}", "text": text, "sources": [source]})
    return items


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[dict], list[dict], Path]:
    folder = tmp_path_factory.mktemp("batch")
    items = _batch_items()
    (folder / "items.jsonl").write_text("\n".join(json.dumps(item) for item in items) + "\n", encoding="utf-8")
    result = run_cli(
        "check-batch",
        "--input",
        str(folder / "items.jsonl"),
        "--output",
        str(folder / "out.jsonl"),
        "--html",
        str(folder / "report.html"),
        "--items-per-batch",
        "100",
    )
    assert result.returncode == 1, result.stderr
    outputs = [json.loads(line) for line in (folder / "out.jsonl").read_text(encoding="utf-8").splitlines()]
    return items, outputs, folder / "report.html"


@pytest.mark.slow
def test_the_batch_report_summarises_and_holds_every_item(batch: tuple[list[dict], list[dict], Path]) -> None:
    items, outputs, report = batch
    doc = page(report)
    assert_self_contained(doc)
    rows = doc.cssselect("details.item")
    assert [row.get("id") for row in rows] == [f"item-{k}" for k in range(300)]
    passed = sum(o["passed"] for o in outputs)
    assert f"{passed} of 300 answers pass" in doc.cssselect("h1")[0].text_content()
    counts = {row.get("class"): int(row.cssselect("td")[0].text) for row in doc.cssselect("table.counts tr")}
    for verdict in ("supported", "contradicted", "unsupported"):
        assert counts[f"v-{verdict}"] == sum(s["verdict"] == verdict for o in outputs for s in o["sentences"])
    histogram = [int(row.cssselect("td")[0].text_content()) for row in doc.cssselect("table.histogram tbody tr")]
    assert sum(histogram) == sum(len(o["sentences"]) for o in outputs)  # every verdict, with or without a confidence
    worst = doc.cssselect("ol.worst a")
    assert worst and all(link.get("href", "").startswith("#item-") for link in worst)
    # every item's detail is there, escaped, and holds one marked sentence per verdict
    bodies = json.loads(doc.get_element_by_id("item-bodies").text)
    assert len(bodies) == 300
    for item, output, body in zip(items, outputs, bodies, strict=True):
        fragment = lxml.html.fragment_fromstring(body, create_parent=True)
        assert not fragment.xpath("//script | //img")
        marked = fragment.cssselect(".answer-text .sentence")
        assert [m.get("data-verdict") for m in marked] == [s["verdict"] for s in output["sentences"]]
        assert (
            fragment.cssselect(".answer-text")[0].text_content().replace("\n", "").startswith(item["text"].split()[0])
        )


@pytest.mark.slow
def test_the_batch_page_stays_light_with_1000_items(batch: tuple[list[dict], list[dict], Path]) -> None:
    items, outputs, _ = batch
    many = [{**output, "text": item["text"]} for _ in range(4) for item, output in zip(items, outputs, strict=True)]
    html = render_batch(many[:1000])
    doc = page(html)
    up_front = [e for e in doc.iter() if not isinstance(e, lxml.html.HtmlComment)]
    assert len(doc.cssselect("details.item")) == 1000
    assert len(up_front) < 5 * 1000 + 200  # a summary row per item; the sentences wait in the JSON block
    assert not doc.cssselect(".item-body *")


@pytest.mark.slow
def test_the_citations_report_puts_the_review_queue_first(tmp_path: Path) -> None:
    report = tmp_path / "citations.html"
    result = run_cli(
        "citations",
        "--source",
        "examples/apache-2.0.txt",
        "--citations",
        "examples/citations.json",
        "--json",
        "--html",
        str(report),
    )
    assert result.returncode == 1, result.stderr
    results = json.loads(result.stdout)
    doc = page(report)
    assert_self_contained(doc)
    rows = doc.cssselect("tr.citation")
    actions = [row.cssselect(".action")[0].text for row in rows]
    assert sorted(actions, key=lambda a: a != "review") == actions and len(rows) == len(results)
    found = next(row for row in rows if row.cssselect("td")[0].text == "c1")
    quote = json.loads((EXAMPLES / "citations.json").read_text())[0]["quote"]
    assert " ".join(found.cssselect(".section-text mark")[0].text_content().split()) == quote  # across line wraps
    fabricated = next(row for row in rows if row.get("data-verdict") == "fabricated")
    assert not fabricated.cssselect(".section-text")


def test_highlighting_and_quote_location() -> None:
    runs = highlight("The tower was completed in 1889 by Eiffel.", "Eiffel completed it in 1889.")
    assert [text for text, marked in runs if marked] == ["completed", "1889", "Eiffel"]
    assert "".join(text for text, _ in runs) == "The tower was completed in 1889 by Eiffel."
    assert locate_quote("a royalty-free,\n   irrevocable licence", "Royalty-free, irrevocable") == (
        "a ",
        "royalty-free,\n   irrevocable",
        " licence",
    )
    assert locate_quote("text", "") is None and locate_quote("text", "absent") is None


def test_the_citations_page_marks_the_negated_form_of_a_claim_word() -> None:
    """The word a citation verdict turns on ("irrevocable" for "can be revoked") is marked apart
    from the words the claim shares with the section."""
    section = "a perpetual, worldwide, non-exclusive, no-charge, royalty-free, irrevocable copyright license"
    claim = "The copyright license can be revoked at any time."
    marks = {text: kind for text, kind in mark_words(section, claim) if kind}
    assert marks == {"irrevocable": "opposite", "copyright": "shared", "license": "shared"}
    result = {
        "id": "c2",
        "quote_status": "section-only",
        "section": "2",
        "relation": "neutral",
        "confidence": 0.57,
        "verdict": "unsupported",
        "action": "review",
        "detail": "",
        "method": "model",
    }
    doc = page(
        render_citations("apache-2.0.txt", [result], {"c2": {"claim": claim, "quote": None}}, {"2": section}, gate=0.8)
    )
    assert [m.text for m in doc.cssselect(".section-text mark.opposite")] == ["irrevocable"]
    assert "".join(text for text, _ in mark_words(section, claim)) == section
