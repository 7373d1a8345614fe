"""ProvenanceNLI in a LangChain RAG chain: the documents the retriever returned are the sources.

Offline: langchain-core's in-memory vector store over the validator's own embedder, and its fake
chat model standing in for the LLM.

python examples/langchain_rag.py
"""

from guardrails import Guard
from langchain_core.documents import Document
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import RunnablePassthrough
from langchain_core.vectorstores import InMemoryVectorStore

from validator import ProvenanceNLI
from validator.integrations.langchain import BundledEmbeddings, check_answer

DOCUMENTS = [
    Document("The Eiffel Tower in Paris was completed in 1889. It is 330 metres tall."),
    Document("Mount Everest, on the border of Nepal and China, is 8,849 metres tall."),
]
ANSWER = "The Eiffel Tower was completed in 1889. It is 500 metres tall."  # what the LLM will say

store = InMemoryVectorStore.from_documents(DOCUMENTS, BundledEmbeddings())
prompt = ChatPromptTemplate.from_template("Answer from the context.\n{context}\n\nQuestion: {question}")
llm = FakeListChatModel(responses=[ANSWER])
chain = (
    {"context": store.as_retriever(search_kwargs={"k": 1}), "question": RunnablePassthrough()}
    | RunnablePassthrough.assign(answer=prompt | llm | StrOutputParser())
    | check_answer(Guard().use(ProvenanceNLI(on_fail="fix")))
)
result = chain.invoke("How tall is the Eiffel Tower?")
print(f"{ANSWER!r} -> {result['answer']!r}")
for sentence in result["provenance"]["sentences"]:
    print(f"  {sentence['verdict']:>12}  {sentence['sentence']}")
