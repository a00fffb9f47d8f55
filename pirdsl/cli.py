"""The `pirdsl` command line: builds the parser from the command modules and runs the one asked for.

Each command lives in its own module of `pirdsl.commands` (check, play,
serve, simulate, analyze, test, compare, perft, compile, reference, export, fmt, lsp), which declares its options
and runs it; what they share (loading rules, seats, output files, errors and
exit codes) is in `pirdsl.commands.common`. This module only wires them, and is
the last line of defence: no Python traceback reaches a user. Problems with the
input give the game's diagnostics or one `pirdsl: error: ...` line (exit 1),
bad options exit 2 like argparse's own usage errors, Ctrl-C exits 130 quietly,
SIGTERM and SIGHUP stop the command as Ctrl-C does (its worker processes with
it) and exit 143 and 129 with one line, and anything unexpected is reported in
one line as an internal error (exit 70). Set PIRDSL_DEBUG=1 to see the
traceback of an internal error.

The engine (`dsl`, `interpreter`) and the modules built on it are imported
when a command runs, not when this module (or a command's) is imported, so that
an engine that fails to import is reported in one line (exit 1) and `--help`
still works. Each command imports only what it needs: `check` of a file the
engine has loaded before answers from `interpreter.cache` without the parser,
the checker, the engine or rich (the terminal library), which saves most of its
start time.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from typing import Any, Sequence

from pirdsl.commands import analyze, check, compare, export, fmt, lsp, perft, play, reference, serve, simulate, test
from pirdsl.commands import compile as compile_command
from pirdsl.commands.common import (
    EXIT_BROKEN_PIPE, EXIT_FAILURE, EXIT_INTERNAL_ERROR, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, CommandError,
    error_line, import_engine,
)

# The commands in the order `pirdsl --help` lists them.
COMMANDS = (check, play, serve, simulate, analyze, test, compare, perft, compile_command, reference, export, fmt, lsp)

# SIGTERM and SIGHUP: the command unwinds as after Ctrl-C, then exits 128 + the signal's number.
STOPPING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


# --- argument parsing ------------------------------------------------------------------


def installed_version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version

        return version("pirdsl")
    except PackageNotFoundError:
        return "unknown (not installed)"


class VersionAction(argparse.Action):
    """`--version`: the installed version, looked up only when asked for (importlib.metadata is slow to load)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str = "show program's version number and exit") -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(f"pirdsl {installed_version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for all commands: each command's module adds its own."""
    parser = argparse.ArgumentParser(
        prog="pirdsl", description="Check, play, simulate and test tabletop games written in pirdsl."
    )
    parser.add_argument("--version", action=VersionAction)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(commands)
    return parser


# --- entry point -----------------------------------------------------------------------------


def run(argv: Sequence[str] | None) -> int:
    """Parse the arguments and run the command, turning expected failures into messages."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        import_engine(args.engine_modules)
        try:
            return args.handler(args)
        except Exception as error:
            if not is_game_rule_error(error):
                raise
            error_line(str(error))
            return EXIT_FAILURE
    except CommandError as error:
        error_line(error.render())
        return error.exit_code


def is_game_rule_error(error: Exception) -> bool:
    """Whether `error` is the engine's GameRuleError (never, when the engine's values were not even imported)."""
    values = sys.modules.get("interpreter.values")
    return values is not None and isinstance(error, values.GameRuleError)


class Stopped(BaseException):
    """SIGTERM or SIGHUP came: unwind as after Ctrl-C, so that what runs (worker processes) is stopped.

    A BaseException, as KeyboardInterrupt is, so that no `except Exception` on the way takes it for a failure.
    """

    def __init__(self, signal_number: int) -> None:
        super().__init__(signal_number)
        self.signal_number = signal_number


def stop_on_signals() -> None:
    """Make SIGTERM and SIGHUP raise `Stopped` in this process (the command's own, not its workers).

    Without this, Python dies of them at once, and a `simulate --jobs N`'s workers live on
    (their parent gone, playing to the end). The handler is one-shot: a second signal while
    the command unwinds is ignored, so that stopping the workers is not itself cut short.
    A forked process (a `simulate` worker) gets the default back at once, in the fork
    itself: a Python handler runs only between bytecodes, so a child stuck in C code
    could not be stopped by its parent's SIGTERM. Should it still run the handler, it
    dies of the signal as it would have without one. A signal this process was started
    ignoring (`nohup` ignores SIGHUP) stays ignored.
    """
    owner = os.getpid()

    def stop(signal_number: int, frame: Any) -> None:
        if os.getpid() != owner:
            signal.signal(signal_number, signal.SIG_DFL)
            os.kill(os.getpid(), signal_number)
            return
        for number in STOPPING_SIGNALS:
            signal.signal(number, signal.SIG_IGN)
        raise Stopped(signal_number)

    handled = [number for number in STOPPING_SIGNALS if signal.getsignal(number) == signal.SIG_DFL]
    for number in handled:
        signal.signal(number, stop)

    def default_in_child() -> None:
        for number in handled:
            signal.signal(number, signal.SIG_DFL)

    os.register_at_fork(after_in_child=default_in_child)


def main(argv: Sequence[str] | None = None) -> int:
    """Run `pirdsl` with `argv` (default: the process arguments) and return the exit code."""
    try:
        return run(argv)
    except SystemExit as exit_request:  # argparse: --help, --version, usage errors
        code = exit_request.code
        return code if isinstance(code, int) else (EXIT_OK if code is None else EXIT_FAILURE)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except Stopped as stop:
        try:
            error_line(f"pirdsl: stopped by {signal.Signals(stop.signal_number).name}")
        except (OSError, ValueError):  # SIGHUP: the terminal may be gone
            pass
        return 128 + stop.signal_number
    except BrokenPipeError:
        silence_stdout()
        return EXIT_BROKEN_PIPE
    except MemoryError:
        error_line("pirdsl: error: out of memory (the rules or the input ask for more than this computer has)")
        return EXIT_FAILURE
    except Exception as error:  # noqa: BLE001 - the last line of defence against tracebacks
        if os.environ.get("PIRDSL_DEBUG"):
            raise
        detail = " ".join(str(error).split())[:300]
        error_line(
            f"pirdsl: internal error: {type(error).__name__}: {detail} "
            "(please report this with the command you ran; PIRDSL_DEBUG=1 shows details)"
        )
        return EXIT_INTERNAL_ERROR


def entry() -> None:
    """The `pirdsl` command and `python -m pirdsl`: `main`, then exit with its code.

    After Ctrl-C (or SIGTERM, SIGHUP) the process ends at once, without Python's exit hooks:
    they wait for helper threads, and a process pool's thread whose workers were stopped in
    the middle of sending a result can wait forever, or race the hook and print a traceback.
    The person asked to stop; what was written is flushed first.
    """
    stop_on_signals()
    code = main()
    if code in (EXIT_INTERRUPTED, *(128 + number for number in STOPPING_SIGNALS)):
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(code)
    sys.exit(code)


def silence_stdout() -> None:
    """After the reader of our output went away, stop Python complaining at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    entry()
