"""Generate ``validator/lexicon/antonyms.tsv`` from WordNet 3.0 (Debian's ``wordnet-base``).

The near-copy rule (:mod:`validator.rules.opposites`) decides a claim that is a source sentence
with one word replaced by its opposite; which words are opposites is WordNet's antonym relation,
not a hand list. This script reads every direct antonym pair of single words (adjectives with
their satellites, verbs, nouns, adverbs) and writes each pair once, both words lower case, with the
forms a sentence uses where they are regular and the same for both words of a pair:

- a verb's third person ("opens"/"closes") and, where both are regular, its past ("accepted"/
  "rejected", which is also the participle);
- an adjective's comparative and superlative where both words form them with "-er"/"-est"
  ("larger"/"smaller"), or as WordNet's exception list gives them ("better"/"worse").

Run it after upgrading WordNet: ``python scripts/build_lexicon.py`` (a test checks the file is what
this script writes, where WordNet is installed). WordNet's licence is in
``validator/lexicon/LICENSE-WordNet``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from training import wordnet  # noqa: E402  (the repository's own reader of Debian's WordNet)

OUT = ROOT / "validator" / "lexicon" / "antonyms.tsv"
HEADER = "# WordNet 3.0 antonyms (Princeton University; licence: LICENSE-WordNet), by scripts/build_lexicon.py\n"


def _third_person(verb: str) -> str:
    if re.search(r"(?:s|sh|ch|x|z|o)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"


def _syllables(word: str) -> int:
    """Vowel groups, a final silent "e" not counted ("large" 1, "narrow" 2, "active" 2)."""
    return len(re.findall(r"[aeiouy]+", re.sub(r"(?<=[^aeiouyl])e$", "", word)))


def _degrees(adjective: str, irregular: dict[str, list[str]]) -> tuple[str, str] | None:
    """(comparative, superlative) of an adjective, or None where it takes "more"/"most" or doubles.
    English inflects an adjective of one syllable ("larger", "wider") and one of two ending in "-y",
    "-ow", "-le" or "-er" ("earlier", "narrower", "simpler"); longer ones take "more"."""
    if adjective in irregular:
        forms = sorted(irregular[adjective], key=len)
        return (forms[0], forms[1]) if len(forms) == 2 else None
    syllables = _syllables(adjective)
    if not adjective.isalpha() or syllables > 2 or (syllables == 2 and not re.search(r"(?:y|ow|le|er)$", adjective)):
        return None
    if adjective.endswith("e"):
        return adjective + "r", adjective + "st"
    if re.search(r"[^aeiou]y$", adjective):
        return adjective[:-1] + "ier", adjective[:-1] + "iest"
    if re.search(r"[^aeiou][aeiou][bdgklmnprt]$", adjective):
        return None  # "hot" → "hotter": the doubling is a guess
    return adjective + "er", adjective + "est"


def pairs() -> list[tuple[str, str]]:
    """Every antonym pair of single words, with their regular inflections (module docstring)."""
    reader = wordnet.reader()
    irregular: dict[str, list[str]] = {}
    for line in (wordnet.WORDNET_DIR / "adj.exc").read_text(encoding="utf-8").splitlines():
        form, lemma = line.split()[:2]
        irregular.setdefault(lemma, []).append(form)
    found: set[tuple[str, str]] = set()
    for synset in reader.all_synsets():
        pos = synset.pos().replace("s", "a")
        for lemma in synset.lemmas():
            for antonym in lemma.antonyms():
                a, b = lemma.name().lower(), antonym.name().lower()
                if not (a.isalpha() and b.isalpha()) or a == b:
                    continue
                forms = [(a, b)]
                if pos == "v":
                    forms.append((_third_person(a), _third_person(b)))
                    if (past_a := wordnet.regular_past(a)) and (past_b := wordnet.regular_past(b)):
                        forms.append((past_a, past_b))
                elif pos == "a" and (da := _degrees(a, irregular)) and (db := _degrees(b, irregular)):
                    forms += list(zip(da, db, strict=True))
                found.update(tuple(sorted(pair)) for pair in forms)  # type: ignore[misc]
    return sorted(found)


def main() -> None:
    rows = pairs()
    OUT.write_text(HEADER + "".join(f"{a}\t{b}\n" for a, b in rows), encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(rows)} pairs")


if __name__ == "__main__":
    main()
