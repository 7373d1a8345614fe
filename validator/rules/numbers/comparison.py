"""The comparison (:func:`check_numbers`): each value of a claim must be implied by a value the
evidence gives about the same thing; else the sentence is contradicted where the evidence gives
another value in the same role, or unsupported where it gives none.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from validator.context import subject_or_name
from validator.rules.identifiers import check_identifiers
from validator.rules.numbers.ages import check_ages
from validator.rules.numbers.clauses import (
    Segment,
    claim_segments,
    content_words,
    evidence_segments,
    leading_name,
    named_subject_of,
    naming_words,
)
from validator.rules.numbers.derivations import Worked, a_change, counts_another, derivation, led_to, numbers_by_place
from validator.rules.numbers.ends import check_ends
from validator.rules.numbers.lexicon import OFFERED, WORD
from validator.rules.numbers.readers import bounds, words_after
from validator.rules.numbers.reading import claim_text, read_values
from validator.rules.numbers.rivals import Rival, rival_of
from validator.rules.numbers.values import COUNT_LIMIT, FRAMES, Number, a_span, close
from validator.text import POINTS_BACK, SCALES, stem

NumberVerdict = Literal["contradicted", "unsupported"]
ABSENT = "number not in the evidence"
ABSENT_FROM_SOURCES = "number in no passage and nowhere else in the sources"
"""A note that says a number is absent says where it looked: the passages retrieved for the
sentence, or those and then the whole sources."""
FindingKind = Literal["number_misplaced", "number_rival", "number_absent", "identifier", "span_end", "age", "joined"]
"""What a finding found: the number given to something else; another value in its role; no value
in its role; an identifier the evidence writes otherwise or not at all; a time given to the other
end of a span; an age given to someone else; a number only a joint premise holds."""


@dataclass(frozen=True)
class NumberFinding:
    """Why a sentence's numbers are not vouched for: the verdict they force, and a note."""

    verdict: NumberVerdict
    note: str
    kind: FindingKind
    """Which finding it is, as the table of measured precision names it (:mod:`validator.vetoes`)."""
    rival: Rival | None = None
    """Where one value fails and the evidence gives exactly one other in its place: that value
    (:mod:`validator.rules.numbers.rivals`), what a repair writes."""


_PRONOUN_ONE = re.compile(
    r"one\s+(?:from|of|in|on|by|with|for|that|which|who|is|was|and|or|[a-z]+ing)\b|one\b(?=[^.;!?]*\banother\b)", re.I
)
""""one" as a pronoun or set against "another", not a count: "one from 1920, another from 1944",
"deputies yelled, with one saying…", "in one interview he said…, in another…"."""
_ITEM_BREAK = re.compile(r",|;|\band\b|\bor\b")


def left_to_model(number: Number, claim: str) -> bool:
    """A number that only a rival in the same role can settle, never its absence: the number in
    a name ("COVID-19" where the source says "COVID"), a share in words ("half of the staff"
    where the source gives counts), and a small count that the claim itself enumerates ("two
    painters: Monet and Renoir", "three films: one…, another…, and…", "Leeds and York are two
    cities"), whose items the model can check one by one. A bare count the evidence does not
    state ("two men were arrested") stays the rule's: it is a number the answer made up. ``claim`` is the text the
    number was read from."""
    if number.is_name or number.ratio or _PRONOUN_ONE.match(claim, number.start):
        return True
    if number.unit is not None or number.qualifier is not None or not number.value.is_integer():
        return False
    if not 2 <= number.value <= COUNT_LIMIT:
        return False
    if _NAMED_BEFORE.search(claim, 0, number.start):  # "Leeds and York are two cities"
        return len(_ITEM_BREAK.findall(claim[: number.start])) >= number.value - 1
    rest = claim[number.read_end :]
    listed = _LISTED.match(rest)
    if listed is None:
        return False
    return listed.group().rstrip().endswith(":") or len(_ITEM_BREAK.findall(rest[listed.end() :])) >= number.value - 1


