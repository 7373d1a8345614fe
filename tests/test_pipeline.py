"""The guardrails-free pipeline: source-index caching, the batch API, concurrency."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from helpers import ROOT

from validator import retrieval
from validator.config import CheckerConfig
from validator.pipeline import CheckRequest, ProvenanceChecker
from validator.retrieval import SourceIndex, default_embed_function, load_default_embedder
from validator.scorers.base import Backend

SOURCES = [
    "The Eiffel Tower in Paris was completed in 1889. It is 330 metres tall.",
    "Mount Everest is the highest mountain above sea level.",
]
ANSWER = "The Eiffel Tower was finished in 1889. Everest is the highest mountain on Earth."
"""Neither sentence has all its words in one source ("finished", "Earth"), so a search embeds."""
MORE_SOURCES = [*SOURCES, "The Louvre is a museum in Paris.", "K2 is the second highest mountain."]
"""More chunks than top_k, so which passages are read depends on the search."""


@pytest.fixture(scope="module")
def checker() -> ProvenanceChecker:
    return ProvenanceChecker()


class CountingEmbedder:
    """The default embedder, counting how many calls and texts it gets."""

    def __init__(self) -> None:
        self.calls: list[int] = []
        self._embed = default_embed_function()

    def __call__(self, texts: list[str]) -> np.ndarray:
        self.calls.append(len(texts))
        return self._embed(texts)


def test_sources_are_embedded_once_and_sentences_in_one_call(checker: ProvenanceChecker) -> None:
    embedder = CountingEmbedder()
    for _ in range(3):
        checker.check(CheckRequest(ANSWER, sources=MORE_SOURCES, embed_function=embedder))
    # one call for the chunks of the source set, then one call per check for all its sentences
    assert len(embedder.calls) == 1 + 3
    assert embedder.calls[1:] == [2, 2, 2]


def test_copied_sentences_are_settled_without_a_search() -> None:
    embedder = CountingEmbedder()
    copied = "The Eiffel Tower in Paris was completed in 1889. Mount Everest is the highest mountain above sea level."
    report = ProvenanceChecker().check(CheckRequest(copied, sources=SOURCES, embed_function=embedder))
    assert [(s.method, s.source_index) for s in report.sentences] == [("verbatim", 0), ("verbatim", 1)]
    assert report.sentences[0].evidence == SOURCES[0] and embedder.calls == []


def test_the_default_embedder_reuses_its_index(monkeypatch: pytest.MonkeyPatch) -> None:
    builds = []
    original = SourceIndex.build.__func__  # type: ignore[attr-defined]

    def counting_build(cls, sources, *args, **kwargs):
        builds.append(sources)
        return original(cls, sources, *args, **kwargs)

    monkeypatch.setattr(SourceIndex, "build", classmethod(counting_build))
    checker = ProvenanceChecker()
    for _ in range(3):
        checker.check(CheckRequest(ANSWER, sources=SOURCES))
    assert len(builds) == 1


def test_a_new_source_set_is_indexed_again(checker: ProvenanceChecker) -> None:
    embedder = CountingEmbedder()
    checker.check(CheckRequest(ANSWER, sources=MORE_SOURCES, embed_function=embedder))
    checker.check(CheckRequest(ANSWER, sources=[*MORE_SOURCES, "A fifth source."], embed_function=embedder))
    assert len(embedder.calls) == 4


def test_a_copy_is_read_with_what_follows_it_once_per_source_set() -> None:
    """The model's reading of a copied sentence with the sentences after it (a take-back, or
    none) is the sources' own: kept with their index, so checking against the same sources again
    asks the model nothing new about it, and the copy taken back still fails."""
    scorer = CheckerConfig().model.build_scorer()
    asked: list[tuple[str, str]] = []
    score = scorer.score

    def counting(pairs):
        asked.extend(pairs)
        return score(pairs)

    scorer.score = counting  # type: ignore[method-assign]
    checker = ProvenanceChecker(scorer=scorer)
    copy, going_on = "The keeper rescued forty sailors.", "A plaque marks the spot today."
    taken_back = [f"{copy} That is not what happened.", "The lighthouse stands on a rock."]
    goes_on = [f"{copy} {going_on}", "The lighthouse stands on a rock."]
    for sources, verdict in ((taken_back, "contradicted"), (goes_on, "supported")):
        first = checker.check(CheckRequest(copy, sources=sources)).sentences[0]
        first_asked, asked[:] = list(asked), []
        again = checker.check(CheckRequest(copy, sources=sources)).sentences[0]
        assert (copy + " " + sources[0][len(copy) + 1 :], copy) in first_asked
        assert len(asked) == len(first_asked) - 1  # all but the reread, asked again
        assert first.verdict == again.verdict == verdict
        asked.clear()
    assert first.method == "verbatim"  # the source goes on: the copy is settled


def test_a_batch_indexes_a_repeated_source_set_once(checker: ProvenanceChecker) -> None:
    embedder = CountingEmbedder()
    requests = [
        CheckRequest(ANSWER, sources=[f"Source number {i}.", *MORE_SOURCES], embed_function=embedder) for i in range(4)
    ]
    reports = checker.check_batch([*requests, requests[0]])
    assert [len(r.sentences) for r in reports] == [2] * 5
    # per new set: one call for its chunks; per item: one call for its sentences
    assert len(embedder.calls) == 4 + 5
    first, repeated = reports[0].sentences, reports[4].sentences
    assert [(s.verdict, s.evidence) for s in first] == [(s.verdict, s.evidence) for s in repeated]


def test_hybrid_embeds_only_the_lexical_shortlist_of_large_sources(checker: ProvenanceChecker) -> None:
    embedder = CountingEmbedder()
    filler = [f"Paragraph {i} is about the harbour of town number {i} and its fishing boats." for i in range(300)]
    checker.check(
        CheckRequest("The Eiffel Tower was finished in 1889.", sources=[*filler, SOURCES[0]], embed_function=embedder)
    )
    assert embedder.calls[0] <= 40  # chunks embedded: the shortlist, not all ~300


@pytest.fixture
def default_embedder_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many texts each call of the default embedder gets (an app's own embed_function is
    called on every search, so these tests go through the default one)."""
    calls: list[int] = []
    load = retrieval.load_default_embedder

    def counting(device: str, backend: Backend):
        embed = load(device, backend)
        return lambda texts: calls.append(len(texts)) or embed(texts)

    monkeypatch.setattr(retrieval, "load_default_embedder", counting)
    return calls


