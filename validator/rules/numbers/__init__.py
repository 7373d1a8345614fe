"""The number rule: a number is vouched for only by the part of the evidence about the same thing.

Small NLI models read "closes at 9 p.m." as entailed by "closes at 5 p.m." because the
sentences are otherwise the same; numbers are where they fail most. So every number of a
sentence that the model (or the LLM judge, or the citation checker's model) would support is
checked against the evidence it rests on. The rule cannot be overruled, so it must be certain in
both directions: it vetoes only what the evidence settles, and leaves the rest to the model.

The rule as users read it, with every kind of number and what vouches for it, is stated once in
``docs/verdicts.md`` (the *decide* stage); here is how the code reaches it.

1. **What is a number of the claim** (:func:`find_numbers`): each kind of that table, read into a
   value, a kind and a unit; a list marker, numbered heading or footnote mark is the list's.
2. **Is the value there?** The evidence must hold a value the claim's allows (243 for "more than
   200"; a date at least as full as the claim's). If not, the sentence is ``contradicted`` when
   the evidence has another number in the same role (the same unit or kind, or the same word
   next to it), else ``unsupported``. A number in a name, a small count ("two painters") or an
   ordinal word that the evidence does not state at all, with no rival, is left to the model:
   the evidence may write the name without it ("COVID") or list what the answer counts.
3. **Is it there about the same thing?** The evidence is cut into *segments*: its sentences,
   read in context (:mod:`validator.context`: "It was completed in 1889." after "The Eiffel
   Tower is in Paris."), and cut again between two numbers at a clause break (``;``, ``,``,
   "and", "but", "while", "whereas", the end of a table row). A segment holding the value must
   not be clearly less about the claim than a rival's (:meth:`.clauses.Segment.beats`). "The
   Eiffel Tower was completed in 1931." is ``contradicted`` by "The Eiffel Tower was completed in 1889. The
   Empire State Building was completed in 1931.", although 1931 is in the passage; a close call
   counts for the sentence.
4. **Before a veto, the whole source.** Given the ``sources`` the passages came from, a value
   the sentence of a source about the same thing gives, which retrieval did not bring, is not
   vetoed (:func:`check_numbers`).

The package, in the order a sentence goes through it: :mod:`~validator.rules.numbers.lexicon`
(word lists and patterns, as data), :mod:`~validator.rules.numbers.readers`, :mod:`~validator.rules.numbers.shares`,
:mod:`~validator.rules.numbers.words` (runs of number words, by text2num) and
:mod:`~validator.rules.numbers.reading` (text to :class:`Number` values, each where it stands),
:mod:`~validator.rules.numbers.values` (what a value is and when two are the same),
:mod:`~validator.rules.numbers.clauses` (the evidence cut into segments about one thing),
:mod:`~validator.rules.numbers.derivations` (values an answer works out),
:mod:`~validator.rules.numbers.rivals` (the one value the evidence gives instead) and
:mod:`~validator.rules.numbers.comparison` (the verdict); :mod:`~validator.rules.numbers.spelling`
writes a premise's values the way the claim writes them, for the model.
"""

from __future__ import annotations

from validator.rules.numbers.comparison import NumberFinding, check_numbers, left_to_model
from validator.rules.numbers.reading import claim_text, find_numbers
from validator.rules.numbers.spelling import spelled_like
from validator.rules.numbers.values import Number

__all__ = [
    "Number",
    "NumberFinding",
    "check_numbers",
    "claim_text",
    "find_numbers",
    "left_to_model",
    "spelled_like",
]
