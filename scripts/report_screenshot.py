"""Remake ``docs/report.png``: the example answer's HTML report in headless Chromium, with the
contradicted sentence selected. Needs ``pip install -e ".[browser]"`` and Debian's chromium."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright  # pyright: ignore[reportMissingImports]

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.html"
        sources = ["examples/eiffel-tower.txt", "examples/mount-everest.txt"]
        command = [sys.executable, "-m", "validator", "check", "--sources", *sources, "--text", "examples/answer.txt"]
        subprocess.run([*command, "--html", str(report)], cwd=ROOT, capture_output=True, check=False, timeout=600)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=["--disable-gpu"])
            page = browser.new_page(viewport={"width": 1000, "height": 700}, device_scale_factor=1)
            page.goto(report.as_uri())
            page.locator(".answer-text .sentence").nth(2).click()
            page.screenshot(path=ROOT / "docs" / "report.png", full_page=True)
            browser.close()
    print(ROOT / "docs" / "report.png")


if __name__ == "__main__":
    main()
