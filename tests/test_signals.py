"""Every scored sentence's result carries its signals, through a real Guard and the
bundled model; and the decision fitted over them keeps each weight in its check's direction."""

from __future__ import annotations

import math

import numpy as np
from guardrails import Guard
from helpers import last_result, sentences_of

from training.decision import HELD_BACK, RECIPE, answer_scores, fit, leave_one_domain_out
from validator import ProvenanceNLI
from validator.decision import DIRECTION, Decision
from validator.signals import SIGNALS

SOURCE = (
    "The Riverside library opened in 1962 with 4,000 books. Its first librarian was Maria Okafor. "
    "The reading room seats 80 people."
)


def _sentences(answer: str) -> list[dict]:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    guard.validate(answer, metadata={"sources": [SOURCE]})
    return sentences_of(last_result(guard))


def test_each_scored_sentence_carries_every_signal_and_a_copy_carries_none() -> None:
    copied, reworded = _sentences("Its first librarian was Maria Okafor. The library has seats for 80 readers.")
    assert copied["method"] == "verbatim" and copied["signals"] is None
    signals = reworded["signals"]
    assert set(signals) == set(SIGNALS)
    assert all(isinstance(value, float) and math.isfinite(value) for value in signals.values())
    assert signals["entailment"] in {row[0] for row in reworded["premise_scores"]}  # a passage's own
    assert signals["number_absent"] == signals["number_rival"] == signals["number_misplaced"] == 0.0


def test_the_number_and_name_findings_are_signals_of_the_sentence_they_are_about() -> None:
    wrong_year, made_up, stranger = _sentences(
        "The Riverside library opened in 1975. It opened with 9,000 books. Its first librarian was Tom Vance."
    )
    assert wrong_year["signals"]["number_rival"] == 1.0 and wrong_year["verdict"] != "supported"
    assert made_up["signals"]["number_rival"] + made_up["signals"]["number_absent"] == 1.0
    assert stranger["signals"]["unseen_names"] > 0 and wrong_year["signals"]["unseen_names"] == 0.0


def _row(name: str, faithful: bool, entailment: float, **findings: float) -> dict:
    signals = dict.fromkeys(SIGNALS, 0.0) | {"entailment": entailment, "joint_entailment": entailment} | findings
    return {"set": name, "faithful": faithful, "sentences": [{"method": "model", "verdict": "x", "signals": signals}]}


def _rows(seed: int) -> list[dict]:
    """Two sets where a number absent from the evidence marks the *grounded* answers: a finding
    that counts against support must still not learn to count for it."""
    rng = np.random.default_rng(seed)
    rows = []
    for name in ("a", "b"):
        for _ in range(60):
            faithful = bool(rng.random() < 0.5)
            entailment = float(np.clip(rng.normal(0.7 if faithful else 0.4, 0.15), 0.01, 0.99))
            rows.append(_row(name, faithful, entailment, number_absent=float(faithful and rng.random() < 0.8)))
    return rows


def test_a_finding_never_learns_to_count_for_support() -> None:
    decision = fit(_rows(0), cut=0.53)
    weights = dict(zip(SIGNALS, decision.weights, strict=True))
    assert weights["number_absent"] <= 0.0 and weights["entailment"] > 0.0
    assert DIRECTION["number_absent"] < 0
    assert all(weights[name] == 0.0 for name in SIGNALS if name not in RECIPE.weighed)


def test_a_held_back_finding_fails_the_answer_whatever_the_probability() -> None:
    decision = fit(_rows(1), cut=0.53)
    for finding in HELD_BACK:
        [score] = answer_scores([_row("a", True, 0.99, **{finding: 1.0})], decision)
        assert score < 0.0, finding


def test_leave_one_domain_out_never_fits_on_the_set_it_judges() -> None:
    rows = _rows(2) + [_row("c", i % 2 == 0, 0.9 if i % 2 == 0 else 0.2) for i in range(40)]
    candidate = fit([r for r in rows if r["set"] in ("a", "b")], cut=0.53)
    table = leave_one_domain_out(rows, ["a", "b"], candidate, cut=0.53)
    assert table["c"]["evaluation_only"] and not table["a"]["evaluation_only"]
    assert table["c"]["decision"]["auroc"] == 1.0 and table["c"]["before"]["auroc"] == 1.0
    assert isinstance(candidate, Decision)
