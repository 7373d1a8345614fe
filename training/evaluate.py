"""Evaluate the bundled model on the held-out VitaminC test split and the out-of-domain set.

Reports what the model card quotes: 3-way accuracy and macro-F1, per-class precision and
recall, the confusion matrix, expected calibration error before and after temperature
scaling, the validator's binary view (supported vs not) at the default thresholds, the
out-of-domain results, and CPU throughput. Probabilities come from the validator's own
scorer, so windows and label mapping are evaluated as shipped.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from pathlib import Path

import numpy as np
import torch
from sklearn.metrics import accuracy_score, classification_report, confusion_matrix, f1_score

from training.calibrate import LABEL_COLUMN, decide, log_probabilities, softmax
from training.train import read_jsonl
from validator import defaults
from validator.scoring import CONTRADICTION, ENTAILMENT, NEUTRAL, Backend, ModelSettings, NLIScorer

NAMES = ["entailment", "neutral", "contradiction"]
OOD_SET = Path("tests/data/ood_legal_technical.jsonl")


def expected_calibration_error(probs: np.ndarray, labels: np.ndarray, bins: int = 15) -> float:
    """Top-label ECE with equal-width confidence bins."""
    confidence, predicted = probs.max(axis=1), probs.argmax(axis=1)
    edges = np.linspace(0.0, 1.0, bins + 1)
    error = 0.0
    for low, high in itertools.pairwise(edges):
        in_bin = (confidence > low) & (confidence <= high)
        if in_bin.any():
            error += in_bin.mean() * abs((predicted[in_bin] == labels[in_bin]).mean() - confidence[in_bin].mean())
    return float(error)


def report(name: str, probs: np.ndarray, labels: np.ndarray, settings: ModelSettings) -> dict:
    predicted = probs.argmax(axis=1)
    decided = decide(probs, settings.entailment_threshold, settings.contradiction_threshold)
    supported = labels == ENTAILMENT
    contradicted = labels == CONTRADICTION
    result = {
        "pairs": len(labels),
        "accuracy_3way": accuracy_score(labels, predicted),
        "macro_f1_3way": f1_score(labels, predicted, average="macro"),
        "decision_rule_accuracy_3way": accuracy_score(labels, decided),
        "per_class": classification_report(
            labels,
            predicted,
            labels=[ENTAILMENT, NEUTRAL, CONTRADICTION],
            target_names=NAMES,
            output_dict=True,
        ),
        "confusion_matrix_rows_true_cols_pred": confusion_matrix(
            labels, predicted, labels=[ENTAILMENT, NEUTRAL, CONTRADICTION]
        ).tolist(),
        "binary_supported_vs_not": {
            "accuracy": accuracy_score(supported, decided == ENTAILMENT),
            "macro_f1": f1_score(supported, decided == ENTAILMENT, average="macro"),
            "precision_supported": float(
                (supported & (decided == ENTAILMENT)).sum() / max((decided == ENTAILMENT).sum(), 1)
            ),
            "recall_supported": float((supported & (decided == ENTAILMENT)).sum() / max(supported.sum(), 1)),
        },
        "contradicted_passed_as_supported": float((decided[contradicted] == ENTAILMENT).mean())
        if contradicted.any()
        else 0.0,
    }
    print(f"\n== {name}: {len(labels)} pairs")
    print(
        f"3-way accuracy {result['accuracy_3way']:.4f}  macro-F1 {result['macro_f1_3way']:.4f}  "
        f"decision-rule accuracy {result['decision_rule_accuracy_3way']:.4f}"
    )
    for label in NAMES:
        stats = result["per_class"][label]
        print(
            f"  {label:<13} precision {stats['precision']:.3f} recall {stats['recall']:.3f} n={int(stats['support'])}"
        )
    print(f"  confusion (rows true E/N/C, cols predicted): {result['confusion_matrix_rows_true_cols_pred']}")
    binary = result["binary_supported_vs_not"]
    print(
        f"  supported-vs-not at defaults: accuracy {binary['accuracy']:.4f} macro-F1 {binary['macro_f1']:.4f} "
        f"precision {binary['precision_supported']:.3f} recall {binary['recall_supported']:.3f}"
    )
    print(f"  contradicted claims passed as supported: {result['contradicted_passed_as_supported']:.3f}")
    return result


def throughput(model_dir: Path, rows: list[dict], threads: int, backend: Backend = "torch") -> float:
    torch.set_num_threads(threads)
    scorer = NLIScorer(str(model_dir), device="cpu", backend=backend)
    pairs = [(r["premise"], r["hypothesis"]) for r in rows[:512]]
    scorer.score(pairs[:32])
    start = time.perf_counter()
    scorer.score(pairs)
    return len(pairs) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--model", type=Path, default=defaults.BUNDLED_MODEL_DIR)
    parser.add_argument("--data", type=Path, default=Path("build/data"))
    parser.add_argument("--out", type=Path, default=Path("build/eval.json"))
    parser.add_argument("--onnx", action="store_true", help="also evaluate the int8 ONNX Runtime backend")
    args = parser.parse_args()

    settings = ModelSettings.for_model(str(args.model))
    results: dict = {"settings": settings.__dict__}
    for name, path in (("vitaminc_test", args.data / "test.jsonl"), ("out_of_domain", OOD_SET)):
        rows = read_jsonl(path)
        labels = np.array([LABEL_COLUMN[r["label"]] for r in rows])
        calibrated = np.exp(log_probabilities(args.model, rows, calibrated_ok=True))
        raw = softmax(np.log(np.clip(calibrated, 1e-12, 1.0)), 1.0 / settings.temperature)
        results[name] = report(name, calibrated, labels, settings)
        results[name]["ece_before_temperature"] = expected_calibration_error(raw, labels)
        results[name]["ece_after_temperature"] = expected_calibration_error(calibrated, labels)
        print(
            f"  ECE before temperature {results[name]['ece_before_temperature']:.4f}, "
            f"after (T={settings.temperature}) {results[name]['ece_after_temperature']:.4f}"
        )
    test_rows = read_jsonl(args.data / "test.jsonl")
    results["cpu_pairs_per_second"] = {f"{t}_threads": throughput(args.model, test_rows, t) for t in (1, 2)}
    print(f"\nCPU throughput (pairs/s): {results['cpu_pairs_per_second']}")
    if args.onnx:
        labels = np.array([LABEL_COLUMN[r["label"]] for r in test_rows])
        probs = np.exp(log_probabilities(args.model, test_rows, calibrated_ok=True, backend="onnx"))
        results["onnx_int8_vitaminc_test"] = report("vitaminc_test, int8 ONNX Runtime", probs, labels, settings)
        onnx_speed = throughput(args.model, test_rows, 2, backend="onnx")
        results["onnx_int8_pairs_per_second_2_threads"] = onnx_speed
        print(
            f"int8 ONNX throughput {onnx_speed:.1f} pairs/s at 2 threads, "
            f"{onnx_speed / results['cpu_pairs_per_second']['2_threads']:.2f}x torch fp32"
        )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2, default=float) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
