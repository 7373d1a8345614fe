"""Prepare the training data of the bundled NLI model: MultiNLI, SNLI, CAD-SNLI, ConjNLI, the answer sets.

The answer sets (Factcheck-GPT, ExpertQA, BUMP: :mod:`training.answers`) are LLM answers and
summaries judged against their sources, the nearest data here to what the validator judges.

VitaminC (CC BY-SA 3.0) shipped inside the BIG-bench 1.0.0 sdist, which the package index no
longer serves: it is read only where an earlier run cached it (:func:`fetch_task`), split
*grouped by Wikipedia page* (a page holds every revision of an evidence sentence and every claim
written against it, so contrastive pairs can never straddle two splits). Without it the recipe
warm-starts from the bundled 0.3.0 weights, which keep what VitaminC taught.

MultiNLI (2-way: ``entailment`` / ``not_entailment``) and SNLI (3-way) are read from
``../shared/data/train`` (see its README for sources and licences), split the same way (grouped by
premise). 2-way rows keep their label: the trainer puts a loss on P(entailment) alone for them,
because ``not_entailment`` is neither neutral nor contradiction. Counterfactually augmented SNLI
(minimal human edits that flip the label) and ConjNLI (adversarial conjunctions) come with their
own splits, which are kept: their train parts train, their dev parts join the dev mix, and
CAD-SNLI's test part is held out for ``training.evaluate``.

The binary FEVER-NLI files that release 0.3.0 trained on are withdrawn (built from FEVER's *dev*
claims, which public fact-verification benchmarks are built from too): nothing here reads them.

Synthetic pairs, made from training splits only, teach what the public sets lack and what
an earlier recipe got wrong (its negation edits taught the model that "not" means
contradiction, so sentences copied verbatim from a source were flagged):

- extractive: a premise of several evidence sentences of one page, the hypothesis one of them
  (or its first clause), negated sentences over-sampled → entailment;
- negation as minimal pairs only: a premise sentence with its polarity flipped → contradiction;
- number and date swaps of an entailed claim, plus antonym and scope edits → contradiction;
- on-topic neutrals: a claim paired with a *different* evidence sentence of its own page that
  shares little with its evidence → neutral (topic overlap alone is not support).

For a GPU's budget (``make train-model-gpu``), ``--uncapped`` keeps every pair and
``--in-context-rate`` adds copies of passage-level pairs whose premise sits among other pages'
premises (:func:`in_context`), as a retrieved passage sits among sentences about something else.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import tarfile
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import TypeVar

from training import wordnet
from training.answers import answer_pairs
from training.pairs import Pair, read_jsonl, write_jsonl

BIGBENCH_FILE = "bigbench-1.0.0.tar.gz"
TASK_MEMBER = "bigbench/benchmark_tasks/vitaminc_fact_verification/task.json"
TARGET_TO_LABEL = {"True": "entailment", "False": "contradiction", "Neither": "neutral"}
SPLIT_BUCKETS = {"train": range(0, 90), "dev": range(90, 95), "test": range(95, 100)}
SHARED_SETS = {"mnli": "mnli_binary_*.jsonl", "snli": "snli_*.jsonl"}
SPLIT_SETS = {"cad_snli": "cad_snli", "conjnli": "conjnli"}
"""Sets that come with their own train / dev / test files (gzip JSON Lines): origin → folder."""
# Training pairs per origin: one epoch of ~2,700 steps of batch 32 (0.4.0 stops at 1,600).
TRAIN_CAPS = {"vitaminc": 30_000, "mnli": 14_000, "snli": 10_000, "cad_snli": 8_255, "conjnli": 10_000}
CONTEXT_CHARS = 450
IN_CONTEXT_ORIGINS = ("vitaminc", "mnli", "conjnli")
"""Origins whose premises are about one page or passage, so another page's premise beside one
changes nothing the hypothesis says (SNLI's captions are left out: two captions may describe
one scene, so a caption beside another could entail or contradict its hypothesis)."""
IN_CONTEXT_CHARS = 900  # about 200 word pieces: a retrieved passage's size, inside max length 256


def fetch_task(cache_dir: Path) -> Path:
    """The VitaminC task file, from a copy cached by an earlier run (never downloaded).

    VitaminC reached this project only inside BIG-bench's 1.0.0 sdist, which the package index no
    longer serves (it lists 0.0.1 alone), so a fresh machine cannot get it. Where an earlier run left
    the task file or the sdist in ``cache_dir`` it is still read; otherwise this raises
    :class:`FileNotFoundError`, and :func:`prepare` goes on without VitaminC.
    """
    task_path = cache_dir / "vitaminc_task.json"
    if task_path.exists():
        return task_path
    sdist = cache_dir / BIGBENCH_FILE
    if not sdist.exists():
        raise FileNotFoundError(
            f"VitaminC is not cached in {cache_dir} ({task_path.name} or {BIGBENCH_FILE}); the package index no "
            "longer serves bigbench 1.0.0, so it cannot be downloaded"
        )
    with tarfile.open(sdist) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith(TASK_MEMBER))
        extracted = tar.extractfile(member)
        if extracted is None:
            raise RuntimeError(f"{member.name} is not a regular file in {sdist}")
        task_path.write_bytes(extracted.read())
    return task_path


def parse_task(task_path: Path) -> list[Pair]:
    """Turn BIG-bench's ``"<page>: <evidence>\\nClaim: <claim>"`` rows into pairs."""
    examples = json.loads(task_path.read_text(encoding="utf-8"))["examples"]
    pairs = []
    for example in examples:
        evidence, claim = example["input"].split("\nClaim: ", 1)
        page = evidence.split(":", 1)[0]
        target = max(example["target_scores"], key=example["target_scores"].get)
        pairs.append(Pair(evidence.strip(), claim.strip(), TARGET_TO_LABEL[target], page))
    return pairs


