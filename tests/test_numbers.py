"""The number rule (validator/rules/numbers/): a number is vouched for only by the part of the
evidence about the same thing, in any spelling, through the rule's function, a Guard and the CLI."""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from functools import cache
from pathlib import Path

import pint
import pytest
from guardrails import Guard
from guardrails.errors import ValidationError
from helpers import (
    EIFFEL,
    EMPIRE,
    WRONG_YEAR,
    check_answer,
    last_result,
    number_verdict,
    only,
    outcome,
    run_cli,
)
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from validator import ProvenanceNLI
from validator.rules.numbers import check_numbers
from validator.rules.numbers.units import measure


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


def test_a_negative_number_is_not_its_absolute_value_through_a_guard() -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    guard.validate(
        "The temperature fell to -40 degrees.", metadata={"sources": ["The temperature fell to 40 degrees."]}
    )
    assert only(last_result(guard))["verdict"] != "supported"


def test_the_same_quantity_in_another_spelling_is_not_a_contradiction() -> None:
    """The model took "1.5 million" for another number than "1,500,000" (contradicted, 0.60)."""
    guard = Guard().use(ProvenanceNLI(on_fail="exception"))
    for claim, source in [
        ("The city has 1.5 million residents.", "The city has 1,500,000 residents."),
        ("The city has 1,500,000 residents.", "The city has 1.5 million residents."),
    ]:
        assert outcome(guard.validate(claim, metadata={"sources": [source]})).validation_passed
    with pytest.raises(ValidationError):
        guard.validate(
            "The city has 1.5 million residents.", metadata={"sources": ["The city has 2,500,000 residents."]}
        )


def test_a_duration_in_another_unit_is_read_as_the_source_writes_it() -> None:
    """The model read "a year and a half" against "18 months" as unsupported: the sentence is
    scored with the duration as the source writes it, and the rule vouches for the same length.
    Another length still fails."""
    guard = Guard().use(ProvenanceNLI(on_fail="exception"))
    for claim, source in [
        (
            "The library's renovation will take a year and a half.",
            "The renovation of the city library is expected to take 18 months.",
        ),
        ("The guided tour takes an hour and a half.", "The guided tour lasts 90 minutes and starts at the main gate."),
    ]:
        assert outcome(guard.validate(claim, metadata={"sources": [source]})).validation_passed
    with pytest.raises(ValidationError):
        guard.validate(
            "The library's renovation will take two and a half years.",
            metadata={"sources": ["The renovation of the city library is expected to take 18 months."]},
        )


def test_money_and_percentages_written_another_way_are_read_as_the_source_writes_them() -> None:
    """The model contradicted sentences that give a source's amount in another spelling ("$2.3B"
    against "$2.3 billion": P(contradiction) 0.53; "$0.24" against "24 cents": 0.73): the sentence
    is scored with the amount as the source writes it, or both as the number rule reads them.
    Another amount still fails."""
    guard = Guard().use(ProvenanceNLI(on_fail="exception"))
    for claim, source in [
        ("The museum's annual budget is €4.7M.", "The museum has an annual budget of €4.7 million."),
        ("Each ticket costs $0.75.", "Each ticket costs 75 cents and can be bought on the bus."),
        ("Turnout reached 61.2 percent.", "Turnout reached 61.2%, the highest since 1992."),
    ]:
        assert outcome(guard.validate(claim, metadata={"sources": [source]})).validation_passed, claim
    with pytest.raises(ValidationError):
        guard.validate(
            "The museum's annual budget is €7.4M.",
            metadata={"sources": ["The museum has an annual budget of €4.7 million."]},
        )


def test_a_measure_in_another_unit_is_read_as_the_source_writes_it() -> None:
    """The model read "3,000-megawatt" against "3 gigawatts" as another number, though the number
    rule vouched for it: the sentence is scored with the value and its unit as the source writes
    them. Another value still fails."""
    guard = Guard().use(ProvenanceNLI(on_fail="exception"))
    for claim, source in [
        (
            "The 3,000-megawatt plant is due to open in 2027.",
            "The plant will have a capacity of 3 gigawatts when it opens in 2027.",
        ),
        ("The reserve covers 3.5 square kilometres of wetland.", "The reserve covers 350 hectares of wetland."),
    ]:
        assert outcome(guard.validate(claim, metadata={"sources": [source]})).validation_passed, claim
    with pytest.raises(ValidationError):
        guard.validate(
            "The 2,000-megawatt plant is due to open in 2027.",
            metadata={"sources": ["The plant will have a capacity of 3 gigawatts when it opens in 2027."]},
        )


@given(
    value=st.decimals(min_value=10, max_value=9_999, places=2),
    places=st.integers(min_value=0, max_value=1),
    shift=st.integers(min_value=-9, max_value=9),
    spellings=st.sampled_from(
        [
            ("${} billion", "${}bn"),
            ("£{}bn", "£{} billion"),
            ("{} percent", "{}%"),
            ("{}%", "{} per cent"),
            ("{} kilometres", "{} km"),
            ("{} MW", "{}-megawatt"),
        ]
    ),
    bound=st.sampled_from(["", "about ", "more than ", "nearly "]),
)
def test_spelling_a_sentence_as_its_source_never_changes_the_rules_verdict(
    value: Decimal, places: int, shift: int, spellings: tuple[str, str], bound: str
) -> None:
    """The model reads a sentence's number as its source writes it (:func:`spelled_like`); the
    rewriting must never make a wrong value the source's: whatever the value, its rounding or its
    bound, the number rule says the same of the pair as read as of the pair as written."""
    from validator.rules.numbers import spelled_like

    source_spelling, sentence_spelling = spellings
    step = Decimal(10) ** -places
    written = value.quantize(step, rounding=ROUND_HALF_UP) + shift * step
    source = f"Exports were worth {source_spelling.format(value)} last year."
    sentence = f"Exports were worth {bound}{sentence_spelling.format(written)} last year."
    premise, reading = spelled_like(sentence, source)
    assert number_verdict(reading, premise) == number_verdict(sentence, source)


