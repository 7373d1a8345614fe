"""The Guardrails adapter: ``ProvenanceNLI`` turns a :class:`CheckReport` into a result.

All the work happens in :mod:`validator.pipeline`, built from one
:class:`~validator.config.CheckerConfig`; this module only translates between guardrails
(arguments, metadata, Pass/FailResult, error spans, streaming chunks) and it.
"""

from __future__ import annotations

import dataclasses
import re
import threading
from collections.abc import Callable, Sequence
from typing import Any, Literal

from guardrails.errors import ValidationError
from guardrails.types import OnFailAction
from guardrails.validator_base import (
    ErrorSpan,
    FailResult,
    PassResult,
    ValidationResult,
    Validator,
    register_validator,
)

from validator import defaults, streaming
from validator.config import SETTING_GROUPS, CheckerConfig, ValidationMethod
from validator.deprecation import RENAMED_SETTINGS, renamed_arguments
from validator.errors import EmptyAnswer, InvalidInput, NotChecked, check_choice, require_text
from validator.judge import LLMCallable, ScorerMode
from validator.pipeline import CheckReport, CheckRequest, ProvenanceChecker, summarize
from validator.retrieval import Retrieval
from validator.scorers.base import Backend
from validator.scorers.external import PairScorerProtocol
from validator.splitting import SENTENCE_END, split_sentences
from validator.verdicts import FAILABLE_VERDICTS, FailPolicy, SentenceResult, Uncertain

__all__ = ["ProvenanceNLI"]

GUARDRAILS_KEYWORDS = frozenset({"use_local", "validation_endpoint"})
"""Keywords the guardrails ``Validator`` base class takes besides ``on_fail``."""


_READ_AFTER = "_provenance_nli_read_after"
"""The metadata key a stream's check passes its earlier text under (to :meth:`ProvenanceNLI._validate`,
which takes it out again): ``validate`` sees one chunk at a time."""
_OUTPUT_BEFORE = "_provenance_nli_output_before"
"""Likewise, under ``on_fail="fix"``: what the stream has output so far, after every earlier
chunk's fix (:meth:`ProvenanceNLI.validate_stream`)."""


