"""The evidence cut into segments about one thing (:class:`Segment`): its sentences read in
context (:mod:`validator.context`), cut again between two numbers at a clause break; and which of
two segments is more about a claim (:meth:`Segment.beats`), so a value vouches only where the
evidence says it of the same thing.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from validator.context import described, sentences_as_read, subject_of
from validator.rules.numbers.lexicon import WORD, is_unit, unit_of_words
from validator.rules.numbers.reading import read_values
from validator.rules.numbers.values import Number, a_span
from validator.text import STOPWORDS, stem

_COMPARING = r"versus|vs\.?|against|compared\s+(?:with|to)"
"""Words that set a value against another ("EPS of $1.23 versus $1.10", "compared with 44.1%")."""
_CLAUSE_BREAK = re.compile(
    rf";|,\s|\s(?:and|but|while|whilst|whereas|{_COMPARING})\s"
    r"|\son\s(?=(?:an?\s+)?[a-z-]+\s+of\b)|\|\s*\||\|\s*\n",
    re.I,
)
"""Where a clause may end between two numbers: ";", ", ", a conjunction, a comparison ("EPS of
$1.23 versus $1.10"), a second quantity "on" its label ("net income of $1.2 billion on revenue of
$4.5 billion"), or the end of a table row ("| 1889 | completed | | 1925 | sign added |" is two
rows, not one clause)."""
_ITEM_END = re.compile(r";|\|")
"""A break that ends an item of a list, not only a clause: "adults, £12; children, £6"."""


def _own_bracket(text: str, left: Number, right: Number) -> int | None:
    """Where a bracket opens that gives ``right`` a label of its own: a second value of
    ``left``'s kind with words of its own, not the same value in other units ("$842 million
    ($2.10 a share)" is two quantities, "650ft (198m)" and "30 miles (48 km)" one). ``None``
    where no such bracket holds ``right``."""
    opening = text.rfind("(", left.read_end, right.start)
    closing = text.find(")", right.read_end)
    if opening < 0 or closing < 0 or "(" in text[right.read_end : closing] or left.unit != right.unit:
        return None
    if content_words(text[opening + 1 : right.start]):
        return None
    label = [w for w in WORD.findall(text[right.read_end : closing]) if not is_unit(w)]
    return opening if content_words(" ".join(label)) else None


_BETWEEN = re.compile(r"\bbetween\s+$", re.I)
"""What opens a span whose ends "and" joins ("between 5am and 11pm"); without it, "in 1998 and
2004" is a list of two years, each its own clause's."""


_FROM_BEFORE = re.compile(r"\sfrom\s", re.I)
"""Where the evidence sets a value against the one it moved from ("fell to 4.1% in March from
4.3% in February"): that value and its frame are another clause's, as after "compared with"."""


def _clause_end(text: str, start: int, end: int, moved_from: bool = False) -> int | None:
    """Where the clause of the number ending at ``start`` ends before the number at ``end``: at
    the first ";" or table-row end between them, else at the first clause break, so the words
    after it (a label: "…; Saturday, 9 a.m.", "…, and Zane Reed, 7") go with the number they lead
    to. ``None`` where nothing breaks the clause. With ``moved_from`` (in the evidence, the value
    at ``end`` is of a kind the clause holds already), "from" before it breaks one too
    (:data:`_FROM_BEFORE`); a claim is read whole ("recovered from…"), and so is "his fifty
    came from 63 balls"."""
    breaks = sorted(
        [*_CLAUSE_BREAK.finditer(text, start, end), *(_FROM_BEFORE.finditer(text, start, end) if moved_from else ())],
        key=lambda b: b.start(),
    )
    items = [b for b in breaks if _ITEM_END.search(b.group())]
    return (items or breaks)[0].start() if breaks else None


