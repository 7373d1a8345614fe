"""The swap recipe's new training pairs: swaps inside one premise, names from elsewhere, long
premises as the validator reads them, and fusion of two premise sentences (issue 20).

0.3.0 passes "Bob Jones is the chief executive" against a source that makes Bob the CFO and
Alice the chief executive: it learned that a hypothesis made of the premise's own words is
entailed, whoever they are bound to. The pairs here break that shortcut with the premise's own
words in the wrong places, and all are made from VitaminC's *training* pages only (the dev pages
give the dev pairs of the learning curve; the test pages are never read):

The first run of this recipe (commit f314d51, model card) taught the synthetic kinds and not the
hand-written swaps: its pairs were long tokenized Wikipedia sentences, a changed one beside a
premise that was never shown with the same sentence unchanged. So the pairs are now prose
(``clean``), the hypotheses short claims of one binding (``CLAIM_WORDS``), and each edited claim
comes with its unedited twin against the same premise, entailed, so the one slot that changed is
the only thing between the two labels:

- **bound**: the main clause of a sentence with one of its names (or numbers) replaced by one the
  rest of the same sentence binds to something else ("A is the CFO, and B the CEO" → "B is the
  CFO") → ``not_entailment``, its twin → entailment;
- **moved**: a claim's name replaced by a name of the same shape from *another* sentence of the
  premise ("born in Paris" → "born in Warsaw", Warsaw being elsewhere in it) → ``not_entailment``
  (2-way: the premise may be silent rather than contrary), its twin → entailment;
- **elsewhere**: the same with a name from another page, one the premise never mentions;
- **exchange**: two names (or two numbers) of one sentence trade places → contradiction. Names
  joined by "and", "or", "with", "between" or a comma are left alone: those exchanges can be
  symmetric ("A and B founded it");
- **parallel**: two lowercase words after the same preposition in one sentence trade places
  ("safe for adults but dangerous for children") → ``not_entailment``;
- **long**: a VitaminC claim (entailed or contradicted) with its evidence hidden among other
  sentences of its page up to ``LONG_CHARS``, the size of the validator's joint premise at
  ``max_length`` 256; sentences that share half their words with the evidence (its revisions,
  which may say the opposite) are kept out → the claim's own label;
- **fusion**: two short sentences of the premise joined by ", and" → entailment; the same with one
  number or year changed in one half → contradiction, or a name from another page → not entailed.

``python -m training.swaps`` writes a training set of these pairs plus a replay sample of the
0.3.0 mix (so the warm-started model does not forget it), and a dev set of the 0.3.0 dev mix
plus the same kinds made from the dev pages.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import asdict
from pathlib import Path
from typing import NamedTuple

from nltk.tokenize.treebank import TreebankWordDetokenizer

from training.data import (
    CLAUSE_BREAK,
    _overlap,
    _words,
    fetch_task,
    first_clause,
    parse_task,
    split_of,
    swap_number,
    swap_year,
)
from training.pairs import NOT_ENTAILMENT, Pair, read_jsonl, write_jsonl

LONG_CHARS = 1000
CLAIM_WORDS = 25  # a one-binding claim: as long as the claims users' answers make
_DETOKENIZER = TreebankWordDetokenizer()
# Capitalised words that start sentences or clauses without naming anything.
_NOT_NAMES = frozenset(
    [
        "A",
        "An",
        "The",
        "In",
        "On",
        "At",
        "By",
        "For",
        "From",
        "It",
        "Its",
        "He",
        "She",
        "His",
        "Her",
        "They",
        "Their",
        "This",
        "That",
        "These",
        "Those",
        "There",
        "As",
        "After",
        "Before",
        "During",
        "When",
        "While",
        "Since",
        "Although",
        "However",
        "According",
        "Following",
        "Despite",
        "With",
        "Without",
        "Under",
        "Over",
        "Also",
        "Some",
        "Many",
        "Most",
        "Several",
        "Other",
        "Both",
        "Each",
        "All",
        "No",
        "Not",
        "Only",
        "One",
        "Two",
        "Three",
        "If",
        "But",
        "And",
        "Or",
        "So",
        "Yet",
    ]
)
_NAME = re.compile(r"(?<![\w'’-])[A-Z][\w'’.-]*[\w](?:\s+(?:of\s+|de\s+|von\s+|van\s+)?[A-Z][\w'’.-]*[\w])*")
# What lies between two names of a list or a pair ("A , B and C", "between A and B"): trading them
# places can say the same thing.
_SYMMETRIC_GAP = re.compile(r"^(?:[\s,;&]|\band\b|\bor\b|\bwith\b|\bbetween\b|\bvs\b\.?|\bversus\b|\0)*$")
_PARALLEL = re.compile(r"\b(for|in|to|of|on|by|with|from|as)\s+([a-z]{4,})\b")
_NUMBER_TOKEN = re.compile(r"\b\d[\d,.]*\d\b|\b\d\b")
EDITABLE_WORDS = range(6, 41)  # sentences of 6-40 words: lists of 60 names teach nothing about slots


def clean(text: str) -> str:
    """VitaminC's Penn Treebank tokens as prose ("Balibo -LRB-film-RRB- , the NBA 's" → "Balibo
    (film), the NBA's"): the sources and answers the validator checks are prose, and pairs in
    tokenized text taught the first run the tokens' surface rather than the slots."""
    return _DETOKENIZER.detokenize(text.replace("-COLON-", ":").split(), convert_parentheses=True)