class ProvenanceNLI(Validator):
    """Flags sentences of an LLM answer that its sources contradict or do not support.

    Each sentence is matched to its top-k source passages (BM25 and embedding search over
    ``sources``, or the app's ``query_function``), and an NLI model decides whether the
    passages, alone or joined, entail it, contradict it, or neither.

    **Key Properties**

    | Property                      | Description                         |
    | ----------------------------- | ----------------------------------- |
    | Name for `format` attribute   | `guardrails/provenance_nli`         |
    | Supported data types          | `string`                            |
    | Programmatic fix              | The text minus the failing sentences, byte for byte |

    Args:
        on_fail: The guardrails on-fail policy. Defaults to ``exception``.
        repair: With ``on_fail="fix"``, a failing sentence that is one sentence of its evidence
            with one value changed (a number, a date, an amount, a name: :mod:`validator.repair`)
            is kept with the evidence's value in place of the wrong one instead of cut, byte for
            byte elsewhere ("…first climbed in 1975…" → "…first climbed in 1953…"); so is a
            reworded sentence whose one wrong value the number rule pairs with the one value the
            evidence gives in its place, where the repaired sentence then passes the whole check.
            Each repair is listed in ``details["repairs"]``. Anything less certain is cut as
            without it. Defaults to False.
        report: ``"html"`` adds a self-contained HTML page of the verdicts to the result's
            ``metadata["provenance_nli"]["html"]`` (see :meth:`CheckReport.to_html`), for an
            app to store beside a flagged answer. Defaults to None (no page).
        use_local: ``False`` sends the NLI pairs to ``validation_endpoint`` (guardrails'
            keyword; the same as ``inference_endpoint=URL``). Only an explicit ``False`` does:
            the rc file's remote-inference setting is not followed, since the hub hosts no
            endpoint for this validator and a local check should not send text off the machine
            unasked. The hub token is sent to the hub only.
        validation_endpoint: Where ``use_local=False`` sends pairs (required with it).

        Every other argument is a setting of one group of :mod:`validator.config`, whose class
        says what it does and its default:

        - ``ModelConfig``: ``model_name``, ``model_checkpoint_path``, ``device``, ``batch_size``,
          ``backend``, ``max_length``, ``settings_file``, ``inference_endpoint``, ``endpoint_timeout``,
          ``pair_scorer``;
        - ``VerdictConfig``: ``entailment_threshold``, ``contradiction_threshold``, ``review_threshold``,
          ``fail_on``, ``uncertain``;
        - ``RetrievalConfig``: ``top_k``, ``retrieval``, ``joint_premise``, ``query_timeout``,
          ``embedding_cache``;
        - ``InputConfig``: ``validation_method``, ``max_text_chars``, ``max_source_chars``;
        - ``JudgeConfig``: ``scorer_mode``, ``llm_callable``, ``llm_kwargs``, ``llm_timeout``,
          ``llm_max_concurrency``.

    **Metadata** (per call)

    - ``sources`` (list[str]): documents the answer should rest on; with optional
      ``embed_function`` (list[str] → (n, d) array), ``chunk_strategy`` (sentence, word,
      char, token, full), ``chunk_size``, ``chunk_overlap`` and ``distance_metric``
      (cosine, euclidean);
    - or ``query_function`` (called as ``query_function(text=..., k=...)``) returning
      ``list[str]`` or ``list[(str, score)]``.

    Examples:
        >>> from guardrails import Guard
        >>> guard = Guard().use(ProvenanceNLI(on_fail="fix"))
        >>> guard.validate("Paris is in Spain.", metadata={"sources": ["Paris is in France."]})
    """

    @renamed_arguments(RENAMED_SETTINGS)
    def __init__(
        self,
        inference_endpoint: str | None = None,
        model_name: str | None = None,
        model_checkpoint_path: str | None = None,
        top_k: int = defaults.TOP_K,
        max_length: int = defaults.MAX_LENGTH,
        entailment_threshold: float | None = None,
        on_fail: Callable[..., Any] | OnFailAction | str | None = None,
        *,
        device: str | None = None,
        batch_size: int | None = None,
        backend: Backend = "torch",
        fail_on: str | Sequence[str] = FAILABLE_VERDICTS,
        uncertain: Uncertain = "fail",
        contradiction_threshold: float | None = None,
        review_threshold: float = defaults.REVIEW_THRESHOLD,
        validation_method: ValidationMethod = "sentence",
        joint_premise: bool = True,
        max_text_chars: int = defaults.MAX_TEXT_CHARS,
        max_source_chars: int = defaults.MAX_SOURCE_CHARS,
        query_timeout: float = defaults.QUERY_TIMEOUT_S,
        retrieval: Retrieval = "hybrid",
        embedding_cache: str | None = None,
        scorer_mode: ScorerMode = "nli",
        llm_callable: LLMCallable | None = None,
        llm_kwargs: dict[str, Any] | None = None,
        llm_timeout: float = defaults.LLM_TIMEOUT_S,
        llm_max_concurrency: int = defaults.LLM_MAX_CONCURRENCY,
        endpoint_timeout: float = defaults.REMOTE_TIMEOUT_S,
        report: Literal["html"] | None = None,
        repair: bool = False,
        settings_file: str | None = None,
        pair_scorer: PairScorerProtocol | None = None,
        **kwargs: Any,
    ) -> None:
        # every setting, by the group it is in (validator.config.SETTING_GROUPS), first: before any other local
        given = {name: value for name, value in locals().items() if name in SETTING_GROUPS}
        check_choice("report", report, (None, "html"))
        if not isinstance(repair, bool):
            raise InvalidInput(f"repair must be True or False, got {repair!r}")
        if unknown := sorted(set(kwargs) - GUARDRAILS_KEYWORDS):
            raise TypeError(f"ProvenanceNLI got unexpected keyword arguments {unknown}")
        super().__init__(on_fail=_on_fail_action(on_fail), report=report, repair=repair, **_recorded(given), **kwargs)
        self._report = report
        self._repair = repair
        given["inference_endpoint"] = _scoring_endpoint(
            inference_endpoint, kwargs.get("use_local"), kwargs.get("validation_endpoint")
        )
        config = CheckerConfig.from_settings(**given)
        self._policy = config.fail_policy()
        self._checker = ProvenanceChecker(config=config)
        self._checker.refuse_open_cut()

    def _validate(self, value: Any, metadata: dict[str, Any]) -> ValidationResult:
        """Check ``value`` (an answer, or a list of claims: a ``list[str]`` field of a structured
        output) against the evidence in ``metadata``; fail closed if that cannot run."""
        metadata = dict(metadata or {})
        read_after = metadata.pop(_READ_AFTER, None)  # streaming: the text released before this chunk
        output_before = metadata.pop(_OUTPUT_BEFORE, None)  # and what the stream output of it
        texts = value if isinstance(value, list) else [value]
        # 1. The requests: each text and where its evidence comes from (a caller's mistake raises).
        try:
            requests = [CheckRequest.from_metadata(text, metadata, read_after or "") for text in texts]
        except InvalidInput as error:
            raise BadMetadata(str(error)) from error
        # 2. The check, in one batch. One that did not verify the text fails with nothing kept: it never passes.
        try:
            if isinstance(value, list) and not value:
                raise EmptyAnswer("the list of claims")
            for text in texts:  # the checker reports no sentences for an empty text: a Guard fails it
                require_text(text, "a claim" if isinstance(value, list) else "the answer")
            reports = self._checker.check_batch(requests)
        except NotChecked as error:
            # every documented key (docs/guard.md), as on a checked path: nothing passed, no sentence was read
            read = {"claims": []} if isinstance(value, list) else {"sentences": []}
            details = {
                "passed": False,
                **read,
                **self._settings(),
                "error": str(error),
                "error_type": type(error).__name__,
                "outcome": self._outcome(""),
            }
            return FailResult(
                error_message=f"Provenance check could not run, so nothing was verified: {error}",
                fix_value=[] if isinstance(value, list) else "",
                metadata={**metadata, "provenance_nli": details},
            )
        # 3. The result. guardrails feeds a result's metadata into the next check (streaming,
        # fix_reask), so the caller's keys are passed through and ours are added under one key.
        if isinstance(value, list):
            details = self._claims_details(reports)
            result = _claims_result(reports, self._policy, {**metadata, "provenance_nli": details})
        else:
            report = self._rechecked(reports[0], requests[0]) if self._repair else reports[0]
            details = self._details(report)
            # on a stream, a sentence is output after what the stream output, not after all it read
            read = _sentences(read_after or "")
            cut_before = output_before is not None and output_before != read_after
            before = read, _sentences(output_before or "") if cut_before else read
            result = _answer_result(report, self._policy, {**metadata, "provenance_nli": details}, self._repair, before)
        fixing = isinstance(value, str) and self.on_fail_descriptor == OnFailAction.FIX
        if fixing and isinstance(result, FailResult) and isinstance(result.fix_value, str):
            result.fix_value = self._fixed(result.fix_value, requests[0])
        details["outcome"] = self._outcome(result.fix_value) if isinstance(result, FailResult) else "clean"
        if read_after is not None and isinstance(value, str):
            details["streamed"] = read_after + value
        return result

    def _rechecked(self, report: CheckReport, request: CheckRequest) -> CheckReport:
        """``report`` with each failing sentence's number-rule repair (:mod:`validator.repair`,
        ``by="rule"``: the answer's own wording with the evidence's value in place) kept only where
        the repaired sentence, read after the answer's text before it, passes the whole check
        (rules and model) against the evidence sentence the value came from, alone, and as surely as a
        verdict that needs no review (the model's support at ``review_threshold`` or above, or a
        rule's): another passage must not vouch for it, and a repair the evidence only half supports
        ("…was flat" read as "…rose 3%" of the segment beside it) is a new claim no one checked
        well enough to write; otherwise the sentence is cut, as without a repair. A repair that is
        the source's own sentence (``by="copy"``) needs no second check."""
        failing = report.failing(self._policy)
        sentences = []
        for sentence in report.sentences:
            fix = sentence.correction
            if fix is not None and fix["by"] == "rule" and any(sentence is s for s in failing):
                cut = fix["start"] - sentence.start, fix["end"] - sentence.start
                repaired = sentence.sentence[: cut[0]] + fix["new"] + sentence.sentence[cut[1] :]
                before = request.read_after + request.text[: sentence.start]
                alone = dataclasses.replace(
                    request, text=repaired, read_after=before, sources=[fix["source_sentence"]], query_function=None
                )
                again = self._checker.check(alone)
                if not again.sentences or any(s.verdict != "supported" or s.needs_review for s in again.sentences):
                    sentence = dataclasses.replace(sentence, correction=None)
            sentences.append(sentence)
        return dataclasses.replace(report, sentences=sentences)

    def _fixed(self, fixed: str, request: CheckRequest) -> str:
        """``fixed`` checked again as a whole (a fix is a new answer: what a cut left may read
        otherwise, a repair may not hold beside the rest), each failing sentence and those leaning
        on it cut again, up to :data:`FIX_ROUNDS` times; "" where it still fails then."""
        for _ in range(FIX_ROUNDS):
            if not fixed.strip():
                return fixed
            try:
                again = self._checker.check(dataclasses.replace(request, text=fixed))
            except NotChecked:
                return ""
            failing = again.failing(self._policy)
            if not failing:
                return fixed
            fixed = again.without(*again.with_dependants(failing))
        return ""

    def _outcome(self, fix_value: Any) -> str:
        """What the Guard's output is after this check: ``"fixed"`` (``fix`` kept some of it),
        ``"emptied"`` (``fix`` cut it all: guardrails still says it passed, with ""), or
        ``"failed"`` (any other action)."""
        if self.on_fail_descriptor != OnFailAction.FIX:
            return "failed"
        return "fixed" if (fix_value.strip() if isinstance(fix_value, str) else fix_value) else "emptied"

    def _details(self, report: CheckReport) -> dict[str, Any]:
        """What a result carries under ``metadata["provenance_nli"]``."""
        return {
            **report.to_json(self._policy),
            **self._settings(),
            **({"html": report.to_html(self._policy)} if self._report == "html" else {}),
        }

    def _claims_details(self, reports: list[CheckReport]) -> dict[str, Any]:
        """For a list of claims: each claim's result under ``claims``, in order."""
        return {"claims": [report.to_json(self._policy) for report in reports], **self._settings()}

    def _settings(self) -> dict[str, Any]:
        return {**self._policy.settings(), "model": self._checker.scorer.name}

    checks_stream_remainder = True
    """The text held when a stream ends is checked under every ``on_fail`` (:mod:`validator.streaming`)."""

    def _chunking_function(self, chunk: str) -> list[str]:
        """Streaming: release every sentence as soon as it is complete (:func:`release_sentences`)."""
        return release_sentences(chunk, wait_for_what_follows=getattr(_STREAM_CHECK, "waits", False))

    def validate_stream(self, chunk: Any, metadata: dict[str, Any], **kwargs: Any) -> ValidationResult | None:
        """Refuse ``refrain`` and ``filter`` in streaming: guardrails' stream runner cannot apply
        them (it fails with a ``TypeError`` after the earlier chunks have gone out).

        Each released sentence is read after the ones released before it, as ``validate`` reads a
        whole answer: guardrails' sync runner feeds a result's metadata into the next chunk's
        check, and on the async runner the stream's state carries it (:mod:`validator.streaming`).
        Both check what is held when the stream ends, so a text that ends in sentence-final
        punctuation with nothing after it is held until the next chunk shows whether the sentence
        ended: an LLM streams "1.9" as "1", ".", "9", and "…was 1." cut there failed a correct
        sentence. Under ``fix``, each chunk is also read after what the stream output (an earlier
        cut may have moved what its "It" means), and the stream's first output opens with no
        space."""
        if self.on_fail_descriptor in (OnFailAction.REFRAIN, OnFailAction.FILTER):
            raise InvalidInput(
                f"on_fail={self.on_fail_descriptor.value!r} does not work with stream=True in guardrails; "
                "stream with on_fail='fix' (drops failing sentences) or 'exception', or do not stream"
            )
        state = streaming.async_stream(kwargs)
        checks_remainder = "remainder" in kwargs or state is not None or streaming.checks_the_remainder()
        held = state.get(id(self)) if state is not None else None
        details = held.details if held is not None else (metadata or {}).get("provenance_nli") or {}
        passed_on: dict[str, str] = {_READ_AFTER: details.get("streamed", "")}
        output_before = details.get("streamed_output", "")
        fixing = checks_remainder and self.on_fail_descriptor == OnFailAction.FIX
        if fixing:
            passed_on[_OUTPUT_BEFORE] = output_before
        _STREAM_CHECK.waits = checks_remainder
        result = super().validate_stream(chunk, {**(metadata or {}), **passed_on}, **kwargs)
        if result is not None and fixing:
            _output_after(result, output_before)
        if state is not None:
            state[id(self)] = streaming.Held(kwargs["context"], kwargs["context_vars"], _details_of(result) or details)
        return result


