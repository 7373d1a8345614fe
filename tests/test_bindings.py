"""The binding rule (validator/rules/bindings.py): a name is vouched for only by the sentence about
it. A premise of several sentences (a two-sentence chunk, or the joint premise of
several sources) cannot bind one sentence's subject to another's predicate, through a real Guard,
the CLI and the citation checker; a real fusion of linked sentences still passes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from guardrails import Guard
from helpers import check_answer, last_result, only, outcome, run_cli, sentences_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from validator import ProvenanceNLI
from validator.citations import Citation, CitationChecker
from validator.rules.bindings import described_apart
from validator.rules.numbers import check_numbers

DARWIN = "Darwin wrote On the Origin of Species. Melville wrote Moby-Dick."


def lying_judge(prompt: str) -> str:
    """A judge that says "supports" to everything, quoting all the evidence it was shown."""
    fence = prompt.split(" EVIDENCE\n", 1)[0].rsplit("\n", 1)[-1]
    evidence = prompt.split(f"{fence} EVIDENCE\n", 1)[1].split(f"\n{fence} END EVIDENCE", 1)[0]
    return json.dumps({"verdict": "supports", "confidence": 0.99, "quote": evidence})


@pytest.fixture(scope="module")
def guards() -> dict[str, Guard]:
    return {
        "nli": Guard().use(ProvenanceNLI(on_fail="noop")),
        "cascade": Guard().use(ProvenanceNLI(on_fail="noop", scorer_mode="cascade", llm_callable=lying_judge)),
    }


@pytest.mark.parametrize(
    ("answer", "sources"),
    [
        ("Darwin wrote Moby-Dick.", [DARWIN]),
        (
            "The first patient is allergic to iodine.",
            ["The first patient is allergic to latex. The second patient is allergic to iodine."],
        ),
        (
            "Paracetamol shrinks some tumours.",
            ["Paracetamol is sold in pharmacies.", "Radiotherapy shrinks some tumours."],
        ),
    ],
    ids=["two-sentences", "roles", "two-sources"],
)
def test_a_fusion_of_unrelated_sentences_never_supports(guards: dict[str, Guard], answer: str, sources: list) -> None:
    for guard in guards.values():
        assert not outcome(guard.validate(answer, metadata={"sources": sources})).validation_passed
        [sentence] = sentences_of(last_result(guard))
        assert sentence["verdict"] != "supported", sentence


@pytest.mark.slow
def test_the_cli_fails_a_fused_name(tmp_path: Path) -> None:
    (tmp_path / "source.txt").write_text(DARWIN, encoding="utf-8")
    result = run_cli(
        "check", "--sources", str(tmp_path / "source.txt"), "--text", "-", "--json", stdin="Darwin wrote Moby-Dick."
    )
    assert result.returncode == 1, result.stdout + result.stderr
    [sentence] = json.loads(result.stdout)["sentences"]
    assert (sentence["verdict"], sentence["method"]) == ("unsupported", "binding_check")


@pytest.mark.parametrize(
    ("answer", "sources"),
    [
        (
            "The Eiffel Tower, in Paris, was completed in 1889.",
            ["The Eiffel Tower is in Paris. It was completed in 1889."],
        ),
        ("Darwin wrote On the Origin of Species.", [DARWIN]),
        (
            "Alice Smith, a chemist, founded the lab in Boston.",
            ["Alice Smith is a chemist. She founded the lab in Boston."],
        ),
    ],
    ids=["pronoun-chain", "one-sentence", "she"],
)
def test_a_fusion_of_linked_sentences_still_passes(guards: dict[str, Guard], answer: str, sources: list) -> None:
    assert outcome(guards["nli"].validate(answer, metadata={"sources": sources})).validation_passed


PEOPLE = ["Darwin", "Melville", "Austen", "Tolstoy", "Orwell", "Dickens", "Woolf", "Hemingway"]
WORKS = ["Moby-Dick", "Animal Farm", "War and Peace", "Great Expectations", "Mrs Dalloway", "The Old Man and the Sea"]
VERBS = ["wrote", "published", "translated", "revised"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    people=st.lists(st.sampled_from(PEOPLE), min_size=2, max_size=2, unique=True),
    works=st.lists(st.sampled_from(WORKS), min_size=2, max_size=2, unique=True),
    verb=st.sampled_from(VERBS),
    as_two_sources=st.booleans(),
)
def test_a_swapped_binding_is_never_supported(
    guards: dict[str, Guard], people: list[str], works: list[str], verb: str, as_two_sources: bool
) -> None:
    """ "A <verb> X. B <verb> Y." (one source, or two) never supports "A <verb> Y.", in nli and
    cascade modes and in the citation checker; "A <verb> X." still passes."""
    (a, b), (x, y) = people, works
    facts = [f"{a} {verb} {x}.", f"{b} {verb} {y}."]
    sources = facts if as_two_sources else [" ".join(facts)]
    for mode, guard in guards.items():
        guard.validate(f"{a} {verb} {y}.", metadata={"sources": sources})
        [swapped] = sentences_of(last_result(guard))
        assert swapped["verdict"] != "supported", (mode, swapped)
    assert outcome(guards["nli"].validate(f"{a} {verb} {x}.", metadata={"sources": sources})).validation_passed
    [citation] = CitationChecker().check(" ".join(facts), [Citation("c", f"{a} {verb} {y}.")])
    assert citation.verdict != "verified", citation


TITLES = ["Mr", "Mrs", "Ms", "Dr", "Prof", "Sir"]
SURNAMES = ["Okafor", "Lindqvist", "Moreau", "Tanaka", "Novak", "Brennan"]
ACTS = [("wrote", "the report", "signed", "the contract"), ("chaired", "the board", "audited", "the accounts")]


@pytest.fixture(scope="module")
def rules_alone() -> Guard:
    """What the rules let through: the judge supports everything, quoting all it was shown."""
    return Guard().use(ProvenanceNLI(on_fail="noop", scorer_mode="llm", llm_callable=lying_judge))


@settings(max_examples=10, deadline=None)
@given(
    title=st.sampled_from(TITLES),
    names=st.lists(st.sampled_from(SURNAMES), min_size=2, max_size=2, unique=True),
    act=st.sampled_from(ACTS),
)
def test_a_title_links_no_two_people(rules_alone: Guard, title: str, names: list[str], act: tuple) -> None:
    """ "Mr Okafor wrote the report. Mr Novak signed the contract." never supports "Mr Okafor
    signed the contract.", whatever a judge says: a title names no one, so it does not make two
    sentences about one person."""
    (a, b), (verb, thing, other_verb, other_thing) = names, act
    source = f"{title} {a} {verb} {thing}. {title} {b} {other_verb} {other_thing}."
    rules_alone.validate(f"{title} {a} {other_verb} {other_thing}.", metadata={"sources": [source]})
    [swapped] = sentences_of(last_result(rules_alone))
    assert swapped["verdict"] != "supported" and swapped["method"] == "binding_check", swapped


CAPTIONED = [
    (
        "Frida Kahlo's letters are expected to fetch $120,000.",
        "Frida Kahlo wrote 25 letters to Jose Bartoli. High price: The letters are expected to fetch $120,000.",
    ),
    (
        "Maple Ridge council will close the Elm Street library in June.",
        "Maple Ridge council voted on Tuesday to cut its budget. Last chapter: The Elm Street library will close "
        "in June.",
    ),
]
"""A caption's label ("High price:", "Last chapter:") is not the subject of the sentence it heads:
its first word names nothing, so it does not make the sentence about someone else."""


@pytest.mark.parametrize(("answer", "source"), CAPTIONED, ids=["letters", "library"])
def test_a_caption_label_is_not_another_subject(rules_alone: Guard, answer: str, source: str) -> None:
    rules_alone.validate(answer, metadata={"sources": [source]})
    [sentence] = sentences_of(last_result(rules_alone))
    assert sentence["method"] != "binding_check", sentence


BORDER = (
    "Border Angels organized the event on Sunday. Agents of the Patrol watched as families hugged their deported "
    "relatives at the fence."
)
CRASH = (
    "Ms Guode was sent to stay with a relative after the crash that killed the children. Mr Manyang says his "
    "partner told him she 'didn't feel herself' as she was driving."
)


@pytest.mark.parametrize(
    ("answer", "source", "fused"),
    [
        ("Border Angels organized the event; families hugged their deported relatives at the fence.", BORDER, False),
        ("Border Angels hugged their deported relatives at the fence; families organized the event.", BORDER, True),
        ("The children's father says Ms Guode 'didn't feel herself' as she was driving.", CRASH, False),
        ("Ms Guode says she 'didn't feel herself' as she was driving.", CRASH, True),
    ],
    ids=["two-facts", "fused-clause", "father-says", "speaker-swapped"],
)
def test_each_clause_and_each_speaker_is_bound_by_itself(
    rules_alone: Guard, answer: str, source: str, fused: bool
) -> None:
    """A summary joins two sentences' facts with a semicolon: each clause is a claim of its own, so
    the join fuses nothing, and a clause that fuses by itself still fails. "The children's father
    says Ms Guode …" is about the father, who says it in the source: the subject stops at "says" (it
    ran on to "…as she was", about Ms Guode, whose own sentence says nothing of it); given to Ms
    Guode as the speaker, the words are still the other sentence's."""
    rules_alone.validate(answer, metadata={"sources": [source]})
    [sentence] = sentences_of(last_result(rules_alone))
    assert (sentence["method"] == "binding_check") == fused, sentence


