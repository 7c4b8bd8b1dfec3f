/**
 * The command line in the reader's language: --lang on any command, GRIMOIRE_LANG, the locale;
 * the same codes, positions and code frames in every language, English by default.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

/** The environment with a clean locale: only the variables given choose the language. */
function cleanLocale(env: Record<string, string>): Record<string, string | undefined> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(LANG|LANGUAGE|LC_ALL|LC_MESSAGES|GRIMOIRE_LANG)$/.test(k)));
  return { ...base, ...env };
}

/** The CLI with a clean locale, in this process (grimoire-in-process.ts: the environment is the command's own). */
function grimoire(args: string[], env: Record<string, string> = {}) {
  return grimoireInProcess(args, { cwd: root, env: cleanLocale(env) });
}

/** The same through cli/bin.js in a subprocess: the language a real process picks from its locale, and its exit code. */
function grimoireProcess(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, encoding: 'utf8', env: cleanLocale(env) as NodeJS.ProcessEnv });
}

/** Skirmish's files with two mistakes: a misspelt member, text where a number goes. */
function gameWithMistakes(): string {
  const dir = mkdtempSync(join(tmpdir(), 'grimoire-lang-'));
  cpSync(join(root, 'rules/skirmish'), dir, { recursive: true, filter: (f) => !f.endsWith('.yaml') && !f.endsWith('.md') });
  cpSync(join(root, 'cards/skirmish'), dir, { recursive: true });
  const turn = join(dir, 'turn.grim');
  const text = readFileSync(turn, 'utf8');
  expect(text).toContain('active.board');
  writeFileSync(turn, text.replace('active.board', 'active.bord').replace('opponent.life - sum(', 'opponent.life - "x" + sum('));
  return dir;
}

/** The lines that are the same in every language: positions, codes, code frames. */
const frames = (out: string) => out.split('\n').filter((l) => /^\s*(>?\s*\d+ \||\|)/.test(l));
const codes = (out: string) => [...out.matchAll(/^(\S+:\d+:\d+): \S+ (\S+)/gm)].map((m) => `${m[1]} ${m[2]}`);

