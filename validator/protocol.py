"""The wire format of remote scoring: KServe v2 (Open Inference Protocol) JSON.

One module owns both directions, so the client in :mod:`validator.remote` and the server in
:mod:`validator.serving` cannot drift apart. A request holds two BYTES tensors,
``premise`` and ``hypothesis``, of shape ``[N]``. A response holds ``probabilities`` (FP32,
``[N, L]``, row-major) and ``labels`` (BYTES, ``[L]``, the model's own ``id2label`` names),
so a client maps columns by name and never guesses the label order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from validator.errors import InvalidInput, ModelUnavailable
from validator.scoring import label_columns

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


def decode_request(body: Any) -> list[tuple[str, str]]:
    """The pairs in a request body.

    Raises:
        InvalidInput: The body is not a v2 request with two equally long string tensors
            named ``premise`` and ``hypothesis``; the message says what is wrong.
    """
    inputs = body.get("inputs") if isinstance(body, Mapping) else None
    if not isinstance(inputs, list):
        raise InvalidInput('expected a JSON object with an "inputs" list (KServe v2)')
    tensors = {t.get("name"): t.get("data") for t in inputs if isinstance(t, Mapping)}
    columns = []
    for name in (PREMISE, HYPOTHESIS):
        data = tensors.get(name)
        if not isinstance(data, list) or not all(isinstance(value, str) for value in data):
            raise InvalidInput(f'input "{name}" must be a BYTES tensor whose data is a list of strings')
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

    Raises:
        ModelUnavailable: The body is not a v2 response with ``rows`` rows of probabilities
            and labels this package can read.
    """
    try:
        outputs = {t["name"]: t for t in body["outputs"]}
        labels = [str(label) for label in outputs[LABELS]["data"]]
        columns = label_columns(dict(enumerate(labels)))
        flat = np.asarray(outputs[PROBABILITIES]["data"], dtype=np.float32)
        probabilities = flat.reshape(rows, len(labels))
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ModelUnavailable(f"the scoring endpoint sent a malformed response: {error!r}") from error
    if not np.isfinite(probabilities).all():
        raise ModelUnavailable("the scoring endpoint sent probabilities that are not finite numbers")
    result = np.zeros((rows, 3), dtype=np.float32)
    result[:, columns] = probabilities
    return result
