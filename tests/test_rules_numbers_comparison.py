"""The number rule's comparison (validator/rules/numbers/: clauses, rivals, comparison): a value is
vouched for only by the part of the evidence about the same thing, through the rule's function,
a Guard and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from guardrails import Guard
from helpers import EIFFEL, EMPIRE, WRONG_YEAR, check_answer, number_verdict, outcome, run_cli
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from validator import ProvenanceNLI


@pytest.mark.slow
@pytest.mark.parametrize(
    ("answer", "failing"),
    [(WRONG_YEAR, 0), ("The Eiffel Tower is in Paris. It was completed in 1931.", 1)],
    ids=["same-sentence-subject", "pronoun"],
)
def test_a_number_of_another_subject_in_the_same_source_fails_the_cli(
    tmp_path: Path, answer: str, failing: int
) -> None:
    (tmp_path / "source.txt").write_text(f"{EIFFEL} {EMPIRE}", encoding="utf-8")
    (tmp_path / "answer.txt").write_text(answer, encoding="utf-8")
    result = run_cli(
        "check", "--sources", str(tmp_path / "source.txt"), "--text", str(tmp_path / "answer.txt"), "--json"
    )
    assert result.returncode == 1, result.stdout + result.stderr
    sentence = json.loads(result.stdout)["sentences"][failing]
    assert (sentence["verdict"], sentence["method"]) == ("contradicted", "number_check")
    assert "1931" in sentence["note"]


_TWINS = st.tuples(
    st.sampled_from(
        [("St Anne's", "Royal Park"), ("North", "South"), ("Kingsley", "Ashford Valley"), ("Upper", "Lower")]
    ),
    st.sampled_from(
        [
            ("Hospital", "has {} beds"),
            ("Bridge", "is {} metres long"),
            ("School", "employs {} teachers"),
            ("Reservoir", "holds {} megalitres"),
            ("Stadium", "seats {} fans"),
        ]
    ),
    st.integers(120, 9_000),
    st.integers(120, 9_000),
)


@settings(max_examples=12, deadline=None)
@given(_TWINS)
def test_a_value_of_another_thing_of_the_same_kind_fails(twins: tuple) -> None:
    """A value the source gives to another thing whose name shares a word with the claim's ("Royal
    Park Hospital" and "St Anne's Hospital"), each said after a pronoun, is not the claim's."""
    (mine, theirs), (head, said), own, other = twins
    assume(abs(own - other) > 10)
    source = (
        f"{mine} {head} opened in 1990. It {said.format(own)}. {theirs} {head} opened in 2004. It {said.format(other)}."
    )
    passed, _ = check_answer(f"{mine} {head} {said.format(other)}.", [source])
    assert not passed
    passed, _ = check_answer(f"{mine} {head} {said.format(own)}.", [source])
    assert passed


def test_a_number_in_its_own_clause_still_passes() -> None:
    result = ProvenanceNLI(on_fail="noop").validate(
        "The Empire State Building was completed in 1931.", {"sources": [f"{EIFFEL} {EMPIRE}"]}
    )
    assert result.outcome == "pass"


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        ("It fell to -40 degrees.", "It fell to 40 degrees.", "contradicted"),
        ("It fell to minus 40 degrees.", "It fell to 40 degrees.", "contradicted"),
        ("It fell to minus 40 degrees.", "It fell to -40 degrees.", None),
        ("It was built in 1990.", "It was built in the 1990s.", "unsupported"),
        ("It has forty rooms.", "It has 40 rooms.", None),
        ("It has four hundred rooms.", "It has 400 rooms.", None),
        ("It has 400 rooms.", "It has forty rooms.", "contradicted"),
        ("It has 1.5 million users.", "It has 1,500,000 users.", None),
        ("The trail is 5 kilometres long.", "The trail is 5 miles long.", "contradicted"),
        ("Alice is 30 and Bob is 12.", "Alice is 12 and Bob is 30.", "contradicted"),
        ("Alice 30, Bob 12.", "Alice 12, Bob 30.", "contradicted"),
        ("Alice is 30 and Bob is 12.", "Alice is 30 and Bob is 12.", None),
        (WRONG_YEAR, f"{EIFFEL} {EMPIRE}", "contradicted"),
        (WRONG_YEAR, "The Eiffel Tower was completed in 1889, and the Empire State Building in 1931.", "contradicted"),
        (EIFFEL, "The Eiffel Tower is in Paris. It was completed in 1889.", None),
        (
            "The Eiffel Tower was finished in 1889.",
            "The Eiffel Tower is in Paris. Construction finished in 1889.",
            None,
        ),
    ],
)
def test_the_number_rule(sentence: str, premise: str, expected: str | None) -> None:
    assert number_verdict(sentence, premise) == expected


GAPS = [
    ("The band released 6 albums.", "The band released 4 albums, 6 years after it formed."),
    ("The path is 4 miles long.", "The path has 4 benches and is 9 kilometres long."),
    ("The firm has 1925 staff.", "The firm, founded in 1925, has 300 staff."),
    ("The runner finished 2nd.", "The runner finished 1st with 2 records."),
    ("Exactly 500 people came.", "Over 500 people came."),
    ("Henry VII built the chapel.", "Henry VIII built the chapel."),
    ("A dozen boats sank.", "Thirty boats sank."),
    (
        "The tower was completed in 1925.",
        "| event | year |\n| --- | --- |\n| tower completed | 1889 |\n| sign added | 1925 |",
    ),
    ("A score of boats sank.", "Thirty boats sank."),
]


@pytest.mark.parametrize(("answer", "source"), GAPS, ids=[a for a, _ in GAPS])
def test_the_number_rule_vetoes_each_gap(answer: str, source: str) -> None:
    assert number_verdict(answer, source) is not None
    judge = json.dumps({"verdict": "supports", "confidence": 0.99, "quote": source})
    guard = Guard().use(ProvenanceNLI(on_fail="noop", scorer_mode="llm", llm_callable=lambda prompt: judge))
    assert not outcome(guard.validate(answer, metadata={"sources": [source]})).validation_passed


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        ("The band released 4 albums.", GAPS[0][1]),
        ("The path is 9 kilometres long.", GAPS[1][1]),
        ("The firm has 300 staff.", GAPS[2][1]),
        ("The runner finished 1st.", GAPS[3][1]),
        ("More than 500 people came.", GAPS[4][1]),
        ("Henry VIII built the chapel.", GAPS[5][1]),
        ("Thirty boats sank.", GAPS[6][1]),
        ("A score of boats sank.", "Twenty boats sank."),
        ("Her score of 85 was the best.", "She scored 85, the best mark."),
        ("The tower was completed in 1889.", GAPS[7][1]),
    ],
)
def test_the_right_numbers_still_pass_the_rule(answer: str, source: str) -> None:
    assert number_verdict(answer, source) is None


CLAUSES_LEFT_SHORT = {
    "Over 500 people attended on Monday and 300 on Tuesday.": {
        "About 300 people came on Tuesday.": None,
        "More than 500 people attended on Monday.": None,
        "About 500 people came on Tuesday.": "contradicted",
        "300 people attended on Monday.": "contradicted",
    },
    "The band released 6 singles and 2 albums.": {
        "The band released 2 albums.": None,
        "The band released 6 singles.": None,
        "The band released 6 albums.": "contradicted",
        "The band released 2 singles.": "contradicted",
    },
    "Sales rose 12% in Europe and 4% in Asia.": {
        "Sales rose 4% in Asia.": None,
        "Sales in Europe rose 12%.": None,
        "Sales rose 12% in Asia.": "contradicted",
        "Sales in Europe rose 4%.": "contradicted",
    },
    "The museum had 40,000 visitors in 2019, and 25,000 in 2020.": {
        "The museum had 25,000 visitors in 2020.": None,
        "The museum had 40,000 visitors in 2019.": None,
        "The museum had 40,000 visitors in 2020.": "contradicted",
        "The museum had 25,000 visitors in 2019.": "contradicted",
    },
    "He served two terms, from 2009 to 2017.": {"He served two terms between 2009 and 2017.": None},
}


@pytest.mark.parametrize(
    ("source", "sentence", "expected"),
    [
        (source, sentence, verdict)
        for source, cases in CLAUSES_LEFT_SHORT.items()
        for sentence, verdict in cases.items()
    ],
)
def test_a_clause_that_leaves_out_its_verb_gives_its_value_to_its_own_thing(
    source: str, sentence: str, expected: str | None
) -> None:
    """ "…500 people attended on Monday and 300 on Tuesday": the second clause's number counts
    people on Tuesday, so each value belongs to its own day, and two values the evidence gives to
    different things are not vouched for as a pair."""
    assert number_verdict(sentence, source) == expected


JOINED = [
    (
        "Rates of myopia are soaring across East Asia, with 80% of young adults short-sighted.",
        "In Seoul, 80% of young adults are short-sighted. Rates of myopia are soaring across East Asia, where a "
        "generation ago only 20% of young people needed glasses.",
        "Rates of myopia are soaring across East Asia, with 90% of young adults short-sighted.",
    ),
    (
        "The 52-year-old chef opened her third restaurant in Lyon on Friday, serving a tasting menu.",
        "Chef Amélie Roux, 52, trained in Paris. On Friday her third restaurant opened in Lyon, serving a tasting "
        "menu whose sommelier is 31.",
        "The 45-year-old chef opened her third restaurant in Lyon on Friday, serving a tasting menu.",
    ),
]
"""A summary's sentence joins the words of two source sentences: the value from one, most of its
other words from another that gives another value of that kind. It keeps the value of the
sentence that states it; a value the source gives only to the other thing is still caught."""


@pytest.mark.parametrize(("answer", "source", "twin"), JOINED, ids=[a[:30] for a, _, _ in JOINED])
def test_a_sentence_joined_from_two_keeps_the_value_its_source_sentence_states(
    answer: str, source: str, twin: str
) -> None:
    assert number_verdict(answer, source) is None
    assert number_verdict(twin, source) is not None
    judge = json.dumps({"verdict": "supports", "confidence": 0.99, "quote": source})
    guard = Guard().use(ProvenanceNLI(on_fail="noop", scorer_mode="llm", llm_callable=lambda prompt: judge))
    assert outcome(guard.validate(answer, metadata={"sources": [source]})).validation_passed
    assert not outcome(guard.validate(twin, metadata={"sources": [source]})).validation_passed


@given(
    year=st.integers(min_value=1800, max_value=2030),
    first=st.integers(min_value=-3, max_value=3),
    second=st.integers(min_value=1, max_value=3),
    either=st.booleans(),
)
def test_values_offered_as_alternatives_are_vouched_for_by_one_of_them(
    year: int, first: int, second: int, either: bool
) -> None:
    """ "in 1841 or 1842" passes where the evidence gives either year, and fails where it gives neither."""
    a, b = year + first, year + first + second
    answer = f"The fort was built in {'either ' if either else ''}{a} or {b}."
    assert (number_verdict(answer, f"The fort was built in {year}.") is None) == (year in (a, b))


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        # a bracket with a value of the kind before it and words of its own is a second quantity
        (
            "Net income came in at $842 million ($2.10 a share).",
            "Net income was $842 million, or $2.10 per diluted share.",
            None,
        ),
        (
            "Net income came in at $842 million ($2.50 a share).",
            "Net income was $842 million, or $2.10 per diluted share.",
            "contradicted",
        ),
        ("The chimney is 650ft (198m) tall.", "The chimney is 198 metres tall.", None),
        # a rival that another clause of the answer states, paired as that clause pairs it
        (
            "A new record of 40.3C was set at Coningsby, beating 2019's 38.7C.",
            "Temperatures reached 40.3C at Coningsby, breaking the previous record of 38.7C set in 2019.",
            None,
        ),
        (
            "A new record of 41.3C was set at Coningsby, beating 2019's 38.7C.",
            "Temperatures reached 40.3C at Coningsby, breaking the previous record of 38.7C set in 2019.",
            "contradicted",
        ),
        (
            "Alice scored 30 points in 2020, beating Bob's 12 points in 2020.",
            "Alice scored 12 points in 2020, while Bob scored 30 points in 2020.",
            "contradicted",
        ),
        # an age set off by commas after a person described
        ("The striker, 34, scored twice.", "The 34-year-old striker scored twice.", None),
        ("The striker, 36, scored twice.", "The 34-year-old striker scored twice.", "contradicted"),
        ("Police said a woman, 61, was arrested.", "A 61-year-old woman was arrested, police said.", None),
        # a duration's symbol joined to its number; "under-20s" is an age group, no decade
        ("She won the 200m in 21.34s.", "She won the 200m in a time of 21.34 seconds.", None),
        ("She won the 200m in 21.43s.", "She won the 200m in a time of 21.34 seconds.", "contradicted"),
        ("The repair took 4h.", "The repair took four hours.", None),
        ("He became the under-20s coach.", "He won an Under-21 cap in the mid-1990s.", "contradicted"),
        # a share of a whole the answer states, worked out either way
        (
            "About 200 of the 800 employees face redundancy.",
            "Around a quarter of the 800 staff will lose their jobs.",
            None,
        ),
        (
            "About 300 of the 800 employees face redundancy.",
            "Around a quarter of the 800 staff will lose their jobs.",
            "contradicted",
        ),
        (
            "Of the 2,000 adults surveyed, 10% had cut back.",
            "The survey of 2,000 adults found that 200 had cut back.",
            None,
        ),
        (
            "Of the 2,000 adults surveyed, 20% had cut back.",
            "The survey of 2,000 adults found that 200 had cut back.",
            "contradicted",
        ),
    ],
)
def test_values_as_news_and_earnings_reports_write_them(sentence: str, premise: str, expected: str | None) -> None:
    """Wordings of real summaries that the number rule vetoed while the source said the same
    (a per-share figure in brackets, a record and the one it beat, "The striker, 34,", "21.34s",
    "about 200 of the 800"), each beside a wrong value that still fails."""
    assert number_verdict(sentence, premise) == expected


_CREST = "The crest was surveyed at 3,200 ft, though erosion has cost it ten feet since 1990."
_TURNOUT = "Turnout in 2019 reached 67.3 percent, up from 68.8 percent at the previous election in 2017."
_STAFF = "The trust has 1,950 doctors and 5,080 nurses on its payroll."
_SHARE = "The party took more than two-fifths of the vote, some 43 per cent, its best result since 1997."
_LOSS = "The unit made an operating loss of $12m, shrinking from $40m a year earlier, the filing showed."
_SALES = "The company reported sales of $3.1bn for the year, a record, up from $2.8bn."
_ORBIT = "The station circles the Earth 400 kilometres up."
_SUBSCRIBERS = "Subscriber numbers rose to 4.2m, the company said."
_DEPUTIES = "She served as one of the party's 3 deputy leaders, a post created in 1990, from 2014 to 2019."


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        # a unit's word says what kind of value it is, not what the clause is about
        ("The ridge rises to 3,200 feet above the valley floor.", _CREST, None),
        ("The ridge rises to 3,400 feet above the valley floor.", _CREST, "contradicted"),
        # a year that the evidence sets beside a value the answer states in the same sentence
        ("In the 2019 election, turnout was 67.3%.", _TURNOUT, None),
        ("In the 2019 election, turnout was 68.8%.", _TURNOUT, "contradicted"),
        # "approximately" carried along a list of values of one kind; a bound is not
        ("The trust employs approximately 2,000 doctors and 5,000 nurses.", _STAFF, None),
        ("The trust employs approximately 2,000 doctors and 6,000 nurses.", _STAFF, "contradicted"),
        ("The trust employs more than 1,900 doctors and 5,000 nurses.", _STAFF, "contradicted"),
        # a bound that holds the value is no rival of it
        ("The party won a 43% share of the vote.", _SHARE, None),
        ("The party won a 48% share of the vote.", _SHARE, "contradicted"),
        # the other end of a span of years is no other year in its role
        ("She was one of 3 deputy leaders from 2014.", _DEPUTIES, None),
        ("She was one of 3 deputy leaders from 2016.", _DEPUTIES, "contradicted"),
        ("The final ended 4-1.", "The final ended 4-2 after extra time, with 3-1 at full time.", "contradicted"),
        # a name before a measure is no numbered name; "m" after what is counted in millions
        ("The station orbits at an altitude of 400 km.", _ORBIT, None),
        ("The station orbits at an altitude of 450 km.", _ORBIT, "contradicted"),
        ("Subscriber numbers rose to 4.2 million.", _SUBSCRIBERS, None),
        ("Subscriber numbers rose to 4.8 million.", _SUBSCRIBERS, "contradicted"),
        # a clause that states two values of a kind: the piece holding the other is no rival
        ("Operating losses shrank to $12m from $40m.", _LOSS, None),
        ("Operating losses shrank to $12m from $45m.", _LOSS, "contradicted"),
        ("Sales hit a record $3.1 billion, up from $2.8 billion.", _SALES, None),
        ("Sales hit a record $3.1 billion, up from $2.6 billion.", _SALES, "contradicted"),
        ("Downloads rose from 3.2m to 4.5m.", "Downloads rose from 3.2 million to 4.5 million.", None),
        ("Downloads rose from 3.2m to 4.8m.", "Downloads rose from 3.2 million to 4.5 million.", "contradicted"),
        # a plural part alone is a share, with or without "of"
        ("Two thirds voted in favour.", "Some 67% of members voted in favour.", None),
        ("Two thirds voted in favour.", "Some 45% of members voted in favour.", "contradicted"),
    ],
)
def test_values_as_reference_claims_write_them(sentence: str, premise: str, expected: str | None) -> None:
    """Wordings of encyclopedia claims against the pages they cite that the number rule vetoed
    while the page said the same ("feet" where the page writes "ft" and a rival says "feet", a
    year whose clause shares "election" with another year's, "approximately" for two values, "more
    than two-fifths … some 43 per cent", a span's other end, "the Earth 400 kilometres up",
    "4.2m" subscribers, "two thirds" with no "of", "shrank to $12m from $40m" against a loss "of
    $12m, shrinking from $40m", "from 3.2m to 4.5m"), each beside a wrong value that still fails."""
    assert number_verdict(sentence, premise) == expected


_HEIGHT = "Okafor, a lock forward, is 6 ft 5 in (1.96 m) tall and joined the club in 2019."
_NEWBORN = "The twins weighed 5 lb 11 oz and 6 lb 2 oz at birth."
_FLAT = "The two-bedroom flat has 64 square metres of floor space."
_DEPOT = (
    "In April 2019, the council sold the tram depot, valued at about £6 million, to a housing trust. By 2019 "
    "the trust had spent £11 million on repairs elsewhere."
)
_PENSIONERS = "The winter payment reached 2.8 million pensioners last year."
_BRIDGE = "The bridge cost £180 million, after an original budget of £60 million in 2015."
_RESULTS = "Sales came in at $640 million, up 8% on a year ago, while adjusted EBIT rose 3%."
_RACE = "Tanui won the women's race in 2:21:07. The ferry crossing to the start takes 80 minutes."
_FORECAST = "Highs between 24C and 28C are expected on Friday."
_TRIAL = "The treatment slowed decline by 31% over 18 months, while side effects rose 9%."
_VOTE = "Members voted 61 to 34 for the motion, with five abstentions."
_HBA1C = (
    "The trial's 940 patients lost 9.1% of their body weight, against 1.9% on placebo. Their HbA1c, a "
    "measure of blood sugar, fell 1.4 percentage points from 7.9%."
)
_SUMMIT = "In 2023 the summit was measured at 4,810 m (15,781 ft), down from 4,834 m in 2015."
_LEVY = "The levy adds £54.20 a year to an average household bill, taking it to £1,210.80."
_CHIP = "The new chip is up to 12% faster while drawing 25% less power than the old one."
_SENTENCE = "The club's former treasurer has been jailed for six years and six months for fraud."
_PHONES = (
    "The firm launched the Pixel 9, which has a 6.1-inch display, down from 6.2 inches on the Pixel 8, "
    "and a larger 6.8-inch Pro XL model."
)
_ABBEY = "The abbey was consecrated on Holy Innocents' Day, 28 December 1065; the king died days later."
_JOBLESS = "The jobless rate fell by 0.4 percentage points from 4.5% in the spring."


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        # a measure in feet and inches, or pounds and ounces, is one value
        ("Okafor stands 6 feet 5 inches tall.", _HEIGHT, None),
        ("Okafor is 6'5\" tall.", _HEIGHT, None),
        ("Okafor is 1.96 metres tall.", _HEIGHT, None),
        ("Okafor stands 6 feet 7 inches tall.", _HEIGHT, "contradicted"),
        ("Okafor is 6 ft 3 in tall.", _HEIGHT, "contradicted"),
        ("Okafor is 2.01 metres tall.", _HEIGHT, "contradicted"),
        ("The smaller twin weighed 5 lb 11 oz.", _NEWBORN, None),
        ("The smaller twin weighed 5 lb 14 oz.", _NEWBORN, "contradicted"),
        # a unit squared as plain text writes it
        ("The flat has 64 m2 of floor space.", _FLAT, None),
        ("The flat has 74 m2 of floor space.", _FLAT, "contradicted"),
        # a time before the subject frames the clause, the month and all
        ("In 2019 the council sold the roughly £6m depot to a housing trust.", _DEPOT, None),
        ("In 2019 the council sold the roughly £9m depot to a housing trust.", _DEPOT, "contradicted"),
        # "m" is millions where the evidence counts them, not metres
        ("The winter payment reached 2.8m pensioners.", _PENSIONERS, None),
        ("The winter payment reached 3.2m pensioners.", _PENSIONERS, "contradicted"),
        # a multiple worked out from two values of one evidence sentence
        ("The bridge cost £180 million, three times its original budget.", _BRIDGE, None),
        ("The bridge cost £180 million, four times its original budget.", _BRIDGE, "unsupported"),
        # a change set off after a value is about the same thing as the value
        ("Sales rose 8% to $640 million.", _RESULTS, None),
        ("Sales rose 8% to $690 million.", _RESULTS, "contradicted"),
        # a duration in words against a race's clock time, or in another unit
        ("She won in 2 hours, 21 minutes and 7 seconds.", _RACE, None),
        ("She won in 2 hours, 21 minutes and 27 seconds.", _RACE, "contradicted"),
        ("The ferry crossing takes 1 hr 20 min.", _RACE, None),
        ("The ferry crossing takes 1 hr 30 min.", _RACE, "contradicted"),
        # two bounds of one duration in two units say the same
        ("The treatment slowed decline by 31% over a year and a half.", _TRIAL, None),
        ("The treatment slowed decline by 41% over a year and a half.", _TRIAL, "contradicted"),
        # a margin the words name, worked out from two values of one sentence
        ("The motion carried by a majority of 27.", _VOTE, None),
        ("The motion carried by a majority of 17.", _VOTE, "unsupported"),
        # a day known by name is its date
        ("The abbey was consecrated on 28 December 1065.", _ABBEY, None),
        ("The abbey was consecrated on Christmas Day 1065.", _ABBEY, "contradicted"),
        ("The treaty was signed on New Year's Day 1801.", "The treaty was signed on 1 January 1801.", None),
        # a share as a comparison; a sentence in years and months
        ("The new chip draws a quarter less power.", _CHIP, None),
        ("The new chip draws a third less power.", _CHIP, "contradicted"),
        ("The former treasurer was jailed for six and a half years.", _SENTENCE, None),
        ("The former treasurer was jailed for six years and three months.", _SENTENCE, "contradicted"),
        # a product's number is its name; a relative clause is about what the clause before names,
        # and each side of a comparison keeps its own words and values
        ("The Pixel 9 has a 6.1in screen, compared with 6.2in on the previous model.", _PHONES, None),
        ("The Pixel 9 has a 6.8in screen.", _PHONES, "contradicted"),
        ("The Pixel 9 has a 6.8in screen, compared with 6.2in on the previous model.", _PHONES, "contradicted"),
        # a clause that takes what the clause before names to a value is about that
        ("An average household will pay £54.20 more, bringing its bill to £1,210.80.", _LEVY, None),
        ("An average household will pay £54.20 more, bringing its bill to £1,310.80.", _LEVY, "contradicted"),
        # a difference whose operand the answer states in another clause
        ("The summit stood 4,810 metres high in 2023, 24 metres lower than in 2015.", _SUMMIT, None),
        ("The summit stood 4,810 metres high in 2023, 34 metres lower than in 2015.", _SUMMIT, "contradicted"),
        # a piece that holds only the answer's name ("HbA1c") pairs it with nothing
        ("HbA1c fell 1.4 points from 7.9%.", _HBA1C, None),
        ("HbA1c fell 1.4 points from 9.1%.", _HBA1C, "contradicted"),
        # a range whose temperature scale is written once
        ("Highs of 24-28C are expected on Friday.", _FORECAST, None),
        ("Highs of 24-30C are expected on Friday.", _FORECAST, "contradicted"),
        # "points" for percentage points, and a level moved by a change the source states
        ("The jobless rate fell 0.4 points.", _JOBLESS, None),
        ("The jobless rate fell 0.6 points.", _JOBLESS, "unsupported"),
        ("The jobless rate fell to 4.1%.", _JOBLESS, None),
        ("The jobless rate fell to 3.9%.", _JOBLESS, "contradicted"),
    ],
)
def test_values_as_pages_and_results_calls_write_them(sentence: str, premise: str, expected: str | None) -> None:
    """Wordings that the number rule vetoed while the source said the same: a height in feet and
    inches ("6 feet 5 inches" was 6 "feet inches", an area, and "5 inches" a stranger), a weight in
    pounds and ounces, "m2", "In 2019" against a fronted "In April 2019," (the month made the time
    a clause of its own, so another sentence's "By 2019 … £11 million" paired the year with another
    sum), "2.8m pensioners", "three times its original budget", "up 8% on a year ago" read
    apart from the sales it is the change of, "2 hours, 21 minutes and 7 seconds" against
    "2:21:07", "24-28C", "0.4 points", a rate "fell to 4.1%" against "fell by 0.4 percentage
    points from 4.5%", "a majority of 27" of "61 to 34", "New Year's Day 1801", "a quarter less
    power", "six and a half years" of "six years and six months", and a phone's screen beside its
    predecessor's (the larger model's clause shared more words with the answer than the relative
    clause ", which has a 6.1-inch display" did, and "Pixel 8" was paired with the answer's
    "Pixel 9"), "bringing its bill to" against ", taking it to", "24 metres lower" worked out
    from a level the answer states in its other clause, and "HbA1c" beside another sentence's
    value; each beside a wrong value that still fails."""
    assert number_verdict(sentence, premise) == expected


