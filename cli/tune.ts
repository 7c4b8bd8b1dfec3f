/**
 * `grimoire tune GAME --card X --attr A --values 0..6`: what should this card's number be? The
 * same seeds are played with X's attr A at each value (for one seat's copies, in each deck X is
 * in), and once with a baseline card in X's place; at each value X's worth is its seat's win rate
 * against the baseline's, game by game (balance/tune.ts). Text, `--json`, `--html FILE` (the curve).
 */
import { writeFileSync } from 'node:fs';
import type { BalanceSettings, TuneResult } from '../balance/report.ts';
import { readValues, tuneTarget, tuneVerdicts } from '../balance/tune.ts';
import { runTune, runTuneParam } from '../balance/runs.ts';
import { paramTarget, type ParamTuneResult } from '../balance/tune-param.ts';
import type { GameIR } from '../compiler/ir.ts';
import type { BatchOptions } from '../runtime/batch.ts';
import { suggest } from '../grammar/spelling.ts';
import { cliRunner } from './balance-replacements.ts';
import { requireIR, rulesFingerprint } from './games.ts';
import { claimOutputFile } from './output-file.ts';
import { batchRunOptions, parseParams } from './play-options.ts';
import { UsageError } from './usage-error.ts';
import stringWidth from 'string-width';
import { deckName, fixed, pct, ptsBare } from '../balance/words.ts';
import { t } from '../i18n/format.ts';

/** `--values 0..6`, `--values 1,3,5` or `--values 2..10..2` (from..to..step): whole or decimal numbers (balance/tune.ts readValues). */
export function parseValues(spec: string | undefined): number[] {
  if (spec === undefined) throw new UsageError(t('cli.tune.needs-values'), false);
  const values = readValues(spec);
  if ('error' in values) throw new UsageError(`--values ${spec}: ${values.error}`, false);
  return values;
}

export async function cmdTune(game: string | undefined, v: Record<string, unknown>): Promise<number> {
  if (!game) throw new UsageError(t('cli.tune.needs-a-game'), false);
  const ir = requireIR(game);
  // `--param NAME` (no '='): a rule parameter to tune; `--param NAME=VALUE` stays a fixed reading.
  const toTune = ((v.param as string[] | undefined) ?? []).filter((p) => !p.includes('='));
  if (toTune.length) return cmdTuneParam(game, ir, toTune, v);
  const named = v.card as string[] | undefined;
  if (named && named.length > 1) throw new UsageError(t('cli.tune.one-card', { n: named.length }), false);
  const cardName = named?.[0];
  const attrName = v.attr as string | undefined;
  if (!cardName) throw new UsageError(t('cli.tune.needs-card'), false);
  if (!attrName) throw new UsageError(t('cli.tune.needs-attr'), false);
  const target = tuneTarget(ir, cardName, attrName);
  if ('error' in target) throw new UsageError(`${ir.cards.some((c) => c.name === cardName) ? `--attr ${attrName}` : `--card ${cardName}`}: ${target.error}`, false);
  const { card, field, printed } = target;
  const values = parseValues(v.values as string | undefined);
  const { format, seed, games, agents, workers } = batchRunOptions(ir, v, 2000);
  const params = parseParams(v.param as string[] | undefined, ir);
  const given = v.baseline as string | undefined;
  if (given !== undefined && !ir.cards.some((c) => c.name === given)) {
    const near = suggest(given, ir.cards.map((x) => x.name))[0];
    throw new UsageError(t('cli.tune.no-baseline', { given, game: ir.game.name, near: near ? t('cli.tune.did-you-mean', { near }) : '' }), false);
  }
  const json = !!v.json;
  const html = v.html as string | undefined;
  claimOutputFile('--html', html);

  const started = performance.now();
  const opts: BatchOptions = { format, params, agents };
  const settings = tuneSettings(game, ir, { format, params, agents, seed, games });
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

/** `s` padded with spaces to `w` columns as a terminal shows them (a kanji or kana takes two). */
const pad = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - stringWidth(s)));

function tuneText(r: TuneResult, played: number, seconds: number, html: string | undefined): string {
  const s = r.settings;
  const out = [t('tune.head', { card: r.card, attr: r.attr, game: s.game, games: s.games, from: s.seed, to: s.seed + s.games - 1, p1: s.agents.p1, p2: s.agents.p2, printed: r.printed })];
  if (s.agents.p1 === 'random' && s.agents.p2 === 'random') out.push(t('tune.random'));
  out.push('', t('tune.fair'));
  out.push(...tuneVerdicts(r).map((line) => `  ${line}`));
  for (const c of r.curves) {
    out.push('', t('tune.curve', { deck: deckName(c.deck), seat: c.seat, baseline: c.baseline, rate: pct(c.withBaseline.rate) }));
    out.push(`  ${pad(r.attr, 10)} ${pad(t('tune.col.won', { seat: c.seat }), 9)} ${t('tune.col.worth')}`);
    for (const p of c.points) out.push(`  ${pad(`${p.value}${p.printed ? ' *' : ''}`, 10)} ${pad(pct(p.withCard.rate), 9)} ${ptsBare(p.worth.diff)} [${ptsBare(p.worth.ci95[0])}, ${ptsBare(p.worth.ci95[1])}]`);
  }
  out.push('', t('tune.foot', { games: played, seconds: fixed(seconds, 1), html: html ? t('tune.foot.html', { file: html }) : '' }));
  return out.join('\n');
}