def test_a_rate_per_decade_is_checked_not_a_crash() -> None:
    """A CLIMATE-FEVER claim ("a sea level rise of 1 inch per decade") raised inside the Guard:
    pint reads "inch per decade" into a name of its own. The sentence is checked: the same rate
    passes, another fails."""
    guard = Guard().use(ProvenanceNLI(on_fail="exception"))
    source = "Tide gauges show that the sea level has risen by about 1 inch per decade since 1900."
    passed = guard.validate(
        "The sea level has risen by about 1 inch per decade since 1900.", metadata={"sources": [source]}
    )
    assert outcome(passed).validation_passed
    with pytest.raises(ValidationError):
        guard.validate(
            "The sea level has risen by about 4 inches per decade since 1900.", metadata={"sources": [source]}
        )


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


@given(
    value=st.decimals(min_value=10, max_value=99_999, places=3),
    places=st.integers(min_value=0, max_value=2),
    shift=st.integers(min_value=1, max_value=9),
    sign=st.sampled_from([1, -1]),
)
def test_a_rounded_value_is_vouched_for_and_a_changed_one_is_not(
    value: Decimal, places: int, shift: int, sign: int
) -> None:
    """An answer rounds ("$12.4 million" for "$12.43 million"): the rounded value, to any number
    of digits from two up, is the evidence's; moved by one digit or more in its last place, it is
    another value, and the rule still contradicts it."""
    step = Decimal(10) ** -places
    rounded = value.quantize(step, rounding=ROUND_HALF_UP)
    evidence = f"Exports were worth ${value} million last year."
    assert number_verdict(f"Exports were worth ${rounded} million last year.", evidence) is None
    moved = rounded + sign * shift * step
    assume(abs(moved - value) > step / 2)  # at an exact tie ("56.345") both neighbours are roundings
    assert number_verdict(f"Exports were worth ${moved} million last year.", evidence) == "contradicted"


@pytest.mark.parametrize(
    ("share", "percent"),
    [
        ("Half of", 50),
        ("A third of", 33),
        ("Two-thirds of", 67),
        ("Three quarters of", 75),
        ("One in five", 20),
        ("Three out of ten", 30),
        ("A tenth of", 10),
    ],
)
def test_a_share_in_words_is_its_percentage(share: str, percent: int) -> None:
    """A share in words and the same share in percent vouch for each other, both ways; another
    percentage is a rival value."""
    words = f"{share} the members voted against the plan."
    digits = f"{percent}% of the members voted against the plan."
    assert number_verdict(digits, words) is None and number_verdict(words, digits) is None
    assert number_verdict(f"{percent + 15}% of the members voted against the plan.", words) == "contradicted"


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


ORDINALS_AND_COUNTS = [
    (
        "She won her fifth title on Sunday.",
        "She has now won five titles, the latest on Sunday.",
        "She won her sixth title on Sunday.",
    ),
    (
        "The club has reached seven finals.",
        "On Saturday the club reached its seventh final.",
        "The club has reached eight finals.",
    ),
    (
        "The team won 3 of its first 4 games.",
        "The team has won three of its opening four matches.",
        "The team won 3 of its first 5 games.",
    ),
    (
        "Rain fell on the last 10 days of May.",
        "It rained on each of the final ten days of May.",
        "Rain fell on the last 12 days of May.",
    ),
]
"""An ordinal and a count of the same thing say one value ("her fifth title" is the last of
"five titles"), and an ordinal before a count says which of them ("its first 4 games"), no
number of its own; another value is still caught."""


@pytest.mark.parametrize(("answer", "source", "twin"), ORDINALS_AND_COUNTS, ids=[a for a, _, _ in ORDINALS_AND_COUNTS])
def test_an_ordinal_and_a_count_of_the_same_thing_agree(answer: str, source: str, twin: str) -> None:
    assert number_verdict(answer, source) is None
    assert number_verdict(twin, source) is not None


ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh"]