_LIBRARY = "The city library was completed in 1801."
_LIGHTHOUSE = "Harbour Point lighthouse was completed in 1800."


@pytest.mark.parametrize(
    ("sentence", "named", "expected"),
    [
        ("Mount Kenya station was completed in 1801.", "Mount Kenya station was completed in 1800.", "contradicted"),
        (
            "Harbour Point lighthouse was completed in 1801.",
            "Harbour Point lighthouse was completed in 1800.",
            "contradicted",
        ),
        ("Harbour Point lighthouse was completed in 1800.", "Harbour Point lighthouse was completed in 1800.", None),
        ("The city library was completed in 1801.", "Mount Kenya station was completed in 1800.", None),
    ],
)
def test_a_value_of_another_source_is_not_lent_to_what_the_claim_names(
    sentence: str, named: str, expected: str | None
) -> None:
    """Two sources, one about what the claim names with its own value, the other about something
    it does not name ("The city library"): the other's value, led by the same words ("was completed
    in"), is not the named thing's, though the two sources are far apart. It passed the rule, and a
    judge that says "supported" passed the sentence (found by the fail-closed property)."""
    assert number_verdict(sentence, [named, _LIBRARY]) == expected


@given(
    first=st.integers(min_value=20, max_value=90_000),
    second=st.integers(min_value=20, max_value=90_000),
    factor=st.sampled_from([0.5, 0.7, 0.8, 0.97, 1.0, 1.03, 1.25, 1.5, 2.0]),
    joined=st.sampled_from([" doctors and ", " doctors, ", " doctors, and ", " doctors on staff and "]),
)
def test_approximately_is_carried_along_a_list_only_as_far_as_it_stretches(
    first: int, second: int, factor: float, joined: str
) -> None:
    """ "approximately A doctors and B nurses": B is approximate too, so a value within a tenth
    of the evidence's is vouched for and one further off still fails, whatever joins the list."""
    stated = round(second * factor)
    assume(abs(stated - second) > 0.12 * stated or abs(stated - second) < 0.08 * stated)
    evidence = f"The trust has {first:,} doctors and {second:,} nurses on its payroll."
    sentence = f"The trust employs approximately {first:,}{joined}{stated:,} nurses."
    expected = None if abs(stated - second) < 0.08 * stated else "contradicted"
    assert number_verdict(sentence, evidence) == expected


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        (
            "Net income was $1.2 billion on revenue of $4.5 billion.",
            "Revenue rose to $4.5 billion; net income was $1.2 billion.",
            None,
        ),
        (
            "Net income was $4.5 billion on revenue of $1.2 billion.",
            "Revenue rose to $4.5 billion; net income was $1.2 billion.",
            "contradicted",
        ),
        ("EPS was $1.23 versus $1.10 a year ago.", "EPS of $1.23 compared with $1.10 a year earlier.", None),
        ("Gross margin was 45.3%, up from 44.1%.", "Gross margin of 45.3% compared with 44.1% a year ago.", None),
        (
            "Gross margin was 44.1%, up from 45.3%.",
            "Gross margin was 45.3%, up from 44.1% a year ago.",
            "contradicted",
        ),
        (
            "Revenue was $3.9 billion in 2021 and $4.5 billion in 2022.",
            "In 2022, revenue was $4.5 billion, up from $3.9 billion in 2021.",
            None,
        ),
        (
            "Revenue was $3.9 billion in 2022 and $4.5 billion in 2021.",
            "In 2022, revenue was $4.5 billion, up from $3.9 billion in 2021.",
            "contradicted",
        ),
        (
            "Net income was $1.2 billion in 2022.",
            "In 2022, revenue was $1.2 billion; net income was $0.8 billion.",
            "contradicted",
        ),
        (
            "Her debut was the 2007 film Confessions of a Teenage Drama Queen.",
            "In 2007, she starred in Transformers.Confessions of a Teenage Drama Queen is a 2004 film.",
            "contradicted",
        ),
    ],
)
def test_several_values_of_a_sentence_each_go_with_their_own_label(
    sentence: str, premise: str, expected: str | None
) -> None:
    """Earnings prose gives several amounts in one sentence: "on revenue of" and "versus" start
    another value's clause, a year set before the subject ("In 2022, …") is that clause's, and a
    clause ", up from $3.9 billion in 2021" is still about revenue (but a year before a clause with
    another year, as in joined text "…Transformers.Confessions … is a 2004 film", frames nothing).
    Swapped values still fail."""
    assert number_verdict(sentence, premise) == expected