@dataclass(frozen=True)
class Segment:
    """A clause-sized piece of text: the numbers in it and its other content words (stemmed)."""

    numbers: tuple[Number, ...]
    words: frozenset[str]
    named_subject: frozenset[str] = frozenset()
    """The words of the sentence's subject when it names something ("The Empire State Building"),
    on the sentence's first segment only."""
    sentence_words: frozenset[str] = frozenset()
    """The content words of the whole sentence the segment was cut from."""
    place: tuple[int, int] = (0, 0)
    """Where that sentence is in the evidence: which passage, and which of its sentences."""
    name: frozenset[str] = frozenset()
    """The content words of the name that opens the sentence (:func:`leading_name`), on its first
    segment only."""
    continues: bool = False
    """The clause goes on with the clause before and has no subject of its own: "and fell in 1989",
    "and 2 nurses", ", 3 offices" (:func:`_goes_on`). Its values are said of what the clause
    before is about, so a claim's values of both are one clause's to pair."""
    compares: bool = False
    """The clause sets the value before against another (", compared with $2.1 billion a year
    earlier", ", up from £583.2m"): its value is what the other is measured against."""

    def beats(self, holder: Segment, claim: Segment, subject: frozenset[str], naming: frozenset[str]) -> bool:
        """Whether this segment (a rival's) is clearly more about what ``claim`` is about than
        ``holder``. In the same sentence: more of the claim's words in its clause ("Alice is 12 and
        Bob is 30."), or as many where the holder's is what the sentence compares with and the
        claim compares nothing ("Net sales were $2.3 billion, compared with $2.1 billion a year
        earlier" gives $2.1 billion to no claim of the sales the sentence reports). In another
        sentence: it holds the claim's ``subject`` (the content words of its subject), the
        holder's sentence none of its ``naming`` words (its name's, where it names something:
        "Aspirin" of "Aspirin's daily dose", so a row of another drug's daily dose holds none;
        else the whole subject), and every claim word the holder's sentence has is in its
        sentence too ("The Eiffel Tower was completed in 1889." over "The city library was
        completed in 1801." for "The Eiffel Tower was completed in 1801."). Word counts alone do
        not say it: a summary's sentence joins the words of several, and the
        sentence with more of them had the right value about half the time on real summaries
        (HaluEval, XSum)."""
        if self.sentence_words == holder.sentence_words:
            mine, theirs = len(claim.words & self.words), len(claim.words & holder.words)
            return mine > theirs or (mine == theirs and holder.compares and not claim.compares)
        theirs = claim.words & holder.sentence_words
        return (
            bool(subject)
            and subject <= self.sentence_words
            and not naming & holder.sentence_words
            and theirs < claim.words & self.sentence_words
        )


def content_words(text: str) -> frozenset[str]:
    return frozenset(_words_in_order(text))


_NICKNAME = re.compile(r"[Tt]he [A-Z][a-z]+s")
"""A subject of "The" and one capitalized plural: in news, what a club, a party or a band is called
after its name ("The Hammers" for West Ham, "The Gunners", "The Democrats")."""


_LEADING_NAME = re.compile(r"^(?:The\s+)?(?P<name>[A-Z][\w'’.&-]*(?:\s+(?:of\s+)?[A-Z][\w'’.&-]*){1,5})\s+(?=[a-z])")
"""Two capitalised words or more opening a sentence, then a word in lower case: a name, whatever
verb follows ("Royal Park Hospital employs 900 staff.")."""


def leading_name(sentence: str) -> frozenset[str]:
    """The content words of the name that opens ``sentence`` (:data:`_LEADING_NAME`), else none."""
    match = _LEADING_NAME.match(sentence)
    return content_words(match.group("name")) if match else frozenset()


_POSSESSIVE_NAME = re.compile(r"[A-Z][\w-]*'s?")
"""A capitalized first word that owns what follows ("Aspirin's daily dose", "Apple's revenue"):
a name, as "Aspirin" of "The daily dose of Aspirin" is."""


def naming_words(sentence: str, reader: Callable[[str], str | None] = subject_of) -> frozenset[str]:
    """The content words of the capitalized words of the sentence's subject after its first, or
    of a first one that owns what follows (:data:`_POSSESSIVE_NAME`): what it names, not what it
    says of it ("aspirin" of "Aspirin's daily dose", "eiffel tower" of "The Eiffel Tower"). Empty
    where the subject names nothing, or is a description with names in it (:func:`described`)."""
    words = (reader(sentence) or "").split()
    named = [w for i, w in enumerate(words) if w[:1].isupper() and (i or _POSSESSIVE_NAME.fullmatch(w))]
    return frozenset() if described(sentence) else content_words(" ".join(named))


