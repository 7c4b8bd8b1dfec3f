/**
 * `grimoire tune GAME --card X --attr A --values 0..6`: what should this card's number be? The
 * same seeds are played with X's attr A at each value (for one seat's copies, in each deck X is
 * in), and once with a baseline card in X's place; at each value X's worth is its seat's win rate
 * against the baseline's, game by game (balance/tune.ts). Text, `--json`, `--html FILE` (the curve).
 */
import { writeFileSync } from 'node:fs';
import type { GameIR } from '../compiler/ir.ts';
import { foldBalance } from '../balance/fold.ts';
import { baselinesFor, decksOf } from '../balance/replacement.ts';
import type { BalanceSettings, TuneResult } from '../balance/report.ts';
import { tuneCurve, tuneResult, tuneVerdicts } from '../balance/tune.ts';
import type { BatchOptions, GameSummary } from '../runtime/batch.ts';
import { suggest } from '../grammar/spelling.ts';
import { setupRefusal } from './balance-replacements.ts';
import { requireIR, rulesFingerprint } from './games.ts';
import { claimOutputFile } from './output-file.ts';
import { batchRunOptions, parseParams } from './play-options.ts';
import { playSeedJobs, playSeeds } from './play-seeds.ts';
import { UsageError } from './usage-error.ts';

/** At most this many values in one run (each plays every game again). */
const MAX_VALUES = 25;

/** `--values 0..6`, `--values 1,3,5` or `--values 2..10..2` (from..to..step): whole or decimal numbers. */
export function parseValues(spec: string | undefined): number[] {
  if (spec === undefined) throw new UsageError('tune needs --values, e.g. --values 0..6 (every whole number), --values 1,3,5 or --values 0..10..2', false);
  const bad = () => new UsageError(`--values ${spec}: give numbers as 0..6 (from..to), 0..10..2 (from..to..step) or 1,3,5`, false);
  let values: number[];
  if (spec.includes('..')) {
    const parts = spec.split('..').map(Number);
    if (parts.length < 2 || parts.length > 3 || parts.some((x) => !Number.isFinite(x))) throw bad();
    const [from, to, step = 1] = parts as [number, number, number?];
    if (step <= 0 || to < from) throw bad();
    values = [];
    for (let v = from; v <= to + 1e-9; v += step) values.push(Number(v.toFixed(6)));
  } else {
    values = spec.split(',').map((x) => Number(x.trim()));
    if (values.some((x) => !Number.isFinite(x))) throw bad();
  }
  values = [...new Set(values)].sort((a, b) => a - b);
  if (values.length > MAX_VALUES) throw new UsageError(`--values ${spec}: ${values.length} values; at most ${MAX_VALUES} in one run (each plays every game again)`, false);
  return values;
}

/** The card and its number attr, checked with "did you mean". */
function cardAndAttr(ir: GameIR, card: string | undefined, attr: string | undefined): { card: number; field: number; printed: number } {
  if (!card) throw new UsageError('tune needs --card NAME: the card whose number to try', false);
  if (!attr) throw new UsageError('tune needs --attr NAME: the number printed on the card to try (e.g. cost)', false);
  const c = ir.cards.findIndex((x) => x.name === card);
  if (c < 0) {
    const near = suggest(card, ir.cards.map((x) => x.name))[0];
    throw new UsageError(`--card ${card}: no card of that name in ${ir.game.name}${near ? `; did you mean '${near}'?` : ''}`, false);
  }
  const def = ir.cards[c]!;
  const numbers = def.attrs.filter((a) => typeof a.value === 'number').map((a) => ir.cardFields[a.field]!.name);
  const at = def.attrs.find((a) => ir.cardFields[a.field]!.name === attr);
  if (!at || typeof at.value !== 'number') {
    const near = suggest(attr, numbers)[0];
    throw new UsageError(`--attr ${attr}: ${card} has no number attr of that name${near ? `; did you mean '${near}'?` : ''} (its number attrs: ${numbers.join(', ') || 'none'})`, false);
  }
  return { card: c, field: at.field, printed: at.value };
}