describe('grimoire in the reader\'s language', () => {
  const dir = gameWithMistakes();
  // `check` of the game in English, which several tests compare with: run once.
  let english: ReturnType<typeof grimoire> | undefined;
  const checkInEnglish = () => (english ??= grimoire(['check', dir]));

  it('speaks English by default and where the locale is not Japanese', async () => {
    for (const env of [{}, { LANG: 'C.UTF-8' }, { LANG: 'fr_FR.UTF-8' }, { LANG: 'ja_JP.UTF-8', LC_ALL: 'C' }] as Record<string, string>[]) {
      const r = await grimoire(['check', dir], env);
      expect(r.status).toBe(1);
      expect(r.stdout).toContain("error type/not-a-member a player has no 'bord'");
      expect(r.stdout).toContain("note: did you mean 'board'?");
      expect(r.stdout).toContain('3 file(s) checked: 2 error(s), 0 warning(s)');
    }
  });

  it('speaks Japanese with --lang ja, GRIMOIRE_LANG=ja or LANG=ja_JP.UTF-8, with the same codes and code frames', async () => {
    const en = await checkInEnglish();
    for (const [args, env] of [[['check', dir, '--lang', 'ja'], {}], [['check', '--lang=ja', dir], { LANG: 'en_US.UTF-8' }], [['check', dir], { GRIMOIRE_LANG: 'ja' }], [['check', dir], { LANG: 'ja_JP.UTF-8' }]] as const) {
      const r = await grimoire([...args], env);
      expect(r.status).toBe(1);
      expect(r.stdout).toContain("エラー type/not-a-member プレイヤーに 'bord' はありません");
      expect(r.stdout).toContain("注: 'board' のことですか？");
      expect(r.stdout).toContain("エラー type/mismatch '-' には数が必要ですが、これはテキストです");
      expect(r.stdout).toContain('3 個のファイルを検査しました: エラー 2 件、警告 0 件');
      expect(codes(r.stdout)).toEqual(codes(en.stdout));
      expect(frames(r.stdout)).toEqual(frames(en.stdout));
      expect(r.stdout).not.toMatch(/\b(error|warning|note):? /);
    }
  });

  it('--lang wins over the environment; --lang en gives the English of the default', async () => {
    const r = await grimoire(['check', dir, '--lang', 'en'], { LANG: 'ja_JP.UTF-8', GRIMOIRE_LANG: 'ja' });
    expect(r.stdout).toBe((await checkInEnglish()).stdout);
  });

  it('--json carries the reader\'s words and the same codes', async () => {
    const ja = JSON.parse((await grimoire(['check', dir, '--json', '--lang', 'ja'])).stdout) as { diagnostics: { code: string; message: string; line: number }[] };
    const en = JSON.parse((await grimoire(['check', dir, '--json'])).stdout) as typeof ja;
    expect(ja.diagnostics.map((d) => [d.code, d.line])).toEqual(en.diagnostics.map((d) => [d.code, d.line]));
    expect(ja.diagnostics.map((d) => d.message)).toContain("プレイヤーに 'bord' はありません");
  });

  it('refuses a language it has no catalog for, naming those it has (a usage error, exit 2)', () => {
    const r = grimoireProcess(['check', dir, '--lang', 'fr']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--lang takes en or ja, not 'fr'");
    expect(grimoireProcess(['check', dir, '--lang']).status).toBe(2);
  });
});

describe('grimoire scenario in the reader\'s language', () => {
  it('reports the trump casebook in Japanese under LANG=ja_JP.UTF-8, in English by default, with the same rulings', async () => {
    const ja = await grimoire(['scenario', 'rules/trump/rulings'], { LANG: 'ja_JP.UTF-8' });
    const en = await grimoire(['scenario', 'rules/trump/rulings']);
    expect(ja.status).toBe(0);
    const total = en.stdout.trim().split('\n').at(-1)!;
    expect(total).toMatch(/^(\d+) passed, 0 failed$/);
    const n = /^(\d+)/.exec(total)![1];
    expect(ja.stdout.trim().split('\n').at(-1)).toBe(`合格 ${n} 件、不合格 0 件`);
    const rulings = (out: string, tag: string) => out.split('\n').filter((l) => l.startsWith(`${tag} rules/`)).map((l) => l.slice(tag.length));
    expect(rulings(ja.stdout, '合格')).toEqual(rulings(en.stdout, 'PASS'));
    expect(ja.stdout).not.toMatch(/^(PASS|FAIL) /m);
  });

  it('says why a ruling fails in Japanese', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grimoire-lang-'));
    const ruling = readFileSync(join(root, 'rules/skirmish/rulings/turn-start.yaml'), 'utf8');
    expect(ruling).toContain('p1.hand: [Archer]');
    writeFileSync(join(dir, 'wrong.yaml'), ruling.replace('p1.hand: [Archer]', 'p1.hand: [Soldier]'));
    const r = await grimoire(['scenario', join(dir, 'wrong.yaml'), '--lang', 'ja']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^不合格 /m);
    expect(r.stdout).toContain('p1.hand は [Soldier] のはずですが、[Archer] です');
    expect(r.stdout).toContain('ログ (最後の行):');
    expect(r.stdout.trim().split('\n').at(-1)).toBe('合格 0 件、不合格 1 件');
  });
});

