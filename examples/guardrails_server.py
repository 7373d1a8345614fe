"""ProvenanceNLI behind the Guardrails server (guardrails-api), all on loopback.

Starts a scripted OpenAI-compatible LLM, then ``guardrails-api start`` with the guard of
``examples/guardrails_server/config.py``, and sends answers with their sources two ways: the OpenAI
SDK against the guard's OpenAI-compatible route (the LLM writes the answer), and the plain
validate route (the app sends the answer). Prints what the server concluded.

python examples/guardrails_server.py
"""

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from openai import OpenAI

SOURCES = ["The Eiffel Tower in Paris was completed in 1889. It is 330 metres tall."]
LLM_ANSWER = "The Eiffel Tower was completed in 1889. It is 500 metres tall."
CONFIG = Path(__file__).resolve().parent / "guardrails_server" / "config.py"


class ScriptedLLM(BaseHTTPRequestHandler):
    """An OpenAI-compatible chat-completions endpoint that always gives ``LLM_ANSWER``."""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["Content-Length"]))
        message = {"role": "assistant", "content": LLM_ANSWER}
        body = {"id": "scripted", "object": "chat.completion", "created": 0, "model": "scripted",
                "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}  # fmt: skip
        payload = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(url: str, server: subprocess.Popen, seconds: float = 300) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and server.poll() is None:
        try:
            urllib.request.urlopen(url, timeout=5)
            return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"the Guardrails server did not come up at {url}")


def main() -> None:
    llm = ThreadingHTTPServer(("127.0.0.1", 0), ScriptedLLM)
    threading.Thread(target=llm.serve_forever, daemon=True).start()
    port = free_port()
    env = {
        **os.environ,
        "OPENAI_API_BASE": f"http://127.0.0.1:{llm.server_address[1]}/v1",  # LiteLLM calls the scripted LLM
        "OPENAI_API_KEY": "scripted",
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",  # no price-list download when the server imports LiteLLM
    }
    cli = Path(sys.executable).with_name("guardrails-api")  # guardrails-api's own command, beside this Python
    command = [str(cli), "start", "--config", str(CONFIG), "--port", str(port)]
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(f"{base}/health-check", server)

        # 1. The OpenAI SDK against the guard's OpenAI-compatible route. OpenAI metadata values are
        #    strings, so the sources travel as one JSON array string.
        client = OpenAI(base_url=f"{base}/guards/provenance/openai/v1", api_key="scripted")
        completion = client.chat.completions.create(
            model="gpt-4o-mini",
            messages=[{"role": "user", "content": "Tell me about the Eiffel Tower."}],
            metadata={"sources": json.dumps(SOURCES)},
        )
        guardrails = (completion.model_extra or {})["guardrails"]
        print(f"openai route: {LLM_ANSWER!r} -> {guardrails['validated_output']!r}")

        # 2. The validate route: the app sends the answer and its sources (a JSON list here).
        request = {"llm_output": "The Eiffel Tower was completed in 1925.", "metadata": {"sources": SOURCES}}
        posted = urllib.request.Request(
            f"{base}/guards/provenance/validate",
            data=json.dumps(request).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(posted, timeout=120) as response:
            outcome = json.loads(response.read())
        reasons = [s["failureReason"] for s in outcome.get("validationSummaries", [])]
        print(f"validate route: {request['llm_output']!r} -> {outcome['validatedOutput']!r} {reasons}")
    finally:
        server.terminate()
        server.wait(timeout=30)
        llm.shutdown()


if __name__ == "__main__":
    main()
