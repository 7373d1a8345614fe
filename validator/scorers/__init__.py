"""Everything that scores (premise, hypothesis) pairs, behind one interface.

- :mod:`~validator.scorers.base`: :class:`PairScorer`, what the pipeline asks of a scorer
  (probabilities in ENTAILMENT, NEUTRAL, CONTRADICTION order, the model's thresholds, its
  tokenizer), and the checks an outside scorer's answer must pass;
- :mod:`~validator.scorers.nli`: :class:`NLIScorer`, the bundled model or any Hugging Face NLI
  sequence classifier, here; :mod:`~validator.scorers.onnx`, its int8 ONNX Runtime copy;
- :mod:`~validator.scorers.remote`: :class:`RemoteScorer`, the same model behind an endpoint;
- :mod:`~validator.scorers.external`: an app's own checker, any object with ``labels`` and
  ``predict(pairs)`` (:class:`PairScorerProtocol`): ``ProvenanceNLI(pair_scorer=obj)``,
  ``CheckerConfig.from_settings(pair_scorer=obj)``, ``ProvenanceChecker(obj)`` or
  ``CitationChecker(obj)``. Its output is checked like a remote endpoint's, and a scorer that
  raises or answers nonsense fails the check closed. Two adapters for checkers people use, loaded
  without ``trust_remote_code``: :class:`MiniCheckScorer` (MiniCheck's Flan-T5 checkpoints,
  sequence to sequence; :mod:`~validator.scorers.minicheck`) and :class:`HHEMScorer` (Vectara's
  HHEM-2.1-open, a T5 classifier shipped with custom code, rebuilt here from transformers' own
  classes; :mod:`~validator.scorers.hhem`).

A 2- or 3-way sequence classifier needs no adapter: ``model_name=`` takes it. "Checker" means
the pipeline (:class:`~validator.pipeline.ProvenanceChecker`,
:class:`~validator.citations.CitationChecker`); what is here scores pairs for it.
"""

from validator.scorers.base import PairScorer
from validator.scorers.external import ExternalScorer, PairScorerProtocol, as_pair_scorer
from validator.scorers.hhem import HHEMScorer
from validator.scorers.minicheck import MiniCheckScorer
from validator.scorers.nli import NLIScorer
from validator.scorers.remote import RemoteScorer

__all__ = [
    "ExternalScorer",
    "HHEMScorer",
    "MiniCheckScorer",
    "NLIScorer",
    "PairScorer",
    "PairScorerProtocol",
    "RemoteScorer",
    "as_pair_scorer",
]
