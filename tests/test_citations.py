"""Citation checking on a real multi-section document: the Apache License 2.0 text.

The licence text may be copied verbatim, so it ships in tests/data. Expected labels below
were written by hand from reading the sections.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import (
    run_cli,
    swapped_numbers,
)
from hypothesis import given, settings

from validator.citations import (
    Citation,
    CitationChecker,
    auto_sections,
    markdown_sections,
    normalize,
    numbered_sections,
    whole_document,
)

APACHE = (Path(__file__).parent / "data" / "apache-2.0.txt").read_text(encoding="utf-8")

CITATIONS = [
    # a real quote (line-wrapped in the source) under a claim that section 2 states
    Citation(
        "verified",
        "Each Contributor grants you a worldwide, royalty-free copyright license.",
        quote="perpetual, worldwide, non-exclusive, no-charge, royalty-free, irrevocable copyright license",
    ),
    # the cited section says the opposite
    Citation("contradicted", "The copyright license granted by each Contributor is revocable.", section="2"),
    # the cited section says nothing about it
    Citation("unsupported", "Contributors must register the Work with a copyright office.", section="6"),
    # a quote that is not in the licence
    Citation(
        "fabricated", "Licensors must support the Work.", quote="the Licensor shall provide support and maintenance"
    ),
    Citation("unknown-section", "Something.", section="11"),
    Citation("empty-quote", "Something.", quote="  "),
    Citation("too-long", "Something.", quote=APACHE + " and more"),
    Citation(
        "by-title", "The License does not grant permission to use the Licensor's trademarks.", section="Trademarks"
    ),
    # section 6's own sentence with its "not" taken out
    Citation(
        "negated",
        "This License does grant permission to use the trade names, trademarks, service marks, or product names of "
        "the Licensor, except as required for reasonable and customary use in describing the origin of the Work and "
        "reproducing the content of the NOTICE file.",
        section="6",
    ),
]


@pytest.fixture(scope="module")
def results() -> dict:
    return {r.id: r for r in CitationChecker().check(APACHE, CITATIONS)}


def test_sections_of_the_licence_are_found() -> None:
    sections = auto_sections(APACHE)
    assert [s.number for s in sections] == [str(n) for n in range(1, 10)]
    assert sections[1].title == "Grant of Copyright License"
    assert "(a) You must give any other recipients" in sections[3].text


@pytest.mark.parametrize(
    ("cid", "quote_status", "section", "verdict"),
    [
        ("verified", "found", "2", "verified"),
        ("contradicted", "section-only", "2", "contradicted"),
        ("unsupported", "section-only", "6", "unsupported"),
        ("fabricated", "missing", None, "fabricated"),
        ("unknown-section", "unknown-section", None, "unresolved"),
        ("empty-quote", "empty-quote", None, "unresolved"),
        ("too-long", "quote-longer-than-source", None, "unresolved"),
    ],
)
def test_each_status_and_verdict(results: dict, cid: str, quote_status: str, section: str | None, verdict: str) -> None:
    result = results[cid]
    assert (result.quote_status, result.section, result.verdict) == (quote_status, section, verdict)


def test_a_section_can_be_cited_by_title(results: dict) -> None:
    assert (results["by-title"].quote_status, results["by-title"].section) == ("section-only", "6")
    assert results["by-title"].relation is not None  # it was judged against section 6


def test_a_claim_whose_negation_the_section_states_is_contradicted_without_a_model(results: dict) -> None:
    negated = results["negated"]
    assert (negated.verdict, negated.method, negated.confidence, negated.action) == (
        "contradicted",
        "negation_check",
        1.0,
        "auto",
    )


def test_a_fabricated_quote_is_routed_auto_without_a_model(results: dict) -> None:
    fabricated = results["fabricated"]
    assert fabricated.action == "auto" and fabricated.confidence is None and fabricated.relation is None


def test_unknown_section_names_what_exists(results: dict) -> None:
    assert "'11' is not in the source" in results["unknown-section"].detail
    assert "1. Definitions, 2. Grant of Copyright License, 3" in results["unknown-section"].detail


@pytest.mark.parametrize(("gate", "action"), [(0.0, "auto"), (1.0, "review")])
def test_the_confidence_gate_routes_model_verdicts(gate: float, action: str) -> None:
    results = CitationChecker(gate=gate).check(APACHE, CITATIONS[:3] + CITATIONS[3:4])
    assert [r.action for r in results[:3]] == [action] * 3
    assert results[3].action == "auto"  # fabricated: no model, always auto


@pytest.mark.parametrize("claim", ["", "  \n "])
def test_an_empty_claim_is_unresolved_not_judged(claim: str) -> None:
    [result] = CitationChecker().check(APACHE, [Citation("empty", claim, quote="royalty-free, irrevocable")])
    assert (result.quote_status, result.verdict, result.action) == ("found", "unresolved", "review")
    assert (result.method, result.relation, result.detail) == ("none", None, "the claim is empty")


@pytest.mark.parametrize("claim", ["", "  \n "])
def test_an_empty_claim_whose_quote_is_not_in_the_source_is_fabricated_not_an_error(claim: str) -> None:
    [result] = CitationChecker().check(APACHE, [Citation("empty", claim, quote="a clause this licence never had")])
    assert (result.quote_status, result.verdict, result.action) == ("missing", "fabricated", "auto")


def test_a_source_with_no_text_gives_a_status_per_citation() -> None:
    results = CitationChecker().check("   ", CITATIONS[:2])
    assert [(r.quote_status, r.verdict) for r in results] == [("no-section", "unresolved")] * 2


def test_normalize_folds_wraps_curly_quotes_and_line_end_hyphens() -> None:
    assert normalize("“Work”  and\n   Deriv-\n   ative Works — here") == '"Work" and Derivative Works - here'


RFC_STYLE = """\
4.1.  Registered Claim Names

   The following claim names are registered.

