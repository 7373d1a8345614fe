"""One timeout for every app callable the check waits on (a ``query_function``, a ``pair_scorer``,
an ``llm_callable``).

Python cannot stop a thread, so each call runs on a daemon thread of its own and is waited on for
at most ``timeout`` seconds; a call still running then is abandoned (a daemon thread never holds
the process open at exit, as a thread pool's worker would) and the caller's error is raised, so
the check fails closed instead of holding the request for as long as the app's code takes.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def is_seconds(value: object) -> bool:
    """Whether ``value`` can be a timeout: a finite number of seconds above 0 (an infinite one
    would never end a call, and the standard library's waits overflow on it)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value < math.inf


def call_with_timeout(
    function: Callable[..., T],
    timeout: float,
    error: Callable[[str], Exception],
    what: str,
    /,
    *args: Any,
    **kwargs: Any,
) -> T:
    """``function(*args, **kwargs)``, or ``error(...)`` raised when it has not answered within
    ``timeout`` seconds (its own exceptions propagate unchanged)."""
    outcome: list[tuple[bool, Any]] = []

    def run() -> None:
        try:
            outcome.append((True, function(*args, **kwargs)))
        except BaseException as raised:  # handed back to the caller's thread below
            outcome.append((False, raised))

    worker = threading.Thread(target=run, name=f"provenance-nli {what}", daemon=True)
    worker.start()
    worker.join(timeout)
    if not outcome:
        raise error(f"{what} did not answer within {timeout:g} s")
    returned, value = outcome[0]
    if not returned:
        raise value
    return value