_NAMED_BEFORE = re.compile(r"\b(?:are|were|as|became)\s+(?:the\s+|all\s+|both\s+)?$", re.I)
"""What joins items named before their count: "Leeds and York are two cities", "… were the three
finalists", "… as two of the favourites"."""
_LISTED = re.compile(
    r"\s*(?:[\w-]+\s+){0,2}?[\w-]+(?:\s*(?::|,|\(|\u2014|-\s|namely\b|including\b|such as\b)|\s+(?=[A-Z]))"
)
"""The counted noun, then what opens a list of its items: "two painters, Monet and Renoir",
"three films: …" (after a colon, in this sentence or the next ones), "two firms (Acme and
Globex)", "the two painters Monet and Renoir". Not a verb and another ("Two suspects were
arrested and charged."): "and" there joins what they did, not who they were."""


def check_numbers(
    sentence: str, evidence: str | Sequence[str], sources: Sequence[str] | None = None, own: str | None = None
) -> NumberFinding | None:
    """``None`` when the evidence vouches for every number of ``sentence`` (read it in context
    first: "It was completed in 1931." says nothing about what "it" is); otherwise what the
    numbers make of it. ``evidence`` is the passage, or the passages, the verdict rests on.

    ``sources``, where given, are the whole texts the passages were retrieved from: before any
    veto, a number that the sentence of a source about the same thing gives is looked for there,
    so a value retrieval did not bring is not vetoed (the model still scores the sentence).

    ``own``, where given, is the sentence's own text when ``sentence`` is its reading: only the
    numbers it states are checked. A back reference ("He said: …") reads after the sentence it
    leans on, whose numbers are that sentence's claims, checked with it.

    Identifiers (order numbers, codes, addresses, versions) are found first, in the whole
    ``sources`` where given, else in the passages: :mod:`validator.rules.identifiers`."""
    passages = [evidence] if isinstance(evidence, str) else evidence
    # identifiers are labels, compared as strings before any value is read (validator.rules.identifiers)
    if (exact := check_identifiers(own if own is not None else sentence, sources or passages)) is not None:
        return NumberFinding(*exact, kind="identifier")
    finding = _check(sentence, evidence_segments(passages), own)
    if finding is not None and sources:  # absent from the passages: looked for in the whole sources
        if _check(sentence, evidence_segments(sources), own) is None:
            return None
        return replace(finding, note=finding.note.replace(ABSENT, ABSENT_FROM_SOURCES, 1))
    if finding is not None:
        return finding
    # values it holds, then whose they are: a time said to open or close a span is vouched for
    # only by that end of it (rules.numbers.ends), an age set off after someone only by theirs
    # (rules.numbers.ages); as for a value, not where the whole sources vouch for it
    stated = own if own is not None else sentence
    for check, kind in _OWNERSHIP:
        if (owned := check(stated, passages)) is not None and not (sources and check(stated, sources) is None):
            return NumberFinding(*owned, kind=kind)
    return None


_OWNERSHIP: tuple[tuple[Callable[[str, Sequence[str]], tuple[NumberVerdict, str] | None], FindingKind], ...] = (
    (check_ends, "span_end"),
    (check_ages, "age"),
)
"""The checks of whose a value is that :func:`check_numbers` runs once the values are there."""


@dataclass(frozen=True)
class _Claim:
    """A claim as the comparison reads it against the evidence, found once for all its values."""

    clauses: list[Segment]
    """Its clauses, each with the values the claim states (not those of what it leans on)."""
    text: str
    """Its text as read."""
    sides: tuple[Segment, ...]
    """Its clauses cut again at a comparison ("a 6.3in screen, compared with 6.1in on the previous
    model"): each side's words lead its values, and its values are paired with each other only."""
    side_of: Mapping[int, int]
    subject: frozenset[str]
    naming: frozenset[str]
    """The words of its subject's name where it names something (:func:`naming_words`), else
    the whole subject's: what a sentence about something else lacks."""
    name: frozenset[str]
    """The words of the name that opens it (:func:`leading_name`)."""
    name_in_evidence: bool
    subject_in_evidence: bool
    names_its_subject: bool
    """"Mount Kenya station" names it; "A total of 39 inmates" does not."""
    holders_of: Mapping[Number, list[Segment]]
    worked: Worked

    @property
    def numbers(self) -> list[Number]:
        return [n for clause in self.clauses for n in clause.numbers]

    def about_something_else(self, holder: Segment) -> bool:
        """The holder's sentence names its own subject, and the claim's subject is elsewhere in
        the evidence: "It was completed in 1931." after "The Empire State Building is in New
        York." gives 1931 to that building, not to the Eiffel Tower of the sentence before.
        Two names opening their sentences that share a word are still two things where neither
        holds the other (:func:`leading_name`): "It has 650 beds." after "Royal Park Hospital is in
        Bath." is not about St Anne's Hospital, where the evidence names St Anne's Hospital too."""
        if (
            holder.named_subject
            and self.subject
            and self.subject_in_evidence
            and not holder.named_subject & self.subject
        ):
            return not holder.sentence_words & self.subject
        mine, theirs = self.name, holder.name
        return bool(
            mine & theirs
            and not (mine <= theirs or theirs <= mine)
            and not mine <= holder.sentence_words
            and self.name_in_evidence
        )


