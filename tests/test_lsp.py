"""The language server (`pirdsl lsp`), driven through a real session: pygls's client
starts the server as an editor would, over its standard input and output, and asks it
what an author would. Skipped without pygls (the `lsp` extra)."""

from __future__ import annotations

import asyncio
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from lsprotocol import types  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

GAME = textwrap.dedent('''\
    game "Coins":
      players 2 to 2

    var gold per player = 0

    #: {p} takes a coin
    rule take_coin(p):
      p.gold += 1

    play:
      rounds until round_number == 3:
        for each p in players:
          take_coin(p)

    score p: p.gold
    ''')


class Session:
    """A client talking to `pirdsl lsp` in a child process, remembering the diagnostics it is sent."""

    def __init__(self) -> None:
        self.client = LanguageClient("pirdsl-test", "1")
        self.diagnostics: dict[str, list[types.Diagnostic]] = {}
        self.arrived = asyncio.Event()

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            self.diagnostics[params.uri] = params.diagnostics
            self.arrived.set()

    async def start(self) -> None:
        await self.client.start_io(sys.executable, "-c", "from pirdsl.cli import entry; entry()", "lsp")
        await self.client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(), root_uri=from_fs_path(str(ROOT))))
        self.client.initialized(types.InitializedParams())

    async def diagnostics_for(self, uri: str, timeout: float = 30) -> list[types.Diagnostic]:
        async def wait():
            while uri not in self.diagnostics:
                self.arrived.clear()
                await self.arrived.wait()
            return self.diagnostics[uri]
        return await asyncio.wait_for(wait(), timeout)

    async def open(self, path: Path, text: str) -> str:
        uri = from_fs_path(str(path))
        self.diagnostics.pop(uri, None)
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="pirdsl", version=1, text=text)))
        return uri

    async def change(self, uri: str, text: str, version: int = 2) -> None:
        self.diagnostics.pop(uri, None)
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


