"""The Ray Serve app on loopback, serving the real bundled model to real Guards.

The app is started the way the README starts it, ``serve run examples/serve.yaml`` in its
own process (its port moved to a free loopback port, half a CPU per replica), with Ray
telemetry and token auth off; the pytest process talks to it over HTTP only, as an app
would. The last test stops the app, which shuts down the Ray it started.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests
import yaml
from guardrails import Guard
from helpers import outcome, sentences_of

from validator import ProvenanceNLI
from validator.scorers.protocol import encode_request

if importlib.util.find_spec("ray") is None:  # looked up, not imported: Ray runs in `serve run` only
    pytest.skip("needs the [serve] extra", allow_module_level=True)

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [
    "The Eiffel Tower was completed in 1889 and is 330 metres tall.",
    "Mount Everest, at 8,849 metres, is the highest mountain above sea level.",
]
ANSWER = (
    "The Eiffel Tower was completed in 1889. The Eiffel Tower was completed in 1925. "
    "Mount Everest is the highest mountain above sea level."
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop(process: subprocess.Popen, url: str) -> None:
    """Ctrl-C, as a user stops ``serve run``; it then shuts down the app and the Ray it
    started, whose processes (the HTTP proxy among them) exit a moment after it does."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=60)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            requests.get(f"{url}/health", timeout=2)
        except requests.ConnectionError:
            return
        except requests.RequestException:
            pass
        time.sleep(0.5)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, subprocess.Popen]]:
    config = yaml.safe_load((ROOT / "examples" / "serve.yaml").read_text())
    port = _free_port()
    config["http_options"]["port"] = port
    config["applications"][0]["args"].update(num_cpus=0.5, batch_wait_timeout_s=0.2)
    folder = tmp_path_factory.mktemp("serve")
    (folder / "serve.yaml").write_text(yaml.safe_dump(config))
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "disabled", "PYTHONPATH": str(ROOT)}
    log = (folder / "serve.log").open("w")
    process = subprocess.Popen(
        [str(Path(sys.executable).with_name("serve")), "run", str(folder / "serve.yaml")],
        cwd=folder,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        # A background job of a non-interactive shell (CI) ignores SIGINT, and so would its
        # children: give serve run the default back, so Ctrl-C shuts it down.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 240
    try:
        while True:
            try:
                if requests.get(f"{url}/health", timeout=5).ok:
                    break
            except requests.RequestException:  # not listening yet, or busy loading
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"serve run did not come up:\n{(folder / 'serve.log').read_text()[-3000:]}")
            time.sleep(1)
        yield url, process
    finally:
        stop(process, url)
        log.close()


@pytest.mark.slow
def test_a_guard_through_the_endpoint_gets_the_local_results(app: tuple[str, subprocess.Popen]) -> None:
    url, _ = app
    local = ProvenanceNLI(on_fail="fix").validate(ANSWER, {"sources": SOURCES})
    remote = ProvenanceNLI(on_fail="fix", use_local=False, validation_endpoint=f"{url}/validate")
    result = outcome(Guard().use(remote).validate(ANSWER, metadata={"sources": SOURCES}))
    assert result.validated_output == local.fix_value  # type: ignore[attr-defined]
    assert result.validated_output == (
        "The Eiffel Tower was completed in 1889. Mount Everest is the highest mountain above sea level."
    )
    direct = remote.validate(ANSWER, {"sources": SOURCES})
    for theirs, ours in zip(sentences_of(direct), sentences_of(local), strict=True):
        assert theirs["verdict"] == ours["verdict"]
        assert theirs["entailment"] == pytest.approx(ours["entailment"], abs=1e-5)
        assert theirs["contradiction"] == pytest.approx(ours["contradiction"], abs=1e-5)


