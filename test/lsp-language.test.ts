/**
 * The language server speaks the editor's language: initialize's `locale` (VS Code's display
 * language) chooses the words of its diagnostics; the codes and ranges are the same.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type ProtocolConnection, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { root } from './helpers.ts';

const GAME = 'rules/trump/game.grim';
const uri = pathToFileURL(join(root, GAME)).href;
const broken = readFileSync(join(root, GAME), 'utf8').replace('  leftover graveyard', '  leftover 墓地ゾーン');

let server: ChildProcess | undefined;
let client: ProtocolConnection | undefined;

/** A server initialized with `locale`, given the game file with a zone it does not have: the diagnostic it publishes. */
async function diagnosticWith(locale: string | undefined): Promise<PublishDiagnosticsParams['diagnostics'][number]> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(LANG|LC_ALL|LC_MESSAGES|GRIMOIRE_LANG)$/.test(k)));
  server = spawn(process.execPath, [join(root, 'cli/bin.js'), 'lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'], env });
  client = createProtocolConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
  const published = new Promise<PublishDiagnosticsParams>((resolve) =>
    client!.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      if (p.uri === uri && p.diagnostics.length) resolve(p);
    }),
  );
  client.listen();
  await client.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {}, workspaceFolders: null, ...(locale ? { locale } : {}) });
  await client.sendNotification('initialized', {});
  await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'grimoire', version: 1, text: broken } });
  const [d] = (await published).diagnostics;
  return d!;
}

afterEach(async () => {
  try {
    await client?.sendRequest('shutdown');
    await client?.sendNotification('exit');
  } catch {
    // gone already
  }
  client?.dispose();
  if (server && server.exitCode === null) server.kill();
});

describe('grimoire lsp in the editor\'s language', () => {
  it('words diagnostics in Japanese for locale ja, with the English code and range', async () => {
    const d = await diagnosticWith('ja');
    expect(d).toMatchObject({ code: 'name/unknown', source: 'grimoire', message: expect.stringContaining("不明なゾーン '墓地ゾーン' です") });
  });

  it('words them in English for locale en, another language, or none', async () => {
    for (const locale of ['en', 'fr', undefined]) {
      const d = await diagnosticWith(locale);
      expect(d.message).toContain("unknown zone '墓地ゾーン'");
      client?.dispose();
      server?.kill();
    }
  });
});