LONG_REPORT = (
    "Auctioneers in Ohio have valued the ornament, which has some water damage, at about £17,000. "
    "The owner found it in a shed in 1990. Her neighbours laughed at it for years. Collectors say such "
    "pieces rarely come up for sale. Last spring a carved chair was valued at £3,000."
)


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        ("The ornament has been valued at £17,000.", LONG_REPORT, None),
        ("The ornament has been valued at £19,000.", LONG_REPORT, "contradicted"),
        ("Aiko, 19, was injured.", "Aiko, 18, was hurt. Bram, 19, was not.", "contradicted"),
        (
            "Aiko, 19, was injured.",
            "Aiko, 18, was hurt in the crash. The bus left the road. Police closed it for hours. "
            "Witnesses said it was raining. Bram, 19, was not hurt.",
            "contradicted",
        ),
        (
            "The Eiffel Tower was completed in 1801.",
            "The Eiffel Tower was completed in 1889. The city library was completed in 1801.",
            "contradicted",
        ),
    ],
)
def test_words_lead_to_a_rival_only_near_a_holder_and_a_name_to_its_age_anywhere(
    sentence: str, premise: str, expected: str | None
) -> None:
    """A value the sentence's own words lead to ("valued at £3,000") gives the number to something
    else only in the sentences around the one that states it: in a long report the same words
    recur about other things. A name set off before an age leads to it wherever it stands."""
    assert number_verdict(sentence, premise) == expected


