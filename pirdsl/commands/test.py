"""`pirdsl test`: run the worked examples written in rules files."""

from __future__ import annotations

import argparse

from pirdsl.commands.common import (
    CommandError, EXIT_OK, EXIT_FAILURE, ENGINE_MODULES, load_rules, example_runner, error_line,
    add_quiet_option, add_param_option, with_params,
)


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare `test` and its options."""
    test = commands.add_parser("test", help="run the examples written in rules files")
    test.add_argument("files", nargs="+", metavar="FILE")
    add_quiet_option(test)
    add_param_option(test)
    test.set_defaults(handler=run, engine_modules=ENGINE_MODULES)


def run(args: argparse.Namespace) -> int:
    """Run the examples written in each rules file."""
    from interpreter import GameRuleError

    passed = failed = 0
    broken_files = 0
    for path in args.files:
        try:
            game = with_params(load_rules(path, quiet=args.quiet), args.param)
        except CommandError as error:
            error_line(error.render())
            broken_files += 1
            continue
        try:
            results = list(example_runner()(game))
        except GameRuleError as error:
            error_line(f"{path}: the rules failed while running the examples:\n{error}")
            broken_files += 1
            continue
        if not results:
            print(f"{path}: no examples")
        for result in results:
            base = getattr(result, "base", None)
            where = f"{path} (from {base})" if base else path
            if result.passed:
                passed += 1
                print(f"PASS {where}: {result.name}")
            else:
                failed += 1
                print(f"FAIL {where}: {result.name}")
                if result.message:
                    print("\n".join("    " + line for line in str(result.message).splitlines()))
                if base:
                    print(f"    this example is the base game's; where the variant changes what it shows, write "
                          f"'replace example \"{result.name}\":' with the new outcome, or "
                          f"'remove example \"{result.name}\"'")
    summary = f"{passed} passed, {failed} failed"
    if broken_files:
        summary += f" ({broken_files} file{'s' if broken_files > 1 else ''} could not be tested)"
    print(summary)
    return EXIT_FAILURE if failed or broken_files else EXIT_OK
