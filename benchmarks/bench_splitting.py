"""The two sentence splitters side by side: pysbd (answers) and Punkt via nupunkt (sources).

On real documents from ``../shared/data/eval`` (XSum articles, ConTRoL passages, MCTest
stories; evaluation data, read in place and never copied) it reports each splitter's time and
how far their sentence ends agree: the share of Punkt's ends that pysbd also has, and the share
of pysbd's that Punkt also has. Then both on one 5 MB source, the size ``max_source_chars``
admits when raised (the same text as ``bench_speed.py``'s workload (f)).

    python benchmarks/bench_splitting.py
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path

from bench_speed import huge_items, passages

from validator.splitting import Span, split_sentences, split_source_sentences

ROOT = Path(__file__).resolve().parents[1]
SPLITTERS: dict[str, Callable[[str], list[Span]]] = {"pysbd": split_sentences, "punkt": split_source_sentences}


def documents(eval_dir: Path) -> list[str]:
    def field(path: Path, name: str) -> list[str]:
        lines = path.read_text(encoding="utf-8").splitlines()
        return [text for line in lines if (text := json.loads(line).get(name))]

    return (
        field(eval_dir / "xsum_hallucination" / "documents.jsonl", "document")
        + field(eval_dir / "control" / "dev.jsonl", "premise")[:300]
        + field(eval_dir / "mctest" / "mctest_mc500_dev.jsonl", "story")
    )


def timed(split: Callable[[str], list[Span]], texts: list[str]) -> tuple[float, list[set[int]]]:
    start = time.perf_counter()
    ends = [{span.end for span in split(text)} for text in texts]
    return time.perf_counter() - start, ends


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--eval", type=Path, default=ROOT.parent / "shared" / "data" / "eval")
    parser.add_argument("--huge-chars", type=int, default=5_000_000)
    args = parser.parse_args()

    texts = documents(args.eval)
    megabytes = sum(len(text) for text in texts) / 1e6
    (pysbd_s, pysbd_ends), (punkt_s, punkt_ends) = (timed(split, texts) for split in SPLITTERS.values())
    shared = sum(len(a & b) for a, b in zip(pysbd_ends, punkt_ends, strict=True))
    print(f"{len(texts)} real documents, {megabytes:.2f} MB")
    print(f"  pysbd {pysbd_s:.2f} s, punkt {punkt_s:.2f} s ({pysbd_s / punkt_s:.0f}x faster)")
    print(f"  punkt's ends that pysbd has too: {100 * shared / sum(map(len, punkt_ends)):.1f}%")
    print(f"  pysbd's ends that punkt has too: {100 * shared / sum(map(len, pysbd_ends)):.1f}%")
    same = sum(a == b for a, b in zip(pysbd_ends, punkt_ends, strict=True))
    print(f"  documents split identically: {same} of {len(texts)}")

    [(_, [source])] = huge_items(10, args.huge_chars, passages(), seed=0)
    for name, split in SPLITTERS.items():
        seconds, [ends] = timed(split, [source])
        print(f"one {args.huge_chars / 1e6:g} MB source, {name}: {seconds:.2f} s, {len(ends)} sentences")


if __name__ == "__main__":
    main()
