"""The Language Server Protocol over stdio (pygls): `pirdsl.lsp.analysis` answering an editor.

What it offers: diagnostics as a file is opened and changed (every error and warning
`pirdsl check` gives, hint included; a variant file's are the merged check's, each shown
in the file it belongs to; the worked examples' answers, which need the examples run,
and the wording lint's warnings, which need the printed rules written, when the file is
opened or saved), hover, go to definition, find references, completion,
the document outline, rename, a quick fix for a hint that names a replacement ("did you
mean 'until'?") and formatting (`dsl.format`, as `pirdsl fmt`).

Speed (issue 31 asks for diagnostics within 150 ms of an edit): the server keeps one
`dsl.parser.ReusingParser`, so an edit reads again only the declarations it touched;
changes that pile up while a check runs are checked once, at the newest; the worked
examples, which must run, and the wording lint, which writes the printed rules, only
when a file is opened or saved.
"""

from __future__ import annotations

import asyncio
import os

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from dsl.diagnostics import Diagnostic, PirError, Span
from dsl.parser import ReusingParser
from pirdsl.lsp import analysis as knowledge

COMPLETION_KINDS = {
    "keyword": types.CompletionItemKind.Keyword, "function": types.CompletionItemKind.Function,
    "value": types.CompletionItemKind.Constant, "field": types.CompletionItemKind.Field,
    "rule": types.CompletionItemKind.Method, "power": types.CompletionItemKind.Method,
    "define": types.CompletionItemKind.Function, "piece": types.CompletionItemKind.Class,
    "kind": types.CompletionItemKind.Enum, "zone": types.CompletionItemKind.Variable,
    "board": types.CompletionItemKind.Variable, "var": types.CompletionItemKind.Variable,
    "table": types.CompletionItemKind.Struct, "die": types.CompletionItemKind.Variable,
    "automa": types.CompletionItemKind.Class, "variant": types.CompletionItemKind.EnumMember,
}
SYMBOL_KINDS = {
    "rule": types.SymbolKind.Method, "power": types.SymbolKind.Method, "define": types.SymbolKind.Function,
    "piece": types.SymbolKind.Class, "kind": types.SymbolKind.Enum, "zone": types.SymbolKind.Variable,
    "board": types.SymbolKind.Variable, "var": types.SymbolKind.Variable, "table": types.SymbolKind.Struct,
    "die": types.SymbolKind.Variable, "automa": types.SymbolKind.Class, "variant": types.SymbolKind.EnumMember,
    "game": types.SymbolKind.File, "example": types.SymbolKind.Event, "section": types.SymbolKind.Namespace,
}


class PirLanguageServer(LanguageServer):
    """The server, with the last analysis of each open document."""

    def __init__(self) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            installed = version("pirdsl")
        except PackageNotFoundError:
            installed = "unknown"
        super().__init__("pirdsl", installed)
        self.analyses: dict[str, knowledge.Analysis] = {}
        self.published: dict[str, set[str]] = {}  # document uri -> the uris its diagnostics went to
        self.parser = ReusingParser()  # what the last parse of each file read, for the next edit


def _path(uri: str) -> str:
    return to_fs_path(uri) or uri


def _uri(path: str) -> str:
    return from_fs_path(os.path.abspath(path)) or path


def _range(span: Span) -> types.Range:
    end_line, end_column = span.end_line, span.end_column
    if (end_line, end_column) <= (span.line, span.column):
        end_line, end_column = span.line, span.column + 1
    return types.Range(start=types.Position(line=max(span.line - 1, 0), character=max(span.column - 1, 0)),
                       end=types.Position(line=max(end_line - 1, 0), character=max(end_column - 1, 0)))


def _span(path: str, position: types.Position) -> tuple[int, int]:
    """The language's 1-based line and column of a protocol position."""
    return position.line + 1, position.character + 1


def _lsp_diagnostic(diagnostic: Diagnostic) -> types.Diagnostic:
    message = diagnostic.message + (f"\n{diagnostic.hint}" if diagnostic.hint else "")
    fix = knowledge.replacement(diagnostic)
    return types.Diagnostic(
        range=_range(diagnostic.span), message=message, source="pirdsl",
        severity=types.DiagnosticSeverity.Error if diagnostic.severity == "error" else types.DiagnosticSeverity.Warning,
        data={"replacement": fix} if fix else None)


