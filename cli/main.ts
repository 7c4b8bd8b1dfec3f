/**
 * The `grimoire` command line. Commands:
 *   check <paths…>        compile every DSL file under the paths; diagnostics; exit 1 on error
 *   build <game> [--out F] write the validated IR
 *   play <game> [...]     games between agents (random unless --p1/--p2 say otherwise)
 *   duel <game> A B       agent A against agent B, seats swapped (rotated with more players): A's win rate with its interval
 *   balance <game>        a balance report: seats, ends, lengths, cards, actions; --vs compares rules
 *   scenario <paths…>     run rulings scenarios (--readings: under every reading of every parameter)
 *   explain <scenario>    a ruling's answer and the steps that decided it, with their rule texts
 *   faq <game>            the casebook as a rulings document grouped by rule id (Markdown or HTML)
 *   cards <game>          printable card faces: one SVG each, an A4 print-and-play sheet, or its PDF
 *   diff <a> <b>          what version b of the rules changes against a; --rulings: the rulings it changes
 *   why-not <scenario>    at a scenario's decision, every action of a player: available, or why not
 *   coverage <game>       each rule id: tested by the casebook, cited but untested, or not cited (and why)
 *   lsp                   the language server on stdio, for any editor (docs/editors.md)
 *   serve [--port P]      the playtest server: matches between people over WebSockets (and the playground, Play online), every game kept (docs/serve.md)
 *   demo [game]           compile, play one narrated game, print a summary
 *   worker --queue URL    play the chunks that `play --queue URL` (any command that plays) puts on a queue
 * Exit codes: 0 ok, 1 errors / failures, 2 usage error.
 */
import { parseArgs } from 'node:util';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { compileGame, type SourceText } from '../compiler/compile.ts';
import { gameFolder, gameSources, grimFiles, listGames, readSources } from '../compiler/project.ts';
import type { Diagnostic } from '../compiler/diagnostics.ts';
import { playGame } from '../runtime/play.ts';
import { playerCount, type GameIR } from '../compiler/ir.ts';
import { allRandom, foldBatch, seatOfA, teamOfA, type BatchOptions, type Seats } from '../runtime/batch.ts';
import { formatRate, wilson } from './stats.ts';
import { newGame } from './new-game.ts';
import { availableParallelism } from 'node:os';
import { renderDiagnostic } from './render.ts';
import { diagnosticJSON } from './diagnostic-json.ts';
import { forgetCompiledGames, runReadingsFiles, runScenarioFiles } from '../scenario/files.ts';
import { progressBar, type Progress } from './progress.ts';
import { UsageError } from './usage-error.ts';
import { cmdFmt } from './fmt.ts';
import { maxSeed, wholeNumberOption } from './options.ts';
import { claimOutputFile, fileProblem } from './output-file.ts';
import { quietOnClosedPipe } from './terminal.ts';
import { mergeSummaries } from './merge.ts';
import { summariesHeader, writeSummaries } from './summaries-file.ts';
import { color, printDiagnostics, projectRoot, readCommandSettings, requireIR } from './games.ts';
import { parseQueueAddress, QueueError } from './queue/connection.ts';
import { cmdBalance } from './balance.ts';
import { cmdTune } from './tune.ts';
import { cmdExplain } from './explain.ts';
import { cmdFaq } from './faq.ts';
import { cmdCards } from './cards.ts';
import { cmdDiff } from './diff.ts';
import { cmdCoverage } from './coverage.ts';
import { agentOption, checkFormat, drawsOption, moreSeats, defaultWorkers, maxWorkers, parseParams, timed, warnDepthWithoutEvaluation } from './play-options.ts';
import { playSeeds, queueSettings, useQueue } from './play-seeds.ts';
import { CommandExit } from './command-exit.ts';
import { cmdPlayMatch } from './play-match.ts';
import { cmdWhyNot } from './why-not.ts';
import { chooseLanguage } from './language-option.ts';
import { t } from '../i18n/format.ts';
import { parseAgent } from '../runtime/agents/spec.ts';
import { endReason, logText } from '../scenario/log-words.ts';

/** `--game NAME`: a game's folder under rules/, or the name its rules declare (`trump_82`); an unknown one is refused. */
function gameFolderOrRefuse(game: string | undefined): string | undefined {
  if (game === undefined) return undefined;
  const folder = gameFolder(projectRoot, game);
  if (folder === undefined) throw new UsageError(t('cli.main.unknown-game-the-games-are', { game, p: listGames(projectRoot) }));
  return folder;
}

