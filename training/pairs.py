"""The pair record every training set is turned into, and its JSON Lines files."""

from __future__ import annotations

import gzip
import json
import shutil
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

LABELS = ("entailment", "neutral", "contradiction")
NOT_ENTAILMENT = "not_entailment"  # the 2-way sets' label (training.train gives it its own loss)


@dataclass(frozen=True)
class Pair:
    """One (premise, hypothesis, label) example, plus where it came from."""

    premise: str
    hypothesis: str
    label: str
    page: str
    origin: str = "vitaminc"


def read_jsonl(path: Path) -> list[dict]:
    """Rows of a JSON Lines file, gzip-compressed where its name ends in ``.gz``."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def write_jsonl(path: Path, rows: list[dict]) -> None:
    """Write pairs one JSON object a line, and print how many of each origin and label."""
    with path.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['origin']}/{row['label']}"] += 1
    print(f"{path.stem}: {len(rows)} pairs {dict(sorted(counts.items()))}")


def copy_held_out(base: Path, out: Path) -> None:
    """Copy ``base``'s held-out test parts into a recipe's ``out`` folder as they are: a recipe adds
    training and dev pairs, never evaluation rows."""
    for held_out in base.glob("*_test.jsonl"):
        shutil.copy(held_out, out / held_out.name)
