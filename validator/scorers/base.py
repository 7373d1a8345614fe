"""What every scorer of (premise, hypothesis) pairs shares, wherever its model runs.

:class:`PairScorer` is what the pipeline asks of a scorer: calibrated probabilities in
ENTAILMENT, NEUTRAL, CONTRADICTION order, the thresholds that go with the model
(:class:`ModelSettings`) and its tokenizer. Label columns come from ``config.id2label`` (never
hard-coded indices), so 2-way (entailment / not-entailment) and 3-way models, in any label order,
all work; :func:`checked_probabilities` holds an outside scorer's answer to the same contract.
"""

from __future__ import annotations

import json
import logging
import threading
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from transformers import AutoConfig, AutoTokenizer

from validator import defaults
from validator.errors import InvalidInput, ModelUnavailable, is_count, unique_keys
from validator.labels import CONTRADICTION, ENTAILMENT, NEUTRAL

if TYPE_CHECKING:
    from validator.decision import Decision

logger = logging.getLogger("provenance_nli")


_LABEL_ALIASES = {
    "entailment": ENTAILMENT,
    "entailed": ENTAILMENT,
    "supported": ENTAILMENT,
    "true": ENTAILMENT,
    "neutral": NEUTRAL,
    "not_entailment": NEUTRAL,
    "non_entailment": NEUTRAL,
    "not entailment": NEUTRAL,
    "not-entailment": NEUTRAL,
    "neither": NEUTRAL,
    "contradiction": CONTRADICTION,
    "contradicted": CONTRADICTION,
    "refuted": CONTRADICTION,
    "false": CONTRADICTION,
}


def label_columns(id2label: dict[int, str]) -> list[int]:
    """Map each model output index to ENTAILMENT, NEUTRAL or CONTRADICTION.

    Raises:
        InvalidInput: When the names do not say which column means entailment.
    """
    columns = [_LABEL_ALIASES.get(str(id2label[i]).strip().lower()) for i in range(len(id2label))]
    if ENTAILMENT not in columns or any(column is None for column in columns) or len(set(columns)) != len(columns):
        raise InvalidInput(
            f"cannot read NLI labels from config.id2label={id2label}: expected names such as "
            "'entailment', 'neutral' / 'not_entailment' and 'contradiction'"
        )
    return [int(c) for c in columns if c is not None]


ROW_SUM_TOLERANCE = 1e-3


def checked_probabilities(values: Any, labels: Sequence[str], rows: int, origin: str) -> np.ndarray:
    """``(rows, 3)`` probabilities in ENTAILMENT, NEUTRAL, CONTRADICTION order from a scorer's
    ``(rows, len(labels))`` output, whose columns ``labels`` names.

    A scorer's output is trusted only as far as it can be checked, because a wrong one would make
    sentences pass: at least two distinct label names including entailment, numbers (not strings
    or booleans) of exactly that shape, finite, in [0, 1], and rows that sum to 1 (probabilities,
    not logits). A remote endpoint's response and an app's own pair scorer both go through here.

    Raises:
        ModelUnavailable: ``origin`` (who sent it, and that it is malformed), then what is wrong.
    """

    def malformed(reason: str) -> ModelUnavailable:
        return ModelUnavailable(f"{origin}: {reason}")

    try:
        columns = named_columns(labels)
    except InvalidInput as error:
        raise malformed(str(error)) from error
    if isinstance(values, (list, tuple)):
        grid = np.asarray(values, dtype=object)
        if not all(_is_number(value) for value in grid.ravel()):
            raise malformed("probabilities must be numbers, not strings, booleans or nested lists of other lengths")
    else:
        try:
            grid = np.asarray(values)
        except Exception as error:  # an object numpy cannot read as an array
            raise malformed(f"not an array of numbers: {type(values).__name__}") from error
        if grid.dtype.kind not in "fiu":
            raise malformed(f"probabilities must be numbers, got an array of {grid.dtype}")
    if grid.shape != (rows, len(labels)):
        raise malformed(f"shape {grid.shape} is not ({rows}, {len(labels)})")
    probabilities = grid.astype(np.float64)
    if not np.isfinite(probabilities).all():
        raise malformed("probabilities that are not finite numbers")
    if (probabilities < 0).any() or (probabilities > 1).any():
        raise malformed("probabilities outside [0, 1]")
    if rows and np.abs(probabilities.sum(axis=1) - 1.0).max() > ROW_SUM_TOLERANCE:
        raise malformed("rows that do not sum to 1 (logits or scores, not probabilities)")
    result = np.zeros((rows, 3), dtype=np.float32)
    result[:, columns] = probabilities
    return result


