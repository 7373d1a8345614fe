"""What reading a copy in its context costs: real source sentences copied as answers.

The answers a validator meets often copy their sources. ``settle`` passes a sentence a source
asserts word for word without the model, and ``reread`` (docs/verdicts.md) first has the model
read the copy with the source's sentences after it, keeping it open where they contradict it. On
copies of real documents (BUMP's CNN/DailyMail articles, ExpertQA's cited web passages and
Factcheck-GPT's retrieved web passages, from ``../shared/data/train/answers``), every answer is
grounded: each copy that is no longer settled is a cost, and each that then fails is a false alarm.

    python benchmarks/bench_copies.py --per-set 150
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import time
from collections import Counter
from pathlib import Path

from validator import ProvenanceNLI
from validator.splitting import split_source_sentences

ANSWERS = Path("../shared/data/train/answers")
SETS = {
    "bump": "bump/bump.jsonl.gz",
    "expertqa": "expertqa/expertqa.jsonl.gz",
    "factcheck_gpt": "factcheck_gpt/factcheck_gpt.jsonl.gz",
}


def copies(name: str, per_set: int, seed: int) -> list[tuple[list[str], str]]:
    """(sources, answer) pairs: one or two consecutive sentences of a source, of 8 words or more."""
    with gzip.open(ANSWERS / SETS[name], "rt", encoding="utf-8") as handle:
        sources = list(dict.fromkeys(tuple(json.loads(line)["sources"]) for line in handle))
    rng = random.Random(seed)
    items = []
    for chosen in rng.sample(sources, min(per_set, len(sources))):
        sentences = [s.text for s in split_source_sentences(chosen[0][:6_000]) if len(s.text.split()) >= 8]
        if sentences:
            start = rng.randrange(len(sentences))
            items.append((list(chosen), " ".join(sentences[start : start + rng.choice([1, 2])])))
    return items


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--per-set", type=int, default=150)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    validator = ProvenanceNLI(on_fail="noop")
    print("| set | answers | sentences | settled verbatim | failed | failed as framing_check | seconds |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in SETS:
        items = copies(name, args.per_set, args.seed)
        methods: Counter[str] = Counter()
        failed = 0
        started = time.perf_counter()
        for sources, answer in items:
            result = validator.validate(answer, {"sources": sources})
            sentences = result.metadata["provenance_nli"]["sentences"]  # type: ignore[index]
            methods.update(s["method"] for s in sentences)
            failed += sum(s["verdict"] != "supported" for s in sentences)
        total = sum(methods.values())
        print(
            f"| {name} | {len(items)} | {total} | {methods['verbatim']} | {failed} | {methods['framing_check']} "
            f"| {time.perf_counter() - started:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