class BadMetadata(InvalidInput, ValidationError):
    """The call's metadata is a caller's mistake (no ``sources``, sources that are not a list…).

    Still an :class:`InvalidInput` for an app; also guardrails' ``ValidationError``, which is what
    the Guardrails server answers with HTTP 400 and the message, where any other exception from a
    guard becomes a bare 500 "Internal Server Error" with the reason only in the server's log."""


def _recorded(settings: dict[str, Any]) -> dict[str, Any]:
    """The settings guardrails is handed to record (it rebuilds a validator from them, and
    guardrails-api from ``Guard.to_dict()``): all but ``llm_kwargs``, which may hold an API key,
    and an app's own objects (a function as ``llm_callable``, a ``pair_scorer``), which are not
    values it can record."""
    recorded = {name: value for name, value in settings.items() if name != "llm_kwargs"}
    if not isinstance(recorded["llm_callable"], str):
        recorded["llm_callable"] = None
    recorded["pair_scorer"] = None
    return recorded


def _scoring_endpoint(
    inference_endpoint: str | None, use_local: bool | None, validation_endpoint: str | None
) -> str | None:
    """The URL to score on, or None to score here: ``inference_endpoint``, or guardrails' own
    ``validation_endpoint`` with an explicit ``use_local=False``."""
    if inference_endpoint and use_local is True:
        raise InvalidInput("inference_endpoint scores remotely, which contradicts use_local=True; pass one")
    if inference_endpoint:
        return inference_endpoint
    if use_local is False and not validation_endpoint:
        raise InvalidInput(
            "use_local=False needs validation_endpoint=URL (or inference_endpoint=URL): the guardrails hub "
            "hosts no endpoint for this validator"
        )
    return validation_endpoint if use_local is False else None


