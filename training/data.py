"""Prepare the VitaminC training data for the bundled NLI model.

VitaminC (CC BY-SA 3.0) ships inside the BIG-bench sdist on PyPI (Apache-2.0), the only
place this project can reach it offline-from-hubs. We fetch the sdist with pip, read the
task file straight out of the tarball, split it deterministically *grouped by Wikipedia
page* (a page holds every revision of an evidence sentence and every claim written
against it, so contrastive pairs can never straddle two splits), and add synthetic
contradictions and neutrals made from the training split only.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections import defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path

BIGBENCH_SDIST = "bigbench==1.0.0"
TASK_MEMBER = "bigbench/benchmark_tasks/vitaminc_fact_verification/task.json"
LABELS = ("entailment", "neutral", "contradiction")
TARGET_TO_LABEL = {"True": "entailment", "False": "contradiction", "Neither": "neutral"}
SPLIT_BUCKETS = {"train": range(0, 90), "dev": range(90, 95), "test": range(95, 100)}
WORDNET_DIR = Path("/usr/share/wordnet")
WORDNET_LEXNAMES_MAN = Path("/usr/share/man/man5/lexnames.5WN.gz")


@dataclass(frozen=True)
class Pair:
    """One (premise, hypothesis, label) example, plus where it came from."""

    premise: str
    hypothesis: str
    label: str
    page: str
    origin: str = "vitaminc"


def fetch_task(cache_dir: Path) -> Path:
    """Download the BIG-bench sdist once and extract the VitaminC task file from it."""
    task_path = cache_dir / "vitaminc_task.json"
    if task_path.exists():
        return task_path
    cache_dir.mkdir(parents=True, exist_ok=True)
    sdists = sorted(cache_dir.glob("bigbench-1.0.0.tar.gz"))
    if not sdists:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--no-binary",
                ":all:",
                BIGBENCH_SDIST,
                "-d",
                str(cache_dir),
            ],
            check=True,
        )
        sdists = sorted(cache_dir.glob("bigbench-1.0.0.tar.gz"))
    with tarfile.open(sdists[0]) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith(TASK_MEMBER))
        extracted = tar.extractfile(member)
        if extracted is None:
            raise RuntimeError(f"{member.name} is not a regular file in {sdists[0]}")
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


def load_wordnet_antonyms() -> dict[str, list[str]]:
    """Single-word antonyms from Debian's ``wordnet-base`` (WordNet 3.0), read with nltk.

    Debian leaves out the ``lexnames`` file that nltk's reader insists on; it is rebuilt
    from the package's own man page in a scratch copy of the database.
    """
    if not WORDNET_DIR.exists():
        raise FileNotFoundError(f"{WORDNET_DIR} is missing: install it with `apt-get install wordnet-base`")
    import nltk
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    scratch = Path(tempfile.mkdtemp(prefix="wordnet-"))
    for path in WORDNET_DIR.iterdir():
        if path.is_file():
            shutil.copy(path, scratch / path.name)
    with gzip.open(WORDNET_LEXNAMES_MAN, "rt", encoding="utf-8") as handle:
        man = handle.read()
    lexnames = [f"{m[0]}\t{m[1]}\t0" for m in re.findall(r"^(\d\d)\t(\S+)", man, re.M)]
    (scratch / "lexnames").write_text("\n".join(lexnames) + "\n", encoding="utf-8")
    nltk.data.path.append(str(scratch))

    class PrincetonWordNet(WordNetCorpusReader):
        def map_wn(self, version: str = "wordnet") -> None:
            """No Open Multilingual WordNet mapping: nltk 3.10 would fetch its own copy."""
            return None

    wordnet = PrincetonWordNet(str(scratch), None)
    antonyms: dict[str, set[str]] = defaultdict(set)
    for synset in wordnet.all_synsets():
        for lemma in synset.lemmas():
            for antonym in lemma.antonyms():
                if lemma.name().isalpha() and antonym.name().isalpha():
                    antonyms[lemma.name().lower()].add(antonym.name().lower())
    shutil.rmtree(scratch, ignore_errors=True)
    return {word: sorted(words) for word, words in antonyms.items()}


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
    """Flip the polarity of the first auxiliary verb ("is" → "is not", "is not" → "is")."""
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


def synthesize(train: list[Pair], rng: random.Random, antonyms: dict[str, list[str]], rate: float) -> list[Pair]:
    """Make contradictions from entailed training pairs and neutrals from mismatched ones.

    Contradictions: polarity, number, antonym and scope edits of an *entailed* claim, so
    the premise still supports the original and refutes the edit. Neutrals: a claim paired
    with evidence from another page that shares a word with it, so topic overlap alone
    never looks like support.
    """
    entailed = [p for p in train if p.label == "entailment"]
    synthetic = []
    for pair in rng.sample(entailed, int(len(entailed) * rate)):
        editors = [
            ("negation", lambda c: negate(c)),
            ("number", lambda c: swap_number(c, rng)),
            ("antonym", lambda c: swap_antonym(c, antonyms, rng)),
            ("scope", swap_scope),
        ]
        rng.shuffle(editors)
        for origin, edit in editors:
            if (edited := edit(pair.hypothesis)) and edited != pair.hypothesis:
                synthetic.append(Pair(pair.premise, edited, "contradiction", pair.page, origin))
                break
    by_word: dict[str, list[Pair]] = defaultdict(list)
    for pair in train:
        for word in set(re.findall(r"[a-z]{6,}", pair.premise.lower())):
            by_word[word].append(pair)
    for pair in rng.sample(train, int(len(train) * rate / 2)):
        words = [w for w in set(re.findall(r"[a-z]{6,}", pair.hypothesis.lower())) if by_word[w]]
        if not words:
            continue
        other = rng.choice(by_word[rng.choice(words)])
        if other.page != pair.page:
            synthetic.append(Pair(other.premise, pair.hypothesis, "neutral", pair.page, "mismatch"))
    return synthetic


def prepare(out_dir: Path, cache_dir: Path, seed: int = 13, synthetic_rate: float = 0.2) -> None:
    """Write ``train.jsonl``, ``dev.jsonl`` and ``test.jsonl`` (only train is augmented)."""
    rng = random.Random(seed)
    pairs = parse_task(fetch_task(cache_dir))
    splits: dict[str, list[Pair]] = defaultdict(list)
    for pair in pairs:
        splits[split_of(pair.page)].append(pair)
    splits["train"] += synthesize(splits["train"], rng, load_wordnet_antonyms(), synthetic_rate)
    rng.shuffle(splits["train"])
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, rows in splits.items():
        with (out_dir / f"{name}.jsonl").open("w", encoding="utf-8") as handle:
            for row in rows:
                handle.write(json.dumps(asdict(row), ensure_ascii=False) + "\n")
        counts = {label: sum(r.label == label for r in rows) for label in LABELS}
        print(f"{name}: {len(rows)} pairs {counts}")


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("build/data"))
    parser.add_argument("--cache", type=Path, default=Path("build/cache"))
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--synthetic-rate", type=float, default=0.2)
    args = parser.parse_args()
    prepare(args.out, args.cache, args.seed, args.synthetic_rate)
