// The pirdsl extension: starts `pirdsl lsp` (setting `pirdsl.command`) for .pir files and
// hands it every request. All the knowledge is in the server; this file only wires it.
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("pirdsl").get("command", ["pirdsl", "lsp"]);
  const server = { command, args, transport: TransportKind.stdio };
  client = new LanguageClient(
    "pirdsl",
    "pirdsl language server",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "pirdsl" }, { scheme: "untitled", language: "pirdsl" }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
