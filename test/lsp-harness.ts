/**
 * A client of `grimoire lsp`, as an editor is one, for the LSP tests (lsp.test.ts,
 * lsp-language.test.ts): the server runs as its own process (node cli/bin.js lsp --stdio) and the
 * client speaks the Language Server Protocol over the child's stdin and stdout. Every wait is for
 * a message (a reply, a notification), never a time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type Diagnostic, type ProtocolConnection, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { root } from './helpers.ts';

/** The file: URI of a repository path. */
export const uriOf = (path: string): string => pathToFileURL(join(root, path)).href;

export interface LspSession {
  server: ChildProcess;
  client: ProtocolConnection;
  /** What initialize answered the server can do. */
  capabilities: Record<string, unknown>;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  /** didOpen of a document (version 1). */
  open(uri: string, text: string, languageId?: string): Promise<void>;
  /** didChange of a document to `text`, forgetting the diagnostics published before (they say nothing of the new text). */
  change(uri: string, text: string): void;
  /** The next diagnostics published for `uri` that pass `test` (also from before the call: the first unconsumed match). */
  diagnosticsFor(uri: string, test: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]>;
  /** shutdown and exit, then the process ended if it is still there. */
  stop(): Promise<void>;
}

/**
 * A server started and initialized. `locale` is initialize's (the editor's display language);
 * `env` replaces the server's environment (e.g. without LANG, to test `locale` alone).
 */
export async function startLsp(opts: { locale?: string; env?: NodeJS.ProcessEnv } = {}): Promise<LspSession> {
  const server = spawn(process.execPath, [join(root, 'cli/bin.js'), 'lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'], ...(opts.env ? { env: opts.env } : {}) });
  let stderr = '';
  server.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  const client = createProtocolConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
  const published: PublishDiagnosticsParams[] = [];
  const waiters: { test: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    const w = waiters.findIndex((x) => x.test(p));
    if (w >= 0) waiters.splice(w, 1)[0]!.resolve(p);
    else published.push(p);
  });
  client.listen();
  const init = (await client.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {}, workspaceFolders: null, ...(opts.locale ? { locale: opts.locale } : {}) })) as { capabilities: Record<string, unknown> };
  await client.sendNotification('initialized', {});
  let version = 1;
  return {
    server,
    client,
    capabilities: init.capabilities,
    stderr: () => stderr,
    open: (uri, text, languageId = 'grimoire') => client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } }),
    change(uri, text) {
      published.length = 0;
      void client.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ text }] });
    },
    diagnosticsFor(uri, test) {
      const matches = (p: PublishDiagnosticsParams) => p.uri === uri && test(p.diagnostics);
      const i = published.findIndex(matches);
      if (i >= 0) return Promise.resolve(published.splice(0, i + 1).at(-1)!.diagnostics);
      return new Promise((resolve) => waiters.push({ test: matches, resolve: (p) => resolve(p.diagnostics) }));
    },
    async stop() {
      try {
        await client.sendRequest('shutdown');
        await client.sendNotification('exit');
      } catch {
        // the server is gone already
      }
      client.dispose();
      if (server.exitCode === null) server.kill();
    },
  };
}