@given(
    n=st.integers(min_value=2, max_value=10),
    noun=st.sampled_from(["title", "final", "album", "goal", "win", "film"]),
    shift=st.sampled_from([-1, 1]),
    ordinal_in_answer=st.booleans(),
)
def test_an_ordinal_and_a_count_agree_only_on_the_same_value(
    n: int, noun: str, shift: int, ordinal_in_answer: bool
) -> None:
    """ "her Nth title" and "N titles" vouch for each other, either way round; N ± 1 of them never."""

    def ordinal(k: int) -> str:
        return f"Last night she won her {ORDINALS[k - 1]} {noun}."

    def count(k: int) -> str:
        return f"She has won {k} {noun}s so far."

    answer, source = (ordinal, count) if ordinal_in_answer else (count, ordinal)
    assert number_verdict(answer(n), source(n)) is None
    assert number_verdict(answer(n + shift), source(n)) is not None


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        # a scale joined to its digits, as headlines write it
        ("The deficit reached £12billion.", "The deficit reached £12 billion.", None),
        ("The deficit reached £12bn.", "The deficit reached £12billion.", None),
        ("The agency handled 2.4million claims.", "The agency handled 2.4 million claims.", None),
        ("The agency handled 2.4million claims.", "The agency handled 4.2 million claims.", "contradicted"),
        # a preposition opening the evidence's sentence names nothing
        ("Prices have doubled since 1998.", "Since 1998, prices have doubled.", None),
        ("Prices have doubled since 1989.", "Since 1998, prices have doubled.", "contradicted"),
        ("The road was closed until 2021.", "Until 2021 the road was closed.", None),
        ("Since 2002, the club has won 12 trophies.", "The club has won 12 trophies since 2003.", "contradicted"),
        # "one" as a pronoun, or set against "another", is no count the evidence must state
        ("The crowd shouted, with one demanding a recount.", "The crowd shouted for a recount.", None),
        ("In one letter she agreed, and in another she refused.", "She agreed in a letter, then refused.", None),
        ("One protester was hurt.", "Two protesters were hurt.", "contradicted"),
        ("She said she would one day lead the party.", "She said she would lead the party.", None),
        ("The fair lasts one day.", "The fair lasts two days.", "contradicted"),
        # a name of several words is its initials too, and only its own
        (
            "The WHO was founded in 1948.",
            ["The World Health Organization was founded in 1948.", "The WHO is based in Geneva."],
            None,
        ),
        (
            "The WHO was founded in 1945.",
            ["The World Health Organization was founded in 1948.", "The WHO is based in Geneva."],
            "contradicted",
        ),
        (
            "The WTO was founded in 1948.",
            ["The World Health Organization was founded in 1948.", "The WTO is based in Geneva."],
            "contradicted",
        ),
        # a count of the items named before it is the model's to read, as one of a list after it is
        ("Oslo and Bergen are two cities with trams.", "Both Oslo and Bergen have trams.", None),
        ("Oslo and Bergen are three cities with trams.", "Both Oslo and Bergen have trams.", "unsupported"),
        (
            "Oslo and Bergen are two cities with trams.",
            "Oslo and Bergen are the three cities with trams.",
            "contradicted",
        ),
        # a count after a noun of a sequence says which
        ("The rider crashed on stage four.", "The rider crashed on the fourth stage.", None),
        ("The rider crashed on the fourth stage.", "The rider crashed on stage 4.", None),
        ("The rider crashed on stage five.", "The rider crashed on the fourth stage.", "unsupported"),
        ("The vaccine is in its phase 3 trial.", "The vaccine is in its Phase 3 trial.", None),
        ("The vaccine is in the third phase of trials.", "The vaccine entered Phase 3 in May.", None),
        ("The vaccine is in phase 2 of trials.", "The vaccine entered Phase 3 in May.", "contradicted"),
        # how earnings reports write periods, ranges and small amounts
        ("Margins are expected at 20 to 22 percent.", "Margins are guided at 20%-22%.", None),
        ("Margins are expected at 20 to 23 percent.", "Margins are guided at 20%-22%.", "contradicted"),
        ("Sales rose in the third quarter.", "Q3 sales rose 4%.", None),
        ("Q3 sales rose 4%.", "Sales rose 4% in the third quarter.", None),
        ("Sales rose in the second quarter.", "Q3 sales rose 4%.", "contradicted"),
        ("Sales rose in 3Q23.", "Sales rose in the third quarter of 2023.", None),
        ("Revenue in fiscal 2023 was $10 billion.", "FY2023 revenue was $10 billion.", None),
        ("Revenue in FY23 was $10 billion.", "Fiscal 2023 revenue was $10 billion.", None),
        ("Revenue in FY22 was $10 billion.", "Fiscal 2023 revenue was $10 billion.", "contradicted"),
        ("EPS was $0.45.", "Earnings per share were 45 cents.", None),
        ("EPS was 45 cents.", "Earnings per share were $0.45.", None),
        ("EPS was 54 cents.", "Earnings per share were $0.45.", "contradicted"),
        # a sentence that gives several values of one kind, each after its label
        (
            "The office is open Saturdays from 9 a.m. to 5 p.m.",
            "Office hours: Monday to Friday, 8 a.m. to 6 p.m.; Saturday, 9 a.m. to 5 p.m.",
            None,
        ),
        (
            "It is open Saturdays from 8 a.m. to 6 p.m.",
            "Hours: Monday to Friday, 8 a.m. to 6 p.m.; Saturday, 9 a.m. to 5 p.m.",
            "contradicted",
        ),
        (
            "The office is open Saturdays from 9 a.m. to 5 p.m.",
            "It opens weekdays from 8 a.m. to 6 p.m., and Saturdays, 9 a.m. to 5 p.m.",
            None,
        ),
        ("Tickets for children cost £6.", "Prices: adults, £12; children, £6.", None),
        ("Tickets for children cost £12.", "Prices: adults, £12; children, £6.", "contradicted"),
        ("The standard room costs $90 a night.", "Rates: standard room, $90; suite, $240.", None),
        ("The suite costs $90 a night.", "Rates: standard room, $90; suite, $240.", "contradicted"),
        # a decade is any of its years; a temperature and a news agency's scale in any spelling
        ("The company was founded in the late 1990s.", "The company was founded in 1998.", None),
        ("The company was founded in the mid-1990s.", "The company was founded in 2004.", "unsupported"),
        ("The company was founded in the 1980s.", "The company was founded in 1998.", "unsupported"),
        ("Temperatures reached 30C.", "Temperatures reached 30 degrees Celsius.", None),
        ("Temperatures reached 86 degrees Fahrenheit.", "Temperatures reached 86F.", None),
        ("Temperatures reached 31C.", "Temperatures reached 30 °C.", "contradicted"),
        ("Profit was 5 mln dollars.", "Profit was $5 million.", None),
        ("Profit was $5 bln.", "Profit was $5 billion.", None),
        ("Profit was 6 mln dollars.", "Profit was $5 million.", "contradicted"),
        # a date in digits, either way round where it could be
        ("The law took effect on March 4, 2021.", "Effective 3/4/2021.", None),
        ("The law took effect on 3 April 2021.", "Effective 3/4/2021.", None),
        ("The law took effect on 25 December 2020.", "Effective 25/12/2020.", None),
        ("The law took effect on 3/4/2021.", "The law took effect on April 3, 2021.", None),
        ("The law took effect on March 5, 2021.", "Effective 3/4/2021.", "contradicted"),
        ("The law took effect on 12 December 2020.", "Effective 25/12/2020.", "contradicted"),
        # a century is any of its years
        ("In the 21st century she married an actor.", "She married an actor in 2004.", None),
        ("She married in the nineteenth century.", "She married on 2 May 1850.", None),
        ("She married in the 2000th century.", "She married on 2 May 1850.", "unsupported"),
        ("In the 20th century she married an actor.", "She married an actor in 2004.", "unsupported"),
        # values offered as alternatives: the evidence vouches for one of them
        ("The fort was built in 1841 or 1842.", "The fort was built in 1842.", None),
        ("The fort was built in 1839 or 1840.", "The fort was built in 1842.", "contradicted"),
        ("Each side fields 11 or 12 players.", "Each side fields 11 players.", None),
        ("Each side fields 14 or 15 players.", "Each side fields 11 players.", "contradicted"),
        ("The mill closed in either 1901 or 1902.", "The mill closed in 1901.", None),
        # "before" and "after" a year or a date bound it, and only a year or a date
        ("The album came out before 2015.", "The album came out in 2012.", None),
        ("The album came out before 2010.", "The album came out in 2012.", "contradicted"),
        ("The album came out before 2012.", "The album came out in 2012.", "contradicted"),
        ("The album came out after 2010.", "The album came out in 2012.", None),
        ("The album came out after 2015.", "The album came out in 2012.", "contradicted"),
        ("Settlers arrived before March 20, 1790.", "Settlers arrived on March 3, 1790.", None),
        ("Settlers arrived before 10 May 2013.", "Settlers arrived on May 8, 2013.", None),
        ("Settlers arrived before March 20, 1790.", "Settlers arrived on April 3, 1790.", "contradicted"),
        ("Settlers arrived before 1791.", "Settlers arrived on March 3, 1790.", None),
        ("Settlers arrived before March 1790.", "Settlers arrived in 1790.", "unsupported"),
        ("The deal came after 10 years of talks.", "The deal came after 12 years of talks.", "contradicted"),
        ("More kinds of bicycle are sold than before 1995.", "In 1995 few kinds of bicycle were sold.", None),
        ("The pier reopened the year after 2012.", "The pier reopened in 2020.", "contradicted"),
        ("Prices fell after 2008's crash.", "Prices fell after the 2008 crash.", None),
        ("Turnout rose before 2020 elections.", "Turnout rose before the 2020 elections.", None),
        ("Trade grew in the decade after 1945.", "Trade grew in the decade after 1945.", None),
        ("The Siege took place before 2000.", "The Siege began on August 2, 2000.", "unsupported"),
    ],
)
def test_numbers_written_as_headlines_and_sequences(
    sentence: str, premise: str | list[str], expected: str | None
) -> None:
    assert number_verdict(sentence, premise) == expected