export async function cmdTune(game: string | undefined, v: Record<string, unknown>): Promise<number> {
  if (!game) throw new UsageError('tune needs a game, e.g. grimoire tune spimate --card 若き竜 --attr cost --values 0..5', false);
  const ir = requireIR(game);
  const named = v.card as string[] | undefined;
  if (named && named.length > 1) throw new UsageError(`tune tries one card at a time; --card was given ${named.length} times`, false);
  const { card, field, printed } = cardAndAttr(ir, named?.[0], v.attr as string | undefined);
  const values = parseValues(v.values as string | undefined);
  const { format, seed, games, agents, workers } = batchRunOptions(ir, v, 2000);
  const params = parseParams(v.param as string[] | undefined, ir);
  const given = v.baseline as string | undefined;
  if (given !== undefined && !ir.cards.some((c) => c.name === given)) {
    const near = suggest(given, ir.cards.map((x) => x.name))[0];
    throw new UsageError(`--baseline ${given}: no card of that name in ${ir.game.name}${near ? `; did you mean '${near}'?` : ''}`, false);
  }
  const json = !!v.json;
  const html = v.html as string | undefined;
  claimOutputFile('--html', html);
  const name = ir.cards[card]!.name;
  const attr = ir.cardFields[field]!.name;
  const index = (n: string) => ir.cards.findIndex((c) => c.name === n);

  const started = performance.now();
  const opts: BatchOptions = { format, params, agents };
  // The games as the rules make them, with a tally: which decks the card is in, and its deck's ordinary cards.
  const base = await playSeeds(ir, seed, games, { ...opts, tally: true }, workers, `${game} ${format}`, !json);
  const settings: BalanceSettings = {
    game,
    title: `${ir.game.title} ${ir.game.version}`.trim(),
    format,
    params: Object.fromEntries(ir.params.map((p) => [p.name, p.name in params ? params[p.name]! : p.value])),
    agents: { p1: agents.p1, p2: agents.p2 },
    seed,
    games,
    rules: rulesFingerprint(ir),
  };
  const report = foldBalance(ir, settings, base);
  const metric = report.cards.find((c) => c.card === name);
  const decks = metric ? decksOf(report, metric) : [];
  if (!decks.length) throw new UsageError(`--card ${name}: it is in no deck a player drew from in these games, so its ${attr} changes nothing (grimoire balance lists the cards not measured)`, false);

  let played = games;
  const curves = [];
  for (const { deck, seat } of decks) {
    const candidates = given !== undefined ? [given] : baselinesFor(report, deck.deck, name);
    const baseline = candidates.find((b) => b !== name && setupRefusal(ir, seed, base, opts, [{ card, by: index(b), player: seat }]) === null);
    if (baseline === undefined) {
      console.error(`note: ${name} (${deck.deck}) is not tuned: the rules refuse ${given !== undefined ? given : 'every baseline tried'} in its place at setup; name one they accept with --baseline`);
      continue;
    }
    // The baseline in its place, and the card at each value (its printed value: the games already played).
    const tried = values.filter((x) => x !== printed);
    const jobs = [
      { from: seed, count: games, opts: { ...opts, substitutes: [{ card, by: index(baseline), player: seat }] } },
      ...tried.map((x) => ({ from: seed, count: games, opts: { ...opts, printed: [{ card, player: seat, field, value: x }] } })),
    ];
    const results = await playSeedJobs(ir, jobs, workers, `${name} at ${values.length} values (${deck.deck})`, !json);
    played += jobs.length * games;
    const byValue = new Map<number, readonly GameSummary[]>(tried.map((x, i) => [x, results[i + 1]!]));
    if (values.includes(printed)) byValue.set(printed, base);
    curves.push(tuneCurve(deck.deck, seat, baseline, printed, results[0]!, byValue));
  }
  const result: TuneResult = tuneResult(settings, name, attr, printed, curves);
  const seconds = (performance.now() - started) / 1000;
  if (html) {
    const { balanceHtml } = await import('./balance-html.ts');
    writeFileSync(html, await balanceHtml(result));
  }
  if (json) console.log(JSON.stringify({ ...result, timing: { seconds: Number(seconds.toFixed(2)), games: played, workers } }));
  else console.log(tuneText(result, played, seconds, html));
  return 0;
}

function tuneText(t: TuneResult, played: number, seconds: number, html: string | undefined): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const pts = (x: number) => `${x >= 0 ? '+' : '−'}${(100 * Math.abs(x)).toFixed(1)}`;
  const s = t.settings;
  const out = [`What should ${t.card}'s ${t.attr} be? — ${s.game}, ${s.games} games per value (seeds ${s.seed}–${s.seed + s.games - 1}), p1 ${s.agents.p1}, p2 ${s.agents.p2}; printed ${t.attr} ${t.printed}`];
  if (s.agents.p1 === 'random' && s.agents.p2 === 'random') out.push('  Random play: a fair value under random play is not one under skilled play (use mcts:N agents).');
  out.push('', 'Fair value — where the card is worth what the baseline card is, in its seat\'s win rate');
  out.push(...tuneVerdicts(t).map((line) => `  ${line}`));
  for (const c of t.curves) {
    out.push('', `${c.deck} (${c.seat}): against ${c.baseline} in its place (${c.seat} won ${pct(c.withBaseline.rate)} with it)`);
    out.push(`  ${t.attr.padEnd(10)} ${`${c.seat} won`.padEnd(9)} worth, pts [95% CI]`);
    for (const p of c.points) out.push(`  ${`${p.value}${p.printed ? ' *' : ''}`.padEnd(10)} ${pct(p.withCard.rate).padEnd(9)} ${pts(p.worth.diff)} [${pts(p.worth.ci95[0])}, ${pts(p.worth.ci95[1])}]`);
  }
  out.push('', `  * printed. ${played} games in ${seconds.toFixed(1)} s${html ? `; the curve: ${html}` : ''}`);
  return out.join('\n');
}