class Span(NamedTuple):
    start: int
    end: int
    text: str


def names(sentence: str) -> list[Span]:
    """Capitalised word runs that name something: a leading "The", "As of" or "In" is cut off, and
    runs with digits ("March 22") are not names here (numbers have their own edits)."""
    found = []
    for match in _NAME.finditer(sentence):
        start, text = match.start(), match.group()
        while (lead := re.match(r"(\S+)\s+(?:(?:of|de|von|van)\s+)?", text)) and lead.group(1) in _NOT_NAMES:
            start, text = start + lead.end(), text[lead.end() :]
        if text.split()[0] in _NOT_NAMES or any(c.isdigit() for c in text):
            continue
        found.append(Span(start, start + len(text), text))
    return found


def _shape(name: str) -> int:
    return len(name.split())


def _replace(text: str, old: Span, new: str) -> str:
    return text[: old.start] + new + text[old.end :]


def _trade(text: str, a: Span, b: Span) -> str:
    """``a`` and ``b`` (``a`` first) trade places."""
    return text[: a.start] + b.text + text[a.end : b.start] + a.text + text[b.end :]


def _without_names(sentence: str, start: int, end: int, found: list[Span]) -> str:
    """``sentence[start:end]`` with every name in it replaced by a NUL."""
    gap, cursor = [], start
    for name in found:
        if start <= name.start and name.end <= end:
            gap += [sentence[cursor : name.start], "\0"]
            cursor = name.end
    return "".join(gap) + sentence[cursor:end]


def exchange(sentence: str, rng: random.Random) -> str | None:
    """Two distinct names of one shape trade places; the clause holding one of them if it stands alone."""
    found = names(sentence)
    candidates = [
        (a, b)
        for i, a in enumerate(found)
        for b in found[i + 1 :]
        if a.text != b.text
        and _shape(a.text) == _shape(b.text)
        and a.text not in b.text
        and b.text not in a.text
        and not _SYMMETRIC_GAP.match(_without_names(sentence, a.end, b.start, found))
    ]
    if not candidates:
        return None
    a, b = rng.choice(candidates)
    if (cut := CLAUSE_BREAK.search(sentence)) and a.end <= cut.start() < b.start:
        clause = sentence[: cut.start()].rstrip()
        if len(clause.split()) >= 4 and b.text not in clause:
            return _replace(clause, a, b.text) + "."
    return _trade(sentence, a, b)


def exchange_numbers(sentence: str, rng: random.Random) -> str | None:
    """Two different numbers of one sentence trade places (years with years, counts with counts)."""
    numbers = [Span(m.start(), m.end(), m.group()) for m in _NUMBER_TOKEN.finditer(sentence)]
    candidates = [
        (a, b)
        for i, a in enumerate(numbers)
        for b in numbers[i + 1 :]
        if a.text != b.text and (len(a.text) == 4) == (len(b.text) == 4)
    ]
    if not candidates:
        return None
    return _trade(sentence, *rng.choice(candidates))


def exchange_numbers_between(claim: str, sentence: str, rng: random.Random) -> str | None:
    """A number of ``claim`` replaced by a different one the rest of ``sentence`` gives to something
    else (years by years): "sold 40 copies in 1990, and 75 in 1991" → "sold 75 copies in 1990"."""
    rest = {m.group() for m in _NUMBER_TOKEN.finditer(sentence[len(claim) - 1 :])}
    slots = [Span(m.start(), m.end(), m.group()) for m in _NUMBER_TOKEN.finditer(claim)]
    candidates = [
        (slot, other)
        for slot in slots
        for other in sorted(rest)
        if other != slot.text and (len(other) == 4) == (len(slot.text) == 4)
    ]
    if not candidates:
        return None
    slot, other = rng.choice(candidates)
    return _replace(claim, slot, other)


