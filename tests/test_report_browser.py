"""The HTML reports in a real browser (``make test-browser``): Debian's Chromium, headless, driven
by Playwright. Each page must load from disk with no console error and no request that leaves
the file, run its script, answer clicks and keys, print every detail, and never run a script
that came in with the checked text. Deselected from the default run by the ``browser`` marker.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest
from helpers import ROOT, run_cli

if TYPE_CHECKING:  # the browser extra; imported in the fixture, so the default run collects this file without it
    from playwright.sync_api import Browser, Page  # pyright: ignore[reportMissingImports]

pytestmark = pytest.mark.browser

HOSTILE = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 1">'
CHROMIUM_ARGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"]


def cli(*args: str) -> None:
    result = run_cli(*args)
    assert result.returncode in (0, 1), result.stderr


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("reports")
    answer, source = folder / "answer.txt", folder / "source.txt"
    answer.write_text(f"{(ROOT / 'examples/answer.txt').read_text(encoding='utf-8').strip()} {HOSTILE}\n")
    source.write_text(f"{(ROOT / 'examples/eiffel-tower.txt').read_text(encoding='utf-8')}\n{HOSTILE}\n")
    cli(
        "check",
        "--sources",
        str(source),
        "examples/mount-everest.txt",
        "--text",
        str(answer),
        "--html",
        str(folder / "check.html"),
    )
    items = (ROOT / "examples/items.jsonl").read_text(encoding="utf-8").splitlines()
    items.append(json.dumps({"id": HOSTILE, "text": f"Paris is in France. {HOSTILE}", "sources": [HOSTILE]}))
    (folder / "items.jsonl").write_text("\n".join(items) + "\n", encoding="utf-8")
    batch = ("--input", str(folder / "items.jsonl"), "--output", str(folder / "out.jsonl"))
    cli("check-batch", *batch, "--html", str(folder / "batch.html"))
    citations = ("--source", "examples/apache-2.0.txt", "--citations", "examples/citations.json")
    cli("citations", *citations, "--html", str(folder / "citations.html"))
    rows = [json.loads(line) for line in (ROOT / "tests/data/ood_legal_technical.jsonl").open(encoding="utf-8")]
    labelled = [
        json.dumps({"text": r["hypothesis"], "sources": [r["premise"]], "grounded": r["label"] == "entailment"})
        for r in rows
    ]
    (folder / "labelled.jsonl").write_text("\n".join(labelled) + "\n", encoding="utf-8")
    fit = ("--input", str(folder / "labelled.jsonl"), "--max-false-alarms", "0.25")
    cli("calibrate", *fit, "--html", str(folder / "calibration.html"))
    return {name: folder / f"{name}.html" for name in ("check", "batch", "citations", "calibration")}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright  # pyright: ignore[reportMissingImports]

    chromium = shutil.which("chromium")
    assert chromium, "needs Debian's chromium: apt-get install chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@dataclass
class Opened:
    page: Page
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def assert_clean(self) -> None:
        assert self.errors == []
        assert all(url.startswith("file://") for url in self.requests), self.requests
        assert self.page.evaluate("window.pwned") is None


def _reddest(meter: Any) -> int:
    """How much redder than green the filled part of a ``<meter>`` is, read from a screenshot."""
    from io import BytesIO

    from PIL import Image

    pixels = np.asarray(Image.open(BytesIO(meter.screenshot())).convert("RGB"), dtype=int)
    return int((pixels[..., 0] - pixels[..., 1]).max())


def open_report(browser: Browser, path: Path) -> Opened:
    page = browser.new_page()
    opened = Opened(page)
    page.on("console", lambda message: opened.errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: opened.errors.append(str(error)))
    page.on("request", lambda request: opened.requests.append(request.url))
    page.goto(path.as_uri())
    assert page.evaluate("document.documentElement.dataset.ready") == "true"
    return opened


def test_the_check_report_answers_clicks_and_keys(browser: Browser, reports: dict[str, Path]) -> None:
    opened = open_report(browser, reports["check"])
    page = opened.page
    sentences = page.locator(".answer-text .sentence")
    assert sentences.count() == 5 and not page.locator("section.detail").first.is_visible()
    sentences.nth(2).click()
    assert page.locator("#a-d2").is_visible() and sentences.nth(2).get_attribute("aria-expanded") == "true"
    assert "Mount Everest" in page.locator("#a-d2 .evidence").inner_text()
    sentences.first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert page.locator("#a-d1").is_visible() and not page.locator("#a-d2").is_visible()
    assert page.evaluate("document.activeElement.id") == "a-s1"
    contradicted = page.locator("section.detail.v-contradicted").first
    sentences.nth(int(contradicted.get_attribute("data-sentence") or 0)).click()
    # contradiction is drawn in the contradicted colour and entailment in the supported one, never both green
    assert _reddest(contradicted.locator(".bar-contradiction meter")) > _reddest(
        contradicted.locator(".bar-entailment meter")
    )
    page.emulate_media(media="print")
    assert page.locator("section.detail").count() == 5
    assert all(detail.is_visible() for detail in page.locator("section.detail").all())
    # every label a person reads is words, never a verdict's or method's internal name
    shown = page.locator("body").inner_text()
    assert not re.search(r"\b(?:fabricated_quote|number_check|binding_check|negation_check|quote_check)\b", shown)
    assert "decided by" in shown and "number rule" in shown
    opened.assert_clean()


def test_the_batch_report_renders_an_answer_when_it_is_opened(browser: Browser, reports: dict[str, Path]) -> None:
    opened = open_report(browser, reports["batch"])
    page = opened.page
    assert page.locator(".item-body .sentence").count() == 0
    histogram = sum(int(cell.inner_text().strip()) for cell in page.locator("table.histogram td").all())
    verdicts = sum(int(cell.inner_text().strip()) for cell in page.locator("table.counts td").all())
    assert histogram == verdicts  # sentences no model scored have their own row
    page.locator("#item-1 > summary").click()
    assert page.locator("#item-1 .item-body .sentence").count() == 1
    page.locator("#item-1 .sentence").first.click()
    assert page.locator("#item-1 section.detail").first.is_visible()
    hostile = page.locator("details.item").last
    assert HOSTILE in hostile.locator("summary").inner_text()
    hostile.locator("summary").click()
    assert HOSTILE in hostile.locator(".answer-text").inner_text()
    closed = [
        link
        for link in page.locator("ol.worst a").all()
        if page.locator(f"#item-{link.get_attribute('data-open')}").get_attribute("open") is None
    ]
    closed[0].click()
    linked = page.locator(f"#item-{closed[0].get_attribute('data-open')}")
    assert linked.get_attribute("open") is not None and linked.locator(".item-body .sentence").count() >= 1
    opened.assert_clean()


def test_the_citations_report_opens_a_section(browser: Browser, reports: dict[str, Path]) -> None:
    opened = open_report(browser, reports["citations"])
    page = opened.page
    assert page.locator("tr.citation .action").first.inner_text() == "review"
    verified = page.locator('tr.citation[data-verdict="verified"]')
    verified.locator("summary").click()
    assert verified.locator(".section-text mark").is_visible()
    opened.assert_clean()


def test_the_calibration_plot_draws_the_trade_off_with_both_cuts_marked(
    browser: Browser, reports: dict[str, Path]
) -> None:
    opened = open_report(browser, reports["calibration"])
    page = opened.page
    plot = page.locator("figure.trade-off svg")
    assert plot.is_visible()
    box = plot.bounding_box()
    assert box is not None and box["width"] > 300
    assert page.locator("circle.cut").count() >= 2
    for name in ("default", "chosen"):
        marked = page.locator(f"circle.marked.{name}")
        inside = marked.bounding_box()
        assert inside is not None and box["x"] <= inside["x"] <= box["x"] + box["width"]
        assert f"{name} cut" in (marked.locator("title").text_content() or "")
    assert page.locator("line.budget").count() == 1
    assert "grounded failed" in page.locator("table.cuts").inner_text()
    opened.assert_clean()
