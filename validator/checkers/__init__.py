"""Checkers other than the bundled model, run through the same pipeline.

Any object with ``labels`` and ``predict(pairs)`` (:class:`PairScorerProtocol`) can stand in
for the NLI model: ``ProvenanceNLI(pair_scorer=obj)``, ``CheckerConfig.from_settings(pair_scorer=obj)``,
``ProvenanceChecker(obj)`` or ``CitationChecker(obj)``. Its output is checked like a remote
endpoint's, and a scorer that raises or answers nonsense fails the check closed. Two adapters
for checkers people use, loaded without ``trust_remote_code``:

- :class:`MiniCheckScorer`: MiniCheck's Flan-T5 checkpoints (sequence to sequence);
- :class:`HHEMScorer`: Vectara's HHEM-2.1-open (a T5 classifier shipped with custom code,
  rebuilt here from transformers' own classes).

A 2- or 3-way sequence classifier needs no adapter: ``model_name=`` takes it.
"""

from validator.checkers.external import ExternalScorer, PairScorerProtocol, as_pair_scorer
from validator.checkers.hhem import HHEMScorer
from validator.checkers.minicheck import MiniCheckScorer

__all__ = ["ExternalScorer", "HHEMScorer", "MiniCheckScorer", "PairScorerProtocol", "as_pair_scorer"]
