"""Command line: ``python -m validator check``, ``check-batch``, ``citations`` and ``calibrate``.

Runs the pipeline directly (no guardrails import, no network). ``check`` prints one row
per sentence and exits 1 when a sentence fails, so it can gate a script or CI job;
``check-batch`` reads JSONL items ``{"id": ..., "text": ..., "sources": [...]}`` and writes one
JSONL report per item, in this process or on Ray (:mod:`validator.batch`); ``citations`` checks quotes
and cited sections of a document (see :mod:`validator.citations`).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import math
import os
import sys
import tempfile
import textwrap
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from validator import defaults
from validator.batch import parse_row, run_in_process, run_on_ray
from validator.citations import Citation, CitationChecker, CitationResult, citation_fails
from validator.config import SETTING_GROUPS, CheckerConfig
from validator.errors import CheckUnavailable, InvalidInput, require_text
from validator.html_report import evidence_window
from validator.judge import API_KEY_VARIABLE, SCORER_MODES, Usage, cli_llm_kwargs
from validator.pipeline import CheckReport, CheckRequest, ProvenanceChecker
from validator.retrieval import RETRIEVALS
from validator.scorers.base import BACKENDS, model_labels
from validator.verdicts import FAILABLE_VERDICTS, METHOD_WORDS, UNCERTAIN_POLICIES, VERDICT_WORDS

if TYPE_CHECKING:  # calibration imports scipy: only calibrate pays for it
    from validator.calibration import Calibration, LabelledAnswer

EXIT_PASS, EXIT_FAIL, EXIT_USAGE, EXIT_UNAVAILABLE = 0, 1, 2, 3


def _read(path: str, max_chars: int, what: str) -> str:
    """A UTF-8 text file (or stdin for ``-``) of at most ``max_chars`` characters; anything else is
    bad input, named. At most ``4 * max_chars + 1`` bytes are read (a character is at most four
    bytes of UTF-8), so ``/dev/zero`` or a runaway pipe is refused, not read until memory runs out."""
    name, data = ("stdin" if path == "-" else path), b""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(4 * max_chars + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(4 * max_chars + 1)
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        if len(data) > 4 * max_chars and error.start >= len(data) - 3:  # a character cut by the limit
            raise InvalidInput(f"{name} is over the {max_chars:,}-character limit for {what}") from error
        raise InvalidInput(f"{name} is not UTF-8 text ({error.reason} at byte {error.start})") from error
    except OSError as error:
        raise InvalidInput(f"cannot read {path}: {error.strerror or error}") from error
    if len(text) > max_chars:
        raise InvalidInput(f"{name} is over the {max_chars:,}-character limit for {what}")
    return text


def _read_sources(paths: Sequence[str]) -> list[str]:
    """The source files, at most ``max_source_chars`` characters in all."""
    sources: list[str] = []
    for path in paths:
        budget = defaults.MAX_SOURCE_CHARS - sum(map(len, sources))
        sources.append(_read(path, budget, f"sources in all (max_source_chars={defaults.MAX_SOURCE_CHARS:,})"))
    return sources


def _numbered_lines(path: str) -> Iterator[tuple[int, str]]:
    """The non-blank lines of a JSONL file with their line numbers in it (from 1), each at most
    one row's worth of text and sources."""
    limit = 4 * (defaults.MAX_TEXT_CHARS + defaults.MAX_SOURCE_CHARS) + 1
    number = 0
    try:
        with sys.stdin.buffer if path == "-" else open(path, "rb") as handle:
            while line := handle.readline(limit):
                number += 1
                if len(line) >= limit:
                    raise InvalidInput(f"{path}: line {number} is longer than any row may be ({limit:,} bytes)")
                if line.strip():
                    yield number, line.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError as error:
        raise InvalidInput(f"{path}: line {number} is not UTF-8 text ({error.reason})") from error
    except OSError as error:
        raise InvalidInput(f"cannot read {path}: {error.strerror or error}") from error


