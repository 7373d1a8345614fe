"""Minimal pairs with reworded twins: only the edit carries the label.

The roles candidate (:mod:`training.roles`) edited a premise's own sentence and kept the unedited
copy as the entailed twin, so the edited claim differed from its premise by one edit and its twin
by none; the model learned "any change from the premise is wrong" and flagged faithful rewordings
(BUMP's supported summaries 36% → 81%). Here every edit is made to a claim that is *already
reworded* and entailed: a MultiNLI, SNLI or CAD-SNLI entailed hypothesis, or an answer set's
supported claim, each from ``make train-data``'s training split. The reworded claim stays beside
its edited copy, against the same premise, so wording differs on both sides and the edit alone
separates the labels:

- **antonym**: a word replaced by one of its WordNet antonyms that the premise does not hold
  ("open" → "closed", "won" → "lost") → contradiction;
- **roles**: the two parties either side of a verb exchanged ("Spain beat Italy" → "Italy beat
  Spain") → contradiction;
- **passive**: a regular verb's clause made passive ("the dog chased the cat" → "the cat was chased
  by the dog") → entailment, and the passive with its parties exchanged → contradiction;
- **comparison**: the two sides of "… -er than …" exchanged → contradiction;
- **negation**: the first auxiliary negated, or its "not" removed → contradiction;
- **hedge**: a hedge the premise makes ("may", "might", "could", "likely", "reportedly") dropped or
  made "will", a future ("will open") made a past ("opened") → ``not_entailment``;
- **quantifier**: "some", "many", "several" made "all" → ``not_entailment``;
- **moved**: the claim's one number replaced by another number of the premise → ``not_entailment``.

The first candidate of this recipe (model card, 2026-12-07) made most of its twins from short
NLI premises, and the model learned that a long premise entails less: supported answer sentences
were flagged far more often (BUMP 37% → 98%). So the answer sets' claims, whose premises are whole
passages, are edited first, and a share ``--context-share`` of the other twin groups reads its
premise among one to four premises of other pages (as :func:`training.data.in_context` does for the
base mix), the same padded premise on both sides: a passage's length says nothing about the label.

Antonyms and verb forms come from WordNet (:mod:`training.wordnet`), never from a hand list. A
share of HANS-style template pairs (``../shared/data/train/hans``, every subcase alike) joins them,
and the whole base mix is replayed so the warm-started model keeps what it knew.

``python -m training.twins --base build/data --claims build/data-all --out build/data-twins`` mines
claims from the uncapped splits of ``build/data-all``, writes ``train.jsonl`` and ``dev.jsonl`` (the
base dev mix and the same kinds made from its claims), and copies the held-out test parts as they are.
"""

from __future__ import annotations

import argparse
import random
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

from training import wordnet
from training.data import among_others
from training.pairs import NOT_ENTAILMENT, copy_held_out, read_jsonl, write_jsonl

PER_KIND = 900
"""At most this many edited claims of each kind (each beside its reworded twin) from the train split."""
HANS_PER_SUBCASE = 60
"""HANS pairs of each of its 30 subcases: a share (1,800 pairs), not a flood (issue 88's trials)."""
CLAIM_ORIGINS = ("mnli", "snli", "cad_snli", "conjnli", "factcheck_gpt", "expertqa", "bump")
PASSAGE_ORIGINS = ("factcheck_gpt", "expertqa", "bump")
"""Claims whose premise is already a passage: edited first, since they are what the validator reads."""
CONTEXT_SHARE = 0.5
"""Share of the other twin groups whose premise is set among premises of other pages."""
MAX_CLAIM_WORDS = 40
Edit = Callable[[str, str, random.Random], Iterator[tuple[str, str]]]
"""(claim, premise, rng) → (edited claim, label) pairs; a kind may yield none, one or two."""