_FRONTED_NAME = re.compile(
    r"^(?:[Ff]or|[Aa]t|[Ii]n|[Oo]n|[Ww]ith|[Aa]mong)\s+(?P<what>(?:the\s+)?[A-Z][^,;:]{0,40}),\s+(?P<rest>\S.*)$"
)
"""A name set before the clause it is about ("For Aspirin, the daily dose is 5 mg.", "At St
Anne's, the ward has 40 beds.")."""
_SET_OFF = re.compile(r"^(?P<head>[A-Z][^,;:]{1,60}),\s+[^,;:]{1,60},\s+(?P<rest>[a-z].*)$", re.S)
"""A subject with a phrase set off after it ("Royal Park Hospital, in Bath, has 420 beds.")."""
_THERE_AT = re.compile(
    r"^There\s+(?:is|are|was|were)\s(?:[^,;:]|,(?=\d))*?\s(?:at|in|on)\s+"
    r"(?P<name>(?:the\s+)?[A-Z][\w'’&-]*(?:\s+[A-Z][\w'’&-]*){0,4})"
)
"""What a sentence that says something exists holds it at ("There are 910 pupils at Northfield
School.")."""
_OWNED = re.compile(r"^(?P<owned>[A-Z][\w&-]*['’]s?\s+[a-z][\w-]*)\s+(?=[a-z])")
"""A name that owns what the sentence opens with ("Acme's revenue fell…")."""
_LABELLED = re.compile(r"^(?P<label>[A-Z][\w'’.&-]*(?:\s+[A-Z][\w'’.&-]*){0,4}):\s+(?=\S)")
"""A name written as a label before what is said of it ("Aspirin: daily dose 5 mg.")."""


def without_set_off(sentence: str) -> str:
    """``sentence`` without a phrase set off after its subject, where it then has one ("Royal Park
    Hospital has 420 beds." for "Royal Park Hospital, in Bath, has 420 beds.")."""
    if (set_off := _SET_OFF.match(sentence)) and subject_or_name(joined := f"{set_off['head']} {set_off['rest']}"):
        return joined
    return sentence


@lru_cache(maxsize=1024)
def claim_subject(sentence: str) -> str | None:
    """What a claim says its values of: its subject or the name that opens it
    (:func:`~validator.context.subject_or_name`), with a phrase set off after it left out ("Royal
    Park Hospital, in Bath, has…"); else, where a name is set before its clause, that clause's
    subject of the name ("the daily dose of Aspirin" for "For Aspirin, the daily dose is 5 mg."), as
    "The daily dose for Aspirin is 5 mg." says it; the name where something is said to be ("There
    are 910 pupils at Northfield School."); a name that owns what the claim opens with ("Acme's
    revenue fell…"); after a label, the subject of what follows it ("Note: the dose is…"), or the
    label where that has none ("Aspirin: daily dose 5 mg.")."""
    if there := _THERE_AT.match(sentence):
        return there["name"]
    if (subject := subject_or_name(without_set_off(sentence))) is not None:
        return subject
    if (fronted := _FRONTED_NAME.match(sentence)) and (rest := subject_or_name(fronted["rest"])):
        return f"{rest} of {fronted['what']}"
    if owned := _OWNED.match(sentence):
        return owned["owned"]
    if (labelled := _LABELLED.match(sentence)) is None:
        return None
    return subject_or_name(sentence[labelled.end() :]) or labelled["label"]