@pytest.mark.slow
def test_v2_route_health_and_bad_requests(app: tuple[str, subprocess.Popen]) -> None:
    url, _ = app
    body = encode_request([("Paris is in France.", "Paris is in Spain.")])
    answer = requests.post(f"{url}/v2/models/provenance-nli/infer", json=body, timeout=30).json()
    outputs = {o["name"]: o for o in answer["outputs"]}
    assert outputs["probabilities"]["shape"] == [1, 3] and outputs["probabilities"]["datatype"] == "FP32"
    assert outputs["labels"]["datatype"] == "BYTES" and len(outputs["labels"]["data"]) == 3
    assert requests.post(f"{url}/v2/models/other/infer", json=body, timeout=30).status_code == 404
    assert requests.post(f"{url}/validate", data="not json", timeout=30).status_code == 400
    assert requests.post(f"{url}/validate", json={"inputs": []}, timeout=30).status_code == 400
    assert requests.get(f"{url}/health", timeout=30).json()["status"] == "ready"


@pytest.mark.slow
def test_a_bad_request_never_fails_the_requests_batched_with_it(app: tuple[str, subprocess.Popen]) -> None:
    url, _ = app
    good = [encode_request([(SOURCES[0], f"The Eiffel Tower is {300 + i} metres tall.")]) for i in range(8)]
    surrogate = encode_request([(SOURCES[0], "The tower \ud800 is tall.")])
    with ThreadPoolExecutor(max_workers=9) as pool:
        codes = list(
            pool.map(
                lambda body: requests.post(f"{url}/validate", json=body, timeout=60).status_code, [surrogate, *good]
            )
        )
    assert codes == [400] + [200] * 8


@pytest.mark.slow
def test_requests_over_the_limits_or_off_the_spec_are_refused(app: tuple[str, subprocess.Popen]) -> None:
    url, _ = app
    post = lambda **kwargs: requests.post(f"{url}/validate", timeout=60, **kwargs).status_code  # noqa: E731
    assert post(json=encode_request([("x" * 20_001, "claim")])) == 413
    assert post(json=encode_request([("p", "h")] * 1_025)) == 413
    assert post(data=b"[" * 100_000 + b"]" * 100_000) == 400  # nested too deep for a JSON parser
    assert post(data=b" " * 4_000_001) == 413
    twice = encode_request([("p", "h")])
    twice["inputs"].append(twice["inputs"][0])
    assert post(json=twice) == 400
    wrong_shape = encode_request([("p", "h")])
    wrong_shape["inputs"][0]["shape"] = [2]
    assert post(json=wrong_shape) == 400
    wrong_type = encode_request([("p", "h")])
    wrong_type["inputs"][1]["datatype"] = "FP32"
    assert post(json=wrong_type) == 400


@pytest.mark.slow
def test_concurrent_requests_are_scored_in_shared_batches(app: tuple[str, subprocess.Popen]) -> None:
    url, _ = app
    bodies = [encode_request([(SOURCES[0], f"The Eiffel Tower is {300 + i} metres tall.")]) for i in range(12)]

    def post(body: dict) -> int:
        answer = requests.post(f"{url}/validate", json=body, timeout=60)
        answer.raise_for_status()
        return answer.json()["parameters"]["batched_requests"]

    with ThreadPoolExecutor(max_workers=12) as pool:
        merged = list(pool.map(post, bodies))
    assert max(merged) > 1, merged


@pytest.mark.slow
def test_a_stopped_endpoint_fails_closed(app: tuple[str, subprocess.Popen]) -> None:
    url, process = app
    validator = ProvenanceNLI(on_fail="noop", use_local=False, validation_endpoint=f"{url}/validate")
    ran = validator.validate(ANSWER, {"sources": SOURCES})
    assert ran.outcome == "fail" and "could not run" not in ran.error_message  # type: ignore[attr-defined]
    stop(process, url)
    result = validator.validate(ANSWER, {"sources": SOURCES})
    assert result.outcome == "fail"
    assert "could not run, so nothing was verified" in result.error_message  # type: ignore[attr-defined]
    assert "could not reach scoring endpoint" in result.error_message  # type: ignore[attr-defined]
