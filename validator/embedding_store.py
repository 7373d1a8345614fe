"""A persistent embedding cache: chunks embedded once are never embedded again, in any process.

RAG apps check answers against the same knowledge base all day, across restarts and workers.
The in-memory source cache (:class:`validator.retrieval.SourceIndexCache`) makes a second call
on the same sources warm within one process; this store makes a *new* process warm too, which
matters because embedding the chunks is most of a cold call.

Vectors live in one SQLite file in a directory the app names (``embedding_cache=``), keyed by
the embedder and the SHA-256 of the chunk text, as raw float32 bytes (no pickle). SQLite does the
locking, so several processes can share one directory. The store is bounded: past
``max_entries`` vectors the least recently used are dropped.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from validator import defaults
from validator.errors import InvalidInput

FILE_NAME = "provenance-nli-embeddings.sqlite3"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS vectors (
    embedder TEXT NOT NULL,
    key BLOB NOT NULL,
    vector BLOB NOT NULL,
    used REAL NOT NULL,
    PRIMARY KEY (embedder, key)
)
"""
_COLUMNS = ["embedder", "key", "vector", "used"]


class EmbeddingStore:
    """Embeddings of chunk texts by one embedder, kept in ``directory`` across processes.

    Args:
        directory: Where the store's SQLite file lives (created if missing).
        embedder: Names the embedder (and version) whose vectors these are; vectors of another
            embedder are never returned.
        max_entries: Vectors kept at most, over every embedder; the least recently used go first.
        dimension: The embedder's vector size, where it is known: a stored vector of another
            size is a miss, never a vector.

    Raises:
        InvalidInput: When the directory cannot be created, the file cannot be opened there, or
            the file is another program's SQLite database (other tables, or another schema).
    """

    def __init__(
        self,
        directory: str | Path,
        embedder: str,
        max_entries: int = defaults.EMBEDDING_CACHE_ENTRIES,
        dimension: int | None = None,
    ) -> None:
        if not isinstance(directory, str | Path) or not str(directory).strip():
            raise InvalidInput(f"embedding_cache must name a directory, got {directory!r}")
        if not isinstance(max_entries, int) or isinstance(max_entries, bool) or max_entries < 1:
            raise InvalidInput(f"the embedding cache's max_entries must be a positive integer, got {max_entries!r}")
        self.path = Path(directory) / FILE_NAME
        self.embedder = embedder
        self.max_entries = max_entries
        self.dimension = dimension
        self._lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, check_same_thread=False, timeout=30)
            with self._db:
                self._db.execute("PRAGMA journal_mode=WAL")
                # a cache: losing the last writes to a power cut is fine, an fsync per check is not
                self._db.execute("PRAGMA synchronous=NORMAL")
                tables = {name for (name,) in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                self._db.execute(_SCHEMA)
                columns = [row[1] for row in self._db.execute("PRAGMA table_info(vectors)")]
        except (OSError, sqlite3.Error) as error:
            raise InvalidInput(f"embedding_cache: cannot keep embeddings in {str(directory)!r}: {error}") from error
        if tables - {"vectors"} or columns != _COLUMNS:
            self._db.close()
            raise InvalidInput(
                f"embedding_cache: {self.path} is not this store's database (tables {sorted(tables)}, "
                f"columns {columns}); name another directory"
            )

    @staticmethod
    def _key(text: str) -> bytes:
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()

    def get(self, texts: Sequence[str]) -> dict[int, np.ndarray]:
        """The stored vectors of ``texts``, by position (texts not stored are absent)."""
        keys = [self._key(text) for text in texts]
        found: dict[bytes, np.ndarray] = {}
        with self._lock, self._db:
            for start in range(0, len(keys), 500):  # SQLite's bound on parameters per statement
                batch = keys[start : start + 500]
                marks = ",".join("?" * len(batch))
                rows = self._db.execute(
                    f"SELECT key, vector FROM vectors WHERE embedder = ? AND key IN ({marks})", [self.embedder, *batch]
                ).fetchall()
                found.update(
                    (key, np.frombuffer(vector, dtype=np.float32))
                    for key, vector in rows
                    if self.dimension is None or len(vector) == 4 * self.dimension
                )
                self._db.execute(
                    f"UPDATE vectors SET used = ? WHERE embedder = ? AND key IN ({marks})",
                    [time.time(), self.embedder, *batch],
                )
        return {i: found[key] for i, key in enumerate(keys) if key in found}

    def put(self, texts: Sequence[str], vectors: np.ndarray) -> None:
        """Keep the vectors of ``texts``, then drop the least recently used past ``max_entries``."""
        now = time.time()
        rows = [
            (self.embedder, self._key(text), np.ascontiguousarray(vector, dtype=np.float32).tobytes(), now)
            for text, vector in zip(texts, vectors, strict=True)
        ]
        with self._lock, self._db:
            self._db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?, ?, ?)", rows)
            (count,) = self._db.execute("SELECT COUNT(*) FROM vectors").fetchone()
            if count > self.max_entries:
                self._db.execute(
                    "DELETE FROM vectors WHERE rowid IN (SELECT rowid FROM vectors ORDER BY used LIMIT ?)",
                    (count - self.max_entries,),
                )

    def __len__(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM vectors").fetchone()[0]


class StoredEmbedFunction:
    """An embed function that asks ``store`` first and calls ``embed`` only for what it lacks.

    ``embed`` is the default embed function, which loads its model on its first call, so building
    a checker with a store loads no model, and a process whose chunks are all stored never does.
    One object per store and embedder: source indexes are cached per embed function, so it must
    stay the same object across calls.
    """

    def __init__(self, store: EmbeddingStore, embed: Callable[[list[str]], np.ndarray]) -> None:
        self.store = store
        self._embed = embed

    def __call__(self, texts: list[str]) -> np.ndarray:
        stored = self.store.get(texts)
        missing = [i for i in range(len(texts)) if i not in stored]
        if missing:
            fresh = np.asarray(self._embed([texts[i] for i in missing]), dtype=np.float32)
            self.store.put([texts[i] for i in missing], fresh)
            stored.update(zip(missing, fresh, strict=True))
        return np.stack([stored[i] for i in range(len(texts))]) if texts else np.zeros((0, 0), np.float32)
