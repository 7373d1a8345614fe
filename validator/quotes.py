"""Verbatim text: the normalization that copying introduces, quotes that are not in the
sources, and sentences copied from them.

One module for the citation checker and the pipeline, so "the same text" means the same
thing everywhere: whitespace and line wraps, curly quotes, dashes, words hyphenated across
a line end (and, for whole sentences, case and trailing punctuation) do not count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from validator.splitting import Span

_DASHES = str.maketrans(
    {
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u00a0": " ",
    }
)
_LINE_END_HYPHEN = re.compile(r"(\w)-[ \t]*\n[ \t]*(\w)")
_SPACE = re.compile(r"\s+")
_QUOTE = re.compile(r'"([^"\n]+)"|“([^”\n]+)”')
MIN_QUOTE_WORDS = 5


def normalize(text: str) -> str:
    """Fold the differences that copying text introduces, so a verbatim quote still matches."""
    text = _LINE_END_HYPHEN.sub(r"\1\2", text.translate(_DASHES))
    return _SPACE.sub(" ", text).strip()


def missing_quote(sentence: Span, haystack: str) -> Span | None:
    """The first quoted span of five or more words in ``sentence`` that ``haystack`` (already
    normalized) does not contain verbatim, with offsets into the checked text."""
    for match in _QUOTE.finditer(sentence.text):
        group = 1 if match.group(1) is not None else 2
        quote = match.group(group)
        if len(quote.split()) >= MIN_QUOTE_WORDS and normalize(quote) not in haystack:
            start = sentence.start + match.start()
            return Span(match.group(), start, start + len(match.group()))
    return None


MIN_VERBATIM_WORDS = 4
"""Shorter sentences ("It is.", "Yes.") occur in too many places to count as copied."""
_CONNECTIVE = re.compile(
    r"^(?:and|also|so|moreover|furthermore|additionally|in addition|in fact|indeed|however|besides|"
    r"likewise|similarly|specifically|notably|importantly|in short|in summary|overall)\b,?\s+",
    re.I,
)
_CITATION_MARKER = re.compile(r"(?:\s*\[(?:\d+|[a-z]+\s*\d+)(?:\s*[,;-]\s*(?:\d+|[a-z]+\s*\d+))*\])+\s*$", re.I)
_TRAILING_PUNCTUATION = re.compile(r"[\s.!?;:,\"')\]]+$")
_OPENERS = frozenset(".!?;:\"'()[]")
_SENTENCE_END = re.compile(r"(?:$|\s*[.!?;:\"')\]]|\s*\[\d|\s*\([a-z0-9]{1,4}\)\s)")
"""What may follow a copied sentence in the source: its end, a citation marker, or the
"(a)" of an enumeration (the splitter ends a sentence there too). Not a comma or a word: a
sentence cut short ("You may not convey a covered work" + "unless …") is not a copy."""


def sentence_keys(sentence: str) -> list[str]:
    """A sentence as it is looked up verbatim: normalized, case-folded, without a trailing
    citation marker ("[1]") or final punctuation; and also without a leading connective
    ("Also, …"), which an answer adds to a copied sentence (or copies with it)."""
    text = _CITATION_MARKER.sub("", normalize(sentence).rstrip(" .!?;:,"))
    keys = [text, _CONNECTIVE.sub("", text)]
    return list(dict.fromkeys(_TRAILING_PUNCTUATION.sub("", key).casefold() for key in keys))


@dataclass(frozen=True)
class VerbatimHaystack:
    """A passage prepared for verbatim lookups (normalize once, look up many sentences)."""

    text: str
    folded: str

    @classmethod
    def of(cls, text: str) -> VerbatimHaystack:
        return cls(text, normalize(text).casefold())

    def holds_sentence(self, sentence: str) -> bool:
        """Whether ``sentence`` occurs here as a whole sentence or clause: it starts at the
        start of a sentence and ends where one ends. "The tower was completed in 1925" is
        not copied from "It is not true that the tower was completed in 1925."."""
        for key in sentence_keys(sentence):
            if len(key.split()) < MIN_VERBATIM_WORDS:
                continue
            start = self.folded.find(key)
            while start != -1:
                end = start + len(key)
                before = self.folded[max(0, start - 2) : start].rstrip()
                if (not before or before[-1] in _OPENERS) and _SENTENCE_END.match(self.folded, end):
                    return True
                start = self.folded.find(key, start + 1)
        return False
