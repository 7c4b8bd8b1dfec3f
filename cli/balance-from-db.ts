/**
 * `grimoire balance GAME --from-db FILE|postgres://…`: the games people played on `grimoire serve`
 * (server/kept-games.ts replays them with the tally) folded by the same balance fold as the
 * simulated games, and shown beside them — every number labelled people or simulation, with its
 * sample size and interval, and how many kept games were read and how many skipped, and why.
 */
import { existsSync } from 'node:fs';
import type { GameIR } from '../compiler/ir.ts';
import { foldBalance } from '../balance/fold.ts';
import type { BalanceReport, BalanceSettings, CardMetric, Rate } from '../balance/report.ts';
import { isPostgresUrl, openStore, shownUrl } from '../server/open-store.ts';
import { readKeptGames, type SkipReason } from '../server/kept-games.ts';
import type { MatchStore } from '../server/store.ts';
import stringWidth from 'string-width';
import { list, t } from '../i18n/format.ts';
import { rulesFingerprint } from './games.ts';
import { UsageError } from './usage-error.ts';

/** What `--json` carries under `fromDb`: where from, what was read and skipped, and the people's report. */
export interface FromDbJson {
  source: 'people';
  db: string;
  rules: string;
  read: number;
  skipped: Record<SkipReason, number>;
  matches: string[];
  answers: number;
  agentAnswers: number;
  report: BalanceReport;
}

/** The kept games below this many: the report says its intervals are too wide to tell much. */
const FEW_GAMES = 30;
/** The cards shown in the text (most played by people first); --json has every one. */
const CARDS_SHOWN = 15;

/** A --from-db that names no file is refused before any game is simulated. */
export function checkKeptDb(db: string): void {
  if (!isPostgresUrl(db) && db !== ':memory:' && !existsSync(db)) throw new UsageError(t('cli.from-db.no-file', { db }), false);
}

async function openKept(db: string): Promise<MatchStore> {
  checkKeptDb(db);
  try {
    return await openStore(db);
  } catch (e) {
    throw new UsageError(t('cli.from-db.cannot-open', { db: shownUrl(db), message: (e as Error).message }), false);
  }
}

/** Reads and folds the kept games of `game` played as the simulation `sim` was (its rules, format and parameters). */
export async function keptReport(db: string, game: string, ir: GameIR, sim: BalanceSettings): Promise<FromDbJson> {
  const store = await openKept(db);
  try {
    const rules = rulesFingerprint(ir);
    const kept = await readKeptGames(store, ir, game, rules, { format: sim.format, params: sim.params });
    const settings: BalanceSettings = { ...sim, agents: { p1: 'person', p2: 'person', ...(sim.agents.more ? { more: sim.agents.more.map(() => 'person') } : {}) }, seed: 0, games: kept.summaries.length };
    const report = foldBalance(ir, settings, kept.summaries);
    const skipped = Object.fromEntries(Object.entries(kept.skipped).map(([k, ids]) => [k, ids.length])) as Record<SkipReason, number>;
    return { source: 'people', db: shownUrl(db), rules, read: kept.summaries.length, skipped, matches: kept.matches, answers: kept.answers, agentAnswers: kept.agentAnswers, report };
  } finally {
    await store.close();
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const rateText = (r: Rate | null) => (r === null || r.n === 0 ? '—' : `${pct(r.rate)} (95% CI ${pct(r.ci95[0])}–${pct(r.ci95[1])}, n = ${r.n})`);

function table(rows: string[][]): string[] {
  // Widths as a terminal shows them: a kanji or kana takes two columns.
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => stringWidth(r[i] ?? ''))));
  return rows.map((r) => '  ' + r.map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat(widths[i]! - stringWidth(c)))).join('  ').trimEnd());
}

/** The people's section of the text report, after the simulation's. */
export function fromDbText(kept: FromDbJson, sim: BalanceReport): string {
  const skippedCount = Object.values(kept.skipped).reduce((a, b) => a + b, 0);
  const reasons = (Object.entries(kept.skipped) as [SkipReason, number][]).filter(([, n]) => n > 0).map(([why, n]) => t(`cli.from-db.skip.${why}`, { n }));
  const lines = [t('cli.from-db.head', { game: sim.settings.game, db: kept.db, read: kept.read, rules: kept.rules, format: sim.settings.format, skipped: skippedCount }) + (reasons.length ? t('cli.from-db.why', { reasons: list(reasons) }) : t('cli.from-db.end'))];
  if (kept.read === 0) return [...lines, t('cli.from-db.none')].join('\n');
  const r = kept.report;
  if (kept.agentAnswers > 0) lines.push(t('cli.from-db.agent-answers', { agent: kept.agentAnswers, answers: kept.answers }));
  lines.push(t('cli.from-db.sources', { games: sim.counted, agents: sim.seats.players.map((p) => `${p.seat} ${p.agent}`).join(', ') }));
  if (kept.read < FEW_GAMES) lines.push(t('cli.from-db.few'));
  const people = t('cli.from-db.people');
  const simulation = t('cli.from-db.simulation');
  lines.push('', t('cli.from-db.seats'));
  const seatRows = [['', people, simulation]];
  for (const [i, p] of r.seats.players.entries()) seatRows.push([t('cli.from-db.wins', { seat: p.seat }), rateText(p.wins), rateText(sim.seats.players[i]?.wins ?? null)]);
  seatRows.push([t('cli.from-db.draws'), rateText(r.seats.draws), rateText(sim.seats.draws)], [t('cli.from-db.first'), rateText(r.seats.firstPlayer), rateText(sim.seats.firstPlayer)]);
  lines.push(...table(seatRows));
  const played = r.cards.filter((c) => c.played.k > 0).sort((a, b) => b.played.k - a.played.k || (a.card < b.card ? -1 : 1));
  if (played.length) {
    const simCard = new Map<string, CardMetric>(sim.cards.map((c) => [c.card, c]));
    lines.push('', t('cli.from-db.cards', { shown: Math.min(CARDS_SHOWN, played.length), all: played.length }));
    lines.push(...table([[t('cli.from-db.card'), people, simulation], ...played.slice(0, CARDS_SHOWN).map((c) => [c.card, rateText(c.winWhenPlayed), rateText(simCard.get(c.card)?.winWhenPlayed ?? null)])]));
  }
  return lines.join('\n');
}
