import sys

from validator.cli import main

sys.exit(main())
