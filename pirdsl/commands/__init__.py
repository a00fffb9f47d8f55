"""The `pirdsl` commands, one module each; `common` holds what they share, `pirdsl.cli` wires them.

Each command module declares its options (`add_parser`) and runs the command
(`run`). A module imports the engine inside `run`, never at its top, so that
the command line parses its options (and `--help` works) without the engine,
and `check` answering from the cache pays for none of it.
"""
