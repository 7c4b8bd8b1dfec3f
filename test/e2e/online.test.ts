/**
 * "Play online" (issue 30): `grimoire serve` started on a free port, serving the playground built
 * for this run (`--playground`: the page's own address is the server, as for a playtest group; with
 * GRIMOIRE_E2E_URL the page is elsewhere and names the server in its field), the playground creating a
 * match on it, and two browser contexts — two people — playing the whole game against each
 * other by clicking, each seeing only their seat — the second in Japanese, its cards drawn as
 * faces as in the Cards tab; the second leaves mid-game (the first sees "waiting for p2") and comes
 * back with its link to the same decision; then the finished game is reopened as a replay and
 * stepped through. Waits are for
 * conditions, never for time. Screenshots: test/artifacts/e2e/.
 *
 * The game is Summon & Magic (a Japanese game: its cards' faces are Japanese on both pages), each
 * person answering the first option: Charge draws until one hand holds more than seven cards —
 * Magic Burst, a whole game in 9 or 10 answers whatever seed the server deals (every seed of
 * 0–999 checked with the engine). A trump game took 73–189 answers so (~112 in a run: 426 s of
 * one test's wall, most of the file's CPU): every answer is a replay on the server and a frame
 * drawn on both pages, and what is tested is the same at any length. `grimoire serve` runs from
 * the bundle people run (cli/bin.js, as test/serve-cli.test.ts), not its sources through tsx.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameSources } from '../../compiler/project.ts';
import { browserForFile, closePage, openPlayground, recordTimings, root, served, shot, type PlaygroundPage } from './harness.ts';

const files = browserForFile();

/** The game the two people play (see the file's header). */
const GAME = 'summon-magic';

/** `grimoire serve --port 0` with a fresh database (and the built playground, if any): its address once it prints it. */
function startServe(db: string, playground: string): { child: ChildProcess; address: Promise<string> } {
  const child = spawn(process.execPath, [join(root, 'cli/bin.js'), 'serve', '--port', '0', '--db', db, '--lang', 'en', ...(playground ? ['--playground', playground] : [])], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const address = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`grimoire serve exited (${code}) before listening:\n${out}`)));
  });
  return { child, address };
}

/** Where a page's match stands: its state (person: its seat must answer; waiting; over) and the answers the server has had. */
async function standing(page: Page): Promise<{ state: string; answers: number }> {
  return page.evaluate(() => {
    const m = document.getElementById('match')!;
    return { state: m.dataset.state ?? '', answers: Number(m.dataset.answers ?? -1) };
  });
}

/** Waits until the page has heard of `n` answers (the server's state frame after the latest one). */
async function heard(page: Page, n: number): Promise<void> {
  await page.waitForFunction((k) => Number(document.getElementById('match')?.dataset.answers ?? -1) >= k && ['person', 'waiting', 'over'].includes(document.getElementById('match')?.dataset.state ?? ''), n);
}

