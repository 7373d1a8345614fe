"""The provenance check as a pipeline of stages, with no guardrails in it:

    split → read → fetch → settle → retrieve → score → weigh → decide → judge → point

- :mod:`~validator.pipeline.request`: what goes in (:class:`CheckRequest`);
- :mod:`~validator.pipeline.report`: what comes out (:class:`CheckReport`);
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

from typing import Any

from validator.config import VALIDATION_METHODS, ValidationMethod
from validator.deprecation import warn_renamed
from validator.pipeline.checker import ProvenanceChecker
from validator.pipeline.report import CheckReport, ReportJSON
from validator.pipeline.request import CheckRequest
from validator.pipeline.results import summarize
from validator.pipeline.stages import STAGES

__all__ = [
    "STAGES",
    "VALIDATION_METHODS",
    "CheckReport",
    "CheckRequest",
    "ProvenanceChecker",
    "ReportJSON",
    "ValidationMethod",
    "summarize",
]


def __getattr__(name: str) -> Any:
    """``describe``, :func:`summarize`'s old name, for release 0.4 ("describe" meant three things)."""
    if name != "describe":
        raise AttributeError(f"module 'validator.pipeline' has no attribute {name!r}")
    warn_renamed("validator.pipeline.describe", "validator.pipeline.summarize")
    return summarize