4.1.1.  "iss" (Issuer) Claim

   The "iss" (issuer) claim identifies the principal that issued the
   token.

Jones, et al.                Standards Track                    [Page 9]
\f
RFC 7519                 JSON Web Token (JWT)                   May 2015


4.1.2.  "sub" (Subject) Claim

   The "sub" (subject) claim identifies the principal that is the
   subject of the token.
"""


def test_rfc_numbered_headers_and_page_furniture() -> None:
    sections = numbered_sections(RFC_STYLE)
    assert [s.number for s in sections] == ["4.1", "4.1.1", "4.1.2"]
    assert sections[1].title == '"iss" (Issuer) Claim'
    assert "[Page 9]" not in sections[1].text and "May 2015" not in sections[1].text


def test_markdown_and_plain_splitters() -> None:
    markdown = "# Intro\nHello.\n\n## Usage\nRun it.\n"
    assert [(s.number, s.title, s.text) for s in markdown_sections(markdown)] == [
        ("", "Intro", "# Intro\nHello."),
        ("", "Usage", "## Usage\nRun it."),
    ]
    assert [s.text for s in whole_document("Just text.")] == ["Just text."]
    assert auto_sections("No headers here.")[0].number == ""


NUMBERED_MARKDOWN = (
    "# Returns policy\nRead this first.\n\n"
    "## 1. Returns\nItems may be returned within 30 days of delivery.\n\n"
    "## 2. Shipping\nOrders ship within two business days.\n"
)


@pytest.mark.parametrize("name", ["1", "1.", "Returns", "1. Returns", "1 Returns", "§ 1", "returns"])
def test_a_numbered_markdown_section_is_named_by_number_title_or_both(name: str) -> None:
    """`## 1. Returns` is section "1", titled "Returns": a citation may name it either way."""
    claim = Citation("c", "Items may be returned within 30 days of delivery.", section=name)
    [result] = CitationChecker().check(NUMBERED_MARKDOWN, [claim])
    assert (result.quote_status, result.section, result.verdict) == ("section-only", "1", "verified")


def test_an_unknown_markdown_section_lists_numbers_and_titles() -> None:
    [result] = CitationChecker().check(NUMBERED_MARKDOWN, [Citation("c", "Something.", section="3")])
    assert result.quote_status == "unknown-section"
    assert "it has: Returns policy, 1. Returns, 2. Shipping" in result.detail


def test_the_citation_checker_does_not_verify_a_myth_by_copying() -> None:
    [result] = CitationChecker().check(
        "Myth: the tower was built in 1925.", [Citation("c", "The tower was built in 1925.")]
    )
    assert result.method != "verbatim"


def test_the_citation_checker_checks_numbers() -> None:
    [result] = CitationChecker().check(
        "The company has 23 billion users.", [Citation("x", "The company has 23 million users.")]
    )
    assert (result.verdict, result.method) == ("contradicted", "number_check")


def citations_cli(*options: str):
    return run_cli(
        "citations", "--source", "examples/apache-2.0.txt", "--citations", "examples/citations.json", "--json", *options
    )


@pytest.mark.slow
def test_the_citations_command_takes_its_threshold_and_fail_on_flags() -> None:
    """By default c1 is verified at 0.84 (the README's example); with nothing counting as support
    and everything as contradiction, every citation the model judges is contradicted."""
    tightened = citations_cli(
        "--entailment-threshold", "1.0", "--contradiction-threshold", "0.0", "--fail-on", "unsupported"
    )
    rows = {row["id"]: row for row in json.loads(tightened.stdout)}
    assert rows["c1"]["verdict"] == "contradicted"
    assert {row["verdict"] for row in rows.values() if row["method"] == "model"} == {"contradicted"}
    assert tightened.returncode == 1  # c3 is fabricated and c4 unresolved: those fail whatever --fail-on says
    rejected = citations_cli("--top-k", "5")
    assert rejected.returncode == 2 and len(rejected.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_fail_on_decides_the_citations_exit_status(tmp_path: Path) -> None:
    (tmp_path / "c.json").write_text(json.dumps([{"id": "a", "claim": "Santa Claus lives at the North Pole."}]))
    (tmp_path / "s.txt").write_text("The licence is granted to you.\n", encoding="utf-8")
    base = ("citations", "--source", str(tmp_path / "s.txt"), "--citations", str(tmp_path / "c.json"))
    default = run_cli(*base, "--json")
    [row] = json.loads(default.stdout)
    assert row["verdict"] in ("contradicted", "unsupported") and default.returncode == 1
    other = "unsupported" if row["verdict"] == "contradicted" else "contradicted"
    assert run_cli(*base, "--fail-on", other).returncode == 0


@settings(max_examples=12, deadline=None)
@given(swapped_numbers())
def test_the_citation_checker_never_verifies_a_swapped_number(case: tuple[list[str], str]) -> None:
    sources, claim = case
    [result] = CitationChecker().check(" ".join(sources), [Citation("c", claim)])
    assert result.verdict != "verified", (sources, claim, result)


def test_a_citation_is_checked_by_the_validators_own_rules() -> None:
    """A claim goes through the same stages as a sentence of an answer: a quote inside the claim
    that its section lacks is fabricated, a claim the bundled model cannot read is unresolved
    (for review, saying why), and a claim copied from its section is verified verbatim."""
    copied = (
        "You are solely responsible for determining the appropriateness of using or redistributing the Work and "
        "assume any risks associated with Your exercise of permissions under this License."
    )
    results = {
        r.id: r
        for r in CitationChecker().check(
            APACHE,
            [
                Citation(
                    "quoted", 'Section 7 says the Licensor "shall repair any defect within thirty days".', section="7"
                ),
                Citation("german", "Die Lizenz gewährt ein weltweites, kostenloses Urheberrecht.", section="2"),
                Citation("copied", copied, section="7"),
            ],
        )
    }
    assert (results["quoted"].verdict, results["quoted"].method, results["quoted"].action) == (
        "fabricated",
        "quote_check",
        "auto",
    )
    assert (results["german"].verdict, results["german"].action) == ("unresolved", "review")
    assert "not English" in results["german"].detail
    assert (results["copied"].verdict, results["copied"].method) == ("verified", "verbatim")


def test_a_claim_that_is_not_text_is_unresolved_and_stops_no_other() -> None:
    """A lone surrogate (what a JSON "\\ud800" escape gives) is no text a tokenizer can read: the
    citation is for review, saying why, and the citations beside it are still checked."""
    results = CitationChecker().check(
        APACHE,
        [
            Citation("broken", "Each Contributor grants you a \ud800 copyright license.", section="2"),
            Citation("fine", "Each Contributor grants you a worldwide, royalty-free copyright license.", section="2"),
        ],
    )
    assert (results[0].verdict, results[0].action) == ("unresolved", "review")
    assert "not valid Unicode" in results[0].detail
    assert results[1].verdict != "unresolved"


def test_a_source_without_headings_says_so_for_a_named_section() -> None:
    """A source with no numbered or titled sections has nothing a citation can name: the detail
    says that, rather than listing the one unnamed part under a name that does not match."""
    citation = Citation("c", "Items may be returned.", section="document")
    [result] = CitationChecker().check("Items may be returned within 30 days.", [citation])
    assert result.quote_status == "unknown-section"
    assert "no numbered or titled sections" in result.detail and "it has:" not in result.detail
