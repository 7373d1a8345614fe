"""A one-minute screen of the model-free rules on real answers, for comparing two versions of the
code before the 25-minute ``bench_rule_alarms.py``.

For every answer sentence of ``bench_rule_alarms``' sets (and the VitaminC, CAD-SNLI,
CLIMATE-FEVER and HealthVer test pairs), sampled with a fixed seed, it writes what each rule that
needs no model makes of it against the answer's whole sources: the source sentence that opposes it as a minimal pair
(``validator.rules.opposites``), the source sentence, read in context, that it moves to another
subject (``validator.rules.attribution``), whether a source disowns it (``VerbatimHaystack.disowns``), and the
number rule's note (``check_numbers``). Run it from each checkout into its own file, then
``--compare`` lists every sentence whose findings differ, with its label, and counts them:

    PYTHONPATH=. python benchmarks/bench_rule_screen.py --out /tmp/screen-old.jsonl  # old checkout
    PYTHONPATH=. python benchmarks/bench_rule_screen.py --out /tmp/screen-new.jsonl \
        --compare /tmp/screen-old.jsonl

A finding that appears on a grounded answer's sentence is a new false alarm of that rule (the
model may still have failed the answer: this is a screen, not the benchmark).
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

from bench_rule_alarms import pair_items, sets

from training.evaluate import EVAL, sample
from validator.context import sentences_as_read
from validator.rules.attribution import moved_from
from validator.rules.numbers import check_numbers
from validator.rules.opposites import opposes
from validator.rules.quotes import VerbatimHaystack
from validator.splitting import split_sentences

SOURCE_CHARS = 20_000
"""Each source's first characters that are read (the documents of some sets run to megabytes)."""


def findings(sources: list[str], text: str) -> list[dict]:
    sources = [s[:SOURCE_CHARS] for s in sources]
    haystacks = [VerbatimHaystack.of(s) for s in sources]
    read = [pair for s in sources for pair in sentences_as_read(s)]
    source_sentences, readings = [text for text, _ in read], [reading for _, reading in read]
    rows = []
    for span in split_sentences(text):
        number = check_numbers(span.text, sources)
        rows.append(
            {
                "sentence": span.text,
                "opposed_by": next((s for s in source_sentences if opposes(span.text, s)), None),
                "moved_from": moved_from(span.text, readings, source_sentences),
                "disowned": any(h.disowns(span.text) for h in haystacks),
                "number": number and number.note,
            }
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--per-set", type=int, default=300)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--cache", type=Path, default=Path("build/cache"))
    parser.add_argument("--data", type=Path, default=Path("build/data"), help="make train-data's output")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--compare", type=Path, help="another run's --out, to list what differs")
    parser.add_argument(
        "--precision", action="store_true", help="only print the number rule's precision by kind of --out"
    )
    args = parser.parse_args()
    if args.precision:
        precision(args.out)
        return
    every = {
        **sets(EVAL, args.cache),
        "CAD-SNLI test": pair_items(args.data / "cad_snli_test.jsonl"),
        "CLIMATE-FEVER": pair_items(EVAL / "climate_fever" / "all.jsonl"),
        "HealthVer test": pair_items(EVAL / "healthver" / "test.jsonl"),
    }
    if (vitaminc := args.data / "test.jsonl").exists():  # only where it is cached: no longer downloadable
        every["VitaminC test"] = pair_items(vitaminc)
    with args.out.open("w") as out:
        for name, load in every.items():
            for sources, text, grounded in sample(load(), args.per_set, args.seed):
                for row in findings(sources, text):
                    out.write(json.dumps({"set": name, "grounded": grounded, **row}) + "\n")
    if args.compare:
        compare(args.compare, args.out)


VALUE_KINDS = (
    (r"[A-Za-z -]+", "in words"),
    (r"(1[5-9]|20)\d\d", "year"),
    (r".*(?:[$£€%]|percent|bn|billion|million).*", "money, percent or scale"),
    (r"\d{1,2}", "whole number under 100"),
    (r"\d+(?:st|nd|rd|th)", "ordinal"),
    (r"[\d,]+", "whole number of 100 or more"),
)
"""The kinds of value a number finding names, as the precision table sorts them: the first whose
pattern matches the whole value; else "other (dates, decimals, units, decades)"."""


def kind_of(value: str) -> str:
    return next(
        (kind for pattern, kind in VALUE_KINDS if re.fullmatch(pattern, value)),
        "other (dates, decimals, units, decades)",
    )


def precision(path: Path) -> None:
    """How often each kind of number finding falls on an ungrounded sentence (a catch) rather
    than a grounded one (a false alarm), by the note's form and by the kind of every value it
    names: a veto needs 0.95 (docs/verdicts.md)."""
    counts: Counter[tuple[str, bool]] = Counter()
    for row in (json.loads(line) for line in path.open()):
        if not row["number"]:
            continue
        form, values = row["number"].split(": ", 1)
        kinds = {kind_of(v) for v in values.split(", ")}
        for key in (
            f"note: {form}",
            "values: " + " + ".join(sorted(kinds)) if len(kinds) < 3 else "values: three kinds or more",
        ):
            counts[(key, row["grounded"])] += 1
    print("| finding | false alarms | caught | precision |\n| --- | --- | --- | --- |")
    for key in sorted({key for key, _ in counts}, key=lambda k: -(counts[(k, True)] + counts[(k, False)])):
        alarms, caught = counts[(key, True)], counts[(key, False)]
        print(f"| {key} | {alarms} | {caught} | {caught / (alarms + caught):.2f} |")


def compare(old_path: Path, new_path: Path) -> None:
    old = [json.loads(line) for line in old_path.open()]
    new = [json.loads(line) for line in new_path.open()]
    if [r["sentence"] for r in old] != [r["sentence"] for r in new]:
        raise SystemExit("the two runs read different sentences: same --per-set, --seed and data?")
    changed: Counter[tuple[str, str, str]] = Counter()
    for before, after in zip(old, new, strict=True):
        for rule in ("opposed_by", "moved_from", "disowned", "number"):
            if before[rule] != after[rule]:
                kind = "found" if not before[rule] else "dropped" if not after[rule] else "changed"
                changed[(after["set"], rule, f"{kind} on a {'grounded' if after['grounded'] else 'ungrounded'}")] += 1
                print(f"{after['set']} | {rule} | {before[rule]!r} -> {after[rule]!r} | {after['sentence'][:160]}")
    print(f"{len(new)} sentences; {sum(changed.values())} findings differ")
    for (name, rule, kind), count in sorted(changed.items()):
        print(f"  {name}: {rule} {kind} sentence: {count}")


if __name__ == "__main__":
    main()
