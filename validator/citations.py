"""Citation checking: is the quote really in the source, and does the cited passage back the claim?

Two different failures, told apart in three steps:

1. **Locate.** Text is normalized (whitespace, line wraps, curly quotes, dashes, words
   hyphenated across a line end) and the quote is looked up verbatim. ``found`` names the
   section that holds it; ``missing`` means the quote is **fabricated**, which needs no
   model; no quote means ``section-only`` and the cited section is used.
2. **Judge.** A claim copied word for word from the located section is ``verified`` with
   confidence 1.0 (method ``verbatim``, no model asked); one whose negation the section states
   ("was not" for "was") is ``contradicted`` with confidence 1.0 (method ``negation_check``).
   Otherwise the NLI relation of the claim to the section gives ``verified``, ``contradicted``
   or ``unsupported`` (long sections are scored as windows); a ``verified`` claim must also pass
   the number rule (:mod:`validator.numbers`) against its section, else method ``number_check``.
   With ``scorer_mode="llm"`` an LLM judge (:mod:`validator.judge`) decides instead; with
   ``"cascade"`` it decides only what the NLI model left below the gate. ``method`` says which.
3. **Route.** A verdict at or above the confidence gate is ``auto``; below it, ``review``.
   A fabricated quote is ``auto`` with confidence ``None``: no model was asked.

Sections come from a pluggable splitter: numbered headers of the RFC kind ("4.1.3.  Title",
with page headers and footers removed), Markdown headers, or the whole text as one section.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Literal

from validator import defaults
from validator.judge import Judgement, LLMJudge, ScorerMode, Usage, check_scorer_mode, gated
from validator.numbers import check_numbers, spelled_like
from validator.quotes import Settlement, VerbatimHaystack, held_by, normalize
from validator.scoring import CONTRADICTION, ENTAILMENT, NLIScorer, PairScorer
from validator.verdicts import ALWAYS_FAILS, Thresholds

QuoteStatus = Literal[
    "found", "missing", "section-only", "empty-quote", "quote-longer-than-source", "unknown-section", "no-section"
]
CitationVerdict = Literal["verified", "contradicted", "unsupported", "fabricated", "unresolved"]
CitationMethod = Literal["quote_check", "verbatim", "negation_check", "model", "number_check", "llm", "none"]
_SETTLED: dict[Settlement, tuple[str, float, str, CitationMethod]] = {
    "verbatim": ("entailment", 1.0, "the claim is copied from the section", "verbatim"),
    "negation_check": ("contradiction", 1.0, "the section states the claim's negation", "negation_check"),
}
_RELATIONS = {"supported": "entailment", "contradicted": "contradiction", "unsupported": "neutral"}
_VERDICTS: dict[str, CitationVerdict] = {"entailment": "verified", "contradiction": "contradicted"}

_RFC_PAGE_FOOTER = re.compile(r"^\S.*\[Page \d+\]\s*$", re.M)
_RFC_PAGE_HEADER = re.compile(r"^RFC \d+ .*\S\s*$", re.M)
_FORM_FEED = re.compile(r"\f")
_NUMBERED_HEADER = re.compile(
    r"^[ \t]{0,4}((?:\d+|[A-Z](?=\.))(?:\.\d+)*)\.?[ \t]+([A-Z\"'(\[][^\n]{0,80}?)\.?(?=[ \t]*\n|[ \t]{2,}|\.[ \t])",
    re.M,
)
_MARKDOWN_HEADER = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)


@dataclass(frozen=True)
class Section:
    """A part of a document: its number (``"4.1.3"``, or ``""``), title and text."""

    number: str
    title: str
    text: str


Splitter = Callable[[str], list[Section]]


def strip_page_furniture(text: str) -> str:
    """Remove RFC page footers ("Jones, et al.  Standards Track  [Page 5]"), running headers and form feeds."""
    return _FORM_FEED.sub("", _RFC_PAGE_HEADER.sub("", _RFC_PAGE_FOOTER.sub("", text)))


def _split_at(text: str, headers: list[re.Match[str]], number: Callable[[re.Match[str]], str]) -> list[Section]:
    sections = []
    for i, header in enumerate(headers):
        end = headers[i + 1].start() if i + 1 < len(headers) else len(text)
        sections.append(Section(number(header), header.group(2).strip(), text[header.start() : end].strip()))
    return sections


def numbered_sections(text: str) -> list[Section]:
    """Sections under numbered headers, as in RFCs ("4.1.3.  Title") and licences ("2. Grant of ...")."""
    text = strip_page_furniture(text)
    return _split_at(text, list(_NUMBERED_HEADER.finditer(text)), lambda m: m.group(1))


def markdown_sections(text: str) -> list[Section]:
    """Sections under Markdown ``#`` headers; the number is the header's title."""
    return _split_at(text, list(_MARKDOWN_HEADER.finditer(text)), lambda m: m.group(2).strip())


