"""The binding rule: a premise of several sentences vouches for a claim only where the sentences it
draws on are about the same thing.

The number rule's sibling (:mod:`validator.rules.numbers`). A small NLI model reads a premise of two
sentences as one text, so "Darwin wrote On the Origin of Species. Melville wrote Moby-Dick."
entails "Darwin wrote Moby-Dick." for it: the subject of one sentence and the object of the other
are both there. The joint premise (the top-k passages joined) and every chunk of two sentences are
such premises. This rule settles one thing, and leaves the rest to the model:

- **settled**: a claim whose words the premise holds only by drawing on sentences that nothing
  links (no name in common, and neither leans on the other as "It…", "This…" or a subject with
  no name, "The tower…", do, read in context with :mod:`validator.context`) is not vouched for
  by that premise: the claim's subject named only in one of them, and the rest of what it says
  only in another, whose own subject is a name the claim does not hold, where that other one adds
  a name or at least two words to what the subject's own sentences hold. "Paracetamol shrinks
  some tumours." draws "paracetamol" from "Paracetamol is sold in pharmacies." and "shrinks …
  tumours" from "Radiotherapy shrinks some tumours.".
- **left to the model**: everything else. A claim that one sentence holds, or that sentences
  linked by a name or a pronoun hold together ("The Eiffel Tower, in Paris, was completed in
  1889." from "The Eiffel Tower is in Paris. It was completed in 1889."), and words that are not
  names borrowed from an unlinked sentence, which real summaries do all the time (on XSum a test
  on content words too failed 3 of 26 faithful summaries), are the model's to judge; so are
  roles inside one sentence, which the model reads as a whole.

A premise that cannot vouch is not a verdict: the sentence is decided on its other premises (a
single passage may still entail it), else it is ``unsupported`` with method ``binding_check``.
``docs/verdicts.md`` states the rule for users, beside the number rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from validator.context import read_in_context, subject_of
from validator.splitting import split_source_sentences
from validator.text import POINTS_BACK, STOPWORDS, stem

FUSED_NOTE = "supported only by joining sentences of the evidence that are about different things"
_TOKEN = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")


_TITLES = frozenset(
    ["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "sir", "dame", "lord", "lady", "rev", "gen", "col"]
)
"""Titles before a name ("Mr Osborne added: …"): capitalized, but they name no one, so two
sentences with "Mr" in their subjects are not about one person, nor is one about someone else."""


@lru_cache(maxsize=8192)
def terms(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The names (capitalized words that are not stopwords or titles) and all the content words of
    ``text``, stemmed and case-folded; a hyphenated name counts by its parts ("Moby-Dick")."""
    names, words = set(), set()
    for token in _TOKEN.findall(text):
        for part in re.split(r"[-'\u2019]", token):
            folded = part.lower()
            if len(folded) < 2 or folded in STOPWORDS:
                continue
            stemmed = stem(folded)
            words.add(stemmed)
            if part[:1].isupper() and folded not in _TITLES:
                names.add(stemmed)
    return frozenset(names), frozenset(words)


class _Sentence(NamedTuple):
    names: frozenset[str]
    words: frozenset[str]
    leans: bool
    """Its reading is not its own words ("It was…"), or it names nothing of its own to be about
    ("The tower is 330 metres tall.": a subject without a name is what the text is about)."""
    subject: frozenset[str]
    """The names its subject (the words before its first verb, else its first word) holds."""
    opening: frozenset[str]
    """The names of its first clause (up to a comma, semicolon or colon): what a subject that is a
    common word is of ("Revenue at Globex rose…", "Profits rose 12% at Initech…")."""