def _read_claim(sentence: str, available: Sequence[Segment], own: str | None) -> _Claim | None:
    """The claim's values (those ``own`` states, where ``sentence`` is its reading) and what the
    comparison needs of them; None where it states none."""
    stated = {(n.text, n.value) for n in read_values(claim_text(own if own is not None else sentence))}
    clauses = [
        replace(segment, numbers=kept)
        for segment in claim_segments(claim_text(sentence))
        if (kept := tuple(n for n in segment.numbers if (n.text, n.value) in stated))
    ]
    text = claim_text(sentence)
    if not clauses:
        return None
    clauses = [
        replace(segment, numbers=tuple(_as_the_evidence_reads(n, text, available) for n in segment.numbers))
        for segment in clauses
    ]
    sides = claim_segments(claim_text(sentence), sides=True)
    subject = content_words(claim_subject(sentence) or "")
    name = leading_name(without_set_off(sentence))
    numbers = [n for clause in clauses for n in clause.numbers]
    holders_of = {
        number: [
            s for s in available if any(number.implied_by(a) or _the_year_of_a_name(number, text, a) for a in s.numbers)
        ]
        for number in numbers
    }
    at_place = numbers_by_place(available)
    changes = {
        number: compared
        for number in numbers
        if not holders_of[number] and (compared := a_change(number, numbers, holders_of, at_place))
    }
    return _Claim(
        clauses,
        text,
        sides,
        {n.start: index for index, side in enumerate(sides) for n in side.numbers},
        subject,
        naming_words(sentence, claim_subject) or subject,
        name,
        any(name <= s.sentence_words for s in available),
        any(subject & s.words for s in available),
        bool(named_subject_of(sentence, claim_subject)),
        holders_of,
        Worked((), numbers, holders_of, at_place, available, changes),
    )


def _check(sentence: str, available: Sequence[Segment], own: str | None = None) -> NumberFinding | None:
    claim = _read_claim(sentence, available, own)
    if claim is None:
        return None
    compared_with = {(place, a) for compared in claim.worked.changes.values() for place, a in compared}
    missing: list[Number] = []
    misplaced: list[Number] = []
    held: list[Number] = []
    worked: list[Number] = []
    for segment in claim.clauses:
        for number in segment.numbers:
            rivals = [
                s
                for s in available
                if any(number.same_role(a) and (s.place, a) not in compared_with for a in s.numbers)
            ]
            if claim.holders_of[number]:
                held.append(number)
                if _misplaced(number, segment, claim, rivals):
                    misplaced.append(number)
            elif derivation(number, replace(claim.worked, clause=segment.numbers)) is not None:
                worked.append(number)
            elif rivals or not left_to_model(number, claim.text):
                missing.append(number)
    offered = _offered_instead(claim.text, missing, [n for n in held if n not in misplaced])
    missing = [n for n in missing if n not in offered]
    # a clause with a value in no evidence fails for that value; which piece its other value
    # belongs to is then moot ("…$3.1 billion, up from $2.6 billion" names $2.6 billion)
    clauses = claim.clauses
    misplaced = [n for n in misplaced if not any(n in s.numbers and set(s.numbers) & set(missing) for s in clauses)]
    unpaired = offered + worked  # no value of the evidence's to pair with the claim's others
    clauses = [replace(segment, numbers=tuple(n for n in segment.numbers if n not in unpaired)) for segment in clauses]
    if not missing and not misplaced:
        misplaced = _paired_apart(clauses, claim.side_of, available)
    return _finding(missing, misplaced, clauses[0].sentence_words, available)


