"""The premise written the way the claim writes its values (:func:`spelled_like`), so the model
reads "1,500" against "1,500" and not against "one and a half thousand".
"""

from __future__ import annotations

from collections.abc import Sequence

from validator.rules.numbers.lexicon import CURRENCY, SIGNS, UNIT_WORD, UNIT_WORD_AFTER, UNIT_WORDS, WORD
from validator.rules.numbers.readers import words_after
from validator.rules.numbers.reading import read_values
from validator.rules.numbers.shares import as_percentage
from validator.rules.numbers.units import DIMENSIONS, measure, measure_plain_text
from validator.rules.numbers.values import DURATIONS, Number


def _with_unit(text: str, number: Number) -> tuple[int, str]:
    """Where ``number`` ends in ``text`` with its unit after it (a duration's word, "18 months", or
    the words of a unit of measure, "3,000 megawatts", "5 square miles"), and that text."""
    end = number.read_end
    if number.unit in DURATIONS:
        word = UNIT_WORD.match(text, end)
        end = word.end() if word and UNIT_WORDS.get(word.group(1).lower()) == number.unit else end
    elif written := measure_plain_text(text, end):  # "25 m2", "50 kilometres an hour"
        end = written[1]
    elif found := measure(words_after(text, end), text[end : end + 1].isalpha()):
        for _ in range(found.words):
            word = UNIT_WORD_AFTER.match(text, end)  # "-megawatt" of "a 3,000-megawatt plant" too
            end = word.end() if word else end
    return end, text[number.start : end].strip()


def _names_its_unit(number: Number) -> bool:
    """Whether a value's own words name its unit ("a year and a half", "an hour and a half")."""
    return any(UNIT_WORDS.get(word.lower()) == number.unit for word in WORD.findall(number.text))


def _unit_twin(number: Number, premise_numbers: Sequence[Number]) -> Number | None:
    """The premise's number that ``number``, with its unit, may be written as: the same duration in
    another unit ("18 months" of "a year and a half"), or the same measure, or the one it rounds,
    in any unit pint reads ("3 gigawatts" of "3,000-megawatt", "roughly 6,400 km" of "roughly
    4,000 miles"); never for a bound. Of several, the nearest: "603 km/h" is the premise's "374
    mph", not the "366 mph" before it that a conversion's 5% also reaches."""
    if number.unit in DURATIONS and number.qualifier is None:
        kin = (a for a in premise_numbers if a.unit in DURATIONS and a.unit != number.unit and number.same_duration(a))
        return next((a for a in kin if a.qualifier is None), None)
    if number.unit in DIMENSIONS and number.qualifier in (None, "about"):
        kin = [
            a
            for a in premise_numbers
            if a.unit == number.unit and a.qualifier in (None, "about") and (number.same_value(a) or number.rounds(a))
        ]
        return min(kin, key=lambda a: abs(a.value - number.value), default=None)
    return None


def _carries_its_kind(number: Number) -> bool:
    """Whether ``number``'s text is the whole quantity, so that one such text can stand for
    another: a plain number, a percentage ("12.3%", "12.3 percent"), an amount after its
    currency's sign ("$2.3 billion"; not "5 million dollars" nor "2 km", whose units come after
    the number's text)."""
    return number.unit in (None, "%") or (number.unit in CURRENCY.values() and number.text[:1] in SIGNS)


def _spelled_twin(number: Number, premise_numbers: Sequence[Number]) -> Number | None:
    """The premise's number that ``number`` may be written as: the same quantity, or the one it
    rounds ("about 12,500" of "12,480", "$12.4 billion" of "$12.43 billion"); never for a bound
    ("over 12,000" is not "over 12,480"), a date or a unit written after the number."""
    if not _carries_its_kind(number) or number.qualifier not in (None, "about"):
        return None
    return next(
        (a for a in premise_numbers if a.unit == number.unit and (number.same_value(a) or number.rounds(a))),
        None,
    )


def spelled_like(sentence: str, premise: str) -> tuple[str, str]:
    """The premise and the sentence as the model is to read them: each number of the sentence
    written as the premise writes the same quantity or the one it rounds ("$2.3B" → "$2.3
    billion", "1.5 million" → "1,500,000", "about 12,500" → "about 12,480"), each duration in
    the premise's unit where it is the same length ("a year and a half" → "18 months"), and each
    measure in the premise's unit ("3,000-megawatt" → "3 gigawatts"). A share in words
    is given on both sides as the percentage it reads as ("a third" → "about 33.33%"), and the
    premise's value in words as the sentence writes it in digits ("Three of them" → "3 of
    them"). A small NLI model
    takes a number in another spelling for another number, and contradicts a sentence that agrees
    ("$2.3B" against "$2.3 billion": P(contradiction) 0.53; 0.08 spelled alike). Only values the
    premise vouches for are rewritten, never a bound, so what the sentence says does not change."""
    numbers, premise_numbers = read_values(sentence), read_values(premise)
    rewritten: list[str] = []
    premise_spellings: dict[tuple[int, int], str] = {}
    position = 0
    for number in numbers:
        end, twin_text = number.read_end, None
        if twin := _spelled_twin(number, premise_numbers):
            if twin.ratio and not number.ratio:  # "a third" for "33%": both as the percentage it is
                twin_text = f"{twin.value:g}%"
                premise_spellings[twin.start, twin.read_end] = as_percentage(premise, twin)
            elif _in_words(twin) and not _in_words(number) and number.same_value(twin):  # "Three" for "3"
                premise_spellings[twin.start, twin.read_end] = number.text
                continue
            else:
                twin_text = premise[twin.start : twin.read_end]
                spelled_alike = twin_text in sentence or twin_text.casefold() == number.text.casefold()
                if spelled_alike or not _reads_alone(twin):  # "Three" of "three"; "$8" of "$8-8.5bn"
                    continue
        elif twin := _unit_twin(number, premise_numbers):
            with_unit, written = _with_unit(sentence, number)[0], _with_unit(premise, twin)[1]
            unit_written = with_unit > number.read_end or _names_its_unit(number)  # "a year and a half"
            if unit_written and written in premise:  # as the premise writes it, unit and all
                end, twin_text = with_unit, written
        if twin_text is None:
            continue
        surface = sentence[number.start : end]
        rewritten += [sentence[position : number.start], surface[: len(surface) - len(surface.lstrip())], twin_text]
        position = end
    return _spliced(premise, premise_spellings), "".join(rewritten) + sentence[position:]


def _in_words(number: Number) -> bool:
    """Whether ``number`` is written in words alone ("Three", "forty percent"), no digit."""
    return not any(character.isdigit() for character in number.text)


def _reads_alone(number: Number) -> bool:
    """Whether ``number``'s words read alone as its value: not the end of a range whose sign or
    scale is written at its other end ("$8" of "$8-8.5bn" is $8bn), which would stand for
    another value written alone."""
    alone = read_values(number.text)
    return len(alone) == 1 and alone[0].value == number.value


def _spliced(text: str, edits: dict[tuple[int, int], str]) -> str:
    """``text`` with each ``new`` of ``edits`` put in place of ``text[start:end]``, its key."""
    pieces, position = [], 0
    for (start, end), new in sorted(edits.items()):
        pieces += [text[position:start], new]
        position = end
    return "".join(pieces) + text[position:]