def make_server() -> PirLanguageServer:
    """A server with every feature registered (started by `pirdsl lsp` with `start_io`)."""
    server = PirLanguageServer()

    def refresh(uri: str, run_examples: bool = False) -> None:
        document = server.workspace.get_text_document(uri)
        path = _path(uri)
        result = knowledge.analyse(path, document.source, server.parser)
        if run_examples:
            result.diagnostics = result.diagnostics + knowledge.slow_checks(result)
        previous = server.analyses.get(uri)
        if result.game_file is None and previous is not None:
            # A syntax error: keep the last names for hover, completion and jumps meanwhile.
            result.symbols, result.game_file, result.source = previous.symbols, previous.game_file, previous.source
        server.analyses[uri] = result
        by_file: dict[str, list[types.Diagnostic]] = {uri: []}
        for diagnostic in result.diagnostics:
            file = diagnostic.span.file
            target = uri if file in (path, "<unknown>", "") else _uri(file)
            by_file.setdefault(target, []).append(_lsp_diagnostic(diagnostic))
        for stale in server.published.get(uri, set()) - set(by_file):
            by_file[stale] = []
        server.published[uri] = {target for target, found in by_file.items() if found} | {uri}
        for target, found in by_file.items():
            server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=target, diagnostics=found))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        refresh(params.text_document.uri, run_examples=True)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(params: types.DidChangeTextDocumentParams) -> None:
        # Changes that arrived while the last check ran are all applied to the document
        # before this one is checked: only the newest is checked, once, not each in turn.
        await asyncio.sleep(0)
        document = server.workspace.get_text_document(params.text_document.uri)
        if document.version is not None and document.version != params.text_document.version:
            return  # a newer change is waiting; its own check will answer
        refresh(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        refresh(params.text_document.uri, run_examples=True)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        server.analyses.pop(params.text_document.uri, None)
        for target in server.published.pop(params.text_document.uri, set()):
            server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=target, diagnostics=[]))

    def current(uri: str) -> tuple[knowledge.Analysis, str]:
        document = server.workspace.get_text_document(uri)
        found = server.analyses.get(uri)
        if found is None or found.text != document.source:
            refresh(uri)
            found = server.analyses[uri]
        return found, document.source

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(params: types.HoverParams) -> types.Hover | None:
        analysis, text = current(params.text_document.uri)
        answer = knowledge.hover(analysis, text, *_span(analysis.path, params.position))
        if answer is None:
            return None
        markdown, span = answer
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=markdown),
                           range=_range(span))

    def symbol_at(params) -> tuple[knowledge.Analysis, knowledge.Symbol | None, str | None]:
        analysis, text = current(params.text_document.uri)
        found = knowledge.word_at(text, *_span(analysis.path, params.position))
        if found is None:
            return analysis, None, None
        return analysis, analysis.symbols.get(found[0]), found[0]

    def location(span: Span, analysis: knowledge.Analysis, uri: str) -> types.Location:
        target = uri if span.file in (analysis.path, "") else _uri(span.file)
        return types.Location(uri=target, range=_range(span))

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def definition(params: types.DefinitionParams) -> types.Location | None:
        analysis, symbol, _ = symbol_at(params)
        return location(symbol.span, analysis, params.text_document.uri) if symbol else None

    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    def references(params: types.ReferenceParams) -> list[types.Location] | None:
        analysis, symbol, name = symbol_at(params)
        if symbol is None:
            return None
        spans = knowledge.references(analysis, symbol.name)
        if not params.context.include_declaration:
            spans = [span for span in spans if span != symbol.span]
        return [location(span, analysis, params.text_document.uri) for span in spans]

    @server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
    def prepare_rename(params: types.PrepareRenameParams) -> types.Range | None:
        analysis, text = current(params.text_document.uri)
        found = knowledge.word_at(text, *_span(analysis.path, params.position))
        if found is None or not knowledge.can_rename(analysis, found[0]):
            return None
        return _range(found[1])

    @server.feature(types.TEXT_DOCUMENT_RENAME)
    def rename(params: types.RenameParams) -> types.WorkspaceEdit | None:
        analysis, symbol, _ = symbol_at(params)
        if symbol is None or not knowledge.WORD.fullmatch(params.new_name):
            return None
        changes: dict[str, list[types.TextEdit]] = {}
        for span in knowledge.references(analysis, symbol.name):
            target = location(span, analysis, params.text_document.uri).uri
            changes.setdefault(target, []).append(types.TextEdit(range=_range(span), new_text=params.new_name))
        return types.WorkspaceEdit(changes=changes)

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=["."]))
    def completion(params: types.CompletionParams) -> types.CompletionList:
        analysis, text = current(params.text_document.uri)
        items = [types.CompletionItem(label=item.label, kind=COMPLETION_KINDS.get(item.kind),
                                      detail=item.detail or item.kind,
                                      documentation=item.documentation or None)
                 for item in knowledge.completions(analysis, text, *_span(analysis.path, params.position))]
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def document_symbol(params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        document = server.workspace.get_text_document(params.text_document.uri)
        return [types.DocumentSymbol(name=item.name, kind=SYMBOL_KINDS.get(item.kind, types.SymbolKind.Object),
                                     range=_range(item.span), selection_range=_range(item.name_span),
                                     detail=item.kind)
                for item in knowledge.outline(_path(params.text_document.uri), document.source)]

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    def code_action(params: types.CodeActionParams) -> list[types.CodeAction]:
        actions = []
        for diagnostic in params.context.diagnostics:
            data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
            fix = data.get("replacement")
            if not fix:
                continue
            edit = types.WorkspaceEdit(changes={params.text_document.uri: [
                types.TextEdit(range=diagnostic.range, new_text=fix)]})
            actions.append(types.CodeAction(title=f"Replace with '{fix}'", kind=types.CodeActionKind.QuickFix,
                                            diagnostics=[diagnostic], edit=edit, is_preferred=True))
        return actions

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def formatting(params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
        from dsl.format import format_source

        document = server.workspace.get_text_document(params.text_document.uri)
        try:
            formatted = format_source(document.source, _path(params.text_document.uri))
        except PirError:
            return None  # the diagnostics already say why
        if formatted == document.source:
            return []
        lines = document.source.splitlines()
        whole = types.Range(start=types.Position(line=0, character=0),
                            end=types.Position(line=len(lines) + 1, character=0))
        return [types.TextEdit(range=whole, new_text=formatted)]

    return server


def serve() -> None:
    """Speak the protocol over standard input and output until the editor says exit."""
    make_server().start_io()
