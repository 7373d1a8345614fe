"""Average models fine-tuned from one warm start into one: a greedy "model soup".

Runs that differ only in their seed land in one basin of the loss when they start from the same
weights, so their average is a model too, and often a more robust one out of domain than any
of them (Wortsman et al., "Model soups", ICML 2022). The greedy recipe ranks the runs by dev
accuracy and adds each to the soup only if the average with it does not score lower on dev, so
the soup is never worse on dev than the best run alone. Only the dev split is read.
"""

from __future__ import annotations

import argparse
import json
import logging
from pathlib import Path

import torch
from transformers import AutoModelForSequenceClassification, AutoTokenizer, PreTrainedModel, PreTrainedTokenizerBase

from training.pairs import read_jsonl
from training.train import accuracy

logger = logging.getLogger("training.soup")


def average(state_dicts: list[dict[str, torch.Tensor]]) -> dict[str, torch.Tensor]:
    """The element-wise mean of several state dicts of one architecture (integer buffers kept)."""
    first = state_dicts[0]
    return {
        name: torch.stack([sd[name].float() for sd in state_dicts]).mean(0).to(tensor.dtype)
        if tensor.is_floating_point()
        else tensor
        for name, tensor in first.items()
    }


def greedy_soup(
    model_dirs: list[Path], dev_rows: list[dict], max_length: int, device: str
) -> tuple[PreTrainedModel, PreTrainedTokenizerBase, dict]:
    """The soup's model and tokenizer, and a report: each run's dev accuracy, the soup's, the runs kept."""
    tokenizer = AutoTokenizer.from_pretrained(model_dirs[0])
    model = AutoModelForSequenceClassification.from_pretrained(model_dirs[0], dtype=torch.float32).to(device)
    states, scores = {}, {}
    for model_dir in model_dirs:
        loaded = AutoModelForSequenceClassification.from_pretrained(model_dir, dtype=torch.float32)
        states[model_dir] = {name: tensor.to(device) for name, tensor in loaded.state_dict().items()}
        model.load_state_dict(states[model_dir])
        scores[str(model_dir)] = accuracy(model, tokenizer, dev_rows, max_length)
        logger.info("%s dev accuracy %.4f", model_dir, scores[str(model_dir)])
    ranked = sorted(model_dirs, key=lambda d: scores[str(d)], reverse=True)
    kept, best = [ranked[0]], scores[str(ranked[0])]
    for candidate in ranked[1:]:
        model.load_state_dict(average([states[d] for d in [*kept, candidate]]))
        score = accuracy(model, tokenizer, dev_rows, max_length)
        logger.info("soup of %d with %s: dev accuracy %.4f (best so far %.4f)", len(kept) + 1, candidate, score, best)
        if score >= best:
            kept, best = [*kept, candidate], score
    model.load_state_dict(average([states[d] for d in kept]))
    return model, tokenizer, {"runs": scores, "soup": best, "kept": [str(d) for d in kept]}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--models", type=Path, nargs="+", required=True, help="model folders of one warm start")
    parser.add_argument("--data", type=Path, default=Path("build/data"), help="its dev.jsonl ranks the runs")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--max-length", type=int, default=256)
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    dev_rows = read_jsonl(args.data / "dev.jsonl")
    model, tokenizer, report = greedy_soup(args.models, dev_rows, args.max_length, args.device)
    model.half().save_pretrained(args.out)  # fp16, as the bundled model is stored
    tokenizer.save_pretrained(args.out)
    (args.out / "soup.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
