"""Throughput and latency of the Ray Serve scoring app, with one replica and with two.

Starts a local Ray on loopback, deploys ``validator.serving`` with the bundled model, and
has several client threads post the requests a ``ProvenanceNLI(use_local=False)`` sends
(one per answer: its sentences' pairs with their retrieved passages). Prints requests per
second and p50/p95 latency per configuration, and the same clients scoring in-process for
comparison.

    python benchmarks/bench_serving.py
    python benchmarks/bench_serving.py --clients 16 --requests 400 --replicas 1 2 4
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import socket
import statistics
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
os.environ.setdefault("RAY_AUTH_MODE", "disabled")

import numpy as np
import ray
from ray import serve

from validator.scorers.base import PairScorer
from validator.scorers.nli import NLIScorer
from validator.scorers.remote import RemoteScorer
from validator.serving import build_app

ROOT = Path(__file__).resolve().parents[1]
PAIRS_PER_REQUEST = 8
"""Two sentences against three passages and their joint premise: a short answer's request."""


def workload(count: int, seed: int = 0) -> list[list[tuple[str, str]]]:
    """Requests built from the Python language reference (offline, real prose)."""
    from pydoc_data.topics import topics

    sentences = [s.strip() + "." for text in topics.values() for s in text.split(". ") if 60 < len(s) < 240]
    rng = np.random.default_rng(seed)
    return [
        [
            (" ".join(sentences[j] for j in rng.choice(len(sentences), 2)), sentences[rng.integers(len(sentences))])
            for _ in range(PAIRS_PER_REQUEST)
        ]
        for _ in range(count)
    ]


def drive(scorer: PairScorer, requests: list[list[tuple[str, str]]], clients: int) -> dict[str, float]:
    """Every request once, from ``clients`` threads; wall time and per-request latencies."""
    latencies: list[float] = []
    lock = threading.Lock()

    def one(pairs: list[tuple[str, str]]) -> None:
        start = time.perf_counter()
        scorer.score(pairs)
        with lock:
            latencies.append(time.perf_counter() - start)

    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=clients) as pool:
        list(pool.map(one, requests))
    wall = time.perf_counter() - start
    return {
        "requests_per_s": len(requests) / wall,
        "p50_ms": 1000 * statistics.median(latencies),
        "p95_ms": 1000 * float(np.percentile(latencies, 95)),
    }


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def measure(name: str, make: Callable[[], PairScorer], requests: list, clients: int) -> dict[str, object]:
    scorer = make()
    drive(scorer, requests[: clients * 2], clients)  # warm-up: model loaded, connections open
    row = {"setup": name, "clients": clients, "requests": len(requests), **drive(scorer, requests, clients)}
    print(json.dumps(row), flush=True)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--replicas", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--cpus-per-replica", type=float, default=1.0)
    parser.add_argument("--json", type=Path, default=ROOT / "build" / "bench" / "serving.json")
    args = parser.parse_args()
    print(f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Ray {ray.__version__}")
    requests = workload(args.requests)
    rows = [measure("in-process NLIScorer (no server)", NLIScorer, requests, args.clients)]
    ray.init(include_dashboard=False, _node_ip_address="127.0.0.1", log_to_driver=False)
    port = free_port()
    serve.start(http_options={"host": "127.0.0.1", "port": port})
    for replicas in args.replicas:
        app = build_app({"num_replicas": str(replicas), "num_cpus": str(args.cpus_per_replica)})
        serve.run(app, name="provenance-nli", route_prefix="/")
        url = f"http://127.0.0.1:{port}/validate"
        rows.append(
            measure(f"Ray Serve, {replicas} replica(s)", lambda url=url: RemoteScorer(url), requests, args.clients)
        )
        serve.delete("provenance-nli")
    serve.shutdown()
    print(f"\n{PAIRS_PER_REQUEST} pairs per request, {args.clients} client threads, {args.requests} requests\n")
    print("| setup | requests/s | p50 ms | p95 ms |\n|---|---|---|---|")
    for r in rows:
        print(f"| {r['setup']} | {r['requests_per_s']:.1f} | {r['p50_ms']:.0f} | {r['p95_ms']:.0f} |")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    ray.shutdown()


if __name__ == "__main__":
    main()
