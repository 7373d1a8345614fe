"""Defaults in one place. Thresholds and temperature live with the model, not here."""

from __future__ import annotations

from pathlib import Path

BUNDLED_MODEL_DIR = Path(__file__).resolve().parent / "models" / "provenance-nli-minilm-l6"
MODEL_SETTINGS_FILE = "provenance_nli.json"
TOP_K = 3
MAX_LENGTH = 256
CPU_BATCH_SIZE = 8
"""Model inputs per forward pass on a CPU: small length-sorted batches waste the least padding
(measured on workload (b) of benchmarks/bench_speed.py: 8 beats 16 and 32 on time and peak memory)."""
ACCELERATOR_BATCH_SIZE = 64
WINDOW_STRIDE = 32
CHUNK_STRATEGY = "sentence"
CHUNK_SIZE = 2
CHUNK_OVERLAP = 1
DISTANCE_METRIC = "cosine"
ENTAILMENT_THRESHOLD = 0.5
CONTRADICTION_THRESHOLD = 0.5
SANE_CUT_RANGE = (0.2, 1.0)
"""Where a settings file's (or calibration's) entailment and contradiction cuts may lie: an
entailment cut near 0 passes whatever the model does not call contradicted (at 1 the model passes
nothing: strict, never open)."""
SANE_TEMPERATURE_RANGE = (0.05, 20.0)
"""Where a settings file's softmax temperature may lie: far above it every label scores 1/3, far
below it the probabilities are 0 and 1 (or NaN)."""
REVIEW_THRESHOLD = 0.8
MAX_TEXT_CHARS = 200_000
MAX_SOURCE_CHARS = 2_000_000
QUERY_TIMEOUT_S = 30.0
SEARCHED_PASSAGES_CHARS = 8_000
"""An app's passages for one sentence longer than this together are searched like sources (their
top-k chunks are scored), not scored whole: every window of a 40 KB passage was scored for every
sentence (some 40 windows of the model input each)."""
SOURCE_CACHE_SIZE = 32
# Vectors an embedding cache keeps (all-MiniLM-L6-v2: 1.5 kB each, so ~150 MB on disk at most).
EMBEDDING_CACHE_ENTRIES = 100_000
MODEL_CACHE_SIZE = 4
REMOTE_TIMEOUT_S = 30.0
REMOTE_PAIRS_PER_REQUEST = 256
SERVE_MAX_BATCH_SIZE = 16
"""Requests a Ray Serve replica merges into one forward pass."""
SERVE_BATCH_WAIT_S = 0.02
SERVED_MODEL_NAME = "provenance-nli"
SERVE_MAX_BODY_BYTES = 4_000_000
"""Largest request body the scoring server reads (HTTP 413 above it)."""
SERVE_MAX_PAIRS = 1_024
SERVE_MAX_TEXT_CHARS = 20_000
"""Per premise or hypothesis: far above a retrieved passage, far below a document that would
keep a replica busy for minutes."""
LLM_TIMEOUT_S = 30.0
LLM_MAX_CONCURRENCY = 8
LLM_RETRIES = 3
