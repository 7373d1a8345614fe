"""Export a training checkpoint as the bundled model, calibrated on the dev split.

Fits a softmax temperature on the 3-way dev rows (minimum negative log-likelihood, so
probabilities mean what they say) and picks the validator's default thresholds on the whole
dev mix (VitaminC, MultiNLI, FEVER-NLI and SNLI dev parts): the entailment threshold that
maximises balanced accuracy of "supported vs not" while letting at most 10% of contradicted
claims pass as supported, then the contradiction threshold that maximises 3-way accuracy of
the validator's decision rule. The test split is never read here. Weights are written in
fp16 safetensors to stay under the 50 MB bundle budget.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import torch
from sklearn.metrics import accuracy_score, balanced_accuracy_score
from transformers import AutoModelForSequenceClassification, AutoTokenizer

from training.pairs import LABELS, read_jsonl
from validator import defaults
from validator.scorers.base import CONTRADICTION, ENTAILMENT, NEUTRAL, Backend
from validator.scorers.nli import NLIScorer
from validator.verdicts import decide_columns

GRID = np.round(np.arange(0.05, 0.96, 0.01), 2)
MAX_CONTRADICTED_PASSING = 0.10
LABEL_COLUMN = {"entailment": ENTAILMENT, "neutral": NEUTRAL, "contradiction": CONTRADICTION}


def log_probabilities(
    model_dir: Path, rows: list[dict], batch_size: int = 64, calibrated_ok: bool = False, backend: Backend = "torch"
) -> np.ndarray:
    """Log-probabilities through the validator's own scorer (windows and label mapping included)."""
    scorer = NLIScorer(str(model_dir), batch_size=batch_size, max_length=defaults.MAX_LENGTH, backend=backend)
    if scorer.settings.temperature != 1.0 and not calibrated_ok:
        raise ValueError(f"{model_dir} is already calibrated; calibrate the raw checkpoint")
    return np.log(np.clip(scorer.score([(r["premise"], r["hypothesis"]) for r in rows]), 1e-12, 1.0))


def softmax(log_probs: np.ndarray, temperature: float) -> np.ndarray:
    scaled = log_probs / temperature
    scaled -= scaled.max(axis=1, keepdims=True)
    exp = np.exp(scaled)
    return exp / exp.sum(axis=1, keepdims=True)


def fit_temperature(log_probs: np.ndarray, labels: np.ndarray) -> float:
    temperatures = np.round(np.arange(0.5, 3.001, 0.01), 2)
    nll = [-np.log(softmax(log_probs, t)[np.arange(len(labels)), labels] + 1e-12).mean() for t in temperatures]
    return float(temperatures[int(np.argmin(nll))])


def choose_thresholds(probs: np.ndarray, labels: list[str]) -> tuple[float, float]:
    """Entailment: the best supported-vs-not balanced accuracy, over every dev row (2-way rows
    included), among thresholds that let at most ``MAX_CONTRADICTED_PASSING`` of contradicted
    dev claims through as supported (a guard must not wave contradictions through).
    Contradiction: the best 3-way accuracy of the decision rule on the 3-way rows after that."""
    supported = np.array([label == "entailment" for label in labels])
    contradicted = np.array([label == "contradiction" for label in labels])
    three_way = np.array([label in LABEL_COLUMN for label in labels])
    safe = [t for t in GRID if (probs[contradicted, ENTAILMENT] >= t).mean() <= MAX_CONTRADICTED_PASSING]
    entailment = max(safe or [GRID[-1]], key=lambda t: balanced_accuracy_score(supported, probs[:, ENTAILMENT] >= t))
    gold = np.array([LABEL_COLUMN[label] for label, keep in zip(labels, three_way, strict=True) if keep])
    contradiction = max(GRID, key=lambda t: accuracy_score(gold, decide_columns(probs[three_way], entailment, t)))
    return float(entailment), float(contradiction)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--checkpoint", type=Path, default=Path("build/run/checkpoint"))
    parser.add_argument("--data", type=Path, default=Path("build/data"))
    parser.add_argument("--out", type=Path, default=defaults.BUNDLED_MODEL_DIR)
    parser.add_argument(
        "--origins",
        nargs="*",
        default=[],
        help="calibrate on these origins' dev rows only (the answer sets: the passages the validator reads)",
    )
    args = parser.parse_args()

    dev = [r for r in read_jsonl(args.data / "dev.jsonl") if not args.origins or r["origin"] in args.origins]
    if not dev:
        parser.error(f"no dev rows of the origins {args.origins} in {args.data}")
    labels = [r["label"] for r in dev]
    log_probs = log_probabilities(args.checkpoint, dev)
    three_way = [i for i, label in enumerate(labels) if label in LABEL_COLUMN]
    temperature = fit_temperature(log_probs[three_way], np.array([LABEL_COLUMN[labels[i]] for i in three_way]))
    entailment, contradiction = choose_thresholds(softmax(log_probs, temperature), labels)
    settings = {
        "temperature": temperature,
        "entailment_threshold": entailment,
        "contradiction_threshold": contradiction,
    }
    print(json.dumps(settings))

    model = AutoModelForSequenceClassification.from_pretrained(args.checkpoint, dtype=torch.float32)
    if [model.config.id2label[i] for i in range(len(LABELS))] != list(LABELS):
        raise ValueError(f"unexpected labels in {args.checkpoint}: {model.config.id2label}")
    args.out.mkdir(parents=True, exist_ok=True)  # README.md (the model card) is kept
    model.half().save_pretrained(args.out)
    AutoTokenizer.from_pretrained(args.checkpoint).save_pretrained(args.out)
    (args.out / defaults.MODEL_SETTINGS_FILE).write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
