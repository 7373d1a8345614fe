"""Number words put in digits before the reader reads a sentence ("forty-two" → "42", by
text2num), the one form still read from a rewritten text: its digits are read by the number
pattern with all that goes with them (a unit, a percent, a currency, an ordinal's suffix), and
other parts read the rewritten words (docs/verdicts.md, "Who reads which form"). Every other form
is read where it stands: by :data:`~validator.rules.numbers.lexicon.NUMBER` (a scale, a currency
code, a temperature's scale, a value and a half), by :mod:`~validator.rules.numbers.readers`
(dates, quarters, names, dozens, millions, …), by :mod:`~validator.rules.numbers.shares` (shares
in words), by :func:`~validator.rules.numbers.units.measure_plain_text` ("m2", "km/h") and, for a
range whose sign or suffix is written once, after reading
(:func:`~validator.rules.numbers.reading.read_values`).

:mod:`validator.rules.numbers.reading` runs this first (:func:`in_digits`), through
:class:`~validator.rules.numbers.edits.Edited`, so a value read from the rewritten text keeps its
place and words in the text as written ("forty-two", not the "42" the reader read).
"""

from __future__ import annotations

from validator.rules.numbers.edits import Edited, number_words_in_digits
from validator.rules.numbers.lexicon import (
    HALF_A_SCALE,
    ORDINAL_THEN_NAME,
    SCALE_AFTER_A_HALF,
    SCALE_AFTER_DIGITS,
    VAGUE_WORDS,
)
from validator.rules.numbers.shares import SHARE


def in_digits(edited: Edited) -> None:
    """``edited`` with number words as digits ("forty-two" → "42"), by text2num. A scale after
    digits ("1.5 million"), a value and a half's ("two and a half million"), a vague quantity
    ("hundreds of"), a share in words ("one in five") and a name numbered in front ("the Second
    World War") are left to their readers: text2num would make them "1.5 1000000", "2 and a 0.5
    1000000", "100 of", "1 in 5" and "the 2nd World War"."""
    number_words_in_digits(
        edited, kept=(SCALE_AFTER_DIGITS, SCALE_AFTER_A_HALF, HALF_A_SCALE, VAGUE_WORDS, SHARE, ORDINAL_THEN_NAME)
    )
