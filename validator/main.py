"""The Guardrails adapter: ``ProvenanceNLI`` turns a :class:`CheckReport` into a result.

All the work happens in :mod:`validator.pipeline`; this module only translates between
guardrails (arguments, metadata, Pass/FailResult, error spans, streaming chunks) and it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Literal

from guardrails.types import OnFailAction
from guardrails.validator_base import (
    ErrorSpan,
    FailResult,
    PassResult,
    ValidationResult,
    Validator,
    register_validator,
)

from validator import defaults
from validator.errors import CheckUnavailable, EmptyAnswer, InvalidInput, require_text
from validator.judge import LLMCallable, LLMJudge, ScorerMode
from validator.pipeline import CheckRequest, ProvenanceChecker, ValidationMethod, describe
from validator.remote import RemoteScorer
from validator.retrieval import Retrieval
from validator.scoring import Backend, NLIScorer, PairScorer
from validator.splitting import split_sentences
from validator.verdicts import FAILABLE_VERDICTS, Thresholds, parse_fail_on

__all__ = ["ProvenanceNLI"]

GUARDRAILS_KEYWORDS = frozenset({"use_local", "validation_endpoint"})
"""Keywords the guardrails ``Validator`` base class takes besides ``on_fail``."""


class ProvenanceNLI(Validator):
    """Flags sentences of an LLM answer that its sources contradict or do not support.

    Each sentence is matched to its top-k source passages (embedding search over
    ``sources``, or the app's ``query_function``), and an NLI model decides whether the
    passages, alone or joined, entail it, contradict it, or neither.

    **Key Properties**

    | Property                      | Description                         |
    | ----------------------------- | ----------------------------------- |
    | Name for `format` attribute   | `guardrails/provenance_nli`         |
    | Supported data types          | `string`                            |
    | Programmatic fix              | The text minus the failing sentences, byte for byte |

    Args:
        inference_endpoint: A remote scoring URL (KServe v2, e.g. the Ray Serve app in
            :mod:`validator.serving`). Same as ``use_local=False, validation_endpoint=URL``.
        model_name: Local folder or hub id of any 2- or 3-way NLI sequence classifier.
            Defaults to the bundled model (offline).
        model_checkpoint_path: Fine-tuned weights over ``model_name`` (``.safetensors`` or a
            state dict, read with ``weights_only=True``).
        top_k: Passages per sentence. Defaults to 3.
        max_length: Tokens per model input; longer passages are scored as windows.
            Defaults to 256.
        min_confidence: Entailment probability needed to count as supported. Defaults to
            the threshold in the model folder.
        on_fail: The guardrails on-fail policy. Defaults to ``exception``.
        device: ``cpu``, ``cuda``, ``mps``…; ``None`` picks CUDA, then MPS, then CPU.
        batch_size: Model inputs per forward pass. Defaults to 8 on a CPU, 64 on a GPU.
        backend: ``"torch"``, or ``"onnx"`` for an int8 ONNX Runtime copy of the model on
            the CPU (``pip install "provenance-nli[onnx]"``). Defaults to ``"torch"``.
        fail_on: Verdicts that fail validation: ``"contradicted"``, ``"unsupported"`` or
            both. Defaults to both.
        contradiction_threshold: Contradiction probability for ``contradicted``. Defaults
            to the model folder's.
        review_threshold: Verdicts less confident than this are flagged ``needs_review``.
            Defaults to 0.8.
        validation_method: ``"sentence"`` (each sentence) or ``"full"`` (the whole text as
            one claim). Defaults to ``"sentence"``.
        joint_premise: Also score each sentence against its top-k passages joined.
            Defaults to True.
        max_text_chars: Longer values fail closed without being checked. Defaults to 200,000.
        max_source_chars: Sources longer than this in all fail closed without being
            checked. Defaults to 2,000,000.
        query_timeout: Seconds a ``query_function`` call may take; a slower one fails
            closed. Defaults to 30.
        retrieval: How ``sources`` are searched: ``"hybrid"`` (BM25 and embeddings, fused by
            reciprocal rank), ``"dense"`` or ``"lexical"``. Defaults to ``"hybrid"``.
        scorer: ``"nli"`` (the NLI model; offline), ``"llm"`` (an LLM judge decides what the
            deterministic checks leave open) or ``"cascade"`` (the NLI model first, the judge
            only where it is not confident). Defaults to ``"nli"``.
        llm_callable: For ``"llm"`` / ``"cascade"``: a LiteLLM model name (``"gpt-4o-mini"``,
            ``"openai/<name>"`` with ``llm_kwargs={"api_base": ...}``), or ``f(prompt) -> str``.
        llm_kwargs: Passed to ``litellm.completion`` (``api_base``, ``api_key``…).
        llm_timeout: Seconds per judge call (retried with back-off on rate limits, 5xx and
            timeouts, then fail closed). Defaults to 30.
        llm_max_concurrency: Judge calls in flight at once. Defaults to 8.
        use_local: ``False`` sends the NLI pairs to ``validation_endpoint`` (guardrails'
            keyword). Only an explicit ``False`` does: the rc file's remote-inference
            setting is not followed, since the hub hosts no endpoint for this validator and
            a local check should not send text off the machine unasked.
        validation_endpoint: Where ``use_local=False`` sends pairs (required with it: the
            hub hosts no endpoint for this validator). The hub token is sent to the hub only.
        endpoint_timeout: Seconds to wait for the remote endpoint. Defaults to 30.
        settings: A settings file (``python -m validator calibrate --output``) whose temperature
            and thresholds replace the model folder's: the cut fitted to your own labelled
            answers. Its labels must be the model's. Defaults to None (the model's own).
        report: ``"html"`` adds a self-contained HTML page of the verdicts to the result's
            ``metadata["provenance_nli"]["html"]`` (see :meth:`CheckReport.to_html`), for an
            app to store beside a flagged answer. Defaults to None (no page).

    With remote scoring, retrieval and verdicts still run here; ``model_name`` names the
    model the endpoint serves (for its tokenizer and thresholds), and ``device``,
    ``batch_size``, ``backend`` and ``model_checkpoint_path`` are the server's business.
    A timeout, refused connection, error status or malformed body fails closed.

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

    def __init__(
        self,
        inference_endpoint: str | None = None,
        model_name: str | None = None,
        model_checkpoint_path: str | None = None,
        top_k: int = defaults.TOP_K,
        max_length: int = defaults.MAX_LENGTH,
        min_confidence: float | None = None,
        on_fail: Callable[..., Any] | OnFailAction | str | None = None,
        *,
        device: str | None = None,
        batch_size: int | None = None,
        backend: Backend = "torch",
        fail_on: str | Sequence[str] = FAILABLE_VERDICTS,
        contradiction_threshold: float | None = None,
        review_threshold: float = defaults.REVIEW_THRESHOLD,
        validation_method: ValidationMethod = "sentence",
        joint_premise: bool = True,
        max_text_chars: int = defaults.MAX_TEXT_CHARS,
        max_source_chars: int = defaults.MAX_SOURCE_CHARS,
        query_timeout: float = defaults.QUERY_TIMEOUT_S,
        retrieval: Retrieval = "hybrid",
        scorer: ScorerMode = "nli",
        llm_callable: LLMCallable | None = None,
        llm_kwargs: dict[str, Any] | None = None,
        llm_timeout: float = defaults.LLM_TIMEOUT_S,
        llm_max_concurrency: int = defaults.LLM_MAX_CONCURRENCY,
        endpoint_timeout: float = defaults.REMOTE_TIMEOUT_S,
        report: Literal["html"] | None = None,
        settings: str | None = None,
        **kwargs: Any,
    ) -> None:
        if report not in (None, "html"):
            raise InvalidInput(f'report must be None or "html", got {report!r}')
        if unknown := sorted(set(kwargs) - GUARDRAILS_KEYWORDS):
            raise TypeError(f"ProvenanceNLI got unexpected keyword arguments {unknown}")
        if isinstance(on_fail, str) and not isinstance(on_fail, OnFailAction):
            if on_fail.lower() not in {action.value for action in OnFailAction}:
                raise InvalidInput(
                    f"on_fail must be one of {[a.value for a in OnFailAction]} or a callable, got {on_fail!r}"
                )
            on_fail = OnFailAction(on_fail.lower())
        super().__init__(
            on_fail=on_fail,
            inference_endpoint=inference_endpoint,
            model_name=model_name,
            model_checkpoint_path=model_checkpoint_path,
            top_k=top_k,
            max_length=max_length,
            min_confidence=min_confidence,
            device=device,
            batch_size=batch_size,
            backend=backend,
            fail_on=fail_on,
            contradiction_threshold=contradiction_threshold,
            review_threshold=review_threshold,
            validation_method=validation_method,
            joint_premise=joint_premise,
            max_text_chars=max_text_chars,
            max_source_chars=max_source_chars,
            query_timeout=query_timeout,
            retrieval=retrieval,
            scorer=scorer,
            llm_callable=llm_callable if isinstance(llm_callable, str) else None,
            llm_timeout=llm_timeout,
            llm_max_concurrency=llm_max_concurrency,
            endpoint_timeout=endpoint_timeout,
            report=report,
            settings=settings,
            **kwargs,
        )
        self._report = report
        self._fail_on = parse_fail_on(fail_on)
        self._explicit_endpoint = bool(kwargs.get("validation_endpoint"))
        endpoint = self._remote_endpoint(inference_endpoint, kwargs.get("use_local"))
        pair_scorer: PairScorer = (
            RemoteScorer(endpoint, model_name, max_length=max_length, timeout=endpoint_timeout, settings_file=settings)
            if endpoint
            else NLIScorer(
                model_name,
                checkpoint_path=model_checkpoint_path,
                device=device,
                max_length=max_length,
                batch_size=batch_size,
                backend=backend,
                settings_file=settings,
            )
        )
        model_settings = pair_scorer.settings
        thresholds = Thresholds(
            entailment=model_settings.entailment_threshold if min_confidence is None else min_confidence,
            contradiction=model_settings.contradiction_threshold
            if contradiction_threshold is None
            else contradiction_threshold,
            review=review_threshold,
        )
        self._checker = ProvenanceChecker(
            pair_scorer,
            top_k=top_k,
            thresholds=thresholds,
            joint_premise=joint_premise,
            validation_method=validation_method,
            max_text_chars=max_text_chars,
            max_source_chars=max_source_chars,
            query_timeout=query_timeout,
            embed_device=device,
            retrieval=retrieval,
            scorer_mode=scorer,
            judge=LLMJudge(llm_callable, llm_kwargs, timeout=llm_timeout, max_concurrency=llm_max_concurrency)
            if scorer != "nli" and llm_callable is not None
            else None,
        )

    def _remote_endpoint(self, inference_endpoint: str | None, use_local: bool | None) -> str | None:
        """The URL to score on, or None to score here."""
        if inference_endpoint and use_local is True:
            raise InvalidInput("inference_endpoint scores remotely, which contradicts use_local=True; pass one")
        if inference_endpoint:
            return inference_endpoint
        if use_local is False and not self._explicit_endpoint:
            raise InvalidInput(
                "use_local=False needs validation_endpoint=URL (or inference_endpoint=URL): the guardrails hub "
                "hosts no endpoint for this validator"
            )
        return self.validation_endpoint if use_local is False else None

    def _validate(self, value: Any, metadata: dict[str, Any]) -> ValidationResult:
        """Check ``value`` against the evidence in ``metadata``; fail closed if that cannot run."""
        metadata = metadata or {}
        request = CheckRequest.from_metadata(value, metadata)
        try:
            require_text(value)
            report = self._checker.check(request)
        except (CheckUnavailable, EmptyAnswer) as error:
            return FailResult(
                error_message=f"Provenance check could not run, so nothing was verified: {error}",
                fix_value="",
                metadata={**metadata, "provenance_nli": {"error": str(error), "error_type": type(error).__name__}},
            )
        # guardrails feeds a result's metadata into the next check (streaming, fix_reask), so
        # the caller's keys are passed through and ours are added under one key.
        details = {
            **metadata,
            "provenance_nli": {
                "sentences": [s.to_dict() for s in report.sentences],
                "fail_on": sorted(self._fail_on),
                "model": self._checker.scorer.model_name,
                **({"llm": report.llm} if report.llm is not None else {}),
                **({"html": report.to_html(self._fail_on)} if self._report == "html" else {}),
            },
        }
        failing = report.failing(self._fail_on)
        if not failing:
            return PassResult(metadata=details)
        return FailResult(
            error_message=(
                f"{len(failing)} of {len(report.sentences)} sentences are not supported by the "
                f"sources:\n{describe(failing)}"
            ),
            fix_value=report.without(failing),
            error_spans=[
                ErrorSpan(start=s.quote_start, end=s.quote_end, reason=f"fabricated_quote: {s.note}")
                if s.quote_start is not None and s.quote_end is not None
                else ErrorSpan(
                    start=s.start,
                    end=s.end,
                    reason=f"{s.verdict}: entailment {s.entailment:.2f}, contradiction {s.contradiction:.2f}"
                    + (f" ({s.note})" if s.note else ""),
                )
                for s in failing
            ],
            metadata=details,
        )

    def _chunking_function(self, chunk: str) -> list[str]:
        """Streaming: release every sentence as soon as it is complete.

        guardrails validates the text still held at the end of a stream only with
        ``on_fail="fix"``; in every other mode a held-back last sentence would stream out
        unchecked. So a sentence is released when the next one starts *or* when the text so
        far ends with sentence-final punctuation. A "sentence" cut early (``3.`` of ``3.50``
        arriving in two chunks) is checked in two parts, which can only flag more, never less.
        """
        sentences = split_sentences(chunk)
        if not sentences:
            return []
        if _ENDS_SENTENCE.search(chunk):
            return [chunk, ""]
        if len(sentences) < 2:
            return []
        return [chunk[: sentences[-1].start], chunk[sentences[-1].start :]]

    def validate_stream(self, chunk: Any, metadata: dict[str, Any], **kwargs: Any) -> ValidationResult | None:
        """Refuse ``refrain`` and ``filter`` in streaming: guardrails' stream runner cannot apply
        them (it fails with a ``TypeError`` after the earlier chunks have gone out)."""
        if self.on_fail_descriptor in (OnFailAction.REFRAIN, OnFailAction.FILTER):
            raise InvalidInput(
                f"on_fail={self.on_fail_descriptor.value!r} does not work with stream=True in guardrails; "
                "stream with on_fail='fix' (drops failing sentences) or 'exception', or do not stream"
            )
        return super().validate_stream(chunk, metadata, **kwargs)


_ENDS_SENTENCE = re.compile(r"[.!?…。！？][\"'”’)\]»]*\s*$")

# Registered after the class body (not as a decorator) so type checkers keep ProvenanceNLI's own signature.
register_validator(name="guardrails/provenance_nli", data_type="string")(ProvenanceNLI)
