// The Grimoire extension: starts `grimoire lsp` (the language server of the repository, over
// stdio) for .grim files and the rulings (.yaml), and lets vscode-languageclient do the rest.
// The colouring (syntaxes/) and the language configuration work without the server.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

/**
 * How to start the server: the setting, else the workspace's own Grimoire. Never a bare
 * `npx grimoire`: outside a project that has Grimoire, npx would fetch whatever package the
 * registry calls `grimoire`.
 */
function serverCommand() {
  const configured = vscode.workspace.getConfiguration('grimoire').get('server.command') || [];
  if (configured.length) return { command: configured[0], args: configured.slice(1) };
  for (const folder of vscode.workspace.workspaceFolders || []) {
    const root = folder.uri.fsPath;
    const bin = join(root, 'cli', 'bin.js');
    if (existsSync(bin)) return { command: 'node', args: [bin, 'lsp'], options: { cwd: root } };
    const local = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'grimoire.cmd' : 'grimoire');
    if (existsSync(local)) return { command: local, args: ['lsp'], options: { cwd: root, shell: process.platform === 'win32' } };
  }
  return undefined;
}

function activate(context) {
  const command = serverCommand();
  if (!command) {
    void vscode.window.showWarningMessage(
      'Grimoire: no language server found — open the folder of a Grimoire repository (with cli/bin.js) or a project with grimoire in node_modules, or set grimoire.server.command. Colouring works without it.',
    );
    return undefined;
  }
  const run = { ...command, transport: TransportKind.stdio };
  client = new LanguageClient(
    'grimoire',
    'Grimoire',
    { run, debug: run },
    {
      documentSelector: [
        { scheme: 'file', language: 'grimoire' },
        { scheme: 'file', pattern: '**/rules/*/rulings/**/*.{yaml,yml}' },
      ],
      // Files changed outside the editor (a git checkout, another tool) re-check their game.
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{grim,yaml,yml}') },
    },
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
