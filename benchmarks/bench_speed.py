"""Speed, side by side: provenance-nli against guardrails-ai-provenance-nli 0.1.0.

Both validators run in this one process, on the same NLI model (the bundled one), the
same embedder (all-MiniLM-L6-v2 in torch, one shared embed function), the same chunking and the
same inputs: passages of the Python language reference that ships with CPython
(``pydoc_data.topics``), real technical prose available offline everywhere.

The reference does not run as published; exactly three changes are made, and printed:
a sentence splitter in place of its punkt download, ``encode_plus`` (removed in
transformers 5) mapped to the tokenizer call, and the (1, d) query embedding flattened
where its ``sources`` path multiplies it. Peak RSS is measured in a child process per
validator on workloads (a) and (b), since a process's peak cannot be split between two
validators. The reference re-embeds every chunk for every sentence and checks items one by
one, so on (c) and (d) it is timed on 5 of 50 sentences and 20 of 200 items and scaled up
(it would otherwise take most of an hour); the output says so.

Two more rows. (e) is (b) with **both validators at their defaults**: each its own chunking
(ours: 2 sentences with 1 overlapping, hybrid retrieval with the default embedder; the
reference: 5 sentences with 2 overlapping), with the same MiniLM-L6 embedder standing in for
the reference's default paraphrase-MiniLM-L6-v2, which it would download from the hub. (f) is
10 sentences against **one 5 MB source** (the reference passages repeated), ours only, with
``max_source_chars`` raised to admit it: the reference embeds every chunk for every sentence
and did not finish it in 10 minutes, so it is not run. Most sentences of these answers are
copies of source sentences, which this validator settles without retrieval or model; (g) is (e)
with every sentence cut short by its last word, so that none is. (h) is the RAG pattern: 20
answers of 10 such sentences, all checked against the **same 50 sources** (cold: the first
answer indexes them, the other 19 reuse the index); the reference, which caches nothing, is timed
on 2 of the 20 and scaled up. (i) is (g)'s shape with half the answer copied and the other half
reworded (:data:`REWORDED`), so that BM25 alone cannot place those sentences and the embedder runs.
Every row also gives the chunks our cold call embedded and one embedding pass over them alone:
the part of a cold call that a warm one reuses.

    python benchmarks/bench_speed.py            # all workloads
    python benchmarks/bench_speed.py --workloads a b --runs 5
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import importlib.util
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
import nltk
import numpy as np
import torch

from validator import ProvenanceNLI, defaults
from validator.pipeline import CheckRequest, stages
from validator.pipeline.claims import Batch
from validator.retrieval import SourceIndexCache, default_embed_function, embed
from validator.splitting import split_sentences

ROOT = Path(__file__).resolve().parents[1]
REFERENCE_DIR = ROOT / "build" / "bench" / "reference"
REFERENCE = "guardrails-ai-provenance-nli==0.1.0"
CHUNKING = {"chunk_strategy": "sentence", "chunk_size": 2, "chunk_overlap": 1}
TOP_K = 3
WORKLOADS = {  # name: (sentences per answer, sources per item, items)
    "a": (1, 3, 1),
    "b": (10, 20, 1),
    "c": (50, 100, 1),
    "d": (2, 3, 200),
    "e": (10, 20, 1),
    "f": (10, 1, 1),
    "g": (10, 20, 1),
    "h": (10, 50, 20),
    "i": (10, 20, 1),
}
AT_DEFAULTS = ("e", "f", "g", "h", "i")
NO_COPIES = ("g", "h")
"""Workloads whose answers copy no sentence: every sentence is retrieved for and scored."""
REWORDED = ("i",)
"""Half the answer copied, the other half in words of its own: every other sentence is cut short by
its last word and ends in a phrase no source has, so BM25 alone cannot anchor it and the
embedder runs (the shape of a RAG answer: 10 sentences, ~20 sources of ~1,500 characters)."""
SHARED_SOURCES = ("h",)
"""Workloads whose items all check against one set of sources: a RAG app's knowledge base."""
HUGE_SOURCE = {"f": 5_000_000}
"""Characters of the one source of workload (f)."""
REFERENCE_SAMPLE = {"c": 5, "d": 20, "h": 2}
"""The reference's cost is strictly additive (it re-embeds every chunk for every sentence and
checks items one by one), so on the large workloads it runs on this many sentences (c) or
items (d) and the time is scaled up; the output says so."""
MEMORY_WORKLOADS = ("a", "b")
SINGLE_RUN = ("c", "d", "f", "h")
"""Workloads timed once per median: each cold run of (d) builds 200 source indexes (~6,000 chunk
embeddings), so three runs plus the floor would take most of an hour on 2 cores."""
Item = tuple[str, list[str]]


