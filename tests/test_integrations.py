"""Where RAG apps live: a LangChain chain, a LlamaIndex query engine and the Guardrails server,
each through the real framework (offline: their own fake or custom LLMs, the validator's own
embedder, a scripted LLM on loopback), and the examples that show them.

In each, the passages retrieved for *that* call are the sources: a corpus that holds the fact
does not help an answer whose retriever did not find it.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from guardrails import AsyncGuard, Guard
from guardrails.errors import ValidationError
from helpers import OUTSIDE_SOCKET_AUDIT, ROOT, ScriptedChat, loopback_server
from langchain_core.documents import Document
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import Runnable, RunnablePassthrough
from langchain_core.vectorstores import InMemoryVectorStore
from llama_index.core import Document as LlamaDocument
from llama_index.core import VectorStoreIndex
from llama_index.core.base.base_query_engine import BaseQueryEngine
from llama_index.core.llms import CompletionResponse, CompletionResponseGen, CustomLLM, LLMMetadata
from openai import OpenAI

from validator import ProvenanceNLI
from validator.errors import InvalidInput
from validator.integrations.langchain import BundledEmbeddings, check_answer
from validator.integrations.llama_index import BundledEmbedding, ProvenanceQueryEngine
from validator.offline import disable_guardrails_metrics

EIFFEL = "The Eiffel Tower in Paris was completed in 1889. It is 330 metres tall."
EVEREST = "Mount Everest, on the border of Nepal and China, is 8,849 metres tall."
SUPPORTED = "The Eiffel Tower was completed in 1889."
UNSUPPORTED = "It is 500 metres tall."
ANSWER = f"{SUPPORTED} {UNSUPPORTED}"
EIFFEL_QUESTION = "When was the Eiffel Tower completed?"
EVEREST_QUESTION = "How tall is Mount Everest?"


def verdicts(provenance: dict[str, Any]) -> list[tuple[str, str]]:
    return [(s["sentence"], s["verdict"]) for s in provenance["sentences"]]


# --- LangChain -------------------------------------------------------------------------------


def lc_chain(guard: Guard | AsyncGuard, answer: str) -> Runnable:
    store = InMemoryVectorStore.from_documents([Document(EIFFEL), Document(EVEREST)], BundledEmbeddings())
    prompt = ChatPromptTemplate.from_template("Context:\n{context}\n\nQuestion: {question}")
    llm = FakeListChatModel(responses=[answer])
    return (
        {"context": store.as_retriever(search_kwargs={"k": 1}), "question": RunnablePassthrough()}
        | RunnablePassthrough.assign(answer=prompt | llm | StrOutputParser())
        | check_answer(guard)
    )


def test_langchain_fix_keeps_what_the_retrieved_documents_support() -> None:
    result = lc_chain(Guard().use(ProvenanceNLI(on_fail="fix")), ANSWER).invoke(EIFFEL_QUESTION)
    assert [d.page_content for d in result["context"]] == [EIFFEL]
    assert result["answer"] == SUPPORTED
    assert verdicts(result["provenance"])[0] == (SUPPORTED, "supported")
    assert verdicts(result["provenance"])[1][1] != "supported"
    assert result["provenance"]["raw_output"] == ANSWER
    assert result["provenance"]["failures"] and UNSUPPORTED in result["provenance"]["failures"][0]
    # guardrails says a fixed answer passed; the outcome tells it from a clean one
    assert (result["provenance"]["validation_passed"], result["provenance"]["outcome"]) == (True, "fixed")
    clean = lc_chain(Guard().use(ProvenanceNLI(on_fail="fix")), SUPPORTED).invoke(EIFFEL_QUESTION)
    assert (clean["provenance"]["outcome"], clean["provenance"]["failures"]) == ("clean", [])


def test_langchain_sources_are_the_retrieved_documents_not_the_corpus() -> None:
    """The corpus holds the Eiffel Tower's date, but the retriever found Everest for this question."""
    result = lc_chain(Guard().use(ProvenanceNLI(on_fail="noop")), SUPPORTED).invoke(EVEREST_QUESTION)
    assert [d.page_content for d in result["context"]] == [EVEREST]
    assert result["provenance"]["validation_passed"] is False
    assert result["provenance"]["outcome"] == "failed"
    assert verdicts(result["provenance"])[0][1] != "supported"