@pytest.mark.parametrize(
    ("subject", "expected"),
    [("The Otters", None), ("Harbour City", "contradicted"), ("The Harbour City Otters", "contradicted")],
)
def test_a_nickname_after_a_name_is_about_it_and_another_name_is_not(subject: str, expected: str | None) -> None:
    """News calls a club by its nickname the sentence after its name ("The Hammers" after "West
    Ham"): the season that sentence gives is the named club's. A sentence naming another club (in
    full, or by a name and its nickname) still takes the season from it."""
    evidence = (
        "Northbridge Rovers confirmed their move to the new riverside ground on Tuesday. "
        f"{subject} will play their first game there in the 2027-28 season, the club said."
    )
    claim = "Northbridge Rovers will play at the riverside ground from the 2027-28 season."
    assert number_verdict(claim, evidence) == expected


ONE_CLAUSE = {
    "Leeds has 10 doctors and 1 nurse. York has 11 doctors and 2 nurses.": {
        "Leeds has 10 doctors and 2 nurses.": "contradicted",
        "Leeds has 10 doctors and 1 nurse.": None,
        "York has 11 doctors and 2 nurses.": None,
        "Leeds has 10 doctors and York has 2 nurses.": None,
    },
    "In 2020 the firm had 40 staff and 5 offices. In 2022 it had 60 staff and 3 offices.": {
        "In 2020 the firm had 40 staff and 3 offices.": "contradicted",
        "In 2022 the firm had 60 staff and 3 offices.": None,
    },
    "The red model costs $300 and weighs 3 kilograms. The blue model costs $450 and weighs 2 kilograms.": {
        "The red model costs $300 and weighs 2 kilograms.": "contradicted",
        "The blue model costs $450 and weighs 2 kilograms.": None,
        "The red model costs $300, and the blue model weighs 2 kilograms.": None,
    },
    "The Riverside branch lends 4,000 books a month, 300 laptops and 12 telescopes. The Hill branch lends "
    "2,500 books a month, 90 laptops and 3 telescopes.": {
        "The Riverside branch lends 4,000 books a month, 90 laptops and 12 telescopes.": "contradicted",
        "The Riverside branch lends 4,000 books a month, 300 laptops and 12 telescopes.": None,
    },
}