def test_a_sentence_anchored_in_one_passage_embeds_nothing(default_embedder_calls: list[int]) -> None:
    filler = [f"Paragraph {i} is about the harbour of town number {i} and its fishing boats." for i in range(300)]
    anchored = "The Eiffel Tower was completed in 1889."  # not a copy, but every word is in one passage
    report = ProvenanceChecker().check(CheckRequest(anchored, sources=[*filler, SOURCES[0]]))
    assert default_embedder_calls == []
    assert [(s.verdict, s.method, s.source_index) for s in report.sentences] == [("supported", "model", 300)]
    reworded = ProvenanceChecker().check(CheckRequest(ANSWER, sources=[*filler, *SOURCES]))
    assert default_embedder_calls and [s.source_index for s in reworded.sentences] == [300, 301]


def test_sources_of_top_k_chunks_or_fewer_embed_nothing(default_embedder_calls: list[int]) -> None:
    report = ProvenanceChecker().check(CheckRequest(ANSWER, sources=SOURCES))
    assert default_embedder_calls == []  # two chunks, top_k 3: both are read whatever a search would say
    assert [(s.method, s.source_index) for s in report.sentences] == [("model", 0), ("model", 1)]


def test_the_index_cache_lists_the_chunks_a_cold_call_embedded() -> None:
    checker = ProvenanceChecker()
    checker.check(CheckRequest(ANSWER, sources=SOURCES))
    assert checker.cache.embedded_texts() == []  # two chunks: nothing to rank
    checker.check(CheckRequest(ANSWER, sources=MORE_SOURCES))
    assert sorted(checker.cache.embedded_texts()) == sorted(MORE_SOURCES)  # few chunks: every one is ranked


def test_an_apps_own_embed_function_is_called_even_where_a_search_needs_none() -> None:
    embedder = CountingEmbedder()
    ProvenanceChecker().check(CheckRequest(ANSWER, sources=SOURCES, embed_function=embedder))
    assert embedder.calls  # so a broken one fails closed at once (tests/test_bad_input.py)


