/**
 * The language server speaks the editor's language: initialize's `locale` (VS Code's display
 * language) chooses the words of its diagnostics; the codes and ranges are the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
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
});
