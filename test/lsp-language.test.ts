/**
 * The language server speaks the editor's language: initialize's `locale` (VS Code's display
 * language) chooses the words of its diagnostics, hovers and completion details; the codes,
 * ranges, signatures and the game's names are the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompletionItem, CompletionList, Diagnostic, Hover } from 'vscode-languageserver-protocol/node';
import { root } from './helpers.ts';
import { startLsp, uriOf, type LspSession } from './lsp-harness.ts';

const GAME = 'rules/trump/game.grim';
const uri = uriOf(GAME);
const broken = readFileSync(join(root, GAME), 'utf8').replace('  leftover graveyard', '  leftover 墓地ゾーン');

let lsp: LspSession | undefined;

/** A server initialized with `locale`, given the game file with a zone it does not have: the diagnostic it publishes. */
async function diagnosticWith(locale: string | undefined): Promise<Diagnostic> {
  // Without the environment's language, so that `locale` alone decides.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(LANG|LC_ALL|LC_MESSAGES|GRIMOIRE_LANG)$/.test(k)));
  lsp = await startLsp({ locale, env });
  await lsp.open(uri, broken);
  const [d] = await lsp.diagnosticsFor(uri, (list) => list.length > 0);
  return d!;
}

afterEach(async () => {
  await lsp?.stop();
  lsp = undefined;
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
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(LANG|LC_ALL|LC_MESSAGES|GRIMOIRE_LANG)$/.test(k)));
    lsp = await startLsp({ locale: 'ja', env });
    const text = readFileSync(join(root, GAME), 'utf8');
    await lsp.open(uri, text);
    await lsp.diagnosticsFor(uri, () => true);
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
