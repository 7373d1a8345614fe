"""Where a failed sentence is wrong in one value, and what the source says instead.

A sentence that a rule contradicts (the number rule: the evidence gives the number another value;
the binding rule at settle: the source says it of another person or thing) is often one source
sentence with one value changed: "Hillary and Tenzing first climbed Everest in 1975." against
"Hillary and Tenzing first climbed Everest in 1953.". Then the deterministic layer knows exactly
which words are wrong and what the source has there, so it can

- **point at them**: the result's ``value_start`` / ``value_end`` mark "1975" in the answer, and
  the HTML report and the CLI mark it;
- **repair them** (``ProvenanceNLI(on_fail="fix", repair=True)``): the fix keeps the sentence
  with the source's value in place of the wrong one, byte for byte elsewhere.

A :class:`Correction` comes from one of two places (``by``):

- ``"copy"``: the two sentences are the same word for word (case aside) but for one run of at most
  :data:`MAX_VALUE_WORDS` words, each of them on both sides a value: a number, an amount, a date, a
  capitalised name. The repaired sentence is then the source's own.
- ``"rule"``: the answer reworded its source, and the number rule, failing one value, found the
  evidence about the same thing giving exactly one other value in its place
  (:mod:`validator.rules.numbers.rivals`), written the way the answer writes values. The repaired
  sentence is not the source's, so it is offered only where the evidence gives the value to what
  the claim's value is of (:func:`_about_it`: "Navigation revenue rose" takes no figure from
  "Automotive revenue rose 18 percent"), and a repair applies it only where the repaired sentence
  then passes the whole check against that sentence alone.

Anything else (two values wrong, a common word changed, two candidate values) has no correction
and is cut as before.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

from validator.rules.numbers.clauses import content_words, evidence_segments
from validator.rules.numbers.rivals import Rival
from validator.splitting import split_source_sentences
from validator.text import STOPWORDS

MAX_VALUE_WORDS = 3
"""The longest run of words one value may take ("12 May 2019", "$1.2 million")."""
MIN_SHARED_WORDS = 3
"""Words the two sentences must share besides the value: less, and they are not one sentence."""
_TOKEN = re.compile(r"[$€£¥]?(?:\d[\d,.]*\d|\d|(?<![\w.])\.\d+)%?|\w+(?:[-'’]\w+)*", re.UNICODE)
"""A value or a word. A decimal written without its leading zero (".5 mg") is one value, as the
number rule reads it: read as "5", a repair wrote ".0.75 mg" for "0.75 mg"."""
_MONTHS = frozenset(month.lower() for month in calendar.month_name if month)


@dataclass(frozen=True)
class Correction:
    """One wrong value of a sentence and the source's in its place.

    Attributes:
        start: Where the wrong value starts in the checked text.
        end: Where it ends.
        old: The wrong value, as the answer writes it (``text[start:end]``).
        new: The source's value, as the source writes it.
        source_sentence: The source sentence that differs from the answer's only there.
    """

    start: int
    end: int
    old: str
    new: str
    source_sentence: str
    by: Literal["copy", "rule"] = "copy"
    """How it was found (module docstring): a ``"rule"`` correction is applied only after the
    repaired sentence passes the whole check."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def rule_correction(sentence: str, offset: int, rival: Rival, evidence: Sequence[str]) -> Correction | None:
    """The number rule's repair (``by="rule"``): the claim's failing value, where ``sentence``
    writes it as the rule read it, and the evidence sentence that gives ``rival``'s value about
    what the claim's value is of (:func:`_about_it`). ``None`` where either cannot be found, or
    where the sentence writes the value twice ("15st by the age of 15": which one failed is not
    known)."""
    places = _value_places(sentence, rival.old)
    if len(places) != 1:
        return None
    at = places[0]
    of = content_words(re.split(r"[,;:]", sentence[:at])[-1])  # its clause's: "According to the team, the lab grew"
    sentences = [c.text for passage in evidence for c in split_source_sentences(passage)]
    source = next((t for t in sentences if _about_it(t, rival.evidence, of, sentence)), None)
    if source is None:
        return None
    return Correction(offset + at, offset + at + len(rival.old), rival.old, rival.new, source, by="rule")


def _about_it(source: str, value: str, of: frozenset[str], sentence: str) -> bool:
    """Whether ``source`` gives ``value`` to what the claim's value is of: the clause that writes
    it has every word the claim's clause has before its value (``of``), or none of them and the
    sentence names nothing the claim does not ("The first recorded ascent was made in 1953 by
    Tenzing Norgay and Edmund Hillary" for "Mount Everest was first climbed in 1975 by Tenzing
    Norgay and Edmund Hillary"). A clause with some of them and not all is about another thing of
    the same kind: "Navigation revenue rose 2 percent" takes nothing from "Automotive revenue rose
    18 percent", "The northern reservoir holds 310 megalitres" nothing from "The southern
    reservoir holds 450 megalitres", "Unemployment in Spain fell to 3.8%" nothing from
    "unemployment in France fell to 4.1%"."""
    words: frozenset[str] = frozenset()
    for clause in evidence_segments([source]):
        words = words | clause.words if clause.continues else clause.words  # "…10 doctors and 1 nurse"
        if not any(n.text == value for n in clause.numbers):
            continue
        if of <= words or (not of & words and _names(source) <= _names(sentence)):
            return True
    return False


def _names(sentence: str) -> frozenset[str]:
    """The capitalised words of ``sentence`` after its first, folded: the things it names."""
    words = re.findall(r"[A-Za-z][\w'-]*", sentence)[1:]
    return frozenset(w.casefold() for w in words if w[:1].isupper() and w.casefold() not in STOPWORDS)


