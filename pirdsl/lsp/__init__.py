"""The language server (`pirdsl lsp`): the language's own parser and checker answering an editor.

`analysis` knows the rules files (diagnostics, names, words, documentation) and needs
no protocol library; `server` speaks the Language Server Protocol over stdio with pygls,
installed by the `lsp` extra (`pip install -e '.[lsp]'`).
"""