def replace_name(sentence: str, pool: list[str], rng: random.Random) -> str | None:
    """One name of the sentence replaced by a name of the same shape from ``pool`` that it lacks."""
    found = names(sentence)
    rng.shuffle(found)
    for match in found:
        options = [
            n
            for n in pool
            if _shape(n) == _shape(match.text) and n not in sentence and match.text not in n and n not in match.text
        ]
        if options:
            return _replace(sentence, match, rng.choice(options))
    return None


def exchange_parallel(sentence: str, rng: random.Random) -> str | None:
    """Two lowercase words after the same preposition trade places ("for adults … for children")."""
    slots: dict[str, list[Span]] = defaultdict(list)
    for match in _PARALLEL.finditer(sentence):
        if not match.group(2).endswith("ly"):
            slots[match.group(1)].append(Span(match.start(2), match.end(2), match.group(2)))
    pairs = [
        (a, b) for group in slots.values() for i, a in enumerate(group) for b in group[i + 1 :] if a.text != b.text
    ]
    if not pairs:
        return None
    return _trade(sentence, *rng.choice(pairs))


def _decapitalize(sentence: str) -> str:
    first = sentence.split(" ", 1)[0]
    return sentence[0].lower() + sentence[1:] if first in _NOT_NAMES else sentence


class PageSentences:
    """The evidence sentences of each VitaminC page of one split, and the premises made from them."""

    def __init__(self, pairs: list[Pair], rng: random.Random) -> None:
        self.rng = rng
        self.pairs = pairs
        self.by_page: dict[str, list[str]] = defaultdict(list)
        for pair in pairs:
            evidence = clean(pair.premise.split(": ", 1)[-1])
            if evidence not in self.by_page[pair.page]:
                self.by_page[pair.page].append(evidence)
        self.pages = [page for page, sentences in self.by_page.items() if len(sentences) >= 2]
        self.all_names = sorted({m.text for s in (s for ss in self.by_page.values() for s in ss) for m in names(s)})

    def premise(self, page: str, keep: list[str], limit: int) -> tuple[str, list[str]]:
        """``keep`` among other sentences of its page, in random order, the whole under ``limit``
        characters; and the others chosen. No sentence sharing half its words with a kept one
        joins it: those are its revisions, which may say the opposite."""
        chosen = list(keep)
        others = [s for s in self.by_page[page] if all(_overlap(_words(s), _words(k)) < 0.5 for k in keep)]
        self.rng.shuffle(others)
        added = []
        for other in others:
            if sum(map(len, chosen)) + len(other) + len(chosen) <= limit:
                chosen.append(other)
                added.append(other)
        self.rng.shuffle(chosen)
        return f"{clean(page)}: " + " ".join(chosen), added

    def sentences(self) -> Iterator[tuple[str, str]]:
        """Every (page, sentence of 6-40 words) of the pages with two sentences or more, shuffled."""
        rows = [(page, s) for page in self.pages for s in self.by_page[page] if len(s.split()) in EDITABLE_WORDS]
        self.rng.shuffle(rows)
        return iter(rows)


def _claim(sentence: str) -> str | None:
    """The short claim a sentence makes: its main clause (``first_clause``), or the whole sentence
    when it has no second clause; ``None`` past ``CLAIM_WORDS``, where one slot is lost in the rest."""
    claim = first_clause(sentence) or sentence
    return claim if len(claim.split()) <= CLAIM_WORDS else None


