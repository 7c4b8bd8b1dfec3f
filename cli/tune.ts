/**
 * `grimoire tune GAME --card X --attr A --values 0..6`: what should this card's number be? The
 * same seeds are played with X's attr A at each value (for one seat's copies, in each deck X is
 * in), and once with a baseline card in X's place; at each value X's worth is its seat's win rate
 * against the baseline's, game by game (balance/tune.ts). Text, `--json`, `--html FILE` (the curve).
 */
import { writeFileSync } from 'node:fs';
import type { BalanceSettings, TuneResult } from '../balance/report.ts';
import { readValues, tuneTarget, tuneVerdicts } from '../balance/tune.ts';
import { runTune } from '../balance/runs.ts';
import type { BatchOptions } from '../runtime/batch.ts';
import { suggest } from '../grammar/spelling.ts';
import { cliRunner } from './balance-replacements.ts';
import { requireIR, rulesFingerprint } from './games.ts';
import { claimOutputFile } from './output-file.ts';
import { batchRunOptions, parseParams } from './play-options.ts';
import { UsageError } from './usage-error.ts';

/** `--values 0..6`, `--values 1,3,5` or `--values 2..10..2` (from..to..step): whole or decimal numbers (balance/tune.ts readValues). */
export function parseValues(spec: string | undefined): number[] {
  if (spec === undefined) throw new UsageError('tune needs --values, e.g. --values 0..6 (every whole number), --values 1,3,5 or --values 0..10..2', false);
  const values = readValues(spec);
  if ('error' in values) throw new UsageError(`--values ${spec}: ${values.error}`, false);
  return values;
}

export async function cmdTune(game: string | undefined, v: Record<string, unknown>): Promise<number> {
  if (!game) throw new UsageError('tune needs a game, e.g. grimoire tune spimate --card 若き竜 --attr cost --values 0..5', false);
  const ir = requireIR(game);
  const named = v.card as string[] | undefined;
  if (named && named.length > 1) throw new UsageError(`tune tries one card at a time; --card was given ${named.length} times`, false);
  const cardName = named?.[0];
  const attrName = v.attr as string | undefined;
  if (!cardName) throw new UsageError('tune needs --card NAME: the card whose number to try', false);
  if (!attrName) throw new UsageError('tune needs --attr NAME: the number printed on the card to try (e.g. cost)', false);
  const target = tuneTarget(ir, cardName, attrName);
  if ('error' in target) throw new UsageError(`${/^no card/.test(target.error) ? `--card ${cardName}` : `--attr ${attrName}`}: ${target.error}`, false);
  const { card, field, printed } = target;
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

  const started = performance.now();
  const opts: BatchOptions = { format, params, agents };
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
  const run = await runTune({ ir, settings, card, field, printed, values, baseline: given, opts }, cliRunner(ir, workers, !json));
  if ('error' in run) throw new UsageError(`--card ${cardName}: ${run.error}`, false);
  const { result, played }: { result: TuneResult; played: number } = run;
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
