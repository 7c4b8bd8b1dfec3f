/**
 * The balance lab in the reader's language (issue 32): `grimoire balance` and `grimoire tune`
 * print Japanese under `--lang ja` (or a Japanese locale) and English by default; their usage
 * errors too; the coverage table and a new card file's first lines follow the language. The
 * numbers are the same in both: only the words change.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';
import { coverageMarkdown, coverageText, explanation, type CoverageReport } from '../scenario/coverage.ts';
import { format, setLanguage } from '../i18n/format.ts';
import { deckName } from '../balance/words.ts';
import { deckSummary, metricLabel } from '../balance/verdicts.ts';
import type { BalanceComparison, DeckMetric, MetricChange } from '../balance/report.ts';

/** The CLI with a clean locale (only the variables given choose the language), in this process (grimoire-in-process.ts). */
function grimoire(args: string[], env: Record<string, string> = {}) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(LANG|LANGUAGE|LC_ALL|LC_MESSAGES|GRIMOIRE_LANG)$/.test(k)));
  return grimoireInProcess(args, { cwd: root, env: { ...base, ...env } });
}

/** The measured numbers of a report (rates, decimals: not the counts a sentence may word), in order: the same whatever the language. */
const numbers = (text: string) => (text.match(/[−+]?\d+(?:[.,]\d+)*%?/g) ?? []).filter((n) => /[.%]/.test(n) && n !== '95%');

const balance = ['balance', 'skirmish', '--games', '40', '--workers', '1'];

