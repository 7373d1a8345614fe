"""How the number rule's reading grows on adversarial text: a benchmark, not a timed test.

Each row is text built by repeating a short unit ("a.", "A1.", "Jan 1 ") to 2,000, 8,000 and
32,000 characters, read by :func:`validator.numbers.find_numbers` and checked by
:func:`validator.numbers.check_numbers` against a claim. A linear reader's time grows ~4x per
row; the quadratic ones this replaces grew ~16x (a 50 KB passage of "a.a.a." took 217 s).

    python benchmarks/bench_adversarial.py
"""

from __future__ import annotations

import time

from validator.numbers import check_numbers, find_numbers

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


if __name__ == "__main__":
    main()
