"""The post-install step under the hub's import path: ``python -m guardrails_ai.provenance_nli.post_install``
(see :mod:`validator.post_install`)."""

from validator.post_install import main

if __name__ == "__main__":
    main()
