"""Typed errors, so callers can tell a bad argument from a check that could not run.

Two kinds, told apart once, here:

- ``InvalidInput``: a mistake in the call (a bad argument or metadata key; a ``ValueError``). It
  is raised to the caller, at construction where it can be.
- ``NotChecked``: the text was not verified, so it never passes; the validator turns it into a
  failing result (fail closed). Either the check could not run (``CheckUnavailable``: the model,
  an endpoint, the app's retriever or the LLM judge failed, or the text is over its limit), or
  the text holds nothing that can be verified (``Unverifiable``: empty, or not valid Unicode).
"""

from __future__ import annotations

import re
from typing import TypeGuard


class InvalidInput(ValueError):
    """An argument or metadata key has the wrong type or value; the message names it."""


class NotChecked(Exception):
    """The text was not verified, so it never passes: a Guard fails it, the CLI says so."""


class CheckUnavailable(NotChecked, RuntimeError):
    """The provenance check could not run, so nothing was verified."""


class ModelUnavailable(CheckUnavailable):
    """The NLI model (or the embedder) could not be loaded or did not answer."""


class RetrievalFailed(CheckUnavailable):
    """The app's ``query_function`` or ``embed_function`` raised or returned a bad value."""


class TextTooLong(CheckUnavailable):
    """The text is longer than the configured ``max_text_chars``; it was not checked."""


class Unverifiable(NotChecked, InvalidInput):
    """The answer holds nothing that can be verified; a Guard fails it (it never passes)."""


class EmptyAnswer(Unverifiable):
    """The answer has no visible text: nothing in it can be verified, so it never passes."""

    def __init__(self, where: str = "the answer") -> None:
        super().__init__(f"{where} is empty: there is nothing to verify")


class NotUnicode(Unverifiable):
    """The answer holds a lone surrogate (what a JSON "\\ud800" escape gives): it is not text any
    tokenizer can read, so nothing in it can be verified."""

    def __init__(self, where: str = "the answer") -> None:
        super().__init__(f"{where} holds a lone surrogate (not valid Unicode): nothing in it can be verified")


_SURROGATE = re.compile("[\ud800-\udfff]")


def require_text(text: object, where: str = "the answer") -> None:
    """Raise :class:`EmptyAnswer` for a string with no visible text, and :class:`NotUnicode` for
    one with a lone surrogate (the validator, the CLI and the batch job treat them alike: a Guard
    fails an empty answer before any validator runs)."""
    if isinstance(text, str) and not text.strip():
        raise EmptyAnswer(where)
    if isinstance(text, str) and _SURROGATE.search(text):
        raise NotUnicode(where)


def is_count(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a positive integer (``True`` is not one, though Python counts it as 1)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def check_choice(name: str, value: object, choices: tuple[object, ...], otherwise: str = "") -> None:
    """Raise :class:`InvalidInput` naming ``name`` and listing ``choices`` (then ``otherwise``, a
    kind of value also accepted, such as " or a callable") unless ``value`` is one of them.

    Raises:
        InvalidInput: ``value`` is not one of ``choices``.
    """
    if value not in choices:
        raise InvalidInput(f"{name} must be one of {choices}{otherwise}, got {value!r}")


def unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object hook that refuses a key given twice (``json.loads(..., object_pairs_hook=...)``):
    a file that says ``"entailment_threshold"`` twice says two things, and neither is taken.

    Raises:
        InvalidInput: Naming the repeated key.
    """
    keys = [key for key, _ in pairs]
    if repeated := sorted({key for key in keys if keys.count(key) > 1}):
        raise InvalidInput(f"the key {repeated[0]!r} is given twice")
    return dict(pairs)
