"""Run the command line as `python -m pirdsl`."""

from pirdsl.cli import entry

entry()