@pytest.mark.parametrize(
    ("source", "sentence", "expected"),
    [(source, sentence, verdict) for source, cases in ONE_CLAUSE.items() for sentence, verdict in cases.items()],
)
def test_the_values_of_one_clause_are_vouched_for_by_one_sentence(
    source: str, sentence: str, expected: str | None
) -> None:
    """A clause that lists values of one thing ("10 doctors and 2 nurses", "costs $300 and weighs
    2 kilograms") is vouched for only where one sentence of the evidence gives them together: the
    right value beside it does not vouch for a value the evidence gives to something else. A
    second clause with a subject of its own is paired on its own."""
    assert number_verdict(sentence, source) == expected


def test_a_guard_fails_a_clause_whose_values_the_evidence_gives_to_two_things() -> None:
    source = "Leeds has 10 doctors and 1 nurse. York has 11 doctors and 2 nurses."
    passed, [sentence] = check_answer("Leeds has 10 doctors and 2 nurses.", [source])
    assert not passed and sentence["method"] == "number_check" and "2" in sentence["note"]
    assert check_answer("Leeds has 10 doctors and 1 nurse.", [source])[0]


PERIODS = {
    "Nordic Mapping ASA reports results for the third quarter of 2026, the period from 1 July to 30 September 2026. "
    "Revenue was NOK 4.82 billion, up 11 percent from NOK 4.34 billion in the third quarter of 2025.": {
        "Nordic Mapping reported third-quarter 2026 revenue of NOK 4.82 billion.": None,
        "Revenue in the third quarter of 2026 was NOK 4.82 billion.": None,
        "Revenue in the third quarter of 2025 was NOK 4.34 billion.": None,
        "Revenue in the third quarter of 2025 was NOK 4.82 billion.": "contradicted",
        "Nordic Mapping reported third-quarter 2026 revenue of NOK 4.34 billion.": "contradicted",
    },
    "The district report covers the 2025 school year. Enrolment reached 14,200 pupils, compared with 13,650 "
    "pupils in the 2024 school year.": {
        "Enrolment in the 2025 school year was 14,200 pupils.": None,
        "Enrolment in the 2024 school year was 13,650 pupils.": None,
        "Enrolment in the 2025 school year was 13,650 pupils.": "contradicted",
        "Enrolment in the 2024 school year was 14,200 pupils.": "contradicted",
    },
    "Fiscal year 2026 ended on 31 March 2026. Net profit was EUR 310 million, down from EUR 355 million in "
    "fiscal year 2025.": {
        "Net profit for fiscal year 2026 was EUR 310 million.": None,
        "Net profit for fiscal year 2026 was EUR 355 million.": "contradicted",
        "Net profit for fiscal year 2025 was EUR 310 million.": "contradicted",
    },
    "Harbour Air's results for the first half of 2026 were published in August. Passenger numbers were 2.1 "
    "million, up 8 percent from 1.94 million in the first half of 2025.": {
        "Harbour Air carried 2.1 million passengers in the first half of 2026.": None,
        "In the first half of 2025 Harbour Air carried 1.94 million passengers.": None,
        "Harbour Air carried 1.94 million passengers in the first half of 2026.": "contradicted",
    },
}


