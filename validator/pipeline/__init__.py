"""The provenance check as a pipeline of stages, with no guardrails in it:

    split → read → fetch → settle → retrieve → score → weigh → decide → judge → point

- :mod:`~validator.pipeline.request`: what goes in (:class:`CheckRequest`) and comes out
  (:class:`CheckReport`);
- :mod:`~validator.pipeline.claims`: the record each stage works on, one :class:`Claim` per
  sentence, open until a stage sets its result;
- :mod:`~validator.pipeline.stages`: the stages, plain functions over a batch's open claims;
- :mod:`~validator.pipeline.settling`: what the sources (or the app's passages) settle alone;
- :mod:`~validator.pipeline.results`: one constructor per kind of sentence result;
- :mod:`~validator.pipeline.setup`: :class:`~validator.pipeline.setup.CheckSetup`, what the
  stages use of a checker (settings, scorer, cut-offs, judge, source indexes);
- :mod:`~validator.pipeline.checker`: :class:`ProvenanceChecker`, the stages in order.

The validator, the CLI, the batch job and the benchmarks all call :class:`ProvenanceChecker`,
built from one :class:`validator.config.CheckerConfig`.
"""

from validator.config import VALIDATION_METHODS, ValidationMethod
from validator.pipeline.checker import ProvenanceChecker
from validator.pipeline.request import CheckReport, CheckRequest, ReportJSON
from validator.pipeline.results import describe
from validator.pipeline.stages import STAGES

__all__ = [
    "STAGES",
    "VALIDATION_METHODS",
    "CheckReport",
    "CheckRequest",
    "ProvenanceChecker",
    "ReportJSON",
    "ValidationMethod",
    "describe",
]