def correction(sentence: str, offset: int, evidence: str) -> Correction | None:
    """The one wrong value of ``sentence`` (which starts at ``offset`` in the checked text) that a
    sentence of ``evidence`` has another value in place of, else None (module docstring)."""
    ours = [(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(sentence)]
    for candidate in split_source_sentences(evidence):
        theirs = [(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(candidate.text)]
        found = _one_value_apart(ours, theirs)
        if found is not None:
            (a, b), (c, d) = found
            start, end = ours[a][1], ours[b - 1][2]
            new = candidate.text[theirs[c][1] : theirs[d - 1][2]]
            return Correction(offset + start, offset + end, sentence[start:end], new, candidate.text)
    return None


def _one_value_apart(
    ours: list[tuple[str, int, int]], theirs: list[tuple[str, int, int]]
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The token ranges, in ``ours`` and in ``theirs``, of the one run of values where they differ."""
    lead = 0
    while lead < min(len(ours), len(theirs)) and ours[lead][0].lower() == theirs[lead][0].lower():
        lead += 1
    tail = 0
    while (
        tail < min(len(ours), len(theirs)) - lead
        and ours[len(ours) - 1 - tail][0].lower() == theirs[len(theirs) - 1 - tail][0].lower()
    ):
        tail += 1
    mine, other = (lead, len(ours) - tail), (lead, len(theirs) - tail)
    if not (0 < mine[1] - mine[0] <= MAX_VALUE_WORDS and 0 < other[1] - other[0] <= MAX_VALUE_WORDS):
        return None
    if lead + tail < MIN_SHARED_WORDS:
        return None
    values = [ours[i][0] for i in range(*mine)] + [theirs[i][0] for i in range(*other)]
    return (mine, other) if all(_is_value(word) for word in values) else None


def _is_value(word: str) -> bool:
    """A number, an amount, a month or a capitalised name (not a capitalised "The")."""
    if any(c.isdigit() for c in word) or word.lower() in _MONTHS:
        return True
    return word[:1].isupper() and word.lower() not in STOPWORDS


def unsourced_number(sentence: str, offset: int, evidence: str) -> tuple[int, int] | None:
    """Where the first number of ``sentence`` that ``evidence`` does not write is, in the checked
    text: what a "number not in the evidence" points at."""
    written = {m.group().rstrip(".,") for m in _TOKEN.finditer(evidence)}
    for match in _TOKEN.finditer(sentence):
        token = match.group().rstrip(".,")
        if any(c.isdigit() for c in token) and token not in written:
            return offset + match.start(), offset + match.start() + len(token)
    return None


_NAMED_IN_NOTE = re.compile(
    r"^(?:(?:number|identifier) not in the evidence|number in no passage and nowhere else in the sources"
    r"|the evidence gives (?:another value|other values) in its place): (?P<values>.+?)(?: \(it has .*\))?$"
    r"|another identifier: (?P<id>\S+)"
)


def named_value(sentence: str, offset: int, note: str | None) -> tuple[int, int] | None:
    """Where the value a rule's note names is in ``sentence``: "number not in the evidence: Two"
    points at "Two", "the evidence gives another identifier: XK-4821 (…)" at "XK-4821". The note
    quotes the value as the sentence writes it, number words and identifiers too."""
    match = _NAMED_IN_NOTE.search(note or "")
    if match is None:
        return None
    first = (match.group("values") or match.group("id") or "").split(", ")[0].strip()
    at = _whole_word(sentence, first)
    return (offset + at, offset + at + len(first)) if first and at is not None else None


def differing_value(sentence: str, offset: int, evidence: str) -> tuple[int, int] | None:
    """Where the first value of ``sentence`` (a number, or a capitalised name after its first word)
    is that the evidence does not hold, where the evidence sentence most like it holds another of
    that sort in its place: the alignment of a claim with its best evidence sentence, for a failure
    no rule named a value of ("…completed in 2027." against "…completed in 2025."). None where no
    evidence sentence shares most of the sentence's words, or no value of it has a counterpart."""
    ours = [(m.group().rstrip(".,"), m.start()) for m in _TOKEN.finditer(sentence)]
    words = {token.casefold() for token, _ in ours} - STOPWORDS
    if not words:
        return None
    candidates = [[m.group().rstrip(".,") for m in _TOKEN.finditer(c.text)] for c in split_source_sentences(evidence)]
    shared, best = max(
        ((len(words & {t.casefold() for t in theirs}), theirs) for theirs in candidates),
        key=lambda pair: pair[0],
        default=(0, []),
    )
    if 2 * shared < len(words):
        return None
    held = {m.group().rstrip(".,").casefold() for m in _TOKEN.finditer(evidence)}
    mine = {token.casefold() for token, _ in ours}
    for token, start in ours:
        sort = _sort_of(token, start)
        if sort is None or token.casefold() in held:
            continue
        if any(_sort_of(t, 1) == sort and t.casefold() not in mine for t in best):
            return offset + start, offset + start + len(token)
    return None


def _sort_of(token: str, start: int) -> str | None:
    """ "number" or "name" for a value token (a name is capitalised and not a sentence's first word)."""
    if any(c.isdigit() for c in token):
        return "number"
    return "name" if start > 0 and token[:1].isupper() and token.casefold() not in STOPWORDS else None


def _value_places(text: str, value: str) -> list[int]:
    """Where ``text`` writes ``value`` as a whole value: not inside a longer number, though a unit
    may follow it ("15" in "15st", not in "150" or "1.5")."""
    return [m.start() for m in re.finditer(rf"(?<![\w.,]){re.escape(value)}(?![.,]?\d)", text)]


def _whole_word(text: str, word: str) -> int | None:
    match = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) if word else None
    return match.start() if match else None
