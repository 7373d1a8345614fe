"""Citation checking: is the quote really in the source, and does the cited passage back the claim?

Two different failures, told apart in three steps:

1. **Locate.** Text is normalized (whitespace, line wraps, curly quotes, dashes, words
   hyphenated across a line end) and the quote is looked up verbatim. ``found`` names the
   section that holds it; ``missing`` means the quote is **fabricated**, which needs no
   model; no quote means ``section-only`` and the cited section is used.
2. **Judge.** The claim is checked against the located section by the validator's own stages
   (:mod:`validator.pipeline`: ``CheckRequest(claim, sources=[section], chunk_strategy="full")``,
   the claim whole and the section as one passage, scored as windows where it is long), so every rule of
   ``docs/verdicts.md`` holds here as in the validator: a copy is ``verified`` and a copied
   negation ``contradicted`` with confidence 1.0, then the model, the number and binding rules;
   with ``scorer_mode="llm"`` an LLM judge (:mod:`validator.judge`) decides instead, with
   ``"cascade"`` only what the NLI model left below the gate. ``method`` says which.
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
from validator.config import CheckerConfig, InputConfig, JudgeConfig, VerdictConfig
from validator.errors import NotUnicode, require_text
from validator.judge import LLMJudge, ScorerMode, Usage, check_scorer_mode
from validator.pipeline import CheckRequest, ProvenanceChecker
from validator.rules.quotes import normalize
from validator.scorers.base import PairScorer
from validator.scorers.external import PairScorerProtocol, as_pair_scorer
from validator.scorers.nli import NLIScorer
from validator.verdicts import ALWAYS_FAILS, UNVERIFIED_METHODS, Certainty, Method, SentenceResult, Thresholds

QuoteStatus = Literal[
    "found", "missing", "section-only", "empty-quote", "quote-longer-than-source", "unknown-section", "no-section"
]
CitationVerdict = Literal["verified", "contradicted", "unsupported", "fabricated", "unresolved"]
CitationMethod = Method
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
_TITLE_NUMBER = re.compile(r"^((?:\d+|[A-Z](?=\.))(?:\.\d+)*)[.)]?[ \t]+(\S.*)$")


@dataclass(frozen=True)
class Section:
    """A part of a document: its number (``"4.1.3"``, or ``""``), title and text."""

    number: str
    title: str
    text: str

    @property
    def label(self) -> str:
        """How results name the section: its number, else its title, else ``"document"``."""
        return self.number or self.title or "document"

    @property
    def full_name(self) -> str:
        """Number and title together (``"1. Returns"``), as an unknown-section detail lists them."""
        return f"{self.number}. {self.title}" if self.number and self.title else self.label

    def is_named(self, wanted: str) -> bool:
        """Whether a citation's ``section`` names this one: by its number, its title or both
        (``"1"``, ``"Returns"``, ``"1. Returns"``, ``"§ 1"``)."""
        wanted = " ".join(wanted.strip().lstrip("§").split()).rstrip(".").lower()
        number, title = self.number.lower(), " ".join(self.title.split()).lower()
        names = {number, title, f"{number}. {title}", f"{number} {title}"} if number else {title}
        return bool(wanted) and wanted in names - {""}


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
    """Sections under Markdown ``#`` headers. A numbered header (``## 1. Returns``) has number
    ``"1"`` and title ``"Returns"``, so a citation may name it by either or both; an unnumbered one
    has only its title."""
    sections = _split_at(text, list(_MARKDOWN_HEADER.finditer(text)), lambda m: "")
    return [_numbered_title(section) for section in sections]


def _numbered_title(section: Section) -> Section:
    if match := _TITLE_NUMBER.match(section.title):
        return Section(match.group(1), match.group(2).strip(), section.text)
    return section


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
    certainty: Certainty | None = None
    """Which sort of rule finding decided the claim, as the validator's ``certainty`` (an exact
    one fails under every ``fail_on``)."""

    def to_dict(self) -> dict:
        return asdict(self)


def find_section(sections: Sequence[Section], name: str) -> Section | None:
    """The section a citation names, by number (``"1"``, ``"§ 4.1"``), title or both (``"1. Returns"``)."""
    return next((s for s in sections if s.is_named(name)), None)


class CitationChecker:
    """Checks citations against one source document.

    Args:
        scorer: The NLI scorer, or any object with ``labels`` and ``predict``
            (:class:`~validator.scorers.PairScorerProtocol`). Defaults to the bundled model.
        gate: Verdicts at least this confident are ``auto``, the rest ``review``. Defaults to 0.8.
        splitter: Cuts the document into sections. Defaults to :func:`auto_sections`.
        thresholds: Decision cut-offs. Defaults to the ones in the model folder.
        scorer_mode: ``"nli"``, ``"llm"`` (the judge decides every located citation) or
            ``"cascade"`` (the judge decides what the NLI model left below the gate).
        judge: The :class:`~validator.judge.LLMJudge` for ``"llm"`` and ``"cascade"``.
    """

    def __init__(
        self,
        scorer: PairScorer | PairScorerProtocol | None = None,
        *,
        gate: float = defaults.REVIEW_THRESHOLD,
        splitter: Splitter = auto_sections,
        thresholds: Thresholds | None = None,
        scorer_mode: ScorerMode = "nli",
        judge: LLMJudge | None = None,
    ) -> None:
        self.scorer_mode = check_scorer_mode(scorer_mode, judge)
        self.judge = judge
        self.scorer = as_pair_scorer(scorer) if scorer is not None else NLIScorer()
        self.gate = gate
        self.splitter = splitter
        self.thresholds = thresholds or Thresholds.for_model(self.scorer.settings)
        # the validator's stages, with the gate as the review threshold: the cascade asks the
        # judge about what the model decided below it
        verdicts = VerdictConfig(self.thresholds.entailment, self.thresholds.contradiction, review_threshold=gate)
        config = CheckerConfig(
            verdicts=verdicts, inputs=InputConfig("full"), judge=JudgeConfig(scorer_mode=self.scorer_mode)
        )
        self._checker = ProvenanceChecker(self.scorer, config, judge=judge)

    @classmethod
    def from_config(cls, config: CheckerConfig, gate: float = defaults.REVIEW_THRESHOLD) -> CitationChecker:
        """The citation checker with the same model, thresholds and judge as a
        :class:`~validator.pipeline.ProvenanceChecker` of ``config``."""
        scorer = config.model.build_scorer()
        return cls(
            scorer,
            gate=gate,
            thresholds=config.verdicts.thresholds(scorer),
            scorer_mode=config.judge.scorer_mode,
            judge=config.judge.build(),
        )

    def check(self, source: str, citations: Sequence[Citation], usage: Usage | None = None) -> list[CitationResult]:
        """One result per citation, in order; a bad citation never stops the others.

        Args:
            usage: Counts the judge's calls and tokens, when one is used.

        Raises:
            CheckUnavailable: The model or the LLM judge could not run.
            TextTooLong: The source is longer than ``max_source_chars`` allows.
        """
        # 1. locate each citation's section (a quote not in the source needs no model)
        sections = self.splitter(source)
        normalized_source = normalize(source)
        located = [self._locate(c, sections, normalized_source) for c in citations]
        # 2. check each located claim against its section, through the validator's stages
        to_judge = [(i, section) for i, (_, section, _) in enumerate(located) if section is not None]
        requests = [
            CheckRequest(citations[i].claim, sources=[section.text], chunk_strategy="full") for i, section in to_judge
        ]
        reports = self._checker.check_batch(requests, usage=usage) if requests else []
        judged = {i: report.sentences[0] for (i, _), report in zip(to_judge, reports, strict=True)}
        # 3. route each: auto at or above the gate, else review
        return [self._result(c, *located[i], judged.get(i)) for i, c in enumerate(citations)]

    def _result(
        self,
        citation: Citation,
        status: QuoteStatus,
        section: Section | None,
        detail: str,
        checked: SentenceResult | None,
    ) -> CitationResult:
        """A citation's result: fabricated, unresolved (nothing to judge, or nothing the check
        could score it on), or the check's verdict routed by the gate."""
        if status == "missing":
            return CitationResult(
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
        label = section.label if section else None
        if checked is not None and checked.verdict == "fabricated_quote":  # the claim quotes what the section lacks
            return CitationResult(
                citation.id, status, label, None, None, "fabricated", "auto", checked.note or "", "quote_check"
            )
        if checked is None or checked.confidence is None:
            note = "; ".join(filter(None, (detail, checked and checked.note)))
            return CitationResult(citation.id, status, label, None, None, "unresolved", "review", note, "none")
        relation = _RELATIONS.get(checked.verdict, "neutral")  # a quote in the claim the section lacks: unsupported
        action = "auto" if checked.confidence >= self.gate else "review"
        verdict = _VERDICTS.get(relation, "unsupported")
        detail = "; ".join(filter(None, (detail, checked.note)))
        return CitationResult(
            citation.id,
            status,
            label,
            relation,
            checked.confidence,
            verdict,
            action,
            detail,
            checked.method,
            checked.certainty,
        )

    def _locate(
        self, citation: Citation, sections: list[Section], normalized_source: str
    ) -> tuple[QuoteStatus, Section | None, str]:
        """The quote's status, the section to judge the claim against (None: nothing to judge), and why."""
        status, section, detail = self._find(citation, sections, normalized_source)
        if section is None:  # a quote the source lacks, or no section to judge against
            return status, None, detail
        if not citation.claim.strip():  # nothing to verify: a person must look
            return status, None, "the claim is empty"
        try:
            require_text(citation.claim, "the claim")
        except NotUnicode as error:  # a JSON "\ud800" escape: no tokenizer reads it
            return status, None, str(error)
        if len(citation.claim) > defaults.MAX_TEXT_CHARS:
            return status, None, f"the claim is longer than {defaults.MAX_TEXT_CHARS:,} characters"
        return status, section, detail

    def _find(
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
            named = [s.full_name for s in sections if s.number or s.title]
            if not named:  # one unheaded "document": nothing a citation can name
                return (
                    "unknown-section",
                    None,
                    (
                        f"section {citation.section!r} is not in the source: it has no numbered or titled sections; "
                        "cite a quote, or no section"
                    ),
                )
            known = ", ".join(named[:12])
            return "unknown-section", None, f"section {citation.section!r} is not in the source (it has: {known})"
        return "section-only", cited, ""


_FAILS_ON: dict[CitationVerdict, str | None] = {
    "verified": None,
    "contradicted": "contradicted",
    "unsupported": "unsupported",
    "fabricated": ALWAYS_FAILS,
    "unresolved": ALWAYS_FAILS,
}


def citation_fails(result: CitationResult, fail_on: Iterable[str]) -> bool:
    """Whether ``result`` fails a run that fails on ``fail_on`` (see :func:`parse_fail_on`): a
    fabricated quote, a citation that could not be checked, and a claim nothing verified
    (:data:`~validator.verdicts.UNVERIFIED_METHODS`) and a value the source states otherwise (an
    exact finding) always fail, as in the validator."""
    verdict = _FAILS_ON[result.verdict]
    return verdict is not None and (
        verdict == ALWAYS_FAILS
        or result.method in UNVERIFIED_METHODS
        or result.certainty == "exact"
        or verdict in set(fail_on)
    )
