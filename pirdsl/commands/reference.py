"""`pirdsl reference`: write a rules file's rule summary and reference card (Markdown, HTML or PDF)."""

from __future__ import annotations

import argparse
import sys

from pirdsl.commands.common import (
    add_param_option, with_params,
    CommandError, EXIT_OK, ENGINE_MODULES, load_rules, checked_variants, example_runner, error_line,
    check_output, write_output, add_quiet_option,
)

REFERENCE_SUFFIXES = {"summary": "summary", "card": "card", "both": "reference", "changes": "changes"}


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare `reference` and its options."""
    reference = commands.add_parser("reference", help="write a rule summary and reference card from a rules file")
    reference.add_argument("file", metavar="FILE")
    add_quiet_option(reference)
    reference.add_argument("--kind", choices=("summary", "card", "both", "changes"), default="both",
                           help="default both; 'changes': only what a variant file changes in its base game")
    reference.add_argument("--format", choices=("html", "md", "pdf"), default="md", help="default md")
    reference.add_argument(
        "-o", "--output", metavar="OUT",
        help="output file ('-' for standard output); default: standard output for md, "
        "else a file named after the game",
    )
    reference.add_argument(
        "--variant", action="append", default=[], metavar="NAME", help="mark a variant as in play (repeatable)"
    )
    add_param_option(reference)
    reference.add_argument("--paper", choices=("a4", "letter"), default="a4", help="page size (default a4)")
    reference.add_argument("--force", action="store_true", help="replace an output file even if it is read-only")
    reference.set_defaults(handler=run, engine_modules=ENGINE_MODULES)


def run(args: argparse.Namespace) -> int:
    """Write the rule summary and/or reference card of a rules file (Markdown, HTML or PDF)."""
    import codegen
    from interpreter import GameRuleError

    game = with_params(load_rules(args.file, quiet=args.quiet), args.param)
    variants = checked_variants(game, args.variant)
    if args.kind == "changes" and not game.file.bases:
        raise CommandError(f"{args.file} is not a variant file (it extends no game), so it changes nothing; "
                           "write --kind summary, card or both")
    if args.format == "pdf" and not codegen.weasyprint_available():
        raise CommandError("PDF output needs WeasyPrint and its system libraries: pip install -e '.[pdf]'")
    output = args.output
    if output is None and args.format != "md":
        slug = "".join(c if c.isalnum() else "_" for c in game.name.lower()).strip("_") or "game"
        output = f"{slug}.{REFERENCE_SUFFIXES[args.kind]}.{args.format}"
    if output is None or output == "-":
        if args.format == "pdf":
            raise CommandError("PDF output cannot go to the terminal; give -o FILE")
    else:
        check_output(output, [args.file], args.force)  # before the examples are run and the pages made
    try:
        results = {result.name: result.passed for result in example_runner()(game)}
    except GameRuleError as error:
        error_line(f"pirdsl: note: the worked examples could not be run: {error}")
        results = {}
    from pirdsl.start import starting_placements

    reference = codegen.build_reference(game.file, game.source, variants, results,
                                        starts=starting_placements(game, variants), params=game.param_values)
    if args.format == "md":
        content: str | bytes = codegen.render_markdown(reference, args.kind)
        pages = None
    elif args.format == "html":
        content, pages = codegen.render_html(reference, args.kind, args.paper), None
    else:
        content, pages = codegen.render_pdf(reference, args.kind, args.paper)
    if output is None or output == "-":
        sys.stdout.write(content)
        return EXIT_OK
    write_output(output, content, [args.file], args.force)
    detail = f", {pages} page{'s' if pages != 1 else ''}, {args.paper}" if pages is not None else ""
    print(f"wrote {output} ({args.kind}, {args.format}{detail})")
    return EXIT_OK