def test_the_default_embedder_reads_a_texts_first_128_word_pieces() -> None:
    """all-MiniLM-L6-v2 was trained on 128 word pieces; a long chunk's tail is not paid for."""
    embed = default_embed_function()
    opening = "The harbour of the old town is full of fishing boats and gulls. " * 12  # ~170 pieces
    short = "The harbour of the old town is full of fishing boats and gulls. "
    tail = "The Eiffel Tower in Paris was completed in 1889."
    long_vectors, short_vectors = embed([opening, opening + tail]), embed([short, short + tail])
    assert np.allclose(long_vectors[0], long_vectors[1])
    assert not np.allclose(short_vectors[0], short_vectors[1], atol=1e-3)


def test_lexical_retrieval_never_loads_the_embedder() -> None:
    load_default_embedder.cache_clear()
    report = ProvenanceChecker(config=CheckerConfig.from_settings(retrieval="lexical")).check(
        CheckRequest(ANSWER, sources=SOURCES)
    )
    assert [s.method for s in report.sentences] == ["model", "model"]
    assert [s.source_index for s in report.sentences] == [0, 1]
    assert load_default_embedder.cache_info().currsize == 0


def test_the_cache_is_bounded() -> None:
    checker = ProvenanceChecker()
    checker.cache.max_size = 2
    for i in range(4):
        checker.check(CheckRequest(ANSWER, sources=[f"Source number {i}.", *SOURCES]))
    assert len(checker.cache) == 2


def test_batch_gives_the_same_verdicts_as_one_by_one(checker: ProvenanceChecker) -> None:
    requests = [
        CheckRequest(ANSWER, sources=SOURCES),
        CheckRequest("The Eiffel Tower was completed in 1925.", sources=SOURCES),
        CheckRequest("", sources=SOURCES),
        CheckRequest("Paris is in France.", sources=[]),
    ]
    batched = checker.check_batch(requests)
    single = [checker.check(request) for request in requests]
    assert [[s.verdict for s in r.sentences] for r in batched] == [[s.verdict for s in r.sentences] for r in single]
    for b, s in zip(batched, single, strict=True):
        np.testing.assert_allclose([x.entailment for x in b.sentences], [x.entailment for x in s.sentences], atol=1e-4)
    assert [s.verdict for s in batched[1].sentences] == ["contradicted"]
    assert batched[2].sentences == []


def test_concurrent_checks_are_safe(checker: ProvenanceChecker) -> None:
    requests = [
        CheckRequest(ANSWER if i % 2 else "The Eiffel Tower was completed in 1925.", sources=SOURCES) for i in range(8)
    ]
    expected = [[s.verdict for s in checker.check(r).sentences] for r in requests]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(checker.check, requests))
    assert [[s.verdict for s in r.sentences] for r in results] == expected


@pytest.mark.slow
def test_skipping_the_joint_premise_changes_no_verdict_and_no_review_flag(checker: ProvenanceChecker) -> None:
    """The joint premise is scored only where no passage settles the sentence at the review
    threshold; a review threshold of 1 scores it everywhere, as every premise used to be."""
    lines = (ROOT / "tests" / "data" / "ood_legal_technical.jsonl").read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines[:40]]
    sources = [case["premise"] for case in cases]
    requests = [CheckRequest(case["hypothesis"], sources=sources) for case in cases]
    everywhere = ProvenanceChecker(config=CheckerConfig.from_settings(review_threshold=1.0))
    full = [s for report in everywhere.check_batch(requests) for s in report.sentences]
    fast = [s for report in checker.check_batch(requests) for s in report.sentences]
    assert [s.verdict for s in fast] == [s.verdict for s in full]
    modelled = [(f, g) for f, g in zip(full, fast, strict=True) if f.method == "model"]
    assert [g.needs_review for _, g in modelled] == [f.confidence < checker.thresholds.review for f, _ in modelled]  # type: ignore[operator]
    skipped = sum(len(g.premise_scores or []) < len(f.premise_scores or []) for f, g in modelled)
    assert 0 < skipped < len(modelled)  # some sentences needed their joint premise, some did not


def test_joint_premise_combines_facts_from_two_passages(checker: ProvenanceChecker) -> None:
    sources = ["Marie Curie was born in Warsaw.", "Warsaw is the capital of Poland."]
    claim = "Marie Curie was born in the capital of Poland."
    joint = checker.check(CheckRequest(claim, sources=sources))
    alone = ProvenanceChecker(config=CheckerConfig.from_settings(joint_premise=False)).check(
        CheckRequest(claim, sources=sources)
    )
    assert joint.sentences[0].entailment >= alone.sentences[0].entailment
    assert joint.sentences[0].verdict == "supported"