def whole_document(text: str) -> list[Section]:
    """The plain fallback: the whole text as one unnamed section (none if it is blank)."""
    return [Section("", "", text.strip())] if text.strip() else []


def auto_sections(text: str) -> list[Section]:
    """The first splitter that finds at least two sections, else the whole document."""
    for splitter in (numbered_sections, markdown_sections):
        if len(sections := splitter(text)) >= 2:
            return sections
    return whole_document(text)


@dataclass(frozen=True)
class Citation:
    """What an answer cites: the claim it makes, and optionally a quote and a section."""

    id: str
    claim: str
    quote: str | None = None
    section: str | None = None


@dataclass(frozen=True)
class CitationResult:
    """The outcome for one citation (see the module docstring for each field's values)."""

    id: str
    quote_status: QuoteStatus
    section: str | None
    relation: str | None
    confidence: float | None
    verdict: CitationVerdict
    action: Literal["auto", "review"]
    detail: str
    method: CitationMethod

    def to_dict(self) -> dict:
        return asdict(self)


def find_section(sections: Sequence[Section], number: str) -> Section | None:
    wanted = number.strip().lstrip("§").strip().rstrip(".").lower()
    return next((s for s in sections if wanted in (s.number.lower(), s.title.lower())), None)


class CitationChecker:
    """Checks citations against one source document.

    Args:
        scorer: The NLI scorer. Defaults to the bundled model.
        gate: Verdicts at least this confident are ``auto``, the rest ``review``. Defaults to 0.8.
        splitter: Cuts the document into sections. Defaults to :func:`auto_sections`.
        thresholds: Decision cut-offs. Defaults to the ones in the model folder.
        scorer_mode: ``"nli"``, ``"llm"`` (the judge decides every located citation) or
            ``"cascade"`` (the judge decides what the NLI model left below the gate).
        judge: The :class:`~validator.judge.LLMJudge` for ``"llm"`` and ``"cascade"``.
    """

    def __init__(
        self,
        scorer: PairScorer | None = None,
        *,
        gate: float = defaults.REVIEW_THRESHOLD,
        splitter: Splitter = auto_sections,
        thresholds: Thresholds | None = None,
        scorer_mode: ScorerMode = "nli",
        judge: LLMJudge | None = None,
    ) -> None:
        self.scorer_mode = check_scorer_mode(scorer_mode, judge)
        self.judge = judge
        self.scorer = scorer or NLIScorer()
        self.gate = gate
        self.splitter = splitter
        settings = self.scorer.settings
        self.thresholds = thresholds or Thresholds(settings.entailment_threshold, settings.contradiction_threshold)

    def check(self, source: str, citations: Sequence[Citation], usage: Usage | None = None) -> list[CitationResult]:
        """One result per citation, in order; a bad citation never stops the others.

        Args:
            usage: Counts the judge's calls and tokens, when one is used.

        Raises:
            CheckUnavailable: The model or the LLM judge could not run.
        """
        sections = self.splitter(source)
        normalized_source = normalize(source)
        located = [self._locate(c, sections, normalized_source) for c in citations]
        for i, citation in enumerate(citations):
            status, section, _ = located[i]
            if section is not None and not citation.claim.strip():  # nothing to verify: a person must look
                located[i] = (status, None, "the claim is empty")
        judged: dict[int, tuple[str, float, str, CitationMethod]] = {}
        haystacks: dict[int, VerbatimHaystack] = {}  # by section, normalized once however often it is cited
        for i, (_, section, _) in enumerate(located):
            if section is None:
                continue
            if id(section) not in haystacks:
                haystacks[id(section)] = VerbatimHaystack.of(section.text)
            if held := held_by(citations[i].claim, [haystacks[id(section)]]):
                judged[i] = _SETTLED[held.method]
        to_judge = [
            (i, section) for i, (_, section, _) in enumerate(located) if section is not None and i not in judged
        ]
        if self.scorer_mode != "llm":
            probabilities = self.scorer.score(
                [(section.text, spelled_like(citations[i].claim, section.text)) for i, section in to_judge]
            )
            judged |= {
                i: (*self._relation(row), "", "model") for (i, _), row in zip(to_judge, probabilities, strict=True)
            }
        if self.judge is not None and self.scorer_mode != "nli":
            asked = [(i, section) for i, section in to_judge if i not in judged or judged[i][1] < self.gate]
            judgements = self.judge.judge_many(
                [(section.text, citations[i].claim) for i, section in asked], usage or Usage()
            )
            judged |= {
                i: _from_judge(gated(judgement, self.thresholds.entailment))
                for (i, _), judgement in zip(asked, judgements, strict=True)
            }
        for i, section in to_judge:  # support, by the model or the judge, must hold the claim's numbers
            relation, confidence, note, _ = judged[i]
            if relation == "entailment" and (finding := check_numbers(citations[i].claim, section.text)):
                judged[i] = (_RELATIONS[finding.verdict], confidence, finding.note, "number_check")
        results = []
        for i, (citation, (status, section, detail)) in enumerate(zip(citations, located, strict=True)):
            label = (section.number or section.title or "document") if section else None
            if status == "missing":
                results.append(
                    CitationResult(
                        citation.id,
                        status,
                        None,
                        None,
                        None,
                        "fabricated",
                        "auto",
                        "the quote does not occur in the source",
                        "quote_check",
                    )
                )
            elif i not in judged:
                results.append(
                    CitationResult(citation.id, status, label, None, None, "unresolved", "review", detail, "none")
                )
            else:
                relation, confidence, note, method = judged[i]
                action = "auto" if confidence >= self.gate else "review"
                verdict = _VERDICTS.get(relation, "unsupported")
                detail = "; ".join(filter(None, (detail, note)))
                results.append(
                    CitationResult(citation.id, status, label, relation, confidence, verdict, action, detail, method)
                )
        return results

    def _locate(
        self, citation: Citation, sections: list[Section], normalized_source: str
    ) -> tuple[QuoteStatus, Section | None, str]:
        if not sections:
            return "no-section", None, "the source has no text"
        if citation.quote is not None:
            quote = normalize(citation.quote)
            if not quote:
                return "empty-quote", None, "the quote is empty"
            if len(quote) > len(normalized_source):
                return "quote-longer-than-source", None, "the quote is longer than the whole source"
            holder = next((s for s in sections if quote in normalize(s.text)), None)
            if holder is None:
                return "missing", None, ""
            return "found", holder, ""
        if citation.section is None:
            return (
                "section-only",
                sections[0] if len(sections) == 1 else None,
                ("" if len(sections) == 1 else "no quote and no section: nothing to judge against"),
            )
        cited = find_section(sections, citation.section)
        if cited is None:
            known = ", ".join(s.number or s.title for s in sections[:12])
            return "unknown-section", None, f"section {citation.section!r} is not in the source (it has: {known})"
        return "section-only", cited, ""

    def _relation(self, row) -> tuple[str, float]:
        if row[ENTAILMENT] >= self.thresholds.entailment:
            return "entailment", float(row[ENTAILMENT])
        if row[CONTRADICTION] >= self.thresholds.contradiction:
            return "contradiction", float(row[CONTRADICTION])
        return "neutral", float(1.0 - max(row[ENTAILMENT], row[CONTRADICTION]))


_FAILS_ON: dict[CitationVerdict, str | None] = {
    "verified": None,
    "contradicted": "contradicted",
    "unsupported": "unsupported",
    "fabricated": ALWAYS_FAILS,
    "unresolved": ALWAYS_FAILS,
}


def citation_fails(result: CitationResult, fail_on: Iterable[str]) -> bool:
    """Whether ``result`` fails a run that fails on ``fail_on`` (see :func:`parse_fail_on`): a
    fabricated quote and a citation that could not be checked always fail, as in the validator."""
    verdict = _FAILS_ON[result.verdict]
    return verdict is not None and (verdict == ALWAYS_FAILS or verdict in set(fail_on))


def _from_judge(judgement: Judgement) -> tuple[str, float, str, CitationMethod]:
    """The relation, confidence and note of an LLM judgement (an invented quote is already
    not support: :meth:`LLMJudge.judge` checked it against the section)."""
    return _RELATIONS[judgement.verdict], judgement.confidence, judgement.note or "", "llm"
