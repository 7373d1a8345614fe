"""How the rules' reading grows on adversarial text: a benchmark, not a timed test.

Table 1: text built by repeating a short unit ("a.", "A1.", "Jan 1 ") to 2,000, 8,000 and
32,000 characters, read by :func:`validator.rules.numbers.find_numbers` and checked by
:func:`validator.rules.numbers.check_numbers` against a claim. A linear reader's time grows ~4x per
row; the quadratic ones this replaces grew ~16x (a 50 KB passage of "a.a.a." took 217 s).

Table 2 (``--validator``): runs of digits, dots, commas, spaces, quotes, currency signs, brackets
and number words of 10,000 and 100,000 characters through a real ``ProvenanceNLI`` (bundled
model), in a source, in the answer, and in a ``query_function`` passage. A linear check's time
grows ~10x; ``tests/test_hostile_text.py`` bounds the rules' growth in the suite.

    python benchmarks/bench_adversarial.py [--validator]
"""

from __future__ import annotations

import argparse
import time

from validator import ProvenanceNLI
from validator.rules.numbers import check_numbers, find_numbers

UNITS = [
    "a.",
    "A1.",
    "Jan 1 ",
    "1 May ",
    "May 1, ",
    "II ",
    "1e",
    "1,",
    "$1m ",
    "a dozen ",
    "10⁶ ",
    "1-2",
    "half the ",
    "one in five people ",
    "3 km² ",
    "5 square miles ",
    "up 5% to 10%, ",
]
SIZES = (2_000, 8_000, 32_000)
RUNS = ["1", ".", ",", " ", '"', "\u2019", "$", "[1]", "(", "one ", "1,"]
RUN_SIZES = (10_000, 100_000)
CLAIM = "The bridge was built in 1931 by 20 men."
SOURCE = "The bridge was built in 1931 by 20 men."


def seconds(function, text: str) -> float:
    started = time.perf_counter()
    function(text)
    return time.perf_counter() - started


def main() -> None:
    print(
        "| unit | "
        + " | ".join(f"find {n:,}" for n in SIZES)
        + " | "
        + " | ".join(f"check {n:,}" for n in SIZES)
        + " |"
    )
    print("| --- " * (1 + 2 * len(SIZES)) + "|")
    for unit in UNITS:
        texts = [unit * (n // len(unit)) for n in SIZES]
        finds = [seconds(find_numbers, t) for t in texts]
        checks = [seconds(lambda t: check_numbers("It was built in 1931 by 20 men.", t), t + " ") for t in texts]
        print(f"| `{unit!r}` | " + " | ".join(f"{s:.2f} s" for s in finds + checks) + " |")


def through_the_validator() -> None:
    validator = ProvenanceNLI(on_fail="noop")
    validator.validate(CLAIM, {"sources": [SOURCE]})  # loads the model and the embedder
    paths = {
        "source": lambda run: validator.validate(CLAIM, {"sources": [f"{run} {SOURCE}"]}),
        "answer": lambda run: validator.validate(f"The bridge was built in 1931 {run}.", {"sources": [SOURCE]}),
        "query_function": lambda run: validator.validate(
            CLAIM, {"query_function": lambda text, k: [f"{run} {SOURCE}"]}
        ),
    }
    print("| run | " + " | ".join(f"{path} {n:,}" for path in paths for n in RUN_SIZES) + " |")
    print("| --- " * (1 + len(paths) * len(RUN_SIZES)) + "|")
    for unit in RUNS:
        cells = [seconds(check, unit * (n // len(unit))) for check in paths.values() for n in RUN_SIZES]
        print(f"| `{unit!r}` | " + " | ".join(f"{s:.2f} s" for s in cells) + " |", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--validator", action="store_true", help="table 2: runs through a real ProvenanceNLI")
    if parser.parse_args().validator:
        through_the_validator()
    else:
        main()