def _number(parse: Callable[[str], float], accept: Callable[[float], bool], wanted: str) -> Callable[[str], float]:
    """An argparse type: ``parse`` the value and keep it if ``accept`` says so (NaN never is)."""

    def check(value: str) -> float:
        try:
            number = parse(value)
        except ValueError:
            number = math.nan
        if not accept(number):
            raise argparse.ArgumentTypeError(f"must be {wanted}, got {value!r}")
        return number

    return check


_probability = _number(float, lambda n: 0.0 <= n <= 1.0, "a number between 0 and 1")
_positive_int = _number(int, lambda n: n >= 1, "a whole number of at least 1")
_positive_float = _number(float, lambda n: 0.0 < n < math.inf, "a number above 0")


class _Parser(argparse.ArgumentParser):
    """argparse, with a usage error as one line on stderr (exit 2) instead of the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"error: {self.prog}: {message}\n")


def config_from(args: argparse.Namespace) -> CheckerConfig:
    """The parsed flags as the one checker configuration. Each settings flag's ``dest`` is the
    setting's name, so every command passes every flag it has, and one it lacks keeps the
    setting's default; the judge's key comes from the environment (:func:`cli_llm_kwargs`)."""
    given = {name: value for name, value in vars(args).items() if name in SETTING_GROUPS}
    return CheckerConfig.from_settings(**given, llm_kwargs=cli_llm_kwargs(getattr(args, "llm_api_base", None)))


_CONFIDENCE_LEGEND = (
    "conf: P(entailment) of the evidence for supported, P(contradiction) for contradicted, and for unsupported "
    "1 - the strongest of either over all passages; for a rule's finding (number rule, other entity), 1.00 where "
    "the source states another value in its place, else the lower bound of its measured precision; "
    "entail/neutral/contra: the model's probabilities for the evidence shown; * needs review (conf below the "
    "review threshold, or an attributing finding below 0.95)"
)


def _source_label(index: int | None, names: Sequence[str] | None) -> str:
    if index is None:
        return "several sources"
    return names[index] if names is not None and 0 <= index < len(names) else f"source {index}"


def _table(report: CheckReport, source_names: Sequence[str] | None = None) -> str:
    """One row per sentence, then its evidence: the source's name and the part of the passage
    around the words it shares with the sentence, and how a leaning sentence was read."""
    head = f"{'#':>3}  {'verdict':<21} {'method':<16} {'conf':>5}  {'entail':>6} {'neutral':>7} {'contra':>6}  "
    rows = [head + "sentence / evidence"]
    indent = " " * len(head) + "↳ "
    for i, s in enumerate(report.sentences, 1):
        confidence = "-" if s.confidence is None else f"{s.confidence:.2f}"
        verdict = VERDICT_WORDS[s.verdict] + (" *" if s.needs_review else "")
        rows.append(
            f"{i:>3}  {verdict:<21} {METHOD_WORDS[s.method]:<16} {confidence:>5}  {s.entailment:>6.2f} "
            f"{s.neutral:>7.2f} {s.contradiction:>6.2f}  {textwrap.shorten(s.sentence, 90)}"
        )
        if s.reading:
            rows.append(f"{indent}read as: {textwrap.shorten(s.reading, 90)}")
        if s.evidence:
            sources = s.evidence_sources or ([] if s.source_index is None else [s.source_index])
            names = ", ".join(_source_label(j, source_names) for j in sources) or "several sources"
            rows.append(f"{indent}{names}: {evidence_window(s.evidence, s.reading or s.sentence)}")
        if s.note:
            rows.append(f"{indent}note: {s.note}")
        if s.value_start is not None and s.value_end is not None:
            value = report.text[s.value_start : s.value_end]
            instead = f"; the source has {s.correction['new']!r}" if s.correction else ""
            rows.append(f"{indent}at fault: {value!r} (characters {s.value_start}-{s.value_end}){instead}")
    return "\n".join(rows)


def cmd_check(args: argparse.Namespace) -> int:
    config = config_from(args)
    policy = config.fail_policy()
    text = _read(args.text, defaults.MAX_TEXT_CHARS, f"an answer (max_text_chars={defaults.MAX_TEXT_CHARS:,})")
    require_text(text, f"the answer in {'stdin' if args.text == '-' else args.text}")
    request = CheckRequest(text, sources=_read_sources(args.sources))
    checker = ProvenanceChecker(config=config)
    checker.refuse_open_cut()
    report = checker.check(request)
    failing = report.failing(policy)
    if args.html:
        with _output(args.html) as out:
            out.write(report.to_html(policy, source_names=args.sources))
        print(f"report written to {args.html}", file=sys.stderr)
    if args.json:
        print(json.dumps(report.to_json(policy), indent=2, ensure_ascii=False))
    else:
        print(_table(report, args.sources))
        print(textwrap.fill(_CONFIDENCE_LEGEND, 100))
        print(f"\n{_summary(len(report.sentences), [s.verdict for s in failing], len(report.flagged(policy)))}")
    return EXIT_FAIL if failing else EXIT_PASS


def _summary(total: int, failed: Sequence[str], flagged: int = 0) -> str:
    """ "2 of 4 sentences pass; failed: 1 contradicted, 1 unsupported": what failed this time
    (and, with ``--uncertain flag``, how many unsure failing verdicts were kept)."""
    counts = Counter(failed)
    what = "; failed: " + ", ".join(f"{counts[v]} {v}" for v in sorted(counts)) if counts else ""
    kept = f"; {flagged} unsure, kept and flagged (*)" if flagged else ""
    return f"{total - len(failed)} of {total} sentences pass{what}{kept}"


def cmd_check_batch(args: argparse.Namespace) -> int:
    config = config_from(args)
    # Ray reads the file itself; the lines are read here for the local engine and the HTML page,
    # and their numbers for every engine (both keep input order), so each output row names its line.
    if args.engine == "local" or args.html:
        numbered = list(_numbered_lines(args.input))
        numbers, rows = [n for n, _ in numbered], [line for _, line in numbered]
    else:
        numbers, rows = [n for n, _ in _numbered_lines(args.input)], []
    if args.engine == "ray":
        lines = run_on_ray(args.input, config, args.items_per_batch, args.actors, args.cpus_per_actor, args.ray_address)
    else:
        lines = run_in_process(rows, config, args.items_per_batch, progress=len(rows) > args.items_per_batch)
    counts = {"items": 0, "passed": 0, "errors": 0}
    results = []
    to_file = args.output is not None
    with _output(args.output) if to_file else contextlib.nullcontext() as out:
        for number, line in zip(numbers, lines, strict=True):
            result = {"id": (row := json.loads(line)).pop("id", None), "line": number, **row}
            line = json.dumps(result, ensure_ascii=False)
            counts["items"] += 1
            counts["passed"] += result["passed"]
            counts["errors"] += "error" in result
            if out is not None:
                out.write(line + "\n")
            print(line if args.json else _item_rows(result))
            if args.html:
                results.append(result)
    for path in [args.output] if to_file else []:
        print(f"report written to {path}", file=sys.stderr)
    if args.html:
        _write_batch_html(args.html, rows, results, config)
        print(f"report written to {args.html}", file=sys.stderr)
    print(
        f"{counts['passed']} of {counts['items']} items pass"
        + (f"; {counts['errors']} could not be checked (see their 'error')" if counts["errors"] else ""),
        file=sys.stderr if args.json else sys.stdout,
    )
    if counts["errors"]:
        return EXIT_UNAVAILABLE
    return EXIT_PASS if counts["passed"] == counts["items"] else EXIT_FAIL


def _item_rows(result: dict) -> str:
    """One item of ``check-batch`` for a person: its id and outcome, then each failing sentence."""
    name = f"line {result['line']}" if result.get("id") is None else str(result["id"])
    name = f"{name:<12}" if len(name) <= 12 else f"{name}\n{'':<12}"  # a long id gets its own line
    if "error" in result:
        return f"{name} error  not checked\n{'':<12} ↳ line {result['line']}: {result['error']}"
    sentences = result["sentences"]
    flagged = set(result.get("flagged", []))  # kept as unsure (--uncertain flag): not failing
    failing = (
        []
        if result["passed"]
        else [s for i, s in enumerate(sentences) if s["verdict"] != "supported" and i not in flagged]
    )
    outcome = "pass" if result["passed"] else "FAIL"
    rows = [f"{name} {outcome:<6} {len(sentences) - len(failing)} of {len(sentences)} sentences pass"]
    rows += [f"{'':<12} ↳ [{s['verdict']}] {textwrap.shorten(s['sentence'], 90)}" for s in failing]
    return "\n".join(rows)


def _write_batch_html(path: str, rows: Sequence[str], results: Sequence[dict], config: CheckerConfig) -> None:
    """The batch page: each output row with its input's text (both engines keep input order)."""
    from validator.html_report import render_batch

    items = []
    for row, result in zip(rows, results, strict=True):
        parsed = parse_row(row)
        text = parsed.get("text") if isinstance(parsed, dict) else None
        items.append({**result, "text": text if isinstance(text, str) else ""})
    with _output(path) as out:
        out.write(
            render_batch(items, policy=config.fail_policy(), settings=ProvenanceChecker(config=config).settings())
        )


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def _output(path: str) -> Iterator[TextIO]:
    """stdout for ``-``; else a temporary file beside ``path``, renamed over it only when the
    job finished, so a failed run never leaves a truncated or half-written output."""
    if path == "-":
        yield sys.stdout
        return
    target = Path(path)
    descriptor, partial = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".partial")
    try:
        with open(descriptor, "w", encoding="utf-8") as handle:
            yield handle
        os.chmod(partial, 0o666 & ~_umask())  # mkstemp makes it 0600; give it a normal file's mode
        os.replace(partial, target)
    finally:
        Path(partial).unlink(missing_ok=True)


