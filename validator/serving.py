"""A Ray Serve app that scores (premise, hypothesis) pairs for many validators at once.

One pool of replicas, each holding the model once, serves every app that points
``ProvenanceNLI(use_local=False, validation_endpoint=...)`` at it. Requests that arrive
together are merged by ``@serve.batch`` into one forward pass. The same handler answers at
``/validate`` (the hub's route) and ``/v2/models/provenance-nli/infer`` (KServe v2); the
format is in :mod:`validator.scorers.protocol`. ``pip install "provenance-nli[serve]"``, then::

    serve run validator.serving:app
    serve run validator.serving:build_app num_replicas=2 num_cpus=1 max_batch_size=32
    serve run validator.serving:build_app min_replicas=1 max_replicas=4 num_gpus=1
"""

# No ``from __future__ import annotations`` here: FastAPI reads the route signatures at runtime.
import asyncio
import json
from collections.abc import Mapping
from typing import Any

import numpy as np
from fastapi import FastAPI, HTTPException, Request
from ray import serve
from ray.serve import Application

from validator import defaults
from validator.errors import CheckUnavailable, InvalidInput
from validator.scorers.base import Backend
from validator.scorers.nli import NLIScorer
from validator.scorers.protocol import RequestTooLarge, decode_request, encode_response

api = FastAPI(title="provenance-nli scoring", description=(__doc__ or "").splitlines()[0])


@serve.deployment(name="ProvenanceNLIScorer", max_ongoing_requests=128, health_check_period_s=10)
@serve.ingress(api)
class ScoringServer:
    """Loads the NLI model once per replica and scores merged batches of requests.

    Args:
        model_name: Model folder or hub id. Defaults to the bundled model.
        device: ``cpu``, ``cuda``…; ``None`` picks the best the replica has.
        backend: ``"torch"`` or ``"onnx"`` (int8, CPU).
        max_batch_size: Requests merged into one scoring call.
        batch_wait_timeout_s: How long a batch waits to fill.
        max_body_bytes: Larger request bodies get HTTP 413 unread. Defaults to 4 MB.
        max_pairs: Pairs per request (413 above). Defaults to 1,024.
        max_text_chars: Characters per premise or hypothesis (413 above). Defaults to 20,000.

    Every request is decoded and checked on its own before it joins a batch, so a bad one
    gets its 400 or 413 and the requests merged with it are scored as usual.
    """

    def __init__(
        self,
        model_name: str | None = None,
        device: str | None = None,
        backend: Backend = "torch",
        max_batch_size: int = defaults.SERVE_MAX_BATCH_SIZE,
        batch_wait_timeout_s: float = defaults.SERVE_BATCH_WAIT_S,
        max_body_bytes: int = defaults.SERVE_MAX_BODY_BYTES,
        max_pairs: int = defaults.SERVE_MAX_PAIRS,
        max_text_chars: int = defaults.SERVE_MAX_TEXT_CHARS,
    ) -> None:
        self.max_body_bytes = max_body_bytes
        self.max_pairs = max_pairs
        self.max_text_chars = max_text_chars
        self.scorer = NLIScorer(model_name, device=device, backend=backend)
        self.scorer.warm_up()
        labels = self.scorer.labels
        self.columns = [column for column, _ in labels]
        self.label_names = [name for _, name in labels]
        # serve.batch adds these setters to the method at runtime; its stubs do not declare them
        self._score_batch.set_max_batch_size(max_batch_size)  # pyright: ignore[reportAttributeAccessIssue]
        self._score_batch.set_batch_wait_timeout_s(batch_wait_timeout_s)  # pyright: ignore[reportAttributeAccessIssue]

    @serve.batch(max_batch_size=defaults.SERVE_MAX_BATCH_SIZE, batch_wait_timeout_s=defaults.SERVE_BATCH_WAIT_S)
    async def _score_batch(self, requests: list[list[tuple[str, str]]]) -> list[tuple[np.ndarray, int]]:
        """All pairs of the merged requests in one call, off the event loop so more can queue."""
        pairs = [pair for request in requests for pair in request]
        probabilities = (await asyncio.to_thread(self.scorer.score, pairs))[:, self.columns]
        results, row = [], 0
        for request in requests:
            results.append((probabilities[row : row + len(request)], len(requests)))
            row += len(request)
        return results

    async def _infer(self, request: Request) -> dict[str, Any]:
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_body_bytes:
            raise HTTPException(status_code=413, detail=f"body over {self.max_body_bytes:,} bytes")
        body = b""
        async for part in request.stream():
            body += part
            if len(body) > self.max_body_bytes:
                raise HTTPException(status_code=413, detail=f"body over {self.max_body_bytes:,} bytes")
        try:
            pairs = decode_request(json.loads(body), self.max_pairs, self.max_text_chars)
        except RequestTooLarge as error:
            raise HTTPException(status_code=413, detail=str(error)) from error
        except (ValueError, RecursionError) as error:  # not JSON, nested too deep, not a v2 request
            raise HTTPException(status_code=400, detail=f"bad request: {str(error)[:300]}") from error
        if not pairs:
            return encode_response(np.zeros((0, len(self.columns))), self.label_names, defaults.SERVED_MODEL_NAME)
        try:
            probabilities, merged = await self._score_batch(pairs)
        except CheckUnavailable as error:
            raise HTTPException(status_code=503, detail=str(error)) from error
        return encode_response(
            probabilities, self.label_names, defaults.SERVED_MODEL_NAME, {"batched_requests": merged}
        )

    @api.post("/validate")
    async def validate(self, request: Request) -> dict[str, Any]:
        """Score the pairs in a KServe v2 request (the hub validators' route)."""
        return await self._infer(request)

    @api.post("/v2/models/{model}/infer")
    async def infer(self, model: str, request: Request) -> dict[str, Any]:
        """KServe v2 inference on the served model."""
        if model != defaults.SERVED_MODEL_NAME:
            raise HTTPException(
                status_code=404, detail=f"no model {model!r}; this server has {defaults.SERVED_MODEL_NAME!r}"
            )
        return await self._infer(request)

    @api.get("/health")
    @api.get("/v2/health/ready")
    async def health(self) -> dict[str, Any]:
        """Ready once the model is loaded (the constructor warms it up)."""
        return {"status": "ready", "model": defaults.SERVED_MODEL_NAME, "labels": self.label_names}