def _misplaced(number: Number, segment: Segment, claim: _Claim, rivals: Sequence[Segment]) -> bool:
    """Whether the evidence gives ``number``, which it holds, to something else than what the
    claim's clause ``segment`` says it of (docs/verdicts.md, *the number rule*): a rival about
    the claim's own thing outweighs every holder."""
    vouching = [s for s in claim.holders_of[number] if not claim.about_something_else(s)]
    others = [
        s
        for s in rivals
        if not any(number.implied_by(a) or _admits(a, number) for a in s.numbers)
        and not _framed_otherwise(s, number, claim)
    ]
    if others and (theirs := {id(p) for p in _other_clauses_holders(number, segment, claim.clauses, claim.holders_of)}):
        others = [s for s in others if id(s) not in theirs]  # by identity: comparing fields is slow
    if counts_another(number, vouching, others):
        return True
    if number.unit in FRAMES and _frames_a_value(number, claim.numbers, claim.holders_of, vouching):
        return False
    # words lead to a rival only in the sentences around a holder (in a long text the same
    # words recur about other things); a name leads to its age wherever it stands, and a
    # rival about what the claim names, where no holder's sentence names it, is as near
    around = _around(v.place for v in vouching)
    unnamed = claim.names_its_subject and not any(claim.subject & v.sentence_words for v in vouching)
    beside = [
        o
        for o in others
        if number.unit == "age" or o.place in around or (unnamed and claim.subject <= o.sentence_words)
    ]
    led, rival_led = (
        led_to(number, vouching),
        led_to(number, _leading(number, segment, vouching, beside), same_role=True),
    )
    if led and not rival_led:
        return False  # stated after the claim's own words, and no rival is
    own_side = claim.sides[claim.side_of[number.start]] if number.start in claim.side_of else segment
    labels = tuple(n for n in segment.numbers if claim.holders_of[n] and n.qualifier is None and n.unit not in FRAMES)
    alongside = [c for c in segment.numbers if c is not number]
    return (rival_led and not led and not _paired_alike(segment.numbers, vouching)) or (
        not _paired_alike(labels, vouching)
        and all(
            any(
                r.beats(h, own_side, claim.subject, claim.naming)
                for r in others
                if not _states_only(r, alongside, number)
            )
            for h in vouching
        )
    )


def _leading(number: Number, segment: Segment, vouching: Sequence[Segment], rivals: Sequence[Segment]) -> list[Segment]:
    """The ``rivals`` whose lead may take ``number`` from its holders. A holder that leads up to
    the value with a pronoun ("London hosted them in 1908, 1948 and 2012") says it of what the
    pronoun stands for, which may be what the claim names in full ("London hosted the Games in
    1948"); so a rival led by those words ("Paris hosted the Games in 1900") takes it only where
    its sentence has every word of the claim that the holder's has (the claim's "London")."""
    pointing = [h for h in vouching if any(POINTS_BACK & set(a.lead) for a in h.numbers if number.implied_by(a))]
    if not pointing:
        return list(rivals)
    return [r for r in rivals if all(segment.sentence_words & h.sentence_words <= r.sentence_words for h in pointing)]


def _framed_otherwise(piece: Segment, number: Number, claim: _Claim) -> bool:
    """Whether ``piece`` gives, in the role of a value of another kind that the claim states and
    the evidence vouches for, a value the claim does not state: "up 11 percent from NOK 4.34
    billion in the third quarter of 2025" is about another period than a claim of 2026's
    revenue, so its 4.34 billion is no rival to the claim's, however many words it shares."""
    stated = claim.numbers
    return any(
        not m.same_role(number)
        and claim.holders_of[m]
        and any(m.same_role(a) and not any(k.implied_by(a) for k in stated) for a in piece.numbers)
        for m in stated
    )


def _paired_apart(clauses: Sequence[Segment], side_of: Mapping[int, int], available: Sequence[Segment]) -> list[Number]:
    """The values of a claim's clause that the evidence pairs with another value
    (:func:`_paired_elsewhere`): side by side within each clause, then across a clause that goes
    on from the one before (:func:`_joined`), against the evidence's whole sentences."""
    stated = [n for segment in clauses for n in segment.numbers]
    paired = [
        n
        for segment in clauses
        for side in _by_side(segment, side_of)
        for n in _paired_elsewhere(side, stated, available)
    ]
    if not paired and (joined := _joined(clauses)):
        sentences = _by_sentence(available)
        paired = [n for clause in joined for n in _paired_elsewhere(clause, stated, sentences)]
    return paired


def _finding(
    missing: Sequence[Number], misplaced: Sequence[Number], words: frozenset[str], available: Sequence[Segment]
) -> NumberFinding | None:
    """The verdict the failing values force, with a note naming them, and the one value the
    evidence gives in a single failing value's place (:func:`rival_of`; ``words``: the claim's)."""
    if misplaced:
        return NumberFinding(
            "contradicted",
            "the evidence gives this number to something else: " + ", ".join(n.text for n in misplaced),
            "number_misplaced",
            rival_of(misplaced[0], words, available) if len(misplaced) == 1 else None,
        )
    if not missing:
        return None
    in_role = any(n.same_role(a) and not n.implied_by(a) for n in missing for s in available for a in s.numbers)
    rival = rival_of(missing[0], words, available) if in_role and len(missing) == 1 else None
    named = ", ".join(n.text for n in missing)
    if rival is not None:
        note = f"the evidence gives another value in its place: {named} (it has {rival.evidence})"
    elif in_role:
        note = f"the evidence gives other values in its place: {named}"
    else:
        note = f"{ABSENT}: {named}"
    return NumberFinding(
        "contradicted" if in_role else "unsupported", note, "number_rival" if in_role else "number_absent", rival
    )


