"""``python -m conquian``: see :mod:`conquian.cli`."""

import sys

from conquian.cli import main

sys.exit(main(prog="python -m conquian"))
