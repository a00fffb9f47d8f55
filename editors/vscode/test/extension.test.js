// extension.js, run outside VS Code: `vscode` and `vscode-languageclient/node` are stand-ins that
// record what the extension asks of them. Checks that activating starts the configured command over
// stdio for .pir documents, and that deactivating stops it. Run: node --test (from this folder).
"use strict";
const assert = require("node:assert");
const Module = require("node:module");
const path = require("node:path");
const test = require("node:test");

function load(setting) {
  const started = [];
  const stubs = {
    vscode: {
      workspace: {
        getConfiguration: (section) => ({
          get: (key, fallback) => (section === "pirdsl" && key === "command" && setting) || fallback,
        }),
      },
    },
    "vscode-languageclient/node": {
      TransportKind: { stdio: 0, ipc: 1 },
      LanguageClient: class {
        constructor(id, name, serverOptions, clientOptions) {
          Object.assign(this, { id, name, serverOptions, clientOptions, running: false });
          started.push(this);
        }
        start() { this.running = true; return Promise.resolve(); }
        stop() { this.running = false; return Promise.resolve(); }
        dispose() {}
      },
    },
  };
  const original = Module._load;
  Module._load = function (request, ...rest) {
    return request in stubs ? stubs[request] : original.call(this, request, ...rest);
  };
  try {
    const file = path.join(__dirname, "..", "extension.js");
    delete require.cache[file];
    return { extension: require(file), started };
  } finally {
    Module._load = original;
  }
}

test("activating starts `pirdsl lsp` over stdio for pirdsl documents", async () => {
  const { extension, started } = load(undefined);
  const context = { subscriptions: [] };
  await extension.activate(context);
  assert.strictEqual(started.length, 1);
  const [client] = started;
  assert.deepStrictEqual(client.serverOptions.run, { command: "pirdsl", args: ["lsp"], transport: 0 });
  assert.deepStrictEqual(client.serverOptions.debug, client.serverOptions.run);
  assert.deepStrictEqual(client.clientOptions.documentSelector.map((s) => s.language), ["pirdsl", "pirdsl"]);
  assert.ok(client.running);
  assert.deepStrictEqual(context.subscriptions, [client]);
  await extension.deactivate();
  assert.ok(!client.running);
});

test("the pirdsl.command setting chooses the server's command", async () => {
  const { extension, started } = load(["/venv/bin/pirdsl", "lsp"]);
  await extension.activate({ subscriptions: [] });
  assert.strictEqual(started[0].serverOptions.run.command, "/venv/bin/pirdsl");
  assert.deepStrictEqual(started[0].serverOptions.run.args, ["lsp"]);
});

test("the package names the files it contributes", () => {
  const fs = require("node:fs");
  const root = path.join(__dirname, "..");
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf-8"));
  assert.strictEqual(manifest.main, "./extension.js");
  for (const grammar of manifest.contributes.grammars) {
    const found = JSON.parse(fs.readFileSync(path.join(root, grammar.path), "utf-8"));
    assert.strictEqual(found.scopeName, grammar.scopeName);
  }
  for (const language of manifest.contributes.languages) {
    JSON.parse(fs.readFileSync(path.join(root, language.configuration), "utf-8"));
  }
});