ROVERS = (
    "Northfield and both Westbury clubs are the only other unbeaten sides, though United drew at home. "
    "Westbury City have been impressive, beating Harlow 4-1."
)


@pytest.mark.parametrize(
    ("answer", "source", "fused"),
    [
        ("Northfield, West City and West United are the only other unbeaten sides.", ROVERS, False),
        ("Northfield beat Harlow 4-1.", ROVERS, True),
        (
            "Northfield and West City won the title on goal difference.",
            "Northfield and Westbury City were founded in 1880. Blackburn Rovers won the title on goal difference.",
            True,
        ),
    ],
    ids=["shortened-names", "fused-subject", "shortened-but-fused"],
)
def test_a_shortened_name_is_the_name_it_shortens(
    guards: dict[str, Guard], answer: str, source: str, fused: bool
) -> None:
    """A summary shortens a name ("Man City" for "Manchester City"): a sentence about "both
    Westbury clubs" and one about "Westbury City" are both about what "West City and West United"
    names, not about a third thing, so the bundled model's support stands. A deed of the other
    sentence given to the subject, and another club's deed, still fuse."""
    result = outcome(guards["nli"].validate(answer, metadata={"sources": [source]}))
    [sentence] = sentences_of(last_result(guards["nli"]))
    assert (sentence["method"] == "binding_check") == fused, sentence
    assert result.validation_passed != fused


