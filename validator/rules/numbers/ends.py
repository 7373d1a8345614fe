"""Which end of a span of times a time is: "The pool opens at 10pm." is not vouched for by "The
pool is open from 6am until 10pm.", whose 10pm is the end of the opening hours, nor "Visiting
hours end at 2pm." by "Visiting hours are 2pm-8pm.". The number rule finds each time in the
evidence and, alone, takes it for the claim's: the other end of a range vouched for it.

A claim's time has a role where the words just before it say which end it is (:data:`STARTS`:
"opens at", "starts at", "from"; :data:`ENDS`: "closes at", "ends at", "until"). An evidence time
has one where it is one end of a span written side by side, the earlier first
(:func:`~validator.rules.numbers.values.a_span`: "from 6am until 10pm", "2pm-8pm", "10 a.m. to 6
p.m."), or by the same words. A claim's time whose value the evidence gives only at the other end
is **contradicted**; where the evidence also gives the value with no role, or in the claim's,
the number rule and the model decide as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from validator.rules.numbers.reading import find_numbers
from validator.rules.numbers.values import Number, a_span
from validator.text import stem

Role = Literal["start", "end"]

STARTS = frozenset(stem(word) for word in ["open", "opens", "opening", "start", "starts", "begin", "begins", "from"])
"""Words before a time that make it the start of a span ("opens at 9am", "from 9am")."""
ENDS = frozenset(
    stem(word)
    for word in ["close", "closes", "closing", "end", "ends", "finish", "finishes", "shut", "shuts", "until", "till"]
)
"""Words before a time that make it the end of a span ("closes at 5pm", "until 5pm")."""


def _said_role(number: Number) -> Role | None:
    """The end of a span the word nearest before ``number`` that names one makes it ("until" of
    "is open until 6pm", not "open")."""
    for word in reversed(number.lead):
        if (stemmed := stem(word)) in STARTS:
            return "start"
        if stemmed in ENDS:
            return "end"
    return None


def _evidence_roles(times: Sequence[Number]) -> list[tuple[Number, Role | None]]:
    """Each time of one text with its role: an end of a span written side by side, else the one
    its words give it, else none."""
    roles: list[Role | None] = [_said_role(time) for time in times]
    for i in range(len(times) - 1):
        if a_span(times[i], times[i + 1]):
            roles[i], roles[i + 1] = "start", "end"
    return list(zip(times, roles, strict=True))


def check_ends(claim: str, evidence: Sequence[str]) -> tuple[Literal["contradicted"], str] | None:
    """``None`` unless a time of ``claim`` said to be one end of a span is a value the evidence
    gives only at the other end; then the verdict and a note naming both."""
    claimed = [(time, role) for time in find_numbers(claim) if time.unit == "time" and (role := _said_role(time))]
    if not claimed:
        return None
    given = [pair for text in evidence for pair in _evidence_roles([n for n in find_numbers(text) if n.unit == "time"])]
    for time, role in claimed:
        roles = {other_role for other, other_role in given if other.value == time.value}
        if roles and role not in roles and None not in roles:
            other = "end" if role == "start" else "start"
            shown = time.text[:-1] if time.text.count(".") == 1 and time.text.endswith(".") else time.text  # "10pm."
            return "contradicted", f"the evidence gives {shown} as the {other} of a span, not its {role}"
    return None
