"""Checking many (answer, sources) items: in this process, or across a Ray cluster.

Both engines run the same :class:`BatchJob` on batches of raw JSONL lines
``{"id": ..., "text": ..., "sources": [...]}`` and produce the same output lines, one per
non-blank input line, in input order. The job parses each line itself, so the engines agree
row for row whatever a line holds (Ray's own JSON reader would infer one schema for the
whole file and fail on ids that mix numbers and strings). In-process, batches are checked
one after another; with Ray, ``ray.data.read_text(...).map_batches(BatchJob, ...)`` spreads
them over a pool of actors, each holding the model once. A row that cannot be checked (not
JSON, not an object, a missing text, a text over the size limit) gets an ``error`` instead
of stopping the job.
"""

from __future__ import annotations

import json
import logging
import os
import warnings
from collections.abc import Iterator, Sequence
from typing import Any

from tqdm.auto import tqdm

from validator.config import CheckerConfig
from validator.errors import CheckUnavailable, InvalidInput, require_text
from validator.pipeline import CheckRequest, ProvenanceChecker, ReportJSON

logger = logging.getLogger("provenance_nli")


class BatchJob:
    """Rows in, output JSONL lines out. One per process or Ray actor: it owns the model.

    Called by Ray Data with a ``pyarrow.Table`` batch, it returns ``{"line": [...]}``.
    """

    def __init__(self, config: CheckerConfig) -> None:
        self.checker = ProvenanceChecker(config=config)
        self.checker.refuse_open_cut()
        self.policy = config.fail_policy()

    def __call__(self, batch: Any) -> dict[str, list[str]]:
        return {"line": self.lines(batch.column("text").to_pylist())}

    def lines(self, raw_lines: Sequence[str]) -> list[str]:
        """One JSON line per non-blank input line, in order: its verdicts, or why it could not be checked."""
        rows = [parse_row(line) for line in raw_lines if line.strip()]
        outputs: list[dict[str, Any] | None] = [None] * len(rows)
        requests: dict[int, CheckRequest] = {}
        for i, row in enumerate(rows):
            if isinstance(row, InvalidInput):
                outputs[i] = {"id": None, **self._error(row)}
                continue
            try:
                require_text(row.get("text"), "the answer")
                requests[i] = CheckRequest(row.get("text"), sources=row.get("sources") or [])  # type: ignore[arg-type]
            except InvalidInput as error:
                outputs[i] = {"id": row.get("id"), **self._error(error)}
        for i, result in self._check(requests).items():
            outputs[i] = {"id": rows[i].get("id"), **result}  # type: ignore[union-attr]
        return [json.dumps(output, ensure_ascii=False) for output in outputs]

    def _check(self, requests: dict[int, CheckRequest]) -> dict[int, ReportJSON]:
        """All requests in one batched call; if one of them spoils it, each on its own."""
        try:
            reports = self.checker.check_batch(list(requests.values()))
        except (InvalidInput, CheckUnavailable):
            return {i: self._check_one(request) for i, request in requests.items()}
        return {i: r.to_json(self.policy) for i, r in zip(requests, reports, strict=True)}

    def _check_one(self, request: CheckRequest) -> ReportJSON:
        try:
            return self.checker.check(request).to_json(self.policy)
        except (InvalidInput, CheckUnavailable) as error:
            return self._error(error)

    @staticmethod
    def _error(error: Exception) -> ReportJSON:
        return {"passed": False, "error": f"{type(error).__name__}: {error}", "sentences": []}


def parse_row(line: str) -> dict[str, Any] | InvalidInput:
    """One input line as an object, or the reason it is not one (reported on its output row)."""
    try:
        row = json.loads(line)
    except ValueError as error:
        return InvalidInput(f"line is not JSON: {error}")
    except RecursionError:
        return InvalidInput("line is not a JSON object {id, text, sources}: it is nested too deeply")
    if not isinstance(row, dict):
        return InvalidInput(f"line must be a JSON object {{id, text, sources}}, got {type(row).__name__}")
    return row


def run_in_process(
    rows: Sequence[str], config: CheckerConfig, items_per_batch: int, progress: bool = True
) -> Iterator[str]:
    """Output lines for the raw JSONL ``rows``, checked batch by batch in this process; with
    ``progress``, a bar on stderr where it is a terminal."""
    job = BatchJob(config)
    with tqdm(total=len(rows), desc="checking", unit="item", disable=None if progress else True) as bar:
        for start in range(0, len(rows), items_per_batch):
            batch = rows[start : start + items_per_batch]
            yield from job.lines(batch)
            bar.update(len(batch))


def run_on_ray(
    path: str,
    config: CheckerConfig,
    items_per_batch: int,
    actors: int = 2,
    cpus_per_actor: float = 0.5,
    address: str | None = None,
) -> Iterator[str]:
    """Output lines for the JSONL file at ``path``, checked by a pool of Ray actors.

    Starts a local Ray (or joins ``address``) when none is running, and shuts down what it
    started. Fractional CPUs per actor leave room for the read tasks; on a 2-core machine,
    whole-CPU actors would take every core and the read would never be scheduled.
    """
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    import ray

    # Ray's own lines on stderr look like failures to a person running a batch: token
    # authentication (on, for the local cluster too) and Ray Data's progress; warnings stay.
    import ray.data

    logging.getLogger("ray._private.authentication.authentication_token_setup").setLevel(logging.ERROR)
    logging.getLogger("ray.data").setLevel(logging.WARNING)
    started = not ray.is_initialized()
    if started:  # a cluster of its own stays on loopback
        node_ip = None if address else "127.0.0.1"
        ray.init(
            address=address,
            include_dashboard=False,
            log_to_driver=False,
            logging_level=logging.WARNING,
            _node_ip_address=node_ip,
        )
    logger.info("checking %s on Ray: %d actors, each holding the model; Ray's info lines are off", path, actors)
    try:
        context = ray.data.DataContext.get_current()
        context.execution_options.preserve_order = True
        context.print_on_execution_start = context.enable_auto_log_stats = False
        with warnings.catch_warnings():
            # Ray Data keeps an actor's constructor arguments in the object store and, with actor
            # restarts on (its default), logs an error-level line on every run that a restart could
            # lose them (ray-project/ray#53727). Its own advice is map_batches(max_restarts=0), which
            # Ray 2.60 also marks deprecated, with no named replacement yet: an actor that dies
            # fails the run (which says so) rather than restarting.
            warnings.simplefilter("ignore", DeprecationWarning)
            dataset = ray.data.read_text(path, drop_empty_lines=True).map_batches(
                BatchJob,
                fn_constructor_kwargs={"config": config},
                compute=ray.data.ActorPoolStrategy(size=actors),
                num_cpus=cpus_per_actor,
                batch_size=items_per_batch,
                batch_format="pyarrow",
                max_restarts=0,
            )
        for row in dataset.iter_rows():
            yield row["line"]
    finally:
        if started:
            ray.shutdown()