def test_langchain_exception_mode_raises_through_the_chain() -> None:
    with pytest.raises(ValidationError, match="not supported"):
        lc_chain(Guard().use(ProvenanceNLI(on_fail="exception")), ANSWER).invoke(EIFFEL_QUESTION)


def test_langchain_ainvoke_with_a_guard_and_an_async_guard() -> None:
    for guard in (Guard().use(ProvenanceNLI(on_fail="fix")), AsyncGuard().use(ProvenanceNLI(on_fail="fix"))):
        result = asyncio.run(lc_chain(guard, ANSWER).ainvoke(EIFFEL_QUESTION))
        assert result["answer"] == SUPPORTED
        assert verdicts(result["provenance"])[0] == (SUPPORTED, "supported")


def test_langchain_async_guard_refuses_a_sync_invoke() -> None:
    with pytest.raises(TypeError, match="ainvoke"):
        lc_chain(AsyncGuard().use(ProvenanceNLI()), ANSWER).invoke(EIFFEL_QUESTION)


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"answer": SUPPORTED, "context": EIFFEL}, "list of Documents"),
        ({"answer": SUPPORTED, "context": [Document(EIFFEL), 3]}, "item 1 is int"),
        ({"answer": SUPPORTED}, "'context'"),
        ({"context": [Document(EIFFEL)]}, "'answer'"),
        ({"answer": None, "context": [Document(EIFFEL)]}, "the answer \\('answer'\\) must be a string, got NoneType"),
    ],
    ids=["lone-string", "non-document", "no-context", "no-answer", "answer-none"],
)
def test_langchain_bad_chain_input_raises_clearly(inputs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        check_answer(Guard().use(ProvenanceNLI())).invoke(inputs)


# --- LlamaIndex ------------------------------------------------------------------------------


class ScriptedLLM(CustomLLM):
    """LlamaIndex's own custom-LLM shape, giving one scripted answer."""

    answer: str

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="scripted")

    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text=self.answer)

    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        yield CompletionResponse(text=self.answer, delta=self.answer)


@pytest.fixture(scope="module")
def llama_index() -> VectorStoreIndex:
    documents = [LlamaDocument(text=EIFFEL), LlamaDocument(text=EVEREST)]
    return VectorStoreIndex.from_documents(documents, embed_model=BundledEmbedding())


def li_engine(index: VectorStoreIndex, guard: Guard | AsyncGuard, answer: str) -> BaseQueryEngine:
    return ProvenanceQueryEngine(index.as_query_engine(llm=ScriptedLLM(answer=answer), similarity_top_k=1), guard)


def test_llama_index_fix_and_the_verdicts_on_the_response(llama_index: VectorStoreIndex) -> None:
    response = li_engine(llama_index, Guard().use(ProvenanceNLI(on_fail="fix")), ANSWER).query(EIFFEL_QUESTION)
    assert [n.node.get_content() for n in response.source_nodes] == [EIFFEL]  # type: ignore[union-attr]
    assert str(response) == SUPPORTED
    provenance = response.metadata["provenance_nli"]  # type: ignore[index]
    assert verdicts(provenance)[0] == (SUPPORTED, "supported")
    assert verdicts(provenance)[1][1] != "supported"
    assert (provenance["validation_passed"], provenance["outcome"]) == (True, "fixed")


def test_llama_index_sources_are_the_source_nodes(llama_index: VectorStoreIndex) -> None:
    engine = li_engine(llama_index, Guard().use(ProvenanceNLI(on_fail="noop")), SUPPORTED)
    response = engine.query(EVEREST_QUESTION)
    assert [n.node.get_content() for n in response.source_nodes] == [EVEREST]  # type: ignore[union-attr]
    assert response.metadata["provenance_nli"]["validation_passed"] is False  # type: ignore[index]


def test_llama_index_exception_mode_raises(llama_index: VectorStoreIndex) -> None:
    with pytest.raises(ValidationError, match="not supported"):
        li_engine(llama_index, Guard().use(ProvenanceNLI(on_fail="exception")), ANSWER).query(EIFFEL_QUESTION)


