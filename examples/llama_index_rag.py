"""ProvenanceNLI on a LlamaIndex query engine: the response's source nodes are the sources.

Offline: a vector index over the validator's own embedder, and a scripted LLM written as
LlamaIndex's own ``CustomLLM``.

python examples/llama_index_rag.py
"""

from typing import Any

from guardrails import Guard
from llama_index.core import Document, VectorStoreIndex
from llama_index.core.llms import CompletionResponse, CompletionResponseGen, CustomLLM, LLMMetadata

from validator import ProvenanceNLI
from validator.integrations.llama_index import BundledEmbedding, ProvenanceQueryEngine

DOCUMENTS = [
    Document(text="The Eiffel Tower in Paris was completed in 1889. It is 330 metres tall."),
    Document(text="Mount Everest, on the border of Nepal and China, is 8,849 metres tall."),
]
ANSWER = "The Eiffel Tower was completed in 1889. It is 500 metres tall."  # what the LLM will say


class ScriptedLLM(CustomLLM):
    """Gives the same answer to every prompt (a stand-in for the app's LLM)."""

    answer: str

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="scripted")

    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text=self.answer)

    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        yield CompletionResponse(text=self.answer, delta=self.answer)


index = VectorStoreIndex.from_documents(DOCUMENTS, embed_model=BundledEmbedding())
engine = ProvenanceQueryEngine(
    index.as_query_engine(llm=ScriptedLLM(answer=ANSWER), similarity_top_k=1),
    Guard().use(ProvenanceNLI(on_fail="fix")),
)
response = engine.query("How tall is the Eiffel Tower?")
print(f"{ANSWER!r} -> {response.response!r}")
for sentence in response.metadata["provenance_nli"]["sentences"]:
    print(f"  {sentence['verdict']:>12}  {sentence['sentence']}")
