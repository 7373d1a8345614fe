"""The persistent embedding cache: a new process over the same sources starts warm, the store
stays bounded, and a directory it cannot use is refused at construction."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from guardrails import Guard
from helpers import (
    ROOT,
    last_result,
    sentences_of,
)

from validator import ProvenanceNLI
from validator.embedding_store import FILE_NAME, EmbeddingStore
from validator.errors import InvalidInput

SOURCES = [
    "The Eiffel Tower in Paris was completed in 1889. It is 330 metres tall. Gustave Eiffel's company built it.",
    "Mount Everest, on the border of Nepal and China, is 8,849 metres tall.",
    "The Louvre is a museum in Paris. It opened in 1793.",
]
ANSWER = "The Eiffel Tower was finished in 1889. It is 500 metres tall."
"""More chunks than top_k, and no sentence with all its words in one passage: a search embeds."""

SECOND_PROCESS = """
import json, sys
from validator import ProvenanceNLI
from validator.retrieval import load_default_embedder
validator = ProvenanceNLI(on_fail="noop", embedding_cache=sys.argv[1])
result = validator.validate(sys.argv[2], {"sources": json.loads(sys.argv[3])})
verdicts = [s["verdict"] for s in result.metadata["provenance_nli"]["sentences"]]
print(json.dumps({"verdicts": verdicts, "embedder_loaded": load_default_embedder.cache_info().currsize}))
"""


@pytest.mark.slow
def test_a_second_process_over_the_same_sources_never_loads_the_embedder(tmp_path: Path) -> None:
    first = ProvenanceNLI(on_fail="noop", embedding_cache=str(tmp_path)).validate(ANSWER, {"sources": SOURCES})
    stored = len(EmbeddingStore(tmp_path, "unused"))
    assert stored >= 4  # the chunks and the two sentences
    second = subprocess.run(
        [sys.executable, "-c", SECOND_PROCESS, str(tmp_path), ANSWER, json.dumps(SOURCES)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert second.returncode == 0, second.stderr[-2000:]
    report = json.loads(second.stdout.strip().splitlines()[-1])
    assert report == {"verdicts": [s["verdict"] for s in sentences_of(first)], "embedder_loaded": 0}
    assert len(EmbeddingStore(tmp_path, "unused")) == stored


def test_cached_vectors_give_the_same_verdicts_as_fresh_ones(tmp_path: Path) -> None:
    plain = Guard().use(ProvenanceNLI(on_fail="fix")).validate(ANSWER, metadata={"sources": SOURCES})
    for _ in range(2):  # the first fills the store, the second reads it
        cached = Guard().use(ProvenanceNLI(on_fail="fix", embedding_cache=str(tmp_path)))
        assert cached.validate(ANSWER, metadata={"sources": SOURCES}).validated_output == plain.validated_output


def test_the_store_keeps_the_most_recently_used_and_each_embedder_its_own(tmp_path: Path) -> None:
    store = EmbeddingStore(tmp_path, "embedder-a", max_entries=3)
    vectors = np.arange(10, dtype=np.float32).reshape(5, 2)
    store.put(["one", "two"], vectors[:2])
    store.get(["one"])  # "one" is now more recently used than "two"
    store.put(["three", "four"], vectors[2:4])
    assert len(store) == 3
    assert sorted(store.get(["one", "two", "three", "four"])) == [0, 2, 3]
    np.testing.assert_array_equal(store.get(["four"])[0], vectors[3])
    assert EmbeddingStore(tmp_path, "embedder-b").get(["one", "three"]) == {}


def test_a_directory_that_cannot_hold_the_store_is_refused_at_construction(tmp_path: Path) -> None:
    for nothing in ("", "  ", 3):
        with pytest.raises(InvalidInput, match="embedding_cache must name a directory"):
            ProvenanceNLI(embedding_cache=nothing)  # type: ignore[arg-type]
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    with pytest.raises(InvalidInput, match="embedding_cache"):
        ProvenanceNLI(embedding_cache=str(blocker))
    corrupt = tmp_path / "corrupt"
    corrupt.mkdir()
    (corrupt / FILE_NAME).write_bytes(b"this is not an SQLite database" * 100)
    with pytest.raises(InvalidInput, match="embedding_cache"):
        ProvenanceNLI(embedding_cache=str(corrupt))


def test_another_programs_sqlite_database_is_refused(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        db.execute("CREATE TABLE users (name TEXT)")
    with pytest.raises(InvalidInput, match="embedding_cache"):
        ProvenanceNLI(on_fail="noop", embedding_cache=str(tmp_path))


def test_stored_vectors_of_the_wrong_size_are_misses(tmp_path: Path) -> None:
    sources = [  # more chunks than top_k, so the search embeds them
        "The Eiffel Tower is in Paris. It was completed in 1889. It is 330 metres tall. "
        "Gustave Eiffel's company built it. Millions visit it every year."
    ]
    answer = "The Eiffel Tower was completed in 1889."
    first = Guard().use(ProvenanceNLI(on_fail="noop", embedding_cache=str(tmp_path), retrieval="dense"))
    first.validate(answer, metadata={"sources": sources})
    expected = last_result(first).metadata["provenance_nli"]["sentences"]
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        assert db.execute("UPDATE vectors SET vector = zeroblob(12)").rowcount > 0
    again = Guard().use(ProvenanceNLI(on_fail="noop", embedding_cache=str(tmp_path), retrieval="dense"))
    again.validate(answer, metadata={"sources": sources})
    assert last_result(again).metadata["provenance_nli"]["sentences"] == expected