def test_llama_index_aquery_with_a_guard_and_an_async_guard(llama_index: VectorStoreIndex) -> None:
    for guard in (Guard().use(ProvenanceNLI(on_fail="fix")), AsyncGuard().use(ProvenanceNLI(on_fail="fix"))):
        response = asyncio.run(li_engine(llama_index, guard, ANSWER).aquery(EIFFEL_QUESTION))
        assert str(response) == SUPPORTED


def test_llama_index_async_guard_refuses_a_sync_query(llama_index: VectorStoreIndex) -> None:
    with pytest.raises(TypeError, match="aquery"):
        li_engine(llama_index, AsyncGuard().use(ProvenanceNLI()), ANSWER).query(EIFFEL_QUESTION)


# --- The Guardrails server -------------------------------------------------------------------

SERVER_CONFIG = ROOT / "examples" / "guardrails_server" / "config.py"
AUDITED_SERVER = (
    OUTSIDE_SOCKET_AUDIT
    + r"""
import atexit, json
report = sys.argv.pop(1)
atexit.register(lambda: open(report, "w").write(json.dumps(attempts)))
from guardrails_api.cli import cli
sys.argv[0] = "guardrails-api"
cli()
"""
)


class SayChat(ScriptedChat):
    """The LLM's answer is the last user message after "Say: " (each test scripts its own)."""

    requests: ClassVar[list[dict[str, Any]]] = []

    def answer(self, body: dict[str, Any]) -> str:
        return body["messages"][-1]["content"].split("Say: ", 1)[1]


@pytest.fixture(scope="module")
def guardrails_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``guardrails-api start`` with the example's config, behind a scripted LLM, for a user who
    installed as the README says (post_install's ``enable_metrics=false`` in ``~/.guardrailsrc``;
    without it the server exports traces to the hub), with every outside socket recorded; asserts
    none at shutdown."""
    home = tmp_path_factory.mktemp("home")
    disable_guardrails_metrics(home / ".guardrailsrc")
    report = home / "attempts.json"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with loopback_server(SayChat) as llm:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "OPENAI_", "LITELLM_"))}
        env |= {"HOME": str(home), "OPENAI_API_BASE": f"{llm}/v1", "OPENAI_API_KEY": "scripted-key"}
        env["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
        command = [sys.executable, "-c", AUDITED_SERVER, str(report), "start", "--config", str(SERVER_CONFIG)]
        server = subprocess.Popen(
            [*command, "--port", str(port)], cwd=home, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 300
            while True:
                assert server.poll() is None and time.monotonic() < deadline, "the server did not start"
                try:
                    urllib.request.urlopen(f"{base}/health-check", timeout=5)
                    break
                except OSError:
                    time.sleep(0.5)
            yield base
        finally:
            server.send_signal(signal.SIGINT)
            output = server.communicate(timeout=60)[0].decode(errors="replace")
    assert json.loads(report.read_text()) == [], output[-3000:]


def post(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=300) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("answer", "validated"),
    [(SUPPORTED, SUPPORTED), (ANSWER, SUPPORTED), ("The Eiffel Tower was completed in 1925.", "")],
    ids=["supported", "fixed", "contradicted"],
)
def test_server_openai_route_checks_the_llms_answer(guardrails_server: str, answer: str, validated: str) -> None:
    client = OpenAI(base_url=f"{guardrails_server}/guards/provenance/openai/v1", api_key="scripted-key")
    completion = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "user", "content": f"Say: {answer}"}],
        metadata={"sources": json.dumps([EIFFEL])},
    )
    assert completion.choices[0].message.content == answer  # the LLM's own message, as the server returns it
    outcome = (completion.model_extra or {})["guardrails"]
    assert outcome["raw_llm_output"] == answer
    assert (outcome["validated_output"] or "") == validated
    assert outcome["validation_passed"] is True  # guardrails' sense: on_fail="fix" repaired it
    assert "sources" not in json.dumps(SayChat.requests[-1]), "the sources are for the validator, not the LLM"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("answer", "validated", "failures"),
    [(SUPPORTED, SUPPORTED, 0), (ANSWER, SUPPORTED, 1), ("The Eiffel Tower was completed in 1925.", "", 1)],
    ids=["supported", "fixed", "contradicted"],
)
def test_server_validate_route_checks_the_apps_answer(
    guardrails_server: str, answer: str, validated: str, failures: int
) -> None:
    status, outcome = post(
        f"{guardrails_server}/guards/provenance/validate", {"llm_output": answer, "metadata": {"sources": [EIFFEL]}}
    )
    assert status == 200, outcome
    assert (outcome.get("validatedOutput") or "") == validated
    assert len(outcome.get("validationSummaries", [])) == failures


@pytest.mark.slow
def test_server_refuses_sources_that_are_not_a_list(guardrails_server: str) -> None:
    status, outcome = post(
        f"{guardrails_server}/guards/provenance/validate", {"llm_output": SUPPORTED, "metadata": {"sources": EIFFEL}}
    )
    assert 400 <= status < 500 and "validatedOutput" not in outcome
    assert "sources" in json.dumps(outcome), outcome  # the client is told what was wrong


@pytest.mark.slow
def test_server_tells_the_client_what_its_request_lacks(guardrails_server: str) -> None:
    """No metadata at all: a 4xx whose body carries the validator's one-line message, not a bare
    "Internal Server Error" with the reason only in the server's log."""
    status, outcome = post(f"{guardrails_server}/guards/provenance/validate", {"llm_output": SUPPORTED})
    assert 400 <= status < 500, (status, outcome)
    assert "metadata['sources']" in json.dumps(outcome), outcome


