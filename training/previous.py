"""The 0.2.0 bundled model, read out of git history: the warm start of training and the "old"
column of ``make eval-model``.

It is not shipped any more, but every clone of the repository holds it, so both uses stay
reproducible without a model hub.
"""

from __future__ import annotations

import io
import subprocess
import tarfile
from pathlib import Path

PREVIOUS_COMMIT = "72ba27a"  # the last commit of release 0.2.0
MODEL_PATH = "validator/models/provenance-nli-minilm-l6"


def export_previous_model(out_dir: Path = Path("build/previous-model")) -> Path:
    """Write the 0.2.0 model folder to ``out_dir`` once, and return it."""
    if (out_dir / "model.safetensors").exists():
        return out_dir
    archive = subprocess.run(
        ["git", "archive", "--format=tar", PREVIOUS_COMMIT, MODEL_PATH], check=True, capture_output=True
    ).stdout
    out_dir.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            if member.isfile():
                extracted = tar.extractfile(member)
                assert extracted is not None
                (out_dir / Path(member.name).name).write_bytes(extracted.read())
    return out_dir


if __name__ == "__main__":
    print(export_previous_model())