def position(text: str, word: str, occurrence: int = 0, offset: int = 1) -> types.Position:
    """The position inside the n-th occurrence of a word in a text."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(word, index + 1)
    line = text.count("\n", 0, index)
    column = index - (text.rfind("\n", 0, index) + 1)
    return types.Position(line=line, character=column + offset)


def run_session(body) -> None:
    async def main():
        session = Session()
        await session.start()
        try:
            await body(session)
        finally:
            await session.stop()
    asyncio.run(main())


def test_a_session_diagnoses_hovers_jumps_completes_renames_and_fixes(tmp_path) -> None:
    path = tmp_path / "coins.pir"
    path.write_text(GAME, encoding="utf-8")

    async def body(session: Session) -> None:
        client = session.client
        uri = await session.open(path, GAME)
        # Opened, the file is checked as `pirdsl check` checks it: the wording lint finds "{p} takes".
        [wording] = await session.diagnostics_for(uri)
        assert "'P takes'" in wording.message and wording.severity == types.DiagnosticSeverity.Warning
        document = types.TextDocumentIdentifier(uri=uri)

        # As you type: an error with its hint, and a quick fix that puts the hint's word in.
        slip = GAME.replace("rounds until round_number", "rounds untill round_number")
        await session.change(uri, slip)
        [error] = [d for d in await session.diagnostics_for(uri) if d.severity == types.DiagnosticSeverity.Error]
        assert "did you mean 'until'?" in error.message
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=document, range=error.range,
            context=types.CodeActionContext(diagnostics=[error])))
        [fix] = actions
        [edit] = fix.edit.changes[uri]
        assert edit.new_text == "until"
        await session.change(uri, GAME, version=3)
        assert list(await session.diagnostics_for(uri)) == []

        # Hover: a declared rule (its line and what the printed rules say), a built-in, a keyword.
        hover = await client.text_document_hover_async(types.HoverParams(
            text_document=document, position=position(GAME, "take_coin", 1)))
        assert "rule take_coin(p):" in hover.contents.value
        assert "{p} takes a coin" in hover.contents.value and "You gain 1 gold" in hover.contents.value
        hover = await client.text_document_hover_async(types.HoverParams(
            text_document=document, position=position(GAME, "round_number")))
        assert "round" in hover.contents.value
        hover = await client.text_document_hover_async(types.HoverParams(
            text_document=document, position=position(GAME, "rounds")))
        assert "rounds" in hover.contents.value

        # Go to definition and find references.
        found = await client.text_document_definition_async(types.DefinitionParams(
            text_document=document, position=position(GAME, "take_coin", 1)))
        assert found.range.start.line == GAME[:GAME.index("rule take_coin")].count("\n")
        found = await client.text_document_references_async(types.ReferenceParams(
            text_document=document, position=position(GAME, "gold"),
            context=types.ReferenceContext(include_declaration=True)))
        assert len(found) == 3  # the declaration, p.gold += 1, score p: p.gold

        # Completion: keywords, names in scope, built-ins with their signatures; fields after a dot.
        completion = await client.text_document_completion_async(types.CompletionParams(
            text_document=document, position=position(GAME, "take_coin(p)\n\nscore", 0, 0)))
        labels = {item.label: item for item in completion.items}
        assert {"take_coin", "gold", "rounds", "count", "players"} <= set(labels)
        assert labels["take"].detail == "take(a, b)"
        completion = await client.text_document_completion_async(types.CompletionParams(
            text_document=document, position=position(GAME, "gold += 1", 0, 0)))
        assert "gold" in {item.label for item in completion.items}
        assert "rounds" not in {item.label for item in completion.items}

        # The outline, and a rename everywhere.
        outline = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document))
        assert [symbol.name for symbol in outline] == ["Coins", "gold", "take_coin", "play"]
        edit = await client.text_document_rename_async(types.RenameParams(
            text_document=document, position=position(GAME, "gold"), new_name="coins"))
        assert len(edit.changes[uri]) == 3

        # Formatting, as `pirdsl fmt`.
        await session.change(uri, GAME.replace("p.gold += 1", "p.gold+=1"), version=4)
        edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
            text_document=document, options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
        assert edits[0].new_text == GAME

    run_session(body)


def test_a_variant_file_is_checked_merged_and_each_diagnostic_goes_to_its_own_file(tmp_path) -> None:
    base = tmp_path / "coins.pir"
    base.write_text(GAME, encoding="utf-8")
    variant = tmp_path / "rich_coins.pir"
    text = textwrap.dedent('''\
        extends "coins.pir"

        replace rule take_coin(p):
          p.gold += nothing
        ''')
    variant.write_text(text, encoding="utf-8")

    async def body(session: Session) -> None:
        uri = await session.open(variant, text)
        diagnostics = await session.diagnostics_for(uri)
        assert any("nothing" in d.message for d in diagnostics)
        hover = await session.client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position(text, "gold")))
        assert "var gold per player = 0" in hover.contents.value
        found = await session.client.text_document_definition_async(types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position(text, "gold")))
        assert found.uri == from_fs_path(str(base))

    run_session(body)


def test_an_example_answer_that_fits_no_option_is_reported_on_open_and_save(tmp_path) -> None:
    path = tmp_path / "coins.pir"
    text = GAME + textwrap.dedent('''
        example "a slip":
          when:
            players[0] chooses x from ["heads", "tails"] "Call the coin"
          answers "edge"
        ''')
    path.write_text(text, encoding="utf-8")

    async def body(session: Session) -> None:
        uri = await session.open(path, text)
        [error] = await session.diagnostics_for(uri)
        assert "answer 'edge' matches no option of 'Call the coin'" in error.message
        assert "1. heads; 2. tails" in error.message
        assert error.range.start.line == text.count("\n", 0, text.index('answers "edge"'))

    run_session(body)


def test_a_shipped_game_has_no_diagnostics() -> None:
    path = ROOT / "games" / "glory_islands.pir"

    async def body(session: Session) -> None:
        uri = await session.open(path, path.read_text(encoding="utf-8"))
        assert list(await session.diagnostics_for(uri)) == []

    run_session(body)


def test_edit_after_edit_the_diagnostics_are_pirdsl_checks(tmp_path) -> None:
    """The server reads again only what an edit touched; what it reports is still exactly a fresh check's.

    Edits of a shipped game, one after another as an author makes them (a slip in the
    middle, lines added above it, the slip mended, a syntax error, undone), and several
    sent at once (only the newest is checked): after each, the diagnostics are those
    `pirdsl.lsp.analysis.analyse` gives the text from scratch, which `pirdsl check` gives.
    """
    from pirdsl.lsp.analysis import analyse

    path = ROOT / "games" / "glory_islands.pir"
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    middle = next(index for index in range(len(lines) // 2, len(lines)) if "glory += 1" in lines[index])
    slip = "\n".join(lines[:middle] + [lines[middle].replace("glory += 1", "glroy += 1")] + lines[middle + 1:])
    edits = [slip, "\n\n" + slip, "\n\n" + text, "\n\n" + text.replace("play:", "play", 1), text]

    def fresh(edited: str) -> list[tuple]:
        return [(d.span.line - 1, d.span.column - 1, d.message) for d in analyse(str(path), edited).diagnostics]

    def shown(found: list[types.Diagnostic]) -> list[tuple]:
        return [(d.range.start.line, d.range.start.character, d.message.split("\n")[0]) for d in found]

    async def body(session: Session) -> None:
        uri = await session.open(path, text)
        assert list(await session.diagnostics_for(uri)) == []
        for version, edited in enumerate(edits, start=2):
            await session.change(uri, edited, version)
            assert shown(await session.diagnostics_for(uri)) == fresh(edited), f"edit {version - 1}"
        # Three changes at once: whichever checks the server runs, the last diagnostics are the newest text's.
        for version, edited in enumerate(edits[:3], start=10):
            session.client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=edited)]))
        await asyncio.sleep(3)
        session.diagnostics.pop(uri, None)
        await session.change(uri, edits[2], 13)
        assert shown(await session.diagnostics_for(uri)) == fresh(edits[2])

    assert any("glroy" in message for _, _, message in fresh(slip))  # the slip is an error to report
    run_session(body)


def test_the_wording_lints_warnings_come_when_a_file_is_opened_or_saved_as_check_gives_them(tmp_path) -> None:
    """`pirdsl check` warns about phrases of the printed rules that read like code; so does the server,
    when the file is opened or saved (the lint writes the summary to read it: too slow for each keystroke)."""
    from test_wording_lint import WORDY

    path = tmp_path / "words.pir"
    path.write_text(WORDY, encoding="utf-8")

    async def body(session: Session) -> None:
        uri = await session.open(path, WORDY)
        found = await session.diagnostics_for(uri, timeout=120)
        assert [(d.range.start.line + 1, d.range.start.character + 1) for d in found] == [(9, 1), (15, 5)]
        assert "does nothing" in found[0].message and "'{q}'" in found[1].message
        assert all(d.severity == types.DiagnosticSeverity.Warning for d in found)
        await session.change(uri, WORDY + "\n", 2)  # typing: the checker's diagnostics only (here none)
        assert list(await session.diagnostics_for(uri)) == []
        session.diagnostics.pop(uri, None)
        session.client.text_document_did_save(types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        assert len(await session.diagnostics_for(uri, timeout=120)) == 2

    run_session(body)