@given(
    value=st.decimals(min_value=1, max_value=999, places=1),
    shift=st.integers(min_value=1, max_value=50),
    scale=st.sampled_from(["thousand", "million", "billion", "trillion"]),
    sign=st.sampled_from(["£", "$", "€", ""]),
    joined_in_answer=st.booleans(),
)
def test_a_scale_joined_to_its_digits_reads_as_the_same_value_and_a_changed_one_fails(
    value: Decimal, shift: int, scale: str, sign: str, joined_in_answer: bool
) -> None:
    """ "3.6million" is 3.6 million, either side, and "3.6million" against "4.1 million" fails."""
    changed = value + Decimal(shift) / 10
    written = {True: f"{sign}{{}}{scale}", False: f"{sign}{{}} {scale}"}
    answer, source = written[joined_in_answer], written[not joined_in_answer]
    evidence = f"The fund raised {source.format(value)} last year."
    assert number_verdict(f"The fund raised {answer.format(value)} last year.", evidence) is None
    assert number_verdict(f"The fund raised {answer.format(changed)} last year.", evidence) is not None


@given(
    preposition=st.sampled_from(["Since", "Until", "Throughout", "Following"]),
    year=st.integers(min_value=1900, max_value=2030),
    shift=st.integers(min_value=1, max_value=20),
    opens_the_answer=st.booleans(),
)
def test_a_year_after_a_preposition_opening_a_sentence_is_a_year(
    preposition: str, year: int, shift: int, opens_the_answer: bool
) -> None:
    """ "Since 2002, …" is the year 2002, not a name "Since 2002": the same year in either place is
    vouched for, and another year in the other place fails."""
    opening = f"{preposition} {{}}, the station has run night trains."
    closing = f"The station has run night trains {preposition.lower()} {{}}."
    answer, source = (opening, closing) if opens_the_answer else (closing, opening)
    assert number_verdict(answer.format(year), source.format(year)) is None
    assert number_verdict(answer.format(year + shift), source.format(year)) is not None


@given(
    noun=st.sampled_from(["stage", "round", "day", "lap", "episode"]),
    n=st.integers(min_value=1, max_value=12),
    shift=st.sampled_from([-1, 1, 2]),
    in_words=st.booleans(),
)
def test_a_count_after_a_noun_of_a_sequence_is_its_ordinal(noun: str, n: int, shift: int, in_words: bool) -> None:
    """ "stage four" is "the fourth stage", and "stage five" is not."""
    assume(n + shift >= 1)
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
    ordinals = ["", "1st", "2nd", "3rd"] + [f"{i}th" for i in range(4, 16)]

    def written(value: int) -> str:
        return words[value] if in_words and value < len(words) else str(value)

    source = f"The rider crashed in the {ordinals[n]} {noun}."
    assert number_verdict(f"The rider crashed in {noun} {written(n)}.", source) is None
    assert number_verdict(f"The rider crashed in {noun} {written(n + shift)}.", source) is not None


@given(
    year=st.integers(min_value=1800, max_value=2030),
    shift=st.integers(min_value=-15, max_value=15),
    word=st.sampled_from(["before", "after", "prior to", "earlier than", "later than"]),
    as_date=st.booleans(),
)
def test_a_year_or_date_after_before_or_after_is_a_bound(year: int, shift: int, word: str, as_date: bool) -> None:
    """ "before 2015" is vouched for by any earlier year or date and by no other, "after 2010" by
    any later one: one rule for every year, date and wording."""
    bound = f"June 15, {year + shift}" if as_date else str(year + shift)
    answer = f"The bridge opened {word} {bound}."
    source = f"The bridge opened on June 15, {year}." if as_date else f"The bridge opened in {year}."
    earlier = word in ("before", "prior to", "earlier than")
    holds = shift > 0 if earlier else shift < 0
    assert (number_verdict(answer, source) is None) == holds


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


ORDINAL_QUARTERS = ["first", "second", "third", "fourth"]


@given(
    quarter=st.integers(min_value=1, max_value=4),
    other=st.integers(min_value=1, max_value=4),
    short_in_answer=st.booleans(),
    cents=st.integers(min_value=1, max_value=99),
    shift=st.integers(min_value=1, max_value=20),
)
def test_a_quarter_and_cents_read_one_way_however_written(
    quarter: int, other: int, short_in_answer: bool, cents: int, shift: int
) -> None:
    """ "Q3" is the third quarter and "45 cents" is $0.45, either side; another quarter or amount fails."""

    def short(q: int) -> str:
        return f"Q{q} revenue rose."

    def long(q: int) -> str:
        return f"Revenue rose in the {ORDINAL_QUARTERS[q - 1]} quarter."

    answer, source = (short, long) if short_in_answer else (long, short)
    assert (number_verdict(answer(other), source(quarter)) is None) == (quarter == other)
    amount = f"The dividend is {cents} cents a share."
    assert number_verdict(f"The dividend is ${cents / 100:.2f} a share.", amount) is None
    assert number_verdict(f"The dividend is ${(cents + shift) / 100:.2f} a share.", amount) is not None


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        ("The park covers 3.5 square kilometres.", "The park covers 350 hectares.", None),
        ("The park covers 3.5 km².", "The park covers 350 hectares.", None),
        ("The park covers 5 square kilometres.", "The park covers 350 hectares.", "contradicted"),
        ("The trail is 5 miles long.", "The trail is 8 km long.", None),
        ("The trail is 12 miles long.", "The trail is 8 km long.", "contradicted"),
        ("The farm spans 405 hectares.", "The farm has 1,000 acres.", None),
        ("He weighed 90 kg at the time.", "He weighed 198 lbs at the time.", None),
        ("The car reached 100 km/h.", "The car reached 62 mph.", None),
        ("The plant produces 300 megawatts.", "The plant produces 300 MW.", None),
        ("The tank holds 189 litres.", "The tank holds 50 gallons.", None),
        ("He ran 2 km.", "He ran 1,600 metres.", "contradicted"),
        ("He won the 1500 metres.", "In 1998 he won the 1500 metres.", None),
        ("The lot is 5,000 Square Feet.", "The lot is 5,000 square feet.", None),
        ("She won three cups.", "She won three cups in 2004.", None),
        ("He lost 5 kilos in a month.", "He lost 5 kg in a month.", None),
        ("The race is 12 KM long.", "The race is 12 kilometres long.", None),
        ("Prices rose 5pc.", "Prices rose 5pc last year.", None),
    ],
)
def test_a_quantity_in_any_unit_pint_knows_is_the_same_quantity(
    sentence: str, premise: str, expected: str | None
) -> None:
    """Units of measure are pint's (validator/rules/numbers/units.py): a value written in another unit of its
    kind is the same value, to the rounding a conversion makes; words pint reads as units that prose
    means otherwise ("cups", "5pc") stay words."""
    assert number_verdict(sentence, premise) == expected


CONVERSIONS = [
    ("miles", "kilometres", 1.609344),
    ("acres", "hectares", 0.40468564224),
    ("feet", "metres", 0.3048),
    ("gallons", "litres", 3.785411784),
    ("square miles", "square kilometres", 2.589988110336),
    ("ounces", "grams", 28.349523125),
    ("mph", "km/h", 1.609344),
]


@given(
    value=st.integers(min_value=10, max_value=90_000),
    conversion=st.sampled_from(CONVERSIONS),
    factor=st.sampled_from([0.5, 0.8, 1.25, 2.0, 3.0]),
    backwards=st.booleans(),
)
def test_a_converted_value_is_vouched_for_and_a_changed_one_is_not(
    value: int, conversion: tuple[str, str, float], factor: float, backwards: bool
) -> None:
    """An answer converts the source's unit ("8 km" for "5 miles"): the converted value rounded to
    three significant digits passes; the value off by a quarter or more fails, either way round."""
    written, converted, ratio = conversion
    if backwards:
        written, converted, ratio = converted, written, 1 / ratio
    source = f"The reservoir measures {value:,} {written} across."

    def answer(amount: float) -> str:
        return f"The reservoir measures {Decimal(f'{amount:.3g}'):,f} {converted} across."

    assert number_verdict(answer(value * ratio), source) is None
    assert number_verdict(answer(value * ratio * factor), source) == "contradicted"


@given(words=st.lists(st.text(min_size=1, max_size=12), max_size=4))
def test_any_words_after_a_number_read_as_a_unit_or_none(words: list[str]) -> None:
    """pint's parser raises on most text; whatever follows a number, the reader answers."""
    found = measure(words)
    assert found is None or (found.factor > 0 and 1 <= found.words <= len(words))


@cache
def _pint_names() -> list[str]:
    return sorted(set(pint.UnitRegistry(cache_folder=None)))


_UNIT_NAMES = st.deferred(lambda: st.sampled_from(_pint_names()))


