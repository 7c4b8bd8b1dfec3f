/**
 * The engine's log in words (runtime/log-entry.ts → scenario/log-words.ts, catalogs i18n/<lang>/log.ts):
 * every code has a message in every language and every `log.*` message a code; the English is the
 * engine's words as they always were; in Japanese, no word of the engine's English is left — only
 * the designer's names and texts, which stay as written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogs } from '../i18n/catalogs.ts';
import { setLanguage } from '../i18n/format.ts';
import { playGame } from '../runtime/play.ts';
import { LOG_CODES, type LogArg, type LogArgs, type LogPhrase } from '../runtime/log-entry.ts';
import type { LogEvent } from '../runtime/engine.ts';
import { endReason, logText, words } from '../scenario/log-words.ts';
import { runScenarioInRepo, scenarioFiles } from '../scenario/files.ts';
import { whyNotScenario } from '../scenario/why-not.ts';
import { compiledGame, root } from './helpers.ts';

/** The same entry with every text the designer wrote (names, the rules' texts) made `◆`: what is left are the catalog's words. */
function designerless(a: LogArg): LogArg {
  if (typeof a === 'string') return '◆';
  if (typeof a === 'number') return a;
  if (Array.isArray(a)) return a.map(designerless);
  if ('or' in a) return { or: a.or.map(designerless) };
  if ('series' in a) return { series: a.series.map(designerless) };
  if ('joined' in a) return { joined: a.joined.map(designerless), by: a.by };
  return phraseWithout(a as LogPhrase);
}
function phraseWithout(p: LogPhrase): LogPhrase {
  if (!p.args) return p;
  const args: Record<string, LogArg> = {};
  for (const k in p.args) args[k] = designerless(p.args[k]!);
  return { code: p.code, args: args as LogArgs };
}

/** Words of the rules language a reason quotes (`when false`, `perform`, a pick's `target`/`using`): code, not English. */
const KEYWORDS = /\b(?:when|since|perform)\b/g;

const GAMES = ['trump', 'summon-magic', 't-magic', 'spimate', 'skirmish', 'arcane'];

