"""Verbatim text: the normalization that copying introduces, quotes that are not in the
sources, sentences copied from them, and sentences whose negation is copied from them.

One module for the citation checker and the pipeline, so "the same text" means the same
thing everywhere: whitespace and line wraps, curly quotes, dashes, words hyphenated across
a line end and invisible characters (and, for whole sentences, case and trailing punctuation)
do not count.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal

from bm25s.stopwords import STOPWORDS_EN_PLUS

from validator.context import subject_of
from validator.splitting import Span, split_sentences, split_source_sentences
from validator.text import fold_typography

_LINE_END_HYPHEN = re.compile(r"(\w)-[ \t]*\n[ \t]*(\w)")
_SPACE = re.compile(r"\s+")
_QUOTE = re.compile(r'"([^"\n]+)"|“([^“”\n]+)”')
MIN_QUOTE_WORDS = 5


_HEADING_LINE = re.compile(
    r"^[ \t]*(?:#{1,6}[ \t]+(?P<hashed>[^\n]*)|(?P<mark>\*\*|__)(?P<bold>[^\n]*)"
    r"|<h[1-6][^>\n]*>(?P<html>[^<\n]*)</h[1-6]>[ \t]*"
    r"|(?P<setext>[^\s#<][^\n]*)\n[ \t]*(?:=+|-+)[ \t]*"
    r"|(?P<capitals>(?-i:[A-Z][A-Z0-9 '&,/-]{0,38}[A-Z]))[ \t]*)$",
    re.M,
)
"""A line that may be a heading: in Markdown ("## Myths"), bold alone ("**Myths**"), HTML
("<h3>Myths</h3>"), underlined ("Myths" over "-----", Markdown's setext form), or in capitals
alone and short ("MYTHS"; not a line of text in capitals wrapped before its stop); the rest of
the line taken whole (its closing marks are stripped in :func:`_as_label`: a lazy group before
them cost quadratic time on a line of thousands of "#")."""


def _as_label(match: re.Match[str]) -> str:
    """A heading line written as the label it is ("Myths:"), so the lines under it read as its items
    once line breaks are folded, as they do under "Myths:" (:meth:`VerbatimHaystack._frame`). A
    line that opens with "**" but does not close with it is no heading, and stays as it is."""
    if (mark := match.group("mark")) is not None:
        bold = match.group("bold").rstrip(" \t")
        if not bold.endswith(mark):
            return match.group()
        heading = bold[: -len(mark)].strip()
    elif (hashed := match.group("hashed")) is not None:
        heading = hashed.rstrip(" \t#").strip()
    else:
        heading = (match.group("html") or match.group("setext") or match.group("capitals")).strip()
    return heading if not heading or heading[-1] in ".!?:" else heading + ":"


_RATING = re.compile(
    r"^[ \t]*(?:\[(?P<tag>[^\]\n]{1,24})\][ \t]*(?=\S)"
    r"|(?P<field>[A-Za-z][\w \t-]{0,24}:[ \t]*[^\n:.!?]{1,24}?)[ \t]*$)",
    re.M,
)
"""A rating set on a line of its own ("Rating: False", "Verdict: Misleading") or as a tag before a
sentence ("[FALSE] The wall…"): a label over what follows where it says that is untrue
(:data:`_UNTRUE_FRAME`), as a heading is (:func:`_as_rating`)."""


def _as_rating(match: re.Match[str]) -> str:
    """A rating that says what follows is untrue written as the label it is ("Rating False:",
    "FALSE: The wall…"); any other line or tag as it is."""
    rating = match.group("tag") or match.group("field")
    if not _UNTRUE_FRAME.search(rating):
        return match.group()
    label = re.sub(r"\s*:\s*", " ", rating.strip()) + ":"  # one colon: the label's own
    return f"{label} " if match.group("tag") else label


def normalize(text: str) -> str:
    """Fold the differences that copying text introduces (typography, :func:`validator.text.fold_typography`;
    line wraps and words hyphenated across them; runs of space; a heading's Markdown; a rating set
    as a line or a tag), so a verbatim quote still matches."""
    labelled = _HEADING_LINE.sub(_as_label, _LINE_END_HYPHEN.sub(r"\1\2", fold_typography(text)))
    return fold_space(_RATING.sub(_as_rating, labelled))


def fold_space(text: str) -> str:
    """Every run of whitespace (line breaks, tabs, a source's hard-wrap indentation) as one space,
    and none at the ends: how text is compared here, and how a report shows a passage."""
    return _SPACE.sub(" ", text).strip()


def missing_quote(sentence: Span, haystack: str) -> Span | None:
    """The first quoted span of five or more words in ``sentence`` whose words ``haystack``
    (already normalized) does not hold in that order, with offsets into the checked text.

    The words are compared, not their case or punctuation: a quoted title ('the episode "The
    Trouble with Tribbles"') is the source's title however the source capitalizes or punctuates
    it. A sentence wrapped whole in quotation marks is not a quotation inside a sentence: it is
    checked as the sentence it is."""
    for match in _QUOTE.finditer(sentence.text):
        if _WRAPPER.fullmatch(sentence.text[: match.start()]) and _WRAPPER.fullmatch(sentence.text[match.end() :]):
            continue
        group = 1 if match.group(1) is not None else 2
        quote = match.group(group)
        if len(quote.split()) >= MIN_QUOTE_WORDS and f" {_words(normalize(quote))} " not in _padded_words(haystack):
            start = sentence.start + match.start()
            return Span(match.group(), start, start + len(match.group()))
    return None


_WRAPPER = re.compile(r"[\s.!?,;:\[\]\d]*")
"""What may stand around a sentence wrapped whole in quotes: space, final punctuation, a citation mark."""
_WORD_CHARS = re.compile(r"\w+")


def _words(text: str) -> str:
    return " ".join(_WORD_CHARS.findall(text.casefold()))


@lru_cache(maxsize=64)
def _padded_words(haystack: str) -> str:
    """The haystack's words, case-folded, one space apart and around (read once per source set)."""
    return f" {_words(haystack)} "


MIN_VERBATIM_WORDS = 4
"""Shorter sentences ("It is.", "Yes.") occur in too many places to count as copied."""
_CONNECTIVE = re.compile(
    r"^(?:and|also|so|moreover|furthermore|additionally|in addition|in fact|indeed|however|besides|"
    r"likewise|similarly|specifically|notably|importantly|in short|in summary|overall)\b,?\s+",
    re.I,
)
_CITATION_MARKER = re.compile(
    r"(?<![\s\]])(?:\s*+\[(?:\d++|[a-z]++\s*+\d++)(?:\s*+[,;-]\s*+(?:\d++|[a-z]++\s*+\d++))*+\])++\s*+$", re.I
)
"""Citation markers ending a sentence ("… in 1889 [1][2, 3]"). It starts only where a run of space
or of markers does, and no part of it gives back what it took: linear on runs of either."""
_TRAILING_PUNCTUATION = " \t\n\r\f\v.!?;:,\"')]"
"""What a sentence may end in that does not change it (``str.rstrip``: linear on any run of dots)."""
_MARKERS = r"(?:\s*\[[^\]\n]{1,20}\])*"
_ASSERTED_END = {
    stops: re.compile(rf"{_MARKERS}(?P<stop>\s*[{stops}](?![.!?\w\"')\]]))?{_MARKERS}\s*")
    for stops in (".!", ".!:", ".!;")
}
"""What may follow an asserted sentence: a citation marker ("[1]"), then a full stop or "!" and
the next sentence, or the end of the text. Not "?", ",", "...", a closing quote or more words;
":" and ";" only where the answer's sentence ends with the same mark (a copied lead-in
"… with two steps:")."""
_ENUMERATION = re.compile(r" (?=\([a-z0-9]{1,4}\) )")
_UNTRUE = (
    r"(?:false|falsehoods?|untrue|not true|wrong|incorrect|inaccurate|mistaken|mistakes?|erroneous|errors?|baseless|"
    r"unfounded|groundless|apocryphal|fictitious|fabricated|fabrications?|myths?|misconceptions?|misunderstandings?|"
    r"legends?|hoax(?:es)?|rumou?rs?|fictions?|urban legends?|no evidence|not the case|never happened|not so|"
    r"unproven|unsubstantiated|dubious|doubtful|misleading|misinformation|disinformation)"
)
"""Words that deny a statement is true: about the sentence before, a take-back in any wording."""
_REFUTED = (
    r"(?:disproved|disproven|debunked|refuted|retracted|rejected|dismissed|disputed|denied|discredited|corrected|"
    r"contradicted|overturned|challenged|questioned|doubted)"
)
"""Verbs that take a statement back only when their object is the statement ("Historians have since
rejected this."), not a thing ("It was rejected by the council.": a proposal)."""
_STATEMENT = (
    r"(?:this|that|these|those|such|the (?:claim|story|statement|idea|belief|account|report|rumou?r|assertion|"
    r"notion|theory|view|version|tale|legend|myth|date|figure|number|attribution)s?)"
)
_REPORTED = re.compile(
    r"\b(?:claim\w*|believ\w*|thought|thinks?|sa(?:y|ys|id)|rumou?r\w*|alleg\w*|report\w*|assum\w*|suppos\w*|"
    r"held|holds|argu\w*|suggest\w*|assert\w*|maintain\w*|insist\w*|stor(?:y|ies)|legends?|myths?|tales?)\b"
    r"[^.!?]{0,60}\bthat\s*$"
)
"""A lead-in that reports the clause after it as someone's claim: "It was long claimed that",
"Many people believe that", "A popular story holds that"."""
_DENIED = re.compile(
    r"\b(?:false|untrue|not true|wrong|incorrect|(?:a|an)\s+(?:\w+\s+){0,2}?(?:myth|misconception|legend|falsehood))"
    r"\s+(?:to\s+(?:say|think|claim|believe)\s+)?that\s*$"
)
"""A lead-in that denies the clause after it: "It is false that", "It is a popular myth that",
"It is wrong to say that"; the denial right before "that", so "Despite false rumours, officials
confirmed that …" denies nothing."""
_TAKEN_BACK = re.compile(
    rf"(?:[^.!?]{{0,40}}\b(?:{_STATEMENT}|it)\b[^.!?]{{0,80}}?\b{_UNTRUE}\b"
    rf"|[^.!?]{{0,40}}\b{_UNTRUE}\b[^.!?]{{0,40}}?\b(?:{_STATEMENT}|it)\b"
    rf"|[^.!?]{{0,60}}?\b{_STATEMENT}\b[^.!?]{{0,60}}?\b{_REFUTED}\b"
    rf"|[^.!?]{{0,60}}?\b{_REFUTED}\b\s+(?:{_STATEMENT})\b"
    rf"|\W*(?:but\s+|however,?\s+|actually,?\s+)?(?:{_UNTRUE}|neither|none)\b)",
    re.I,
)
"""How a source's next sentence reads when it takes the one before back, in any words: it says
the statement ("this", "that", "it", "the claim") is untrue ("This has been shown to be false.",
"It is a myth.", "No evidence supports this."), that someone refuted the statement ("Historians
have since rejected this."), or opens by denying it ("Untrue.", "Neither is correct."). The
sentence before is then not settled without the model, and the model may not support a sentence
on the strength of it (:meth:`VerbatimHaystack.disowns`)."""


def _goes_on(sentence: str, copy: str) -> bool:
    """Whether ``sentence``, after ``copy`` in a source, goes on to something else rather than
    taking it back: it opens with a subject naming what the copy does not ("The Empire State
    Building is in New York." after "The Eiffel Tower is in Paris."), or says more of what the copy
    speaks of (a content word of it) with no negation ("Darwin translated Animal Farm." after
    "Tolstoy translated War and Peace."). A take-back points at the copy ("That never happened.",
    "Historians dismiss the account.") or denies it in its own words ("The tower was not built in
    1925."). A name is a capitalised word after the subject's first."""
    subject = subject_of(sentence) or ""
    names = {word for word in subject.split()[1:] if word[:1].isupper()}
    if names and not names & set(copy.split()):
        return True
    shared = _content_words(sentence) & _content_words(copy)
    return bool(shared) and not _NEGATION.search(sentence)


def _content_words(text: str) -> set[str]:
    return set(_CONTENT_WORD.findall(text.lower())) - _FUNCTION_WORDS


_CONTENT_WORD = re.compile(r"\b[a-z]{4,}\b")
"""Words that carry what a sentence is about: four letters or more, but function words."""
_FUNCTION_WORDS = frozenset(STOPWORDS_EN_PLUS)
"""bm25s' English stopwords (the list retrieval uses)."""
_NEGATION = re.compile(r"\b(?:not|no|never|none|nothing|nor|false|untrue|wrong)\b|n't\b", re.I)


def sentence_keys(sentence: str) -> list[str]:
    """A sentence as it is looked up verbatim: normalized, case-folded, without a trailing
    citation marker ("[1]") or final punctuation; and also without a leading connective
    ("Also, …"), which an answer adds to a copied sentence (or copies with it)."""
    text = _CITATION_MARKER.sub("", normalize(sentence).rstrip(" .!?;:,"))
    keys = [text, _CONNECTIVE.sub("", text)]
    return list(dict.fromkeys(fold_case(key.rstrip(_TRAILING_PUNCTUATION)) for key in keys))


def fold_case(text: str) -> str:
    """``text`` case-folded character by character, each to one character, so offsets into the
    folded text are offsets into ``text``: "ß", "İ" or a ligature ("ﬁ"), which ``str.casefold``
    turns into two characters, is lower-cased instead, or kept. Every guard that reads the
    original text at a folded offset (where a sentence starts, what frames it) then reads the
    right place."""
    folded = text.casefold()
    if len(folded) == len(text):
        return folded
    return "".join(f if len(f := c.casefold()) == 1 else (low if len(low := c.lower()) == 1 else c) for c in text)


@lru_cache(maxsize=4096)
def _looked_up(sentence: str) -> tuple[tuple[str, ...], str]:
    """What a sentence is looked up by (its :func:`sentence_keys` of at least
    :data:`MIN_VERBATIM_WORDS` words) and the marks it closes with, worked out once a sentence,
    not once for every source it is looked up in (fifty sources: fifty times)."""
    normalized = normalize(sentence)
    own_tail = normalized[len(normalized.rstrip(_TRAILING_PUNCTUATION)) :].replace(" ", "")
    keys = tuple(key for key in sentence_keys(sentence) if len(key.split()) >= MIN_VERBATIM_WORDS)
    return keys, own_tail


@dataclass(frozen=True)
class VerbatimHaystack:
    """A passage prepared for verbatim lookups (normalize once, look up many sentences and
    quotes): ``normalized`` for quotes, which must match in case too, ``folded`` for sentences."""

    text: str
    normalized: str
    folded: str

    @classmethod
    def of(cls, text: str) -> VerbatimHaystack:
        normalized = normalize(text)
        return cls(text, normalized, fold_case(normalized))

    @staticmethod
    def joined(haystacks: Sequence[VerbatimHaystack]) -> str:
        """The normalized texts of ``haystacks`` as one, for quotes (the same as normalizing the
        joined texts: :func:`normalize` strips each end and folds the space between)."""
        return " ".join(h.normalized for h in haystacks if h.normalized)

    def find_sentence(self, sentence: str, at: int | None = None) -> tuple[int, int] | None:
        """Where the source **asserts** ``sentence`` in its own voice, as (start, start of the
        next sentence) in ``folded``, or None. Asserted means a whole sentence of the source: it
        starts where a sentence starts (not after a quotation mark or "Myth:"), ends where one
        ends (not before "?", ";", "..." or more words), and the next sentence does not take it
        back ("This is a common error."). "The tower was completed in 1925" is not asserted by
        "It is not true that the tower was completed in 1925.". With ``at``, only a sentence
        starting exactly there counts (the one right after a sentence found before)."""
        return next((place for place, voice in self._copies(sentence, at) if voice == "asserted"), None)

    def disowns(self, sentence: str) -> bool:
        """Whether the source holds ``sentence`` as a whole sentence only to deny it: the next
        sentence takes it back (:data:`_TAKEN_BACK`: "This has been shown to be false."), or it
        is an item under a heading or label that calls it untrue ("Common misconceptions about
        the dam:", "Myths."), and the source never asserts it. Then the sentence's words are in
        the evidence, but as what the source says is wrong: no model may support it on them."""
        voices = {voice for _, voice in self._copies(sentence)}
        return "disowned" in voices and "asserted" not in voices

    def _copies(self, sentence: str, at: int | None = None) -> Iterator[tuple[tuple[int, int], str]]:
        """Each place the source holds ``sentence`` whole, as ((start, start of the next
        sentence), voice): ``"asserted"``, ``"disowned"`` (taken back or framed as untrue) or
        ``"framed"`` (quoted, labelled, or under a heading that does not say it is untrue)."""
        keys, own_tail = _looked_up(sentence)
        asserted_end = _ASSERTED_END[".!" + own_tail[-1] if own_tail[-1:] in (":", ";") else ".!"]
        for key in keys:
            start = self.folded.find(key) if at is None else (at if self.folded.startswith(key, at) else -1)
            while start != -1:
                end = self._sentence_end(start + len(key), asserted_end, own_tail)
                frame = None if end is None else self._frame(start, end, own_tail[-1:] in (":", ";"))
                if end is not None and frame is not None:
                    if _TAKEN_BACK.match(self.folded, end) or (frame and _UNTRUE_FRAME.search(frame)):
                        yield (start, end), "disowned"
                    else:
                        yield (start, end), "asserted" if self._starts_sentence(start) and not frame else "framed"
                elif end is not None and self._reported_and_denied(start, end):
                    yield (start, end), "disowned"
                start = -1 if at is not None else self.folded.find(key, start + 1)

    def _sentence_end(self, position: int, asserted_end: re.Pattern[str], own_tail: str) -> int | None:
        """Where the next sentence starts, if the source's sentence ends at ``position``: by
        :data:`_ASSERTED_END`, by an enumeration marker "(a)" (where the splitter ends a sentence
        too), or by the same closing marks as the answer's sentence ('… as "Not a Contribution."').
        """
        end = asserted_end.match(self.folded, position)
        if end is not None and (end.group("stop") or end.end() == len(self.folded)):
            return end.end()
        if enumeration := _ENUMERATION.match(self.folded, position):
            return enumeration.end()
        after = position + len(own_tail)
        if (
            any(stop in own_tail for stop in ".!:;")
            and self.folded.startswith(own_tail, position)
            and (after == len(self.folded) or self.folded[after] == " ")
        ):
            return after + (after < len(self.folded))
        return None

    def following(self, held: Held, count: int, max_words: int) -> str:
        """Of the ``count`` sentences of the source after the one ``held`` found, those of at most
        ``max_words`` words, as the source writes them: where a take-back would be. A take-back is
        said briefly ("That is not what happened.", "Historians now dismiss the account as
        invented."); a long sentence after a copy is more about its subject, which a small model
        misreads as contradicting it (a licence's definition after the clause that uses it)."""
        after = [span.text for span in self.sentences if span.start >= held.next_start][:count]
        return " ".join(text for text in after if len(text.split()) <= max_words and not _goes_on(text, held.text))

    @cached_property
    def sentences(self) -> list[Span]:
        """The source's sentences as the source splitter cuts them (offsets into ``normalized``)."""
        return split_source_sentences(self.normalized)

    def _frame(self, start: int, end: int, lead_in: bool = False) -> str | None:
        """Where ``folded[start:end]`` is one whole sentence of the source as a splitter cuts it
        (the source splitter, or the answer's, which cuts some long sentences at ";" or "(a)"),
        the heading or label that frames it ("Misconceptions about the dam:", "Legend.", for
        every item of a list under it), or "" where nothing does; None where it is not a whole
        sentence: after an abbreviation inside a sentence ("…wrong, i.e. the dam was…"), or a
        prefix of a longer one ("…banned in the E.U. parliament's canteens…"). A ``lead_in`` (the
        answer's sentence ends with ":" or ";", as the source's clause does: "… with two steps:")
        may end inside the splitter's sentence."""
        window_start = max(0, start - WINDOW_CHARS)
        window = self.normalized[window_start : end + WINDOW_CHARS]
        cuts = (
            lambda: self.sentences,
            lambda: [Span(s.text, s.start + window_start, s.end + window_start) for s in split_sentences(window)],
        )
        for cut in cuts:  # the answer's splitter only where the source's does not settle it
            sentences = cut()
            at = next((i for i, span in enumerate(sentences) if span.start <= start < span.end), None)
            if at is None:
                continue
            span = sentences[at]
            marker = _LIST_MARKER.match(self.normalized, span.start)
            item_start = _ITEM_IN_SENTENCE.search(span.text) or _LABELLED_ITEM.match(span.text)
            opens_item = item_start is not None and start == span.start + item_start.end()
            if (start in (span.start, marker.end() if marker else span.start) or opens_item) and (
                lead_in or span.end <= end
            ):
                heading = (
                    span.text[: span.text.index(":", item_start.start()) + 1] if item_start and opens_item else None
                )
                return _framing(sentences, at, heading)
        return None  # inside a sentence of the source, or a prefix of one

    def _reported_and_denied(self, start: int, end: int) -> bool:
        """Whether ``folded[start:end]`` ends a source sentence as the clause that someone claims
        or believes ("It was long claimed that …", "Many still believe that …"), and that sentence
        or the next one denies it ("… Archival records later disproved this.", "It is a myth
        that …"): the clause is what the source says is wrong, as a taken-back sentence is."""
        span = next((s for s in self.sentences if s.start <= start < s.end), None)
        if span is None or span.start == start:
            return False
        lead_in = self.folded[span.start : start]
        return bool(_DENIED.search(lead_in) or (_REPORTED.search(lead_in) and _TAKEN_BACK.match(self.folded, end)))

    def _starts_sentence(self, start: int) -> bool:
        """Nothing before ``start``, or the end of another sentence: not a quotation mark, a label
        and colon ("Myth: …"), a bracket, a semicolon or "...". A sentence there is quoted,
        labelled or listed, not said."""
        before = self.folded[max(0, start - 4) : start].rstrip()
        return not before or (before[-1] in ".!?" and not before.endswith(".."))

    def holds_sentence(self, sentence: str) -> bool:
        """Whether the source asserts ``sentence`` as a whole sentence (:meth:`find_sentence`)."""
        return self.find_sentence(sentence) is not None


_AUXILIARY = "is|are|was|were|has|have|had|can|will|could|would|should|does|did|do|must|shall|need"
_POLARITY = re.compile(rf"\b(?:(cannot|can't|won't|shan't)|({_AUXILIARY})(?: not\b|n't\b)|({_AUXILIARY})\b)", re.I)
_CONTRACTION_BASE = {"cannot": "can", "can't": "can", "won't": "will", "shan't": "shall"}
_NEGATIONS = {"can": ("cannot", "can not", "can't"), "will": ("will not", "won't"), "shall": ("shall not", "shan't")}
MAX_POLARITY_FLIPS = 3
"""Auxiliaries flipped per sentence: a claim negates one of its first few verbs, not its tenth."""


def polarity_flips(sentence: str) -> list[str]:
    """The sentence with the negation of one auxiliary verb removed or added ("was not" ->
    "was", "isn't" -> "is", "was" -> "was not" / "wasn't"), one auxiliary at a time.

    A source that holds one of these as a whole sentence states the opposite of ``sentence``:
    the minimal pair an NLI model is weakest at, since the two share every other word.
    Epistemic "may" and "might" are left out: "it may not work" does not contradict "it may
    work".
    """
    text = normalize(sentence)
    flips: list[str] = []
    for match in itertools.islice(_POLARITY.finditer(text), MAX_POLARITY_FLIPS):
        contracted, negated, plain = match.groups()
        if contracted:
            replacements: tuple[str, ...] = (_CONTRACTION_BASE[contracted.lower()],)
        elif negated:
            replacements = (negated,)
        else:
            replacements = _NEGATIONS.get(plain.lower(), (f"{plain} not", f"{plain}n't"))
        flips += [text[: match.start()] + replacement + text[match.end() :] for replacement in replacements]
    return flips


WINDOW_CHARS = 2_000
"""Text around a copy that the answer's splitter (pysbd, slow on megabytes) reads to cut it."""
_MARKER = r"(?:\(?(?:\d{1,3}|[a-z]|[ivx]{1,5})[.)]|[-*•])"
_LIST_MARKER = re.compile(_MARKER + r"\s+", re.I)
_TRAILING_MARKER = re.compile(r"(?<!\s)\s++" + _MARKER + "$", re.I)
"""A list marker the splitter left at the end of the sentence before its item ("…the dam: 1.")."""
_FRAMES = re.compile(
    r":\s*$|^\W*(?:\w+\W+){0,3}?(?:legends?|myths?|misconceptions?|rumou?rs?|fictions?|hoax(?:es)?|fables?|folklore|"
    r"false|untrue|errors?|mistakes?|claims?|allegations?)\W*$",
    re.I,
)
"""A sentence before a copy that frames it rather than says it: a heading or lead-in ending in
":" ("Misconceptions about the dam:"), or a short label that names what follows as doubtful
("Legend.", "Common myths.")."""


_ITEM_IN_SENTENCE = re.compile(r":\s+" + _MARKER + r"\s+", re.I)
"""A heading and the first item of its list, cut by the splitter as one sentence
("Misconceptions about the dam: - The dam was finished in 1931.")."""
_LABELLED_ITEM = re.compile(r"(?:[^\s.!?:]+ ){0,5}[^\s.!?:]+:\s+(?=\S)")
"""A short label and the sentence after it, which the splitter cut as one where a line break
stood between them and no list marker ("Myths: The keeper rescued forty sailors." of "Myths:" on
a line of its own): the sentence is an item under the label."""
_UNTRUE_FRAME = re.compile(rf"\b(?:{_UNTRUE}|{_REFUTED}|(?:tall|old wives'?) tales?)\b", re.I)
"""A frame that says what follows is untrue ("Common misconceptions about the dam:", "Myths.",
"Debunked:", "Retracted statements:", "Tall tales:"): words that deny a statement, and verbs
that take one back, which a heading applies to its items."""


def _framing(sentences: Sequence[Span], at: int, heading: str | None) -> str:
    """The heading or label that frames ``sentences[at]`` (:data:`_FRAMES`), else "": ``heading``
    where the splitter cut the heading and this first item as one sentence, else the sentence
    before it, or, for an item of a list, the sentence before the list's first item, so that every
    item under "Common misconceptions about the dam:" is framed, not only the first."""
    if heading is not None:
        return heading

    def is_item(i: int) -> bool:  # opens with a marker, or the splitter left its marker on the one before
        return bool(_LIST_MARKER.match(sentences[i].text) or (i and _TRAILING_MARKER.search(sentences[i - 1].text)))

    j = at - 1
    if is_item(at):
        while j > 0 and is_item(j):
            j -= 1
    if j < 0:
        return ""
    before = sentences[j].text
    if (item := _ITEM_IN_SENTENCE.search(before)) is not None:
        before = before[: item.start() + 1]
    before = _TRAILING_MARKER.sub("", before)
    return before if _FRAMES.search(before) else ""


Settlement = Literal["verbatim", "negation_check", "binding_check"]
"""Decided from the sources alone: a source holds the sentence, holds its negation, or holds it
said of another person or thing (:mod:`validator.rules.attribution`)."""


@dataclass(frozen=True)
class Held:
    """A haystack that holds a sentence (``verbatim``) or its negation (``negation_check``)."""

    source_index: int
    method: Settlement
    text: str
    """What the haystack holds: the sentence, or the negated form of it that was found."""
    start: int = 0
    next_start: int = 0
    """Where the held sentence starts in the haystack's folded text, and where the one after it starts."""
    note: str = ""
    """How the held sentence opposes the claim, where a rule says more than its method's note."""


def held_by(sentence: str, haystacks: Sequence[VerbatimHaystack], follows: Held | None = None) -> Held | None:
    """The first haystack asserting ``sentence``, else the first asserting one of its polarity
    flips (:func:`polarity_flips`): a copy wins over a negation found elsewhere.

    With ``follows`` (the sentence before, when this one leans on it: "It was…"), only the
    sentence right after that one in the same haystack counts, so "it" is the same thing.
    """
    checks: tuple[tuple[Settlement, list[str]], ...] = (
        ("verbatim", [sentence]),
        ("negation_check", polarity_flips(sentence)),
    )
    if follows is None:
        candidates, at = list(enumerate(haystacks)), None
    else:
        candidates, at = [(follows.source_index, haystacks[follows.source_index])], follows.next_start
    for method, variants in checks:
        for i, haystack in candidates:
            for variant in variants:
                if found := haystack.find_sentence(variant, at):
                    return Held(i, method, variant, *found)
    return None