@pytest.mark.parametrize(
    ("source", "sentence", "expected"),
    [(source, sentence, verdict) for source, cases in PERIODS.items() for sentence, verdict in cases.items()],
)
def test_a_period_named_for_this_year_and_the_last_ties_a_value_to_neither(
    source: str, sentence: str, expected: str | None
) -> None:
    """A report names its period once ("the third quarter of 2026") and then compares its value
    with the same period of the year before ("up 11 percent from NOK 4.34 billion in the third
    quarter of 2025"). The label the two periods share ("third", "first") does not give this
    period's value to last year's, and the clause about last year is no rival to a claim about
    this one; a value moved to the other year still fails."""
    assert number_verdict(sentence, source) == expected


@settings(max_examples=60, deadline=None)
@given(
    label=st.sampled_from(["the third quarter of {y}", "the first half of {y}", "fiscal year {y}", "March {y}"]),
    amount=st.sampled_from(
        [("Revenue", "EUR {v} million"), ("Sales", "${v} million"), ("Profit", "NOK {v} billion"), ("Gifts", "£{v}k")]
    ),
    year=st.integers(1990, 2030),
    values=st.lists(st.integers(11, 900), min_size=2, max_size=2, unique=True),
    link=st.sampled_from(["up 5 percent from", "down 5 percent from", "compared with", "against"]),
)
def test_any_period_compared_with_the_year_before_keeps_each_value_to_its_year(
    label: str, amount: tuple[str, str], year: int, values: list[int], link: str
) -> None:
    this, last = label.format(y=year), label.format(y=year - 1)
    (name, written), (now, before) = amount, values
    said, compared = written.format(v=now), written.format(v=before)
    source = f"The report covers {this}. {name} was {said}, {link} {compared} in {last}."
    assert number_verdict(f"{name} in {this} was {said}.", source) is None
    assert number_verdict(f"{name} in {this} was {compared}.", source) == "contradicted"