def cmd_citations(args: argparse.Namespace) -> int:
    try:
        entries = json.loads(_read(args.citations, defaults.MAX_SOURCE_CHARS, "a citations file"))
    except (ValueError, RecursionError) as error:
        raise InvalidInput(f"{args.citations} is not JSON: {error}") from error
    shape = "a JSON list of {id, claim, quote?, section?}"
    if not isinstance(entries, list):
        raise InvalidInput(f"the citations file must hold {shape}")
    citations = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or not isinstance(entry.get("claim"), str):
            raise InvalidInput(f"citation {i} must be an object with a string 'claim' ({shape}), got {entry!r:.80}")
        for key in ("quote", "section"):
            if entry.get(key) is not None and not isinstance(entry[key], str):
                raise InvalidInput(f"citation {i}: {key!r} must be a string, got {entry[key]!r:.80}")
        citations.append(Citation(str(entry.get("id", i)), entry["claim"], entry.get("quote"), entry.get("section")))
    config = config_from(args)
    fail_on = config.fail_policy().verdicts
    checker = CitationChecker.from_config(config, args.gate)
    judge, usage = checker.judge, Usage()
    source = _read(args.source, defaults.MAX_SOURCE_CHARS, f"a source (max_source_chars={defaults.MAX_SOURCE_CHARS:,})")
    results = checker.check(source, citations, usage)
    if judge is not None:
        print(
            f"LLM judge {judge.model}: {usage.calls} calls, "
            f"{usage.prompt_tokens + usage.completion_tokens} tokens"
            + (f", ${usage.cost_usd:.4f}" if usage.cost_usd is not None else ""),
            file=sys.stderr,
        )
    if args.html:
        _write_citations_html(args, source, checker, citations, results)
        print(f"report written to {args.html}", file=sys.stderr)
    if args.json:
        print(json.dumps([r.to_dict() for r in results], indent=2, ensure_ascii=False))
    else:
        # the id and section columns are as wide as their longest value, so long ones stay aligned
        id_width = max([8, *(len(r.id) + 1 for r in results)])
        section_width = max([10, *(len(r.section or "-") + 1 for r in results)])
        print(f"{'id':<{id_width}} {'quote':<24} {'section':<{section_width}} ", end="")
        print(f"{'relation':<13} {'method':<14} {'conf':>5}  {'verdict':<12} action")
        for r in results:
            confidence = "-" if r.confidence is None else f"{r.confidence:.2f}"
            print(
                f"{r.id:<{id_width}} {r.quote_status:<24} {r.section or '-':<{section_width}} {r.relation or '-':<13} "
                f"{r.method:<14} {confidence:>5}  {r.verdict:<12} {r.action}" + (f"  ({r.detail})" if r.detail else "")
            )
    return EXIT_FAIL if any(citation_fails(r, fail_on) for r in results) else EXIT_PASS


