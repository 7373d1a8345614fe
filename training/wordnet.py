"""WordNet 3.0, read from Debian's ``wordnet-base`` with nltk's reader, for the recipes' edits.

Debian leaves out the ``lexnames`` file that nltk's reader insists on; it is rebuilt from the
package's own man page in a scratch copy of the database. nltk 3.10 would fetch the Open
Multilingual WordNet mapping on first use; :class:`_PrincetonWordNet` turns that off, so nothing
here reaches the network.
"""

from __future__ import annotations

import gzip
import re
import shutil
import tempfile
from collections import defaultdict
from functools import cache
from pathlib import Path

WORDNET_DIR = Path("/usr/share/wordnet")
WORDNET_LEXNAMES_MAN = Path("/usr/share/man/man5/lexnames.5WN.gz")


@cache
def reader():
    """nltk's WordNet reader over a scratch copy of Debian's database (built once a process)."""
    if not WORDNET_DIR.exists():
        raise FileNotFoundError(f"{WORDNET_DIR} is missing: install it with `apt-get install wordnet-base`")
    import nltk
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    class _PrincetonWordNet(WordNetCorpusReader):
        def map_wn(self, version: str = "wordnet") -> None:
            """No Open Multilingual WordNet mapping: nltk 3.10 would fetch its own copy."""
            return None

    scratch = Path(tempfile.mkdtemp(prefix="wordnet-"))
    for path in WORDNET_DIR.iterdir():
        if path.is_file():
            shutil.copy(path, scratch / path.name)
    with gzip.open(WORDNET_LEXNAMES_MAN, "rt", encoding="utf-8") as handle:
        man = handle.read()
    lexnames = [f"{m[0]}\t{m[1]}\t0" for m in re.findall(r"^(\d\d)\t(\S+)", man, re.M)]
    (scratch / "lexnames").write_text("\n".join(lexnames) + "\n", encoding="utf-8")
    nltk.data.path.append(str(scratch))
    return _PrincetonWordNet(str(scratch), None)


def antonyms(pos: str | None = None) -> dict[str, list[str]]:
    """Single-word antonyms (both directions, as WordNet links them), of one part of speech or all.

    ``pos`` is WordNet's letter: ``a`` (adjectives, satellites included), ``v``, ``n`` or ``r``.
    """
    found: dict[str, set[str]] = defaultdict(set)
    for synset in reader().all_synsets():
        if pos is not None and synset.pos().replace("s", "a") != pos:
            continue
        for lemma in synset.lemmas():
            for antonym in lemma.antonyms():
                if lemma.name().isalpha() and antonym.name().isalpha():
                    found[lemma.name().lower()].add(antonym.name().lower())
    return {word: sorted(words) for word, words in found.items()}


@cache
def irregular_verbs() -> frozenset[str]:
    """Verb lemmas with an irregular inflection (WordNet's ``verb.exc``): their past is not ``-ed``."""
    lines = (WORDNET_DIR / "verb.exc").read_text(encoding="utf-8").splitlines()
    return frozenset(lemma for line in lines for lemma in line.split()[1:])


def verb_lemma(word: str) -> str | None:
    """The WordNet verb lemma of an inflected form (``"chased"`` → ``"chase"``), or ``None``."""
    return reader().morphy(word.lower(), "v")


def regular_past(lemma: str) -> str | None:
    """The ``-ed`` past of a regular verb (also its past participle); ``None`` for irregular verbs
    and for those whose spelling doubles a consonant ("stop" → "stopped"), which a rule would guess."""
    if lemma in irregular_verbs() or not lemma.isalpha():
        return None
    if lemma.endswith("e"):
        return lemma + "d"
    if re.search(r"[^aeiou]y$", lemma):
        return lemma[:-1] + "ied"
    if re.search(r"[^aeiou][aeiou][bdgklmnprt]$", lemma):
        return None
    return lemma + "ed"


def usual_pos(word: str) -> str | None:
    """The part of speech a word is most often tagged with in WordNet's sense-tagged corpus
    (``n``, ``v``, ``a`` or ``r``; satellites count as ``a``), ``None`` for a word it lacks."""
    counts: dict[str, int] = defaultdict(int)
    for synset in filter(None, reader().synsets(word)):
        pos = synset.pos().replace("s", "a")
        counts[pos] += 1 + sum(lemma.count() for lemma in synset.lemmas() if lemma.name().lower() == word)
    return max(counts, key=counts.__getitem__) if counts else None