_WORD = re.compile(r"[A-Za-z]+")
_NOT_A_NOUN = r"(?!(?:who|whom|whose|which|that|what|this|these|those|there|here|also|not)\b)"
_PARTY = (
    rf"(?:\b(?:[Tt]he|[Aa]n?|[Hh]is|[Hh]er|[Tt]heir|[Ii]ts) (?:[a-z]+ )?{_NOT_A_NOUN}[a-z]{{3,}}"
    r"|(?<![Tt]he )(?<![A-Za-z])(?!(?:She|They|His|Her|Its|This|That|These|Those|There|Their|Then)\b)"
    r"[A-Z][a-z]{2,}(?: [A-Z][a-z]+)?)"
)
"""A party of a clause: a determiner and a noun (one word may come between) or a name of one or two
capitalised words; never a pronoun, a relative word or a name's tail after "the"."""
_AFTER_PARTY = r"(?=[.,;!?]|$| (?:in|on|at|with|to|from|for|during|while|and|after|before|because)\b)"
_ACTIVE = re.compile(
    rf"(?P<a>{_PARTY}) (?P<verb>(?:(?:is|are|was|were) )?(?!(?:is|was|has|does|goes|seems|looks)\b)"
    rf"[a-z]{{3,}}(?:s|ed|ing)) (?P<b>{_PARTY}){_AFTER_PARTY}"
)
"""Two parties either side of any verb that is not a copula ("A man is walking a dog", "The tenant
pays the landlord"); :func:`passive` keeps regular verbs, whose past is their participle."""
_PASSIVE = re.compile(rf"(?P<b>{_PARTY}) (?P<be>was|were) (?P<verb>[a-z]{{3,}}ed) by (?P<a>{_PARTY})")
_COMPARISON = re.compile(
    rf"(?P<a>{_PARTY}) (?P<be>is|are|was|were) (?P<cmp>(?:more|less) [a-z]+|[a-z]{{2,}}er) than (?P<b>{_PARTY})"
)
_NEGATED = re.compile(r"\b(is|are|was|were|has|have|had|can|will|could|would|should|does|did|do)(?: not|n't)\b")
_AUXILIARY = re.compile(r"\b(is|are|was|were|has|have|had|will|would|should|does|did)\b(?! not)")
_MODAL = re.compile(r"\b(may|might|could)( not)? (?P<verb>(?:(?:also|still|even|well) )?[a-z]+)\b")
_HEDGE_WORD = re.compile(r"\b(?:likely|possibly|probably|reportedly|allegedly|apparently|supposedly|perhaps) ")
_FUTURE = re.compile(r"\bwill (?P<verb>[a-z]+)\b")
_QUANTIFIER = re.compile(r"(?<!\bof )\b(some|many|several)\b(?= [a-z]+)", re.I)
_NUMBER = re.compile(r"(?<![\w.,\[])\d+(?:[.,]\d+)?(?![\w.,\]]*\d)(?!\])")


@cache
def _antonyms() -> dict[str, list[str]]:
    """Adjective and verb antonyms of WordNet (nouns' "man"/"woman" are not opposites, and adverbs'
    "here"/"there", "back"/"front" seldom are in a sentence)."""
    table: dict[str, list[str]] = {}
    for pos in ("a", "v"):
        for word, opposites in wordnet.antonyms(pos).items():
            table.setdefault(word, []).extend(o for o in opposites if o not in table.get(word, []))
    return table


def _with_case(word: str, like: str) -> str:
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def _as_subject(phrase: str) -> str:
    return phrase[:1].upper() + phrase[1:]


def _as_object(phrase: str) -> str:
    first, _, rest = phrase.partition(" ")
    lowered = {"The", "A", "An", "His", "Her", "Their", "Its"}
    return f"{first.lower()} {rest}" if first in lowered and rest else phrase


def _be(party: str, past: bool) -> str:
    """The form of "be" for a party as a subject (a plural head noun ends in 's')."""
    head = party.split()[-1]
    plural = head.islower() and head.endswith("s") and not head.endswith("ss")
    return ("were" if plural else "was") if past else ("are" if plural else "is")


def _passive_verb(verb: str) -> tuple[str, bool] | None:
    """("chased", past) for an active verb group of a regular verb: "chased", "chases", "is chasing"."""
    *auxiliary, word = verb.split()
    lemma = wordnet.verb_lemma(word)
    participle = wordnet.regular_past(lemma) if lemma else None
    if participle is None:
        return None
    if auxiliary and word.endswith("ing"):
        return f"being {participle}", auxiliary[0] in ("was", "were")
    if not auxiliary and word == participle:
        return participle, True
    if not auxiliary and word.endswith("s") and word != lemma:
        return participle, False
    return None


def _opposites(word: str) -> list[str]:
    """WordNet antonyms of a word as written: a regular verb's past or third person inflected like it
    ("accepted" → "rejected"), an irregular form left alone (its inflection would be a guess)."""
    table, lowered = _antonyms(), word.lower()
    if wordnet.usual_pos(lowered) == "n":  # "patient" is seldom the adjective "impatient" denies
        return []
    if lowered in table:
        return table[lowered]
    lemma = wordnet.verb_lemma(lowered)
    if lemma is None or lemma not in table:
        return []
    if wordnet.regular_past(lemma) == lowered:
        return [past for other in table[lemma] if (past := wordnet.regular_past(other))]
    if lowered == lemma + "s":
        return [other + "s" for other in table[lemma] if not other.endswith(("s", "sh", "ch", "x", "y"))]
    return []