def named_subject_of(sentence: str, reader: Callable[[str], str | None] = subject_of) -> frozenset[str]:
    """The content words of the sentence's subject if it names something (a capitalized word
    after its first), else nothing: "Construction was finished" names nothing, "The Empire State
    Building was completed" does. A name of several capitalized words also goes by its initials
    ("Royal Bank of Scotland" is "RBS" too), as an answer often calls it. A description with names
    in it ("The Arab kingdom has sent…": :func:`~validator.context.described`) names nothing of
    its own: news text calls what it has named so; nor does a nickname (:data:`_NICKNAME`): "The
    Hammers will make the switch for the 2016-17 season." is about West Ham, named the sentence
    before, though no word of the two names is shared."""
    subject = reader(sentence) or ""
    if not any(w[:1].isupper() for w in subject.split()[1:]) or described(sentence) or _NICKNAME.fullmatch(subject):
        return frozenset()
    initials = "".join(w[0] for w in WORD.findall(subject) if w[0].isupper() and w.lower() not in STOPWORDS)
    return content_words(subject) | (frozenset({stem(initials.lower())}) if len(initials) >= 2 else frozenset())


def _segments(sentence: str, gaps: bool = False, place: tuple[int, int] = (0, 0), sides: bool = False) -> list[Segment]:
    """``sentence`` cut between each two consecutive numbers where the first one's clause ends
    (:func:`_clause_end`), unless all that clause holds is its number, of another kind than the
    next ("In 2022, revenue was $4.5 billion": a phrase before the clause sets its time, and goes
    with it; "In 2007, … a 2004 film" stays two clauses), or the two are the ends of a span of
    times ("between 5am and 11pm", :func:`a_span`). Without ``gaps`` (the sentence checked), a
    clause that compares the value before with another and nothing else stays with it ("…£612.4
    million, up from £583.2 million" states both of one thing); with ``sides``, it is cut there too,
    so that each side of the comparison has its own words and values (:func:`_check`).

    A clause that goes on with the same subject ("The Berlin Wall was built in 1961 and fell in
    1989.": "and fell in 1989" has no subject of its own) also holds that subject's words, and one
    that compares the value before with another ("…45.3% compared with 44.1% a year ago") or gives
    its change (", up 11% on a year ago") the subject's or, where none is found, the clause
    before's, so it is about the same thing as the clause before, as it reads; so is a relative
    clause (", which features a 6.3-inch display", ", taking it to £2,070.35"), with the clause
    before's words. A clause's words leave out its numbers as written and their units
    (:func:`_about_words`, :func:`_unit_words`). With ``gaps`` (the evidence's sentences), a clause
    that leaves out its verb reads with it (:func:`_gapped`)."""
    text, numbers = sentence, read_values(sentence)
    about, units = _about_words(text, numbers), _unit_words(numbers)
    cuts = [0]
    for left, right in itertools.pairwise(numbers):
        if a_span(left, right) and _BETWEEN.search(text, max(0, left.start - 12), left.start):
            continue  # "open between 5am and 11pm": one clause, as "from 5am to 11pm" is
        clause = (n for n in numbers if cuts[-1] <= n.start <= left.start)
        cut = _clause_end(text, left.read_end, right.start, moved_from=gaps and any(n.same_role(right) for n in clause))
        cut = _own_bracket(text, left, right) if cut is None else cut
        if cut is not None and not gaps and not sides and _compares_directly(text, cut, right):
            continue  # a claim's "…£612.4m, up from £583.2m" states the two as one clause does
        if cut is None or (left.unit != right.unit and not content_words(about[cuts[-1] : cut])):
            continue  # one clause; or "In (May) 2022, revenue was…", where the time frames the clause
        cuts.append(cut)
    cuts.append(len(text))
    fronted = _FRONTED.match(text)  # "In 2022, revenue was…": the subject follows the time
    subject = content_words(subject_of(text) or (fronted and subject_of(text[fronted.end() :])) or "")
    whole = content_words(about) - units
    segments: list[Segment] = []
    for start, end in itertools.pairwise(cuts):
        words = content_words(about[start:end]) - units
        if start and _continues(text[start:end]):
            words |= subject
        elif start and (_COMPARISON.match(text[start:end]) or _CHANGE.match(text[start:end])):  # the same thing
            words |= subject or segments[-1].words
        elif start and _RELATIVE.match(text[start:end]):  # ", which features…": what the clause before names
            words |= segments[-1].words
        numbers_in = tuple(n for n in numbers if start <= n.start < end)
        named, name = (named_subject_of(sentence), leading_name(sentence)) if start == 0 else (frozenset(), frozenset())
        goes_on = bool(start) and _goes_on(text[start:end])
        compared = bool(start and _COMPARISON.match(text[start:end]))
        segments.append(
            Segment(numbers_in, words, named, whole, place, name=name, continues=goes_on, compares=compared)
        )
    for index in range(1, len(segments)) if gaps else ():
        start, end = cuts[index], cuts[index + 1]
        if gapped := _gapped(text, cuts[index - 1], start, end, segments[index - 1], segments[index]):
            segments[index] = gapped
    return segments