describe('grimoire faq in the reader\'s language', () => {
  it('writes the trump FAQ page with Japanese headings, lead, positions and answers under --lang ja, and no English heading', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grimoire-lang-'));
    const out = join(dir, 'faq.html');
    const r = await grimoire(['faq', 'trump', '--lang', 'ja', '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/を書きました: \d+ 個のルールのもとに \d+ 件の裁定/);
    const html = readFileSync(out, 'utf8');
    for (const heading of ['<h2>目次</h2>', '<h4>局面', '<h4>回答</h4>', '<h4>理由</h4>', '前提:', '裁定集</h1>']) expect(html).toContain(heading);
    expect(html).toMatch(/の裁定集から \d+ 件の裁定を/);
    // The generated answer in words: "p1 may choose …" is 「p1 は … を選べる」.
    expect(html).toMatch(/<li class="held">[^<]*を選べる<\/li>/);
    for (const english of ['Contents', 'The position', 'The answer', '<h4>Why</h4>', 'Assumes:', 'Other rulings', 'rulings from the casebook', 'What the ruling checks']) expect(html).not.toContain(english);
    // (a ruling's own name may be English: it is the casebook's text, not Grimoire's)
    expect(html).not.toMatch(/<li class="(held|not)">[^<]*\b(may (not )?choose|holds|wins the game)\b/);
    // No catalog key leaks into the page.
    expect(html).not.toMatch(/\b(faq|words|scenario|cli)\.[a-z-]+\b(?!\.)/);
  });
});

describe('why-not, cards and fmt in the reader\'s language', () => {
  const fixture = 'test/fixtures/why-not/trump-entered-this-turn.yaml';

  it('why-not explains in Japanese under --lang ja: the frame, the verdict words and the summary; English by default', async () => {
    const en = await grimoire(['why-not', fixture, '--player', 'p1']);
    expect(en.status, en.stderr).toBe(0);
    expect(en.stdout).toMatch(/ — why not, for p1, at the decision after step \d+/);
    expect(en.stdout).toMatch(/^\d+ available, \d+ refused$/m);
    const ja = await grimoire(['why-not', fixture, '--player', 'p1', '--lang', 'ja']);
    expect(ja.status, ja.stderr).toBe(0);
    expect(ja.stdout).toMatch(/ — p1 にできないのはなぜか、ステップ \d+ のあとの判断/);
    expect(ja.stdout).toMatch(/^可能 \d+、不可 \d+$/m);
    expect(ja.stdout).toMatch(/^(可能|不可) /m);
    // The same actions, in the same order: only the frame's words change.
    const counts = (out: string) => /(\d+)\D+(\d+)\D*$/.exec(out.trim().split('\n').pop()!)!.slice(1);
    expect(counts(ja.stdout)).toEqual(counts(en.stdout));
    expect(ja.stdout).not.toMatch(/\b(available|refused|why not)\b/);
    const usage = await grimoire(['why-not', fixture, '--lang', 'ja']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('why-not には --player');
  });

  it('cards and fmt report in Japanese under --lang ja', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grimoire-lang-cards-'));
    const cards = await grimoire(['cards', 'skirmish', '--svg', join(dir, 'svg'), '--lang', 'ja']);
    expect(cards.status, cards.stderr).toBe(0);
    expect(cards.stderr).toMatch(/に \d+ 枚のカードを書きました \(1 枚ごとに SVG、と index\.html\)/);
    expect((await grimoire(['cards', '--lang', 'ja'])).stderr).toContain('cards にはゲームを指定します');
    const file = join(dir, 'messy.grim');
    writeFileSync(file, 'game g "G" {   players 2 }\n');
    const check = await grimoire(['fmt', '--check', file, '--lang', 'ja']);
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(/: 整形されていません$/m);
    expect(check.stdout).toMatch(/^1 個のファイル: 変わるもの 1 個。整形するには grimoire fmt .* を実行してください$/m);
    const en = await grimoire(['fmt', '--check', file]);
    expect(en.stdout).toMatch(/^1 file: 1 would change; run grimoire fmt .* to format them$/m);
  });
});

describe('diff and coverage in the reader\'s language', () => {
  it('diff prints its counts, its change words and its rulings in Japanese under --lang ja', async () => {
    const en = await grimoire(['diff', 'trump', 'trump-82']);
    expect(en.status, en.stderr).toBe(0);
    expect(en.stdout).toMatch(/^trump → trump-82: \d+ definitions? changed, \d+ added, \d+ removed; \d+ parameter defaults? changed$/m);
    const ja = await grimoire(['diff', 'trump', 'trump-82', '--lang', 'ja']);
    expect(ja.status, ja.stderr).toBe(0);
    expect(ja.stdout).toMatch(/^trump → trump-82: 定義の変更 \d+ 件、追加 \d+ 件、削除 \d+ 件。パラメーターの既定値の変更 \d+ 件$/m);
    expect(ja.stdout).toMatch(/^(変更|追加|削除) /m);
    expect(ja.stdout).not.toMatch(/^(changed|added|removed) /m);
    expect((await grimoire(['diff', 'trump', '--lang', 'ja'])).stderr).toContain('diff にはゲームを 2 つ指定します');
  });

  it('coverage says its usage errors and shortfalls in Japanese under --lang ja', async () => {
    expect((await grimoire(['coverage', '--lang', 'ja'])).stderr).toContain('coverage にはゲームを 1 つ指定します');
    expect((await grimoire(['coverage', 'trump', '--fail-under', 'x', '--lang', 'ja'])).stderr).toContain('--fail-under x: 引用されたルール ID のうち');
  });
});

describe('tune\'s usage errors in the reader\'s language', () => {
  it('says what tune needs in Japanese under --lang ja, in English by default', async () => {
    expect((await grimoire(['tune'])).stderr).toContain('tune needs a game');
    expect((await grimoire(['tune', '--lang', 'ja'])).stderr).toContain('tune にはゲームを指定します');
    expect((await grimoire(['tune', 'skirmish', '--lang', 'ja'])).stderr).toContain('tune には --card NAME を指定します');
  });
});

describe('merge in the reader\'s language', () => {
  it('says what is wrong with a summaries file in Japanese under --lang ja, in English by default', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grimoire-lang-merge-'));
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '\n');
    expect((await grimoire(['merge', empty])).stderr).toContain('the file is empty (expected the JSON lines written by grimoire play --summaries)');
    expect((await grimoire(['merge', empty, '--lang', 'ja'])).stderr).toContain('ファイルが空です (grimoire play --summaries が書く JSON の行のはずです)');
  });
});