def antonym(claim: str, premise: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    held = {w.lower() for w in _WORD.findall(premise)}
    words = [m for m in _WORD.finditer(claim) if len(m.group()) > 3]
    rng.shuffle(words)
    for match in words:
        choices = [w for w in _opposites(match.group()) if w not in held]
        if choices:
            new = _with_case(rng.choice(choices), match.group())
            yield claim[: match.start()] + new + claim[match.end() :], "contradiction"
            return


def roles(claim: str, premise: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    for pattern in (_PASSIVE, _COMPARISON, _ACTIVE):
        match = pattern.search(claim)
        if match is None or match.group("a").lower() == match.group("b").lower():
            continue
        (first, start, end), (second, start2, end2) = sorted(
            ((match.group(g), match.start(g), match.end(g)) for g in ("a", "b")), key=lambda party: party[1]
        )
        second = _as_subject(second) if start == 0 else _as_object(second)
        swapped = claim[:start] + second + claim[end:start2] + _as_object(first) + claim[end2:]
        yield swapped, "contradiction"
        return


def passive(claim: str, premise: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    match = _ACTIVE.search(claim)
    if match is None or match.group("a").lower() == match.group("b").lower():
        return
    if (form := _passive_verb(match.group("verb"))) is None:
        return
    (participle, past), a, b = form, match.group("a"), match.group("b")
    opening = match.start() == 0
    for subject, agent, label in ((b, a, "entailment"), (a, b, "contradiction")):
        subject_text = _as_subject(subject) if opening else _as_object(subject)
        clause = f"{subject_text} {_be(subject, past)} {participle} by {_as_object(agent)}"
        yield claim[: match.start()] + clause + claim[match.end() :], label


def negation(claim: str, premise: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    if match := _NEGATED.search(claim):
        yield claim[: match.end(1)] + claim[match.end() :], "contradiction"
    elif match := _AUXILIARY.search(claim):
        yield claim[: match.end()] + " not" + claim[match.end() :], "contradiction"


def hedge(claim: str, premise: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    lowered = premise.lower()
    modal = _MODAL.search(claim)
    if modal and wordnet.verb_lemma(modal.group("verb").split()[-1]) is None:
        modal = None
    if (match := modal) and match.group(1) in lowered and not match.group(2):
        yield claim[: match.start()] + "will " + match.group("verb") + claim[match.end() :], NOT_ENTAILMENT
    elif (match := _HEDGE_WORD.search(claim)) and match.group().strip() in lowered:
        yield claim[: match.start()] + claim[match.end() :], NOT_ENTAILMENT
    elif (match := _FUTURE.search(claim)) and "will" in lowered:
        lemma = wordnet.verb_lemma(match.group("verb"))
        past = wordnet.regular_past(lemma) if lemma is not None and lemma == match.group("verb") else None
        if past:
            yield claim[: match.start()] + past + claim[match.end() :], NOT_ENTAILMENT


def quantifier(claim: str, premise: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    if match := _QUANTIFIER.search(claim):
        every = _with_case("all", match.group())
        yield claim[: match.start()] + every + claim[match.end() :], NOT_ENTAILMENT


def moved(claim: str, premise: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    mine = list(_NUMBER.finditer(claim))
    others = sorted({m.group() for m in _NUMBER.finditer(premise)} - {m.group() for m in mine})
    if len(mine) == 1 and others and mine[0].group() in premise:
        yield claim[: mine[0].start()] + rng.choice(others) + claim[mine[0].end() :], NOT_ENTAILMENT


KINDS: dict[str, Edit] = {
    "antonym": antonym,
    "roles": roles,
    "passive": passive,
    "negation": negation,
    "hedge": hedge,
    "quantifier": quantifier,
    "moved": moved,
}


def reworded_claims(rows: list[dict]) -> list[tuple[str, str, str]]:
    """(premise, claim, origin) of the entailed rows whose claim is not a copy of premise text."""
    found = []
    for row in rows:
        claim, premise = row["hypothesis"].strip(), row["premise"]
        if row["label"] != "entailment" or row.get("origin") not in CLAIM_ORIGINS:
            continue
        if claim.lower().rstrip(".") in premise.lower() or not 3 <= len(claim.split()) <= MAX_CLAIM_WORDS:
            continue
        found.append((premise, claim, row["origin"]))
    return list(dict.fromkeys(found))


def in_passage(premise: str, claim: str, fillers: list[str], rng: random.Random) -> str:
    """``premise`` among one to four ``fillers`` that share no word of four letters or more with
    ``claim`` (so none of them bears on it or its edits): :func:`training.data.among_others`."""
    claim_words = {w.lower() for w in _WORD.findall(claim) if len(w) > 3}

    def unrelated(filler: str) -> bool:
        return filler != premise and not claim_words & {w.lower() for w in _WORD.findall(filler)}

    return among_others(premise, fillers, rng, str, unrelated)


def pairs(
    rows: list[dict],
    split: str,
    per_kind: int,
    seed: int,
    kinds: dict[str, Edit] = KINDS,
    fillers: list[str] | None = None,
    context_share: float = 0.0,
) -> list[dict]:
    """Each kind's edited claims beside their reworded twins, at most ``per_kind`` of each kind: the
    answer sets' claims first, and a share ``context_share`` of the rest set among ``fillers``."""
    rng = random.Random(seed)
    claims = reworded_claims(rows)
    rng.shuffle(claims)
    claims.sort(key=lambda found: found[2] not in PASSAGE_ORIGINS)
    made: list[dict] = []
    for kind, edit in kinds.items():
        count = 0
        for premise, claim, origin in claims:
            edits = [(text, label) for text, label in edit(claim, premise, rng) if text != claim]
            edits = [(text, label) for text, label in edits if text.lower() not in premise.lower()]
            if not edits:
                continue
            page = f"twins-{split}-{kind}:{premise[:60]}"
            if fillers and origin not in PASSAGE_ORIGINS and rng.random() < context_share:
                premise = in_passage(premise, claim, fillers, rng)
            made += [
                {"premise": premise, "hypothesis": text, "label": label, "page": page, "origin": kind}
                for text, label in ((claim, "entailment"), *edits)
            ]
            count += 1
            if count == per_kind:
                break
    return made


def hans_pairs(hans_dir: Path, per_subcase: int, seed: int) -> list[dict]:
    """``per_subcase`` HANS-style pairs of every subcase, labels as the set gives them."""
    by_subcase: dict[str, list[dict]] = defaultdict(list)
    for row in read_jsonl(hans_dir / "hans_generated.jsonl.gz"):
        by_subcase[row["subcase"]].append(row)
    rng = random.Random(seed)
    chosen = []
    for subcase, rows in sorted(by_subcase.items()):
        for row in rng.sample(rows, min(per_subcase, len(rows))):
            page = f"hans:{subcase}:{row['template']}"
            chosen.append({**{k: row[k] for k in ("premise", "hypothesis", "label")}, "page": page, "origin": "hans"})
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description="Minimal pairs with reworded twins (module docstring).")
    parser.add_argument("--base", type=Path, default=Path("build/data"), help="make train-data's output")
    parser.add_argument(
        "--claims", type=Path, default=None, help="mine claims from this data's splits (uncapped), else --base's"
    )
    parser.add_argument("--hans", type=Path, default=Path("../shared/data/train/hans"))
    parser.add_argument("--out", type=Path, default=Path("build/data-twins"))
    parser.add_argument("--per-kind", type=int, default=PER_KIND)
    parser.add_argument("--hans-per-subcase", type=int, default=HANS_PER_SUBCASE)
    parser.add_argument("--context-share", type=float, default=CONTEXT_SHARE, help="module docstring")
    parser.add_argument("--drop", nargs="*", default=[], choices=[*KINDS, "hans"], help="leave kinds out (ablation)")
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    if not 0.0 <= args.context_share <= 1.0:
        parser.error(f"--context-share is a share of the twin groups, from 0 to 1, got {args.context_share}")
    args.out.mkdir(parents=True, exist_ok=True)
    kinds = {name: edit for name, edit in KINDS.items() if name not in args.drop}
    for split, per_kind in (("train", args.per_kind), ("dev", args.per_kind // 5)):
        base = read_jsonl(args.base / f"{split}.jsonl")
        claims = read_jsonl((args.claims or args.base) / f"{split}.jsonl")
        fillers = sorted({row["premise"] for row in base if row["origin"] == "mnli"})
        rows = base + pairs(claims, split, per_kind, args.seed, kinds, fillers, args.context_share)
        if split == "train" and "hans" not in args.drop:
            rows += hans_pairs(args.hans, args.hans_per_subcase, args.seed)
        random.Random(args.seed).shuffle(rows)
        write_jsonl(args.out / f"{split}.jsonl", rows)
    copy_held_out(args.base, args.out)


if __name__ == "__main__":
    main()