describe('Play online: two people, two browsers, one game (Chromium)', () => {
  let serve: ReturnType<typeof startServe>;
  let address: string;
  let dir: string;
  /** The built playground grimoire serve serves ('' when the page is elsewhere: GRIMOIRE_E2E_URL). */
  let built: string;
  beforeAll(async () => {
    built = (await served()).dir;
    dir = mkdtempSync(join(tmpdir(), 'grimoire-online-e2e-'));
    serve = startServe(join(dir, 'games.sqlite'), built);
    address = await serve.address;
  });
  afterAll(async () => {
    if (serve?.child.exitCode === null) {
      const exited = new Promise((resolve) => serve.child.once('exit', resolve));
      serve.child.kill('SIGINT');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a match from the playground, plays it to the end by clicking in two contexts, then replays it step by step', async () => {
    const t0 = Date.now();
    // The page from the server itself (its field left empty: this page's address), or from elsewhere naming the server.
    const a: PlaygroundPage = await openPlayground(files.browser, built ? `${address}/` : files.url);
    await a.page.selectOption('#game-select', GAME);
    await a.page.waitForFunction((g) => (window as any).grimoire.ws.game === g, GAME);
    if (!built) await a.page.fill('#online-server', address);
    await a.page.check('#online-hints');
    await a.page.selectOption('#online-timeout', 'agent');
    await a.page.fill('#online-minutes', '30');
    await a.page.click('#play-online');
    await a.page.waitForSelector('#online-links li[data-seat="judge"] input.online-link');
    // The match as created: Hints allowed, an agent for a seat away 30 minutes.
    const id = (await a.page.getAttribute('#online-links', 'data-match'))!;
    const kept = (await (await fetch(`${address}/api/matches/${id}`)).json()) as { game: string; options: unknown };
    expect(kept).toMatchObject({ game: GAME, options: { hints: true, timeout: { kind: 'agent', minutes: 30 }, openJudge: false } });
    expect(await a.page.textContent('#online-links')).toContain('Played with the rules as they are on the server');
    const link = (seat: string) => a.page.getAttribute(`#online-links input.online-link[data-seat="${seat}"]`, 'value') as Promise<string>;
    const p2link = await link('p2');
    expect(p2link).toMatch(built ? new RegExp(`^${address}/#online=[A-Za-z0-9_-]{20,}&game=${GAME}$`) : new RegExp(`#online=[A-Za-z0-9_-]{20,}&server=http%3A%2F%2F127\\.0\\.0\\.1%3A\\d+&game=${GAME}$`));
    await shot(a.page, '90-online-links');

    // The creator plays p1 here; p2 is not here yet: the table says so.
    await a.page.click('#online-links .online-here[data-seat="p1"]');
    await a.page.waitForSelector('#match[data-online="p1"]');
    await heard(a.page, 0);
    await a.page.waitForSelector('#online-presence .online-seat[data-seat="p2"][data-presence="away"]');
    if ((await standing(a.page)).state === 'waiting') expect(await a.page.textContent('#online-waiting')).toBe('waiting for p2');

    // The other person opens the p2 link in their own browser profile — in Japanese.
    const b: PlaygroundPage = await openPlayground(files.browser, p2link, { locale: 'ja-JP' });
    await b.page.waitForSelector('#match[data-online="p2"]');
    await heard(b.page, 0);
    await a.page.waitForSelector('#online-presence .online-seat[data-seat="p2"][data-presence="connected"]');
    // Each sees only their seat: the board is theirs and the other's hand is hidden.
    for (const [me, other, p] of [['p1', 'p2', a.page], ['p2', 'p1', b.page]] as const) {
      expect(await p.$$eval('#viewer option', (os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([me]);
      await p.waitForSelector(`#board[data-viewer="${me}"] .board-player[data-player="${other}"] .zone[data-hidden="true"]`);
    }
    // Cards are drawn as their faces (the page's game's, from its compile worker), in either language.
    for (const p of [a.page, b.page]) await p.waitForSelector('#board .card[data-card] .card-art svg');
    expect(await b.page.textContent('#tab-run')).not.toBe('Run');

    const pages = { p1: a.page, p2: b.page };
    let answers = 0;
    let hinted = false;
    let left = false;
    for (;;) {
      await Promise.all([heard(a.page, answers), heard(b.page, answers)]);
      const sa = await standing(a.page);
      const sb = await standing(b.page);
      if (sa.state === 'over' || sb.state === 'over') {
        await a.page.waitForSelector('#match[data-state="over"]');
        await b.page.waitForSelector('#match[data-state="over"]');
        break;
      }
      // Exactly one of them is asked.
      expect([sa.state, sb.state].sort()).toEqual(['person', 'waiting']);
      const seat = sa.state === 'person' ? 'p1' : 'p2';
      const page = pages[seat];
      const waiter = pages[seat === 'p1' ? 'p2' : 'p1'];
      expect(await page.textContent('#decision-prompt')).toMatch(seat === 'p1' ? /^p1, your decision: / : /^p2 の判断: /);
      expect(await waiter.isHidden('#decision')).toBe(true);
      if (!hinted) {
        // The match allows Hints: the server's estimates, for this seat's decision.
        await page.click('#hint');
        await page.waitForSelector('#hint-panel[data-state="done"] .hint-row');
        hinted = true;
        await shot(page, '91-online-hint');
      }
      // (p2 is asked at an answer ≥ 3 before the end whoever starts: each chooses a deck, then a turn is three Charges.)
      if (!left && answers >= 3 && seat === 'p2') {
        // p2 leaves while asked: p1's table waits for p2. p2 comes back with the same link: the same decision, the same log.
        const before = { log: await b.page.$$eval('#log .log-step', (rows) => rows.length), prompt: await b.page.textContent('#decision-prompt') };
        await b.page.goto('about:blank');
        await a.page.waitForSelector('#online-presence .online-seat[data-seat="p2"][data-presence="away"]');
        expect(await a.page.textContent('#online-waiting')).toBe('waiting for p2');
        await shot(a.page, '92-online-waiting');
        await b.page.goto(p2link);
        await heard(b.page, answers);
        expect(await standing(b.page)).toEqual({ state: 'person', answers });
        expect({ log: await b.page.$$eval('#log .log-step', (rows) => rows.length), prompt: await b.page.textContent('#decision-prompt') }).toEqual(before);
        await a.page.waitForSelector('#online-presence .online-seat[data-seat="p2"][data-presence="connected"]');
        expect(await a.page.isHidden('#online-waiting')).toBe(true);
        left = true;
        continue;
      }
      const n = await page.$$eval('#decision-options .decision-option', (bs) => bs.length);
      expect(n).toBeGreaterThan(0);
      // The first option: a deck, then Charge (see the file's header).
      await page.click('#decision-options .decision-option[data-index="0"]');
      answers++;
      expect(answers).toBeLessThan(3000);
    }
    expect(left).toBe(true);
    const result = (await a.page.textContent('#run-result'))!;
    expect(result).toMatch(/^(p1 wins|p2 wins|Draw) — .* \(\d+ answers\)\. Open the replay$/);
    expect(await b.page.textContent('#run-result')).toMatch(/\(回答 \d+ 回\)。 リプレイを開く$/);
    expect(await a.page.textContent('#match-status')).toMatch(/^Game over/);
    await shot(b.page, '93-online-over-ja');
    const played = Date.now() - t0;

    // The finished game is a replay: opened from the page, stepped through with every viewer.
    await a.page.click('#online-replay');
    await a.page.waitForSelector('#match[data-replay="same"]');
    expect(await a.page.textContent('#run-message')).toMatch(new RegExp(`^The replay of match .*: ${answers} answers, the same end as on the server`));
    expect(await a.page.$$eval('#viewer option', (os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['judge', 'p1', 'p2']);
    const steps = await a.page.$$eval('#log .log-step', (rows) => rows.length);
    expect(steps).toBeGreaterThan(answers);
    await a.page.selectOption('#viewer', 'judge');
    for (let i = 0; i < 3; i++) {
      const counter = await a.page.textContent('#step-counter');
      await a.page.click('#step-back');
      await a.page.waitForFunction((c) => document.getElementById('step-counter')?.textContent !== c, counter);
      await a.page.waitForSelector('#board[data-viewer="judge"]:not([data-loading]) .board-caption');
    }
    // The judge sees p1's hand in the replay (nothing is hidden any more).
    expect(await a.page.$$eval('#board .board-player[data-player="p1"] .zone[data-hidden="true"]', (z) => z.length)).toBe(0);
    await a.page.click('#log .log-step >> nth=3');
    await a.page.waitForSelector('#board:not([data-loading]) .board-caption');
    expect(await a.page.textContent('#step-counter')).toMatch(/^step 4 of /);
    await shot(a.page, '94-online-replay');
    recordTimings('onlineMatch', { game: GAME, answers, playedMs: played, ms: Date.now() - t0 });
    await closePage(a);
    await closePage(b);
  });

  it('draws the cards of a match created from edited rules as they are played, not as the page has them', async () => {
    // Skirmish with its Soldier edited (power 2 → 7), created through the API as the playground of another designer would.
    const page = await fetch(`${address}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'skirmish', seed: 5, files: skirmishFiles().map((f) => (f.path.endsWith('cards.grim') ? { ...f, text: f.text.replace('card Soldier "Soldier": Unit { power = 2 }', 'card Soldier "Soldier": Unit { power = 7 }') } : f)) }) });
    const m = (await page.json()) as { uploaded: boolean; seats: Record<string, { token: string }> };
    expect(m.uploaded).toBe(true);
    // p1's link as the playground writes it (online-client.ts linkUrl).
    const token = m.seats.p1!.token;
    const url = built ? `${address}/#online=${token}&game=skirmish` : `${files.url}#online=${token}&server=${encodeURIComponent(address)}&game=skirmish`;
    const a: PlaygroundPage = await openPlayground(files.browser, url);
    await a.page.waitForSelector('#match[data-online="p1"]');
    // The board draws the match's own faces (the run worker compiled the files the server kept).
    await a.page.waitForSelector('#board[data-faces="match"] .card[data-card] .card-art svg');
    // The Soldier p1 drew (seed 5) prints the edited power, as the match plays it.
    await a.page.waitForSelector('#board .card[data-card="Soldier"] .card-art svg');
    const soldiers = await a.page.$$eval('#board .card[data-card="Soldier"] .card-art svg', (svgs) => svgs.map((s) => s.textContent ?? ''));
    expect(soldiers.length).toBeGreaterThan(0);
    // (The face's text nodes, joined: its name, title, type and "power" then the number.)
    for (const text of soldiers) expect(text).toMatch(/power7$/);
    await shot(a.page, '95-online-edited-faces');
    await closePage(a);
  });
});

/** Skirmish's own files, as the playground would upload them. */
function skirmishFiles(): { path: string; text: string }[] {
  return gameSources(root, 'skirmish')!.map((s) => ({ path: s.path, text: s.text }));
}
