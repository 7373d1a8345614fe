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
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from tqdm.auto import tqdm

from validator import defaults
from validator.citations import CitationChecker
from validator.errors import CheckUnavailable, InvalidInput, require_text
from validator.judge import LLMJudge, ScorerMode, cli_judge
from validator.pipeline import CheckReport, CheckRequest, ProvenanceChecker
from validator.retrieval import Retrieval
from validator.scoring import Backend, NLIScorer
from validator.verdicts import FAILABLE_VERDICTS, Thresholds, parse_fail_on


@dataclass(frozen=True)
class JobSettings:
    """How to build a checker; plain values, so Ray can ship them to its actors."""

    model_name: str | None = None
    device: str | None = None
    backend: Backend = "torch"
    batch_size: int | None = None
    top_k: int = defaults.TOP_K
    min_confidence: float | None = None
    contradiction_threshold: float | None = None
    fail_on: tuple[str, ...] = FAILABLE_VERDICTS
    scorer_mode: ScorerMode = "nli"
    llm_model: str | None = None
    llm_api_base: str | None = None
    retrieval: Retrieval = "hybrid"
    settings_file: str | None = None
    review_threshold: float = defaults.REVIEW_THRESHOLD
    max_length: int = defaults.MAX_LENGTH

    def scorer(self) -> NLIScorer:
        return NLIScorer(
            self.model_name,
            device=self.device,
            batch_size=self.batch_size,
            backend=self.backend,
            settings_file=self.settings_file,
            max_length=self.max_length,
        )

    def thresholds(self, scorer: NLIScorer) -> Thresholds:
        """The model folder's thresholds, with the ones set here in their place."""
        settings = scorer.settings
        return Thresholds(
            entailment=settings.entailment_threshold if self.min_confidence is None else self.min_confidence,
            contradiction=settings.contradiction_threshold
            if self.contradiction_threshold is None
            else self.contradiction_threshold,
            review=self.review_threshold,
        )

    def judge(self) -> LLMJudge | None:
        return cli_judge(self.llm_model, self.llm_api_base) if self.scorer_mode != "nli" and self.llm_model else None

    def checker(self) -> ProvenanceChecker:
        scorer = self.scorer()
        return ProvenanceChecker(
            scorer,
            top_k=self.top_k,
            thresholds=self.thresholds(scorer),
            embed_device=self.device,
            retrieval=self.retrieval,
            scorer_mode=self.scorer_mode,
            judge=self.judge(),
        )

    def citation_checker(self, gate: float) -> CitationChecker:
        """The citation checker with the same model, thresholds and judge as :meth:`checker`."""
        scorer = self.scorer()
        return CitationChecker(
            scorer, gate=gate, thresholds=self.thresholds(scorer), scorer_mode=self.scorer_mode, judge=self.judge()
        )


def report_json(report: CheckReport, fail_on: Iterable[str]) -> dict[str, Any]:
    """``{"passed", "sentences"}``: what the CLI prints and the batch job writes per item."""
    result = {"passed": not report.failing(fail_on), "sentences": [s.to_dict() for s in report.sentences]}
    return result | ({"llm": report.llm} if report.llm is not None else {})


class BatchJob:
    """Rows in, output JSONL lines out. One per process or Ray actor: it owns the model.

    Called by Ray Data with a ``pyarrow.Table`` batch, it returns ``{"line": [...]}``.
    """

    def __init__(self, settings: JobSettings) -> None:
        self.checker = settings.checker()
        self.fail_on = parse_fail_on(settings.fail_on)

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
                require_text(row.get("text"), "the text")
                requests[i] = CheckRequest(row.get("text"), sources=row.get("sources") or [])  # type: ignore[arg-type]
            except InvalidInput as error:
                outputs[i] = {"id": row.get("id"), **self._error(error)}
        for i, result in self._check(requests).items():
            outputs[i] = {"id": rows[i].get("id"), **result}  # type: ignore[union-attr]
        return [json.dumps(output, ensure_ascii=False) for output in outputs]

    def _check(self, requests: dict[int, CheckRequest]) -> dict[int, dict[str, Any]]:
        """All requests in one batched call; if one of them spoils it, each on its own."""
        try:
            reports = self.checker.check_batch(list(requests.values()))
        except (InvalidInput, CheckUnavailable):
            return {i: self._check_one(request) for i, request in requests.items()}
        return {i: report_json(r, self.fail_on) for i, r in zip(requests, reports, strict=True)}

    def _check_one(self, request: CheckRequest) -> dict[str, Any]:
        try:
            return report_json(self.checker.check(request), self.fail_on)
        except (InvalidInput, CheckUnavailable) as error:
            return self._error(error)

    @staticmethod
    def _error(error: Exception) -> dict[str, Any]:
        return {"passed": False, "error": f"{type(error).__name__}: {error}", "sentences": []}


def parse_row(line: str) -> dict[str, Any] | InvalidInput:
    """One input line as an object, or the reason it is not one (reported on its output row)."""
    try:
        row = json.loads(line)
    except ValueError as error:
        return InvalidInput(f"line is not JSON: {error}")
    if not isinstance(row, dict):
        return InvalidInput(f"line must be a JSON object {{id, text, sources}}, got {type(row).__name__}")
    return row


def run_in_process(
    rows: Sequence[str], settings: JobSettings, items_per_batch: int, progress: bool = True
) -> Iterator[str]:
    """Output lines for the raw JSONL ``rows``, checked batch by batch in this process."""
    job = BatchJob(settings)
    with tqdm(total=len(rows), desc="checking", unit="item", disable=not progress) as bar:
        for start in range(0, len(rows), items_per_batch):
            batch = rows[start : start + items_per_batch]
            yield from job.lines(batch)
            bar.update(len(batch))


def run_on_ray(
    path: str,
    settings: JobSettings,
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

    started = not ray.is_initialized()
    if started:  # a cluster of its own stays on loopback
        node_ip = None if address else "127.0.0.1"
        ray.init(address=address, include_dashboard=False, log_to_driver=False, _node_ip_address=node_ip)
    try:
        ray.data.DataContext.get_current().execution_options.preserve_order = True
        dataset = ray.data.read_text(path, drop_empty_lines=True).map_batches(
            BatchJob,
            fn_constructor_kwargs={"settings": settings},
            compute=ray.data.ActorPoolStrategy(size=actors),
            num_cpus=cpus_per_actor,
            batch_size=items_per_batch,
            batch_format="pyarrow",
        )
        for row in dataset.iter_rows():
            yield row["line"]
    finally:
        if started:
            ray.shutdown()
