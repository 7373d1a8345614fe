"""Small accessors shared by the tests."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from guardrails.classes.validation_outcome import ValidationOutcome


def sentences_of(result: Any) -> list[dict]:
    """The per-sentence verdicts a ProvenanceNLI result carries in its metadata."""
    assert result.metadata is not None
    return result.metadata["provenance_nli"]["sentences"]


def last_result(guard: Any) -> Any:
    """The ValidationResult of the Guard's last call (the first validator's, on the last iteration)."""
    return guard.history.last.iterations.last.validator_logs[0].validation_result


def outcome(value: Any) -> ValidationOutcome:
    """A Guard call's return value, narrowed to the non-streaming outcome."""
    assert isinstance(value, ValidationOutcome)
    return value


@contextlib.contextmanager
def loopback_server(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """``http://127.0.0.1:<port>`` served by ``handler`` on a thread, shut down on exit."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = False  # server_close() joins them: none may outlive the session
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


ROOT = Path(__file__).resolve().parents[1]


def run_cli(
    *args: str, stdin: str | None = None, env: Mapping[str, str] | None = None, timeout: float = 600
) -> subprocess.CompletedProcess[str]:
    """``python -m validator ARGS`` from the project root, as a user runs it; ``env`` adds variables."""
    return subprocess.run(
        [sys.executable, "-m", "validator", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=timeout,
    )
