"""An AsyncGuard under load: the event loop's longest stall, and 8 concurrent checks against 8 in a row.

Eight answers of 16 sentences each (every one scored by the model) against the same sources,
checked by one ``AsyncGuard().use(ProvenanceNLI())``: once one after another, once all at once
with ``asyncio.gather``, while a ticker coroutine that wakes every 5 ms records the longest gap
between its ticks. guardrails runs a validator on the loop's executor, so the checks share the
model from several threads and the loop only waits for the GIL.

    python benchmarks/bench_async.py
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

os.environ.setdefault("HF_HUB_OFFLINE", "1")
from guardrails import AsyncGuard

from validator import ProvenanceNLI

SOURCES = [
    "The Eiffel Tower is a wrought-iron lattice tower in Paris, France. It was completed in 1889 "
    "and is 330 metres tall.",
    "Mount Everest, at 8,849 metres, is the highest mountain above sea level.",
]
T = TypeVar("T")
ANSWERS = [" ".join(f"The Eiffel Tower was painted in {1900 + 20 * i + j}." for j in range(16)) for i in range(8)]


async def timed(work: Callable[[], Awaitable[T]]) -> tuple[T, float, float]:
    """What ``work`` returned, the seconds it took, and the longest gap between ticks of the loop
    meanwhile (``tests/test_async.py`` measures with this too)."""
    gaps: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        last = time.perf_counter()
        while not done.is_set():
            await asyncio.sleep(0.005)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    ticking = asyncio.create_task(ticker())
    start = time.perf_counter()
    result = await work()
    elapsed = time.perf_counter() - start
    done.set()
    await ticking
    return result, elapsed, max(gaps)


async def main() -> None:
    guard = AsyncGuard().use(ProvenanceNLI(on_fail="noop"))
    metadata = {"sources": SOURCES}
    await guard.validate(ANSWERS[0], metadata=metadata)  # the model and the index are warm

    async def in_a_row() -> None:
        for answer in ANSWERS:
            await guard.validate(answer, metadata=metadata)

    async def at_once() -> None:
        await asyncio.gather(*(guard.validate(answer, metadata=metadata) for answer in ANSWERS))

    print("| 8 checks of 16 sentences | seconds | answers/s | longest loop stall |\n|---|---|---|---|")
    for name, work in (("one after another", in_a_row), ("all at once (asyncio.gather)", at_once)):
        _, elapsed, stall = await timed(work)
        print(f"| {name} | {elapsed:.2f} | {len(ANSWERS) / elapsed:.2f} | {1000 * stall:.0f} ms |")


if __name__ == "__main__":
    asyncio.run(main())