def _write_citations_html(
    args: argparse.Namespace,
    source: str,
    checker: CitationChecker,
    citations: Sequence[Citation],
    results: Sequence[CitationResult],
) -> None:
    """The citations page, with each citation's section (labelled as its result names it)."""
    from validator.html_report import render_citations

    sections = {s.label: s.text for s in checker.splitter(source)}
    html = render_citations(
        args.source,
        [r.to_dict() for r in results],
        {c.id: {"claim": c.claim, "quote": c.quote} for c in citations},
        sections,
        gate=args.gate,
    )
    with _output(args.html) as out:
        out.write(html)


def cmd_calibrate(args: argparse.Namespace) -> int:
    """Run the check on labelled answers and fit the thresholds (:mod:`validator.calibration`)."""
    from validator.calibration import calibrate

    answers = _labelled_answers(args.input)
    if len({a.grounded for a in answers}) < 2:
        raise InvalidInput(f"{args.input}: calibration needs both grounded and ungrounded answers")
    config = config_from(args)
    every_sentence = dataclasses.replace(
        config.verdicts, entailment_threshold=0.0
    )  # score every sentence: see calibrate()
    checker = ProvenanceChecker(config=dataclasses.replace(config, verdicts=every_sentence))
    defaults_of_model = checker.scorer.settings
    requests = [CheckRequest(a.text, sources=a.sources) for a in answers]
    reports = checker.check_batch(requests, progress=len(requests) > 20)
    fitted = calibrate(
        answers,
        reports,
        defaults_of_model.entailment_threshold,
        defaults_of_model.contradiction_threshold,
        args.max_missed,
        checker.scorer.label_count,
        args.max_false_alarms,
        learn=not args.cut_only,
    )
    for warning in fitted.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    made_with = {
        "model": checker.settings()["model"],
        "input": args.input,
        "flags": {
            "top_k": config.retrieval.top_k,
            "retrieval": config.retrieval.retrieval,
            "max_missed": args.max_missed,
            "max_false_alarms": args.max_false_alarms,
        },
    }
    file = fitted.settings(defaults_of_model.temperature, model_labels(checker.scorer.model_name), made_with)
    if args.output:
        with _output(args.output) as out:
            out.write(json.dumps(file, indent=2) + "\n")
    if args.html:
        from validator.html_report import render_calibration

        with _output(args.html) as out:
            out.write(
                render_calibration(
                    args.input, fitted.curve, fitted.before, fitted.after, fitted.rows, args.max_false_alarms
                )
            )
        print(f"trade-off plot written to {args.html}", file=sys.stderr)
    if args.json:
        print(json.dumps(file, indent=2))
        return EXIT_PASS
    _print_calibration(fitted, args, config.verdicts.review_threshold)
    return EXIT_PASS