_BARE_M = re.compile(r"m(?![^\W\d_])")


def _as_the_evidence_reads(number: Number, text: str, available: Sequence[Segment]) -> Number:
    """``number`` as millions where it is written with a bare "m" joined to it, which the reading
    took for metres ("1.3m children": nothing known to be counted in millions follows it,
    :data:`_MILLION`), and the evidence reads it so: it holds the value in millions and not in
    metres, or gives a value in its role only in millions ("1.5m children" against "1.3 million
    children"). "m" means either, and the evidence tells which."""
    if number.unit != "[length]" or number.scale != 1.0 or not (m := _BARE_M.match(text, number.read_end)):
        return number
    value = number.value * SCALES["million"]
    low, high = bounds(value, number.qualifier)
    after = next(iter(words_after(text, m.end())), number.after)
    millions = replace(
        number, value=value, unit=None, after=after, low=low, high=high, step=number.step * SCALES["million"]
    )
    evidence = [a for segment in available for a in segment.numbers]
    for test in (Number.implied_by, Number.same_role):
        if any(test(number, a) for a in evidence):
            return number
        if any(test(millions, a) for a in evidence):
            return millions
    return number


_EDITION_WORDS = 3
"""How many words after a claim's year may hold the name whose year it is ("the 2015 CNN Heroes")."""


def _the_year_of_a_name(number: Number, claim: str, other: Number) -> bool:
    """Whether ``other``, the year in a name of the evidence ("CNN Heroes 2015", "World Cup 2018",
    "Expo 2020"), is the claim's year written before that name ("the 2015 CNN Heroes", "the 2018
    World Cup"): the same edition of the same thing, another order of words. The name's word must
    follow the year within :data:`_EDITION_WORDS` words, so a bare year ("opened in 2020") is not
    vouched for by "Expo 2020". ``claim`` is the text the number was read from."""
    if number.unit != "year" or not other.is_name or not close(number.value, other.value):
        return False
    name = stem(other.unit.removeprefix("name:") if other.unit else "")
    return any(stem(word) == name for word in WORD.findall(claim[number.read_end :].lower())[:_EDITION_WORDS])


def _paired_alike(claim: Sequence[Number], holders: Sequence[Segment]) -> bool:
    """Whether one holder vouches for every one of ``claim``'s numbers (a clause's), of more than
    one kind ("$3.9 billion in 2021" by "…, up from $3.9 billion in 2021"): the evidence pairs the
    values as the claim does, so a rival led by the same words ("revenue was $4.5 billion" in 2022)
    is the other pair's, not this one's. :func:`_check` also asks it of the clause's values the
    evidence holds that are stated plainly and are no time (:data:`FRAMES`): a holder pairing those
    is not outweighed by a rival whose clause shares more of the claim's words ("a family of four
    … all 19 home games … for £776" after "the basic adult season ticket will cost £289", for "A
    family of four can buy a season ticket for £776": :meth:`Segment.beats` alone gave £776 to
    the adult ticket). A bound ("less than 85 reviews") is vouched for by almost any smaller
    number, and a year by every value of its sentence: neither pairs anything."""
    return len({n.unit for n in claim}) > 1 and any(_holds_all(holder, claim) for holder in holders)


def _states_only(rival: Segment, alongside: Sequence[Number], number: Number) -> bool:
    """Whether every value ``rival`` gives in ``number``'s role is one the claim's clause states
    beside ``number`` (``alongside``): "Pre-tax losses narrowed to £28.3m from £115.5m" against "a
    pre-tax loss of £28.3m, narrowing from £115.5m". The clause is about both, so the piece
    holding the other is no more about it than the piece holding this one, whatever words it
    shares. Where the words before the values tell them apart ("Gross margin was 44.1%, up from
    45.3%" against "Gross margin was 45.3%, up from 44.1%"), that rival still counts
    (:func:`led_to`)."""
    return all(any(c.implied_by(a) for c in alongside) for a in rival.numbers if number.same_role(a))