_OPENERS = frozenset(
    stem(word)
    for word in [
        "however",
        "although",
        "though",
        "despite",
        "meanwhile",
        "moreover",
        "furthermore",
        "instead",
        "indeed",
        "still",
        "even",
        "also",
        "yet",
        "today",
        "yesterday",
        "tomorrow",
        "currently",
        "recently",
        "now",
        "later",
        "earlier",
        "last",
        "next",
        "finally",
        "first",
        "firstly",
        "secondly",
        "then",
        "thus",
        "hence",
        "therefore",
        "overall",
        "including",
        "included",
        "attached",
        "along",
        "read",
        "scroll",
        "click",
        "see",
        "let",
        "please",
        "note",
        "watch",
        "look",
        "find",
        "according",
        "following",
        "unlike",
        "like",
        "amid",
        "among",
        "around",
        "across",
        "since",
    ]
)
"""Words that open a sentence in capitals without naming anything ("However, …", "Scroll down
for video", "Despite …"): never a sentence's named subject."""


_LABEL = re.compile(r"^[A-Z][\w'\u2019-]*(?:\s+[\w'\u2019-]+){0,3}:\s+(?=[A-Z])")
"""A caption's label before the sentence proper ("High price: The letters are…", "Tight
security: Border Patrol officers…"): words that name the picture, not the sentence's subject.
Not words before a quotation ("Mr Osborne added: 'It is…'"), whose speaker is the subject."""


def _subject_names(text: str) -> frozenset[str]:
    """The names the sentence is about: its subject's, after any caption label."""
    text = _LABEL.sub("", text)
    subject = subject_of(text)
    if subject is None:  # its first word, or the name after a title ("Mr Osborne added: …")
        subject = next((t for t in _TOKEN.findall(text)[:2] if t.lower() not in _TITLES), "")
    return terms(subject)[0] - _OPENERS


@lru_cache(maxsize=2048)
def _sentence_texts(premise: str) -> tuple[str, ...]:
    """The sentences of ``premise``, cut once for both readings of it (:func:`_sentences`,
    :func:`described_apart`)."""
    return tuple(span.text for span in split_source_sentences(premise))


_POINTS_BACK = re.compile(r"\b(?:" + "|".join(sorted(POINTS_BACK)) + r")\b")
"""A pronoun for a thing after a sentence's first word (:data:`validator.text.POINTS_BACK`): the
sentence leans on the one before, as one opening with "It" does ("London hosted them in 1908"
after "Paris hosted the Games in 1900"). Not "him" or "her": news writes of a person so inside one
sentence ("Mr Manyang says his partner told him…")."""


@lru_cache(maxsize=2048)
def _sentences(premise: str) -> tuple[_Sentence, ...]:
    """Each sentence of ``premise`` read in context (:class:`_Sentence`)."""
    texts = list(_sentence_texts(premise))
    readings = read_in_context(texts)
    out = []
    for text, reading in zip(texts, readings, strict=True):
        names, words = terms(reading)
        subject = _subject_names(text)
        nameless = not names or (subject_of(text) is not None and not subject)
        opening = terms(_LABEL.sub("", text).split(",")[0].split(";")[0])[0]
        leans = reading != text or nameless or _POINTS_BACK.search(text, 1) is not None
        out.append(_Sentence(names, words, leans, subject, opening))
    return tuple(out)


@lru_cache(maxsize=2048)
def _lower_case_stems(premise: str) -> frozenset[str]:
    """The words ``premise`` writes in lower case and never capitalised inside a sentence, stemmed
    (read once per premise, like its sentences): "Officers" opening a sentence is a common word
    where "officers" is written too, but "Brown" stays a name beside "a brown building" where the
    premise also writes "Gordon Brown"."""
    lower = {stem(w.lower()) for w in _TOKEN.findall(premise) if w[:1].islower()}
    inside = {
        stem(w.lower())
        for span in split_source_sentences(premise)
        for w in _TOKEN.findall(_LABEL.sub("", span.text))[1:]
        if w[:1].isupper()
    }
    return frozenset(lower - inside)


@lru_cache(maxsize=256)
def _common_in(sources: tuple[str, ...]) -> frozenset[str]:
    """The common words of a request's whole sources, joined once for all its sentences."""
    return frozenset().union(*(_lower_case_stems(source) for source in sources))


