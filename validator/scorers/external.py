"""The pair-scorer interface, and the adapter that runs any implementation in the pipeline."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

from validator import defaults
from validator.errors import CheckUnavailable, InvalidInput, ModelUnavailable
from validator.scorers.base import ModelSettings, PairScorer, checked_probabilities, named_columns
from validator.timeouts import call_with_timeout


@runtime_checkable
class PairScorerProtocol(Protocol):
    """What a checker must offer to run inside the pipeline.

    ``labels`` names the columns of what ``predict`` returns: it must include ``"entailment"``
    (or ``"supported"``); ``"contradiction"`` and ``"neutral"`` / ``"not_entailment"`` are
    optional. ``predict`` returns, for each (premise, hypothesis) pair, one row of probabilities
    in ``labels`` order (an array-like of shape ``(len(pairs), len(labels))``; numpy, torch on
    the CPU or nested lists), each row summing to 1.

    Examples:
        >>> class Scripted:
        ...     labels = ("not_entailment", "entailment")
        ...     def predict(self, pairs):
        ...         return [[0.1, 0.9] if h in p else [0.9, 0.1] for p, h in pairs]
    """

    @property
    def labels(self) -> Sequence[str]: ...

    def predict(self, pairs: list[tuple[str, str]]) -> Any: ...


class ExternalScorer(PairScorer):
    """A :class:`PairScorerProtocol` object as the pipeline's scorer.

    What it returns is trusted only as far as it can be checked
    (:func:`~validator.scorers.base.checked_probabilities`, as for a remote endpoint): anything else,
    and any exception it raises, is :class:`ModelUnavailable`, so the check fails closed and
    names the scorer.

    Args:
        checker: The object with ``labels`` and ``predict``.
        max_length: Tokens of a sentence the pipeline still checks, counted with the bundled
            model's tokenizer (retrieval's token chunking uses it too). Defaults to 256.
        settings_file: Thresholds fitted to this checker's probabilities (``calibrate``; its
            ``labels`` must be the checker's). Defaults to 0.5 for entailment and contradiction.
        timeout: Seconds one ``predict`` call may take; a slower one fails closed, as a slow
            ``query_function`` or LLM judge does. Defaults to 30.

    Raises:
        InvalidInput: ``checker`` has no ``predict`` or its ``labels`` do not say which column
            is entailment.
    """

    def __init__(
        self,
        checker: Any,
        *,
        max_length: int = defaults.MAX_LENGTH,
        settings_file: str | None = None,
        timeout: float = defaults.REMOTE_TIMEOUT_S,
    ) -> None:
        name = describe_checker(checker)
        labels = getattr(checker, "labels", None)
        if not callable(getattr(checker, "predict", None)) or labels is None:
            raise InvalidInput(f"pair_scorer {name} must have labels (a list of names) and predict(pairs)")
        try:
            named_columns(labels)
        except InvalidInput as error:
            raise InvalidInput(f"pair_scorer {name}: {error}") from error
        super().__init__(None, max_length=max_length)
        self.checker = checker
        self.timeout = timeout
        self.labels = tuple(labels)
        self._name = name
        self.settings = (
            ModelSettings() if settings_file is None else ModelSettings.from_file(settings_file, name, self.labels)
        )

    @property
    def name(self) -> str:
        return self._name

    @property
    def label_count(self) -> int:
        return len(self.labels)

    def score(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        if not pairs:
            return np.zeros((0, 3), dtype=np.float32)
        try:
            values = call_with_timeout(
                self.checker.predict, self.timeout, ModelUnavailable, f"pair_scorer {self.name}", list(pairs)
            )
        except CheckUnavailable:
            raise
        except Exception as error:  # the app's code: any failure means nothing was checked
            raise ModelUnavailable(f"pair_scorer {self.name} raised {type(error).__name__}: {error}") from error
        return checked_probabilities(values, self.labels, len(pairs), f"pair_scorer {self.name} gave malformed output")


def describe_checker(checker: object) -> str:
    """A checker's ``name`` attribute, else its class name."""
    name = getattr(checker, "name", None)
    return name if isinstance(name, str) and name else type(checker).__name__


def as_pair_scorer(scorer: PairScorer | PairScorerProtocol) -> PairScorer:
    """``scorer`` as the pipeline's scorer: one of its own as it is, anything else adapted."""
    return scorer if isinstance(scorer, PairScorer) else ExternalScorer(scorer)
