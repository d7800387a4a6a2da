// Starts `wave lsp` (the `wave.path` setting, default `wave` on PATH) for .wave files.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const wave = vscode.workspace.getConfiguration("wave").get("path") || "wave";
  const server = { command: wave, args: ["lsp"] };
  client = new LanguageClient("wave", "wave language server", server, {
    documentSelector: [{ language: "wave" }],
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
