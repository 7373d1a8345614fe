"""Sentence pairs mined from answers judged against their sources (``../shared/data/train/answers``).

The public NLI sets pair one caption or claim with the one sentence that decides it; the validator
reads an LLM's answer sentence against windows of whole documents and web pages. These three sets
are the nearest this project has to that (each folder's SOURCE.md gives licence and fields):

- **Factcheck-GPT**: a ChatGPT claim against one retrieved web passage, with a person's stance:
  completely supports → entailment, refutes → contradiction, irrelevant → neutral, and partially
  supports → ``not_entailment`` (the trainer puts its loss on P(entailment) alone: part of the claim
  is backed, so it is neither neutral nor contradicted).
- **ExpertQA**: a GPT-4 answer's claim against the passages it cites: "Complete" → entailment,
  "Partial" / "Incomplete" → ``not_entailment``.
- **BUMP**: a CNN/DailyMail reference summary and human edits of it that each hold one error. The
  edited sentence (found by diffing the edit against its reference) and the reference sentence it
  replaced are read against the article window the reference sentence rests on: the reference is
  entailed; the edit is a contradiction where its error type misuses what the article says
  (intrinsic and coreference errors), otherwise ``not_entailment`` (an extrinsic error adds what
  the article never says, which may or may not contradict it).

Premises are cut the way the validator's retrieval cuts them: the sentences of a source that share
the most words with the claim, in source order, up to :data:`WINDOW_CHARS` (about the validator's
three retrieved two-sentence chunks, inside the trainer's 256 word pieces).

Rows are split by the unit that must never straddle two splits (a Factcheck-GPT claim, an ExpertQA
answer, a BUMP article), 70/10/20: the test parts are held out for ``training.evaluate``.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from training.pairs import NOT_ENTAILMENT, Pair, read_jsonl

WINDOW_CHARS = 900
ANSWER_SPLITS = {"train": range(0, 70), "dev": range(70, 80), "test": range(80, 100)}
FACTCHECK_LABELS = {
    "completely-support": "entailment",
    "refute": "contradiction",
    "irrelevant": "neutral",
    "partially-support": NOT_ENTAILMENT,
}
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'A-Z(])")
_WORD = re.compile(r"[a-z0-9]+")


def answer_split(group: str) -> str:
    """The split of one group (claim, answer or article): a stable 70/10/20 hash bucket."""
    bucket = int(hashlib.sha256(group.encode("utf-8")).hexdigest(), 16) % 100
    return next(name for name, buckets in ANSWER_SPLITS.items() if bucket in buckets)


def _content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in ENGLISH_STOP_WORDS}


def sentences(text: str) -> list[str]:
    """A source cut into sentences (good enough to choose a window; the premise keeps the text)."""
    return [s.strip() for s in _SENTENCE_END.split(" ".join(text.split())) if s.strip()]


def window(claim: str, sources: list[str], limit: int = WINDOW_CHARS) -> str:
    """The source sentences that share the most content words with ``claim``, in source order,
    at most ``limit`` characters in all (one sentence is cut at ``limit`` if it alone is longer)."""
    claim_words = _content_words(claim)
    pool = [s for source in sources for s in sentences(source)]
    ranked = sorted(range(len(pool)), key=lambda i: -len(_content_words(pool[i]) & claim_words))
    chosen: list[int] = []
    used = 0
    for index in ranked:
        if used + len(pool[index]) > limit:
            continue
        chosen.append(index)
        used += len(pool[index]) + 1
    if not chosen and pool:
        return pool[ranked[0]][:limit]
    return " ".join(pool[i] for i in sorted(chosen))


def factcheck_pairs(path: Path) -> Iterator[tuple[str, Pair]]:
    for row in read_jsonl(path):
        label = FACTCHECK_LABELS[row["raw_label"]]
        premise = window(row["answer"], row["sources"])
        yield answer_split(row["claim_group"]), Pair(premise, row["answer"], label, row["claim_group"], "factcheck_gpt")


def expertqa_pairs(path: Path) -> Iterator[tuple[str, Pair]]:
    for row in read_jsonl(path):
        label = "entailment" if row["raw_label"] == "Complete" else NOT_ENTAILMENT
        premise = window(row["answer"], row["sources"])
        yield answer_split(row["answer_id"]), Pair(premise, row["answer"], label, row["answer_id"], "expertqa")


def summary_sentences(summary: str) -> list[str]:
    """A CNN/DailyMail highlight summary's sentences (its highlights end in " ." or a full stop)."""
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", " ".join(summary.split())) if len(s.strip()) > 1]


def edited_sentence(reference: str, edit: str) -> tuple[str, str] | None:
    """The (reference sentence, edited sentence) a one-error edit changed, or None where the edit
    changed no sentence or more than one."""
    old, new = summary_sentences(reference), summary_sentences(edit)
    changed = [op for op in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes() if op[0] != "equal"]
    if len(changed) != 1 or changed[0][0] != "replace":
        return None
    _, a0, a1, b0, b1 = changed[0]
    if a1 - a0 != 1 or b1 - b0 != 1:
        return None
    return old[a0], new[b0]


def bump_label(error_type: str) -> str:
    """Contradiction where the error misuses what the article says; otherwise not entailed."""
    return "contradiction" if error_type.startswith(("Intrinsic", "Coreference")) else NOT_ENTAILMENT


def bump_pairs(path: Path) -> Iterator[tuple[str, Pair]]:
    rows = read_jsonl(path)
    references = {(r["task"], r["article_id"]): r for r in rows if r["label"] == "supported"}
    seen: set[tuple[str, str]] = set()
    for row in rows:
        reference = references.get((row["task"], row["article_id"]))
        if row["label"] != "unsupported" or reference is None:
            continue
        found = edited_sentence(reference["answer"], row["answer"])
        if found is None:
            continue
        original, edited = found
        page = f"bump:{row['article_id']}"
        premise = window(original, reference["sources"])
        split = answer_split(page)
        if (page, original) not in seen:
            seen.add((page, original))
            yield split, Pair(premise, original, "entailment", page, "bump")
        yield split, Pair(premise, edited, bump_label(row.get("error_type") or ""), page, "bump")


def answer_pairs(answers_dir: Path) -> dict[str, list[Pair]]:
    """The three sets' pairs by split: ``train``, ``dev`` and ``<set>_test`` (held out)."""
    readers = {
        "factcheck_gpt": (factcheck_pairs, "factcheck_gpt/factcheck_gpt.jsonl.gz"),
        "expertqa": (expertqa_pairs, "expertqa/expertqa.jsonl.gz"),
        "bump": (bump_pairs, "bump/bump.jsonl.gz"),
    }
    splits: dict[str, list[Pair]] = defaultdict(list)
    for origin, (reader, name) in readers.items():
        for split, pair in reader(answers_dir / name):
            splits[f"{origin}_test" if split == "test" else split].append(pair)
    return splits