def _labelled_answers(path: str) -> list[LabelledAnswer]:
    """The labelled answers of a JSONL file, one per line.

    Raises:
        InvalidInput: A line that is not JSON, or not a labelled answer (it names the line).
    """
    from validator.calibration import LabelledAnswer

    answers = []
    for number, line in _numbered_lines(path):
        try:
            row = json.loads(line)
        except (ValueError, RecursionError) as error:
            raise InvalidInput(f"{path}: line {number} is not JSON: {error!r}") from error
        answers.append(LabelledAnswer.from_row(row, number))
    return answers


def _print_calibration(fitted: Calibration, args: argparse.Namespace, review_threshold: float) -> None:
    """calibrate's table: the cut before and after with what each does on the file, the decision
    kept, the budget where one was asked, and how to use the settings written."""
    print(
        f"{'':<8} {'entailment cut':>14} {'balanced accuracy (90% interval)':>34} "
        f"{'grounded failed (90% interval)':>32} {'ungrounded passed (90% interval)':>34}"
    )
    for name, row in (("before", fitted.before), ("after", fitted.after)):
        low, high = row["interval_90"]
        interval = f"{row['balanced_accuracy']:.3f} ({low:.3f}-{high:.3f})"
        rates = [_shown_rate(row["rates"][kind]) for kind in ("grounded_failed", "ungrounded_passed")]
        print(f"{name:<8} {row['entailment_threshold']:>14.3f} {interval:>34} {rates[0]:>32} {rates[1]:>34}")
    print(f"\ncut: {_shown_cut(fitted.cut)}")
    print(f"decision: {_shown_decision(fitted.compared)}")
    if fitted.budget is not None:
        print(
            f"\nbudget: fail at most {args.max_false_alarms:.1%} of the grounded answers; the chosen cut fails "
            f"{fitted.budget['grounded_failed']['share']:.1%} of them and passes "
            f"{fitted.budget['ungrounded_passed']['share']:.1%} of the ungrounded ones, on these rows"
        )
    print(
        f"\n{fitted.rows['grounded']} grounded and {fitted.rows['ungrounded']} ungrounded answers; "
        f"contradiction cut {fitted.contradiction_threshold:.3f}; 'after' is measured on the rows it was fitted to"
        + (f"\nsettings written to {args.output}: use --settings {args.output}" if args.output else "")
        + "\nto fail only verdicts at least as sure as the review threshold "
        f"({review_threshold}) and keep and flag the rest, "
        "check with --uncertain flag (uncertain='flag')"
    )


