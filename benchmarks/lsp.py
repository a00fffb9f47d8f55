"""How long the language server takes to send diagnostics after an edit (issue 31 asks for 150 ms).

A real session: pygls's client starts `pirdsl lsp` over stdio, opens
games/mysterious_islands.pir, then makes `--edits` edits of each of three sorts,
each undone by the next so the file stays valid: a word typed within a line in the
middle of the file (the lines stay where they were), a line added at the end, and
a line added in the middle (every declaration below it moves). Each is timed from
the change sent to its diagnostics received; prints the median and the slowest of
each sort, and the time a whole parse and a check of the file take in this process,
for comparison. Not a timed test: the figure depends on the machine.

    python benchmarks/lsp.py [--edits 20] [--file games/mysterious_islands.pir]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

ROOT = Path(__file__).resolve().parent.parent


def sorts_of_edit(text: str) -> dict[str, str]:
    """The edited text of each sort (the next edit puts the original back)."""
    lines = text.split("\n")
    middle = len(lines) // 2
    while not lines[middle].startswith("  ") or "#" in lines[middle]:
        middle += 1
    indent = len(lines[middle]) - len(lines[middle].lstrip())
    within = lines[:middle] + [lines[middle][:indent] + lines[middle][indent:] + "  "] + lines[middle + 1:]
    return {
        "within a line": "\n".join(within),
        "a line at the end": text + "\n",
        "a line in the middle": "\n".join(lines[:middle] + [""] + lines[middle:]),
    }


async def measure(path: Path, edits: int) -> dict[str, list[float]]:
    client = LanguageClient("pirdsl-benchmark", "1")
    arrived: asyncio.Queue = asyncio.Queue()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: types.PublishDiagnosticsParams) -> None:
        arrived.put_nowait((time.perf_counter(), params))

    await client.start_io(sys.executable, "-c", "from pirdsl.cli import entry; entry()", "lsp")
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    client.initialized(types.InitializedParams())
    uri = from_fs_path(str(path))
    text = path.read_text(encoding="utf-8")
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="pirdsl", version=1, text=text)))
    await arrived.get()  # the first check loads the parser's tables: not counted
    times: dict[str, list[float]] = {}
    version = 1
    for sort, edited in sorts_of_edit(text).items():
        for count in range(edits):
            version += 1
            sent = time.perf_counter()
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(
                    text=edited if count % 2 == 0 else text)]))
            received, params = await arrived.get()
            if params.diagnostics:
                raise SystemExit(f"unexpected diagnostics: {params.diagnostics[0].message}")
            times.setdefault(sort, []).append(received - sent)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return times


def in_process(path: Path) -> tuple[float, float]:
    """The parser's and the checker's time for the file here (median of 5, after a warm-up)."""
    from dsl.check import check_game
    from dsl.extends import read_rules

    text = path.read_text(encoding="utf-8")
    parse, check = [], []
    for _ in range(6):
        start = time.perf_counter()
        game_file, source, _ = read_rules(text, str(path))
        middle = time.perf_counter()
        check_game(game_file, source)
        parse.append(middle - start)
        check.append(time.perf_counter() - middle)
    return statistics.median(parse[1:]), statistics.median(check[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--file", default=str(ROOT / "games" / "mysterious_islands.pir"))
    args = parser.parse_args()
    path = Path(args.file).resolve()
    times = asyncio.run(measure(path, args.edits))
    parse, check = in_process(path)
    every = [time for sort in times.values() for time in sort]
    print(f"{path.name}: diagnostics {statistics.median(every) * 1000:.0f} ms after an edit (median of {len(every)})")
    for sort, found in times.items():
        print(f"  {sort}: median {statistics.median(found) * 1000:.0f} ms, slowest {max(found) * 1000:.0f} ms")
    print(f"  in this process: a whole parse {parse * 1000:.0f} ms, a check {check * 1000:.0f} ms")

if __name__ == "__main__":
    main()