@settings(max_examples=60, deadline=None)
@given(
    thing=st.sampled_from(
        [
            ("Unemployment", "{v}%"),
            ("The average rent", "£{v}"),
            ("Membership", "{v},000 members"),
            ("Waits", "{v} days"),
        ]
    ),
    verb=st.sampled_from(["fell to", "rose to", "climbed to", "dropped to", "reached"]),
    frames=st.sampled_from([("in March", "in February"), ("in 2024", "in 2023"), ("this quarter", "last quarter")]),
    values=st.lists(st.integers(2, 90), min_size=2, max_size=2, unique=True),
)
def test_the_level_a_value_moved_from_is_not_the_level_it_moved_to(
    thing: tuple[str, str], verb: str, frames: tuple[str, str], values: list[int]
) -> None:
    """ "Unemployment fell to 4.1% in March from 4.3% in February": 4.3% is February's, the level
    it moved from, not March's, though one clause of the evidence holds both (a claim of 4.3% in
    March passed)."""
    name, written = thing
    now, before = (written.format(v=v) for v in values)
    source = f"{name} {verb} {now} {frames[0]} from {before} {frames[1]}."
    assert number_verdict(f"{name} {verb} {now} {frames[0]}.", source) is None
    assert number_verdict(f"{name} {verb} {before} {frames[0]}.", source) == "contradicted"


@settings(max_examples=60, deadline=None)
@given(
    amount=st.sampled_from(["${v} billion", "EUR {v} million", "{v},000 visitors", "{v}% of sales"]),
    link=st.sampled_from(["compared with", "up from", "down from", "versus", "against"]),
    earlier=st.sampled_from(["a year earlier", "a year ago", "in the prior year", "last year", "the year before"]),
    values=st.lists(st.integers(11, 90), min_size=2, max_size=2, unique=True),
)
def test_the_value_a_sentence_compares_with_is_not_the_one_it_reports(
    amount: str, link: str, earlier: str, values: list[int]
) -> None:
    """ "Net sales were $2.3 billion, compared with $2.1 billion a year earlier": the sentence
    reports $2.3 billion; $2.1 billion is what it measures that against, in a period no number
    names, so a claim of the reported period's $2.1 billion fails (it passed), and the reported
    value does not."""
    now, before = (amount.format(v=v) for v in values)
    source = f"The report covers the fourth quarter of 2025. The total was {now}, {link} {before} {earlier}."
    assert number_verdict(f"The total in the fourth quarter of 2025 was {now}.", source) is None
    assert number_verdict(f"The total in the fourth quarter of 2025 was {before}.", source) == "contradicted"


def test_a_guard_passes_a_value_of_this_period_beside_last_years() -> None:
    """The round-6 year-on-year sentence, through a Guard: no rule fails it (the model decides)."""
    source = next(iter(PERIODS))
    _, [sentence] = check_answer("Revenue in the third quarter of 2026 was NOK 4.82 billion.", [source])
    assert sentence["method"] != "number_check" and not sentence.get("finding")


AGES = [
    ("Maria Lopez, 34, was promoted.", "Maria Lopez was promoted on Friday, her manager, 34, said.", "unsupported"),
    ("Tom Reed, 52, opened the shop.", "Tom Reed opened the shop with his landlord, 52, in March.", "unsupported"),
    ("The driver, 45, was arrested.", "The driver was arrested after the passenger, 45, called police.", "unsupported"),
    ("Kofi Mensah, 61, won the prize.", "Kofi Mensah won the prize; his coach, 61, was in the crowd.", "unsupported"),
    ("Lesley Conman, 12, was targeted.", "Lesley Conman's daughter Abbie, 12, was targeted.", "unsupported"),
    (  # number words before the age: read as digits, the text is shorter than written
        "Forty-two people came, and Maria Lopez, 34, was promoted.",
        "Forty-two people came. Maria Lopez was promoted on Friday, her manager, 34, said.",
        "unsupported",
    ),
    ("Maria Lopez, 34, was promoted.", "Maria Lopez, 34, was promoted on Friday.", None),
    ("Ronaldo, 34, scored twice.", "Ronaldo scored twice. The striker, 34, was substituted.", None),
    ("Maria Lopez, 34, was promoted.", "Maria Lopez was promoted. The 34-year-old joined in 2010.", None),
    ("Jane Laut, 57, died.", "Laut, 57, died on Monday.", None),
]