def passages(chars: int = 1500) -> list[str]:
    """~1,500-character passages of the Python language reference, cut at sentence ends."""
    from pydoc_data.topics import topics

    result = []
    for name in sorted(topics):
        current = ""
        for sentence in split_sentences(topics[name]):
            if len(current) + len(sentence.text) > chars and current:
                result.append(current)
                current = ""
            current += sentence.text + " "
        if len(current) > chars // 2:
            result.append(current)
    return result


def make_items(
    sentences: int,
    sources: int,
    items: int,
    corpus: list[str],
    seed: int,
    copies: bool = True,
    shared: bool = False,
    reworded: bool = False,
) -> list[Item]:
    """Answers made of sentences from their sources, every other one with "is" negated where it
    has one (so most stay copies); with ``copies=False`` every sentence also loses its last word,
    so none is a copy and each goes through retrieval and the model. ``shared``: every answer
    draws on (and is checked against) the same sources; ``reworded``: every other sentence is a copy
    and the rest are cut short and end in words of their own (:data:`REWORDED`)."""
    rng = np.random.default_rng(seed)
    made = []
    common = [corpus[i] for i in rng.choice(len(corpus), sources, replace=False)] if shared else None
    for _ in range(items):
        chosen = common or [corpus[i] for i in rng.choice(len(corpus), sources, replace=False)]
        pool = [s.text for source in chosen for s in split_sentences(source) if 40 < len(s.text) < 300]
        picked = [pool[i] for i in rng.choice(len(pool), min(sentences, len(pool)), replace=False)]
        answer = [s if i % 2 == 0 else s.replace(" is ", " is not ", 1) for i, s in enumerate(picked)]
        if not copies:
            answer = [s.rstrip(".").rsplit(" ", 1)[0] + "." for s in answer]
        if reworded:
            answer = [
                s if i % 2 == 0 else s.rstrip(".").rsplit(" ", 1)[0] + ", as the manual explains."
                for i, s in enumerate(picked)
            ]
        made.append((" ".join(answer), chosen))
    return made