def _shown_cut(cut: dict[str, Any]) -> str:
    """Which cut calibrate kept, the fitted one or the model's, and why."""
    kept = "the fitted cut" if cut["kept"] == "fitted" else "the model's own cut"
    if cut["kept"] == "fitted" or "labels_to_decide" not in cut:
        return f"{kept} kept ({cut['why']})"
    needed = cut["labels_to_decide"]
    decide = (
        f"about {needed} labelled answers would show this gain beyond chance, if it held"
        if needed
        else "the fitted cut did no better on held-out answers, so more labels would not choose it"
    )
    return f"{kept} kept ({cut['why']}); {decide}"


def _shown_decision(compared: dict[str, Any]) -> str:
    """Which decision calibrate kept, and the held-out figures that chose it."""
    kept = "learned weights over each sentence's signals" if compared["kept"] == "learned" else "the entailment alone"
    if "learned" not in compared:
        return f"{kept} ({compared['why']})"
    shown = {
        name: f"{row['balanced_accuracy']:.3f} ({row['interval_90'][0]:.3f}-{row['interval_90'][1]:.3f})"
        for name, row in compared.items()
        if name in ("default", "learned")
    }
    low, high = compared["gain_interval_90"] or (math.nan, math.nan)
    return (
        f"{kept} kept: held-out balanced accuracy over {compared['folds']} folds by answer, "
        f"entailment alone {shown['default']}, learned weights {shown['learned']} (gain {low:+.3f} to {high:+.3f})"
    )