CALL = (
    "Welcome to Kestrel Foods' first-quarter results call. Priya Natarajan, Chief Executive: Thank you all for "
    "joining. Sales came in at $812 million, up 11% on a year ago, and adjusted EBIT rose 6%. Net cash ended "
    "the quarter at $95 million, with EBIT margins of 9.4%."
)


@pytest.mark.parametrize(
    ("answer", "source", "fused"),
    [
        ("Kestrel's first-quarter sales rose 11% to $812 million.", CALL, False),
        (
            "Harbour Press's profits rose 12% last year.",
            "Harbour Press is based in Leeds. Profits rose 12% at Quayside Media last year.",
            True,
        ),
        (
            "Harbour Press's sales reached £40 million.",
            "Harbour Press prints books. Sales at Quayside Media reached £40 million.",
            True,
        ),
        (
            "Harbour Press printed the city atlas.",
            "Harbour Press printed a poetry annual. Quayside Media moved to York in 2019. It printed the city atlas.",
            True,
        ),
    ],
    ids=["the-subjects-own-sales", "profits-of-another", "sales-at-another", "it-printed"],
)
def test_a_subject_the_claim_writes_in_lower_case_is_no_third_thing(
    guards: dict[str, Guard], answer: str, source: str, fused: bool
) -> None:
    """A results call names the company once, then says "Sales came in at…": a sentence whose
    subject is a word the answer writes in lower case ("Kestrel's … sales") is about what the
    answer is about, whatever names its other clauses hold (EBIT) and whatever other sentences it
    is linked with. Where that sentence's first clause names another company ("Profits rose 12% at
    Quayside Media", "Sales at Quayside Media…"), or that names no subject and leans on a sentence
    about another ("It printed…" after "Quayside Media moved…"), the words are still another's."""
    result = outcome(guards["nli"].validate(answer, metadata={"sources": [source]}))
    [sentence] = sentences_of(last_result(guards["nli"]))
    assert (sentence["method"] == "binding_check") == fused, sentence
    assert result.validation_passed != fused