def huge_items(sentences: int, chars: int, corpus: list[str], seed: int) -> list[Item]:
    """One answer against a single source of ``chars`` characters: the passages, repeated."""
    text = " ".join(corpus)
    source = (text + " ") * (chars // (len(text) + 1) + 1)
    answer, _ = make_items(sentences, 20, 1, corpus, seed)[0]
    return [(answer, [source[:chars]])]


def workload_items(name: str, corpus: list[str]) -> list[Item]:
    if name in HUGE_SOURCE:
        return huge_items(WORKLOADS[name][0], HUGE_SOURCE[name], corpus, seed=ord(name))
    return make_items(
        *WORKLOADS[name],
        corpus,
        seed=ord(name),
        copies=name not in NO_COPIES,
        shared=name in SHARED_SOURCES,
        reworded=name in REWORDED,
    )


def metadata_for(name: str, side: str, embed_function: Callable) -> dict:
    """What each side is given besides the sources: at the defaults, only what the reference
    cannot do without (an embedder it would download); otherwise the shared embedder and chunking."""
    if name not in AT_DEFAULTS:
        return {"embed_function": embed_function, **CHUNKING}
    return {"embed_function": embed_function} if side == "reference" else {}


def reference_sample(name: str, items: list[Item]) -> tuple[list[Item], float]:
    """What the reference runs on for workload ``name``, and the factor that scales its time up."""
    if name not in REFERENCE_SAMPLE:
        return items, 1.0
    size = REFERENCE_SAMPLE[name]
    if name in ("d", "h"):
        return items[:size], len(items) / size
    answer, sources = items[0]
    sentences = [s.text for s in split_sentences(answer)]
    return [(" ".join(sentences[:size]), sources)], len(sentences) / size


def load_reference() -> tuple[type, list[str]]:
    """Install the reference beside the project (its import path clashes with our shim) and patch it."""
    if not (REFERENCE_DIR / "guardrails_ai" / "provenance_nli" / "main.py").exists():
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(REFERENCE_DIR), REFERENCE],
            check=True,
        )
    spec = importlib.util.spec_from_file_location(
        "reference_provenance_nli", REFERENCE_DIR / "guardrails_ai" / "provenance_nli" / "main.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    nltk.sent_tokenize = lambda text, language="english": [s.text for s in split_sentences(text)]

    class FlatQueryNumpy(types.ModuleType):
        def __getattr__(self, name: str):
            return getattr(np, name)

        @staticmethod
        def dot(a, b):
            return np.dot(a, b.reshape(-1) if b.ndim == 2 and b.shape[0] == 1 else b)

    setattr(module, "np", FlatQueryNumpy("numpy"))  # noqa: B010 (the patch, spelled out)
    changes = [
        "1. nltk.sent_tokenize -> provenance-nli's offline splitter (the reference downloads punkt)",
        "2. tokenizer.encode_plus -> tokenizer.__call__ (encode_plus was removed in transformers 5)",
        "3. np.dot(chunks, query) gets the (1, d) query embedding flattened to (d,) (its sources path crashes)",
    ]
    return module.ProvenanceNLI, changes


def make_reference(reference_class: type) -> object:
    validator = reference_class(
        model_name=str(defaults.BUNDLED_MODEL_DIR), top_k=TOP_K, max_length=defaults.MAX_LENGTH, on_fail="noop"
    )
    tokenizer = validator._tokenizer
    tokenizer.encode_plus = tokenizer.__call__
    return validator


def median_seconds(run: Callable[[], object], runs: int, before: Callable[[], object] = lambda: None) -> float:
    times = []
    for _ in range(runs):
        before()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run_ours(validator: ProvenanceNLI, items: list[Item], metadata: dict) -> None:
    if len(items) == 1:
        answer, sources = items[0]
        validator.validate(answer, {"sources": sources, **metadata})
    else:  # the batch API: every item's pairs scored in shared batches
        validator._checker.check_batch([CheckRequest(a, sources=s, **metadata) for a, s in items])


def run_reference(validator: object, items: list[Item], metadata: dict) -> None:
    for answer, sources in items:
        validator.validate(answer, {"sources": sources, **metadata})  # type: ignore[attr-defined]


def embedding_alone(cache: SourceIndexCache, items: list[Item], metadata: dict, runs: int) -> tuple[int, float]:
    """The chunks the last cold run embedded, and one embedding pass over them alone: the part of
    a cold call that a warm one reuses (NaN where the items' source sets overflow the cache)."""
    if len({tuple(sources) for _, sources in items}) > cache.max_size:
        return 0, float("nan")
    texts = cache.embedded_texts()
    embed_function = metadata.get("embed_function") or default_embed_function("cpu", "torch")
    return len(texts), median_seconds(lambda: embed(embed_function, texts), runs) if texts else 0.0


def floor_seconds(validator: ProvenanceNLI, items: list[Item], metadata: dict, runs: int) -> tuple[float, float, int]:
    """The NLI pass over exactly the pairs we score (``stages.score``: the passages, then the
    joint premises still needed), plus one embedding pass over all chunks and sentences (hybrid
    retrieval embeds only a shortlist, so it can beat this floor); and the NLI pass alone, which
    no retrieval choice can go under."""
    setup = validator._checker.setup
    embed_function = metadata.get("embed_function") or default_embed_function()
    requests = [CheckRequest(a, sources=s, **metadata) for a, s in items]
    batch = Batch(requests)
    for stage in (stages.split, stages.read, stages.fetch, stages.settle, stages.retrieve):
        stage(batch, setup)
    opened = batch.open

    def score() -> Batch:  # on copies: the stage sets each claim's premises and probabilities
        scored = Batch(requests, [dataclasses.replace(claim) for claim in opened])
        stages.score(scored, setup)
        return scored

    pairs = sum(len(claim.probabilities) for claim in score().claims)
    texts = [chunk.text for item in range(len(requests)) for chunk in setup.index(batch, item).chunks]
    texts += [claim.span.text for claim in batch.claims]
    nli = median_seconds(score, runs)
    embedding = median_seconds(lambda: embed(embed_function, texts), runs)
    return nli + embedding, nli, pairs


FIRST_CALL = """
import json, sys, time
started = time.perf_counter()
from validator import ProvenanceNLI
answer, sources = json.loads(sys.argv[1])
validator = ProvenanceNLI(on_fail="noop", embedding_cache=sys.argv[2] or None)
validator.validate(answer, {"sources": sources})
print(time.perf_counter() - started)
"""


def first_call_seconds(item: Item, embedding_cache: Path | None) -> float:
    """Seconds from a fresh process's first import to its first verdict on ``item`` (the model and
    embedder load included), with ``embedding_cache`` as given."""
    out = subprocess.run(
        [sys.executable, "-c", FIRST_CALL, json.dumps(item), str(embedding_cache or "")],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return float(out.stdout.strip().splitlines()[-1])


def child_peak_rss(side: str, workload: str) -> float:
    """Peak RSS in MiB of a fresh process that runs one side on one workload (cold, then warm)."""
    out = subprocess.run(
        [sys.executable, __file__, "--rss-child", side, workload], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return float(out.stdout.strip().splitlines()[-1])


def peak_rss_mib() -> float:
    """This process's own peak RSS. Linux's ru_maxrss survives exec, so a child would report its
    parent's peak; VmHWM belongs to the current address space only."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def rss_child(side: str, workload: str) -> None:
    items = workload_items(workload, passages())
    metadata = metadata_for(workload, side, default_embed_function("cpu", "torch"))
    if side == "ours":
        validator = ProvenanceNLI(on_fail="noop", top_k=TOP_K)
        run_ours(validator, items, metadata)
        run_ours(validator, items, metadata)
    else:
        reference = make_reference(load_reference()[0])
        run_reference(reference, items, metadata)
    print(peak_rss_mib())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--workloads", nargs="+", default=list(WORKLOADS), choices=list(WORKLOADS))
    parser.add_argument("--runs", type=int, default=3, help="runs per median on (a) and (b); (c) and (d) run once")
    parser.add_argument("--no-memory", action="store_true", help="skip the peak-RSS child processes")
    parser.add_argument(
        "--first-call", action="store_true", help="also time a fresh process's first verdict, with and without a cache"
    )
    parser.add_argument("--json", type=Path, default=ROOT / "build" / "bench" / "speed.json")
    parser.add_argument("--rss-child", nargs=2, metavar=("SIDE", "WORKLOAD"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.rss_child:
        rss_child(*args.rss_child)
        return

    reference_class, changes = load_reference()
    print("Reference patched with exactly these changes:\n  " + "\n  ".join(changes))
    print(
        f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, torch {torch.__version__}, "
        f"{torch.get_num_threads()} threads, device cpu"
    )
    corpus = passages()
    embed_function = default_embed_function("cpu", "torch")  # the one both sides are given on (a)-(d)
    # the source limit raised for (f) only; it changes nothing else about a check
    ours = ProvenanceNLI(on_fail="noop", top_k=TOP_K, device="cpu", max_source_chars=max(HUGE_SOURCE.values()))
    reference = make_reference(reference_class)
    cache = ours._checker.cache
    rows = []
    ours.validate("warm-up.", {"sources": ["Models load once, outside the timings."]})
    for name in args.workloads:
        items = workload_items(name, corpus)
        runs = 1 if name in SINGLE_RUN else args.runs
        metadata = metadata_for(name, "ours", embed_function)
        ours_cold = median_seconds(functools.partial(run_ours, ours, items, metadata), runs, before=cache.clear)
        embedded, embedding = embedding_alone(cache, items, metadata, runs)
        ours_warm = median_seconds(functools.partial(run_ours, ours, items, metadata), runs)
        floor, nli_floor, pairs = (
            (float("nan"), float("nan"), 0) if name in HUGE_SOURCE else floor_seconds(ours, items, metadata, runs)
        )  # a floor that embeds 5 MB of chunks would take longer than the check
        sample, scale = reference_sample(name, items)
        run_ref = functools.partial(run_reference, reference, sample, metadata_for(name, "reference", embed_function))
        if name in HUGE_SOURCE:
            ref_cold = ref_warm = float("nan")
        elif name == "a":
            ref_cold = median_seconds(run_ref, args.runs)
            ref_warm = median_seconds(run_ref, args.runs)
        else:  # it caches nothing, so its warm time is its cold time: one run
            ref_cold = ref_warm = median_seconds(run_ref, 1) * scale
        row = {
            "workload": name,
            "shape": f"10 sentences x one {HUGE_SOURCE[name] / 1e6:g} MB source, ours at its defaults"
            if name in HUGE_SOURCE
            else "{} sentence(s) x {} sources x {} item(s)".format(*WORKLOADS[name])
            + (" at both defaults" if name in AT_DEFAULTS else "")
            + (", no sentence copied" if name in NO_COPIES else "")
            + (", half copied and half reworded" if name in REWORDED else ""),
            "pairs": pairs,
            "ours_cold_s": ours_cold,
            "ours_warm_s": ours_warm,
            "floor_s": floor,
            "nli_floor_s": nli_floor,
            "chunks_embedded_cold": embedded,
            "embedding_alone_s": embedding,
            "reference_cold_s": ref_cold,
            "reference_warm_s": ref_warm,
            "speedup_cold": ref_cold / ours_cold,
            "speedup_warm": ref_warm / ours_warm,
            "ours_cold_over_floor": ours_cold / floor,
            "runs_per_median": runs,
        }
        row["reference_time_scaled_by"] = scale
        if not args.no_memory and name in MEMORY_WORKLOADS:
            row["ours_peak_rss_mib"] = child_peak_rss("ours", name)
            row["reference_peak_rss_mib"] = child_peak_rss("reference", name)
        rows.append(row)
        print(json.dumps(row))
    print(
        "\nReference times on (c), (d) and (h) are measured on 5 of 50 sentences, 20 of 200 items and 2 of 20 "
        "items and scaled up"
    )
    print("(its cost is per sentence and per item); it caches nothing, so its warm time is its cold time there.")
    print(
        "\n| workload | pairs | ours cold s | ours warm s | cold / warm | chunks embedded cold | embedding alone s "
        "| floor s | NLI alone s | ref cold s | ref warm s | x cold | x warm | ours/floor "
        "| RSS ours MiB | RSS ref MiB |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['workload']}: {r['shape']} | {r['pairs']} | {r['ours_cold_s']:.3f} | {r['ours_warm_s']:.3f} "
            f"| {r['ours_cold_s'] / r['ours_warm_s']:.2f} | {r['chunks_embedded_cold']} | {r['embedding_alone_s']:.3f} "
            f"| {r['floor_s']:.3f} | {r['nli_floor_s']:.3f} "
            f"| {r['reference_cold_s']:.3f} | {r['reference_warm_s']:.3f} "
            f"| {r['speedup_cold']:.1f}x | {r['speedup_warm']:.1f}x | {r['ours_cold_over_floor']:.2f} "
            f"| {r.get('ours_peak_rss_mib', float('nan')):.0f} | {r.get('reference_peak_rss_mib', float('nan')):.0f} |"
        )
    if args.first_call:
        import tempfile

        item = workload_items("g", corpus)[0]
        with tempfile.TemporaryDirectory() as cache_dir:
            plain = first_call_seconds(item, None)
            filling = first_call_seconds(item, Path(cache_dir))  # fills the embedding cache
            warm = first_call_seconds(item, Path(cache_dir))
        print(
            f"\nfirst call of a fresh process (import, load, check one (g) answer): {plain:.2f} s; "
            f"with an embedding cache: {filling:.2f} s empty, {warm:.2f} s filled by an earlier process"
        )
        rows.append({"workload": "first call", "plain_s": plain, "cache_empty_s": filling, "cache_filled_s": warm})
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
