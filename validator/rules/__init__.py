"""The model-free rules, read first and compared second (docs/architecture.md, "The rule layer").

Each rule reads typed values from the text the user wrote (folded once by
:mod:`validator.text`) and then compares them with what the evidence gives. A new reading goes in
the module of its type, with its own table of readings in ``tests/test_rules_*.py``; the findings
of every rule on real answer sentences are pinned by ``tests/test_rule_snapshot.py``.

:mod:`validator.rules.identifiers` is the first rule written this way: exact identifiers (long
digit strings, codes, dotted addresses and versions), compared as strings, never as numbers. The
number rule (:mod:`validator.rules.numbers`) is here as a package, one module per step; its reader
reads each value where it stands in the text as written, number words too (text2num finds their
runs, :mod:`~validator.rules.numbers.words`), and rewrites nothing. Beside them:
:mod:`~validator.rules.bindings` (a premise joined from sentences about different things),
:mod:`~validator.rules.opposites` (a sentence the evidence negates),
:mod:`~validator.rules.quotes` (verbatim copies and quotes), :mod:`~validator.rules.attribution`
(a copy said of someone else) and :mod:`~validator.rules.restated` (a sentence restated with its
values written another way).

No rule imports another's helpers. What they share is the text layer outside this package:
:mod:`validator.text` (typography folded, words, stems, stopwords, negations),
:mod:`validator.splitting` (sentences with offsets into the user's text) and
:mod:`validator.context` (a sentence's subject, and how it reads after the one before). The
restated rule is the one rule built on another: it asks the number rule whether two values are one.
"""
