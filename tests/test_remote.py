"""Remote scoring from the validator's side: the wire format, label order by name, the
hub-token rule, and failing closed on every way an endpoint can misbehave.

The endpoints here are a stdlib HTTP server on loopback whose good answers come from the
real bundled model; the Ray Serve app itself is tested in test_serving.py.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler

import jwt
import numpy as np
import pytest
from guardrails import Guard
from guardrails.settings import settings
from helpers import last_result, loopback_server, outcome, sentences_of

from validator import ProvenanceNLI
from validator.errors import InvalidInput
from validator.scorers.nli import NLIScorer
from validator.scorers.protocol import decode_request, decode_response, encode_request, encode_response
from validator.scorers.remote import RemoteScorer, hub_token_for

SOURCES = ["The Eiffel Tower was completed in 1889 and is 330 metres tall."]
ANSWER = "The Eiffel Tower was completed in 1889. The Eiffel Tower was completed in 1925."
PERMUTED = [2, 0, 1]  # contradiction, entailment, neutral: not the order the client uses


def _lie(labels: list, data: list, shape: list | None = None) -> dict:
    probabilities = {"name": "probabilities", "datatype": "FP32", "data": data, **({"shape": shape} if shape else {})}
    return {"outputs": [probabilities, {"name": "labels", "datatype": "BYTES", "data": labels}]}


THREE = ["entailment", "neutral", "contradiction"]
LIES = {  # responses that would make every sentence supported if they were believed
    "entailment-only": lambda n: _lie(["entailment"], [1.0] * n),
    "out-of-range": lambda n: _lie(THREE, [1.5, -0.25, -0.25] * n),
    "not-normalized": lambda n: _lie(THREE, [0.9, 0.9, 0.9] * n),
    "logits": lambda n: _lie(THREE, [7.0, -2.0, -3.0] * n),
    "strings": lambda n: _lie(THREE, ["1", "0", "0"] * n),
    "booleans": lambda n: _lie(THREE, [True, False, False] * n),
    "nan": lambda n: _lie(THREE, [float("nan"), 0.0, 0.0] * n),
    "wrong-shape": lambda n: _lie(THREE, [1.0, 0.0, 0.0] * n, shape=[n, 2]),
    "duplicate-labels": lambda n: _lie(["entailment", "entailment", "contradiction"], [0.5, 0.5, 0.0] * n),
    "labels-not-strings": lambda n: _lie([0, 1, 2], [1.0, 0.0, 0.0] * n),
}


class _Endpoint(BaseHTTPRequestHandler):
    scorer: NLIScorer
    seen_headers: list[dict[str, str]]

    def do_POST(self) -> None:
        self.seen_headers.append(dict(self.headers))
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if self.path == "/error":
            return self._send(500, b'{"detail": "replica crashed"}')
        if self.path == "/slow":
            time.sleep(2)
            return self._send(504, b"{}")
        if self.path == "/not-json":
            return self._send(200, b"<html>proxy error</html>")
        pairs = decode_request(json.loads(body))
        if self.path.startswith("/lie/"):
            return self._send(200, json.dumps(LIES[self.path.removeprefix("/lie/")](len(pairs))).encode())
        probabilities = self.scorer.score(pairs)[:, PERMUTED]
        if self.path == "/short":
            probabilities = probabilities[:-1]
        labels = ["contradiction", "entailment", "neutral"]
        self._send(200, json.dumps(encode_response(probabilities, labels, "provenance-nli")).encode())

    def _send(self, status: int, payload: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: object) -> None:  # quiet: the tests read the results
        pass


@pytest.fixture(scope="module")
def endpoint() -> Iterator[tuple[str, list[dict[str, str]]]]:
    headers: list[dict[str, str]] = []
    handler = type("Endpoint", (_Endpoint,), {"scorer": NLIScorer(), "seen_headers": headers})
    with loopback_server(handler) as url:
        yield url, headers


def remote(url: str, **kwargs: object) -> ProvenanceNLI:
    return ProvenanceNLI(on_fail="noop", use_local=False, validation_endpoint=url, **kwargs)  # type: ignore[arg-type]


def test_request_round_trip_and_response_columns_mapped_by_label_name() -> None:
    pairs = [("A premise.", "A hypothesis."), ("Ünïcode ✓", "")]
    assert decode_request(json.loads(json.dumps(encode_request(pairs)))) == pairs
    body = encode_response(np.array([[0.7, 0.2, 0.1]]), ["contradiction", "entailment", "neutral"], "m")
    np.testing.assert_allclose(decode_response(body, 1), [[0.2, 0.1, 0.7]])  # entailment, neutral, contradiction
    two_way = encode_response(np.array([[0.9, 0.1]]), ["not_entailment", "entailment"], "m")
    np.testing.assert_allclose(decode_response(two_way, 1), [[0.1, 0.9, 0.0]])


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, '"inputs" list'),
        ({"inputs": [{"name": "premise", "data": ["a"]}]}, 'input "hypothesis"'),
        ({"inputs": [{"name": "premise", "data": ["a", "b"]}, {"name": "hypothesis", "data": ["c"]}]}, "2 premises"),
        ({"inputs": [{"name": "premise", "data": [1]}, {"name": "hypothesis", "data": ["c"]}]}, "list of strings"),
    ],
    ids=["no-inputs", "no-hypothesis", "lengths", "not-strings"],
)
def test_bad_requests_are_named(body: dict, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        decode_request(body)


def test_guard_over_an_endpoint_matches_local_scoring(endpoint: tuple[str, list]) -> None:
    url, _ = endpoint
    local = ProvenanceNLI(on_fail="noop").validate(ANSWER, {"sources": SOURCES})
    result = outcome(Guard().use(remote(f"{url}/permuted")).validate(ANSWER, metadata={"sources": SOURCES}))
    assert result.validation_passed is False
    remote_result = remote(f"{url}/permuted").validate(ANSWER, {"sources": SOURCES})
    assert [s["verdict"] for s in sentences_of(remote_result)] == [s["verdict"] for s in sentences_of(local)]
    assert [s["verdict"] for s in sentences_of(local)] == ["supported", "contradicted"]
    for ours, theirs in zip(sentences_of(remote_result), sentences_of(local), strict=True):
        assert ours["entailment"] == pytest.approx(theirs["entailment"], abs=1e-5)


def test_inference_endpoint_is_the_same_as_use_local_false(endpoint: tuple[str, list]) -> None:
    url, _ = endpoint
    result = ProvenanceNLI(inference_endpoint=f"{url}/permuted", on_fail="noop").validate(ANSWER, {"sources": SOURCES})
    assert [s["verdict"] for s in sentences_of(result)] == ["supported", "contradicted"]


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("/error", "answered HTTP 500"),
        ("/slow", "timed out after 0.5 s"),
        ("/not-json", "not JSON"),
        ("/short", "malformed response"),
    ],
    ids=["5xx", "timeout", "not-json", "wrong-shape"],
)
def test_misbehaving_endpoint_fails_closed(endpoint: tuple[str, list], path: str, reason: str) -> None:
    url, _ = endpoint
    result = remote(f"{url}{path}", endpoint_timeout=0.5).validate(ANSWER, {"sources": SOURCES})
    assert result.outcome == "fail"
    assert "could not run, so nothing was verified" in result.error_message  # type: ignore[attr-defined]
    assert reason in result.error_message  # type: ignore[attr-defined]


@pytest.mark.parametrize("lie", sorted(LIES))
def test_implausible_scores_fail_closed(endpoint: tuple[str, list], lie: str) -> None:
    url, _ = endpoint
    guard = Guard().use(ProvenanceNLI(on_fail="fix", use_local=False, validation_endpoint=f"{url}/lie/{lie}"))
    result = outcome(guard.validate(ANSWER, metadata={"sources": SOURCES}))
    assert result.validated_output == ""  # fix applied: nothing unverified is left
    message = last_result(guard).error_message
    assert "malformed response" in message


def test_refused_connection_fails_closed() -> None:
    import socket

    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = remote(f"http://127.0.0.1:{port}/validate").validate(ANSWER, {"sources": SOURCES})
    assert result.outcome == "fail" and "could not reach scoring endpoint" in result.error_message  # type: ignore[attr-defined]


def test_hub_token_is_sent_to_the_hub_only(endpoint: tuple[str, list], monkeypatch: pytest.MonkeyPatch) -> None:
    url, headers = endpoint
    token = jwt.encode({"exp": int(time.time()) + 3600}, "k" * 32, algorithm="HS256")
    monkeypatch.setattr(settings.rc, "token", token)
    assert hub_token_for("https://hub.api.guardrailsai.com/validator/provenance_nli/inference") == token
    for elsewhere in (
        "http://hub.api.guardrailsai.com/validator/x",  # not over HTTPS
        "https://hub.api.guardrailsai.com.example.org/x",
        "https://example.org/hub.api.guardrailsai.com",
        f"{url}/permuted",
    ):
        assert hub_token_for(elsewhere) is None
    headers.clear()
    remote(f"{url}/permuted").validate(ANSWER, {"sources": SOURCES})
    assert headers and not any("Authorization" in h for h in headers)


def test_only_an_explicit_use_local_false_goes_remote() -> None:
    assert isinstance(ProvenanceNLI(on_fail="noop")._checker.scorer, NLIScorer)
    assert isinstance(ProvenanceNLI(on_fail="noop", use_local=True)._checker.scorer, NLIScorer)
    assert isinstance(remote("http://127.0.0.1:9/validate")._checker.scorer, RemoteScorer)