/** `grimoire help`: the commands and their options (i18n/<lang>/usage.ts). */
function usage(): string {
  return t('cli.usage', { games: listGames(projectRoot).join(', ') || '(none)' });
}

/** `check`: groups the given paths by game folder and compiles each game once; `json`: one object with every diagnostic instead of text. */
function cmdCheck(paths: string[], json = false): number {
  if (paths.length === 0) throw new UsageError(t('cli.main.check-needs-at-least-one'));
  const games = new Set<string>();
  const loose: string[] = [];
  for (const p of paths) {
    const abs = resolve(p);
    if (!existsSync(abs)) throw new UsageError(t('cli.main.no-such-file-or-folder', { p }));
    const rel = relative(projectRoot, abs).split(sep);
    if ((rel[0] === 'rules' || rel[0] === 'cards') && rel[1]) games.add(rel[1]);
    else if ((rel[0] === 'rules' || rel[0] === 'cards') && !rel[1]) for (const g of listGames(projectRoot)) games.add(g);
    else loose.push(...grimFiles(abs));
  }
  let errors = 0;
  let warnings = 0;
  let files = 0;
  const all: Diagnostic[] = [];
  const report = (diags: Diagnostic[], sources: SourceText[]) => {
    if (json) all.push(...diags);
    else printDiagnostics(diags, sources);
    errors += diags.filter((d) => d.severity === 'error').length;
    warnings += diags.filter((d) => d.severity === 'warning').length;
  };
  for (const g of [...games].sort()) {
    const sources = gameSources(projectRoot, g) ?? readSources(grimFiles(join(projectRoot, 'cards', g)), projectRoot);
    files += sources.length;
    const r = compileGame({ sources, loadBase: (name) => gameSources(projectRoot, name) });
    report(r.diagnostics, sources);
  }
  if (loose.length) {
    // Files outside a game folder: compiled together as one game.
    const sources = readSources(loose, process.cwd());
    files += sources.length;
    const r = compileGame({ sources });
    report(r.diagnostics, sources);
  }
  if (json) console.log(JSON.stringify({ files, errors, warnings, diagnostics: all.map(diagnosticJSON) }));
  else console.log(t('cli.check.summary', { files, errors, warnings }));
  return errors > 0 ? 1 : 0;
}

async function cmdBuild(game: string | undefined, out: string | undefined): Promise<number> {
  if (!game) throw new UsageError(t('cli.main.build-needs-a-game-e'));
  claimOutputFile('--out', out);
  const ir = requireIR(game);
  const { validateIR } = await import('../compiler/validate-ir.ts');
  const v = validateIR(ir);
  if (!v.ok) {
    console.error(t('cli.main.internal-error-the-ir-does', { p: v.errors.join('\n') }));
    return 1;
  }
  const json = JSON.stringify(ir, null, 1);
  if (out) {
    writeFileSync(out, json + '\n');
    console.error(`wrote ${out} (${(json.length / 1024).toFixed(0)} KB)`);
  } else process.stdout.write(json + '\n');
  return 0;
}