def _on_fail_action(
    on_fail: Callable[..., Any] | OnFailAction | str | None,
) -> Callable[..., Any] | OnFailAction | None:
    """``on_fail`` as guardrails' enum when it is a name (any case), checked here so a typo fails
    at construction rather than at the first failing check."""
    if not isinstance(on_fail, str) or isinstance(on_fail, OnFailAction):
        return on_fail
    check_choice("on_fail", on_fail.lower(), tuple(action.value for action in OnFailAction), " or a callable")
    return OnFailAction(on_fail.lower())


FIX_ROUNDS = 3
"""How many times a fixed answer is checked again and cut before it is given up as ""."""


def _answer_result(
    report: CheckReport,
    policy: FailPolicy,
    details: dict[str, Any],
    repair: bool = False,
    before: tuple[Sequence[str], Sequence[str]] = ((), ()),
) -> ValidationResult:
    """Pass, or fail with the answer minus its failing sentences as the fix and a span for each;
    with ``repair``, a failing sentence with a correction (:mod:`validator.repair`) is kept with
    the evidence's value in place of its own, and listed in ``details["repairs"]``. ``before``: on
    a stream, the sentences read before this chunk and those output of them
    (:meth:`CheckReport.with_dependants`): a chunk whose reading an earlier cut moves fails too."""
    failing = report.failing(policy)
    repaired = [s for s in failing if s.correction is not None] if repair else []
    cut, written = report.with_dependants([s for s in failing if all(s is not r for r in repaired)], before)
    if not failing and not cut and not written:
        return PassResult(metadata=details)
    if repair:
        details["provenance_nli"]["repairs"] = [_repair_row(report, s) for s in repaired]
    replaced = [(s.correction["start"], s.correction["end"], s.correction["new"]) for s in repaired if s.correction]
    if leaning := [i for i, s in enumerate(report.sentences) if any(s is c for c in cut) and s not in failing]:
        details["provenance_nli"]["cut_with"] = leaning  # kept sentences that read otherwise without a cut one
    if written:
        details["provenance_nli"]["written_as_read"] = [
            i for i, s in enumerate(report.sentences) if any(s.start <= start < s.end for start, _, _ in written)
        ]
    return FailResult(
        error_message=(
            f"{len(failing)} of {len(report.sentences)} sentences are not supported by the "
            f"sources:\n{summarize(failing)}"
            if failing
            else "a sentence reads otherwise after a cut earlier in the stream:\n" + summarize(cut or report.sentences)
        ),
        fix_value=report.without(cut, [*replaced, *written]),
        error_spans=[_error_span(s) for s in failing],
        metadata=details,
    )