def _admits(bound: Number, number: Number) -> bool:
    """Whether ``bound``, a value of the evidence stated as a bound or an approximation, holds
    ``number`` of the claim in its role: "more than a quarter of the world's beer, about 28 per
    cent" says the same as "a 28% share", so its quarter is no rival of the 28%."""
    return bound.qualifier is not None and number.same_role(bound) and bound.low <= number.value <= bound.high


def _frames_a_value(
    number: Number,
    claim_numbers: Sequence[Number],
    holders_of: Mapping[Number, Sequence[Segment]],
    vouching: Sequence[Segment],
) -> bool:
    """Whether a piece that vouches for ``number``, a time (:data:`FRAMES`), also holds another
    value the claim states plainly (no time, no bound), so the evidence sets that value at the
    time the claim does: "The 2020 count put the town's population at 4,512" for "As of the 2020
    census, the town had a population of 4,512". A clause whose words the claim's time shares
    more of ("…up from 4,380 in 2010, according to the Census Bureau") is then another time's;
    a time clause holds a word or two, and which clause shares them says little."""
    plain = [
        n for n in claim_numbers if n is not number and n.unit not in FRAMES and n.qualifier is None and holders_of[n]
    ]
    return any(_holds_all(holder, [n]) for holder in vouching for n in plain)


def _other_clauses_holders(
    number: Number,
    segment: Segment,
    claim: Sequence[Segment],
    holders_of: Mapping[Number, Sequence[Segment]],
) -> list[Segment]:
    """The pieces of evidence that another clause of the claim has for its own: each holds all of
    that clause's values, one in ``number``'s role and one in none of it that no holder of
    ``number`` holds, so it pairs them as the clause does and is no rival of ``number`` ("…40.3C at
    Coningsby, beating 2019's 38.7C" against "…40.3C at Coningsby, breaking the previous record of
    38.7C set in 2019": that record is the second clause's). Where a holder of ``number`` holds the
    other clause's other values too ("Alice scored 30 in 2020, beating Bob's 12 in 2020"), they pair
    nothing, and a rival stays one. ``holders_of`` gives the pieces that vouch for each of the
    claim's numbers: a piece holding all of a clause's values is among its first value's."""
    found: list[Segment] = []
    for other in claim:
        pairing = [n for n in other.numbers if not n.same_role(number)]
        if other is segment or not pairing or len(pairing) == len(other.numbers):
            continue
        if not any(_holds_all(holder, pairing) for holder in holders_of[number]):
            found += [piece for piece in holders_of[other.numbers[0]] if _holds_all(piece, other.numbers)]
    return found


def _shared_label(
    number: Number, piece: Segment, strangers: Sequence[Number], holding: Mapping[Number, set[int]]
) -> bool:
    """Whether another piece of the evidence than ``piece`` holds ``number`` beside a value of
    the claim's whose role a stranger of ``piece`` takes (``holding``: the pieces, by identity,
    that hold each of the claim's values): the evidence then says ``number`` of both, as a
    release says "the third quarter" of this year and of the last, so ``number`` ties the claim
    to neither."""
    rivalled = [m for m in holding if m is not number and any(m.same_role(a) for a in strangers)]
    return any((holding[number] & holding[m]) - {id(piece)} for m in rivalled)


def _holds_all(segment: Segment, numbers: Sequence[Number]) -> bool:
    """Whether ``segment`` vouches for every one of ``numbers``."""
    return all(any(n.implied_by(a) for a in segment.numbers) for n in numbers)


def _offered_instead(claim: str, missing: Sequence[Number], vouched: Sequence[Number]) -> list[Number]:
    """The missing numbers that the claim offers as an alternative to a vouched-for one ("built in
    1841 or 1842" where the evidence says 1842): the claim states no more than one of them holds."""
    return [
        n
        for n in missing
        if any(OFFERED.fullmatch(claim[min(n.read_end, v.read_end) : max(n.start, v.start)]) for v in vouched)
    ]


def _around(places: Iterable[tuple[int, int]]) -> set[tuple[int, int]]:
    """The sentences at ``places`` of the evidence and the ones beside each, in the same passage:
    where a value the sentence's words lead to, or pair, can stand for it (:func:`_check`)."""
    return {(passage, sentence + step) for passage, sentence in places for step in (-1, 0, 1)}


