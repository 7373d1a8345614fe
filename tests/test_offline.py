"""Nothing reaches the network: post-install, import and validate, in a fresh process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import OUTSIDE_SOCKET_AUDIT

from validator.offline import disable_guardrails_metrics

ROOT = Path(__file__).resolve().parents[1]
READY = "offline: bundled model and embedder ready (guardrails telemetry off, nothing downloaded at import)"

AUDITED_USER_SESSION = (
    OUTSIDE_SOCKET_AUDIT
    + r"""
import json, runpy
sys.argv = ["post_install.py"]
runpy.run_path("post_install.py", run_name="__main__")
from guardrails import Guard
from validator import ProvenanceNLI
outcome = Guard().use(ProvenanceNLI(on_fail="fix")).validate(
    "The tower was completed in 1889. It is made of gold.",
    metadata={"sources": ["The tower was completed in 1889 and is made of wrought iron."]},
)
answers = iter(["It is made of gold.", "The tower was completed in 1889."])
def llm(*, messages, **kwargs):  # an app's own model, on this machine
    return next(answers)
reasked = Guard().use(ProvenanceNLI(on_fail="reask"))(
    llm_api=llm,
    messages=[{"role": "user", "content": "When was the tower completed?"}],
    num_reasks=1,
    metadata={"sources": ["The tower was completed in 1889 and is made of wrought iron."]},
)
print("RESULT " + json.dumps({"attempts": attempts, "output": outcome.validated_output,
      "reasked": reasked.validated_output, "litellm": "litellm" in sys.modules}))
"""
)


@pytest.mark.slow
def test_post_install_import_and_validate_open_no_outside_socket(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "TRANSFORMERS_", "NLTK_", "LITELLM_"))}
    env["HOME"] = str(tmp_path)  # a user who never configured guardrails
    result = subprocess.run(
        [sys.executable, "-c", AUDITED_USER_SESSION], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.split("RESULT ", 1)[1])
    assert report["attempts"] == []
    assert "Loading weights" not in result.stderr and "it/s]" not in result.stderr  # no progress bars
    assert report["output"].startswith("The tower was completed in 1889.")
    assert report["litellm"] and report["reasked"] == "The tower was completed in 1889."  # the reask path ran
    assert "enable_metrics=false" in (tmp_path / ".guardrailsrc").read_text()


def test_post_install_is_idempotent_and_respects_the_users_choice(tmp_path: Path) -> None:
    rc = tmp_path / ".guardrailsrc"
    disable_guardrails_metrics(rc)
    assert "already set" in disable_guardrails_metrics(rc)  # its own line, not "the user's"
    assert rc.read_text().count("enable_metrics=false") == 1
    rc.write_text("id=abc\nenable_metrics=true\n")
    assert "left as the user set it" in disable_guardrails_metrics(rc)
    assert rc.read_text() == "id=abc\nenable_metrics=true\n"


@pytest.mark.slow
def test_the_hub_cards_post_install_command_runs_the_same_step_offline(tmp_path: Path) -> None:
    """``python -m guardrails_ai.provenance_nli.post_install``, as the hub card tells users, from
    outside the checkout: the same step (the rc file written, both models load), no outside socket,
    and guardrails not imported before punkt is marked present."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "TRANSFORMERS_", "NLTK_", "LITELLM_"))}
    env["HOME"] = str(tmp_path)
    script = OUTSIDE_SOCKET_AUDIT + (
        "import json, runpy\n"
        "runpy.run_module('guardrails_ai.provenance_nli.post_install', run_name='__main__')\n"
        "print('RESULT ' + json.dumps({'attempts': attempts}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert json.loads(result.stdout.split("RESULT ", 1)[1])["attempts"] == []
    said = result.stdout.split("RESULT ", 1)[0].strip().splitlines()
    assert said == [
        "offline: bundled model and embedder ready (guardrails telemetry off, nothing downloaded at import)"
    ]
    assert "enable_metrics=false" in (tmp_path / ".guardrailsrc").read_text()


@pytest.mark.slow
def test_post_install_says_one_thing_unless_asked_for_each_step(tmp_path: Path) -> None:
    """A new user sees whether the check is ready, not "punkt: placeholder written" and "no hub model
    configured" unexplained; ``--verbose`` shows each step."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "TRANSFORMERS_", "NLTK_", "LITELLM_"))}
    env["HOME"] = str(tmp_path)
    quiet = subprocess.run(
        [sys.executable, "post_install.py"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert quiet.returncode == 0, quiet.stderr[-3000:]
    assert quiet.stdout.splitlines() == [READY]
    assert "Loading weights" not in quiet.stderr
    verbose = subprocess.run(
        [sys.executable, "post_install.py", "--verbose"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert "enable_metrics=false" in verbose.stdout and "NLI model loads" in verbose.stdout
    assert verbose.stdout.splitlines()[-1].startswith("offline: bundled model and embedder ready")
