"""The guard the Guardrails server serves (``guardrails-api start --config examples/guardrails_server/config.py``).

An ``AsyncGuard``, built once when a worker imports this file: the server serves it as it is, so
each worker loads the model once. (A plain ``Guard`` here would be rebuilt from its dict form for
every chat-completions request, loading the model again each time.)
"""

from guardrails import AsyncGuard

from validator import ProvenanceNLI

guard = AsyncGuard(id="provenance", name="provenance").use(ProvenanceNLI(on_fail="fix"))