def named_columns(labels: Any) -> list[int]:
    """The ENTAILMENT / NEUTRAL / CONTRADICTION column of each of a scorer's ``labels``.

    Raises:
        InvalidInput: ``labels`` are not at least two names, or do not say which is entailment.
    """
    names = isinstance(labels, Sequence) and not isinstance(labels, str) and len(labels) >= 2
    if not names or not all(isinstance(label, str) for label in labels):
        raise InvalidInput(f"labels must be a list of at least two names, got {labels!r:.200}")
    return label_columns(dict(enumerate(labels)))


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, (bool, np.bool_))


@dataclass(frozen=True)
class ModelSettings:
    """What a model folder says about itself in ``provenance_nli.json`` (all optional)."""

    temperature: float = 1.0
    entailment_threshold: float = defaults.ENTAILMENT_THRESHOLD
    contradiction_threshold: float = defaults.CONTRADICTION_THRESHOLD
    false_alarm_budget: Mapping[str, Any] | None = field(default=None, compare=False)
    """Where ``calibrate --max-false-alarms`` chose the cut: the budget and the rates it achieved
    on the labelled rows (shown by :meth:`~validator.pipeline.ProvenanceChecker.settings`)."""
    decision: Decision | None = field(default=None, compare=False)
    """Where ``calibrate`` learned one that beat the entailment alone on held-out answers: the
    weights over each sentence's signals that decide in the entailment's place
    (:class:`validator.decision.Decision`, cut at ``entailment_threshold``)."""

    @classmethod
    def for_model(cls, model_name: str) -> ModelSettings:
        path = Path(model_name) / defaults.MODEL_SETTINGS_FILE
        if not path.is_file():
            return cls()
        try:
            values = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=unique_keys)
        except (ValueError, UnicodeDecodeError, RecursionError) as error:
            raise InvalidInput(f"{path} is not a valid settings file (a JSON object of numbers): {error}") from error
        return cls.from_dict(values, str(path))

    @classmethod
    def from_file(cls, path: str | Path, model_name: str, labels: Sequence[str] | None = None) -> ModelSettings:
        """A settings file of the same schema for ``model_name``, such as ``calibrate --output``
        writes. Its ``labels``, when it names them, must be the model's own (``labels``, else read
        from the model's config): thresholds fitted to one model's probabilities mean nothing for
        another's.

        Raises:
            InvalidInput: An unreadable file, a broken field (named), or other labels.
        """
        try:
            values = json.loads(Path(path).read_text(encoding="utf-8"), object_pairs_hook=unique_keys)
        except (OSError, ValueError, UnicodeDecodeError, RecursionError) as error:
            raise InvalidInput(f"settings file {path}: cannot read it as JSON: {error!r}") from error
        own = [str(label).lower() for label in labels] if labels is not None else model_labels(model_name)
        if isinstance(values, dict) and "labels" in values:
            given = values["labels"]
            if not isinstance(given, list) or [str(label).lower() for label in given] != own:
                raise InvalidInput(
                    f"settings file {path}: labels {given!r} are not the labels of model {model_name} ({own}); "
                    "calibrate again for this model"
                )
        settings = cls.from_dict(values, f"settings file {path}")
        check_decisive(settings.temperature, settings.entailment_threshold, len(own), f"settings file {path}")
        return settings

    @classmethod
    def from_dict(cls, values: Any, origin: str) -> ModelSettings:
        """Settings from a parsed settings file, every field checked against its sane range
        (:data:`~validator.defaults.SANE_TEMPERATURE_RANGE`, :data:`~validator.defaults.SANE_CUT_RANGE`):
        a temperature far from 1 gives probabilities of 1/3 or NaN, and an entailment cut near 0
        passes whatever the model does not call contradicted. ``labels`` and ``calibration`` (how
        a calibrated file was made) are allowed and not settings. ``origin`` names the file in the
        error.

        Raises:
            InvalidInput: Not an object, an unknown key, or a value out of range, named.
        """
        if not isinstance(values, dict):
            raise InvalidInput(f"{origin} must hold a JSON object, got {type(values).__name__}")
        calibration = values.get("calibration")
        budget = calibration.get("false_alarm_budget") if isinstance(calibration, dict) else None
        values = {key: value for key, value in values.items() if key not in _DESCRIPTIVE_KEYS}
        known = sorted(set(cls.__dataclass_fields__) - {"false_alarm_budget"})  # read from "calibration"
        if unknown := sorted(set(values) - set(known)):
            raise InvalidInput(f"{origin}: unknown setting {unknown[0]!r} (known: {known})")
        decision = values.pop("decision", None)
        for key, value in values.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise InvalidInput(f"{origin}: {key} must be a finite number, got {value!r}")
            low, high = defaults.SANE_TEMPERATURE_RANGE if key == "temperature" else defaults.SANE_CUT_RANGE
            if not (isinstance(value, float) or abs(value) < 10**6) or not low <= float(value) <= high:
                shown = f"{value!r}" if len(repr(value)) < 40 else f"{repr(value)[:20]}... ({len(repr(value))} digits)"
                raise InvalidInput(f"{origin}: {key} must be a finite number in [{low}, {high}], got {shown}")
        return cls(
            **{key: float(value) for key, value in values.items()},
            false_alarm_budget=budget if isinstance(budget, dict) else None,
            decision=None if decision is None else _learned_decision(decision, origin),
        )


