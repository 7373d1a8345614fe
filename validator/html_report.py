"""HTML reports: one checked answer, a batch of answers, or the citations of a document.

Each report is one self-contained file (inline CSS and a little inline JavaScript; no CDN,
fonts or other URL), so it opens from disk on a machine with no network and can be stored
beside a flagged answer. Pages are rendered by Jinja2 with autoescaping on: answers, sources
and citations are untrusted text, and a ``<script>`` in any of them shows as text.

The renderers work on plain dicts (``SentenceResult.to_dict()``, the JSON lines of
``check-batch``), so a report can be made from results read back from disk as well as from
a live :class:`~validator.pipeline.CheckReport`. A batch page stays light with thousands of
items: each item's detail is rendered here but kept as an HTML string in a JSON block, and
only put into the page when a reader opens the item.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from typing import Any, Literal

import jinja2
from nltk.stem import PorterStemmer

from validator.rules.quotes import fold_space
from validator.verdicts import DEFAULT_POLICY, METHOD_WORDS, VERDICT_WORDS, FailPolicy

HISTOGRAM_BINS = 10
TOP_FAILING_ITEMS = 10
TRADE_OFF_SIZE = 400
"""The side of ``calibrate --html``'s trade-off plot, in pixels."""
_WORD = re.compile(r"(\w+)")

