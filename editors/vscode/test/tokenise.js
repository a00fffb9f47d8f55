// Tokenise rules files with the extension's TextMate grammar, as VS Code does (vscode-textmate on
// vscode-oniguruma, VS Code's own packages), and print each line's tokens as JSON:
//   node tokenise.js FILE...  ->  {"FILE": [[[start, end, "scope.a scope.b"], ...], ...], ...}
// tests/test_vscode_extension.py compares them with the Pygments lexer's reading of the same files.
"use strict";
const fs = require("fs");
const path = require("path");
const textmate = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const GRAMMAR = path.join(__dirname, "..", "syntaxes", "pirdsl.tmLanguage.json");

async function main(files) {
  const wasm = fs.readFileSync(path.join(path.dirname(require.resolve("vscode-oniguruma")), "onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName) =>
      scopeName === "source.pirdsl"
        ? textmate.parseRawGrammar(fs.readFileSync(GRAMMAR, "utf-8"), GRAMMAR)
        : null,
  });
  const grammar = await registry.loadGrammar("source.pirdsl");
  const result = {};
  for (const file of files) {
    let state = textmate.INITIAL;
    result[file] = fs.readFileSync(file, "utf-8").split("\n").map((line) => {
      const found = grammar.tokenizeLine(line, state);
      state = found.ruleStack;
      return found.tokens.map((token) => [token.startIndex, token.endIndex, token.scopes.join(" ")]);
    });
  }
  process.stdout.write(JSON.stringify(result));
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