def build_app(args: Mapping[str, str]) -> Application:
    """The app, configured from ``serve run validator.serving:build_app key=value ...``.

    Keys: ``num_replicas`` (default 1), or ``min_replicas`` and ``max_replicas`` for
    autoscaling on ongoing requests; ``num_cpus`` and ``num_gpus`` per replica (default 1
    and 0); ``model_name``, ``device``, ``backend``, ``max_batch_size``,
    ``batch_wait_timeout_s``, ``max_body_bytes``, ``max_pairs``, ``max_text_chars``.
    """
    known = {
        "num_replicas",
        "min_replicas",
        "max_replicas",
        "num_cpus",
        "num_gpus",
        "model_name",
        "device",
        "backend",
        "max_batch_size",
        "batch_wait_timeout_s",
        "max_body_bytes",
        "max_pairs",
        "max_text_chars",
    }
    if unknown := set(args) - known:
        raise InvalidInput(f"unknown app arguments {sorted(unknown)}; known: {sorted(known)}")
    actor_options = {"num_cpus": float(args.get("num_cpus", 1)), "num_gpus": float(args.get("num_gpus", 0))}
    if "min_replicas" in args or "max_replicas" in args:
        scaling: dict[str, Any] = {
            "autoscaling_config": {
                "min_replicas": int(args.get("min_replicas", 1)),
                "max_replicas": int(args.get("max_replicas", 2)),
                "target_ongoing_requests": defaults.SERVE_MAX_BATCH_SIZE,
            }
        }
    else:
        scaling = {"num_replicas": int(args.get("num_replicas", 1))}
    return ScoringServer.options(ray_actor_options=actor_options, **scaling).bind(
        model_name=args.get("model_name"),
        device=args.get("device"),
        backend=args.get("backend", "torch"),
        max_batch_size=int(args.get("max_batch_size", defaults.SERVE_MAX_BATCH_SIZE)),
        batch_wait_timeout_s=float(args.get("batch_wait_timeout_s", defaults.SERVE_BATCH_WAIT_S)),
        max_body_bytes=int(args.get("max_body_bytes", defaults.SERVE_MAX_BODY_BYTES)),
        max_pairs=int(args.get("max_pairs", defaults.SERVE_MAX_PAIRS)),
        max_text_chars=int(args.get("max_text_chars", defaults.SERVE_MAX_TEXT_CHARS)),
    )


app = build_app({})
"""The default app: one replica of the bundled model on one CPU (``serve run validator.serving:app``)."""