# A value or attribute moved to another person or thing of the same source.

MOVED = [
    ("Priya led the audit of the Leeds branch.", "Marco led the audit of the Leeds branch. Priya joined in May."),
    ("Okafor, 34, was elected chair.", "Lindqvist, 34, was elected chair. Okafor was elected treasurer."),
    ("The ferry leaves at dawn on Friday.", "The ferry leaves at dawn on Thursday. On Friday it stays in port."),
    ("The tenant pays the water bill.", "The tenant pays the rent monthly. The landlord pays the water bill."),
    ("The deputy signed the final report.", "The deputy signed the draft. The mayor signed the final report."),
]


@pytest.mark.parametrize(("answer", "source"), MOVED)
def test_a_value_moved_to_another_subject_is_contradicted_by_the_rule(answer: str, source: str) -> None:
    passed, [sentence] = check_answer(answer, [source])
    assert sentence["verdict"] == "contradicted" and sentence["method"] == "binding_check", sentence
    assert not passed


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        # the same person under a title and a name, and two common nouns the source never contrasts
        ("Obama signed the climate bill.", "President Obama spoke. The President signed the climate bill."),
        ("The startup hired forty engineers.", "The company hired forty engineers. The startup is in Oslo."),
        ("The tenant pays the water bill.", "The tenant pays the water bill. The landlord pays the rent."),
    ],
)
def test_what_is_not_a_moved_value_is_left_to_the_model(answer: str, source: str) -> None:
    _, [sentence] = check_answer(answer, [source])
    assert sentence["method"] != "binding_check", sentence