async function cmdPlay(game: string | undefined, v: Record<string, unknown>): Promise<number> {
  if (!game) throw new UsageError(t('cli.main.play-needs-a-game-e'));
  const ir = requireIR(game);
  if (v.match !== undefined) return await cmdPlayMatch(game, ir, v);
  const format = checkFormat(ir, v.format as string | undefined);
  const seed = wholeNumberOption('--seed', v.seed, 1, 0, maxSeed, t('cli.options.why-seeds-32-bit'));
  const games = wholeNumberOption('--games', v.games, 1, 1, maxSeed - seed + 1, t('cli.options.why-last-seed', { last: maxSeed }));
  const searching = [v.p1, v.p2].some((a) => typeof a === 'string' && a !== 'random' && a !== 'first');
  const workers = wholeNumberOption('--workers', v.workers, defaultWorkers(games, searching), 1, maxWorkers);
  const params = parseParams(v.param as string[] | undefined, ir);
  const json = !!v.json;
  const finalState = v['final-state'] as string | undefined;
  claimOutputFile('--final-state', finalState);
  claimOutputFile('--summaries', v.summaries as string | undefined);
  const seatsN = playerCount(ir, params);
  const agents: Seats = { p1: agentOption('--p1', v.p1), p2: agentOption('--p2', v.p2) };
  const more = moreSeats(v, seatsN);
  if (more.length) agents.more = more;
  warnDepthWithoutEvaluation(ir, [agents.p1, agents.p2, ...more]);
  const draws = drawsOption(v.draws);
  if (draws !== undefined && !allRandom(agents)) {
    throw new UsageError(t('cli.main.draws-is-for-games-between', { p: agents.p1 === 'random' ? agents.p2 : agents.p1 }), false);
  }
  const opts: BatchOptions = { format, params, finalState: !!finalState, checkInvariants: !!v['check-invariants'], agents, draws };
  const started = performance.now();
  const summaries = await playSeeds(ir, seed, games, opts, workers, `${game} ${format}`, !json);
  const seconds = (performance.now() - started) / 1000;
  if (!json) for (const g of summaries) if (g.error) console.error(t('cli.main.game-seed', { seed: g.seed, error: g.error }));
  // Games the engine stopped at a limit: a loop in the rules, to fix; the first few say why.
  const stops = summaries.filter((g) => g.stopped);
  if (!json) for (const g of stops.slice(0, 5)) console.error(t('cli.main.game-seed-2', { seed: g.seed, reason: g.reason }));
  if (!json && stops.length > 5) console.error(t('cli.main.and-more-games-stopped', { p: stops.length - 5 }));
  if (finalState) writeFileSync(finalState, summaries.filter((g) => g.zones).map((g) => JSON.stringify({ seed: g.seed, winner: g.winner, reason: g.reason, cards: g.cards, zones: g.zones })).join('\n') + '\n');
  const summariesFile = v.summaries as string | undefined;
  if (summariesFile) writeSummaries(summariesFile, summariesHeader(ir, game, format, params, seed, games, agents, draws), summaries);
  const report = foldBatch(summaries, seatsN, ir.teams?.names);
  const teams = teamRates(ir, seatsN, report.teams, games - report.errors);
  const summary = {
    game,
    format,
    games,
    seed,
    results: report.results,
    ...(teams ? { teams } : {}),
    turns: report.turns,
    decisions: report.decisions,
    errors: report.errors,
    hash: report.hash,
    agents,
    repeatable: ![agents.p1, agents.p2, ...more].some(timed),
    workers,
    gamesPerSecond: Math.round(games / seconds),
    decisionsPerSecond: Math.round(report.decisions / seconds),
  };
  if (json) console.log(JSON.stringify(summary));
  else {
    const seatNames = Array.from({ length: Math.max(2, seatsN) }, (_, i) => `p${i + 1}`);
    const agentOf = (i: number) => (i === 0 ? agents.p1 : i === 1 ? agents.p2 : (more[i - 2] ?? 'random'));
    const where = queueSettings ? t('cli.play.on-queue', { address: queueSettings.address.shown }) : t('cli.play.threads', { workers });
    console.log(t('cli.play.head', { games, game, format, players: seatsN, first: seed, last: seed + games - 1, seats: seatNames.map((n, i) => `${n} ${agentOf(i)}`), where }));
    const won = seatNames.map((n) => t('cli.play.seat-won', { seat: n, wins: report.results[n as `p${number}`] ?? 0 }));
    console.log(t('cli.play.results', { won, draws: report.results.draw, stopped: report.results.stopped ?? 0 }));
    if (teams) console.log(`  ${Object.entries(teams).map(([team, r]) => t('cli.play.team-won', { team, seats: r.seats.join(', '), rate: formatRate(r.wins, r.n) })).join(', ')}`);
    console.log(t('cli.play.turns', { mean: report.turns.mean, max: report.turns.max, decisions: report.decisions, errors: report.errors }));
    console.log(t(summary.repeatable ? 'cli.play.speed' : 'cli.play.speed-not-repeatable', { games: summary.gamesPerSecond, decisions: summary.decisionsPerSecond, hash: summary.hash }));
  }
  return report.errors > 0 ? 1 : 0;
}

/** In a game of teams: each team's seats in this game, wins and win rate with its 95% interval (of the games played without error). */
export function teamRates(ir: GameIR, seatsN: number, wins: Record<string, number> | undefined, n: number): Record<string, { seats: string[]; wins: number; n: number; rate: number; ci95: [number, number] }> | undefined {
  if (!ir.teams || !wins) return undefined;
  return Object.fromEntries(
    ir.teams.names.map((team, i) => {
      const k = wins[team] ?? 0;
      const seats = ir.teams!.seats[i]!.filter((s) => s < seatsN).map((s) => `p${s + 1}`);
      return [team, { seats, wins: k, n, rate: n ? k / n : 0, ci95: wilson(k, n) }];
    }),
  );
}

