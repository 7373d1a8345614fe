"""What ``scorer_mode="cascade"`` saves: the share of sentences it sends to the LLM judge, and its
accuracy against the NLI model alone and the judge alone, on the project's dev mix.

The judge here is scripted: it answers every claim with its gold label (an ideal judge), so the
numbers bound what a real LLM can add; a real judge is slower, costs money and errs. Items are
dev pairs of ``build/data/dev.jsonl`` (``make train-data``): the premise as the source, the claim
as the answer; a claim is right when it passes exactly when its label is entailment.

    python benchmarks/bench_cascade.py --items 300
"""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path

from validator.config import CheckerConfig
from validator.pipeline import CheckRequest, ProvenanceChecker
from validator.scorers.nli import NLIScorer
from validator.verdicts import DEFAULT_POLICY

ANSWER = {"entailment": "supports", "contradiction": "contradicts"}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("build/data/dev.jsonl"))
    parser.add_argument("--items", type=int, default=300)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    rows = [json.loads(line) for line in args.data.open(encoding="utf-8")]
    rows = random.Random(args.seed).sample(rows, min(args.items, len(rows)))
    gold = {row["hypothesis"].strip(): row["label"] for row in rows}

    def ideal_judge(prompt: str) -> str:
        fenced = dict(re.findall(r"(?:#####-\w+) (EVIDENCE|CLAIM)\n(.*?)\n#####-\w+ END", prompt, re.S))
        verdict = ANSWER.get(gold.get(fenced["CLAIM"].strip(), ""), "says_nothing")
        return json.dumps({"verdict": verdict, "confidence": 0.95, "quote": fenced["EVIDENCE"]})

    requests = [CheckRequest(row["hypothesis"], sources=[row["premise"]]) for row in rows]
    truth = [row["label"] == "entailment" for row in rows]
    scorer = NLIScorer()
    print(
        "| scorer | accuracy (passes iff entailed) | supported flagged | contradicted passed "
        "| sentences sent to the judge |\n| --- | --- | --- | --- | --- |"
    )
    contradicted = [row["label"] == "contradiction" for row in rows]
    for mode in ("nli", "cascade", "llm"):
        judge = ideal_judge if mode != "nli" else None
        checker = ProvenanceChecker(scorer, CheckerConfig.from_settings(scorer_mode=mode, llm_callable=judge))
        reports = checker.check_batch(requests)
        passed = [not report.failing(DEFAULT_POLICY) for report in reports]
        accuracy = sum(p == t for p, t in zip(passed, truth, strict=True)) / len(rows)
        flagged = sum(t and not p for p, t in zip(passed, truth, strict=True)) / max(sum(truth), 1)
        let_through = sum(p and c for p, c in zip(passed, contradicted, strict=True)) / max(sum(contradicted), 1)
        judged = sum(s.judged for r in reports for s in r.sentences)
        sentences = sum(len(r.sentences) for r in reports)
        share = f"{judged} of {sentences} ({100 * judged / max(sentences, 1):.0f}%)"
        print(f"| {mode} | {100 * accuracy:.1f}% | {100 * flagged:.1f}% | {100 * let_through:.1f}% | {share} |")


if __name__ == "__main__":
    main()