NAMES = st.sampled_from(["Aiko", "Bram", "Chidi", "Dagny", "Emeka", "Farah"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(NAMES, NAMES, st.sampled_from(["drafted the lease", "won the regional final", "repaired the north gate"]))
def test_a_deed_moved_between_two_named_people_never_passes(holder: str, other: str, deed: str) -> None:
    if holder == other:
        return
    source = f"{holder} {deed} last spring. {other} arrived in the autumn."
    passed, [sentence] = check_answer(f"{other} {deed} last spring.", [source])
    assert not passed and sentence["verdict"] == "contradicted"


THINGS = st.sampled_from(["Acme", "Globex", "The Danube", "The Rhine", "Mensah", "Olsen"])
PRONOUN_DEEDS = st.sampled_from(
    [
        ("It", "employs 1,200 people"),
        ("It", "is 2,850 km long"),
        ("She", "sees 40 patients a day"),
        ("It", "hosts the fair"),
    ]
)


OPENERS = st.sampled_from(["opened in the spring", "joined the register in 2015", "moved to Leeds last year"])


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(THINGS, THINGS, PRONOUN_DEEDS, OPENERS)
def test_a_pronoun_in_the_source_is_read_as_what_it_stands_for(
    first: str, second: str, said: tuple, opener: str
) -> None:
    """ "Acme employs 1,200 people." against "Acme is based in Ohio. It employs 1,200 people." is
    what the source says, its "It" read as Acme, whatever verb the sentence before has ("Acme
    joined…", "The Danube moved…"): the rule that finds a name put in another's place must not take
    the pronoun for a name and settle the correct sentence as contradicted. The name of the other
    thing there is still moved."""
    if first == second:
        return
    pronoun, deed = said
    source = f"{first} {opener}. {pronoun} {deed}. {second} {opener}."
    _, [own] = check_answer(f"{first} {deed}.", [source])
    assert own["method"] != "binding_check", own
    passed, [moved] = check_answer(f"{second} {deed}.", [source])
    assert not passed and moved["verdict"] == "contradicted", moved


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        (
            "London hosted the Games in 1948.",
            "Paris hosted the Games in 1900 and 1924. London hosted them in 1908, 1948 and 2012.",
        ),
        ("Globex won the cup in 2011.", "Acme won the cup in 1999. Globex won it again in 2011."),
    ],
)
def test_a_sentence_that_names_its_object_by_a_pronoun_leans_on_the_one_before(answer: str, source: str) -> None:
    """ "London hosted them in…" says "them" of the Games the sentence before names: the claim that
    joins London to the Games is the source's, not a fusion of two sentences about two cities."""
    passed, [sentence] = check_answer(answer, [source])
    assert passed and sentence["method"] not in ("binding_check", "number_check"), sentence


def test_an_age_set_off_after_another_name_of_the_same_sentence_is_not_vouched() -> None:
    source = "Amara, 29, and her brother Kofi, 36, were rescued from the cliff."
    passed, [sentence] = check_answer("Amara, 36, was rescued from the cliff.", [source])
    assert sentence["verdict"] == "contradicted" and sentence["method"] == "number_check", sentence
    assert not passed


@given(NAMES, NAMES, st.integers(18, 90), st.integers(18, 90), st.booleans())
def test_an_age_belongs_to_the_name_it_is_set_off_after(first: str, second: str, a: int, b: int, one: bool) -> None:
    if first == second or a == b:
        return
    together, apart = (
        f"{first}, {a}, and {second}, {b}, were injured.",
        f"{first}, {a}, was hurt. {second}, {b}, was not.",
    )
    source = together if one else apart
    assert check_numbers(f"{first}, {b}, was injured.", [source]) is not None
    assert check_numbers(f"{first}, {a}, was injured.", [source]) is None


def test_a_link_through_a_third_name_does_not_join_two_sentences() -> None:
    """Both sentences are about Ferrante, so nothing vouches that Calvino wrote what she did."""
    source = "Ferrante admired Calvino. Ferrante wrote The Lost Daughter."
    passed, [sentence] = check_answer("Calvino wrote The Lost Daughter.", [source])
    assert not passed and sentence["verdict"] != "supported"


def test_a_surname_the_source_also_writes_in_lower_case_is_still_a_name() -> None:
    source = "Ada Green lived in a green cottage. Samuel Okoye built the Harbour Bridge."
    passed, _ = check_answer("Green built the Harbour Bridge.", [source])
    assert not passed


def test_a_query_function_passage_that_points_back_is_not_joined_to_another_subject() -> None:
    passages = ["The Bosco Verticale is a pair of towers in Milan.", "It was completed in 1931."]

    def retrieve(text: str, k: int) -> list[str]:
        return passages

    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    result = guard.validate("The Bosco Verticale was completed in 1931.", metadata={"query_function": retrieve})
    assert not outcome(result).validation_passed
    assert only(last_result(guard))["verdict"] != "supported"