def split_of(page: str) -> str:
    """Deterministic 90/5/5 split bucket of a page (stable across Python versions)."""
    bucket = int(hashlib.sha256(page.encode("utf-8")).hexdigest(), 16) % 100
    return next(name for name, buckets in SPLIT_BUCKETS.items() if bucket in buckets)


_NEGATABLE = re.compile(r"\b(is|are|was|were|has|have|had|can|will|could|would|should|does|did|do)\b")
_NEGATED = re.compile(r"\b(is|are|was|were|has|have|had|can|will|could|would|should|does|did|do)(\s+not|n't)\b")
_NUMBER = re.compile(r"\b\d+(?:[.,]\d+)?\b")
_APPROXIMATE = re.compile(r"\b(than|least|most|over|under|nearly|almost|about|around|approximately|roughly)\b", re.I)
_SCOPE_SWAPS = {
    "only": "not only",
    "all": "some",
    "always": "sometimes",
    "never": "sometimes",
    "every": "some",
    "none": "some",
    "worldwide": "only locally",
    "at least": "at most",
    "at most": "at least",
    "more than": "less than",
    "less than": "more than",
    "fewer than": "more than",
    "before": "after",
    "after": "before",
}
_SCOPE = re.compile(r"\b(" + "|".join(re.escape(k) for k in _SCOPE_SWAPS) + r")\b")


def negate(claim: str) -> str | None:
    """Flip the polarity of the first auxiliary verb ("is" → "is not", "is not" → "is").

    A frozen copy, not :func:`validator.rules.quotes.polarity_flips` (the negation the validator's
    check enforces: 18 auxiliaries, contractions, up to three per sentence): the synthetic pairs of
    0.3.0 and 0.4.0 were made with this one, and 0.4.0 changed only the mix of public sets, so the
    two releases compare on data, not on their edits."""
    if match := _NEGATED.search(claim):
        return claim[: match.start(2)] + claim[match.end(2) :]
    if match := _NEGATABLE.search(claim):
        return claim[: match.end()] + " not" + claim[match.end() :]
    return None


def swap_number(claim: str, rng: random.Random) -> str | None:
    """Replace one number with a clearly different one (exact claims only: a bound may stay true)."""
    numbers = list(_NUMBER.finditer(claim))
    if not numbers or _APPROXIMATE.search(claim):
        return None
    match = rng.choice(numbers)
    value = float(match.group().replace(",", ""))
    factor = rng.choice([0.5, 0.7, 1.5, 2.0, 3.0])
    new = value * factor + (rng.randint(1, 9) if value < 10 else 0)
    text = f"{new:.0f}" if "." not in match.group() else f"{new:.1f}"
    if text == match.group():
        return None
    return claim[: match.start()] + text + claim[match.end() :]