@lru_cache(maxsize=1024)
def claim_segments(sentence: str, sides: bool = False) -> tuple[Segment, ...]:
    """A claim's clauses (:func:`_segments`), cut once: :func:`check_numbers` reads a claim against
    its passages and, before a veto, against its whole sources, both ways (``sides``) each time."""
    return tuple(_segments(sentence, sides=sides))


def _about_words(text: str, numbers: Sequence[Number]) -> str:
    """``text`` (read) with each number blanked out, its scale and its "per cent" with it: they
    say what kind of value it is, not what its clause is about."""
    blanked = list(text)
    for number in numbers:
        if not number.is_name:  # a name's words ("iPhone 16") say what the clause is about
            blanked[number.start : number.read_end] = " " * (number.read_end - number.start)
    return "".join(blanked)


def _unit_words(numbers: Sequence[Number]) -> frozenset[str]:
    """The words that are the unit of a number of the text ("metres" of "4,808 metres"; not
    "month" of "0.4% month on month"), stemmed: they say what kind of value it is, not what it is
    about, so they are no clause's content words. Otherwise "two metres" would share a word with
    "rises to 4,808 metres" that "measured at 4,808 m" does not, and win the value for its clause
    (:meth:`Segment.beats`)."""
    return frozenset(
        stem(n.after.lower())
        for n in numbers
        if n.after and n.unit is not None and unit_of_words([n.after])[0] == n.unit
    )


def _compares_directly(text: str, cut: int, right: Number) -> bool:
    """Whether the clause at ``cut`` compares the value before with ``right`` and nothing else
    (", up from £583.2m", ", compared with 44.1%"; not ", against West Indies on 341")."""
    compares = _COMPARISON.match(text[cut:])
    return compares is not None and not WORD.search(text, cut + compares.end(), right.start)


_FRONTED = re.compile(r"[^,;\d]{0,30}\d[^,;]{0,20},\s+")
"""A phrase with a number before a sentence's subject, set off by a comma ("In 2022, ", "By March
2024, "): the time the sentence is about, not its subject."""
_GAP = re.compile(r"^\s*(?:,?\s*(?:and|or|but|while|whereas)|,)\s*$", re.I)
"""What may stand before the number of a clause whose verb and counted noun are left out ("and 300
on Tuesday" after "500 people attended on Monday"; ", 1948 and 2012" after "hosted them in
1908")."""


