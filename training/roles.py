"""Minimal pairs for roles and directions, mined from the real sentences of the training mix.

What users' answers get wrong and the bundled model misses half the time is who does what to whom
and which way a value went: who pays, who scored, rose or fell, before or after, a hedge stated as
fact, "some" made "all", a value given to another thing of the same source. Each pair here is a
real premise sentence (from ``make train-data``'s *training* split only: the answer sets' documents,
MultiNLI and SNLI premises; its dev split gives the dev pairs) and a claim made from it by one edit,
beside the unedited claim against the same premise, entailed, so the edit is the only thing between
the two labels (the lesson of the swap recipe, :mod:`training.swaps`):

- **direction**: one word of a direction or an order replaced by its opposite (:data:`OPPOSITES`:
  "rose" → "fell", "before" → "after", "larger" → "smaller") → contradiction;
- **roles**: the two people or things of one clause trade places ("the tenant pays the landlord"
  → "the landlord pays the tenant"; two names either side of a verb) → contradiction;
- **hedge**: a modal that hedges ("may", "might") made a certainty ("will") →
  ``not_entailment``;
- **quantifier**: "some", "many", "most", "several" made "all" → ``not_entailment``;
- **moved**: a number replaced by another number the same premise gives to something else →
  ``not_entailment`` (the premise may be silent rather than contrary).

The claim is the premise sentence's first clause (at most ``CLAIM_WORDS`` words), and the premise
is the sentence with up to one sentence either side, the size of a passage the validator scores.
The tables here teach the model; the validator's rules read none of them.

``python -m training.roles --base build/data --out build/data-roles`` writes ``train.jsonl`` (these
pairs and the whole base training mix, replayed so the warm-started model does not forget it) and
``dev.jsonl`` (the base dev mix and the same kinds from its premises).
"""

from __future__ import annotations

import argparse
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from training.pairs import NOT_ENTAILMENT, copy_held_out, read_jsonl, write_jsonl
from validator.splitting import split_source_sentences

CLAIM_WORDS = 25
PER_KIND = 1500
"""At most this many edited claims of each kind (each with its twin) from the training split."""
OPPOSITES = {
    "rose": "fell", "increased": "decreased", "grew": "shrank", "gained": "lost", "won": "lost",
    "higher": "lower", "larger": "smaller", "bigger": "smaller", "more": "less", "before": "after",
    "above": "below", "earlier": "later", "first": "last", "older": "younger", "longer": "shorter",
    "faster": "slower", "cheaper": "dearer", "highest": "lowest", "largest": "smallest", "most": "least",
    "maximum": "minimum", "increase": "decrease", "rise": "fall", "up": "down", "over": "under",
    "strengthened": "weakened", "expanded": "contracted", "raised": "lowered", "accepted": "rejected",
    "bought": "sold", "buys": "sells", "lent": "borrowed", "gave": "received", "sent": "received",
    "inside": "outside", "entered": "left", "opened": "closed", "started": "ended", "began": "ended",
    "succeeded": "failed", "allowed": "banned", "approved": "rejected", "north": "south", "east": "west",
}  # fmt: skip
"""Direction and order words and their opposites (both ways), a table of the training recipe."""
_OPPOSITE = {**OPPOSITES, **{b: a for a, b in OPPOSITES.items() if b not in OPPOSITES}}
_HEDGE = re.compile(r"\b(may|might)\b(?= [a-z]+)")
_QUANTIFIER = re.compile(r"\b(some|many|most|several)\b(?= [a-z]+)", re.I)
_NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w.,]*\d)")
_PARTY = r"(?:(?:[Tt]he|[Aa]n?) [a-z]{3,}|[A-Z][a-z]+ [A-Z][a-z]+)"
_ROLES = re.compile(
    rf"(?P<a>{_PARTY}) (?P<verb>(?:(?:is|are|was|were) )?(?!(?:is|was|has|does|goes|seems|looks)\b)"
    rf"[a-z]{{3,}}(?:s|ed|ing)(?: (?:to|from|by|for|against|over|at))?) (?P<b>{_PARTY})"
    r"(?=[.,;]|$| (?:in|on|at|with|to|from|for|near|during|while|and|who|that|into|under|through|after|before)\b)"
)
"""Two people or things either side of a verb, the first opening the claim, each "the" and a noun
or a name of two words ("The tenant pays the landlord", "Mary Smith defeated John Jones"); not a
copula ("was", "is")."""
_CLAUSE_END = re.compile(r"[,;:]\s|\s(?:and|but|while|which|who|although)\s")


