"""Minimal pairs: a source sentence that says the opposite of a claim in the claim's own words.

An NLI model is weakest where two sentences share every word but the one that flips them ("can be
refunded" / "can be exchanged but not refunded", "common" / "uncommon"): it reads the overlap as
support. Two shapes are certain enough to decide without it (``docs/verdicts.md``, the *settle*
stage):

- **negation**: the claim is the source sentence with words left out, and what is left out
  includes a negation ("not", "never", "no longer", "no", "n't", "cannot") of a word the claim
  keeps. Every way of reading the claim out of the sentence must keep that word (so "It does not
  open on Mondays but opens on Sundays." does not oppose "It opens on Sundays."), and at most
  :data:`MAX_DROPPED_WORDS` other content words may be left out.
- **antonym**: the two sentences are the same word for word but one, and the two words are
  WordNet antonyms (:mod:`validator.lexicon`: "open" / "closed", "won" / "lost", "maximum" /
  "minimum", "reversible" / "irreversible") or one is the other with a prefix that negates any
  word ("safe" / "unsafe", "binding" / "non-binding").
- **exclusion**: the sentence sets one thing against another it excludes ("The landlord, not the
  tenant, is liable", "… rather than the tenant", "… instead of the tenant", "… in place of …",
  "… as opposed to …", "All branches open on Sundays except the Leeds branch"), and the claim is
  the sentence with the excluded thing in its place (:func:`excluded`).
- **narrowed** and **exchanged**: the claim is the sentence with a bound or a range made one of
  its values ("up to 12 hours" → "12 hours"), or with two of its phrases exchanged ("Spain beat
  Italy" / "Italy beat Spain"): :mod:`validator.rules.reordered`.

:func:`validator.rules.quotes.polarity_flips` settles the one-auxiliary case ("is" / "is not") by lookup;
this module is the general shape, tried on the few source sentences that share the claim's words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from validator.lexicon import are_antonyms
from validator.rules.reordered import exchanged, narrowed
from validator.text import NEGATIONS, STOPWORDS, stem

_CONTRACTION = re.compile(r"\b(?:(ca|wo|sha)n't|(can)not)\b|n't\b", re.I)
_CONTRACTED_BASE = {"ca": "can", "wo": "will", "sha": "shall", "can": "can"}
_TOKEN = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*", re.I)
_MARKS = frozenset(",;&")
_MARKED_TOKEN = re.compile(rf"{_TOKEN.pattern}|[,;&]", re.I)
_SCOPE_SKIP = frozenset({"longer", "any", "be", "been", "being", "ever", "yet", "a", "an", "the", "at", "all"})
"""Words between a negation and the word it negates ("no longer offered", "not be refunded",
"not … any")."""
_POLARITY_FREE = frozenset({"still", "now", "currently", "also", "indeed", "again", "actually", "really"})
"""Adverbs a claim adds without changing what it asserts: "The firm still runs the mine." says
what "The firm runs the mine." says, and "The firm no longer runs the mine." opposes both."""
_CONTRAST = frozenset({"but", "yet", "whereas", "while", "although", "though"})
"""Words that open a clause of another polarity ("may bring luggage but may not bring pets")."""
_REPORTING = frozenset(
    {
        "say",
        "says",
        "said",
        "claim",
        "claims",
        "claimed",
        "believe",
        "believes",
        "believed",
        "think",
        "thinks",
        "thought",
        "report",
        "reports",
        "reported",
        "suggest",
        "suggests",
        "suggested",
        "argue",
        "argues",
        "argued",
        "allege",
        "alleges",
        "alleged",
        "rumour",
        "rumor",
        "myth",
        "legend",
        "according",
        "if",
        "whether",
        "unless",
        "deny",
        "denies",
        "denied",
        "doubt",
        "doubts",
        "doubted",
        "false",
        "untrue",
        "wrong",
    }
)
"""Words that put the source's sentence in someone's mouth or under doubt ("Some say the tower was
not completed in 1925.", "Myth: …"): left out, they leave no minimal pair."""
MAX_DROPPED_WORDS = 3
"""Content words of the source sentence a claim may leave out besides the negation."""
OPEN_PREFIXES = ("non-", "non", "un")
"""Prefixes that negate whatever they are put before ("unsafe", "non-binding"); the prefixes that
negate only some words ("dis-", "in-", "ir-") are WordNet's to pair (:mod:`validator.lexicon`)."""
MIN_STEM_CHARS = 4
"""A prefix antonym's base has at least this many letters ("safe")."""


def _tokens(sentence: str, marks: bool = False) -> list[str]:
    """Lower-case words, with every contracted negation written out ("can't", "cannot", "isn't"
    → "can not", "can not", "is not"); with ``marks``, the commas and semicolons between them too
    (they tell a list's items apart)."""
    expanded = _CONTRACTION.sub(_written_out, sentence)
    return [t.lower() for t in (_MARKED_TOKEN if marks else _TOKEN).findall(expanded)]


def _words_of(marked: list[str]) -> list[str]:
    """The words of :func:`_tokens` with ``marks``, as it gives them without."""
    return [t for t in marked if t not in _MARKS]


def _written_out(match: re.Match[str]) -> str:
    return f"{_CONTRACTED_BASE.get((match.group(1) or match.group(2) or '').lower(), '')} not"


def opposes(claim: str, sentence: str) -> bool:
    """Whether ``sentence`` states the opposite of ``claim`` as a minimal pair (module docstring)."""
    return opposition(claim, sentence) is not None


def opposition(claim: str, sentence: str) -> str | None:
    """How ``sentence`` opposes ``claim`` as a minimal pair, in words a note can give, or None
    (module docstring)."""
    claim_marked, sentence_marked = _tokens(claim, marks=True), _tokens(sentence, marks=True)
    claim_tokens, sentence_tokens = _words_of(claim_marked), _words_of(sentence_marked)
    if pair := _antonym_pair(claim_tokens, sentence_tokens):
        return (
            f"the source has '{_as_written(sentence, pair[1])}' where the sentence has '{_as_written(claim, pair[0])}'"
        )
    if _negation_dropped(claim_tokens, sentence_tokens):
        return NEGATED_NOTE
    claim_stems = [stem(t) for t in claim_tokens]
    if any([stem(t) for t in _tokens(denied)] == claim_stems for denied in excluded(sentence)):
        return "the source excludes what the sentence says"
    if bound := narrowed(claim_tokens, sentence_tokens):
        return f"the source gives a bound or a range, not one value: '{_as_written(sentence, bound)}'"
    if pair := exchanged(claim_marked, sentence_marked):
        first, second = (_as_written(sentence, phrase) for phrase in pair)
        return f"the source has '{first}' and '{second}' the other way round"
    return None


def _as_written(text: str, phrase: str) -> str:
    """``phrase`` (lower-case tokens) as ``text`` writes it, else as it is."""
    pattern = r"\W+".join(re.escape(word) for word in phrase.split())
    found = re.search(rf"(?<!\w){pattern}(?!\w)", text, re.I)
    return found.group() if found else phrase


NEGATED_NOTE = "the source states its negation"


_SET_OFF_EXCLUSION = re.compile(
    r"(?:,\s++|(?<!\s)\s++-\s++|(?<!\s)\s*+\(\s*+)not\s++(?P<excluded>[^,;:.()]{1,80}?)(?:,|\s++-|\s*+\))\s++(?=\w)"
)
"""An alternative set off by commas, dashes or brackets before the rest of its clause: "The landlord,
not the tenant, is liable", "The seller - not the buyer - pays", "The seller (not the buyer) pays",
"Refunds go to the buyer, not the seller, within 30 days". Each run of spaces is taken whole, once,
from its start: a run of them after "not" cost time in the square of its length (240 s at 32 KB)."""
_CLOSING_EXCLUSION = re.compile(r"(?<!\s)\s*+\(\s*+not\s++(?P<excluded>[^()]{1,80}?)\s*\)(?=\s*+[.;:!?]?\s*+$)")
"""An alternative in brackets after the clause it is set against: "The seller pays the duty (not
the buyer).", read as one after "rather than"."""
_CLEFT = re.compile(r"^it\s+(?:is|was)\s+(?P<focus>.+?)\s+(?:who|that|which)\s+(?P<rest>\S.*)$", re.I)
"""A sentence that puts one part first ("It is the seller who pays"): what it says of it plainly."""
_INSTEAD = r"(?:rather\s+than|instead\s+of|in\s+place\s+of|as\s+opposed\s+to)"
"""The words that set an alternative against the thing named beside them."""
_LEADING_EXCLUSION = re.compile(rf"^(?P<kept>(?:\S+\s+){{0,4}}?\S+)\s+{_INSTEAD}\s+", re.I)
"""A subject set against another before the verb: "The landlord rather than the tenant pays…"."""
_TRAILING_EXCLUSION = re.compile(rf"(?<!\s)\s+{_INSTEAD}\s+(?P<excluded>(?:\S+\s+){{0,5}}?\S+?)(?=[,;:.]|$)", re.I)
"""An alternative named after the clause it is set against: "The landlord pays for repairs instead
of the tenant."."""


def excluded(sentence: str) -> list[str]:
    """What ``sentence`` says is *not* so, where it names an alternative it excludes: "The landlord,
    not the tenant, is liable for repairs." excludes "the tenant is liable for repairs.", and "The
    landlord pays for repairs rather than the tenant." excludes "the tenant pays for repairs.".
    The excluded thing takes the place of the words it is set against, as many words as it has:
    those before it, or, where it comes after the clause, the subject or the words right before it
    ("Staff travel by train rather than by plane." excludes "Staff travel by plane."); a sentence
    that puts its subject first ("It is the seller, not the buyer, who pays") excludes it said
    plainly too ("the buyer pays"). A claim that says what is excluded is opposed, whatever verb
    it uses: the negation is outside the verb."""
    denied = []
    if match := _SET_OFF_EXCLUSION.search(sentence):
        other = match.group("excluded").split()
        before = sentence[: match.start()].split()
        if len(before) >= len(other):
            denied.append(" ".join([*before[: -len(other)], *other, sentence[match.end() :]]))
    if match := _LEADING_EXCLUSION.match(sentence):
        denied.append(sentence[match.end() :])  # the excluded words, then the clause of which they are the subject
    if match := _TRAILING_EXCLUSION.search(sentence) or _CLOSING_EXCLUSION.search(sentence):
        other = match.group("excluded").split()
        clause = sentence[: match.start()].split()
        if len(clause) > len(other):  # in the subject's place, or of the words right before it
            denied.append(" ".join([*other, *clause[len(other) :]]) + sentence[match.end() :])
            denied.append(" ".join([*clause[: -len(other)], *other]) + sentence[match.end() :])
    denied += _excepted(sentence) + _in_place(sentence)
    return [*denied, *(f"{cleft['focus']} {cleft['rest']}" for d in denied if (cleft := _CLEFT.match(d)))]


_EXCEPT = r"(?:except(?:\s+for)?|apart\s+from|other\s+than|save\s+for|but\s+not)"
_ALL_BUT_TRAILING = re.compile(
    rf"^(?:all|every|each)\s+(?P<rest>\S+(?:\s+\S+){{1,12}}?),?\s+{_EXCEPT}\s+(?P<excluded>[^,;:.]{{1,80}}?)\s*[.!]?$",
    re.I,
)
"""A rule for all but one named after it: "All branches open on Sundays except the Leeds branch"."""
_ALL_BUT_INSIDE = re.compile(
    rf"^(?:all|every|each)\s+\S+\s*,?\s+{_EXCEPT}\s+(?P<tail>[^,;:.]{{1,120}}?)\s*[.!]?$", re.I
)
"""The same with the exception inside the subject: "All branches except Leeds open on Sundays"."""


_INSTEAD_BETWEEN = re.compile(rf"(?<!\s)\s++{_INSTEAD}\s+", re.I)
MAX_REPLACED_WORDS = 4
"""The most words of the kept thing before "instead of" that the excluded one may stand for."""


def _in_place(sentence: str) -> list[str]:
    """The sentence with the excluded thing in the place of the kept one, wherever the two stand:
    "The committee chose oak in place of pine for the floors." excludes "The committee chose pine
    for the floors.". The kept thing is the last one to :data:`MAX_REPLACED_WORDS` words before
    the marker; the excluded thing and what follows it keep their words."""
    denied = []
    for match in _INSTEAD_BETWEEN.finditer(sentence):
        before, after = sentence[: match.start()].split(), sentence[match.end() :].split()
        denied += [" ".join([*before[:-size], *after]) for size in range(1, min(MAX_REPLACED_WORDS, len(before)) + 1)]
    return denied


def _excepted(sentence: str) -> list[str]:
    """What a rule for all but one says of the one it excepts is not so: "All branches open on
    Sundays except the Leeds branch." excludes "the Leeds branch open on Sundays" (compared by
    stems, so "opens" too), and "All branches except Leeds open on Sundays." excludes "Leeds open
    on Sundays"."""
    if match := _ALL_BUT_TRAILING.match(sentence):
        return [f"{match['excluded']} {match['rest'].split(maxsplit=1)[1]}"]
    if match := _ALL_BUT_INSIDE.match(sentence):
        return [match["tail"]]
    return []


def _antonym_pair(a: Sequence[str], b: Sequence[str]) -> tuple[str, str] | None:
    """The one word of ``a`` that ``b`` has as its antonym, and that antonym, if that is all
    that differs."""
    if len(a) != len(b) or len(a) < 3:
        return None
    differing = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    if len(differing) == 1 and (are_antonyms(*differing[0]) or _prefix_negates(*differing[0])):
        return differing[0]
    return None


def _prefix_negates(x: str, y: str) -> bool:
    """Whether one word is the other with a prefix that negates any word ("unsafe", "safe")."""
    short, long = sorted((x, y), key=len)
    return len(short) >= MIN_STEM_CHARS and any(long == prefix + short for prefix in OPEN_PREFIXES)


def _negation_dropped(claim: Sequence[str], sentence: Sequence[str]) -> bool:
    if any(t in NEGATIONS for t in claim) or not any(t in NEGATIONS for t in sentence):
        return False
    if sum(t not in STOPWORDS for t in claim) < 2:
        return False
    claim_stems = [stem(t) for t in claim if t not in _POLARITY_FREE or t in sentence]
    sentence_stems = [stem(t) for t in sentence]
    alignments = [_align(claim_stems, sentence_stems), _align(claim_stems[::-1], sentence_stems[::-1])]
    if alignments[0] is None or alignments[1] is None:
        return False
    earliest, latest = set(alignments[0]), {len(sentence) - 1 - i for i in alignments[1]}
    return _negates_a_kept_word(sentence, latest) and (
        _negates_a_kept_word(sentence, earliest) or _across_a_contrast(sentence, earliest, latest)
    )


def _align(claim: Sequence[str], sentence: Sequence[str]) -> list[int] | None:
    """Where each claim token is in ``sentence``, taken as early as possible; None when the claim
    is not the sentence with words left out."""
    places, position = [], 0
    for token in claim:
        while position < len(sentence) and sentence[position] != token:
            position += 1
        if position == len(sentence):
            return None
        places.append(position)
        position += 1
    return places


def _across_a_contrast(sentence: Sequence[str], earliest: set[int], latest: set[int]) -> bool:
    """Whether the earliest reading of the claim escapes the negation only by joining words of two
    clauses a contrast divides, the second negated: "Guests may bring pets." out of "Guests may
    bring luggage but may not bring pets." reads "may bring" before "but" and "pets" after it,
    and "The bridge is open to cyclists." out of "… open to pedestrians, but not to cyclists."
    reads "to" of the first clause. The latest reading, which the caller has found negated, is
    the claim as the negated clause states it, so the sentence opposes the claim."""
    contrasts = [i for i in range(len(sentence)) if sentence[i] in _CONTRAST and i not in earliest]
    negations = [i for i in range(len(sentence)) if sentence[i] in NEGATIONS and i not in latest]
    return any(min(earliest) < i < max(earliest) and any(n > i for n in negations) for i in contrasts)


def _negates_a_kept_word(sentence: Sequence[str], kept: set[int]) -> bool:
    """Whether a dropped negation negates a kept word, with few other content words dropped."""
    dropped = [i for i in range(len(sentence)) if i not in kept]
    if any(sentence[i] in _REPORTING for i in dropped):
        return False
    if any(sentence[i] not in NEGATIONS and sentence[i] not in _SCOPE_SKIP for i in range(min(kept))):
        return False  # words before the claim's first are a frame ("Some say …"), not a negation
    content_dropped = [i for i in dropped if sentence[i] not in NEGATIONS | STOPWORDS | _CONTRAST]
    if len(content_dropped) > MAX_DROPPED_WORDS:
        return False
    for i in dropped:
        if sentence[i] in NEGATIONS:
            j = i + 1
            while j < len(sentence) and sentence[j] in _SCOPE_SKIP and j not in kept:
                j += 1
            if j in kept:
                return True
    return False
