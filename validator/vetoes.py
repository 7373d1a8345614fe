"""How far a rule's finding may be trusted alone: its measured precision, shipped as data.

The number and binding rules read what the model decided, and where they find something wrong
they fail the sentence, even one the model supports (a *veto*). A veto is only as good as it was
measured to be: the table (``precision.json`` beside this module, written by
``python -m training.decision precision`` from ``make decision``'s collected answers) counts, for
each finding and each set a decision may be fitted on, the answers that finding failed and how
many of them were ungrounded.

A finding is **certain** where it was right at least :data:`CERTAIN` of the time over those sets
together and on every one of them it failed an answer of: its verdict fails under every policy.
Below that bar its verdict still fails under the default policy (``uncertain="fail"``: nothing
the evidence contradicts passes unseen), but it is unsure: its ``confidence`` is the precision
measured, and it is ``needs_review``, so ``uncertain="flag"`` keeps the sentence and shows the
finding to a reviewer. A finding the table does not hold counts as all its findings together.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

CERTAIN = 0.95
"""The precision a finding needs, overall and on every set, to decide alone (never unsure)."""
TABLE = Path(__file__).with_name("precision.json")


@dataclass(frozen=True)
class Trust:
    """What a finding's verdict is worth: its measured precision, and whether it is certain."""

    kind: str
    precision: float
    certain: bool


@cache
def _table() -> dict[str, dict[str, list[int]]]:
    """Per finding, per set: [ungrounded, failed] (the answers it failed, and the wrong ones)."""
    return json.loads(TABLE.read_text(encoding="utf-8"))["findings"]


def trust(kind: str) -> Trust:
    """How far the finding ``kind`` (a :data:`~validator.rules.numbers.comparison.FindingKind`,
    ``value_changed`` or ``fused``) may be trusted (the module docstring)."""
    table = _table()
    cells = list(table[kind].values()) if kind in table else [c for sets in table.values() for c in sets.values()]
    ungrounded, failed = sum(c[0] for c in cells), sum(c[1] for c in cells)
    precision = ungrounded / failed if failed else 0.0
    every_set = all(c[0] >= CERTAIN * c[1] for c in cells)
    return Trust(kind, round(precision, 3), kind in table and precision >= CERTAIN and every_set)