describe('grimoire balance in the reader\'s language', () => {
  it('prints the report in Japanese under --lang ja and LANG=ja_JP.UTF-8, English by default, with the same numbers', async () => {
    const en = await grimoire(balance);
    expect(en.status).toBe(0);
    for (const heading of ['Seats', 'How games end', 'Length', 'Decks — each card is judged', 'Verdicts — cards that stand out', 'Actions and triggers — uses per game']) expect(en.stdout).toContain(heading);
    for (const ja of [await grimoire([...balance, '--lang', 'ja']), await grimoire(balance, { LANG: 'ja_JP.UTF-8' })]) {
      expect(ja.status).toBe(0);
      for (const heading of ['skirmish のバランス — ', '席', 'ゲームの終わり方', 'ゲームの長さ', 'デッキ — 各カードは同じデッキの他のカードと比べて判定します', '判定 — デッキの中で突出したカード', 'アクションとトリガー — 1 ゲームあたりの使用回数', '95%信頼区間', 'ランダムプレイ: 両席とも']) expect(ja.stdout).toContain(heading);
      for (const english of ['Seats', 'How games end', 'Verdicts', 'Random play', 'won ', 'games in ', 'the deck', 'default rule parameters']) expect(ja.stdout).not.toContain(english);
      // The numbers are the report's: only the words change (the timing line aside).
      const body = (s: string) => s.trimEnd().split('\n').slice(0, -1).join('\n');
      expect(numbers(body(ja.stdout))).toEqual(numbers(body(en.stdout)));
      expect(numbers(body(en.stdout)).length).toBeGreaterThan(20);
    }
  }, 300_000);

  it('says its usage errors in Japanese (exit 2, no stack trace)', async () => {
    const none = await grimoire(['balance', '--lang', 'ja']);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('balance にはゲームを指定します。例: grimoire balance trump --games 2000');
    const values = await grimoire([...balance, '--values', 'most', '--lang', 'ja']);
    expect(values.status).toBe(2);
    expect(values.stderr).toContain('--values most: all (全デッキの全カードを順に置換)');
    const until = await grimoire([...balance, '--until', 'Soldjer settled', '--lang', 'ja']);
    expect(until.status).toBe(2);
    expect(until.stderr).toContain('--until「Soldjer settled」: skirmish に「Soldjer」というカードはありません。「Soldier」のことですか?');
    expect(`${none.stderr}${values.stderr}${until.stderr}`).not.toMatch(/\n\s+at /);
    expect((await grimoire(['balance'])).stderr).toContain('balance needs a game, e.g. grimoire balance trump --games 2000');
  }, 300_000);

  it('prints tune\'s report in Japanese: the fair value, the table\'s headers, the footnote', async () => {
    const args = ['tune', 'spimate', '--card', '若き竜', '--attr', 'cost', '--values', '1..2', '--games', '30', '--workers', '1'];
    const ja = await grimoire([...args, '--lang', 'ja']);
    expect(ja.status).toBe(0);
    expect(ja.stdout).toContain('若き竜 の cost はいくつにすべきか? — spimate、値ごとに 30 ゲーム');
    expect(ja.stdout).toContain('適正値 — そのカードの価値が基準カードと同じになる値');
    expect(ja.stdout).toMatch(/p1 のデッキ \(p1\): (試したどの値でも|cost ≈ )/);
    expect(ja.stdout).toMatch(/p1 のデッキ \(p1\): 代わりに .+ を入れた場合と比較/);
    expect(ja.stdout).toContain('価値 pt [95%信頼区間]');
    expect(ja.stdout).toContain('* 印刷された値。');
    expect(ja.stdout).not.toMatch(/What should|Fair value|worth, pts|printed\./);
    const en = await grimoire(args);
    expect(en.stdout).toContain("What should 若き竜's cost be? — spimate, 30 games per value");
    const bad = await grimoire(['tune', 'skirmish', '--card', 'Soldier', '--attr', 'powr', '--values', '1..3', '--lang', 'ja']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--attr powr: Soldier に「powr」という数の attr はありません。「power」のことですか? (数の attr: power)');
  }, 300_000);
});

describe('the coverage table and a new card file in the reader\'s language', () => {
  afterEach(() => setLanguage('en'));

  const report: CoverageReport = {
    game: 'trump',
    counts: { ids: 4, tested: 1, cited: 1, untestable: 0, uncited: 2, parameters: 1, omissions: 0, headings: 1, unexplained: 0 },
    rules: [
      { id: 'TR-1', title: 'Zones', status: 'tested', rulings: ['a.yaml', 'b.yaml'], readme: [], heading: false },
      { id: 'TR-2', title: 'Barriers', status: 'cited', rulings: [], readme: [], heading: false },
      { id: 'TR-3', title: 'Characters', status: 'uncited', rulings: [], readme: [], heading: true },
      { id: 'TR-4', title: 'Opening hand', status: 'uncited', rulings: [], readme: [{ code: 'P', note: 'parameter opening_hand', line: 9 }], heading: false },
    ],
    unknown: [],
    readmeProblems: [],
    rulings: { total: 2, passed: 2, failed: [] },
    lines: {},
  };

  it('words the table in Japanese, the code letters and the JSON\'s reasons as they are', () => {
    const en = coverageText(report);
    expect(en).toContain('trump: 4 ids: 1 tested, 1 cited but untested, 2 not cited (1 parameters, 0 omissions, 1 chapter headings, 0 unexplained)');
    expect(en).toContain('TR-1      Zones — 2 rulings');
    setLanguage('ja');
    const ja = coverageText(report);
    expect(ja).toContain('trump: 4 個の ID: テスト済み 1、引用のみでテストなし 1、引用なし 2 (パラメーター 1、意図的な省略 0、章見出し 1、説明なし 0)');
    expect(ja).toContain('裁定集: 2 件中 2 件の裁定が通過');
    expect(ja).toContain('テスト済み (1)');
    expect(ja).toContain('TR-1      Zones — 裁定 2 件');
    expect(ja).toContain('TR-3      Characters — H 章見出し: そのルールは下に並んでいます (TR-3.…)');
    expect(ja).toContain('TR-4      Opening hand — P パラメーター opening_hand');
    expect(ja).not.toMatch(/tested|cited|ruling/);
    expect(coverageMarkdown(report)).toContain('# ルールのカバレッジ: trump');
    // The code letter leads in every language (cli/coverage.ts reads it); the JSON's reason stays English.
    expect(explanation(report.rules[2]!).startsWith('H ')).toBe(true);
    expect(explanation(report.rules[3]!, 'en')).toBe('P parameter opening_hand');
  });

  it('starts a new card file with Japanese comments in Japanese, and names decks in Japanese', () => {
    const ja = format('ja', 'new.card-file', { game: 'trump', dir: 'cards/trump' });
    expect(ja).toContain('// trump の新しいカード: 1 行に 1 枚、cards/trump の他のファイルと同じ形で');
    expect(ja).toContain('//   card Name "印刷される名前": CardType { attribute = value }');
    expect(format('en', 'new.card-file', { game: 'trump', dir: 'cards/trump' })).toBe('// New cards for trump: one line per card, like the ones in the other files of cards/trump\n//   card Name "Printed name": CardType { attribute = value }\n// The problems panel checks this file with the rest of the game as you type.\n\n');
    setLanguage('ja');
    expect([deckName('the deck'), deckName("p1's deck"), deckName('deck 2')]).toEqual(['デッキ', 'p1 のデッキ', 'デッキ 2']);
    setLanguage('en');
    expect(deckName("p1's deck")).toBe("p1's deck");
  });
});

describe("a comparison's metric names in the reader's language (balance/verdicts.ts metricLabel)", () => {
  afterEach(() => setLanguage('en'));

  it("words a seat's win rate in Japanese, not with the JSON's English name", () => {
    setLanguage('ja');
    const m = { metric: 'seats.p1.wins', label: "p1's win rate", group: 'seats' } as MetricChange;
    // A seat's metric needs nothing of the comparison.
    expect(metricLabel(m, {} as BalanceComparison)).toBe('p1 の勝率');
  });
});

describe("a deck's line: who drew from it, in the reader's language (balance/verdicts.ts deckSummary)", () => {
  afterEach(() => setLanguage('en'));
  const deck = (bySeat: Record<string, number>) => ({ deck: 'p1', cards: Array.from({ length: 25 }, (_, i) => `C${i}`), pooled: false, bySeat }) as unknown as DeckMetric;

  it('names each seat that drew from the deck with its games, and no seat that drew nothing', () => {
    const one = deckSummary(deck({ p1: 3000, p2: 0 }));
    expect(one).toMatch(/: 25 cards, drawn from by p1 in 3000 games$/);
    expect(one).not.toMatch(/p2/);
    const both = deckSummary(deck({ p1: 5, p2: 7 }));
    expect(both).toMatch(/drawn from by p1 in 5 games.*p2 in 7 games$/);
    setLanguage('ja');
    expect(deckSummary(deck({ p1: 3000, p2: 0 }))).toMatch(/: 25 枚、使用: p1 が 3000 ゲーム$/);
  });
});
