"""Renamed arguments keep their old names for one release, through one decorator.

sentence-transformers' ``CrossEncoder`` renames arguments the same way: a caller's code (or a
Guard saved with ``Guard.to_dict()`` before the rename, which guardrails-api rebuilds by keyword)
keeps working, and the warning says what to write instead.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Any, TypeVar

from validator.errors import InvalidInput

F = TypeVar("F", bound=Callable[..., Any])

RENAMED_SETTINGS = {
    "min_confidence": "entailment_threshold",
    "scorer": "scorer_mode",
    "settings": "settings_file",
}
"""Old setting name → new, for release 0.4 (the old names go in the release after)."""


def warn_renamed(old: str, new: str) -> None:
    """Tell the code that used ``old`` (the caller of the function that calls this) that it is
    ``new`` now, and goes in the release after this one."""
    warnings.warn(f"{old} is renamed {new}; the old name still works in this release only", DeprecationWarning, 3)


def renamed_arguments(renames: dict[str, str]) -> Callable[[F], F]:
    """Let ``function`` take each old keyword name in ``renames`` as its new one, with a
    ``DeprecationWarning``.

    Raises:
        InvalidInput: Both an old name and its new one are given (which one is meant?).
    """

    def decorate(function: F) -> F:
        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            for old, new in renames.items():
                if old not in kwargs:
                    continue
                if new in kwargs:
                    raise InvalidInput(f"{old} is the old name of {new}: pass {new} only")
                warn_renamed(f"{old}=", f"{new}=")
                kwargs[new] = kwargs.pop(old)
            return function(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate
