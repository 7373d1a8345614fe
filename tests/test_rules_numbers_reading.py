"""The number rule's reading (validator/rules/numbers/: lexicon, readers, shares, words,
reading, units, spelling): each form a value is written in read as that value, in its unit, with what bounds it,
through the rule's function and a Guard."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from functools import cache

import pint
import pytest
from guardrails import Guard
from guardrails.errors import ValidationError
from helpers import check_answer, last_result, number_verdict, only, outcome
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from validator import ProvenanceNLI
from validator.rules.numbers import check_numbers, find_numbers
from validator.rules.numbers.units import measure


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


@pytest.mark.parametrize(
    ("sentence", "source", "expected"),
    [
        # a share in words is given to the model as the percentage it reads as, on both sides
        (
            "About 33% of voters backed it.",
            "A third of voters backed it.",
            ("about 33.33% of voters backed it.", "About 33.33% of voters backed it."),
        ),
        (
            "Turnout was 50%.",
            "More than half of the voters turned out.",
            ("More than 50% of the voters turned out.", "Turnout was 50%."),
        ),
        # a range's end is no spelling of a value written alone: "$8" of "$8-8.5bn" is $8bn
        (
            "Revenue will be $8bn to $8.5bn.",
            "Guidance is revenue of $8-8.5bn.",
            ("Guidance is revenue of $8-8.5bn.", "Revenue will be $8bn to $8.5bn."),
        ),
    ],
)
def test_the_model_reads_a_share_as_a_percentage_and_never_a_range_end_alone(
    sentence: str, source: str, expected: tuple[str, str]
) -> None:
    from validator.rules.numbers import spelled_like

    assert spelled_like(sentence, source) == expected


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


RATIOS = [
    ("mg", "kg", "milligrams", "kilogram"),
    ("g", "L", "grams", "litre"),
    ("kg", "m2", "kilograms", "square metre"),
]


@example(value=2, ratio=RATIOS[2], slash=True, in_words=False, noun="dose")  # the power read as a value of 2
@given(
    value=st.integers(min_value=1, max_value=900),
    ratio=st.sampled_from(RATIOS),
    slash=st.booleans(),
    in_words=st.booleans(),
    noun=st.sampled_from(["dose", "limit", "concentration", "load"]),
)
def test_a_measure_per_another_is_not_the_measure_alone(
    value: int, ratio: tuple[str, str, str, str], slash: bool, in_words: bool, noun: str
) -> None:
    """ "15 mg/kg" is a dose per kilogram of body weight, not 15 milligrams: pint reads a measure
    per another of no dimension or one of neither, which the rule took for the first unit alone.
    The same ratio in symbols or in words, with a slash or "per", is one value."""
    symbol, per, word, per_word = ratio
    source = f"The {noun} is {value} {symbol}/{per} for adults."
    written = f"{value} {word} per {per_word}" if in_words else f"{value} {symbol}{'/' if slash else ' per '}{per}"
    assert number_verdict(f"The {noun} is {written} for adults.", source) is None
    assert number_verdict(f"The {noun} is {value} {word if in_words else symbol} for adults.", source) is not None


DATA_PREFIXES = [("kB", "kilobytes"), ("MB", "megabytes"), ("GB", "gigabytes"), ("TB", "terabytes")]


@settings(max_examples=60, deadline=None)
@given(
    value=st.integers(min_value=1, max_value=900),
    sizes=st.lists(st.sampled_from(DATA_PREFIXES), min_size=2, max_size=2, unique=True),
    in_words=st.booleans(),
    noun=st.sampled_from(["The file is", "The plan includes", "Each backup takes", "The drive holds"]),
)
def test_a_size_of_data_in_another_prefix_is_another_size(
    value: int, sizes: list[tuple[str, str]], in_words: bool, noun: str
) -> None:
    """ "200 MB" is not "200 GB": pint counts bytes as dimensionless, so the reader read no unit
    and the two were one value. The same size in a symbol or in words is one value."""
    (symbol, word), (other_symbol, other_word) = sizes
    source = f"{noun} {value} {symbol}."
    assert number_verdict(f"{noun} {value} {word if in_words else symbol}.", source) is None
    assert number_verdict(f"{noun} {value} {other_word if in_words else other_symbol}.", source) is not None


def test_a_size_of_data_written_in_a_smaller_unit_is_the_same_size() -> None:
    assert number_verdict("The file is 1 GB.", "The file is 1,000 MB.") is None
    assert number_verdict("The file is 1 GiB.", "The file is 1 GB.") is not None


def test_a_guard_fails_a_dose_per_kilogram_written_as_milligrams() -> None:
    passed, [sentence] = check_answer(
        "The recommended dose is 15 mg given twice daily.", ["The recommended dose is 15 mg/kg given twice daily."]
    )
    assert not passed and "15" in (sentence["note"] or ""), sentence


@given(
    value=st.integers(min_value=-40, max_value=500),
    scales=st.sampled_from([("C", "F"), ("F", "C")]),
    then=st.sampled_from([" for 30 minutes.", ".", ", then cool.", " until golden."]),
)
def test_a_temperature_scale_written_as_a_spaced_letter_is_read(value: int, scales: tuple[str, str], then: str) -> None:
    """ "220 C" is 220 degrees Celsius as "220C" and "220 °C" are, so "220 F" is another
    temperature; a capital after a year before a name ("In 1998 F. Scott", "1998 F Scott") is no
    scale."""
    written, other = scales
    source = f"Bake the bread at {value} {written}{then}"
    assert number_verdict(f"Bake the bread at {value}°{written}{then}", source) is None
    assert number_verdict(f"Bake the bread at {value} {other}{then}", source) is not None
    assert [n.unit for n in find_numbers(f"In 1998 {written}. Scott and in 1999 {written} Scott wrote.")] == [
        "year"
    ] * 2


ZONES = ["EST", "PST", "CET", "IST", "AEST", "UTC", "BST", "JST"]


@given(
    hour=st.integers(min_value=1, max_value=12),
    meridiem=st.sampled_from(["am", "pm", " a.m.", " p.m."]),
    zones=st.permutations(ZONES).map(lambda zones: zones[:2]),
    bracketed=st.booleans(),
)
def test_a_clock_time_in_one_time_zone_is_not_the_same_time_in_another(
    hour: int, meridiem: str, zones: list[str], bracketed: bool
) -> None:
    """ "9am EST" is not "9am PST"; a time written without its zone is vouched for by either, and
    GMT is UTC."""
    ours, theirs = (f"({zone})" if bracketed else zone for zone in zones)
    source = f"The webinar starts at {hour}{meridiem} {ours} on Monday."
    assert number_verdict(f"The webinar starts at {hour}{meridiem} {theirs} on Monday.", source) is not None
    assert number_verdict(f"The webinar starts at {hour}{meridiem} {ours} on Monday.", source) is None
    assert number_verdict(f"The webinar starts at {hour}{meridiem} on Monday.", source) is None
    assert number_verdict(f"It starts at {hour}{meridiem} GMT.", f"It starts at {hour}{meridiem} UTC.") is None


@settings(deadline=None, max_examples=15)
@given(
    hours=st.lists(st.integers(min_value=1, max_value=12), min_size=2, max_size=2, unique=True),
    meridiem=st.sampled_from(["am", "pm"]),
)
def test_a_wrong_clock_time_fails_and_its_repair_writes_the_evidences_time(hours: list[int], meridiem: str) -> None:
    """ "12am" is minute 0 of the day, whose digits are no multiple of its value: the repair of a
    wrong time divided by it and the rule crashed; a repair writes the evidence's time as written."""
    claim, evidence = (f"The shop opens at {hour}{meridiem} on Monday." for hour in hours)
    passed, [sentence] = check_answer(claim, [evidence], repair=True)
    assert not passed and sentence["verdict"] != "supported"
    finding = check_numbers(claim, [evidence])
    assert finding is not None and (finding.rival is None or finding.rival.new == f"{hours[1]}{meridiem}")


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


@given(
    value=st.integers(min_value=1, max_value=900),
    crore=st.booleans(),
    plural=st.booleans(),
    written=st.sampled_from(["Rs {}", "₹{}", "{} rupees", "INR {}"]),
)
def test_lakh_and_crore_are_scales_of_their_value(value: int, crore: bool, plural: bool, written: str) -> None:
    """A lakh is 100,000 and a crore 10 million, as "5 crore" is 50 million: the same amount in
    another scale is vouched for, and the number of one scale written with the other is not."""
    scale, other = ("crore", "lakh") if crore else ("lakh", "crore")
    size = 10_000_000 if crore else 100_000
    source = "The film earned " + written.format(f"{value} {scale}{'s' if plural else ''}") + "."
    in_millions = f"{value * size / 1_000_000:g}"
    assert number_verdict(f"The film earned {in_millions} million rupees.", source) is None
    assert number_verdict(f"The film earned {value} {other} rupees.", source) is not None


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


NAMED_READINGS = [
    ("The train leaves at noon.", [(720.0, "time")]),
    ("It ends at 12 noon.", [(720.0, "time")]),
    ("The market opens at midday.", [(720.0, "time")]),
    ("The doors close at midnight.", [(0.0, "time")]),
    ("He worked all afternoon.", []),
    ("The scene is in Chapter IV.", [(4.0, "ordinal")]),
    ("Part II covers the war.", [(2.0, "ordinal")]),
    ("Henry VIII married six times.", [(8.0, "name:henry"), (6.0, None)]),
]


@pytest.mark.parametrize(("text", "values"), NAMED_READINGS, ids=[t for t, _ in NAMED_READINGS])
def test_times_known_by_name_and_roman_numerals_of_a_sequence(text: str, values: list) -> None:
    """A time known by name is a clock time ("noon" is 12:00); a Roman numeral after a noun of a
    sequence is its ordinal, as digits there are ("Chapter IV" is "Chapter 4", not a name)."""
    assert [(n.value, n.unit) for n in find_numbers(text)] == values


WRITTEN = [
    ("Revenue rose in Q3 2023.", ["Q3", "2023"]),
    ("A third of voters backed forty-two candidates.", ["A third", "forty-two"]),
    ("The dose is .5 mg.", [".5"]),
    ("Sales hit $8-8.5bn in FY23.", ["$8", "8.5bn", "FY23"]),
    ("It costs 45 cents, or EUR500 for ten.", ["45 cents", "EUR500", "ten"]),
    ("He is 6'2\" and weighs 7 lb 4 oz.", ["6'2\"", "7 lb 4 oz"]),
    ("Christmas Day 1066 saw prayers twice daily.", ["Christmas Day 1066", "twice"]),
    ("About 1 in 16 drivers, hundreds of them, earn £3m.", ["1 in 16", "hundreds of", "£3m"]),
    ("It has 10⁶ cells and 150 bp of DNA.", ["10⁶", "150 bp"]),
    ("Turnout rose by a fifth to two and a half million.", ["a fifth", "two and a half million"]),
    ("The 2016-17 season ended at noon.", ["2016", "17", "noon"]),
]
"""Sentences and their values as each is written: what a finding quotes and marks. The reader
once put each form in one spelling before it read it ("Q3 2023" as "third quarter of 2023",
"forty-two" as "42"), and quoted the spelling it read: "3rd", "42", "33.33%"; it now reads
each where it stands."""


@pytest.mark.parametrize(("sentence", "written"), WRITTEN, ids=[s for s, _ in WRITTEN])
def test_a_value_is_quoted_and_placed_as_the_sentence_writes_it(sentence: str, written: list[str]) -> None:
    numbers = find_numbers(sentence)
    assert [n.text for n in numbers] == written
    assert [sentence[n.start : n.end] for n in numbers] == written


# fmt: off
_PIECES = st.sampled_from(
    [
        "Q3", "2023", "forty-two", "a third of", "one in five", ".5 mg", "$8-8.5bn", "5-7%", "45 cents", "EUR500",
        "FY23", "10⁶", "150 bp", "twice daily", "hundreds of", "3.6million", "two and a half", "Christmas Day",
        "the Second World War", "6'2\"", "30C", "2016-17", "noon", "a dozen", "2-nil", "£3m people", "km2",
        "twenty first", "people", "rose by", "a", "of", ",", ".", "-", " ", "and", "million", "The", "Q", "bn",
        "$8-$8.5bn", "1990–91", "EUR 8-8.5bn", "11-17C", "10 to 15 million", "USD", "degrees Celsius", "FA Cup",
        "m2", "km/h", "miles an hour", "5\u2032 11\u2033",
    ]
)
# fmt: on


@given(st.lists(_PIECES, min_size=1, max_size=14).map(" ".join))
@settings(max_examples=300, deadline=None)
def test_every_value_read_points_at_what_the_text_writes(text: str) -> None:
    """However the reader rewrote the text to read it, each value's place is in the text as
    written, and its ``text`` is what stands there: never empty, never the reader's spelling."""
    for number in find_numbers(text):
        assert 0 <= number.start < number.end <= len(text)
        assert text[number.start : number.end] == number.text
        assert number.text == number.text.strip(" ,;:/")


def test_a_failing_value_is_named_and_marked_as_the_answer_writes_it_through_a_guard() -> None:
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    answer = "Revenue rose 4% in Q3 2023, when seven stores opened."
    source = "Revenue rose 4% in the second quarter of 2023, when 7 stores opened."
    guard.validate(answer, metadata={"sources": [source]})
    sentence = only(last_result(guard))
    assert sentence["verdict"] != "supported"
    assert sentence["note"].startswith("the evidence gives another value in its place: Q3 (it has")
    assert answer[sentence["value_start"] : sentence["value_end"]] == "Q3"


def test_a_decimal_without_its_leading_zero_is_repaired_whole_through_a_guard() -> None:
    """A repair read ".5" as "5" and wrote ".0.75 mg" for the source's "0.75 mg"."""
    guard = Guard().use(ProvenanceNLI(on_fail="fix", repair=True))
    for answer, source in [
        ("The adult dose is .5 mg twice daily.", "The adult dose is 0.75 mg twice daily."),
        ("The adult dose is 0.75 mg twice daily.", "The adult dose is .5 mg twice daily."),
    ]:
        assert outcome(guard.validate(answer, metadata={"sources": [source]})).validated_output == source


def test_a_power_of_ten_is_corrected_as_the_source_writes_it_through_a_guard() -> None:
    """The rule's correction of "10^7" against "1,000,000" replaced the base's digits: "1^7"."""
    guard = Guard().use(ProvenanceNLI(on_fail="noop"))
    answer = "According to the team, the lab grew 10^7 cells in 2023."
    guard.validate(answer, metadata={"sources": ["In 2023, the lab grew 1,000,000 cells, the team said."]})
    sentence = only(last_result(guard))
    assert sentence["verdict"] == "contradicted"
    assert (sentence["correction"]["old"], sentence["correction"]["new"]) == ("10^7", "1,000,000")


def test_a_value_and_a_half_with_a_scale_is_one_value() -> None:
    """ "Two and a half million" was read as 2.5 and 1,000,000, and contradicted by "2.5 million"."""
    claim = "Two and a half million people live there."
    assert number_verdict(claim, "About 2.5 million people live there.") is None
    assert number_verdict(claim, "About 3.5 million people live there.") == "contradicted"


FORMS = {
    "a season's short end": ("the 2016-17 season", [("2016", 2016, "year"), ("17", 2017, "year")]),
    "a war's short end": ("the 1914–18 war", [("1914", 1914, "year"), ("18", 1918, "year")]),
    "a season after a name, with a slash": ("the FA Cup 2003/04", [("2003", 2003, "year"), ("04", 2004, "year")]),
    "a year and a month, no season": ("filed 2019-05", [("2019", 2019, "year"), ("05", 5, None)]),
    "a name's number before a slash": ("Windows 10/11 users", [("Windows 10", 10, "name:windows"), ("11", 11, None)]),
    "a value and a half": ("about two and a half percent", [("two and a half percent", 2.5, "%")]),
    "a value and a half before a scale, spaced twice": (
        "two and a half  million people",
        [("two and a half  million", 2.5e6, None)],
    ),
    "a period and a half": ("a year and a half later", [("a year and a half", 1.5, "years")]),
    "an hour and a half": ("an hour and a half", [("an hour and a half", 1.5, "h")]),
    "a value and a half in digits": ("22 and a half years", [("22 and a half", 22.5, "years")]),
    "a value and a half after a currency": ("$2 and a half million", [("$2 and a half million", 2.5e6, "usd")]),
    "a value and a half times is a multiple": ("one and a half times", [("one", 1, None)]),
    "a share in words": ("a third of voters", [("a third", 33.33, "%")]),
    "a plural share": ("two-thirds of members", [("two-thirds", 66.67, "%")]),
    "one in every": ("one in five adults", [("one in five", 20, "%")]),
    "out of": ("3 out of 4 doctors", [("3 out of 4", 75, "%")]),
    "a change by a share": ("sales fell by a quarter", [("a quarter", 25, "%")]),
    "half of": ("half the staff", [("half", 50, "%")]),
    "a dozen": ("a dozen eggs", [("a dozen", 12, None)]),
    "half a dozen": ("half a dozen eggs", [("half a dozen", 6, None)]),
    "dozens counted": ("two dozen eggs", [("two dozen", 24, None)]),
    "a score of": ("a score of people", [("a score of", 20, None)]),
    "dozens of a unit": ("half a dozen miles", [("half a dozen", 9656.064, "[length]")]),
    "a count in dozens, no year": ("a hundred dozen eggs", [("a hundred dozen", 1200, None)]),
    "a score's nought in words": ("they won two-nil", [("two", 2, None), ("nil", 0, None)]),
    "a score's nought after digits and a dash": ("a 3–nil win", [("3", 3, None), ("nil", 0, None)]),
    "a quarter": ("profit rose in Q3 2023", [("Q3", 3, "ordinal"), ("2023", 2023, "year")]),
    "a quarter run together": ("in 3Q23", [("3Q23", 3, "ordinal"), ("3Q23", 2023, "year")]),
    "a quarter and its year after a mark": ("Q3'23 results", [("Q3'23", 3, "ordinal"), ("Q3'23", 2023, "year")]),
    "a quarter after a name is the name's": ("Audi Q3 sales", [("Q3", 3, "name:q")]),
    "a fiscal year": ("in FY23", [("FY23", 2023, "year")]),
    "a fiscal year in full": ("in FY 2021", [("2021", 2021, "year")]),
    "a fiscal year joined in full": ("FY2021 revenue", [("2021", 2021, "year")]),
    "a fiscal year with a mark": ("FY'24 guidance", [("FY'24", 2024, "year")]),
    "a fiscal year's bound": ("before FY23.", [("FY23", 2023, "year")]),
    "cents": ("it cost 45 cents", [("45 cents", 0.45, "usd")]),
    "a cent sign": ("it cost 9¢", [("9¢", 0.09, "usd")]),
    "degrees by letter": ("a high of 30C", [("30C", 30, "degC")]),
    "degrees in words": ("86 degrees Fahrenheit", [("86 degrees Fahrenheit", 86, "degF")]),
    "degrees in words after a number in words": ("eight degrees Celsius", [("eight degrees Celsius", 8, "degC")]),
    "a scale's letter in lower case after its sign": ("a 30°c day", [("30°c", 30, "degC")]),
    "a temperature range": ("highs of 11-17C", [("11", 11, "degC"), ("17C", 17, "degC")]),
    "a chip's bus, no temperature": ("sensors on I2C", [("I2C", 2, "name:i")]),
    "an area as plain text writes it": ("25 m2 of floor", [("25", 25, "[area]")]),
    "an area as plain text writes it, at the end": ("a flat of 64 m2.", [("64", 64, "[area]")]),
    "feet and inches in marks": ("he is 6'2\" tall", [("6'2\"", 1.8796, "[length]")]),
    "an area joined to its number": ("a 3km2 park", [("3", 3e6, "[area]")]),
    "a volume as plain text writes it": ("40 m3 of water", [("40", 40, "[volume]")]),
    "a symbol's case is its meaning, no area": ("5 M2 lanes", [("5", 5, None), ("M2", 2, "name:m")]),
    "feet and inches in primes": ("she is 5\u2032 11\u2033", [("5\u2032 11\u2033", 1.8034, "[length]")]),
    "feet and inches to a half inch": ("a 5'11.5\" forward", [("5'11.5\"", 1.8161, "[length]")]),
    "feet and inches in two single marks": ("he is 6' 1'' tall", [("6' 1''", 1.8542, "[length]")]),
    "a power of ten": ("10⁶ cells", [("10⁶", 1e6, None)]),
    "a power of ten with a caret": ("10^9 stars", [("10^9", 1e9, None)]),
    "a currency code": ("EUR500 a month", [("EUR500", 500, "eur")]),
    "a currency abbreviation": ("Rs. 200 each", [("Rs. 200", 200, "inr")]),
    "a dollar sign with its country": ("US$40 a barrel", [("US$40", 40, "usd")]),
    "a range's shared sign and scale": ("$8-8.5bn in sales", [("$8", 8e9, "usd"), ("8.5bn", 8.5e9, "usd")]),
    "a range's shared percent": ("5-7% growth", [("5", 5, "%"), ("7%", 7, "%")]),
    "a range's shared scale word": ("10 to 15 million people", [("10", 1e7, None), ("15 million", 1.5e7, None)]),
    "a range's shared currency makes its 'm' millions": (
        "costs $5-6m a year",
        [("$5", 5e6, "usd"), ("6m", 6e6, "usd")],
    ),
    "a range's shared scale and unit": ("6-7 million years ago", [("6", 6e6, "years"), ("7 million", 7e6, "years")]),
    "a range's shared temperature scale": ("lows of 3 to 5C", [("3", 3, "degC"), ("5C", 5, "degC")]),
    "a range's ends written in full": ("$8bn-$8.5bn", [("$8bn", 8e9, "usd"), ("$8.5bn", 8.5e9, "usd")]),
    "a year then a value is no range": (
        "from 1.2 million in 2000 to 1.5 million",
        [("1.2 million", 1.2e6, None), ("2000", 2000, "year"), ("1.5 million", 1.5e6, None)],
    ),
    "a share after a bound keeps it": ("more than half of the votes", [("half", 50, "%")]),
    "a fall by a share, then a year": (
        "sales fell by a quarter from 2020",
        [("a quarter", 25, "%"), ("2020", 2020, "year")],
    ),
    "a share less": ("a fifth less power", [("a fifth", 20, "%")]),
    "a clock time in words": ("it opens at five pm", [("five pm", 17 * 60, "time")]),
    "a count in words before dozens": ("twenty-five dozen eggs", [("twenty-five dozen", 300, None)]),
    "a count in words and a half": ("twenty-two and a half years", [("twenty-two and a half", 22.5, "years")]),
    "a day of a date in words": ("on the twenty-first of May", [("twenty-first of May", 0, "date")]),
    "a plural number word is no value": ("the par fives", []),
    "one percent in words": ("one percent of voters", [("one percent", 1, "%")]),
    "one pm in words": ("it opens at one pm", [("one pm", 13 * 60, "time")]),
    "an age in words": ("his six-year-old brother", [("six", 6, "age")]),
    "minus in words is a sign": ("it fell to minus five degrees", [("minus five", -5, "deg")]),
    "minus after a value subtracts": ("three months, minus one day", [("three", 3, "month"), ("minus one", 1, "day")]),
    "an ordinal in words before a count in words": ("the first three months", [("three", 3, "month")]),
    "basis points": ("a cut of 150 bp", [("150 bp", 1.5, "pp")]),
    "basis points in words": ("up 75 basis points", [("75 basis points", 0.75, "pp")]),
    "years before present, no basis points": ("dated to 9500 BP", [("9500", 9500, None)]),
    "a currency code spaced": ("USD 2.3 billion in sales", [("USD 2.3 billion", 2.3e9, "usd")]),
    "a currency code's short scale": ("a EUR5m deal", [("EUR5m", 5e6, "eur")]),
    "a scale after a code the reader does not know is an amount, not a name's number": (
        "NOK 11 billion in revenue",
        [("11 billion", 1.1e10, None)],
    ),
    "a name's number with no scale after it": ("Windows 11 shipped", [("Windows 11", 11, "name:windows")]),
    "half a scale": ("half a million people", [("half a million", 5e5, None)]),
    "half a scale of a currency in words": ("about half a billion dollars", [("half a billion", 5e8, "usd")]),
    "twice": ("taken twice daily", [("twice", 2, None)]),
    "a speed in words": ("at 70 miles per hour", [("70", 31.2928, "[velocity]")]),
    "a speed per hour with 'an'": ("at 50 kilometres an hour", [("50", 13.8889, "[velocity]")]),
    "a speed with a slash": ("up to 320 km/h", [("320", 88.8889, "[velocity]")]),
    "a speed with a spaced slash": ("at 90 km / h", [("90", 25, "[velocity]")]),
    "millions before what is counted": ("8.3m people", [("8.3m", 8.3e6, None)]),
    "millions after what is counted": ("a population of 8.3m", [("8.3m", 8.3e6, None)]),
    "millions after what is counted, and the pair's other end": (
        "passenger numbers rose from 61.6m to 64.2m",
        [("61.6m", 6.16e7, None), ("64.2m", 6.42e7, None)],
    ),
    "an m after a count of nothing counted in millions is metres": ("a 40m tower", [("40", 40, "[length]")]),
    "millions beside millions": (
        "from 44.9 million to 48.2m",
        [("44.9 million", 4.49e7, None), ("48.2m", 4.82e7, None)],
    ),
    "thousands in short": ("$40k a year", [("$40k", 4e4, "usd")]),
    "millions in short": ("£3m deal", [("£3m", 3e6, "gbp")]),
    "a scale joined to its number": ("a £30billion deal", [("£30billion", 3e10, "gbp")]),
    "a scale in words joined, no currency": ("3.6million people", [("3.6million", 3.6e6, None)]),
    "thousands in short, no currency": ("70k accesses", [("70k", 7e4, None)]),
    "a short scale spaced after its currency": ("a $5 M bonus", [("$5 M", 5e6, "usd")]),
    "m alone after a number is metres": ("a 5m wall", [("5", 5, "[length]")]),
    "a number with a scale set off by commas is no age": ("Jane Laut, 40k, said", [("40k", 4e4, None)]),
    "billions in short": ("2.5bn users", [("2.5bn", 2.5e9, None)]),
    "a scale joined to its digits": ("3.6million viewers", [("3.6million", 3.6e6, None)]),
    "a day known by name": ("on Christmas Day 1066", [("Christmas Day 1066", 1066, "date")]),
    "a day known by name, in lower case": ("on christmas day, 1067", [("christmas day, 1067", 1067, "date")]),
    "a day known by name, no year": ("home on Valentine’s Day.", [("Valentine’s Day", 0, "date")]),
    "an ordinal before a name": ("the Second World War", [("Second World War", 2, "name:war")]),
    "an ordinal before a name, in a sentence": (
        "After the Third Punic War in 146 BC",
        [("Third Punic War", 3, "name:war"), ("146", 146, None)],
    ),
    "number words": ("forty-two people", [("forty-two", 42, None)]),
    "an ordinal in words": ("the twenty-first century", [("twenty-first", 21, "ordinal")]),
    "a vague quantity": ("hundreds of homes", [("hundreds of", 200, None)]),
    "a vague quantity of a scale": ("tens of thousands of fans", [("tens of thousands of", 2e4, None)]),
    "a time by name": ("at noon", [("noon", 720, "time")]),
    "a Roman numeral in a sequence": ("Chapter IV", [("Chapter IV", 4, "ordinal")]),
    "a date": ("12 May 2019", [("12 May 2019", 2019, "date")]),
    "a decade": ("the 1990s", [("1990s", 1990, "decade")]),
    "a scale word": ("$2.3 billion", [("$2.3 billion", 2.3e9, "usd")]),
    "a clock time": ("5:30pm", [("5:30pm", 1050, "time")]),
}
"""Each form the reader reads, one reading each: the value as written, its value (in its kind's
base unit, a vague quantity at its least) and its kind."""


@pytest.mark.parametrize(("text", "readings"), FORMS.values(), ids=list(FORMS))
def test_each_form_reads_as_its_value(text: str, readings: list[tuple[str, float, str | None]]) -> None:
    numbers = find_numbers(text)
    assert [(n.text, n.unit) for n in numbers] == [(written, unit) for written, _, unit in readings]
    assert [text[n.start : n.end] for n in numbers] == [n.text for n in numbers]
    assert [n.value for n in numbers] == pytest.approx([value for _, value, _ in readings], rel=1e-4)


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Give 5 mg of the drug daily.", "Give 0\u00b75 mg of the drug daily."),
        ("Give 5 mg of the drug daily.", "Give 0,5 mg of the drug daily."),
        ("Apply 25 ml of the lotion.", "Apply 0,25 ml of the lotion."),
        ("The pump delivers 20 ml per minute.", "The pump delivers 20 ml per hour."),
        ("The plant emits 30 kg per day of dust.", "The plant emits 30 kg per hour of dust."),
    ],
    ids=["middle-dot", "decimal-comma", "decimal-comma-two", "per-minute", "per-day"],
)
def test_a_decimal_written_otherwise_or_a_rate_per_another_time_fails(claim: str, source: str) -> None:
    """A decimal written with a middle dot or after "0," is one value (0.5, never 0 and 5), and a
    rate keeps what it is per: the claim's value is not the source's, through a Guard."""
    assert number_verdict(claim, source) == "contradicted"
    passed, _ = check_answer(claim, [source])
    assert not passed
    assert number_verdict(source, source) is None


def test_a_fraction_in_one_character_is_its_value() -> None:
    assert [(n.text, n.value) for n in find_numbers("Take 1\u00bd tablets, then \u00bd a tablet.")] == [
        ("1\u00bd", 1.5),
        ("\u00bd", 0.5),
    ]


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The base rate is 3,25 percent.", "The base rate is 3.25 percent."),
        ("The parcel weighs 12,5 kg.", "The parcel weighs 12.5 kg."),
        ("The ferry crossing takes half an hour.", "The ferry crossing takes 30 minutes."),
        ("The repairs took half a day.", "The repairs took 12 hours."),
        ("The project cost 30 million rupees.", "The project cost 3 crore rupees."),
        ("The fund holds 500,000 rupees.", "The fund holds 5 lakh rupees."),
        (
            "Recovery time changed by -1.4 days in the treatment group.",
            "Patients in the treatment group recovered 1.4 fewer days after surgery.",
        ),
    ],
)
def test_one_value_written_another_way_is_not_a_rival(claim: str, source: str) -> None:
    """A decimal comma, half a period, lakh and crore, a fall written with a minus sign: the number
    rule reads them as the value the source writes, and raises no finding."""
    _, [sentence] = check_answer(claim, [source])
    assert sentence["method"] != "number_check", sentence


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The base rate is 3,75 percent.", "The base rate is 3.25 percent."),
        ("The ferry crossing takes half an hour.", "The ferry crossing takes 45 minutes."),
        ("The project cost 40 million rupees.", "The project cost 3 crore rupees."),
        (
            "Recovery time changed by -2.4 days in the treatment group.",
            "Patients in the treatment group recovered 1.4 fewer days after surgery.",
        ),
    ],
)
def test_another_value_written_another_way_still_fails(claim: str, source: str) -> None:
    passed, _ = check_answer(claim, [source])
    assert not passed


def test_a_list_with_a_comma_and_no_space_is_not_a_decimal() -> None:
    assert [n.value for n in find_numbers("Jamie Kennedy starred in Scream 1,2 and 3.")] == [1.0, 2.0, 3.0]


@pytest.mark.parametrize(
    ("claim", "source", "passes"),
    [
        ("Bake the loaf at 392 °F for 40 minutes.", "Bake the loaf at 200 °C for 40 minutes.", True),
        ("Bake the loaf at 350 °F for 40 minutes.", "Bake the loaf at 180 °C for 40 minutes.", True),
        ("Normal body temperature is 98.6 °F.", "Normal body temperature is 37 °C.", True),
        ("Bake the loaf at 200 °F for 40 minutes.", "Bake the loaf at 200 °C for 40 minutes.", False),
        ("The vaccine is stored at 8 °C.", "The vaccine is stored at 8 °F.", False),
    ],
)
def test_a_temperature_on_the_other_scale_is_compared_converted(claim: str, source: str, passes: bool) -> None:
    """°F for °C with the same number is another value, certain under every policy; the value
    converted is the same one."""
    passed, [sentence] = check_answer(claim, [source], uncertain="flag", fail_on="contradicted")
    assert passed is passes, sentence
    if not passes:
        assert sentence["verdict"] == "contradicted" and sentence["certainty"] == "exact", sentence
