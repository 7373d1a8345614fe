"""Retrieval on its own: recall@k of the gold evidence hidden among distractor passages.

Claims are the entailed FEVER-NLI and VitaminC claims of the dev split that ``make train-data``
writes (``build/data/dev.jsonl``); each claim's gold passage is its premise, hidden among
``--distractors`` premises of other Wikipedia pages. Each mode (``hybrid``, ``dense``,
``lexical``) searches the same source sets through the validator's own index. A second row
per mode asks with a sentence copied from the gold passage (verbatim and near-verbatim
sentences must come back at rank 1).

    python benchmarks/bench_retrieval.py --claims 200 --distractors 29
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from validator.retrieval import SourceIndexCache, default_embed_function
from validator.splitting import split_sentences


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("build/data/dev.jsonl"))
    parser.add_argument("--claims", type=int, default=200)
    parser.add_argument("--distractors", type=int, default=29)
    parser.add_argument("--k", type=int, default=3)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()

    rows = [json.loads(line) for line in args.data.open(encoding="utf-8")]
    rows = [r for r in rows if r["label"] == "entailment" and r["origin"] in ("vitaminc", "fever_nli")]
    rng = random.Random(args.seed)
    claims = rng.sample(rows, min(args.claims, len(rows)))
    passages_by_page: dict[str, str] = {}
    for row in rows:
        passages_by_page.setdefault(row["page"], row["premise"])
    pages = sorted(passages_by_page)
    embed = default_embed_function()
    results = {}
    for mode in ("hybrid", "dense", "lexical"):
        cache = SourceIndexCache()
        hits = {"claim@1": 0, f"claim@{args.k}": 0, "copied@1": 0}
        for claim in claims:
            others = [passages_by_page[p] for p in rng.sample(pages, args.distractors + 1) if p != claim["page"]]
            sources = [claim["premise"], *others[: args.distractors]]
            random.Random(claim["hypothesis"]).shuffle(sources)
            gold = sources.index(claim["premise"])
            index = cache.get(sources, embed, "sentence", 2, 1)
            copied = max(split_sentences(claim["premise"]), key=lambda s: len(s.text)).text
            found, found_copied = index.search([claim["hypothesis"], copied], args.k, "cosine", mode)  # type: ignore[arg-type]
            ranks = [e.source_index for e in found]
            hits["claim@1"] += bool(ranks) and ranks[0] == gold
            hits[f"claim@{args.k}"] += gold in ranks
            hits["copied@1"] += bool(found_copied) and found_copied[0].source_index == gold
        results[mode] = {name: count / len(claims) for name, count in hits.items()}
        print(mode, {name: f"{100 * value:.1f}%" for name, value in results[mode].items()}, flush=True)
    print(f"\n{len(claims)} claims, gold passage among {args.distractors} distractors, top-k {args.k}")
    print("| retrieval | claim recall@1 | claim recall@3 | copied sentence at rank 1 |\n| --- | --- | --- | --- |")
    for mode, values in results.items():
        print(f"| {mode} | " + " | ".join(f"{100 * v:.1f}%" for v in values.values()) + " |")


if __name__ == "__main__":
    main()