DEEDS = [
    ("prescribed the antibiotics", "examined the child"),
    ("recalled the frozen spinach", "sells frozen spinach in twelve states"),
    ("dismissed the appeal", "heard the opening arguments"),
    ("signed the lease", "visited the warehouse"),
]
NAMED = ["Dr Amara Osei", "Judge Mary Hall", "Professor Ines Liu", "Mayor Ana Ruiz", "Acme Foods", "Senator Tom Cole"]
ANOTHER = ["A rival firm", "Another company", "Some analysts", "Its supplier", "Her colleague", "Their lawyer"]
OTHER_ROLE = {"Dr": "The nurse", "Judge": "The appeals court", "Professor": "A graduate student", "Mayor": "Her deputy"}


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(NAMED), st.sampled_from(ANOTHER), st.sampled_from(DEEDS))
def test_what_a_source_says_of_something_it_describes_as_another_is_not_the_named_ones(
    rules_alone: Guard, named: str, another: str, deeds: tuple[str, str]
) -> None:
    """ "Acme Foods recalled X." is not vouched for by "Acme Foods sells X. A rival firm recalled
    X.", whatever a judge says: the subject that did it is introduced as another ("A…",
    "Another…", "Some…") or related to the named one ("Its supplier…", "Her colleague…")."""
    deed, own = deeds
    rules_alone.validate(f"{named} {deed}.", metadata={"sources": [f"{named} {own}. {another} {deed} last week."]})
    [sentence] = sentences_of(last_result(rules_alone))
    assert sentence["verdict"] != "supported" and sentence["method"] == "binding_check", sentence


@pytest.mark.parametrize(("title", "other"), OTHER_ROLE.items())
def test_a_role_other_than_the_named_persons_title_is_someone_else(title: str, other: str) -> None:
    """Through the bundled model, which reads "The nurse prescribed…" after "Dr Amara Osei…" as
    her (0.84 supported before the rule knew a title's role)."""
    source = f"{title} Amara Osei examined the child. {other} prescribed the antibiotics."
    passed, [sentence] = check_answer(f"{title} Amara Osei prescribed the antibiotics.", [source])
    assert not passed and sentence["verdict"] != "supported", sentence


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        (
            "Dr Amara Osei prescribed the antibiotics.",
            "Dr Amara Osei examined the child. She prescribed the antibiotics.",
        ),
        (
            "Dr Amara Osei prescribed the antibiotics.",
            "Dr Amara Osei examined the child. The doctor prescribed the antibiotics.",
        ),
        (
            "Acme Foods recalled the frozen spinach.",
            "Acme Foods sells spinach. The company recalled the frozen spinach.",
        ),
        ("Acme's shares fell 5% on Monday.", "Acme reported a loss. Its shares fell 5% on Monday."),
        ("Terrill Newman is running for governor.", "A man is running for governor. Terrill Newman filed on Monday."),
        ("The Eiffel Tower is 330 metres tall.", "The Eiffel Tower is in Paris. The tower is 330 metres tall."),
    ],
    ids=[
        "pronoun",
        "the-title's-role",
        "a-company-as-the-company",
        "its-own-shares",
        "introduced-then-named",
        "the-name's-noun",
    ],
)
def test_a_description_that_may_be_the_named_subject_is_left_to_the_model(answer: str, source: str) -> None:
    assert not described_apart(answer, source)


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from(["Baker", "Smith", "Fisher", "Cook", "Mason", "Potter", "Miller", "Judge", "Carpenter"]),
    st.sampled_from(["The", "A"]),
    st.sampled_from([("repaired the chapel roof", "retired in May"), ("won the county prize", "moved to Leeds")]),
)
def test_a_surname_the_source_writes_as_a_common_noun_is_not_vouched_for_by_it(
    rules_alone: Guard, surname: str, article: str, deeds: tuple[str, str]
) -> None:
    """ "Baker repaired the roof." is not vouched for by "Amy Baker retired. The baker repaired the
    roof.": the source names Amy Baker and, apart, a baker."""
    deed, own = deeds
    source = f"Amy {surname} {own}. {article} {surname.lower()} {deed}."
    rules_alone.validate(f"{surname} {deed}.", metadata={"sources": [source]})
    [sentence] = sentences_of(last_result(rules_alone))
    assert sentence["verdict"] != "supported" and sentence["method"] == "binding_check", sentence