def _sentences(text: str) -> list[str]:
    """A stream's text so far, as the sentences a chunk is read after."""
    return [span.text for span in split_sentences(text)]


def _output_after(result: ValidationResult, output_before: str) -> None:
    """A stream's checked chunk as its fix path outputs it after ``output_before``: a released piece
    opens with the space before it (:func:`release_sentences`), which the stream's first output
    leaves out, as ``validate``'s fix leaves it out where the sentences before were cut; and what
    the stream has output so far, for the next chunk (``streamed_output``)."""
    first = not output_before.strip()
    if isinstance(result, FailResult):
        if isinstance(result.fix_value, str):
            result.fix_value = result.fix_value.lstrip() if first else result.fix_value
        output = result.fix_value if isinstance(result.fix_value, str) else ""
    else:
        chunk = str(result.validated_chunk or "")
        result.validated_chunk = output = chunk.lstrip() if first else chunk
    if details := _details_of(result):
        details["streamed_output"] = output_before + output


def _details_of(result: ValidationResult | None) -> dict[str, Any] | None:
    """What a result of this validator carries under ``metadata["provenance_nli"]``, if any."""
    return (result.metadata or {}).get("provenance_nli") if result is not None else None


def _repair_row(report: CheckReport, sentence: SentenceResult) -> dict[str, Any]:
    """One repair as ``details["repairs"]`` lists it: which sentence, the old and new text, where
    the old text was, and the source it came from."""
    assert sentence.correction is not None
    return {
        "sentence": report.sentences.index(sentence),
        **sentence.correction,
        "source_index": sentence.source_index,
    }


