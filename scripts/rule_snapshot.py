"""The snapshot of the model-free rules' findings on real answer sentences (tests/data/rule_findings.jsonl.gz).

Every sentence of a fixed sample of real answers (``../shared/data/train/answers``: BUMP's
CNN/DailyMail summaries and their one-error edits against the article, ExpertQA's GPT-4 claims
against the passages they cite, Factcheck-GPT's ChatGPT claims against a retrieved web passage) is
read by each rule that needs no model, against the answer's sources: the number rule's verdict and
note (:func:`validator.rules.numbers.check_numbers`), the source sentence that opposes it as a minimal pair
and how (:func:`validator.rules.opposites.opposition`), the source sentence it copies with its
subject moved (:func:`validator.rules.attribution.moved`, the source's sentence read in context as
the settle stage reads it), whether a source disowns it
(:meth:`validator.rules.quotes.VerbatimHaystack.disowns`), the source that holds it or its negation
word for word (:func:`validator.rules.quotes.held_by`), the source sentence it restates with its
values written another way (:func:`validator.rules.restated.restated`), the sources that hold its
words only by fusing unlinked sentences (:func:`validator.rules.bindings.fused`), and the quotation
of it no source holds (:func:`validator.rules.quotes.missing_quote`): every finding of every rule
that needs no model. ``tests/test_rule_snapshot.py`` reads the
stored inputs again and fails when any finding differs, so no change to a rule moves a verdict
unseen: a change that means to move findings rewrites the snapshot in the same commit
(``--update``) and its message lists what moved and why.

The stored inputs are excerpts (each source's first :data:`SOURCE_CHARS` characters) of rows of
those three sets (BUMP: MIT; ExpertQA: MIT; Factcheck-GPT: Apache-2.0; their SOURCE.md files give
the upstream commits), so the test runs where ``../shared/data`` is absent.

    python scripts/rule_snapshot.py --build ../shared/data/train/answers   # a new sample
    python scripts/rule_snapshot.py --update                                # the same inputs, today's rules
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import random
from collections import defaultdict
from pathlib import Path

from validator.context import sentences_as_read
from validator.rules.attribution import clauses, moved_from
from validator.rules.bindings import fused
from validator.rules.numbers import check_numbers
from validator.rules.opposites import opposition
from validator.rules.quotes import VerbatimHaystack, held_by, missing_quote
from validator.rules.restated import restated
from validator.splitting import split_sentences

SNAPSHOT = Path(__file__).resolve().parent.parent / "tests" / "data" / "rule_findings.jsonl.gz"
SOURCE_CHARS = 6_000
SAMPLE = {"bump": 300, "expertqa": 300, "factcheck_gpt": 400}
"""Items drawn from each set (BUMP: every article, each with its reference and every edit of it)."""
SEED = 13


def findings(sources: list[str], text: str) -> list[dict]:
    """What each model-free rule makes of each sentence of ``text`` against ``sources``."""
    haystacks = [VerbatimHaystack.of(source) for source in sources]
    joined = VerbatimHaystack.joined(haystacks)
    read = [pair for source in sources for pair in sentences_as_read(source)]
    source_sentences, readings = [text for text, _ in read], [reading for _, reading in read]
    rows = []
    for span in split_sentences(text):
        number = check_numbers(span.text, sources)
        held = held_by(span.text, haystacks)
        rows.append(
            {
                "sentence": span.text,
                "number": [number.verdict, number.note] if number else None,
                "opposed_by": next(
                    ([i, note] for i, s in enumerate(source_sentences) if (note := opposition(span.text, s))), None
                ),
                "moved_from": _index_of(moved_from(span.text, readings, source_sentences), readings),
                "disowned": any(h.disowns(span.text) for h in haystacks),
                "held": [held.source_index, held.method, held.text] if held else None,
                "restated": _index_of(restated(span.text, source_sentences), source_sentences),
                "fused": [i for i, source in enumerate(sources) if fused(span.text, source, sources=sources)],
                "missing_quote": (quote := missing_quote(span, joined)) and quote.text,
            }
        )
    return rows


def _index_of(statement: str | None, readings: list[str]) -> int | None:
    """The index of the source sentence that holds ``statement`` (a sentence as read, or a clause
    of one, or what one of its clauses says of its subject), as the snapshot pins it."""
    if statement is None:
        return None
    return next(i for i, reading in enumerate(readings) if statement in reading or statement in clauses(reading))


def sample_items(answers: Path) -> list[dict]:
    """The fixed sample: ``{"set", "sources", "answers"}``, one row per source text."""
    rng = random.Random(SEED)
    items = []
    for name, count in SAMPLE.items():
        with gzip.open(answers / name / f"{name}.jsonl.gz", "rt", encoding="utf-8") as handle:
            rows = [json.loads(line) for line in handle]
        by_source: dict[str, list[dict]] = defaultdict(list)
        for row in rows:
            by_source["\n\n".join(row["sources"])].append(row)
        keys = sorted(by_source)
        for key in rng.sample(keys, min(count, len(keys))):
            group = by_source[key]
            items.append(
                {
                    "set": name,
                    "sources": [s[:SOURCE_CHARS] for s in group[0]["sources"]],
                    "answers": sorted({row["answer"] for row in group}),
                }
            )
    return items


def snapshot(items: list[dict]) -> list[dict]:
    """Each item with every answer's findings."""
    return [item | {"findings": [findings(item["sources"], answer) for answer in item["answers"]]} for item in items]


def read(path: Path = SNAPSHOT) -> list[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def write(rows: list[dict], path: Path = SNAPSHOT) -> None:
    """The rows as gzip JSON Lines with no timestamp in the header, so equal findings give equal bytes."""
    with gzip.GzipFile(path, "wb", mtime=0) as raw, io.TextIOWrapper(raw, encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")


def _found(value: object) -> bool:
    """Whether a finding's field says something was found: an index (0 too), a note, a list."""
    return (isinstance(value, int) and not isinstance(value, bool)) or bool(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--build", type=Path, metavar="ANSWERS", help="draw a new sample from this answers folder")
    group.add_argument("--update", action="store_true", help="today's findings on the stored inputs")
    args = parser.parse_args()
    items = sample_items(args.build) if args.build else read()
    rows = snapshot([{k: item[k] for k in ("set", "sources", "answers")} for item in items])
    write(rows)
    counts = {
        key: sum(_found(f[key]) for row in rows for answer in row["findings"] for f in answer)
        for key in ("number", "opposed_by", "moved_from", "disowned", "held", "restated", "fused", "missing_quote")
    }
    sentences = sum(len(answer) for row in rows for answer in row["findings"])
    print(f"wrote {SNAPSHOT}: {len(rows)} sources, {sentences} sentences, findings {counts}")


if __name__ == "__main__":
    main()
