"""How far a rule's finding may be trusted alone: certain where it compares exactly, else weighed.

The number and binding rules read what the model decided, and where they find something wrong
they fail the sentence, even one the model supports (a *veto*). Findings are of two sorts:

- **exact** (:data:`EXACT`): the sentence states a value the evidence states otherwise in the same
  place: an identifier, code or address written with another character or part; a number whose
  role the evidence fills with another value; a sentence of a passage with its value changed
  (decimals and units included). Such a comparison is right by construction, so its verdict is
  certain (confidence 1.0) and fails under every ``uncertain`` and every ``fail_on``.
- **attributing** (every other kind): which entity, clause or passage a value belongs to, read
  from the sentence's words. These are weighed by what they were measured to be: the table
  (``precision.json`` beside this module, written by ``python -m training.decision precision``
  from ``make decision``'s collected answers) counts, for each kind and each set a decision may be
  fitted on, the answers it failed and how many of them were ungrounded. Its ``confidence`` is the
  lower bound of the 95% (Wilson) interval of that precision; it is certain only where at least
  :data:`MIN_VETOES` vetoes were measured and that bound reaches :data:`CERTAIN`. Below that it
  still fails under the default policy (``uncertain="fail"``), but it is ``needs_review``, so
  ``uncertain="flag"`` keeps the sentence and shows the finding to a reviewer.

``docs/verdicts.md`` publishes the table as :func:`table_rows` gives it.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

CERTAIN = 0.95
"""The lower bound of measured precision an attributing finding needs to decide alone."""
MIN_VETOES = 30
"""Vetoes an attributing kind needs measured before it may be certain: fewer say too little."""
EXACT: frozenset[str] = frozenset({"identifier", "number_rival", "value_changed"})
"""The findings that compare a value exactly with the one the evidence gives in its place."""
TABLE = Path(__file__).with_name("precision.json")
_Z = 1.96


@dataclass(frozen=True)
class Trust:
    """What a finding's verdict is worth: its confidence, whether it is certain, and whether it
    compares exactly (certain by construction) or attributes (weighed by measurement)."""

    kind: str
    precision: float
    certain: bool
    exact: bool = False
    vetoes: int = 0


@cache
def _table() -> dict[str, dict[str, list[int]]]:
    """Per finding, per set: [ungrounded, failed] (the answers it failed, and the wrong ones)."""
    return json.loads(TABLE.read_text(encoding="utf-8"))["findings"]


def wilson_lower(right: int, total: int) -> float:
    """The lower end of the 95% Wilson score interval of ``right`` out of ``total`` (0 for none)."""
    if total == 0:
        return 0.0
    share = right / total
    centre = share + _Z**2 / (2 * total)
    spread = _Z * math.sqrt(share * (1 - share) / total + _Z**2 / (4 * total**2))
    return (centre - spread) / (1 + _Z**2 / total)


def trust(kind: str) -> Trust:
    """How far the finding ``kind`` (a :data:`~validator.rules.numbers.comparison.FindingKind`,
    ``value_changed`` or ``fused``) may be trusted (the module docstring). A kind the table does
    not hold is weighed by every attributing kind's findings together."""
    if kind in EXACT:
        return Trust(kind, 1.0, certain=True, exact=True)
    table = _table()
    attributing = {name: sets for name, sets in table.items() if name not in EXACT}
    cells = list(table[kind].values()) if kind in table else [c for sets in attributing.values() for c in sets.values()]
    ungrounded, failed = sum(c[0] for c in cells), sum(c[1] for c in cells)
    lower = wilson_lower(ungrounded, failed)
    certain = kind in table and failed >= MIN_VETOES and lower >= CERTAIN
    return Trust(kind, round(lower, 3), certain, exact=False, vetoes=failed)


def table_rows() -> list[tuple[str, str, str, float, bool]]:
    """(kind, "exact" or "attributing", what it was measured as, confidence, certain) for every kind
    a finding may have: the table ``docs/verdicts.md`` publishes (a test keeps the two equal)."""
    measured = _table()
    kinds = sorted(EXACT | set(measured) | {"number_misplaced", "number_absent", "span_end", "age", "joined"})
    rows = []
    for kind in kinds:
        found = trust(kind)
        if found.exact:
            basis = "compared exactly"
        elif kind in measured:
            basis = f"{found.vetoes} vetoes"
        else:
            basis = f"not measured: all attributing kinds ({found.vetoes} vetoes)"
        rows.append((kind, "exact" if found.exact else "attributing", basis, found.precision, found.certain))
    return rows


def markdown_table() -> str:
    """:func:`table_rows` as the Markdown table of ``docs/verdicts.md``."""
    lines = ["| finding | sort | basis | confidence | decides alone |", "| --- | --- | --- | --- | --- |"]
    for kind, sort, basis, confidence, certain in table_rows():
        lines.append(f"| `{kind}` | {sort} | {basis} | {confidence:.3f} | {'yes' if certain else 'no'} |")
    return "\n".join(lines)