TWO_CLAUSES = [
    ("The Louvre is in {place}, and the Prado is in {other}.", "The Prado is in {place}."),
    ("The buyer pays the {thing}; the seller pays the {other_thing}.", "The seller pays the {thing}."),
    (
        "The red plan covers the {thing}, while the blue plan covers the {other_thing}.",
        "The blue plan covers the {thing}.",
    ),
]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(TWO_CLAUSES),
    st.sampled_from([("Paris", "Madrid"), ("Rome", "Vienna")]),
    st.sampled_from([("shipping costs", "import duties"), ("roof repairs", "garden upkeep")]),
)
def test_a_clause_said_of_the_other_subject_of_its_sentence_is_contradicted(
    form: tuple[str, str], places: tuple[str, str], things: tuple[str, str]
) -> None:
    """A sentence of two clauses that say the same kind of thing of two subjects ("The Louvre is in
    Paris, and the Prado is in Madrid."): the one clause with the other's subject put in is what
    the source says of another (``binding_check``), as a sentence of its own would be. A clause
    whose sentence says it of the claim's subject too ("…, and Lyon hosts it too") is not."""
    source, claim = form
    values = {"place": places[0], "other": places[1], "thing": things[0], "other_thing": things[1]}
    passed, [sentence] = check_answer(claim.format(**values), [source.format(**values)])
    assert not passed and sentence["method"] == "binding_check", sentence


def test_a_clause_its_sentence_says_of_both_subjects_is_not_moved() -> None:
    _, [sentence] = check_answer("Lyon hosts the fair.", ["Paris hosts the fair, and Lyon hosts it too."])
    assert sentence["method"] != "binding_check", sentence


SAID_OF_ONE_SUBJECT = [
    "The {a} bridge opened in {year_a} and is {len_a} metres long. "
    "The {b} bridge opened in {year_b} and is {len_b} metres long.",
    "The {a} bridge, which opened in {year_a}, is {len_a} metres long. "
    "The {b} bridge, which opened in {year_b}, is {len_b} metres long.",
    "The {a} bridge, which is {len_a} metres long, opened in {year_a}; "
    "the {b} bridge, which is {len_b} metres long, opened in {year_b}.",
    "The {a} bridge spans the Tees and is {len_a} metres long. "
    "The {b} bridge spans the Wear and is {len_b} metres long.",
]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(SAID_OF_ONE_SUBJECT),
    st.sampled_from([("Hollis", "Alder"), ("Kenton", "Marsh"), ("Ashby", "Penrose")]),
    st.sampled_from([(107, 120), (86, 240)]),
)
def test_a_value_of_a_coordinated_or_relative_clause_belongs_to_its_own_subject(
    form: str, names: tuple[str, str], lengths: tuple[int, int]
) -> None:
    """ "The Alder bridge opened in 1920 and is 120 metres long." says the 120 metres of the Alder
    bridge, as "It is 120 metres long." after it would: the Hollis bridge given the Alder's length
    is what the source says of another, and its own length passes."""
    a, b = names
    source = form.format(a=a, b=b, year_a=1907, year_b=1920, len_a=lengths[0], len_b=lengths[1])
    passed, [sentence] = check_answer(f"The {a} bridge is {lengths[1]} metres long.", [source])
    assert not passed and sentence["method"] == "binding_check", (source, sentence)
    _, [own] = check_answer(f"The {a} bridge is {lengths[0]} metres long.", [source])
    assert own["method"] != "binding_check", (source, own)