@pytest.mark.parametrize(("claim", "evidence", "expected"), AGES, ids=[e[:40] for _, e, _ in AGES])
def test_an_age_set_off_after_someone_is_theirs(claim: str, evidence: str, expected: str | None) -> None:
    assert number_verdict(claim, evidence) == expected


@pytest.mark.parametrize(
    ("rest_of_source", "expected"), [("Maria Lopez, 34, joined in 2015.", None), ("She joined in 2015.", "unsupported")]
)
def test_an_age_is_settled_by_the_whole_source_as_a_value_is(rest_of_source: str, expected: str | None) -> None:
    """An age the passages give only to another is not vetoed where the whole source gives it to
    the claim's person: retrieval may not have brought that sentence, as for any value."""
    passage = "Maria Lopez was promoted on Friday, her manager, 34, said."
    assert (
        number_verdict("Maria Lopez, 34, was promoted.", passage, sources=[f"{passage} {rest_of_source}"]) == expected
    )


@given(
    st.sampled_from(["Maria Lopez", "Tom Reed", "Kofi Mensah", "Aiko Sato"]),
    st.sampled_from(["her manager", "his landlord", "their lawyer", "a neighbour", "an onlooker", "Sam Okoro"]),
    st.integers(18, 90),
    st.sampled_from(["was promoted on Friday", "opened the bakery", "won the appeal"]),
)
def test_an_age_the_evidence_sets_off_after_another_is_never_the_named_ones(
    named: str, other: str, age: int, deed: str
) -> None:
    evidence = f"{named} {deed}, {other}, {age}, said."
    assert number_verdict(f"{named}, {age}, {deed}.", evidence) == "unsupported"
    assert number_verdict(f"{named}, {age}, {deed}.", f"{named}, {age}, {deed}.") is None


def test_a_guard_fails_an_age_taken_from_someone_set_beside_the_named_person() -> None:
    passed, [sentence] = check_answer(
        "Maria Lopez, 34, was promoted.", ["Maria Lopez was promoted on Friday, her manager, 34, said."]
    )
    assert not passed and sentence["method"] == "number_check", sentence


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from([("Paris", "London"), ("Oslo", "Lima"), ("Acme", "Globex")]),
    st.sampled_from([("hosted the Games in", "hosted them in"), ("won the cup in", "won it in")]),
    st.lists(st.integers(1900, 2020), min_size=2, max_size=4, unique=True),
    st.lists(st.integers(1900, 2020), min_size=2, max_size=4, unique=True),
)
def test_every_value_of_a_list_said_with_a_pronoun_is_its_subjects(
    places: tuple[str, str], said: tuple[str, str], first: list[int], second: list[int]
) -> None:
    """ "London hosted them in 1908, 1948 and 2012" after "Paris hosted the Games in 1900 and 1924":
    each year of the list is London's, the later ones too (they had no words of their own), and
    "them" stands for the Games, so "London hosted the Games in 1948." is the source's, not a year
    of Paris's sentence, whose words lead to its own years; a year of the other list is still
    another's."""
    assume(not set(first) & set(second))
    one, other = places
    full, pronoun = said

    def listed(years: list[int]) -> str:
        return ", ".join(map(str, years[:-1])) + f" and {years[-1]}"

    evidence = f"{one} {full} {listed(first)}. {other} {pronoun} {listed(second)}."
    for year in second:
        assert number_verdict(f"{other} {full} {year}.", evidence) is None, (year, evidence)
        assert number_verdict(f"{one} {full} {year}.", evidence) == "contradicted", (year, evidence)


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(
        [("The Danube", "The Rhine"), ("Dr Mensah", "Dr Olsen"), ("Northfield School", "Southgate Academy")]
    ),
    st.sampled_from([("measures", "km"), ("covers", "hectares"), ("employs", "staff")]),
    st.integers(100, 5000),
    st.integers(100, 5000),
)
def test_a_value_said_of_another_named_subject_fails_whatever_the_claims_verb(
    names: tuple[str, str], said: tuple[str, str], first: int, second: int
) -> None:
    """ "The Rhine measures 2,850 km." where the Danube's sentence gives 2,850 km: the claim's subject
    is the name that opens it, whether or not its verb is one the subject reader knows ("is", "has",
    "was"), so the other subject's value is another's."""
    assume(first != second)
    one, other = names
    verb, unit = said
    evidence = f"{one} is in the north. It has {first:,} {unit}. {other} is in the south. It has {second:,} {unit}."
    assert number_verdict(f"{other} {verb} {first:,} {unit}.", evidence) == "contradicted", evidence
    assert number_verdict(f"{other} {verb} {second:,} {unit}.", evidence) is None, evidence


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(
        [("The Danube", "The Rhine"), ("Northfield School", "Southgate Academy"), ("Acme Foods", "Globex")]
    ),
    st.sampled_from(
        [
            "{name}, in the south, has {value} {unit}.",
            "There are {value} {unit} at {name}.",
            "{name}'s site has {value} {unit}.",
            "For {name}, the total is {value} {unit}.",
        ]
    ),
    st.sampled_from(["staff", "beds", "hectares"]),
    st.integers(100, 5000),
    st.integers(100, 5000),
)
def test_a_value_said_of_another_named_subject_fails_in_any_form_of_the_claim(
    names: tuple[str, str], form: str, unit: str, first: int, second: int
) -> None:
    """The claim's subject is read where the claim puts it: before a phrase set off by commas
    ("Royal Park Hospital, in Bath, has…"), after "There are … at", as the owner of what it opens
    with ("Acme's site has…"), or set before its clause ("For Acme, the total is…"); the other
    subject's value is another's, and its own is no finding."""
    assume(first != second)
    one, other = names
    evidence = f"{one} is in the north. It has {first:,} {unit}. {other} is in the south. It has {second:,} {unit}."
    assert number_verdict(form.format(name=other, value=f"{first:,}", unit=unit), evidence) == "contradicted"
    assert number_verdict(form.format(name=other, value=f"{second:,}", unit=unit), evidence) is None