_ENVIRONMENT = jinja2.Environment(
    loader=jinja2.PackageLoader("validator", "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
_ENVIRONMENT.globals["method_words"] = METHOD_WORDS  # what a person reads for each ``method``
_ENVIRONMENT.filters["verdict_word"] = lambda verdict: VERDICT_WORDS.get(verdict, verdict)  # and each verdict


def package_version() -> str:
    try:
        return metadata.version("provenance-nli")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


def highlight(passage: str, sentence: str) -> list[tuple[str, bool]]:
    """``passage`` cut into runs, each marked True where it is a word of ``sentence``.

    Only numbers and words of four letters or more are marked, so the eye goes to the names,
    figures and content words a verdict turns on rather than to every "the" and "of".
    """
    return [(text, kind == "shared") for text, kind in mark_words(passage, sentence, opposites=False)]


Mark = Literal["shared", "opposite"] | None


def mark_words(passage: str, sentence: str, opposites: bool = True) -> list[tuple[str, Mark]]:
    """``passage`` cut into runs: ``"shared"`` where it is a word of ``sentence`` (see
    :func:`highlight`), ``"opposite"`` where it is the negated form of one of its words
    ("irrevocable" beside "revoked", "unlimited" beside "limited"), the word a verdict of
    *contradicted* or *unsupported* often turns on, else None."""
    words = [word.casefold() for word in _WORD.findall(sentence)]
    wanted = {word for word in words if word.isdigit() or len(word) >= 4}
    stems = {_STEMMER.stem(word) for word in words if len(word) >= 4} if opposites else set()
    runs: list[tuple[str, Mark]] = []
    for part in _WORD.split(passage):
        folded = part.casefold()
        kind: Mark = "shared" if folded in wanted else "opposite" if stems and _negates(folded, stems) else None
        if runs and runs[-1][1] == kind and kind != "opposite":
            runs[-1] = (runs[-1][0] + part, kind)
        elif part:
            runs.append((part, kind))
    return runs


_STEMMER = PorterStemmer()
_NEGATING_PREFIXES = ("non", "un", "in", "im", "ir", "il", "dis")
MIN_STEM_MATCH = 4
"""Letters a negated word's stem must share with the sentence's word: "revoc" and "revok" share "revo"."""


def _negates(word: str, stems: set[str]) -> bool:
    """Whether ``word`` is a negating prefix on a word whose stem begins like one of ``stems``."""
    for prefix in _NEGATING_PREFIXES:
        if word.startswith(prefix) and len(word) - len(prefix) >= MIN_STEM_MATCH + 1:
            rest = _STEMMER.stem(word[len(prefix) :])
            if any(len(stem) >= MIN_STEM_MATCH and rest[:MIN_STEM_MATCH] == stem[:MIN_STEM_MATCH] for stem in stems):
                return True
    return False


def evidence_window(passage: str, sentence: str, width: int = 100) -> str:
    """The part of ``passage`` (about ``width`` characters) around the most words it shares with
    ``sentence`` (the words :func:`highlight` marks), so a preview shows the deciding words
    ("330 metres", "1953") rather than the passage's first line; "…" where it is cut."""
    text = fold_space(passage)
    if len(text) <= width:
        return text
    marked, position = [], 0
    for part, is_marked in highlight(text, sentence):
        if is_marked:
            marked.append((position, position + len(part)))
        position += len(part)
    starts = [0] + [max(0, start - 12) for start, _ in marked]
    best = max(starts, key=lambda start: (sum(start <= a and b <= start + width for a, b in marked), -start))
    if best > 0:  # begin at a word
        best = text.rfind(" ", 0, best) + 1
    end = min(len(text), best + width)
    if end < len(text):
        end = max(text.rfind(" ", best, end), best + width // 2)
    return ("…" if best > 0 else "") + text[best:end].strip() + ("…" if end < len(text) else "")


def locate_quote(text: str, quote: str | None) -> tuple[str, str, str] | None:
    """``text`` split around the first place its words match ``quote``'s (any spacing, case or
    punctuation between words, as the citation checker's normalization allows), or None."""
    words = _WORD.findall(quote or "")
    if not words:
        return None
    match = re.search(r"\W+".join(map(re.escape, words)), text, re.I)
    if match is None:
        return None
    return text[: match.start()], match.group(), text[match.end() :]


def _marked(sentence: Mapping[str, Any]) -> tuple[str, tuple[int, int]] | None:
    """What to mark inside a sentence, as (CSS class, span): a fabricated quote, else the value a
    rule names (:mod:`validator.repair`), where it lies inside the sentence."""
    for kind, keys in (("fabricated", ("quote_start", "quote_end")), ("value", ("value_start", "value_end"))):
        first, last = sentence.get(keys[0]), sentence.get(keys[1])
        if first is not None and last is not None and sentence["start"] <= first < last <= sentence["end"]:
            return kind, (first, last)
    return None


@dataclass(frozen=True)
class Answer:
    """An answer's verdicts as the templates read them; ``key`` makes element ids unique on a page."""

    key: str
    text: str
    sentences: list[dict[str, Any]]
    source_names: Sequence[str] | None = None

    def segments(self) -> list[dict[str, Any]]:
        """The text as written, cut into the whitespace between sentences and the sentences."""
        segments: list[dict[str, Any]] = []
        position = 0
        for i, sentence in enumerate(self.sentences):
            start, end = sentence["start"], sentence["end"]
            if start > position:
                segments.append({"gap": self.text[position:start]})
            marked = _marked(sentence)
            if marked is not None:
                kind, (mark_start, mark_end) = marked
                parts = [
                    (self.text[start:mark_start], ""),
                    (self.text[mark_start:mark_end], kind),
                    (self.text[mark_end:end], ""),
                ]
            else:
                parts = [(self.text[start:end], "")]
            segments.append({"index": i, "parts": [part for part in parts if part[0]]})
            position = max(position, end)
        if position < len(self.text):
            segments.append({"gap": self.text[position:]})
        return segments

    def evidence_from(self, row: Mapping[str, Any]) -> str:
        """Every source a sentence's evidence came from, by name ("several sources" when a
        result from an older version does not say)."""
        indexes = row.get("evidence_sources") or ([row["source_index"]] if row.get("source_index") is not None else [])
        return ", ".join(self.source_name(i) for i in indexes) or "several sources"

    def source_name(self, index: int | None) -> str:
        if index is None:
            return "several sources"
        if self.source_names is not None and 0 <= index < len(self.source_names):
            return f"{self.source_names[index]} (source {index})"
        return f"source {index}"


def _macro(name: str) -> Any:
    return getattr(_ENVIRONMENT.get_template("macros.html.j2").module, name)


def render_check(
    text: str,
    sentences: Sequence[Mapping[str, Any]],
    *,
    policy: FailPolicy = DEFAULT_POLICY,
    settings: Mapping[str, Any] | None = None,
    source_names: Sequence[str] | None = None,
    llm: Mapping[str, Any] | None = None,
) -> str:
    """The page for one checked answer; ``policy`` says which sentences fail."""
    rows = [dict(s) for s in sentences]
    failing = [s for s in rows if _fails(policy, s)]
    return _ENVIRONMENT.get_template("check.html.j2").render(
        answer=Answer("a", text, rows, source_names),
        failing=len(failing),
        fail_on=sorted(policy.verdicts),
        settings=dict(settings or {}),
        llm=llm,
        version=package_version(),
        labels=VERDICT_WORDS,
    )


def _fails(policy: FailPolicy, sentence: Mapping[str, Any]) -> bool:
    """Whether a sentence row (a result's ``to_dict()``) fails under ``policy``."""
    return policy.fails(
        sentence["verdict"],
        bool(sentence.get("needs_review")),
        str(sentence.get("method", "none")),
        sentence.get("certainty"),
    )


def render_batch(
    items: Sequence[Mapping[str, Any]],
    *,
    policy: FailPolicy = DEFAULT_POLICY,
    settings: Mapping[str, Any] | None = None,
) -> str:
    """The page for a batch: ``items`` are ``{"id", "text", "passed", "sentences", "error"?}``
    (a ``check-batch`` output line with the input's ``text`` added); ``policy`` says which
    sentences fail."""
    answer = _macro("answer")
    rows, bodies = [], []
    verdicts: Counter[str] = Counter()
    confidences: list[float | None] = []
    for k, item in enumerate(items):
        sentences = [dict(s) for s in item.get("sentences") or []]
        verdicts.update(s["verdict"] for s in sentences)
        confidences += [s.get("confidence") for s in sentences]
        failing = sum(_fails(policy, s) for s in sentences)
        rows.append(
            {
                "key": k,
                "id": "" if item.get("id") is None else str(item["id"]),
                "passed": bool(item.get("passed")),
                "error": item.get("error"),
                "failing": failing,
                "sentences": len(sentences),
            }
        )
        view = Answer(f"i{k}", str(item.get("text") or ""), sentences)
        bodies.append(str(answer(view, VERDICT_WORDS)))
    return _ENVIRONMENT.get_template("batch.html.j2").render(
        items=rows,
        bodies=bodies,
        verdicts=[(verdict, label, verdicts[verdict]) for verdict, label in VERDICT_WORDS.items()],
        worst=sorted((r for r in rows if r["failing"]), key=lambda r: (-r["failing"], r["key"]))[:TOP_FAILING_ITEMS],
        histogram=_histogram(confidences),
        fail_on=sorted(policy.verdicts),
        settings=dict(settings or {}),
        version=package_version(),
    )


def _histogram(values: Sequence[float | None]) -> list[dict[str, Any]]:
    """Bins of the verdicts' confidences, and a last row for the verdicts no model gave a
    confidence (no evidence, a fabricated quote…), so the rows add up to the verdict counts."""
    decided = [value for value in values if value is not None]
    counts = Counter(min(int(value * HISTOGRAM_BINS), HISTOGRAM_BINS - 1) for value in decided)
    undecided = len(values) - len(decided)
    most = max([*counts.values(), undecided], default=0) or 1
    bins = [
        {
            "label": f"{i / HISTOGRAM_BINS:.1f}–{(i + 1) / HISTOGRAM_BINS:.1f}",
            "count": counts[i],
            "share": 0.8 * counts[i] / most,  # room for the count beside the longest bar
        }
        for i in range(HISTOGRAM_BINS)
    ]
    return [*bins, {"label": "none (no model asked)", "count": undecided, "share": 0.8 * undecided / most}]


def _reflow(text: str) -> str:
    """Paragraphs with their hard wraps and indentation undone (a licence or RFC is wrapped at 72
    columns and indented; in a browser that reads as ragged text)."""
    return "\n\n".join(fold_space(part) for part in re.split(r"\n[ \t]*\n", text) if part.strip())


def render_citations(
    source_name: str,
    results: Sequence[Mapping[str, Any]],
    claims: Mapping[str, Mapping[str, Any]],
    section_texts: Mapping[str, str],
    *,
    gate: float,
) -> str:
    """The page for a citation check: the review queue first, then the rest, each citation with
    its quote located in its section. ``claims`` maps an id to its citation (claim, quote)
    and ``section_texts`` a section label to its text."""
    rows = []
    for result in sorted(results, key=lambda r: r["action"] != "review"):
        citation = claims.get(str(result["id"]), {})
        section = _reflow(section_texts.get(result["section"] or "", ""))
        rows.append(
            {
                **result,
                "claim": citation.get("claim", ""),
                "quote": citation.get("quote"),
                "section_text": section,
                "located": locate_quote(section, citation.get("quote")),
            }
        )
    return _ENVIRONMENT.get_template("citations.html.j2").render(
        source_name=source_name,
        rows=rows,
        review=sum(r["action"] == "review" for r in rows),
        gate=gate,
        version=package_version(),
    )


def render_calibration(
    input_name: str,
    curve: Sequence[Mapping[str, float]],
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    rows: Mapping[str, int],
    budget: float | None = None,
) -> str:
    """The trade-off page of ``calibrate --html``: every cut's share of grounded answers failed
    against ungrounded answers passed, an inline SVG with the default and the chosen cut marked
    (``before`` and ``after`` of :class:`~validator.calibration.Calibration`) and the budget's line."""

    def point(row: Mapping[str, Any]) -> dict[str, float]:
        rates = row["rates"]
        return {
            "cut": row["entailment_threshold"],
            "grounded_failed": rates["grounded_failed"]["share"] or 0.0,
            "ungrounded_passed": rates["ungrounded_passed"]["share"] or 0.0,
        }

    return _ENVIRONMENT.get_template("calibration.html.j2").render(
        input_name=input_name,
        curve=curve,
        default=point(before),
        chosen=point(after),
        before=before,
        after=after,
        rows=rows,
        budget=budget,
        size=TRADE_OFF_SIZE,
        ticks=[0.0, 0.25, 0.5, 0.75, 1.0],
        version=package_version(),
    )


_ENVIRONMENT.globals.update(highlight=highlight, mark_words=mark_words)
