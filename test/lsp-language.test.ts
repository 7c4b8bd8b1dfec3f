/**
 * The language server speaks the editor's language: initialize's `locale` (VS Code's display
 * language) chooses the words of its diagnostics, hovers and completion details; the codes,
 * ranges, signatures and the game's names are the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CompletionItem, CompletionList, Diagnostic, Hover } from 'vscode-languageserver-protocol/node';
import { root } from './helpers.ts';
import { startLsp, uriOf, type LspSession } from './lsp-harness.ts';

const GAME = 'rules/trump/game.grim';
const uri = uriOf(GAME);
const broken = readFileSync(join(root, GAME), 'utf8').replace('  leftover graveyard', '  leftover 墓地ゾーン');

let lsp: LspSession | undefined;
// Without the environment's language, so that `locale` alone decides.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(LANG|LC_ALL|LC_MESSAGES|GRIMOIRE_LANG)$/.test(k)));

/**
 * The one server initialized with locale ja, shared by the Japanese tests (a server's start and
 * trump's compile are most of each test's CPU): the first test that needs it starts it and opens
 * the game file, the next changes the file's text (didChange). Stopped after the file.
 */
let ja: { session: LspSession; opened: boolean } | undefined;
async function showJapanese(text: string): Promise<LspSession> {
  ja ??= { session: await startLsp({ locale: 'ja', env }), opened: false };
  if (ja.opened) ja.session.change(uri, text);
  else await ja.session.open(uri, text);
  ja.opened = true;
  return ja.session;
}

/** A server initialized with `locale`, given the game file with a zone it does not have: the diagnostic it publishes. */
async function diagnosticWith(locale: string | undefined): Promise<Diagnostic> {
  const session = locale === 'ja' ? await showJapanese(broken) : (lsp = await startLsp({ locale, env }));
  if (locale !== 'ja') await session.open(uri, broken);
  const [d] = await session.diagnosticsFor(uri, (list) => list.length > 0);
  return d!;
}

afterEach(async () => {
  await lsp?.stop();
  lsp = undefined;
});

afterAll(async () => {
  await ja?.session.stop();
  ja = undefined;
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
      await lsp?.stop();
      lsp = undefined;
    }
  });

  it('words hovers and completion details in Japanese for locale ja; signatures and names as written', async () => {
    const text = readFileSync(join(root, GAME), 'utf8');
    const lsp = await showJapanese(text);
    // The game as it is: no diagnostic (after the broken text's, where the first test came before).
    expect(await lsp.diagnosticsFor(uri, () => true)).toEqual([]);
    const before = text.slice(0, text.indexOf('  leftover graveyard') + '  leftover gr'.length);
    const position = { line: before.split('\n').length - 1, character: before.length - before.lastIndexOf('\n') - 1 };
    const hover = (await lsp.client.sendRequest('textDocument/hover', { textDocument: { uri }, position })) as Hover;
    const value = (hover.contents as { value: string }).value;
    expect(value).toContain('**ゾーン**');
    expect(value).toContain('zone graveyard per player public');
    expect(value).toMatch(/\*定義:\* rules\\\/trump\\\/game/);
    expect(value).not.toContain('defined at');
    const list = (await lsp.client.sendRequest('textDocument/completion', { textDocument: { uri }, position })) as CompletionList;
    const count = list.items.find((i) => i.label === 'count')!;
    expect(count.labelDetails?.description).toBe('組み込み関数');
    expect(list.items.find((i) => i.label === 'graveyard')?.labelDetails?.description).toBe('ゾーン');
    const resolved = (await lsp.client.sendRequest('completionItem/resolve', count)) as CompletionItem;
    expect((resolved.documentation as { value: string }).value).toBe('**組み込み**\n\n```grimoire\ncount(list): number\n```\n\nリストの長さ');
  });
});