def _parents(module: str) -> list[str]:
    parts = module.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def test_no_module_of_the_validator_imports_one_that_imports_it_back() -> None:
    """The package's modules form no import circle, counting imports made for types only and the
    packages an import runs first: a stage that reaches back into the checker that runs it (or
    settings that import what they build) is a tangle a new maintainer must hold in mind whole,
    and a circle through a package's ``__init__`` fails at import in whichever process imports
    the wrong module first."""
    import ast
    import graphlib
    from pathlib import Path

    import validator

    root = Path(validator.__file__).parent
    modules = {
        ".".join(path.relative_to(root.parent).with_suffix("").parts).removesuffix(".__init__"): path
        for path in root.rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = [inner for node in tree.body for inner in (node.body if isinstance(node, ast.If) else [node])]
        imported: set[str] = set()
        for node in top:
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                submodules = {f"{node.module}.{alias.name}" for alias in node.names}
                imported |= submodules if submodules <= modules.keys() else {node.module} & modules.keys()
            elif isinstance(node, ast.Import):
                imported |= {alias.name for alias in node.names} & modules.keys()
        # importing a.b.c first runs the packages a.b and a.b.c's parents a module is not inside
        packages = {parent for module in imported for parent in _parents(module) if not name.startswith(parent + ".")}
        graph[name] = (imported | (packages & modules.keys())) - {name}
    graphlib.TopologicalSorter(graph).prepare()  # raises CycleError naming the circle


def test_describe_is_renamed_and_the_old_names_still_work_this_release(checker: ProvenanceChecker) -> None:
    """ "describe" meant three things; the checker's settings are ``settings()`` and the one-line
    summary of sentences is ``summarize``, each old name kept one release with a warning."""
    import validator.pipeline

    report = checker.check(CheckRequest("The tower is 330 metres tall.", sources=["The tower is 330 metres tall."]))
    assert report.settings == checker.settings() and report.settings["top_k"] == checker.config.retrieval.top_k
    with pytest.warns(DeprecationWarning, match=r"ProvenanceChecker\.settings\(\)"):
        assert checker.describe() == checker.settings()
    with pytest.warns(DeprecationWarning, match="validator.pipeline.summarize"):
        old = validator.pipeline.describe
    assert old is validator.pipeline.summarize
    assert (
        validator.pipeline.summarize(report.sentences)
        == "- [supported] The tower is 330 metres tall. (copied from the source)"
    )
    with pytest.raises(AttributeError):
        _ = validator.pipeline.no_such_name


def _long_passage(sentences: int, joiner: str) -> str:
    """A retriever's whole document: one line about each of many depots, the fact checked in the middle."""
    lines = [f"Depot {5000 + i} in block {i % 97} ships {(i * 7) % 900 + 20} parcels a week" for i in range(sentences)]
    lines[sentences // 2] = "The Harbourside depot opened in 1962 and ships grain to Leith"
    return joiner.join(lines) + "."


@pytest.mark.parametrize("joiner", [". ", ", ", "; "])
def test_a_long_passage_from_a_query_function_is_searched_not_read_whole(joiner: str) -> None:
    """What the model reads of an app's passage stays the same however long it is (its top-k
    chunks, as for sources), so a 160 KB document costs what a 40 KB one does; the sentence is
    still found in it, and a wrong year still fails."""
    scorer = CheckerConfig().model.build_scorer()
    read: list[int] = []
    score = scorer.score

    def counting(pairs):
        read.append(sum(len(premise) for premise, _ in pairs))
        return score(pairs)

    scorer.score = counting  # type: ignore[method-assign]
    checker = ProvenanceChecker(scorer=scorer)
    answer = "The Harbourside depot opened in 1962. It ships grain to Leith."
    for size in (900, 3_600):
        passage = _long_passage(size, joiner)
        assert len(passage) > 40_000
        report = checker.check(CheckRequest(answer, query_function=lambda text, k, p=passage: [p]))
        assert [s.verdict for s in report.sentences] == ["supported", "supported"], report.sentences
        wrong = checker.check(
            CheckRequest("The Harbourside depot opened in 1926.", query_function=lambda text, k, p=passage: [p])
        )
        assert wrong.sentences[0].verdict != "supported"
    small, large = sum(read[: len(read) // 2]), sum(read[len(read) // 2 :])
    assert large < 2 * small  # four times the passage, about the same reading