_DESCRIPTIVE_KEYS = ("labels", "calibration")


def _learned_decision(values: Any, origin: str) -> Decision:
    """The settings file's ``decision``, checked (:meth:`validator.decision.Decision.from_dict`).
    Imported here: the decision reads the signals, which read this module's label columns."""
    from validator.decision import Decision

    return Decision.from_dict(values, origin)


DECISIVE_LOGIT_GAP = 5.0
"""How far apart a decisive answer's top and bottom logits lie: the bundled model's 90th
percentile on its dev mix (median 3.9). At temperature 1 a 3-way model's top label then scores 0.98."""
DECISIVE_TOP = 0.5
"""What a decisive answer must still score at the temperature: at least an even chance."""
UNDECIDED_MARGIN = 0.05
"""How far above an undecided model's probability (1 / the number of labels) an entailment cut must lie."""


def entailment_floor(n_labels: int) -> float:
    """The lowest entailment cut that does not pass what an undecided model says: clearly above
    1 / ``n_labels`` for a 3-way model (0.38), a binary model's own boundary (0.5). Rounded to two
    places, so a cut at the floor is still at it once a settings file rounds it to four
    (``calibrate`` chooses no lower cut than this, and writes only cuts the validator accepts)."""
    return 0.5 if n_labels <= 2 else round(1.0 / n_labels + UNDECIDED_MARGIN, 2)


def check_decisive(temperature: float, entailment_cut: float, n_labels: int, origin: str) -> None:
    """Refuse a temperature and entailment cut that together switch the check off, whatever each
    is alone: a cut at or below what an undecided model scores (1/3 for a 3-way model) passes
    sentences the model knows nothing about, and a temperature that flattens even a decisive
    answer below an even chance (0.5) leaves every probability near uniform (``{"temperature": 20,
    "entailment_threshold": 0.2}`` passed "Bananas are blue."). A cut no answer can reach (1.0)
    is strict, not open: it is allowed.

    Raises:
        InvalidInput: Naming the pair, what it does, and what to change.
    """
    undecided, floor = 1.0 / max(n_labels, 2), entailment_floor(n_labels)
    if entailment_cut < floor:
        raise InvalidInput(
            f"{origin}: entailment_threshold {entailment_cut:.3g} is not clearly above {undecided:.2f}, what the "
            f"model gives each of its {n_labels} labels when it cannot tell; it would pass sentences the model "
            f"knows nothing about: use at least {floor:.2f}"
        )
    decisive = np.exp(DECISIVE_LOGIT_GAP / temperature)
    top = float(decisive / (decisive + n_labels - 1))
    if top < DECISIVE_TOP:
        raise InvalidInput(
            f"{origin}: temperature {temperature:.3g} flattens even a decisive answer of the model to "
            f"{top:.2f}, below {DECISIVE_TOP}: every probability is near uniform; "
            "calibrate again (python -m validator calibrate) or lower the temperature"
        )


def model_labels(model_name: str) -> list[str]:
    """The model's label names in column order, lower-cased (from its ``config.id2label``)."""
    id2label: dict[Any, str] = dict(text_tools(model_name).config.id2label or {})
    return [str(id2label[i]).lower() for i in sorted(id2label, key=int)]


MIN_MAX_LENGTH = 2 * defaults.WINDOW_STRIDE + 32
"""The windows need room for the hypothesis, the overlap and new premise tokens."""


def check_sizes(max_length: object, batch_size: object = None) -> None:
    """Raise :class:`InvalidInput` for a ``max_length`` the windows cannot use, or a ``batch_size``
    that is not a positive integer (``None`` picks one for the device). The settings check them when
    they are made, a scorer when it is built directly."""
    if not is_count(max_length) or max_length < MIN_MAX_LENGTH:
        raise InvalidInput(
            f"max_length must be an integer of at least {MIN_MAX_LENGTH} tokens (long premises are scored in "
            f"windows that overlap by {defaults.WINDOW_STRIDE} tokens), got {max_length!r}"
        )
    if batch_size is not None and not is_count(batch_size):
        raise InvalidInput(f"batch_size must be a positive integer or None, got {batch_size!r}")