def _groups(sentences: tuple[_Sentence, ...], claim_names: frozenset[str]) -> list[set[int]]:
    """The premise's sentences in linked groups: two are linked by a name in common, or when one
    leans on the one before it. A name both sentences are about (their subject) that the claim
    does not hold links nothing for it: "Melville admired Darwin." and "Melville wrote
    Moby-Dick." are both about Melville, and do not vouch together for "Darwin wrote
    Moby-Dick."."""
    parent = list(range(len(sentences)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, sentence in enumerate(sentences):
        if sentence.leans and i:
            parent[root(i)] = root(i - 1)
        for j in range(i):
            third = (sentence.subject & sentences[j].subject) - claim_names
            if (sentence.names & sentences[j].names) - third:
                parent[root(i)] = root(j)
    groups: dict[int, set[int]] = {}
    for i in range(len(sentences)):
        groups.setdefault(root(i), set()).add(i)
    return list(groups.values())


BORROWED_WORDS = 2
"""How many of the claim's words another group must add, where none of them is a name, before
the claim counts as fused: one word ("cookie", "builders") is how a summary rewords its own
sentence as often as it is a borrowing."""


ABBREVIATION = 3
"""The fewest letters a name shortened in the claim keeps ("Man City" for "Manchester City")."""


def _abbreviated(claim_names: frozenset[str], premise_names: frozenset[str]) -> frozenset[str]:
    """The premise's names that a name of the claim shortens: "Man" in "Man City and Man United"
    is the "Manchester" of "both Manchester clubs" and of "Manchester City", so a sentence about
    either is about what the claim names, not about a third thing. A claim name that the premise
    holds as it is shortens nothing."""
    return frozenset(
        name
        for short in claim_names - premise_names
        if len(short) >= ABBREVIATION
        for name in premise_names
        if len(name) > len(short) and name.startswith(short)
    )


def _what_it_is_about(
    sentence: _Sentence, group_subjects: frozenset[str], claim_common: frozenset[str]
) -> frozenset[str]:
    """The names ``sentence``, which lends the claim words, is about: its subject's; its group's
    subjects where it names no subject of its own ("He wrote Moby-Dick." after "Melville admired
    whales."); and where its subject's are all words the claim writes in lower case ("Revenue …"
    for "Northwind's revenue …"), the names of its first clause, whose common subject they are of
    ("Revenue at Globex rose…"), none where that names nothing ("Revenue came in at $2.41 billion,
    up 9%, and adjusted EBITDA grew 14%": the claim's revenue)."""
    if not sentence.subject:
        return group_subjects
    return (sentence.subject - claim_common) or (sentence.opening - claim_common)


_ANOTHER = re.compile(
    r"^(?:(?P<indefinite>(?i:an?|another|some|several|many|other|one\s+of\s+\w+))"
    r"|(?P<possessive>(?i:its|his|her|their))|(?P<definite>(?i:the)))\s+(?P<words>(?:[\w-]+\s+){0,2}[\w-]+)"
)
"""A sentence that opens with a subject describing something by a common noun, and how: one it
introduces ("A rival firm recalled…", "Another company…", "Some analysts…"), one it relates to
what came before ("Its supplier…", "Her colleague…"), or a definite one ("The nurse…"); the first
three words after the determiner, among them the noun and perhaps the verb. Not one a name owns
("Clermont Auvergne's former full back ran amok" is how news describes the player it named)."""

ROLE_TITLES = {
    "dr": "doctor",
    "prof": "professor",
    "gov": "governor",
    "sen": "senator",
    "rep": "representative",
    "gen": "general",
    "col": "colonel",
    "capt": "captain",
    "lt": "lieutenant",
    "sgt": "sergeant",
    "det": "detective",
    "insp": "inspector",
    "rev": "reverend",
    "pres": "president",
}
"""Titles written short and the role each names: "Dr Osei" is a doctor, so "The doctor…" may be
her, and "The nurse…" is someone else."""
_ROLES = frozenset(
    [
        *ROLE_TITLES.values(),
        *[
            "judge",
            "justice",
            "senator",
            "mayor",
            "governor",
            "president",
            "chancellor",
            "minister",
            "premier",
            "king",
            "queen",
            "prince",
            "princess",
            "captain",
            "general",
            "colonel",
            "admiral",
            "sergeant",
            "officer",
            "detective",
            "inspector",
            "constable",
            "sheriff",
            "nurse",
            "chef",
            "coach",
            "principal",
            "dean",
            "bishop",
            "archbishop",
            "rabbi",
            "imam",
            "pastor",
            "father",
            "sister",
            "brother",
            "ambassador",
            "commissioner",
            "councillor",
            "councilman",
            "alderman",
            "director",
            "chairman",
            "chairwoman",
            "chair",
        ],
    ]
)
"""Titles a person's name is written after ("Judge Mary Hall", "Mayor Ruiz"): each names the
person's role, so a sentence about "the judge" may be about her, one about "the appeals court" is
not. Kept as data: a closed class of honorifics, not a list of cases."""


def _named(claim: str) -> tuple[frozenset[str], frozenset[str], str | None]:
    """The claim's opening name (its run of capitalised words) as the names it holds and the
    roles its titles give it, and the first content word after it (its verb, most often),
    stemmed: ({"amara", "osei"}, {"doctor"}, "prescrib") for "Dr Amara Osei prescribed…"."""
    names: set[str] = set()
    roles: set[str] = set()
    tokens = _TOKEN.findall(_LABEL.sub("", claim))
    if tokens[:1] and tokens[0].lower() in STOPWORDS and tokens[0].lower() != "the":
        return frozenset(), frozenset(), None  # "On Tuesday he…" opens with when, not with whom
    for i, token in enumerate(tokens):
        folded = token.lower()
        if not token[:1].isupper():
            after = (t.lower() for t in tokens[i:] if t[:1].islower() and t.lower() not in STOPWORDS)
            return frozenset(names), frozenset(roles), next((stem(t) for t in after), None)
        titled = tokens[i + 1 : i + 2] and tokens[i + 1][:1].isupper()  # "Judge Mary Hall", not "Judge"
        if (role := ROLE_TITLES.get(folded, folded)) in _ROLES and titled:
            roles.add(stem(role))
        elif folded not in _TITLES and folded not in STOPWORDS:
            names.add(stem(folded))
    return frozenset(names), frozenset(roles), None


NAME_FORM = 5
"""The letters two words must open alike to be one name written two ways ("Japan", "Japanese"):
fewer would make "Ana" the "analysts"."""


def described_apart(claim: str, premise: str) -> bool:
    """Whether ``premise`` lends the claim what it says of its named subject only from a sentence
    about something else that it describes by a common noun: one that sentence introduces ("A rival
    firm recalled…", "Another company…") or relates to what came before ("Its supplier recalled…",
    "Her colleague prescribed…"), or a definite one whose words are not the named subject's role
    ("The nurse prescribed…" where the claim says "Dr Amara Osei prescribed…": "Dr" is a
    doctor). Only a sentence after the premise names the subject: news introduces someone
    before naming them ("A man vying to become governor has changed his name… Terrill Newman…").
    A definite description of a subject whose role nothing says ("The company recalled…"
    for "Acme Foods recalled…") may be a back reference, and is left to the rest of the rule.

    The describing sentence lends the claim what it says when it holds the claim's first word
    after its name (its verb, most often: "recalled"), which none of the premise's sentences
    naming the subject holds, and the claim does not itself write the describing words
    (:func:`_describing`): a sentence that lends only an object ("A ball of lightning then
    appeared" for "Loganair flight struck by lightning") is the binding rule's, below."""
    subject, roles, verb = _named(claim)  # "another senator" does not name Senator Cole
    subject -= _lower_case_stems(premise)  # "Officials said…" names no one where "officials" is written
    if not subject or verb is None:
        return False
    names, words = terms(claim)
    texts = [text.strip() for text in _sentence_texts(premise)]
    naming = [i for i, t in enumerate(texts) if subject & terms(t)[0]]
    if not naming or any(verb in terms(texts[i])[1] for i in naming):
        return False
    for text in texts[naming[0] + 1 :]:  # a description before the name may introduce it ("A man…")
        if verb not in terms(text)[1]:
            continue
        opening = _ANOTHER.match(_LABEL.sub("", text))
        described = _describing(opening.group("words"), words - names) if opening else frozenset()
        if subject <= described:  # the name as a common noun: "The baker…" after "Amy Baker…", for "Baker"
            return True
        if not described or (opening and opening.group("definite") and (not roles or roles & described)):
            continue
        if any(a[:NAME_FORM] == b[:NAME_FORM] for a in described for b in subject if min(len(a), len(b)) >= NAME_FORM):
            continue  # a description that names the subject in another form ("A Japan Railway maglev train")
        return True
    return False


def _describing(opening: str, claim_words: frozenset[str]) -> frozenset[str]:
    """The words of a subject's ``opening`` before the first the claim writes (its verb, most
    often): "rival firm" of "rival firm recalled"; none where the claim writes the first
    ("shares" of "Its shares fell", for "Acme's shares fell"), as the claim says the same of it."""
    described = set()
    for token in opening.split():
        stemmed = stem(token.lower())
        if stemmed in claim_words:
            break
        if token.lower() not in STOPWORDS:
            described.add(stemmed)
    return frozenset(described)


def fused(claim: str, premise: str, evidence: Sequence[str] = (), sources: Sequence[str] | None = None) -> bool:
    """Whether ``premise`` holds the words of ``claim`` (read in context) only by fusing sentences
    that nothing links (see the module docstring): the claim's subject is named only in one group
    of linked sentences, and the rest of what it says only in another, whose own subject is a name
    the claim does not hold ("Melville wrote Moby-Dick." for "Darwin wrote Moby-Dick."). Then the
    premise cannot vouch for the claim. So too a premise that never names the claim's subject but
    names a subject of its own the claim lacks, while the rest of the ``evidence`` names the
    claim's: "Woolf wrote Animal Farm." is about Woolf, and Austen is elsewhere. ``sources``, the
    whole texts the evidence came from, only tell which capitalised words are common words.

    Clauses that a semicolon joins are claims of their own, each fused or not by itself: a summary
    joins two sentences' facts so ("Families were given minutes to hug; the event was organised by
    Border Angels."), which is a list, not a fusion."""
    clauses = [clause for clause in claim.split(";") if clause.strip()]
    if len(clauses) > 1:
        return any(fused(clause, premise, evidence, sources) for clause in clauses)
    if described_apart(claim, premise):
        return True
    sentences = _sentences(premise)
    # a capital that the evidence or its sources write in lower case is no name ("Officers are…")
    common = _lower_case_stems(premise).union(
        *(_lower_case_stems(other) for other in evidence), _common_in(tuple(sources or ()))
    )
    subject = _subject_names(claim) - common
    names, words = terms(claim)
    names |= _abbreviated(names, frozenset().union(*(s.names for s in sentences)))
    premise_words = frozenset().union(*(s.words for s in sentences))
    own_subjects = frozenset().union(*(s.subject for s in sentences)) - names - common
    if subject and own_subjects and not subject & premise_words:
        return any(subject & terms(other)[1] for other in evidence if other != premise)
    groups = _groups(sentences, names)
    if not subject or len(sentences) < 2 or len(groups) < 2:
        return False

    def covered(group: set[int]) -> frozenset[str]:
        return words & frozenset().union(*(sentences[i].words for i in group))

    holding_subject = [g for g in groups if subject & covered(g)]
    if len(holding_subject) != 1:
        return False
    rest = words - covered(holding_subject[0]) - subject
    # the third thing is what a sentence that lends words is about, and a subject the claim itself
    # writes in lower case is a common word, not a thing: "Revenue came in at $2.41 billion." is
    # about "Northwind's revenue", whatever the sentences linked with it are about
    claim_common = _lower_case_stems(claim)
    for group in groups:
        if group is holding_subject[0]:
            continue
        group_subjects = frozenset().union(*(sentences[i].subject for i in group))
        lenders = [sentences[i] for i in group if rest & sentences[i].words]
        others = frozenset().union(*(_what_it_is_about(s, group_subjects, claim_common) for s in lenders))
        others -= names | common
        borrowed = covered(group) & rest
        if others and (borrowed & names or len(borrowed) >= BORROWED_WORDS):
            return True
    return False
