"""Run the command line as `python -m pirdsl`."""

import sys

from pirdsl.cli import main

sys.exit(main())