def _gapped(text: str, before: int, start: int, end: int, previous: Segment, segment: Segment) -> Segment | None:
    """``segment`` as it reads with what it leaves out, where it opens with a bare number after the
    clause before ("Over 500 people attended on Monday and 300 on Tuesday"; "The band released 6
    singles and 2 albums"; "London hosted them in 1908, 1948 and 2012"): it holds that clause's
    words except as many of the last ones as it has its own ("people attended", not "Monday"), each
    of its numbers follows the words the clause before's number of its kind follows, and a number
    that counts nothing counts what that clause counted. So "500 came on Tuesday" is the second
    clause's rival, and "2 albums" its number."""
    if not segment.numbers or not _GAP.match(text[start : segment.numbers[0].start]):
        return None
    numbers = []
    for number in segment.numbers:
        if parallel := [n for n in previous.numbers if n.unit == number.unit]:
            number = replace(number, lead=parallel[-1].lead)
        counted = [n for n in parallel if n.counts_something]
        if counted and not number.counts_something and not numbers:
            number = replace(number, after=counted[-1].after)
        numbers.append(number)
    own = _words_in_order(text[segment.numbers[0].read_end : end])
    theirs = _words_in_order(text[before:start])
    # the clause before that is itself only a listed value (", 1948" of "in 1908, 1948 and 2012")
    # reads with the words it took from the list's head
    kept = frozenset(theirs[: len(theirs) - len(own)]) if theirs else previous.words
    return replace(segment, numbers=tuple(numbers), words=segment.words | kept)


def _words_in_order(text: str) -> list[str]:
    return [stem(w.lower()) for w in WORD.findall(text) if w.lower() not in STOPWORDS and len(w) > 1]


_CONTINUATION = re.compile(r"^\s(?:and|but)\s+(?P<rest>[a-z].*)$", re.S)
"""A clause joined by "and" or "but" that goes on in lower case: a verb, not a new subject's name."""
_COMPARISON = re.compile(rf"^,?\s+(?:an?\s+[a-z]+(?:\s+[a-z]+)?,\s+)?(?:(?:up|down)\s+(?:from|on|by)|{_COMPARING})\b")
"""A clause that compares the value before with another (", up from $3.9 billion in 2021",
"compared with 44.1% a year ago", "versus $1.10"), after an aside on it or not (", a record, up
from £583.2m")."""


_RELATIVE = re.compile(
    r"^,?\s+(?:which|who|whose|[a-z]+ing\s+(?:it|them|the\s+[a-z]+|its\s+[a-z]+|their\s+[a-z]+)\s+(?:up\s+|down\s+)?to)\b",
    re.I,
)
"""A relative clause (", which features a 6.3-inch display") or one that takes what the clause
before names to a value (", taking it to £2,070.35", ", bringing the total to 41"): about what the
clause before names, whose words it is read with (:func:`_segments`)."""
_CHANGE = re.compile(r"^,?\s+(?:up|down|rising|falling)\s+(?=[\d$€£¥₹])", re.I)
"""A clause that gives the value before's change (", up 11% on a year ago", ", down $3 million"):
about the same thing as the clause before, whose words it is read with (:func:`_segments`)."""


_LISTED_VALUE = re.compile(r"^\s*(?:,\s*)?(?:(?:and|or)\s+)?[\d$€£¥₹]")
"""A clause that is only the next value of a list: "and 2 nurses", ", 3 offices"."""


def _goes_on(clause: str) -> bool:
    """Whether ``clause`` (a segment after the first) goes on with the clause before, with no
    subject of its own (:attr:`Segment.continues`)."""
    return _continues(clause) or _LISTED_VALUE.match(clause) is not None


def _continues(clause: str) -> bool:
    """Whether ``clause`` (a segment after the first) goes on with the sentence's subject: it opens
    with "and" or "but" and then neither names a subject of its own nor starts a new one
    ("and Bob is 12", "and the tower is 330 metres tall" do)."""
    match = _CONTINUATION.match(clause)
    return match is not None and subject_of(match.group("rest")) is None


@lru_cache(maxsize=1024)
def _passage_segments(passage: str, index: int) -> tuple[Segment, ...]:
    """The segments of the ``index``-th passage, once: the same retrieved chunk is evidence for
    many sentences."""
    return tuple(
        segment
        for position, (_, reading) in enumerate(sentences_as_read(passage))
        for segment in _segments(reading, gaps=True, place=(index, position))
    )


def evidence_segments(passages: Sequence[str]) -> list[Segment]:
    return [segment for index, passage in enumerate(passages) for segment in _passage_segments(passage, index)]