@settings(deadline=None, max_examples=300)
@given(
    first=_UNIT_NAMES,
    then=st.lists(st.tuples(st.sampled_from(["per", "/", "square", ""]), _UNIT_NAMES), max_size=2),
    value=st.integers(min_value=1, max_value=999),
)
def test_any_units_pint_knows_after_a_number_never_break_the_rule(
    first: str, then: list[tuple[str, str]], value: int
) -> None:
    """pint reads a compound of a logarithmic unit into a name of its own ("inch per decade" into
    ``delta_decade``), which broke the unit reader, and so the Guard, on a real sentence ("a sea
    level rise of 1 inch per decade"): whatever units follow a number, the number rule answers."""
    words = [first, *(word for pair in then for word in pair if word)]
    text = " ".join(words)
    found = measure(words)
    assert found is None or (found.factor > 0 and 1 <= found.words <= len(words))
    assert number_verdict(f"It rose by {value} {text}.", f"It rose by {value + 1} {text} last year.") in (
        None,
        "contradicted",
        "unsupported",
    )


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        ("At first, the groups did not mix.", "The groups did not mix.", None),
        ("His care was second to none, a colleague said.", "A colleague praised his care.", None),
        ("For the first time, the tower was lit.", "The tower was lit.", "unsupported"),
        ("Warm weather may slow SARS-CoV-2.", "Warm weather may slow the new coronavirus.", None),
        ("Sera from sars-cov-2 infected subjects.", "Sera from infected subjects.", None),
        ("The outbreak was caused by SARS-CoV-1.", "The outbreak was caused by SARS-CoV-2.", "contradicted"),
    ],
)
def test_an_idiom_is_no_number_and_a_hyphened_name_is_settled_by_a_rival_not_by_absence(
    sentence: str, premise: str, expected: str | None
) -> None:
    """ "at first" and "second to none" state no number ("for the first time" does), and the number
    of "SARS-CoV-2" is the name's: where the evidence lacks it, the model decides; another value in
    its place still contradicts."""
    assert number_verdict(sentence, premise) == expected


@settings(deadline=None)
@given(
    start=st.integers(min_value=1800, max_value=2089),
    length=st.integers(min_value=1, max_value=9),
    shift=st.integers(min_value=-3, max_value=3),
    dash=st.sampled_from(["-", "\u2013", "/"]),
    stop=st.sampled_from([".", ")", " ended.", ","]),
)
def test_a_span_of_years_written_short_is_both_years(start: int, length: int, shift: int, dash: str, stop: str) -> None:
    """ "1914–18", "2016-17", "1998/99" are both years, at the end of a sentence or in brackets: a
    span in full stands for it, and another end year fails."""
    assume(start % 100 + length < 100 and length + shift != 0)  # an end year that is the start is vouched for
    end = start + length
    answer = f"The war lasted from {start} to {end + shift}."
    source = f"The war ({start}{dash}{end % 100:02d}{stop}"
    assert (number_verdict(answer, source) is None) == (shift == 0)


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        ("The storm left hundreds of thousands without power.", "About 350,000 homes lost power.", None),
        ("The storm left hundreds of thousands without power.", "About 35,000 homes lost power.", "unsupported"),
        ("The march drew tens of thousands of people.", "Organisers said 50,000 people took part.", None),
        ("The march drew tens of thousands of people.", "Organisers said 5,000 people took part.", "contradicted"),
        ("The scheme cost tens of millions of pounds.", "The scheme cost £45 million.", None),
        ("The scheme cost millions of dollars.", "The scheme cost £45 million.", "unsupported"),
        ("Police arrested a man in his 30s.", "Police arrested a 34-year-old man.", None),
        ("Police arrested a man in his 40s.", "Police arrested a 34-year-old man.", "unsupported"),
        ("The strike lasted three weeks.", "The 21-day strike ended on Friday.", None),
        ("The strike lasted four weeks.", "The 21-day strike ended on Friday.", "contradicted"),
        ("Thousands protested in the capital.", "About 5,000 people protested in the capital.", None),
        ("Thousands protested in the capital.", "About 500 people protested in the capital.", "unsupported"),
        ("The 2-0 win sent them top.", "They won two-nil to go top.", None),
        ("The 2-1 win sent them top.", "They won two-nil to go top.", "unsupported"),
    ],
)
def test_news_estimates_in_words_hold_the_values_inside_them(sentence: str, premise: str, expected: str | None) -> None:
    """ "hundreds of thousands" (with or without "of" after it), "tens of millions", "thousands"
    standing alone, an age's decade ("in his 30s") and weeks as days hold the values inside them,
    and "nil" is a score's nought, as news summaries write them; a value outside fails."""
    assert number_verdict(sentence, premise) == expected


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        ("The film earned ₹100 crore.", "The film collected Rs 100 crore at the box office.", None),
        ("The film earned ₹120 crore.", "The film collected Rs 100 crore at the box office.", "contradicted"),
        ("The ticket cost 300 rupees.", "Tickets cost INR 300.", None),
        ("The ticket cost $300.", "Tickets cost INR 300.", "unsupported"),
    ],
)
def test_rupees_in_any_spelling_are_one_currency(sentence: str, premise: str, expected: str | None) -> None:
    """ "₹", "Rs", "INR" and "rupees" are one currency (Indian news writes all four), and not dollars."""
    assert number_verdict(sentence, premise) == expected


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        ("The film runs 148 minutes.", "Running time 148 min", None),
        ("The film runs 150 minutes.", "Running time 148 min", "contradicted"),
        ("The flight takes 3 hours.", "Flight time: 3 hr", None),
        ("The record is 9.58 seconds.", "World record 9.58 sec", None),
    ],
)
def test_abbreviated_units_of_time_read_as_the_unit(sentence: str, premise: str, expected: str | None) -> None:
    """ "min", "hr" and "sec" after a number are minutes, hours and seconds, as infoboxes write them."""
    assert number_verdict(sentence, premise) == expected


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        ("Nominations are open for 2015 CNN Heroes.", "Nominations are open for CNN Heroes 2015.", None),
        ("Nominations are open for 2016 CNN Heroes.", "Nominations are open for CNN Heroes 2015.", "unsupported"),
        ("England reached the 2018 World Cup semi-finals.", "England reached the World Cup 2018 semis.", None),
        ("England reached the 2014 World Cup semi-finals.", "England reached the World Cup 2018 semis.", "unsupported"),
        ("The 2020 Expo opened in Dubai in 2021.", "Expo 2020 opened in Dubai in October 2021.", None),
        ("The Expo opened in Dubai in 2020.", "Expo 2020 opened in Dubai in October 2021.", "unsupported"),
        ("Spain won the 2012 Euro final.", "Spain won Euro 2012 in Kyiv.", None),
        ("Spain won the 2008 Euro final.", "Spain won Euro 2012 in Kyiv.", "contradicted"),
        ("The film earned ₹250 crore.", "The film collected Rs. 250 crore at the box office.", None),
    ],
)
def test_the_year_of_a_name_written_before_the_name_is_the_same_year(
    sentence: str, premise: str, expected: str | None
) -> None:
    """ "the 2015 CNN Heroes" is "CNN Heroes 2015" in another order, and "the 2012 Euro final" is a
    year, not 2012 euros; another year before the name, or the name's year given to something else
    ("opened in 2020"), is still not vouched for. "Rs. 250" is one sentence's amount (Punkt ended a
    sentence at "Rs.")."""
    assert number_verdict(sentence, premise) == expected


