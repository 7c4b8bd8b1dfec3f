/**
 * The order of triggers waiting at the same moment (docs/language.md, "Triggers"), pinned on a
 * fixture whose triggers are written in the opposite order: immediate ones run as soon as the
 * step finishes — the active player's first, then the other player's, those marked `last` after
 * all others — and normal ones only after them, as requests on the stack. Whole seed games rarely
 * have both players' triggers of both speeds waiting at once, so their hashes cannot pin this.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { playGame } from '../runtime/play.ts';
import { root } from './helpers.ts';
import { logText } from '../scenario/log-words.ts';

const path = join(root, 'test/fixtures/trigger-order/game.grim');

function ir() {
  const r = compileGame({ sources: [{ path, text: readFileSync(path, 'utf8') }] });
  if (!r.ir) throw new Error(r.diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
  return r.ir;
}

describe('triggers waiting at the same moment', () => {
  it("run immediate ones first — the active player's, the other's, then `last` — and normal ones after", () => {
    const game = ir();
    for (const seed of [1, 2, 3]) {
      const said: string[] = [];
      const declared: string[] = [];
      playGame(game, seed, {
        log: true,
        onLog: (e) => {
          if (e.turn !== 1) return;
          if (e.kind === 'note') said.push(logText(e));
          if (e.kind === 'declare') declared.push(logText(e).replace(/^p\d: /, '').replace(' (resolves at once)', ''));
        },
      });
      // Declared in the documented order: the normal ones too, the active player's first (so the
      // other player's, on top of the stack, resolves first).
      expect(declared).toEqual(['ActiveImmediate', 'OtherImmediate', 'ActiveLast', 'ActiveNormal', 'OtherNormal']);
      const immediate = said.filter((t) => !t.endsWith('normal'));
      expect(immediate).toEqual(['active immediate', 'other immediate', 'active last']);
      // Every immediate trigger has run before either normal one.
      const firstNormal = said.findIndex((t) => t.endsWith('normal'));
      expect(firstNormal).toBe(3);
      expect(said.slice(3)).toEqual(['other normal', 'active normal']);
    }
  });
});