def _joined(claim: Sequence[Segment]) -> list[Segment]:
    """The claim's clauses that go on from the clause before (:attr:`Segment.continues`: "Leeds has
    10 doctors | and 2 nurses"), each joined to it: one clause's values, to be paired by one
    sentence of the evidence (:func:`_by_sentence`). Only the joined ones: the rest are paired
    clause by clause already."""
    chains: list[list[Segment]] = []
    for segment in claim:
        if chains and segment.continues:
            chains[-1].append(segment)
        else:
            chains.append([segment])
    return [replace(chain[0], numbers=tuple(n for s in chain for n in s.numbers)) for chain in chains if len(chain) > 1]


def _by_sentence(available: Sequence[Segment]) -> list[Segment]:
    """The evidence's segments joined back into its sentences (by :attr:`Segment.place`): the piece
    that must hold every value of a joined clause, where a clause break ("and 1 nurse") cut the
    evidence's own list of values apart."""
    sentences: dict[tuple[int, int], Segment] = {}
    for segment in available:
        held = sentences.get(segment.place)
        sentences[segment.place] = (
            replace(segment, words=segment.sentence_words)
            if held is None
            else replace(held, numbers=held.numbers + segment.numbers)
        )
    return list(sentences.values())


def _by_side(segment: Segment, side_of: Mapping[int, int]) -> list[Segment]:
    """``segment``, a claim's clause, with its values grouped by the side of a comparison each is on
    (``side_of``: by where a value starts): the values before ", compared with …" are paired with
    each other, and those after with each other, not across it. "The iPhone 16 Pro has a 6.3in
    screen, compared with 6.1in on the previous model" gives 6.1in to the previous model, where the
    source pairs it with the iPhone 15."""
    groups: dict[int, list[Number]] = {}
    for number in segment.numbers:
        groups.setdefault(side_of.get(number.start, -1), []).append(number)
    return [replace(segment, numbers=tuple(numbers)) for numbers in groups.values()]


def _paired_elsewhere(claim: Segment, stated: Sequence[Number], available: Sequence[Segment]) -> list[Number]:
    """The numbers of a claim's clause that the evidence pairs with another value: each is vouched
    for somewhere, but no one piece of the evidence holds them all, and a piece that holds one
    gives, in another's role, a value the claim does not state ("40,000 visitors in 2020" against
    "40,000 visitors in 2019, and 25,000 in 2020"). ``stated`` are all the claim's numbers: a
    value the claim states in another clause is not another value ("between 2009 and 2017").
    The number paired elsewhere must be stated in that piece's sentence or one beside it: a
    summary joins facts from far apart in a long text ("stripped of seven titles … from
    1999-2005"), where a stranger in the same role was right about half the time."""
    if len(claim.numbers) < 2 or any(_holds_all(s, claim.numbers) for s in available):
        return []
    near: dict[int, set[tuple[int, int]]] = {}  # around each claim number's sentences, found once if asked

    def held_near(index: int, place: tuple[int, int]) -> bool:
        if index not in near:
            number = claim.numbers[index]
            near[index] = _around(s.place for s in available if any(number.implied_by(a) for a in s.numbers))
        return place in near[index]

    holding = {n: {id(s) for s in available if any(n.implied_by(a) for a in s.numbers)} for n in claim.numbers}
    for segment in available:
        values = segment.numbers
        held = [any(n.implied_by(a) for n in stated) for a in values]
        strangers = [  # a span's ends stand side by side, so only a neighbour can be the other end
            a
            for i, a in enumerate(values)
            if not held[i]
            and not any(0 <= j < len(values) and held[j] and a_span(a, values[j]) for j in (i - 1, i + 1))
        ]
        # a piece that holds only labels of the claim's pairs nothing: a name ("HbA1c", "iPhone
        # 16"), or a value another piece pairs with the claim's own value in a stranger's role
        # ("the third quarter" of 2026 and of 2025), recurs beside every value said of it
        if not any(
            n.implied_by(a) and not _shared_label(n, segment, strangers, holding)
            for n in claim.numbers
            if not n.is_name
            for a in values
        ):
            continue
        paired = [
            n
            for index, n in enumerate(claim.numbers)
            if any(n.same_role(a) for a in strangers) and held_near(index, segment.place)
        ]
        if paired:
            return paired
    return []
