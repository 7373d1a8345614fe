"""Small accessors, scripted judges and strategies shared by the tests."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

from guardrails.classes.validation_outcome import ValidationOutcome
from hypothesis import strategies as st


def number_verdict(sentence: str, evidence: str | Sequence[str], sources: Sequence[str] | None = None) -> str | None:
    """The number rule's verdict on ``sentence``: None where the evidence vouches for every number,
    else "contradicted" or "unsupported" (:func:`validator.rules.numbers.check_numbers`)."""
    from validator.rules.numbers import check_numbers

    finding = check_numbers(sentence, evidence, sources)
    return finding.verdict if finding else None


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


class ScriptedChat(BaseHTTPRequestHandler):
    """An OpenAI-compatible ``POST /v1/chat/completions`` on loopback whose answer is
    :meth:`answer` of the request body; every body is kept in ``requests`` (a subclass gives its
    own list)."""

    requests: ClassVar[list[dict[str, Any]]] = []

    def answer(self, body: dict[str, Any]) -> str:
        raise NotImplementedError

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append(body)
        message = {"role": "assistant", "content": self.answer(body)}
        payload = json.dumps(
            {
                "id": "scripted",
                "object": "chat.completion",
                "created": 0,
                "model": body["model"],
                "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            }
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet."""


ROOT = Path(__file__).resolve().parents[1]

OUTSIDE_SOCKET_AUDIT = r"""
import ipaddress, sys
attempts = []
def is_loopback(host):
    try:
        return host in ("localhost", None, "") or ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return False
def audit(event, args):
    if event == "socket.connect" and isinstance(args[1], tuple) and not is_loopback(args[1][0]):
        attempts.append(["connect", str(args[1])])
    elif event == "socket.getaddrinfo" and not is_loopback(args[0]):
        attempts.append(["getaddrinfo", str(args[0])])
sys.addaudithook(audit)
"""
"""Python source that records, in ``attempts``, every socket the process opens or resolves to a
host that is not loopback: the prelude of a subprocess that must not reach the network."""


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


EIFFEL, EMPIRE = "The Eiffel Tower was completed in 1889.", "The Empire State Building was completed in 1931."


WRONG_YEAR = "The Eiffel Tower was completed in 1931."


def judge_answering(answer: str | Callable[[str], str]) -> Callable[[str], str]:
    """An app's own LLM callable that always gives ``answer`` (or ``answer(prompt)``)."""

    def scripted(prompt: str) -> str:
        return answer(prompt) if callable(answer) else answer

    return scripted


def evidence_of(prompt: str) -> str:
    """The evidence the judge was shown, read out of its fence."""
    fence = prompt.split(" EVIDENCE\n", 1)[0].rsplit("\n", 1)[-1]
    return prompt.split(f"{fence} EVIDENCE\n", 1)[1].split(f"\n{fence} END EVIDENCE", 1)[0]


def quotes_all_evidence(prompt: str) -> str:
    """The strongest lying judge: "supports", quoting every word it was shown."""
    return json.dumps({"verdict": "supports", "confidence": 0.99, "quote": evidence_of(prompt)})


def only(result) -> dict:
    [sentence] = sentences_of(result)
    return sentence


SUBJECTS = ["The Eiffel Tower", "The Brooklyn Bridge", "Acme Corporation", "The city library", "Mount Kenya station"]


FACTS = ["was completed in {}", "opened in {}", "has {} employees", "is {} metres tall"]


@st.composite
def swapped_numbers(draw: st.DrawFn) -> tuple[list[str], str]:
    first, second = draw(st.lists(st.sampled_from(SUBJECTS), min_size=2, max_size=2, unique=True))
    fact = draw(st.sampled_from(FACTS))
    low, high = (1800, 2020) if "in {}" in fact else (2, 5000)
    mine, theirs = draw(st.lists(st.integers(low, high), min_size=2, max_size=2, unique=True))
    sources = [f"{first} {fact.format(mine)}.", f"{second} {fact.format(theirs)}."]
    if draw(st.booleans()):
        sources = [" ".join(sources)]
    return sources, f"{first} {fact.format(theirs)}."


RULE_METHODS = ("number_check", "binding_check", "quote_check", "framing_check", "negation_check")
"""The methods of a rule's verdict, never unsure (docs/verdicts.md, "Sure and unsure")."""


def check_answer(answer: str, sources: list[str], **options: object) -> tuple[bool, list[dict]]:
    """Whether a Guard with ``options`` (on_fail "noop") passes ``answer`` against ``sources``, and
    the sentences of its result."""
    from guardrails import Guard

    from validator import ProvenanceNLI

    guard = Guard().use(ProvenanceNLI(on_fail="noop", **options))  # type: ignore[arg-type]
    passed = outcome(guard.validate(answer, metadata={"sources": sources})).validation_passed
    return bool(passed), sentences_of(last_result(guard))
