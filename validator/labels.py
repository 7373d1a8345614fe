"""The three columns of every probability array the validator passes around, in one leaf module.

Scorers return probabilities in ENTAILMENT, NEUTRAL, CONTRADICTION order
(:mod:`validator.scorers.base` maps each model's own labels onto them). The columns live here,
importing nothing, so a module that reads probabilities (the signals, the learned decision the
scorer's settings carry) need not import the scorers.
"""

ENTAILMENT, NEUTRAL, CONTRADICTION = 0, 1, 2
"""Column order of every probability array."""
