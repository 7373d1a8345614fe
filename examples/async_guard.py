"""ProvenanceNLI in an async app: an AsyncGuard checks answers while the event loop keeps serving.

python examples/async_guard.py
"""

import asyncio

from guardrails import AsyncGuard

from validator import ProvenanceNLI

SOURCES = ["The Eiffel Tower in Paris was completed in 1889. It is 330 metres tall."]


async def main() -> None:
    guard = AsyncGuard().use(ProvenanceNLI(on_fail="fix"))
    answers = ["The Eiffel Tower was completed in 1889.", "The Eiffel Tower was completed in 1925. It is in Paris."]
    outcomes = await asyncio.gather(*(guard.validate(a, metadata={"sources": SOURCES}) for a in answers))
    for answer, outcome in zip(answers, outcomes, strict=True):
        print(f"{answer!r} -> {outcome.validated_output!r}")


asyncio.run(main())
