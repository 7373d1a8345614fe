"""Stream an LLM's answer through a Guard: each sentence is checked as soon as it is complete.

python examples/streaming.py

The "LLM" here is a generator of chunks, cut as a tokenizer cuts text (a decimal arrives as "1",
".", "9"); a real app passes its LLM call as ``llm_api`` the same way. Each outcome the stream
yields says what happened to the text released since the last one:

- under ``fix``, one outcome per checked sentence: ``validated_output`` is what to show the user
  (a failing sentence is left out, a sentence whose "It" a cut would move is written as it was
  read or cut too), ``validation_passed`` False where something was cut;
- under ``noop``, guardrails passes each chunk on as it comes, before its sentence is complete;
  ``validation_passed`` turns False once a sentence fails and stays so, and the last outcome's is
  what ``validate`` says of the whole answer;
- under ``exception``, chunks come as under ``noop`` until a sentence fails, then the stream raises
  ``ValidationError``: stop showing the answer there.

``refrain`` and ``filter`` do not work with guardrails' stream runner and are refused.
"""

import re
from collections.abc import Iterator

from guardrails import Guard
from guardrails.errors import ValidationError

from validator import ProvenanceNLI

SOURCES = ["Acme's revenue was 1.9 billion dollars in 2024. It employs 300 people. It was founded in 1998 in Leeds."]
ANSWER = "Acme's revenue was 1.9 billion dollars in 2024. It was founded in 1998 in York. It employs 300 people."


def llm(*, messages: list[dict], **_: object) -> Iterator[str]:
    """A stand-in LLM: the answer as tokens, each with the space before it."""
    return iter(re.findall(r"\s*\d|\s*[A-Za-z']+|\s*[^\sA-Za-z\d]", ANSWER))


def stream(on_fail: str) -> None:
    guard = Guard().use(ProvenanceNLI(on_fail=on_fail))  # type: ignore[arg-type]
    messages = [{"role": "user", "content": "Tell me about Acme."}]
    shown, passed = "", True
    try:
        for outcome in guard(llm_api=llm, messages=messages, stream=True, metadata={"sources": SOURCES}):
            piece = str(outcome.validated_output or "")  # type: ignore[union-attr]
            shown, passed = shown + piece, bool(outcome.validation_passed)  # type: ignore[union-attr]
            if on_fail == "fix" and piece:
                print(f"{on_fail}: passed={passed} {piece!r}")
    except ValidationError as error:
        print(f"{on_fail}: stopped after {shown!r}: {str(error).splitlines()[1]}")
        return
    print(f"{on_fail}: shown {shown!r}, last outcome passed={passed}")


for on_fail in ("fix", "noop", "exception"):
    stream(on_fail)