/** `duel`: agent A against agent B, seats swapped every game; A's win rate with its 95% interval. */
async function cmdDuel(game: string | undefined, a: string | undefined, b: string | undefined, v: Record<string, unknown>): Promise<number> {
  if (!game || !a || !b) throw new UsageError(t('cli.main.duel-needs-a-game-and'));
  for (const o of ['p1', 'p2', 'summaries', 'final-state', 'check-invariants', 'draws']) if (v[o] !== undefined) throw new UsageError(t('cli.main.duel-takes-no-a-and', { o }));
  const nameA = agentOption('agent A', a);
  const nameB = agentOption('agent B', b);
  const ir = requireIR(game);
  const format = checkFormat(ir, v.format as string | undefined);
  const seed = wholeNumberOption('--seed', v.seed, 1, 0, maxSeed, t('cli.options.why-seeds-32-bit'));
  const games = wholeNumberOption('--games', v.games, 100, 1, maxSeed - seed + 1, t('cli.options.why-last-seed', { last: maxSeed }));
  const searching = [nameA, nameB].some((x) => x !== 'random' && x !== 'first');
  const workers = wholeNumberOption('--workers', v.workers, defaultWorkers(games, searching), 1, maxWorkers);
  const params = parseParams(v.param as string[] | undefined, ir);
  const json = !!v.json;
  warnDepthWithoutEvaluation(ir, [nameA, nameB]);
  const seats: Seats = { p1: nameA, p2: nameB, alternate: true };
  const seatsN = playerCount(ir, params);
  const started = performance.now();
  const summaries = await playSeeds(ir, seed, games, { format, params, agents: seats }, workers, `${game}: ${nameA} v ${nameB}`, !json);
  const seconds = (performance.now() - started) / 1000;
  let winsA = 0;
  let winsB = 0;
  let draws = 0;
  let errors = 0;
  for (const g of summaries) {
    if (g.error) {
      errors++;
      if (!json) console.error(t('cli.main.game-seed', { seed: g.seed, error: g.error }));
      continue;
    }
    if (g.winner === null) draws++;
    else if (ir.teams ? ir.teams.seats[teamOfA(g.seed, ir.teams.seats.length)]!.includes(Number(g.winner.slice(1)) - 1) : g.winner === `p${seatOfA(g.seed, seatsN) + 1}`) winsA++;
    else winsB++;
  }
  // Games that failed are no games played: counted apart, not as A's losses.
  const n = winsA + winsB + draws;
  const [lo, hi] = wilson(winsA, n);
  const notRepeatable = [nameA, nameB].some(timed);
  const out = {
    game,
    format,
    a: nameA,
    b: nameB,
    games: n,
    seed,
    wins_a: winsA,
    wins_b: winsB,
    draws,
    errors,
    winRateA: Number((n ? winsA / n : 0).toFixed(4)),
    ci95: [Number(lo.toFixed(4)), Number(hi.toFixed(4))],
    gamesPerSecond: Number((n / seconds).toFixed(3)),
    workers,
    repeatable: !notRepeatable,
  };
  if (json) console.log(JSON.stringify(out));
  else {
    const where = queueSettings ? t('cli.play.on-queue', { address: queueSettings.address.shown }) : t('cli.play.threads', { workers });
    console.log(t('cli.duel.head', { played: summaries.length, game, format, first: seed, last: seed + games - 1, a: nameA, b: nameB, players: seatsN, where }));
    console.log(t('cli.duel.results', { winsA, winsB, draws, errors }));
    if (ir.teams) console.log(t('cli.main.a-s-win-rate-of-teams', { p: formatRate(winsA, n), teams: ir.teams.names.length, equal: (100 / ir.teams.names.length).toFixed(0) }));
    else console.log(t(seatsN > 2 ? 'cli.main.a-s-win-rate-of-seats' : 'cli.main.a-s-win-rate', { p: formatRate(winsA, n), seats: seatsN, equal: (100 / seatsN).toFixed(0) }));
    console.log(`  ${out.gamesPerSecond} games/s${notRepeatable ? '; a time budget (…ms) depends on the machine: this run is not repeatable' : ''}`);
  }
  return errors > 0 ? 1 : 0;
}