describe('the log in words', () => {
  it('has a message for every code in every language, and a code for every log message', () => {
    for (const lang of ['en', 'ja'] as const) {
      const keys = Object.keys(catalogs[lang]).filter((k) => k.startsWith('log.'));
      for (const code of LOG_CODES) expect(keys, `${lang}: log.${code}`).toContain(`log.${code}`);
      expect(keys.filter((k) => k !== 'log.series-separator' && !(LOG_CODES as readonly string[]).includes(k.slice(4)))).toEqual([]);
    }
  });

  it('words the engine as it always did in English', () => {
    const e = (code: LogPhrase['code'], args?: LogArgs) => ({ code, args: args ?? {} });
    expect(logText(e('move', { cards: ['♣10', '♠2'], to: 'p2.hand' }), 'en')).toBe('♣10, ♠2 → p2.hand');
    expect(logText(e('declare', { player: 'p1', action: 'アップ', using: { code: 'using', args: { cards: ['♡3'] } }, targets: { code: 'targets', args: { targets: ['♡8'] } } }), 'en')).toBe('p1: アップ with ♡3 → ♡8');
    expect(logText(e('modify', { card: 'A', field: 'power', what: { code: 'op-add', args: { by: '+2' } }, until: { code: 'until-next-turn', args: { player: 'p2' } }, lacking: '' }), 'en')).toBe("A.power +2 until p2's next turn");
    expect(logText(e('trigger-limit', { action: 'X', player: 'p1', which: { code: 'limit-per-turn', args: { count: 1 } } }), 'en')).toBe('X does not take effect for p1: limit 1 per turn reached');
    // A number as the engine wrote it: no grouping.
    expect(words({ code: 'reason-trigger-chain', args: { n: 1000, action: 'X' } }, 'en')).toBe('stopped after 1000 triggers in a row with no player acting (a trigger loop? the last one: X)');
    expect(words({ code: 'why-limit', args: { limit: 1, used: 1 } }, 'en')).toBe('limit 1 per turn: already used 1 time this turn');
    expect(words({ code: 'why-limit', args: { limit: 2, used: 2 } }, 'en')).toBe('limit 2 per turn: already used 2 times this turn');
  });

  it('words it in Japanese as a rulebook would, a phrase inside a sentence without its 「。」', () => {
    const e = (code: LogPhrase['code'], args?: LogArgs) => ({ code, args: args ?? {} });
    expect(logText(e('move', { cards: ['♣10', '♠2'], to: 'p2.hand' }), 'ja')).toBe('♣10、♠2をp2.handに移す。');
    expect(logText(e('end-turn', { player: 'p1' }), 'ja')).toBe('p1はターンを終了する。');
    expect(logText(e('replace', { label: 'R', event: { code: 'move', args: { cards: ['X'], to: 'p1.grave' } } }), 'ja')).toBe('Rにより、「Xをp1.graveに移す」は置き換えられる。');
    expect(logText(e('modify', { card: 'A', field: 'power', what: { code: 'op-add', args: { by: '+2' } }, until: { code: 'until-end-of-turn' }, lacking: '' }), 'ja')).toBe('ターン終了時まで、Aのpowerを+2する。');
    expect(endReason({ reason: 'the game reached 100 turns', because: { code: 'reason-max-turns', args: { n: 100 } } }, 'ja')).toBe('ゲームが100ターンに達した');
    expect(endReason({ reason: 'ライフが0になった' }, 'ja')).toBe('ライフが0になった');
  });

  it('leaves no word of English of its own in Japanese: every event of games of each seed game and of every ruling', () => {
    const seen = new Set<string>();
    const check = (ev: Pick<LogEvent, 'code' | 'args'>, where: string) => {
      seen.add(ev.code);
      const ja = words(phraseWithout({ code: ev.code, args: ev.args }), 'ja');
      expect(ja.replace(KEYWORDS, ''), `${where}: ${logText(ev, 'en')}`).not.toMatch(/[A-Za-z]{2,}/);
      // Every entry is worded: no raw key, no placeholder left.
      expect(logText(ev, 'ja')).not.toMatch(/\blog\.[a-z-]+|\{[a-z]+\}/);
    };
    for (const game of GAMES) {
      const ir = compiledGame(game);
      for (let seed = 1; seed <= 2; seed++) for (const ev of playGame(ir, seed, { log: true }).engine.log) check(ev, `${game} seed ${seed}`);
    }
    for (const file of scenarioFiles(GAMES.map((g) => `rules/${g}/rulings`).map((p) => join(root, p))).map((f) => f.slice(root.length + 1))) {
      const o = runScenarioInRepo(root, file, readFileSync(join(root, file), 'utf8'));
      for (const ev of o.events) check(ev, file);
    }
    // The common entries were all met (a game, a ruling that fizzles, replaces, reveals, attaches …).
    for (const code of ['setup', 'turn', 'end-turn', 'move', 'declare', 'declare-at-once', 'resolve', 'choice', 'choice-mode', 'trigger', 'signal', 'modify', 'replace', 'reveal-to', 'attach', 'cancel', 'fizzle', 'result-loses', 'text'] as const) expect([...seen]).toContain(code);
  });

  it('gives the reasons of why-not in Japanese, the rules as written, no English fragment of the English reasons left', () => {
    const file = 'rules/trump/rulings/r-tr-11-who-may-attack.yaml';
    const source = (p: string) => readFileSync(join(root, p), 'utf8');
    const ask = (f: string, action?: string) => whyNotScenario(f, source(f), { rules: (g) => compiledGame(g), player: 'p1', action, source });
    expect(ask(file, 'アタック').actions[0]!.reasons.find((x) => x.kind === 'limit')!.text).toBe('limit 1 per turn: already used 1 time this turn');
    // The English reasons' own words, between their placeholders.
    const fragments = Object.entries(catalogs.en)
      .filter(([k]) => k.startsWith('log.why-'))
      .flatMap(([, m]) => m.replace(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/g, '\u0000').split('\u0000'))
      .map((f) => f.trim())
      .filter((f) => /[A-Za-z]{2,} [A-Za-z]{2,}/.test(f) && !/^when false/.test(f));
    expect(fragments.length).toBeGreaterThan(15);
    setLanguage('ja');
    try {
      expect(ask(file, 'アタック').actions[0]!.reasons.find((x) => x.kind === 'limit')!.text).toBe('1ターンに1回の制限：このターンすでに1回使っている');
      let n = 0;
      for (const game of ['trump', 'summon-magic', 't-magic', 'spimate']) {
        for (const f of scenarioFiles([join(root, 'rules', game, 'rulings')]).slice(0, 6)) {
          for (const a of ask(f.slice(root.length + 1)).actions) {
            for (const x of a.reasons) {
              n++;
              for (const fragment of fragments) expect(x.text, f).not.toContain(fragment);
              expect(x.text).not.toMatch(/\blog\.[a-z-]+/);
            }
          }
        }
      }
      expect(n).toBeGreaterThan(100);
    } finally {
      setLanguage('en');
    }
  });
});
