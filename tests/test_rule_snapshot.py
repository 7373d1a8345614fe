"""Every finding of the model-free rules on some 4,800 real answer sentences, pinned (scripts/rule_snapshot.py).

A change to a rule that moves any finding fails here until the snapshot is rewritten in the same
commit (``python scripts/rule_snapshot.py --update``), whose message lists what moved and why.
"""

from __future__ import annotations

import pytest

from scripts.rule_snapshot import findings, read


@pytest.mark.slow
def test_no_finding_moves_on_the_real_answer_sentences_of_the_snapshot() -> None:
    rows = read()
    moved = []
    for row in rows:
        for answer, pinned in zip(row["answers"], row["findings"], strict=True):
            today = findings(row["sources"], answer)
            moved += [(row["set"], was, now) for was, now in zip(pinned, today, strict=True) if was != now]
            if len(today) != len(pinned):
                moved.append((row["set"], f"{len(pinned)} sentences", f"{len(today)} sentences"))
    assert sum(len(answer) for row in rows for answer in row["findings"]) > 4_000
    assert not moved, f"{len(moved)} findings moved; the first: " + "\n".join(map(str, moved[:5]))


def test_the_snapshot_holds_number_findings_of_both_verdicts_and_from_every_set() -> None:
    rows = read()
    verdicts = {f["number"][0] for row in rows for answer in row["findings"] for f in answer if f["number"]}
    assert verdicts == {"contradicted", "unsupported"}
    assert {row["set"] for row in rows} == {"bump", "expertqa", "factcheck_gpt"}