@pytest.mark.parametrize(
    ("sentence", "premise", "expected"),
    [
        ("The share rose 5 percentage points to 15%.", "The share rose from 10% to 15%.", None),
        ("The share rose from 10% to 15%.", "The share rose 5 percentage points to 15%.", None),
        ("Margin expanded 150 basis points to 22%.", "Margin rose to 22% from 20.5%.", None),
        ("Seats fell by 3 to 12.", "Seats fell from 15 to 12.", None),
        ("Seats fell by 4 to 12.", "Seats fell from 15 to 12.", "contradicted"),
        ("A rose 10%.", "A rose 5% and B rose 15%.", "contradicted"),
        ("The film has a score of less than 60 out of 100.", "The film has a score of 58 out of 100.", None),
        ("Shares fell 7pc.", "Shares fell 7 per cent.", None),
        ("Shares fell 7pc.", "Shares fell 9 per cent.", "contradicted"),
        ("Revenue rose 12% from $4.03 billion.", "Revenue was $4.52 billion, against $4.03 billion a year ago.", None),
        (
            "Revenue rose 11% from $4.03 billion.",
            "Revenue was $4.52 billion, against $4.03 billion a year ago.",
            "unsupported",
        ),
        ("Output fell 10% to 90 tonnes.", "Output was 90 tonnes, down from 100 tonnes.", None),
        ("Output fell 11% to 90 tonnes.", "Output was 90 tonnes, down from 100 tonnes.", "unsupported"),
    ],
)
def test_a_change_worked_out_from_the_values_beside_it_is_the_models(
    sentence: str, premise: str, expected: str | None
) -> None:
    """A change or a starting value the answer works out from two values of one evidence sentence,
    one of which it states too, is left to the model; a wrong one still fails, and so does a value
    that merely equals the difference of two unrelated ones. "7pc" is 7 per cent, and "a score of
    less than 60" is a mark, not twenty of something."""
    assert number_verdict(sentence, premise) == expected


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


@given(
    whole=st.integers(min_value=3, max_value=1000).map(lambda hundreds: hundreds * 100),
    percent=st.integers(min_value=5, max_value=89),
    right=st.booleans(),
    part_in_answer=st.booleans(),
)
def test_a_share_of_a_whole_the_answer_states_is_vouched_for_only_when_it_works_out(
    whole: int, percent: int, right: bool, part_in_answer: bool
) -> None:
    """ "N of the W workers" and "P% of the W workers" stand for each other when N is P% of W; a
    part three times as large, or a percentage ten points higher, still fails."""
    part = percent * whole // 100
    assume(percent * whole % 100 == 0 and percent + 10 != part)  # "15%" is vouched for by a "15" anywhere
    # nor the change from the part to the whole or back ("69%" of 6,431 and 10,900: _a_change's)
    assume(all(abs(change - (percent + 10)) > 0.5 for change in (100 - percent, 10_000 / percent - 100)))
    as_part = "{} of the " + f"{whole:,} workers will leave."
    as_share = "{}% of the " + f"{whole:,} workers will leave."
    if part_in_answer:
        answer, source = as_part.format(f"{part if right else 3 * part:,}"), as_share.format(percent)
    else:
        answer, source = as_share.format(percent if right else percent + 10), as_part.format(f"{part:,}")
    assert (number_verdict(answer, source) is None) == right


@given(
    start=st.decimals(min_value=1, max_value=60, places=1),
    change=st.decimals(min_value=Decimal("0.5"), max_value=30, places=1),
    error=st.sampled_from([Decimal(0), Decimal("0.3"), Decimal(-1), Decimal(2)]),
    change_in_answer=st.booleans(),
)
def test_a_change_in_percentage_points_is_vouched_for_only_when_it_adds_up(
    start: Decimal, change: Decimal, error: Decimal, change_in_answer: bool
) -> None:
    """ "rose N points to B%" and "rose from A% to B%" stand for each other exactly when A + N = B
    (as written, to one decimal); off by 0.3 points or more, the rule fails the answer. The rule
    reads no direction: a start of B + N (the level before a fall of N) is the model's to judge."""
    end = start + change
    with_change = f"The share rose {{}} percentage points to {end}%."
    with_start = f"The share rose from {{}}% to {end}%."
    if change_in_answer:
        answer, source = with_change.format(change + error), with_start.format(start)
    else:
        answer, source = with_start.format(start + error), with_change.format(change)
    assume(start + error > 0 and change + error > 0)
    stated = change + error if change_in_answer else start + error
    # a value the evidence states outright: "1.0 percentage points" is vouched for by "from 1.0%"
    assume(stated not in ((start, end) if change_in_answer else (change, end)))
    fall = not change_in_answer and error == 2 * change
    assert (number_verdict(answer, source) is None) == (error == 0 or fall)


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


