"""Make a fresh install quiet on the network: the steps ``post_install.py`` runs.

Two things in guardrails reach out on their own: ``import guardrails`` calls
``nltk.download("punkt")`` when ``nltk.data.find("tokenizers/punkt")`` fails, and hub
telemetry exports traces unless ``~/.guardrailsrc`` says ``enable_metrics=false``. This
validator uses neither (its splitter ships with pysbd), so it marks the first as present
and switches the second off — only where the user has not said otherwise.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

PUNKT_MARKER_NOTE = (
    "Placeholder written by provenance-nli's post-install step. guardrails checks for\n"
    "nltk's legacy 'punkt' resource at import time and downloads it when missing.\n"
    "provenance-nli splits sentences with pysbd and never reads this folder; modern nltk\n"
    "reads 'punkt_tab' instead. Delete this folder to restore the download.\n"
)


def guardrailsrc_path() -> Path:
    return Path(os.path.expanduser("~")) / ".guardrailsrc"


def disable_guardrails_metrics(rc_path: Path | None = None) -> str:
    """Add ``enable_metrics=false`` to ``~/.guardrailsrc`` unless the file already sets it."""
    rc_path = rc_path or guardrailsrc_path()
    lines = rc_path.read_text(encoding="utf-8").splitlines() if rc_path.exists() else []
    setting = next((line for line in lines if line.split("=", 1)[0].strip() in ("enable_metrics", "no_metrics")), None)
    if setting is not None:
        already = setting.replace(" ", "") == "enable_metrics=false"
        return (
            f"{rc_path}: {'enable_metrics=false already set' if already else 'metrics setting left as the user set it'}"
        )
    rc_path.write_text("\n".join([*lines, "enable_metrics=false"]) + "\n", encoding="utf-8")
    return f"{rc_path}: enable_metrics=false written"


def mark_punkt_present(nltk_data_dir: Path | None = None) -> str:
    """Satisfy guardrails' import-time punkt check inside this environment, without a download."""
    import nltk

    try:
        nltk.data.find("tokenizers/punkt")
        return "nltk punkt already present"
    except LookupError:
        pass
    target = (nltk_data_dir or Path(sys.prefix) / "nltk_data") / "tokenizers" / "punkt"
    target.mkdir(parents=True, exist_ok=True)
    (target / "README.provenance-nli").write_text(PUNKT_MARKER_NOTE, encoding="utf-8")
    return f"{target}: placeholder written"


def prefetch_hub_model(model_name: str | None) -> str:
    """Download ``model_name`` from the hub only when it is a hub id and the hub is allowed."""
    if not model_name or Path(model_name).exists():
        return "no hub model configured"
    if os.environ.get("HF_HUB_OFFLINE", "").lower() in ("1", "true", "yes"):
        return f"HF_HUB_OFFLINE is set: {model_name} not fetched"
    from huggingface_hub import snapshot_download
    from huggingface_hub.errors import HfHubHTTPError, LocalEntryNotFoundError

    try:
        return f"fetched {model_name} to {snapshot_download(model_name)}"
    except (HfHubHTTPError, LocalEntryNotFoundError, OSError) as error:
        return f"could not fetch {model_name} (offline?): {error}"