Backend = Literal["torch", "onnx"]
BACKENDS: tuple[str, ...] = ("torch", "onnx")


class TextTools:
    """A model's tokenizer and config, all a scorer needs on the caller's side (a remote
    scorer never loads the weights). The lock is there because fast tokenizers are not reentrant."""

    def __init__(self, model_name: str) -> None:
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(model_name)
            self.config = AutoConfig.from_pretrained(model_name)
        except (OSError, ValueError, KeyError) as error:
            raise ModelUnavailable(f"could not load NLI model {model_name!r} (its tokenizer): {error}") from error
        self.lock = threading.Lock()


@lru_cache(maxsize=defaults.MODEL_CACHE_SIZE)
def text_tools(model_name: str) -> TextTools:
    """One tokenizer per model name, shared by every scorer of that model."""
    return TextTools(model_name)


def _check_local_labels(model_name: str) -> None:
    """For a local model folder, read its labels now (cheap), so a model that is not an NLI
    classifier is a clear error at construction, not a failure on every check.

    Raises:
        InvalidInput: ``config.json`` is unreadable or its labels do not name entailment.
    """
    config_file = Path(model_name) / "config.json"
    if not config_file.is_file():
        return
    try:
        id2label = json.loads(config_file.read_text(encoding="utf-8")).get("id2label") or {}
        labels = {int(index): str(name) for index, name in id2label.items()}
    except (ValueError, AttributeError, UnicodeDecodeError) as error:
        raise InvalidInput(f"{config_file} is not a readable model config: {error}") from error
    if sorted(labels) != list(range(len(labels))):
        raise InvalidInput(f"{config_file}: id2label must number its labels 0..n-1, got {sorted(labels)}")
    label_columns(labels)


class PairScorer(ABC):
    """What the pipeline needs from a scorer, wherever the model runs: calibrated
    probabilities for (premise, hypothesis) pairs, the decision thresholds that go with the
    model, and its tokenizer for length checks and token chunking.

    Args:
        model_name: The model folder or hub id (its tokenizer and ``provenance_nli.json``
            are read here). Defaults to the bundled model.
        max_length: Tokens per model input; longer premises are scored as windows.
        settings_file: A settings file in place of the model folder's ``provenance_nli.json``
            (temperature and thresholds; ``python -m validator calibrate`` writes one).
    """

    def __init__(
        self, model_name: str | None = None, *, max_length: int = defaults.MAX_LENGTH, settings_file: str | None = None
    ) -> None:
        check_sizes(max_length)
        self.model_name = str(model_name or defaults.BUNDLED_MODEL_DIR)
        self.max_length = max_length
        _check_local_labels(self.model_name)
        self.settings = (
            ModelSettings.for_model(self.model_name)
            if settings_file is None
            else ModelSettings.from_file(settings_file, self.model_name)
        )

    @abstractmethod
    def score(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """Probabilities of shape ``(len(pairs), 3)`` in ENTAILMENT, NEUTRAL, CONTRADICTION order.

        Raises:
            ModelUnavailable: When the model cannot be loaded or reached.
        """

    @property
    def name(self) -> str:
        """The model, as a report or a result's metadata names it."""
        return self.model_name

    @property
    def tools(self) -> TextTools:
        return text_tools(self.model_name)

    @property
    def label_count(self) -> int:
        """How many labels the model tells apart (3 for an NLI model, 2 for a binary one): an
        undecided model gives each 1 / ``label_count``."""
        return len(model_labels(self.model_name))

    def _input_limit(self) -> int:
        model_limit = getattr(self.tools.config, "max_position_embeddings", self.max_length)
        return min(self.max_length, model_limit - 2)

    def hypothesis_fits(self, hypotheses: Sequence[str]) -> list[bool]:
        """Whether each hypothesis leaves at least half of the model input for the premise."""
        if not hypotheses:  # the tokenizer fails on an empty batch
            return []
        tools = self.tools
        with tools.lock:
            lengths = [len(ids) for ids in tools.tokenizer(list(hypotheses), add_special_tokens=False)["input_ids"]]
        return [length <= self._input_limit() // 2 for length in lengths]

    def token_offsets(self, text: str) -> list[tuple[int, int]]:
        """Character offsets of the model's tokens in ``text``, for ``chunk_strategy='token'``."""
        tools = self.tools
        with tools.lock:
            encoded = tools.tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
        return [tuple(pair) for pair in encoded["offset_mapping"]]

    def warm_up(self) -> None:
        """Load (or reach) the model now, and fail now, rather than on the first check."""
        self.score([("warm-up premise.", "warm-up hypothesis.")])
