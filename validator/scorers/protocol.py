"""The wire format of remote scoring: KServe v2 (Open Inference Protocol) JSON.

One module owns both directions, so the client in :mod:`validator.scorers.remote` and the server in
:mod:`validator.serving` cannot drift apart. A request holds two BYTES tensors,
``premise`` and ``hypothesis``, of shape ``[N]``. A response holds ``probabilities`` (FP32,
``[N, L]``, row-major) and ``labels`` (BYTES, ``[L]``, the model's own ``id2label`` names),
so a client maps columns by name and never guesses the label order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from validator import defaults
from validator.errors import InvalidInput, ModelUnavailable
from validator.scorers.base import checked_probabilities

PREMISE, HYPOTHESIS, PROBABILITIES, LABELS = "premise", "hypothesis", "probabilities", "labels"


def _bytes_tensor(name: str, values: Sequence[str]) -> dict[str, Any]:
    return {"name": name, "shape": [len(values)], "datatype": "BYTES", "data": list(values)}


def encode_request(pairs: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """The request body for scoring ``pairs``."""
    return {
        "inputs": [
            _bytes_tensor(PREMISE, [premise for premise, _ in pairs]),
            _bytes_tensor(HYPOTHESIS, [hypothesis for _, hypothesis in pairs]),
        ]
    }


class RequestTooLarge(InvalidInput):
    """A request over the server's size limits (answered with HTTP 413)."""


def decode_request(
    body: Any, max_pairs: int = defaults.SERVE_MAX_PAIRS, max_text_chars: int = defaults.SERVE_MAX_TEXT_CHARS
) -> list[tuple[str, str]]:
    """The pairs in a request body, checked against the KServe v2 spec and the limits.

    Checked here, per request and before any batching, so that one bad request gets its own
    error and never fails the requests merged with it: exactly one ``premise`` and one
    ``hypothesis`` tensor, each ``datatype`` ``BYTES`` with ``shape`` ``[N]`` matching its
    data, strings that are valid Unicode (no lone surrogates), at most ``max_pairs`` pairs
    and ``max_text_chars`` characters per text.

    Raises:
        InvalidInput: The body is not such a request; the message says what is wrong.
        RequestTooLarge: It is over a limit.
    """
    inputs = body.get("inputs") if isinstance(body, Mapping) else None
    if not isinstance(inputs, list):
        raise InvalidInput('expected a JSON object with an "inputs" list (KServe v2)')
    tensors: dict[str, Mapping[str, Any]] = {}
    for tensor in inputs:
        name = tensor.get("name") if isinstance(tensor, Mapping) else None
        if name in tensors:
            raise InvalidInput(f'input "{name}" appears twice')
        if name in (PREMISE, HYPOTHESIS):
            tensors[name] = tensor
    columns = []
    for name in (PREMISE, HYPOTHESIS):
        tensor = tensors.get(name, {})
        data = tensor.get("data")
        if not isinstance(data, list) or not all(isinstance(value, str) for value in data):
            raise InvalidInput(f'input "{name}" must be a BYTES tensor whose data is a list of strings')
        if tensor.get("datatype") not in (None, "BYTES"):
            raise InvalidInput(f'input "{name}" has datatype {tensor.get("datatype")!r}; expected "BYTES"')
        if tensor.get("shape") not in (None, [len(data)]):
            raise InvalidInput(f'input "{name}" has shape {tensor.get("shape")!r:.60} but {len(data)} values')
        if len(data) > max_pairs:
            raise RequestTooLarge(f'input "{name}" has {len(data)} values; the limit is {max_pairs} per request')
        for i, value in enumerate(data):
            if len(value) > max_text_chars:
                raise RequestTooLarge(f"{name}[{i}] has {len(value):,} characters; the limit is {max_text_chars:,}")
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as error:
                raise InvalidInput(f"{name}[{i}] is not valid Unicode text: {error.reason}") from error
        columns.append(data)
    if len(columns[0]) != len(columns[1]):
        raise InvalidInput(f"{len(columns[0])} premises but {len(columns[1])} hypotheses")
    return list(zip(columns[0], columns[1], strict=True))


def encode_response(
    probabilities: np.ndarray, labels: Sequence[str], model_name: str, parameters: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The response body: ``probabilities`` is ``(N, L)`` with columns in ``labels`` order."""
    rows, width = probabilities.shape
    return {
        "model_name": model_name,
        "outputs": [
            {
                "name": PROBABILITIES,
                "shape": [rows, width],
                "datatype": "FP32",
                "data": probabilities.astype(np.float32).reshape(-1).tolist(),
            },
            _bytes_tensor(LABELS, list(labels)),
        ],
        **({"parameters": dict(parameters)} if parameters else {}),
    }


def decode_response(body: Any, rows: int) -> np.ndarray:
    """``(rows, 3)`` probabilities in ENTAILMENT, NEUTRAL, CONTRADICTION order.

    A response is trusted only as far as it can be checked, because a wrong one would make
    sentences pass: the KServe v2 fields here (a flat list of numbers, a declared shape, if any,
    of ``[rows, labels]``), then what any scorer's output must be
    (:func:`~validator.scorers.base.checked_probabilities`: labels including entailment, finite
    numbers in [0, 1], rows that sum to 1).

    Raises:
        ModelUnavailable: The body is not such a response; the message says what is wrong.
    """

    def malformed(reason: str) -> ModelUnavailable:
        return ModelUnavailable(f"the scoring endpoint sent a malformed response: {reason}")

    try:
        outputs = {t["name"]: t for t in body["outputs"]}
        labels, data = outputs[LABELS]["data"], outputs[PROBABILITIES]["data"]
        shape = outputs[PROBABILITIES].get("shape")
    except (KeyError, TypeError, AttributeError) as error:
        raise malformed(f"missing field {error!r}") from error
    if not isinstance(labels, list):  # their names are checked with the probabilities below
        raise malformed(f"labels must be a list of at least two names, got {labels!r:.200}")
    if not isinstance(data, list) or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in data):
        raise malformed("probabilities must be a flat list of numbers")
    if shape is not None and shape != [rows, len(labels)]:
        raise malformed(f"shape {shape!r:.100} is not [{rows}, {len(labels)}]")
    if len(data) != rows * len(labels):
        raise malformed(f"{len(data)} values for {rows} rows of {len(labels)} labels")
    grid = np.asarray(data, dtype=np.float64).reshape(rows, len(labels))
    return checked_probabilities(grid, labels, rows, "the scoring endpoint sent a malformed response")
