"""The provenance check as a pipeline of stages, with no guardrails in it:

    split → settle → retrieve → score → decide → judge

- :mod:`~validator.pipeline.request`: what goes in (:class:`CheckRequest`) and comes out
  (:class:`CheckReport`);
- :mod:`~validator.pipeline.stages`: the stages, plain functions over a batch of sentences;
- :mod:`~validator.pipeline.evidence`: where passages come from (the sources, or the app's
  ``query_function``) and what the sources settle alone;
- :mod:`~validator.pipeline.results`: one constructor per kind of sentence result;
- :mod:`~validator.pipeline.checker`: :class:`ProvenanceChecker`, the stages in order.

The validator, the CLI, the batch job and the benchmarks all call :class:`ProvenanceChecker`,
built from one :class:`validator.config.CheckerConfig`.
"""

from validator.pipeline.checker import ProvenanceChecker
from validator.pipeline.request import CheckReport, CheckRequest, ReportJSON
from validator.pipeline.results import describe
from validator.pipeline.stages import VALIDATION_METHODS, ValidationMethod

__all__ = [
    "VALIDATION_METHODS",
    "CheckReport",
    "CheckRequest",
    "ProvenanceChecker",
    "ReportJSON",
    "ValidationMethod",
    "describe",
]
