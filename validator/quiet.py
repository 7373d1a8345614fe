"""The package is silent unless the app configures logging: no progress bars on stderr.

transformers (5.x) draws a "Loading weights" bar on every model load, and sentence-transformers
loads through it. An app that calls a Guard, or a CLI whose output is one table, should not
show them; a person who wants load times reads the ``provenance_nli`` logger at INFO.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

from transformers.utils import logging as transformers_logging

_LOCK = threading.Lock()


@contextlib.contextmanager
def quiet_loading() -> Iterator[None]:
    """Turn transformers' progress bars off while a model loads, and back on after if they were on
    (the app's own loads keep their bars). A lock, since the switch is process-wide."""
    with _LOCK:
        was_enabled = transformers_logging.is_progress_bar_enabled()
        transformers_logging.disable_progress_bar()
        try:
            yield
        finally:
            if was_enabled:
                transformers_logging.enable_progress_bar()