def _shown_rate(rate: dict[str, Any]) -> str:
    """A share and its interval for the calibrate table: "12.0% (6.1-21.7%)"."""
    if rate["share"] is None:
        return "-"
    low, high = rate["interval_90"]
    return f"{rate['share']:.1%} ({100 * low:.1f}-{100 * high:.1f}%)"


def _settings_parents() -> tuple[_Parser, _Parser, _Parser]:
    """The settings flags, as parents of the commands: the model's, the cut's and the judge's (with
    ``--html``), and retrieval's. Each flag's ``dest`` is a setting's name
    (:data:`~validator.config.SETTING_GROUPS`) and a flag not given is left out (``SUPPRESS``),
    so the defaults live in one place: the config."""
    model = _Parser(add_help=False, argument_default=argparse.SUPPRESS)
    model.add_argument("--model", dest="model_name", help="NLI model folder or hub id (default: bundled)")
    model.add_argument("--device", help="cpu, cuda, mps (default: auto)")
    model.add_argument("--backend", choices=BACKENDS, help="onnx: int8 ONNX Runtime on CPU (default: torch)")
    model.add_argument("--batch-size", type=_positive_int, help="default: 8 on CPU, 64 on GPU")
    model.add_argument("--max-length", type=_positive_int, help=f"tokens per model input ({defaults.MAX_LENGTH})")
    model.add_argument(
        "--settings",
        dest="settings_file",
        metavar="FILE.json",
        help="temperature and thresholds from `calibrate --output`",
    )
    common = _Parser(add_help=False, parents=[model], argument_default=argparse.SUPPRESS)
    common.add_argument(
        "--entailment-threshold",
        "--min-confidence",  # its old name, for one release
        dest="entailment_threshold",
        type=_probability,
        help="entailment probability to count as supported (default: the model's)",
    )
    common.add_argument(
        "--contradiction-threshold",
        type=_probability,
        help="contradiction probability to count as contradicted (default: the model's)",
    )
    common.add_argument("--fail-on", nargs="+", choices=FAILABLE_VERDICTS, help="default: both")
    common.add_argument("--html", default=None, metavar="FILE", help="also write a self-contained HTML report")
    common.add_argument(
        "--scorer", dest="scorer_mode", choices=SCORER_MODES, help="llm / cascade: an LLM judge (default: nli)"
    )
    common.add_argument(
        "--llm-model", dest="llm_callable", help="LiteLLM model name, e.g. gpt-4o-mini or openai/<name>"
    )
    common.add_argument(
        "--llm-api-base", default=None, help=f"an OpenAI-compatible server's URL (key: ${API_KEY_VARIABLE})"
    )
    retrieval = _Parser(add_help=False, argument_default=argparse.SUPPRESS)  # citations: judged against their section
    retrieval.add_argument("--top-k", type=_positive_int, help=f"passages per sentence ({defaults.TOP_K})")
    retrieval.add_argument("--retrieval", choices=RETRIEVALS, help="how sources are searched (default: hybrid)")
    retrieval.add_argument(
        "--embedding-cache", metavar="DIR", help="keep chunk embeddings in DIR across runs (default: in memory only)"
    )
    retrieval.add_argument(
        "--review-threshold", type=_probability, help=f"less sure verdicts get * ({defaults.REVIEW_THRESHOLD})"
    )
    retrieval.add_argument(
        "--uncertain",
        choices=UNCERTAIN_POLICIES,
        help="flag: a failing verdict marked * is kept and flagged, not failed (default: fail)",
    )
    return model, common, retrieval


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m validator",
        description="Check answers against their sources (check, check-batch), citations against a document "
        "(citations), and fit the thresholds to your own labelled answers (calibrate).",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    model, common, retrieval = _settings_parents()
    check = sub.add_parser("check", parents=[common, retrieval], help="check one answer against source files")
    check.add_argument("--sources", nargs="+", required=True, metavar="FILE")
    check.add_argument("--text", required=True, metavar="FILE|-", help="the answer; - reads stdin")
    check.add_argument("--json", action="store_true", help="print JSON instead of a table")
    check.set_defaults(run=cmd_check)
    batch = sub.add_parser("check-batch", parents=[common, retrieval], help="check JSONL items {text, sources}")
    batch.add_argument("--input", required=True, metavar="JSONL")
    batch.add_argument("--output", default=None, metavar="JSONL", help="write one JSON line per item here")
    batch.add_argument("--json", action="store_true", help="print JSON lines instead of a table")
    batch.add_argument("--items-per-batch", type=_positive_int, default=64)
    batch.add_argument("--engine", choices=("local", "ray"), default="local", help="ray: a Ray Data actor pool")
    batch.add_argument("--actors", type=_positive_int, default=2, help="--engine ray: actors, each holding the model")
    batch.add_argument("--cpus-per-actor", type=_positive_float, default=0.5, help="--engine ray: fractional is fine")
    batch.add_argument("--ray-address", default=None, help="--engine ray: join this cluster (default: start one)")
    batch.set_defaults(run=cmd_check_batch)
    cite = sub.add_parser("citations", parents=[common], help="check quotes and cited sections against a document")
    cite.add_argument("--source", required=True, metavar="FILE")
    cite.add_argument("--citations", required=True, metavar="FILE.json", help="[{id, claim, quote?, section?}, ...]")
    cite.add_argument(
        "--gate", type=_probability, default=defaults.REVIEW_THRESHOLD, help="confidence for auto (else review)"
    )
    cite.add_argument("--json", action="store_true")
    cite.set_defaults(run=cmd_citations)
    fit = sub.add_parser(
        "calibrate", parents=[model, retrieval], help="fit the thresholds to labelled answers {text, sources, grounded}"
    )
    fit.add_argument("--input", required=True, metavar="JSONL", help='rows {"text", "sources", "grounded"} or "label"')
    fit.add_argument("--output", default=None, metavar="FILE.json", help="write the settings file here")
    choose = fit.add_mutually_exclusive_group()
    choose.add_argument(
        "--max-missed", type=_probability, default=None, help="at most this share of ungrounded answers may pass"
    )
    choose.add_argument(
        "--max-false-alarms",
        type=_probability,
        default=None,
        help="fail at most this share of the grounded answers, catching as many ungrounded ones as that allows",
    )
    fit.add_argument(
        "--cut-only",
        action="store_true",
        help="fit the cut alone: no learned weights over the signals, even where they would beat the entailment",
    )
    fit.add_argument("--html", default=None, metavar="FILE.html", help="draw what each cut costs on the rows")
    fit.add_argument("--json", action="store_true", help="print the settings file instead of a table")
    fit.set_defaults(run=cmd_calibrate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from transformers.utils import logging as transformers_logging

    transformers_logging.disable_progress_bar()  # "Loading weights" on every run is noise around one line of result
    try:
        return args.run(args)
    except InvalidInput as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except CheckUnavailable as error:
        print(f"error: the check could not run, nothing was verified: {error}", file=sys.stderr)
        return EXIT_UNAVAILABLE
    except OSError as error:  # writing the output: a full disk, a missing folder
        print(f"error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except Exception as error:  # a bug, or a library failing in a new way: still one line, still "not verified"
        print(f"error: the check could not run, nothing was verified: {type(error).__name__}: {error}", file=sys.stderr)
        return EXIT_UNAVAILABLE