# --- The examples and the README ---------------------------------------------------------------

EXAMPLE_OUTPUT = f"{ANSWER!r} -> {SUPPORTED!r}"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["langchain_rag", "llama_index_rag"])
def test_framework_examples_run_offline(name: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "LITELLM_"))} | {"HOME": str(tmp_path)}
    example = str(ROOT / "examples" / f"{name}.py")
    script = OUTSIDE_SOCKET_AUDIT + (
        f"import json, runpy\nrunpy.run_path({example!r}, run_name='__main__')\n"
        "print('ATTEMPTS ' + json.dumps(attempts))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.splitlines()[0] == EXAMPLE_OUTPUT
    assert "supported  The Eiffel Tower was completed in 1889." in result.stdout
    assert json.loads(result.stdout.split("ATTEMPTS ", 1)[1]) == []


@pytest.mark.slow
def test_server_example_runs() -> None:
    result = subprocess.run(
        [sys.executable, "examples/guardrails_server.py"], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr[-3000:]
    lines = result.stdout.splitlines()
    assert lines[0] == f"openai route: {ANSWER!r} -> {SUPPORTED!r}"
    assert lines[1].startswith("validate route: 'The Eiffel Tower was completed in 1925.' -> ''")


def test_the_integration_recipes_are_copied_from_the_examples() -> None:
    """Each recipe block of docs/integrations.md that names its example is a verbatim excerpt of
    it (indentation aside: an excerpt from inside a function is shown dedented), ≤ 15 lines, or,
    for the LangChain and LlamaIndex recipes, the whole example, so it runs as pasted."""
    section = (ROOT / "docs" / "integrations.md").read_text(encoding="utf-8")
    blocks = [b.split("\n```", 1)[0] for b in section.split("```python\n")[1:]]
    named = [b for b in blocks if b.startswith("# examples/")]
    assert [b.partition("\n")[0] for b in named] == [
        "# examples/async_guard.py",
        "# examples/langchain_rag.py",
        "# examples/llama_index_rag.py",
        "# examples/guardrails_server.py",
    ]
    for block in named:
        first, _, body = block.partition("\n")
        if first in WHOLE_EXAMPLES:  # shown whole, so that it runs as pasted
            assert body.strip() == WHOLE_EXAMPLES[first].read_text(encoding="utf-8").split('"""', 2)[2].strip()
            continue
        excerpt = [line.strip() for line in body.strip().splitlines()]
        example = [line.strip() for line in (ROOT / first.removeprefix("# ")).read_text(encoding="utf-8").splitlines()]
        starts = [i for i, line in enumerate(example) if line == excerpt[0]]
        assert any(example[i : i + len(excerpt)] == excerpt for i in starts), first
        assert len(excerpt) <= 15, first


WHOLE_EXAMPLES = {
    "# examples/langchain_rag.py": ROOT / "examples" / "langchain_rag.py",
    "# examples/llama_index_rag.py": ROOT / "examples" / "llama_index_rag.py",
}
"""Recipes the README shows whole (imports and all, below the docstring), so that they run as
pasted: test_framework_examples_run_offline runs the same text."""
