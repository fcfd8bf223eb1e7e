// Starts `tipc lsp` for .tips files and scenario tests (.scenario). Everything else (diagnostics, hover, completion, rename,
// formatting, ...) comes from the server; highlighting from syntaxes/tips.tmLanguage.json.
const { workspace } = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate() {
  const command = workspace.getConfiguration("tips").get("server.path") || "tipc";
  client = new LanguageClient(
    "tips",
    "Tips",
    { command, args: ["lsp"] },
    {
      documentSelector: [
        { scheme: "file", language: "tips" },
        { scheme: "untitled", language: "tips" },
        { scheme: "file", language: "tips-scenario" },
      ],
      // Files changed outside the editor (git checkout, tipc fmt --write) are re-read.
      synchronize: { fileEvents: workspace.createFileSystemWatcher("**/*.tips") },
    }
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