def claim_of(sentence: str) -> str | None:
    """The sentence's first clause as a claim: a full stop added, ``None`` where too long or short."""
    clause = _CLAUSE_END.split(sentence.strip(), maxsplit=1)[0].rstrip(" .!?")
    words = clause.split()
    return clause + "." if 4 <= len(words) <= CLAIM_WORDS and clause[:1].isupper() else None


def direction(claim: str, premise: str, rng: random.Random) -> str | None:
    words = [m for m in re.finditer(r"\b[a-z]+\b", claim) if m.group() in _OPPOSITE]
    if not words:
        return None
    word = rng.choice(words)
    return claim[: word.start()] + _OPPOSITE[word.group()] + claim[word.end() :]


def roles(claim: str, premise: str, rng: random.Random) -> str | None:
    match = _ROLES.match(claim)
    if match is None or match.group("a").lower() == match.group("b").lower():
        return None
    a, b = match.group("a"), match.group("b")
    swapped = f"{_as_subject(b)} {match.group('verb')} {_as_object(a)}"
    return claim[: match.start()] + swapped + claim[match.end() :]


def _as_subject(phrase: str) -> str:
    return phrase[:1].upper() + phrase[1:] if phrase[:1].islower() else phrase


def _as_object(phrase: str) -> str:
    first, _, rest = phrase.partition(" ")
    return f"{first.lower()} {rest}" if first in ("The", "A", "An") else phrase


def hedge(claim: str, premise: str, rng: random.Random) -> str | None:
    return _HEDGE.sub("will", claim, count=1) if _HEDGE.search(claim) else None


def quantifier(claim: str, premise: str, rng: random.Random) -> str | None:
    match = _QUANTIFIER.search(claim)
    if match is None:
        return None
    every = "All" if match.group()[:1].isupper() else "all"
    return claim[: match.start()] + every + claim[match.end() :]


def moved(claim: str, premise: str, rng: random.Random) -> str | None:
    mine = list(_NUMBER.finditer(claim))
    others = sorted({m.group() for m in _NUMBER.finditer(premise)} - {m.group() for m in mine})
    if len(mine) != 1 or not others:
        return None
    return claim[: mine[0].start()] + rng.choice(others) + claim[mine[0].end() :]


KINDS: dict[str, tuple[Callable[[str, str, random.Random], str | None], str]] = {
    "direction": (direction, "contradiction"),
    "roles": (roles, "contradiction"),
    "hedge": (hedge, NOT_ENTAILMENT),
    "quantifier": (quantifier, NOT_ENTAILMENT),
    "moved": (moved, NOT_ENTAILMENT),
}


def windows(premises: list[str]) -> Iterator[tuple[str, str]]:
    """(sentence, the sentence with up to one sentence either side) for every distinct premise."""
    for text in dict.fromkeys(premises):
        sentences = [s.text for s in split_source_sentences(text)]
        for i, sentence in enumerate(sentences):
            yield sentence, " ".join(sentences[max(0, i - 1) : i + 2])


def pairs(premises: list[str], origin: str, per_kind: int, seed: int) -> list[dict]:
    """Each kind's edited claims and their unedited twins, at most ``per_kind`` of each kind."""
    rng = random.Random(seed)
    found: list[tuple[str, str]] = list(windows(premises))
    rng.shuffle(found)
    rows: list[dict] = []
    for kind, (edit, label) in KINDS.items():
        made = 0
        for sentence, premise in found:
            claim = claim_of(sentence)
            edited = edit(claim, premise, rng) if claim else None
            if claim is None or edited is None or edited == claim or edited.lower() in premise.lower():
                continue
            page = f"{origin}-{kind}:{premise[:60]}"
            rows.append({"premise": premise, "hypothesis": edited, "label": label, "page": page, "origin": kind})
            rows.append({"premise": premise, "hypothesis": claim, "label": "entailment", "page": page, "origin": kind})
            made += 1
            if made == per_kind:
                break
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description="Minimal pairs for roles and directions (module docstring).")
    parser.add_argument("--base", type=Path, default=Path("build/data"), help="make train-data's output")
    parser.add_argument("--out", type=Path, default=Path("build/data-roles"))
    parser.add_argument("--per-kind", type=int, default=PER_KIND)
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for split, per_kind in (("train", args.per_kind), ("dev", args.per_kind // 5)):
        base = read_jsonl(args.base / f"{split}.jsonl")
        mined = pairs([row["premise"] for row in base], split, per_kind, args.seed)
        rows = base + mined
        random.Random(args.seed).shuffle(rows)
        write_jsonl(args.out / f"{split}.jsonl", rows)
    copy_held_out(args.base, args.out)


if __name__ == "__main__":
    main()