/**
 * The options each judge's and designer's command reads: any other is refused, naming the
 * command's own, rather than ignored (`faq --html x.html` would otherwise write nothing and say
 * nothing). The game-playing commands check theirs where they run.
 */
const commandOptions: Record<string, string[]> = {
  explain: ['game'],
  'why-not': ['player', 'step', 'action', 'card', 'game', 'json'],
  faq: ['out'],
  coverage: ['md', 'json', 'fail-under'],
  diff: ['rulings', 'md', 'json'],
  fmt: ['check'],
  check: ['json'],
  build: ['out'],
  merge: [],
  new: [],
  demo: [],
};

function refuseForeignOptions(command: string, values: Record<string, unknown>): void {
  const own = commandOptions[command];
  if (!own) return;
  const foreign = Object.keys(values).filter((k) => values[k] !== undefined && !own.includes(k));
  if (foreign.length) throw new UsageError(t(own.length ? 'cli.main.takes-no-its-options' : 'cli.main.takes-no-option', { command, p: foreign[0]!, options: own.map((o) => `--${o}`) }), false);
}

/** Commands that take --queue: all but those that play no games (so a new command that plays through playSeeds gets it; worker serves one). */
function playing(command: string): boolean {
  return !['check', 'build', 'scenario', 'explain', 'faq', 'cards', 'diff', 'why-not', 'coverage', 'merge', 'new', 'demo', 'help'].includes(command);
}

/** `merge`: the report of one run from the summaries of its batches (cli/merge.ts). */
function cmdMerge(files: string[]): number {
  const report = mergeSummaries(files);
  console.log(JSON.stringify(report));
  return report.errors > 0 ? 1 : 0;
}

function cmdDemo(game: string): number {
  const ir = requireIR(game);
  console.log(t('cli.main.grimoire-actions-and-triggers', { title: ir.game.title, version: ir.game.version, actionsCount: ir.actions.length, cards: ir.cards.length, params: ir.params.length }));
  console.log(t('cli.main.compiled-rules-and-cards-one', { game, defaultFormat: ir.game.defaultFormat }));
  const g = playGame(ir, 1, { log: true });
  const files = ir.files;
  for (const e of g.engine.log) {
    const where = e.loc ? ` [${files[e.loc[0]]}:${e.loc[1]}]` : '';
    const cite = e.cite && (e.kind === 'declare' || e.kind === 'result' || e.kind === 'fizzle' || e.kind === 'trigger') ? `  — ${e.cite}` : '';
    console.log(`${String(e.turn).padStart(3)}  ${logText(e)}${cite}${e.kind === 'declare' || e.kind === 'result' ? where : ''}`);
  }
  const result = g.result.winner ? t('cli.demo.wins', { player: g.result.winner }) : g.result.stopped ? t('cli.demo.stopped') : t('cli.demo.draw');
  console.log('\n' + t('cli.demo.result', { result, reason: endReason(g.result) }));
  console.log(t('cli.demo.length', { turns: g.turns, decisions: g.decisions }));
  console.log(t('cli.main.next-npx-grimoire-play-games', { game }));
  return 0;
}

