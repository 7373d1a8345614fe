"""Earlier bundled models, read out of git history: the "old" columns of ``training.evaluate``.

They are not all shipped any more, but every clone of the repository holds them, so the
comparisons stay reproducible without a model hub: ``make eval-model`` compares the bundled model
with 0.2.0, ``make train-model`` its candidate with 0.3.0 (the bundled weights it starts from).
"""

from __future__ import annotations

import argparse
import io
import subprocess
import tarfile
from pathlib import Path

RELEASES = {"0.2.0": "72ba27a", "0.3.0": "d04c907"}  # the commit that last bundled each model
MODEL_PATH = "validator/models/provenance-nli-minilm-l6"


def export_release(release: str, out_dir: Path | None = None) -> Path:
    """Write the model folder of ``release`` to ``out_dir`` (default ``build/model-<release>``) once."""
    out_dir = out_dir or Path(f"build/model-{release}")
    if (out_dir / "model.safetensors").exists():
        return out_dir
    archive = subprocess.run(
        ["git", "archive", "--format=tar", RELEASES[release], MODEL_PATH], check=True, capture_output=True
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
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("release", choices=sorted(RELEASES))
    print(export_release(parser.parse_args().release))