@settings(deadline=None)
@given(
    passengers=st.integers(min_value=13, max_value=5000),
    crew=st.integers(min_value=1, max_value=500),
    shift=st.integers(min_value=1, max_value=99),
)
def test_a_total_of_two_stated_values_is_the_models_and_any_other_value_the_rules(
    passengers: int, crew: int, shift: int
) -> None:
    """An answer adds up what one sentence states ("150 passengers and 6 crew" → "156 people"):
    the total is left to the model. A value that is no such total is still not vouched for."""
    source = f"The ferry carried {passengers:,} passengers and {crew} crew when it ran aground."
    assert number_verdict(f"There were {passengers + crew:,} people on the ferry.", source) is None
    assert number_verdict(f"There were {passengers + crew + shift:,} people on the ferry.", source) is not None


@settings(deadline=None)
@given(
    games=st.integers(min_value=2, max_value=40),
    each=st.integers(min_value=5, max_value=200),
    shift=st.integers(min_value=2, max_value=50),
)
def test_a_rate_worked_out_from_a_stated_total_is_the_models_and_any_other_rate_the_rules(
    games: int, each: int, shift: int
) -> None:
    """An answer divides a price by the count the same source sentence gives ("£920 for all 23
    home matches" → "£920 - £40 per match"): the rate is left to the model. A rate that is no such
    quotient is still not vouched for, and a total the source does not state is still the rule's."""
    total = games * each
    assume(each + shift != total)  # a rate equal to the stated price is the source's own value
    source = f"Under the new pricing, a family can see all {games} home matches for £{total:,}."
    assert number_verdict(f"A family can see every home match for £{total:,} - £{each} per match.", source) is None
    assert (
        number_verdict(f"A family can see every home match for £{total:,} - £{each + shift} per match.", source)
        is not None
    )
    assert (
        number_verdict(f"A family can see every home match for £{total + 1000:,} - £{each} per match.", source)
        is not None
    )


@given(
    before=st.integers(min_value=100, max_value=99_000),
    growth=st.decimals(min_value=Decimal("0.5"), max_value=80, places=1),
    error=st.sampled_from([Decimal(0), Decimal("0.4"), Decimal(-1), Decimal(3)]),
    level_first=st.booleans(),
)
def test_a_percentage_change_worked_out_from_two_levels_is_the_models(
    before: int, growth: Decimal, error: Decimal, level_first: bool
) -> None:
    """An answer works out a percentage change from two levels of one source sentence and states
    one of them ("revenue rose 2.7% to $512.3 million" of "$512.3 million compared to $498.7
    million"): the change is left to the model, and the level it compares with takes nothing from
    the one stated. A change that does not round to the two levels' is still not vouched for."""
    after = (Decimal(before) * (1 + growth / 100)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    change = ((after / before - 1) * 100).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP) + error
    assume(change > 0)
    source = f"Quarterly revenue was ${after:,} million, compared with ${before:,} million a year earlier."
    answer = (
        f"Quarterly revenue was ${after:,} million, up {change}% from a year earlier."
        if level_first
        else f"Quarterly revenue rose {change}% year on year to ${after:,} million."
    )
    assert (number_verdict(answer, source) is None) == (error == 0)


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


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("The dose is .5 mg.", "The dose is 5 mg."),
        ("The dose is 5 mg.", "The dose is .5 mg."),
        ("Each ticket costs $.50.", "Each ticket costs $50."),
        ("The dose is .25 mg twice a day.", "The dose is 25 mg twice a day."),
        ("Rates rose by .5% in May.", "Rates rose by 5% in May."),
    ],
)
def test_a_leading_decimal_point_is_read_with_its_digits(claim: str, evidence: str) -> None:
    assert number_verdict(claim, evidence) == "contradicted"


@pytest.mark.parametrize("written", ["0.5 mg", ".50 mg", "0.50 mg"])
def test_a_leading_decimal_point_is_the_value_written_with_a_zero(written: str) -> None:
    assert number_verdict("The dose is .5 mg.", f"The dose is {written}.") is None


# The number rule reads a value however it is abbreviated.


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("The fine was $25k.", "The fine was $25,000."),
        ("Profits were £62m.", "Profits were £62 million."),
        ("The grant was €1.2bn.", "The grant was €1.2 billion."),
        ("The fee was USD 300.", "The fee was $300."),
        ("The sample held 10⁸ cells.", "The sample held 100,000,000 cells."),
    ],
)
def test_the_same_value_abbreviated_is_vouched_for(claim: str, evidence: str) -> None:
    assert check_numbers(claim, evidence) is None


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("The fee was GBP 300.", "The fee was £200."),
        ("The sample held 10⁶ cells.", "The sample held 10⁹ cells."),
        ("The fine was $25k.", "The fine was $40,000."),
    ],
)
def test_another_value_abbreviated_is_not(claim: str, evidence: str) -> None:
    assert check_numbers(claim, evidence) is not None


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("The firm opened 4 offices.", "The firm opened 4 warehouses and 9 offices."),
        ("The studio shipped 3 games.", "The studio shipped 3 expansions and 2 games in 2019."),
        ("She fought in World War I.", "She fought in the Second World War."),
        ("The repair took a couple of days.", "The repair took nine days."),
        ("The club won 3 trophies.", "The club won 3 medals and 1 trophy."),
        ("The shop sold 7 boxes.", "The shop sold 7 bags and one box."),
    ],
)
def test_a_count_of_another_thing_or_a_numbered_name_is_not_vouched(claim: str, evidence: str) -> None:
    assert check_numbers(claim, evidence) is not None


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("The album has 12 tracks.", "The album has 12 songs."),
        ("The firm opened 4 new offices.", "The firm opened 4 offices and 9 warehouses."),
        ("She fought in the Second World War.", "She fought in World War II."),
        ("The repair took a couple of days.", "The repair took two days."),
        ("He made 170 off 149 balls.", "He made 170 off 149 deliveries. His fifty came from 63 balls."),
    ],
)
def test_the_same_count_or_name_reworded_is_vouched(claim: str, evidence: str) -> None:
    assert check_numbers(claim, evidence) is None


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