async function main(args: string[]): Promise<number> {
  // --lang goes with every command (cards and lsp read their own options): taken out first.
  const argv = chooseLanguage(args);
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(usage());
    return command ? 0 : 2;
  }
  if (command === 'lsp') {
    // stdout carries the protocol only. `--stdio` is what editors' clients pass; it is the only transport.
    const extra = rest.filter((a) => a !== '--stdio');
    if (extra.length) throw new UsageError(t('cli.main.lsp-takes-no-it-talks', { p: extra[0] }), false);
    const { startLanguageServer } = await import('../lsp/server.ts');
    startLanguageServer();
    return 0;
  }
  // cards has options of its own (--card, --svg, --sheet, --pdf): cli/cards.ts reads them.
  if (command === 'cards') return cmdCards(rest);
  // serve too (--port, --db, --host, --playground); loaded only when asked, with its database driver.
  if (command === 'serve') return (await import('./serve.ts')).cmdServe(rest);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    strict: true,
    options: {
      out: { type: 'string' },
      format: { type: 'string' },
      games: { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean' },
      'final-state': { type: 'string' },
      'fail-under': { type: 'string' },
      'check-invariants': { type: 'boolean' },
      draws: { type: 'string' },
      match: { type: 'string' },
      summaries: { type: 'string' },
      param: { type: 'string', multiple: true },
      workers: { type: 'string' },
      queue: { type: 'string' },
      chunk: { type: 'string' },
      concurrency: { type: 'string' },
      verbose: { type: 'boolean' },
      game: { type: 'string' },
      p1: { type: 'string' },
      p2: { type: 'string' },
      p3: { type: 'string' },
      p4: { type: 'string' },
      p5: { type: 'string' },
      p6: { type: 'string' },
      p7: { type: 'string' },
      p8: { type: 'string' },
      vs: { type: 'string' },
      'vs-param': { type: 'string', multiple: true },
      replace: { type: 'string', multiple: true },
      card: { type: 'string', multiple: true },
      attr: { type: 'string' },
      baseline: { type: 'string' },
      values: { type: 'string' },
      'value-games': { type: 'string' },
      until: { type: 'string' },
      precision: { type: 'string' },
      'max-games': { type: 'string' },
      'from-db': { type: 'string' },
      html: { type: 'string' },
      quality: { type: 'boolean' },
      readings: { type: 'boolean' },
      rulings: { type: 'boolean' },
      md: { type: 'string' },
      step: { type: 'string' },
      player: { type: 'string' },
      action: { type: 'string' },
      check: { type: 'boolean' },
      agent: { type: 'string' },
    },
  });
  if (values.queue !== undefined) {
    if (!playing(command)) throw new UsageError(t('cli.main.takes-no-queue-it-is', { command }));
    if (command !== 'worker' && values.workers !== undefined) throw new UsageError(t('cli.main.workers-and-queue-with-queue'), false);
    useQueue({ address: parseQueueAddress(values.queue), chunk: values.chunk === undefined ? undefined : wholeNumberOption('--chunk', values.chunk, 1, 1, 100_000) });
  } else if (values.chunk !== undefined) throw new UsageError(t('cli.main.chunk-is-the-number-of'), false);
  refuseForeignOptions(command, values);
  // The balance lab's own options, refused elsewhere rather than ignored.
  const labOptions: Record<string, string[]> = { match: ['play', 'balance'], vs: ['balance'], 'vs-param': ['balance'], replace: ['balance'], 'value-games': ['balance'], until: ['balance'], precision: ['balance'], 'max-games': ['balance'], 'from-db': ['balance'], quality: ['balance'], values: ['balance', 'tune'], card: ['tune', 'why-not'], attr: ['tune'], baseline: ['tune'], agent: ['scenario'] };
  for (const [o, owners] of Object.entries(labOptions)) if (values[o as keyof typeof values] !== undefined && !owners.includes(command)) throw new UsageError(t('cli.main.takes-no-it-is-an', { command, o, p: { and: owners } }), false);
  if (values.check && command !== 'fmt') throw new UsageError(t('cli.main.check-goes-with-fmt-grimoire'), false);
  if (values.concurrency !== undefined && command !== 'worker') throw new UsageError(t('cli.main.concurrency-is-for-grimoire-worker'), false);
  switch (command) {
    case 'worker': {
      if (!queueSettings) throw new UsageError(t('cli.main.worker-needs-a-queue-e'));
      if (values.chunk !== undefined) throw new UsageError(t('cli.main.worker-takes-no-chunk-the'), false);
      const concurrency = wholeNumberOption('--concurrency', values.concurrency, Math.max(1, availableParallelism()), 1, maxWorkers);
      const { runQueueWorker } = await import('./queue/worker.ts');
      return await runQueueWorker(queueSettings.address, concurrency);
    }
    case 'check':
      return cmdCheck(positionals, !!values.json);
    case 'fmt':
      return cmdFmt(positionals, !!values.check);
    case 'build':
      return cmdBuild(positionals[0], values.out);
    case 'play':
      return await cmdPlay(positionals[0], values);
    case 'duel':
      return await cmdDuel(positionals[0], positionals[1], positionals[2], values);
    case 'balance':
      return await cmdBalance(positionals[0], values);
    case 'tune':
      return await cmdTune(positionals[0], values);
    case 'scenario':
      if (positionals.length === 0) throw new UsageError(t('cli.main.scenario-needs-files-or-folders'));
      values.game = gameFolderOrRefuse(values.game);
      if (values.readings) {
        if (values.verbose) throw new UsageError(t('cli.main.readings-prints-which-rulings-each'), false);
        claimOutputFile('--md', values.md);
        let bar: Progress | null = null;
        try {
          return runReadingsFiles(positionals, {
            root: projectRoot,
            game: values.game,
            md: values.md,
            json: !!values.json,
            render: (d, text) => renderDiagnostic(d, text, color),
            progress: (done, total) => {
              bar ??= progressBar(total, 'rulings under every reading', !values.json);
              bar.update(done);
            },
          });
        } finally {
          (bar as Progress | null)?.stop();
        }
      }
      if (values.md !== undefined) throw new UsageError(t('cli.main.md-writes-the-list-of'), false);
      if (values.json) throw new UsageError(t('cli.main.scenario-prints-json-only-with'), false);
      if (values.agent !== undefined) {
        const spec = parseAgent(values.agent);
        if ('error' in spec) throw new UsageError(`--agent: ${spec.error}`, false);
      }
      return runScenarioFiles(positionals, { root: projectRoot, verbose: !!values.verbose, color, game: values.game, agent: values.agent, render: (d, text) => renderDiagnostic(d, text, color) });
    case 'diff':
      return cmdDiff(positionals[0], positionals[1], { md: values.md, rulings: !!values.rulings, json: !!values.json });
    case 'faq':
      return cmdFaq(positionals[0], values.out);
    case 'explain':
      values.game = gameFolderOrRefuse(values.game);
      return cmdExplain(positionals, { root: projectRoot, game: values.game, render: (d, text) => renderDiagnostic(d, text, color) });
    case 'why-not':
      return cmdWhyNot(positionals, values, color);
    case 'coverage':
      return cmdCoverage(positionals, { root: projectRoot, md: values.md, json: !!values.json, failUnder: values['fail-under'] });
    case 'merge':
      return cmdMerge(positionals);
    case 'new': {
      if (positionals.length !== 1) throw new UsageError(t('cli.main.new-needs-one-game-name'));
      let files: string[];
      try {
        files = newGame(projectRoot, positionals[0]!);
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
      for (const f of files) console.log(`wrote ${relative(projectRoot, f)}`);
      const g = positionals[0]!;
      console.log(t('cli.main.next-npx-grimoire-check-rules', { g }));
      return 0;
    }
    case 'demo':
      return cmdDemo(positionals[0] ?? 'trump');
    default:
      throw new UsageError(t('cli.main.unknown-command', { command }));
  }
}

