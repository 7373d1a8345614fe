"""bf16 autocast against fp32 on this CPU: training steps per second and NLI scoring throughput.

``torch.autocast("cpu", dtype=torch.bfloat16)`` pays only where the CPU computes bf16 natively
(AVX-512 BF16 or AMX); elsewhere oneDNN emulates it and it is slower. This script measures both
precisions in one process, on the same batches of the training mix, so the answer is this
machine's, not an assumption:

    make bench-bf16          # PYTHONPATH=. python benchmarks/bench_bf16.py --data build/data

Training steps run the real trainer's loss on length-bucketed batches of 32 (the bundled model as
the starting point; the weights are thrown away). Scoring runs the bundled model over dev pairs.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import time
from pathlib import Path

import torch
from transformers import AutoModelForSequenceClassification, AutoTokenizer

from training.pairs import read_jsonl
from training.train import length_bucketed_batches, mixed_loss, pair_features
from validator.defaults import BUNDLED_MODEL_DIR


def _autocast(bf16: bool) -> contextlib.AbstractContextManager:
    return torch.autocast("cpu", dtype=torch.bfloat16) if bf16 else contextlib.nullcontext()


def train_steps_per_second(model, tokenizer, rows: list[dict], steps: int, bf16: bool) -> float:
    """Optimizer steps per second over ``steps`` batches (after one warm-up step)."""
    model = copy.deepcopy(model).train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-5)
    batches = length_bucketed_batches([len(r["premise"]) + len(r["hypothesis"]) for r in rows], 32, 13)
    started = 0.0
    for step, ids in enumerate(batches[: steps + 1]):
        if step == 1:
            started = time.perf_counter()
        batch = [rows[i] for i in ids]
        features = pair_features(tokenizer, batch, 128)
        with _autocast(bf16):
            logits = model(**features).logits
        loss = mixed_loss(logits, [r["label"] for r in batch])
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    return steps / (time.perf_counter() - started)


@torch.inference_mode()
def pairs_per_second(model, tokenizer, rows: list[dict], bf16: bool) -> tuple[float, torch.Tensor]:
    """Scoring throughput over ``rows`` in batches of 32, and the probabilities."""
    model.eval()
    out = []
    started = time.perf_counter()
    for start in range(0, len(rows), 32):
        batch = rows[start : start + 32]
        features = pair_features(tokenizer, batch, 512)
        with _autocast(bf16):
            out.append(model(**features).logits.float().softmax(-1))
    return len(rows) / (time.perf_counter() - started), torch.cat(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("build/data"))
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--pairs", type=int, default=512)
    args = parser.parse_args()
    torch.set_num_threads(2)
    print(
        f"torch {torch.__version__}; CPU capability {torch.backends.cpu.get_cpu_capability()}; "
        f"AVX-512 BF16 {torch.cpu._is_avx512_bf16_supported()}"
    )
    tokenizer = AutoTokenizer.from_pretrained(BUNDLED_MODEL_DIR)
    model = AutoModelForSequenceClassification.from_pretrained(BUNDLED_MODEL_DIR, dtype=torch.float32)
    train_rows = read_jsonl(args.data / "train.jsonl")[:4000]
    dev_rows = read_jsonl(args.data / "dev.jsonl")[: args.pairs]
    reference: torch.Tensor | None = None
    for bf16 in (False, True):
        steps = train_steps_per_second(model, tokenizer, train_rows, args.steps, bf16)
        speed, probabilities = pairs_per_second(model, tokenizer, dev_rows, bf16)
        reference = probabilities if reference is None else reference
        agree = (probabilities.argmax(-1) == reference.argmax(-1)).float().mean().item()
        drift = (probabilities - reference).abs().max().item()
        print(
            f"{'bf16' if bf16 else 'fp32'}: {steps:.3f} train steps/s, {speed:.1f} pairs/s scored, "
            f"argmax agreement with fp32 {agree:.4f}, max |Δp| {drift:.4f}"
        )


if __name__ == "__main__":
    main()
