"""Scoring on a remote endpoint (``ProvenanceNLI(use_local=False, validation_endpoint=URL)``).

Retrieval, verdicts and the tokenizer-based length checks stay in the app; only the
(premise, hypothesis) pairs travel, in batches, as KServe v2 JSON (:mod:`validator.scorers.protocol`).
Every way the call can go wrong (timeout, refused connection, non-2xx status, malformed
body) raises :class:`ModelUnavailable`, which the validator turns into a failing result:
a check that did not run never passes. A guardrails hub token is only ever sent to the hub.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlparse

import numpy as np
import requests

from validator import defaults
from validator.errors import InvalidInput, ModelUnavailable
from validator.scorers.base import ModelSettings, PairScorer
from validator.scorers.protocol import decode_response, encode_request


def hub_token_for(url: str) -> str | None:
    """The guardrails hub token, if ``url`` is on the hub's own host over HTTPS; else None."""
    from guardrails.hub_token.token import VALIDATOR_HUB_SERVICE, get_jwt_token
    from guardrails.settings import settings

    target, hub = urlparse(url), urlparse(VALIDATOR_HUB_SERVICE)
    if target.scheme != "https" or not target.hostname or target.hostname != hub.hostname:
        return None
    return get_jwt_token(settings.rc)


class RemoteScorer(PairScorer):
    """Sends pairs to a scoring endpoint and reads calibrated probabilities back.

    Args:
        endpoint: The URL that takes KServe v2 requests, e.g. the Ray Serve app's
            ``http://host:8000/validate``.
        model_name: The model the endpoint serves, read locally for its tokenizer and
            thresholds. Defaults to the bundled model (what the serving app loads).
        max_length: Tokens per model input (for the local hypothesis-length check).
        timeout: Seconds to wait for each request.
        pairs_per_request: Pairs sent in one request; larger inputs are split.
        token: A bearer token to send. Defaults to the guardrails hub token, for the hub only.
    """

    def __init__(
        self,
        endpoint: str,
        model_name: str | None = None,
        *,
        max_length: int = defaults.MAX_LENGTH,
        timeout: float = defaults.REMOTE_TIMEOUT_S,
        pairs_per_request: int = defaults.REMOTE_PAIRS_PER_REQUEST,
        token: str | None = None,
        settings_file: str | None = None,
    ) -> None:
        super().__init__(model_name, max_length=max_length, settings_file=settings_file)
        if (
            settings_file is not None
            and self.settings.temperature != ModelSettings.for_model(self.model_name).temperature
        ):
            raise InvalidInput(
                f"settings file {settings_file}: its temperature applies to local scoring only; the endpoint "
                "returns probabilities at the temperature of the model folder it serves"
            )
        parsed = urlparse(endpoint) if isinstance(endpoint, str) else None
        if parsed is None or parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise InvalidInput(f"the scoring endpoint must be an http(s) URL, got {endpoint!r}")
        if timeout <= 0 or pairs_per_request < 1:
            raise InvalidInput(f"need timeout > 0 and pairs_per_request >= 1, got {timeout!r}, {pairs_per_request!r}")
        self.endpoint = endpoint
        self.timeout = timeout
        self.pairs_per_request = pairs_per_request
        self._token = token
        self._session = requests.Session()

    def _headers(self) -> dict[str, str]:
        token = self._token or hub_token_for(self.endpoint)
        return {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}

    def score(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """Probabilities of shape ``(len(pairs), 3)``, from as many requests as needed.

        Raises:
            ModelUnavailable: The endpoint timed out, refused, answered with an error
                status, or sent a body that is not a valid response for these pairs.
        """
        parts = [np.zeros((0, 3), dtype=np.float32)]
        for start in range(0, len(pairs), self.pairs_per_request):
            batch = list(pairs[start : start + self.pairs_per_request])
            parts.append(decode_response(self._post(encode_request(batch)), len(batch)))
        return np.concatenate(parts)

    def _post(self, body: dict) -> object:
        try:
            response = self._session.post(self.endpoint, json=body, headers=self._headers(), timeout=self.timeout)
        except requests.Timeout as error:
            raise ModelUnavailable(f"scoring endpoint {self.endpoint} timed out after {self.timeout} s") from error
        except requests.RequestException as error:
            raise ModelUnavailable(f"could not reach scoring endpoint {self.endpoint}: {error}") from error
        if not response.ok:
            raise ModelUnavailable(
                f"scoring endpoint {self.endpoint} answered HTTP {response.status_code}: {response.text[:300]}"
            )
        try:
            return response.json()
        except ValueError as error:
            raise ModelUnavailable(f"scoring endpoint {self.endpoint} sent a body that is not JSON") from error
