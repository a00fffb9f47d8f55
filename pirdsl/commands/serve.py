"""`pirdsl serve`: host tables of games in the browser, each seat at its own device (pirdsl/web/)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from pirdsl.commands.common import CommandError, EXIT_OK, EXIT_USAGE, ENGINE_MODULES, add_quiet_option, load_rules

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DB_VARIABLE = "PIRDSL_SERVE_DB"


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare `serve` and its options."""
    serve = commands.add_parser("serve", help="play games in the browser: a page per seat, on this computer "
                                              "or (with --host) on the network")
    serve.add_argument("paths", nargs="+", metavar="FILE",
                       help="rules files to serve, or folders (every .pir file in them)")
    add_quiet_option(serve)
    serve.add_argument("--host", default=DEFAULT_HOST,
                       help=f"address to listen on (default {DEFAULT_HOST}: this computer only; "
                            "0.0.0.0 lets every computer that can reach this one open the pages)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    serve.add_argument("--db", metavar="FILE",
                       help=f"the SQLite file that keeps the tables (default: ${DB_VARIABLE}, else "
                            "tables.sqlite3 in pirdsl's data folder)")
    serve.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS",
                       help="pause after each bot move, so that people can follow it (default 0.6)")
    serve.set_defaults(handler=run, engine_modules=ENGINE_MODULES)


def rules_files(paths: list[str]) -> list[Path]:
    """The rules files named, folders opened to their .pir files (sorted)."""
    found: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            inside = sorted(path.glob("*.pir"))
            if not inside:
                raise CommandError(f"{text}: this folder holds no .pir rules file", EXIT_USAGE)
            found.extend(inside)
        else:
            found.append(path)
    return found


def default_db() -> Path:
    if os.environ.get(DB_VARIABLE):
        return Path(os.environ[DB_VARIABLE])
    import platformdirs

    return Path(platformdirs.user_data_dir("pirdsl")) / "tables.sqlite3"


def run(args: argparse.Namespace) -> int:
    """Load the games, resume the stored tables and serve them until stopped."""
    try:
        import uvicorn

        from pirdsl.web.app import Server, build_app
        from pirdsl.web.store import StoreError, TableStore
    except ImportError as error:
        raise CommandError(f"pirdsl serve needs the web extra ({error.name} is missing): "
                           "pip install 'pirdsl[web]'") from None
    if not 0 <= args.port <= 65535:
        raise CommandError(f"--port must be from 0 to 65535, not {args.port}", EXIT_USAGE)
    if args.bot_delay < 0 or args.bot_delay > 60:
        raise CommandError("--bot-delay must be from 0 to 60 seconds", EXIT_USAGE)
    games = {}
    for path in rules_files(args.paths):
        game = load_rules(str(path), quiet=args.quiet)
        key = path.stem
        while key in games:
            key += "_"
        games[key] = game
    db = Path(args.db) if args.db else default_db()
    try:
        store = TableStore(db)
    except StoreError as error:
        raise CommandError(str(error)) from None
    server = Server(games, store, bot_delay=args.bot_delay)
    app = build_app(server)
    shown_host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    base = f"http://{shown_host}:{args.port}"
    print(f"pirdsl serve: {len(games)} game(s): {', '.join(game.name for game in games.values())}")
    print(f"Tables are kept in {db}; {len(server.tables)} resumed"
          + (f", {len(server.unusable)} could not be" if server.unusable else ""))
    print(f"Open the host's page (keep this address to yourself): {base}/host/{server.host_secret}")
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"Listening on {args.host}: every computer that can reach this one on port {args.port} can open "
              "the pages; a seat's page needs its link, the host's page this address.", file=sys.stderr)
    sys.stdout.flush()
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=64 * 1024,
                ws_ping_interval=20.0, ws_ping_timeout=20.0)
    return EXIT_OK
