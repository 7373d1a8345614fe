"""One timeout for every app callable the check waits on (a ``query_function``, a ``pair_scorer``).

Python cannot stop a thread, so each call runs on a worker thread of its own and is waited on for
at most ``timeout`` seconds; a call still running then is abandoned and the caller's error is
raised, so the check fails closed instead of holding the request for as long as the app's code
takes.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, wait
from typing import Any, TypeVar

T = TypeVar("T")


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
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=what.replace(" ", "_"))
    try:
        future = pool.submit(function, *args, **kwargs)
        if not wait([future], timeout=timeout).done:
            raise error(f"{what} did not answer within {timeout:g} s")
        return future.result()
    finally:
        pool.shutdown(wait=False)
