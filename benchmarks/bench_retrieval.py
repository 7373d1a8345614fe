"""Retrieval on its own, on sets hard enough to choose a mode with: recall@1 and recall@3.

Three sets, all from the dev split that ``make train-data`` writes (``build/data/dev.jsonl``):

- **same page**: an entailed VitaminC claim against its evidence sentence, hidden among the other
  evidence sentences of the *same* Wikipedia page (each one source; the evidence's own revisions,
  sentences sharing half its words, are left out: they would be right answers too). Every
  distractor is on the claim's topic, so topic words do not find the gold;
- **paraphrase**: an entailed MultiNLI or FEVER-NLI hypothesis that shares under 30% of its words
  with its premise, among 29 premises of the same set;
- **long document**: an entailed claim's premise inside one document of 5,000-50,000 characters
  made of other premises, chunked as the validator chunks (2-sentence windows); a hit is a chunk
  that holds the premise's longest sentence.

Each mode (``lexical``: BM25, ``dense``: embeddings over every chunk, ``hybrid``: the default)
searches through the validator's own index. For hybrid it also reports how far down the BM25
ranking its top-k ever comes from (the shortlist it embeds is ``SHORTLIST`` deep).

``--end-to-end`` adds what each mode does to the verdicts: the whole validator, with the bundled
model, on the end-to-end sets of ``make eval-model`` (XSum hallucinations, BEGIN, HaluEval QA and
summarization; the same samples), since the passages retrieved are what the model reads.

    PYTHONPATH=. python benchmarks/bench_retrieval.py               # from the repo root; ~30 min on 2 busy cores
    PYTHONPATH=. python benchmarks/bench_retrieval.py --embedder-backend onnx  # the int8 embedder
    PYTHONPATH=. python benchmarks/bench_retrieval.py --end-to-end  # and the verdicts per mode (~18 min more)
    PYTHONPATH=. python benchmarks/bench_retrieval.py --shortlist 16 --embedder-max-tokens 256  # other settings
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from training.data import _overlap, _words
from validator import retrieval
from validator.retrieval import Evidence, SourceIndexCache, default_embed_function
from validator.scorers.base import Backend
from validator.splitting import split_sentences

MODES = ("lexical", "dense", "hybrid")
LONG_SIZES = (5_000, 20_000, 50_000)


@dataclass(frozen=True)
class Case:
    """A query, its sources, and how to tell a retrieved chunk that holds the gold."""

    query: str
    sources: list[str]
    gold: str  # a text the right chunk contains


def _shared(a: str, b: str) -> float:
    """The share of words two texts have in common (the training data's measure)."""
    return _overlap(_words(a), _words(b))


def _evidence(row: dict) -> str:
    return row["premise"].split(": ", 1)[1] if row["origin"] == "vitaminc" else row["premise"]


def same_page(rows: list[dict], n: int, rng: random.Random) -> list[Case]:
    by_page: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        if row["origin"] == "vitaminc":
            by_page[row["page"]].add(_evidence(row))
    cases = []
    claims = [r for r in rows if r["origin"] == "vitaminc" and r["label"] == "entailment"]
    for row in rng.sample(claims, len(claims)):
        gold = _evidence(row)
        others = sorted(s for s in by_page[row["page"]] if _shared(s, gold) < 0.5)
        if len(others) >= 4:
            sources = [gold, *others]
            rng.shuffle(sources)
            cases.append(Case(row["hypothesis"], sources, gold))
        if len(cases) == n:
            break
    return cases


def paraphrase(rows: list[dict], n: int, rng: random.Random) -> list[Case]:
    premises: dict[str, list[str]] = defaultdict(list)
    for row in rows:
        if row["origin"] in ("mnli", "fever_nli"):
            premises[row["origin"]].append(row["premise"])
    claims = [
        r
        for r in rows
        if r["origin"] in ("mnli", "fever_nli")
        and r["label"] == "entailment"
        and _shared(r["hypothesis"], r["premise"]) < 0.3
        and len(_words(r["hypothesis"])) >= 4
    ]
    cases = []
    for row in rng.sample(claims, min(n, len(claims))):
        others = [p for p in rng.sample(premises[row["origin"]], 40) if p != row["premise"]][:29]
        sources = [row["premise"], *others]
        rng.shuffle(sources)
        cases.append(Case(row["hypothesis"], sources, row["premise"]))
    return cases


def long_document(rows: list[dict], n: int, rng: random.Random) -> Iterator[tuple[int, Case]]:
    filler = sorted({_evidence(r) for r in rows})
    claims = [r for r in rows if r["label"] == "entailment" and r["origin"] in ("vitaminc", "fever_nli")]
    for size in LONG_SIZES:
        for row in rng.sample(claims, n):
            gold = _evidence(row)
            parts, length = [gold], len(gold)
            while length < size:
                parts.append(rng.choice(filler))
                length += len(parts[-1]) + 1
            rng.shuffle(parts)
            longest = max(split_sentences(gold), key=lambda s: len(s.text)).text
            yield size, Case(row["hypothesis"], [" ".join(parts)], longest)


def holds_gold(case: Case, evidence: Evidence) -> bool:
    """One document: the chunk holds the gold sentence. Several sources: it comes from the gold one."""
    if len(case.sources) == 1:
        return case.gold in evidence.text
    return evidence.source_index is not None and case.sources[evidence.source_index] == case.gold


def recall(cases: list[Case], mode: str, k: int, reach: list[int], backend: Backend) -> tuple[float, float]:
    """recall@1 and recall@k of ``cases`` in ``mode`` with the default embedder on ``backend``;
    for hybrid, appends to ``reach`` the BM25 rank of every chunk its top-k returned (one past
    the last for a chunk BM25 scores 0)."""
    embed = default_embed_function("cpu", backend)
    cache = SourceIndexCache()
    at_1 = at_k = 0
    for case in cases:
        index = cache.get(case.sources, embed, "sentence", 2, 1)
        [found] = index.search([case.query], k, "cosine", mode)  # type: ignore[arg-type]
        hits = [holds_gold(case, evidence) for evidence in found]
        at_1 += bool(hits) and hits[0]
        at_k += any(hits)
        if mode == "hybrid":
            [bm25] = index.lexical.rankings([case.query], len(index.chunks))
            ids = [index.chunks.index(e) for e in found]
            reach += [bm25.index(i) + 1 if i in bm25 else len(index.chunks) + 1 for i in ids]
    return at_1 / len(cases), at_k / len(cases)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("build/data/dev.jsonl"))
    parser.add_argument("--per-set", type=int, default=200)
    parser.add_argument("--long-per-size", type=int, default=40)
    parser.add_argument("--k", type=int, default=3)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument(
        "--embedder-backend",
        choices=("onnx", "torch"),
        default="torch",
        help="the default embedder's runtime: torch fp32 (the default) or int8 ONNX (backend='onnx')",
    )
    parser.add_argument(
        "--shortlist", type=int, default=retrieval.SHORTLIST, help="BM25 chunks per sentence that hybrid embeds"
    )
    parser.add_argument(
        "--embedder-max-tokens",
        type=int,
        default=retrieval.DEFAULT_EMBEDDER_MAX_TOKENS,
        help="word pieces of a text the default embedder reads",
    )
    parser.add_argument("--end-to-end", action="store_true", help="also the verdicts each mode gives end to end")
    parser.add_argument("--e2e-per-set", type=int, default=300, help="items per end-to-end set (eval-model's 300)")
    args = parser.parse_args()
    # the two settings a cold call's embedding cost depends on, set before the embedder loads
    retrieval.SHORTLIST, retrieval.DEFAULT_EMBEDDER_MAX_TOKENS = args.shortlist, args.embedder_max_tokens
    rows = [json.loads(line) for line in args.data.open(encoding="utf-8")]
    rng = random.Random(args.seed)
    sets: dict[str, list[Case]] = {
        "same page": same_page(rows, args.per_set, rng),
        "paraphrase": paraphrase(rows, args.per_set, rng),
    }
    for size, case in long_document(rows, args.long_per_size, rng):
        sets.setdefault(f"long document ({size // 1000}k chars)", []).append(case)
    reach: list[int] = []
    header = " | ".join(f"{mode} @1 | {mode} @{args.k}" for mode in MODES)
    print(f"| set | n | {header} |\n|---|---|" + "---|" * (2 * len(MODES)))
    for name, cases in sets.items():
        cells = [f"{100 * r:.1f}" for mode in MODES for r in recall(cases, mode, args.k, reach, args.embedder_backend)]
        print(f"| {name} | {len(cases)} | " + " | ".join(cells) + " |", flush=True)
    deepest = max(reach)
    print(
        f"\nhybrid top-{args.k}: BM25 rank of the chunks it returned: median {sorted(reach)[len(reach) // 2]}, "
        f"deepest {deepest}; {sum(r > args.shortlist for r in reach)} of {len(reach)} beyond the shortlist "
        f"({args.shortlist})"
    )
    if args.end_to_end:
        end_to_end(args.e2e_per_set)


def end_to_end(per_set: int) -> None:
    """Balanced accuracy, AUROC and unfaithful answers passed, per mode, on eval-model's end-to-end sets."""
    from training.evaluate import EVAL, end_to_end_metrics, end_to_end_sets, sample
    from validator import defaults

    print(f"\n| end-to-end set | n | {' | '.join(f'{m} bal. acc / AUROC / unfaithful passed' for m in MODES)} |")
    print("|---|---|" + "---|" * len(MODES))
    for name, load in end_to_end_sets(EVAL, Path("build/cache")).items():
        items = sample(load(), per_set, 13)
        cells = []
        for mode in MODES:
            m = end_to_end_metrics(defaults.BUNDLED_MODEL_DIR, items, mode)  # type: ignore[arg-type]
            cells.append(
                f"{100 * m['balanced_accuracy']:.1f} / {100 * m['auroc']:.1f} / {100 * m['unfaithful_passed']:.1f}"
            )
        print(f"| {name} | {len(items)} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