/** `grimoire tune GAME --param NAME [--values …]`: the first player's edge at each value of a rule parameter (balance/tune-param.ts). */
async function cmdTuneParam(game: string, ir: GameIR, toTune: string[], v: Record<string, unknown>): Promise<number> {
  if (toTune.length > 1) throw new UsageError(t('cli.tune.one-param', { params: toTune }), false);
  for (const o of ['card', 'attr', 'baseline', 'html'] as const) if (v[o] !== undefined) throw new UsageError(t('cli.tune.card-option', { option: `--${o}`, param: toTune[0]! }), false);
  const target = paramTarget(ir, toTune[0]!, v.values as string | undefined);
  if ('error' in target) throw new UsageError(`--param ${toTune[0]}: ${target.error}`, false);
  const { param, values } = target;
  const fixed = ((v.param as string[] | undefined) ?? []).filter((p) => p.includes('='));
  if (fixed.some((p) => p.split('=')[0] === param.name)) throw new UsageError(t('cli.tune.tuned-and-fixed', { name: param.name }), false);
  const { format, seed, games, agents, workers } = batchRunOptions(ir, { ...v, param: fixed.length ? fixed : undefined }, 2000);
  const params = parseParams(fixed.length ? fixed : undefined, ir);
  const json = !!v.json;
  const started = performance.now();
  const settings = tuneSettings(game, ir, { format, params, agents, seed, games });
  const { result, played } = await runTuneParam({ ir, settings, param, values, opts: { format, params, agents } }, cliRunner(ir, workers, !json));
  const seconds = (performance.now() - started) / 1000;
  if (json) console.log(JSON.stringify({ ...result, timing: { seconds: Number(seconds.toFixed(2)), games: played, workers } }));
  else console.log(paramTuneText(result, played, seconds));
  return 0;
}

function paramTuneText(r: ParamTuneResult, played: number, seconds: number): string {
  const s = r.settings;
  const out = [t('tune.param.head', { param: r.param, game: s.game, games: s.games, from: s.seed, to: s.seed + s.games - 1, p1: s.agents.p1, p2: s.agents.p2, default: String(r.default) })];
  if (s.agents.p1 === 'random' && s.agents.p2 === 'random') out.push(t('tune.random'));
  const f = r.fair;
  out.push('', t('tune.param.fair'));
  out.push(t('tune.param.nearest', { closest: String(f.closest), crossing: f.crossing !== null ? t('tune.param.crossing', { value: fixed(f.crossing, 2) }) : '', range: f.range.length ? f.range.map(String) : t('tune.param.none') }));
  const w = Math.max(14, stringWidth(r.param) + 1);
  const p1Head = t('tune.param.col.p1');
  const w1 = Math.max(8, stringWidth(p1Head));
  out.push('', `  ${pad(r.param, w)} ${pad(t('tune.param.col.first'), 26)} ${pad(p1Head, w1)} ${t('tune.param.col.change')}`);
  for (const p of r.points) {
    const fp = `${pct(p.firstPlayer.rate)} [${pct(p.firstPlayer.ci95[0])}, ${pct(p.firstPlayer.ci95[1])}]`;
    const ch = p.change ? `${ptsBare(p.change.diff)} [${ptsBare(p.change.ci95[0])}, ${ptsBare(p.change.ci95[1])}]${p.change.significant ? ` * q=${fixed(p.change.q, 3)}` : ''}` : '—';
    out.push(`  ${pad(`${String(p.value)}${p.isDefault ? ' *' : ''}`, w)} ${pad(fp, 26)} ${pad(pct(p.p1.rate), w1)} ${ch}`);
  }
  out.push('', t('tune.param.foot', { games: played, seconds: fixed(seconds, 1) }));
  return out.join('\n');
}

/** What a tune run was: the game, its format and parameters (the defaults but those fixed), agents, seeds, rules. */
function tuneSettings(game: string, ir: GameIR, run: { format: string; params: Record<string, number | boolean | string>; agents: { p1: string; p2: string }; seed: number; games: number }): BalanceSettings {
  return {
    game,
    title: `${ir.game.title} ${ir.game.version}`.trim(),
    format: run.format,
    params: Object.fromEntries(ir.params.map((p) => [p.name, p.name in run.params ? run.params[p.name]! : p.value])),
    agents: { p1: run.agents.p1, p2: run.agents.p2 },
    seed: run.seed,
    games: run.games,
    rules: rulesFingerprint(ir),
  };
}
