"""The post-install step, from a checkout: ``python post_install.py`` (see :mod:`validator.post_install`)."""

from validator.post_install import main

if __name__ == "__main__":
    main()