/**
 * Runs one command and returns its exit code: 0 ok, 1 errors, 2 a usage error. Every problem is a
 * message on stderr, never a stack trace. The state a command reads (the project root, the
 * terminal, --queue, the games compiled) is read afresh: a test runs many commands in one
 * process (test/grimoire-in-process.ts) as many processes would.
 */
export async function runGrimoire(argv: string[]): Promise<number> {
  readCommandSettings();
  useQueue(undefined);
  forgetCompiledGames();
  try {
    return await main(argv);
  } catch (e) {
    const fsPath = (e as { path?: unknown }).path;
    if (e instanceof CommandExit) {
      // The command has said why it stops (requireIR: the game's diagnostics).
      return e.code;
    } else if (e instanceof QueueError) {
      // The queue unreachable or lost, a chunk refused or failed on a worker: one line.
      console.error(`grimoire: ${e.message}`);
      return 1;
    } else if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`grimoire: ${(e as Error).message}${e instanceof UsageError && !e.showUsage ? '' : `\n\n${usage()}`}`); // i18n-ok: the program's name and the message
      return 2;
    } else if (typeof fsPath === 'string' && fileProblem(e, fsPath, 'use') !== null) {
      // A file the user named could not be read or written (a folder, no permission, disk full).
      console.error(`grimoire: ${fsPath}: ${fileProblem(e, fsPath, 'use')}`);
      return 1;
    } else {
      console.error(t('cli.main.grimoire-internal-error-this-is', { p: (e as Error).message }));
      return 1;
    }
  }
}

// The process's entry (bin.js, `tsx cli/main.ts`) runs the command on its arguments; a test that
// imports this file to run commands in its own process (test/grimoire-in-process.ts) sets the
// flag first.
if (!(globalThis as Record<symbol, unknown>)[Symbol.for('grimoire.commands-in-process')]) {
  quietOnClosedPipe();
  process.exitCode = await runGrimoire(process.argv.slice(2));
}
void statSync;
void readFileSync;