def make_pairs(pages: PageSentences, per_kind: int) -> list[Pair]:
    """Up to ``per_kind`` pairs of each kind in the module docstring."""
    rng = pages.rng
    made: list[Pair] = []

    def collect(kind: str, edit: Callable[[str, list[str]], list[tuple[str, str]]], limit: int = 400) -> None:
        """Pairs of ``kind``: ``edit`` gets a sentence and the other sentences of its premise, and
        gives (hypothesis, label) pairs made from them."""
        count = 0
        for page, sentence in pages.sentences():
            if count >= per_kind:
                return
            premise, others = pages.premise(page, [sentence], limit)
            for hypothesis, label in edit(sentence, others):
                made.append(Pair(premise, hypothesis, label, page, kind))
                count += 1

    def other_names() -> list[str]:
        """400 names from anywhere in the split (all of them in a small one)."""
        return rng.sample(pages.all_names, min(400, len(pages.all_names)))

    def matched(claim: str | None, changed: str | None) -> list[tuple[str, str]]:
        """The claim as the premise states it (entailed) beside one of its slots refilled (not)."""
        if not claim or not changed or changed == claim:
            return []
        return [(claim, "entailment"), (changed, NOT_ENTAILMENT)]

    def bound(sentence: str, _: list[str]) -> list[tuple[str, str]]:
        # a name of the main clause given to a name the rest of the sentence binds to something else
        claim = first_clause(sentence)
        if not claim or len(claim.split()) > CLAIM_WORDS:
            return []
        rest = [n.text for n in names(sentence[len(claim) - 1 :])]
        return matched(claim, replace_name(claim, rest, rng) or exchange_numbers_between(claim, sentence, rng))

    def moved(sentence: str, others: list[str]) -> list[tuple[str, str]]:
        claim = _claim(sentence)
        pool = sorted({n.text for s in others for n in names(s)})
        return matched(claim, claim and replace_name(claim, pool, rng))

    def from_other_page(sentence: str, others: list[str]) -> list[tuple[str, str]]:
        claim = _claim(sentence)
        context = " ".join([sentence, *others])
        pool = [n for n in other_names() if n not in context]
        return matched(claim, claim and replace_name(claim, pool, rng))

    def traded(sentence: str, _: list[str]) -> list[tuple[str, str]]:
        changed = exchange(sentence, rng) or exchange_numbers(sentence, rng)
        return [(changed, "contradiction")] if changed and changed != sentence else []

    def parallel(sentence: str, _: list[str]) -> list[tuple[str, str]]:
        changed = exchange_parallel(sentence, rng)
        return [(changed, NOT_ENTAILMENT)] if changed else []

    collect("bound", bound)
    collect("moved", moved)
    collect("elsewhere", from_other_page)
    collect("exchange", traded)
    collect("parallel", parallel)

    claims = [p for p in pages.pairs if p.label in ("entailment", "contradiction")]
    for pair in rng.sample(claims, min(per_kind, len(claims))):
        premise, _ = pages.premise(pair.page, [clean(pair.premise.split(": ", 1)[-1])], LONG_CHARS)
        made.append(Pair(premise, clean(pair.hypothesis), pair.label, pair.page, "long"))

    count = 0
    for page, first in pages.sentences():
        if count >= per_kind:
            break
        rest = [
            s
            for s in pages.by_page[page]
            if s != first and len(s.split()) <= CLAIM_WORDS and _overlap(_words(s), _words(first)) < 0.5
        ]
        if not rest or not first.endswith(".") or len(first.split()) > CLAIM_WORDS:
            continue
        second = rng.choice(rest)
        premise, _ = pages.premise(page, [first, second], LONG_CHARS)
        head = first[:-1].rstrip()
        made.append(Pair(premise, f"{head}, and {_decapitalize(second)}", "entailment", page, "fusion"))
        count += 1
        # a number or year changed contradicts an exact claim; a name from another page is unsupported
        label, changed = "contradiction", swap_year(second, rng) or swap_number(second, rng)
        if not changed:
            label, changed = NOT_ENTAILMENT, replace_name(second, other_names(), rng)
        if changed and changed != second:
            made.append(Pair(premise, f"{head}, and {_decapitalize(changed)}", label, page, "fusion_swap"))
            count += 1
    return made


def prepare(base: Path, out_dir: Path, cache_dir: Path, replay: int, per_kind: int, seed: int) -> None:
    """Write the swap recipe's train, dev and test files (test is the 0.3.0 mix's, unchanged)."""
    rng = random.Random(seed)
    splits: dict[str, list[Pair]] = defaultdict(list)
    for pair in parse_task(fetch_task(cache_dir)):
        splits[split_of(pair.page)].append(pair)
    new_train = make_pairs(PageSentences(splits["train"], rng), per_kind)
    new_dev = make_pairs(PageSentences(splits["dev"], rng), max(20, per_kind // 20))
    old_train = read_jsonl(base / "train.jsonl")
    train = rng.sample(old_train, min(replay, len(old_train))) + [asdict(p) for p in new_train]
    rng.shuffle(train)
    out_dir.mkdir(parents=True, exist_ok=True)
    write_jsonl(out_dir / "train.jsonl", train)
    write_jsonl(out_dir / "dev.jsonl", read_jsonl(base / "dev.jsonl") + [asdict(p) for p in new_dev])
    shutil.copy(base / "test.jsonl", out_dir / "test.jsonl")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--base", type=Path, default=Path("build/data"), help="the 0.3.0 mix (make train-data)")
    parser.add_argument("--out", type=Path, default=Path("build/data-swaps"))
    parser.add_argument("--cache", type=Path, default=Path("build/cache"))
    parser.add_argument("--replay", type=int, default=27_000, help="pairs of the 0.3.0 mix kept")
    parser.add_argument("--per-kind", type=int, default=3_000)
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args()
    prepare(args.base, args.out, args.cache, args.replay, args.per_kind, args.seed)