def swap_antonym(claim: str, antonyms: dict[str, list[str]], rng: random.Random) -> str | None:
    """Replace one word with a WordNet antonym, keeping its capitalisation."""
    words = [m for m in re.finditer(r"[A-Za-z]+", claim) if m.group().lower() in antonyms]
    if not words:
        return None
    match = rng.choice(words)
    antonym = rng.choice(antonyms[match.group().lower()])
    if match.group()[0].isupper():
        antonym = antonym.capitalize()
    return claim[: match.start()] + antonym + claim[match.end() :]


def swap_scope(claim: str) -> str | None:
    """Swap a quantifier or scope word for one that changes the truth of the claim."""
    if match := _SCOPE.search(claim):
        return claim[: match.start()] + _SCOPE_SWAPS[match.group()] + claim[match.end() :]
    return None


def swap_year(claim: str, rng: random.Random) -> str | None:
    """Move one year (1000–2099) by 1–30 years, the way a wrong date usually looks."""
    years = list(re.finditer(r"\b(1\d{3}|20\d{2})\b", claim))
    if not years or _APPROXIMATE.search(claim):
        return None
    match = rng.choice(years)
    shifted = int(match.group()) + rng.choice([-1, 1]) * rng.randint(1, 30)
    return claim[: match.start()] + str(shifted) + claim[match.end() :]


CLAUSE_BREAK = re.compile(r",\s+(?:and|but|while|whereas)\s+|;\s+")
"""Where a sentence's main clause ends and a second one begins."""


def first_clause(sentence: str) -> str | None:
    """The main clause before ", and" / ", but" / ";" when it is a sentence on its own (≥ 5 words)."""
    match = CLAUSE_BREAK.search(sentence)
    if not match:
        return None
    clause = sentence[: match.start()].rstrip()
    return clause + "." if len(clause.split()) >= 5 else None


def _evidence(pair: Pair) -> str:
    """The evidence sentence of a VitaminC premise ``"<page>: <evidence>"``."""
    return pair.premise.split(": ", 1)[-1]


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower()))


def _overlap(a: set[str], b: set[str]) -> float:
    return len(a & b) / max(1, min(len(a), len(b)))


