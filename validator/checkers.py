"""The scorers' old home, kept for release 0.4: ``from validator.checkers import MiniCheckScorer``
still works, with a ``DeprecationWarning`` naming :mod:`validator.scorers`, where they live now
("checker" means the pipeline). Removed in the release after, as the renamed settings are
(:mod:`validator.deprecation`)."""

from __future__ import annotations

from typing import Any

import validator.scorers
from validator.deprecation import warn_renamed


def __getattr__(name: str) -> Any:
    if name not in validator.scorers.__all__:
        raise AttributeError(f"module 'validator.checkers' has no attribute {name!r}")
    warn_renamed(f"validator.checkers.{name}", f"validator.scorers.{name}")
    return getattr(validator.scorers, name)