def _claims_result(reports: list[CheckReport], policy: FailPolicy, details: dict[str, Any]) -> ValidationResult:
    """Pass, or fail with the claims that pass as the fix: each failing claim minus its failing
    sentences, and dropped when nothing of it is left."""
    failing = [report.failing(policy) for report in reports]
    if not any(failing):
        return PassResult(metadata=details)
    kept = [
        fixed
        for report, sentences in zip(reports, failing, strict=True)
        if (fixed := report.without(sentences)).strip()
    ]
    return FailResult(
        error_message=f"{sum(map(bool, failing))} of {len(reports)} claims are not supported by the sources:\n"
        + "\n".join(f"claim {i}:\n{summarize(sentences)}" for i, sentences in enumerate(failing) if sentences),
        fix_value=kept,
        metadata=details,
    )


def _error_span(sentence: SentenceResult) -> ErrorSpan:
    """Where a failing sentence is in the checked text, and why: a fabricated quote marks the quote."""
    if sentence.quote_start is not None and sentence.quote_end is not None:
        return ErrorSpan(
            start=sentence.quote_start, end=sentence.quote_end, reason=f"fabricated_quote: {sentence.note}"
        )
    return ErrorSpan(
        start=sentence.start,
        end=sentence.end,
        reason=f"{sentence.verdict}: entailment {sentence.entailment:.2f}, contradiction {sentence.contradiction:.2f}"
        + (f" ({sentence.note})" if sentence.note else ""),
    )


def release_sentences(chunk: str, wait_for_what_follows: bool = False) -> list[str]:
    """How a stream is cut: ``[complete, rest]`` once ``chunk`` holds a complete sentence, else ``[]``;
    the space after a complete sentence goes with the rest, so a cut of the next sentence takes the
    space before it, and a stream's fix ends where ``validate``'s does.

    A sentence is released when the next one starts *or* when the text so far ends with
    sentence-final punctuation, so it is checked as soon as it can be; a last sentence without
    final punctuation is checked when the stream ends (:mod:`validator.streaming`).
    ``wait_for_what_follows`` (a runner that checks what is held when the stream ends): a stop
    with nothing after it waits for the next chunk, which shows whether it ended a sentence or
    was the point of "1.9" (:meth:`ProvenanceNLI.validate_stream`).
    """
    sentences = split_sentences(chunk)
    if not sentences:
        return []
    if wait_for_what_follows and _MAY_GO_ON.search(chunk):  # "…was 1." of "1.9", or a sentence's end
        return [chunk[: sentences[-2].end], chunk[sentences[-2].end :]] if len(sentences) > 1 else []
    if _ENDS_SENTENCE.search(chunk):  # the space after it goes with the next sentence
        return [chunk[: sentences[-1].end], chunk[sentences[-1].end :]]
    if len(sentences) < 2:
        return []
    return [chunk[: sentences[-2].end], chunk[sentences[-2].end :]]


_ENDS_SENTENCE = re.compile(SENTENCE_END + r"\s*$")
_MAY_GO_ON = re.compile(SENTENCE_END + r"$")
"""A stop with nothing after it yet: the end of a sentence, or of "1." in "1.9", "Dr." in "Dr. Li"."""
_STREAM_CHECK = threading.local()
"""Whether the stream chunk this thread is checking is on a runner that checks what is held at
the end (``waits``): then a stop may wait for the next chunk (:meth:`ProvenanceNLI.validate_stream`)."""

streaming.install()
# Registered after the class body (not as a decorator) so type checkers keep ProvenanceNLI's own signature.
register_validator(name="guardrails/provenance_nli", data_type=["string", "list"])(ProvenanceNLI)