def synthesize(train: list[Pair], rng: random.Random, antonyms: dict[str, list[str]], rate: float) -> list[Pair]:
    """Extractive entailments, minimal-pair contradictions and on-topic neutrals (module docstring)."""
    n = int(len(train) * rate)
    by_page: dict[str, list[str]] = defaultdict(list)
    for pair in train:
        if (evidence := _evidence(pair)) not in by_page[pair.page]:
            by_page[pair.page].append(evidence)
    pages = [page for page, sentences in by_page.items() if len(sentences) >= 2]
    synthetic: list[Pair] = []

    def context(page: str, sentence: str) -> str:
        """The sentence among up to three other evidence sentences of its page, in random order.

        The whole premise stays under ``CONTEXT_CHARS`` so truncation never cuts the sentence off.
        """
        others = [s for s in by_page[page] if s != sentence]
        chosen = [sentence]
        for other in rng.sample(others, min(len(others), rng.randint(1, 3))):
            if sum(map(len, chosen)) + len(other) <= CONTEXT_CHARS:
                chosen.append(other)
        rng.shuffle(chosen)
        return f"{page}: " + " ".join(chosen)

    negated = [(p, s) for p in pages for s in by_page[p] if _NEGATED.search(s) or re.search(r"\b(no|never|not)\b", s)]
    plain = [(p, s) for p in pages for s in by_page[p]]
    for page, sentence in rng.sample(negated, min(len(negated), n // 4)) + rng.sample(plain, n // 4):
        hypothesis = first_clause(sentence) if rng.random() < 0.3 else None
        synthetic.append(Pair(context(page, sentence), hypothesis or sentence, "entailment", page, "extractive"))
    for page, sentence in rng.sample(plain, n // 4):
        if (flipped := negate(sentence)) and flipped != sentence:
            synthetic.append(Pair(context(page, sentence), flipped, "contradiction", page, "negation_pair"))

    entailed = [p for p in train if p.label == "entailment"]
    for pair in rng.sample(entailed, n // 4):
        editors = [
            ("number", lambda c: swap_year(c, rng) or swap_number(c, rng)),
            ("antonym", lambda c: swap_antonym(c, antonyms, rng)),
            ("scope", swap_scope),
        ]
        rng.shuffle(editors)
        for origin, edit in editors:
            if (edited := edit(pair.hypothesis)) and edited != pair.hypothesis:
                synthetic.append(Pair(pair.premise, edited, "contradiction", pair.page, origin))
                break

    for pair in rng.sample(train, n // 4):
        evidence, claim = _words(_evidence(pair)), _words(pair.hypothesis) - _words(pair.page)
        unrelated = [
            s for s in by_page[pair.page] if _overlap(_words(s), evidence) < 0.3 and _overlap(_words(s), claim) < 0.5
        ]
        if unrelated:
            premise = f"{pair.page}: {rng.choice(unrelated)}"
            synthetic.append(Pair(premise, pair.hypothesis, "neutral", pair.page, "on_topic"))
    return synthetic


def in_context(train: list[Pair], rng: random.Random, rate: float) -> list[Pair]:
    """Copies of a share ``rate`` of the pairs whose premise sits among premises of other pages.

    The validator reads a sentence against retrieved passages of several sentences, most of them
    about something else, while the public pairs give the one sentence that decides. A copy whose
    premise is that sentence among one to four premises of the same origin from other pages (in
    random order, at most ``IN_CONTEXT_CHARS`` in all) keeps its label: what the extra text says is
    about other pages. Origin ``<origin>+context`` keeps the copies out of the per-origin caps.
    """
    if not 0.0 <= rate <= 1.0:
        raise ValueError(f"the in-context rate is a share of the pairs, from 0 to 1, got {rate}")
    by_origin: dict[str, list[Pair]] = defaultdict(list)
    for pair in train:
        if pair.origin in IN_CONTEXT_ORIGINS:
            by_origin[pair.origin].append(pair)
    copies = []
    for origin, pairs in by_origin.items():
        for pair in rng.sample(pairs, int(len(pairs) * rate)):
            premise = among_others(
                pair.premise, pairs, rng, lambda other: other.premise, lambda other, page=pair.page: other.page != page
            )
            copies.append(Pair(premise, pair.hypothesis, pair.label, pair.page, f"{origin}+context"))
    return copies


T = TypeVar("T")


def among_others(
    premise: str, others: Sequence[T], rng: random.Random, text: Callable[[T], str], keep: Callable[[T], bool]
) -> str:
    """``premise`` among the texts of one to four of ``others`` (drawn at random, those ``keep``
    allows), in random order, at most :data:`IN_CONTEXT_CHARS` in all: a passage in which one
    sentence decides and the rest are about something else."""
    chosen = [premise]
    for other in rng.sample(others, min(len(others), rng.randint(1, 4))):
        if keep(other) and sum(map(len, chosen)) + len(text(other)) <= IN_CONTEXT_CHARS:
            chosen.append(text(other))
    rng.shuffle(chosen)
    return " ".join(chosen)


def shared_pairs(data_dir: Path) -> dict[str, list[Pair]]:
    """MultiNLI (2-way) and SNLI (3-way) from ``../shared/data/train``, split by premise; CAD-SNLI
    and ConjNLI by their own files."""
    splits: dict[str, list[Pair]] = defaultdict(list)
    for origin, pattern in SHARED_SETS.items():
        for path in sorted(data_dir.glob(pattern)):
            for row in read_jsonl(path):
                pair = Pair(row["premise"], row["hypothesis"], row["label"], f"{origin}:{row['premise']}", origin)
                splits[split_of(pair.page)].append(pair)
    for origin, folder in SPLIT_SETS.items():
        for path in sorted((data_dir / folder).glob("*.jsonl.gz")):
            split = path.name.removesuffix(".jsonl.gz")
            for row in read_jsonl(path):
                pair = Pair(row["premise"], row["hypothesis"], row["label"], f"{origin}:{row['premise']}", origin)
                splits[f"{origin}_test" if split == "test" else split].append(pair)
    return splits


def cap(pairs: list[Pair], limits: Mapping[str, int], rng: random.Random) -> list[Pair]:
    """At most ``limits[origin]`` pairs of each origin (a fixed budget of training steps on 2 cores)."""
    by_origin: dict[str, list[Pair]] = defaultdict(list)
    for pair in pairs:
        by_origin[pair.origin].append(pair)
    kept = []
    for origin, rows in by_origin.items():
        limit = limits.get(origin, len(rows))
        kept += rows if len(rows) <= limit else rng.sample(rows, limit)
    return kept


def vitaminc_pairs(cache_dir: Path) -> list[Pair]:
    """VitaminC's pairs where a cached copy exists (:func:`fetch_task`), else none, said once."""
    try:
        return parse_task(fetch_task(cache_dir))
    except FileNotFoundError as missing:
        print(f"without VitaminC: {missing}")
        return []


def prepare(
    out_dir: Path,
    cache_dir: Path,
    shared_dir: Path,
    seed: int = 13,
    synthetic_rate: float = 0.3,
    in_context_rate: float = 0.0,
    caps: Mapping[str, int] = TRAIN_CAPS,
) -> None:
    """Write ``train.jsonl``, ``dev.jsonl`` and the held-out test files (only train is augmented
    and capped).

    dev mixes every source's dev part (thresholds are chosen on it). A set with its own test part
    keeps it apart (``cad_snli_test.jsonl``, ``<answer set>_test.jsonl``, and VitaminC's as
    ``test.jsonl`` where VitaminC is cached), evaluated, never trained on. The synthetic pairs are
    made from VitaminC's pages, so a machine without its cached copy trains without them.
    ``caps`` bounds each origin's training pairs (empty: every pair, for a GPU's budget).
    """
    rng = random.Random(seed)
    splits: dict[str, list[Pair]] = defaultdict(list)
    for pair in vitaminc_pairs(cache_dir):
        splits[split_of(pair.page)].append(pair)
    if splits["train"]:
        splits["train"] += synthesize(list(splits["train"]), rng, wordnet.antonyms(), synthetic_rate)
    for name, rows in shared_pairs(shared_dir).items():
        # MultiNLI and SNLI have no test part here: their test-bucket rows go to dev.
        splits["dev" if name == "test" else name] += rows
    for name, rows in answer_pairs(shared_dir / "answers").items():
        splits[name] += rows
    splits["train"] = cap(splits["train"], caps, rng)
    splits["train"] += in_context(splits["train"], rng, in_context_rate)
    rng.shuffle(splits["train"])
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, rows in splits.items():
        if rows:
            write_jsonl(out_dir / f"{name}.jsonl", [asdict(row) for row in rows])


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("build/data"))
    parser.add_argument("--cache", type=Path, default=Path("build/cache"))
    parser.add_argument("--shared", type=Path, default=Path("../shared/data/train"))
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--synthetic-rate", type=float, default=0.3)
    parser.add_argument(
        "--in-context-rate", type=float, default=0.0, help="share of pairs copied with other pages' premises around"
    )
    parser.add_argument("--uncapped", action="store_true", help="every training pair (TRAIN_CAPS fit 2 CPU cores)")
    parser.add_argument(
        "--replay",
        type=int,
        default=None,
        help="at most this many pairs of each public pair set (the answer sets are never capped)",
    )
    args = parser.parse_args()
    if not 0.0 <= args.in_context_rate <= 1.0:
        parser.error(f"--in-context-rate is a share of the pairs, from 0 to 1, got {args.in_context_rate}")
    caps = {} if args.uncapped else TRAIN_CAPS
    if args.replay is not None:
        caps = {origin: min(limit, args.replay) for origin, limit in TRAIN_CAPS.items()}
    prepare(args.out, args.cache, args.shared, args.seed, args.synthetic_rate, args.in_context_rate, caps)
