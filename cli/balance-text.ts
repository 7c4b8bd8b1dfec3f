/**
 * A balance report as text for a terminal: what a designer reads first — seats, how games end,
 * how long they last, the cards and actions whose win rates stand out — every rate with its
 * sample size and interval. The whole report is in `--json` (docs/balance.md).
 */
import stringWidth from 'string-width';
import type { ActionMetric, BalanceComparison, BalanceReport, CardMetric, DeckMetric, Difference, Mean, MetricChange, QualityReport, Rate } from '../balance/report.ts';
import { duds, dudText } from '../balance/duds.ts';
import { flagged, MEASURES, noVerdict, rankedCards, rankingStandout, verdicts, verdictText, weakestCards } from '../balance/verdicts.ts';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const rate = (r: Rate) => `${pct(r.rate)} (95% CI ${pct(r.ci95[0])}–${pct(r.ci95[1])}, n = ${r.n})`;
const signed = (x: number, unit: (y: number) => string) => `${x >= 0 ? '+' : '−'}${unit(Math.abs(x))}`;
const points = (x: number) => `${(100 * x).toFixed(1)} pts`;
const effect = (d: Difference) => `${signed(d.diff, points)} [${signed(d.ci95[0], points)}, ${signed(d.ci95[1], points)}]${d.significant ? ` * q=${d.q.toFixed(3)}` : ''}`;

function table(rows: string[][], indent = '  '): string[] {
  // Widths as a terminal shows them: a kanji or kana takes two columns.
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => stringWidth(r[i] ?? ''))));
  return rows.map((r) => indent + r.map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat(widths[i]! - stringWidth(c)))).join('  ').trimEnd());
}

/** `given`: the rule parameters set on the command line (the report holds every parameter's value). */
function header(r: BalanceReport, given: readonly string[]): string[] {
  const s = r.settings;
  const params = given.length ? `; ${given.join(', ')}` : '; default rule parameters';
  return [
    `Balance of ${s.game} — ${s.title}, format ${s.format}`,
    `  ${r.games} game${r.games === 1 ? '' : 's'}, seeds ${s.seed}..${s.seed + s.games - 1}, ${r.seats.players.map((x) => `${x.seat} ${x.agent}`).join(', ')}${params}`,
    ...(r.randomPlay ? [`  Random play: ${r.seats.players.length > 2 ? 'every seat chooses' : 'both seats choose'} at random. These numbers describe random play, not skilled play (--p1/--p2 mcts:N for stronger players).`] : []),
    ...(r.errors ? [`  ${r.errors} game(s) ended in an error and are not counted (listed above).`] : []),
    ...(r.stopping ? [stoppingLine(r.stopping)] : []),
  ];
}

/** A sequential run's answer: at which look it stopped, at which level, and why (or what was open at --max-games). */
function stoppingLine(st: NonNullable<BalanceReport['stopping']>): string {
  const made = st.at.length;
  const level = `${(100 * st.level).toFixed(2).replace(/\.?0+$/, '')}%`;
  const games = (st.at.at(-1) ?? 0).toLocaleString('en');
  return st.answered
    ? `  Sequential run (${st.question}): answered after ${games} games, look ${made} of ${st.looks.length} planned (${st.looks.map((n) => n.toLocaleString('en')).join(', ')}), every look at the ${level} level (Bonferroni): ${st.why}. The numbers below are this look's, at 95% as usual.`
    : `  Sequential run (${st.question}): NOT answered within --max-games ${games} (${made} looks, each at the ${level} level): ${st.why}.`;
}

/** Cards worth a look: every flagged card, then the five highest and lowest ranked. */
function notableCards(r: BalanceReport, count: number): CardMetric[] {
  const ranked = rankedCards(r.cards, r.replacements).filter((c) => rankingStandout(c) !== null);
  const chosen = new Set(r.cards.filter((c) => flagged(r, c)));
  for (const c of [...ranked.slice(0, count), ...ranked.slice(-count)]) chosen.add(c);
  return ranked.filter((c) => chosen.has(c));
}

const share = (r: Rate | null) => (r === null ? '—' : pct(r.rate));
const ptsBare = (x: number) => `${x >= 0 ? '+' : '−'}${(100 * Math.abs(x)).toFixed(1)}`;
/** A standout with its interval, and its star and q on this very number. */
const standoutCell = (d: Difference | null) => (d === null ? '—' : `${ptsBare(d.diff)} [${ptsBare(d.ci95[0])}, ${ptsBare(d.ci95[1])}]${d.significant ? ` * q=${d.q.toFixed(3)}` : ''}`);

/** A deck for people: its size, who drew from it, how its players did, and a few cards only it has. */
function deckLine(d: DeckMetric, r: BalanceReport): string[] {
  const others = new Set(r.decks.filter((o) => o !== d).flatMap((o) => o.cards));
  const own = d.cards.filter((c) => !others.has(c));
  const seats = Object.entries(d.bySeat).filter(([, k]) => k > 0).map(([seat, k]) => `${seat} in ${k} games`).join(', ');
  return [d.deck, `${d.cards.length} cards${r.decks.length > 1 && own.length ? ` (with ${own.slice(0, 3).join(', ')}${own.length > 3 ? '…' : ''})` : ''}`, `drawn from by ${seats}`, `its players won ${rate(d.ownerWin)}`];
}

/**
 * The replacement values: what each card tested causes — its seat's win rate with it and with the
 * baseline in its place, on the same seeds; with every card replaced, also against the deck's
 * other cards (the standout, which is flagged); * marks the number flagged; a value not yet told
 * apart from none says about how many games would tell it.
 */
function replacementLines(r: BalanceReport, count: number): string[] {
  const why = new Set(r.replacements.map((v) => v.why));
  const head = why.has('every card')
    ? `Replacement values — each card of each deck replaced in turn by one reference card, the same games played again; "vs deck": its value less the median of the deck's other cards, beyond their spread (what is flagged)`
    : why.has('suspect')
      ? `Replacement values — the suspects (an observed standout with p < 0.05 before the correction, or with search agents a random-play screen's replacement standout with p < 0.1) replaced by an ordinary card, on fresh seeds, the same games played again${r.replacements.some((v) => v.opening) ? ' — between search agents with a copy (or the baseline in its place) in the seat\'s opening hand in both games of a seed' : ''}`
      : 'Replacement values — every copy replaced by the baseline card, the same games played again';
  const cell = (d: Difference | null, flagged: boolean) => (d === null ? '—' : `${ptsBare(d.diff)} [${ptsBare(d.ci95[0])}, ${ptsBare(d.ci95[1])}]${flagged && d.significant ? ` * q=${d.q.toFixed(3)}` : ''}`);
  const shown = r.replacements.length > 2 * count + 4 ? [...r.replacements.slice(0, count), ...r.replacements.filter((v, i) => i >= count && i < r.replacements.length - count && (v.standout ?? v.value).significant), ...r.replacements.slice(-count)] : r.replacements;
  const rows = shown.map((v) => [
    `${v.card} (${v.deck})`,
    `vs ${v.baseline}`,
    `${v.seat} won ${pct(v.withCard.rate)} → ${pct(v.withBaseline.rate)}`,
    cell(v.value, v.standout === null),
    ...(why.has('every card') ? [cell(v.standout, true)] : []),
    `${v.discordant} of ${v.seeds.games} differ${v.gamesToTell && !(v.standout ?? v.value).significant ? `; ~${v.gamesToTell.toLocaleString('en')} would tell` : ''}`,
  ]);
  const columns = ['card (deck)', 'baseline', "the seat's win rate", 'value, pts [95% CI]', ...(why.has('every card') ? ['vs deck, pts [95% CI]'] : []), 'games'];
  const more = r.replacements.length - shown.length;
  return [head, ...table([columns, ...rows]), ...(more ? [`  (${more} more in --json and --html)`] : [])];
}

const mean = (m: Mean, digits: number, unit = (x: number) => x.toFixed(digits)) => (m.n ? `${unit(m.mean)} (95% CI ${unit(m.ci95[0])}–${unit(m.ci95[1])}, n = ${m.n})` : '— (no game to measure, n = 0)');
/** A rate, or a dash when nothing was there to count. */
const rateOrNone = (r: Rate) => (r.n ? rate(r) : '— (no game to measure, n = 0)');
const count = (x: number) => x.toLocaleString('en');

/** The game-quality metrics (--quality) for people: each with its sample size and interval. */
export function qualityLines(q: QualityReport, label = ''): string[] {
  const out = [`Game quality${label ? ` — ${label}` : ''} (docs/balance.md "Game quality")`];
  if (q.evaluation.declared) {
    out.push(`  the leader: the player the game's evaluate scores highest at the end of each turn${q.evaluation.cite ? ` (${q.evaluation.cite})` : ''}`);
    const d = q.decisiveness!;
    out.push(d.n ? `  decisiveness: the winner led for good after ${mean(d, 1, pct)} of the game's turn ends (decided games; 0% = from the first turn's end, 100% = not before the game ended)` : '  decisiveness: — (no decided game with a turn end, n = 0)');
    const lc = q.leadChanges!;
    out.push(`  lead changes: ${mean(lc.perGame, 2)} per game, ${lc.perTurn.rate.toFixed(3)} per turn (95% CI ${lc.perTurn.ci95[0].toFixed(3)}–${lc.perTurn.ci95[1].toFixed(3)}); games with at least one: ${rateOrNone(lc.games)}`);
    const cb = q.comeback!;
    const skipped = [cb.tiedAtMidpoint ? `${cb.tiedAtMidpoint} tied there` : '', cb.noMidpoint ? `${cb.noMidpoint} too short to have one` : ''].filter(Boolean).join(', ');
    out.push(cb.rate.n ? `  comebacks: won by the player behind at the midpoint ${rate(cb.rate)} of the decided games with a leader there${skipped ? ` (not counted: ${skipped})` : ''}` : `  comebacks: — (no decided game with a leader at the midpoint, n = 0${skipped ? `; ${skipped}` : ''})`);
  } else out.push('  the game declares no evaluate: no leader to follow (decisiveness, lead changes and comebacks need one)');
  const o = q.outcomes;
  out.push(`  outcomes: decided ${rate(o.decided)}; drawn by the rules ${pct(o.drawn.rate)} (95% CI ${pct(o.drawn.ci95[0])}–${pct(o.drawn.ci95[1])}); at the turn limit ${pct(o.capped.rate)} (95% CI ${pct(o.capped.ci95[0])}–${pct(o.capped.ci95[1])})${o.stopped.k ? `; stopped by the engine's limits ${pct(o.stopped.rate)}` : ''}`);
  const l = q.length;
  out.push(`  length: ${mean(l.mean, 1)} turns; median ${l.median}, quartiles ${l.q1}–${l.q3} (IQR ${l.iqr}), sd ${l.sd.toFixed(1)}, min ${l.min}, max ${l.max}`);
  if (q.mostUsed) {
    const m = q.mostUsed;
    out.push(`  most-used action: ${m.action}${m.card ? ` (of ${m.card})` : ''}, taken ${m.perGame.toFixed(2)} times a game; offered at ${pct(m.offered.rate)} of decisions to act (95% CI ${pct(m.offered.ci95[0])}–${pct(m.offered.ci95[1])}, n = ${count(m.offered.n)} decisions, ${q.decisionsToAct.mean.toFixed(1)} a game), taken at ${pct(m.takenWhenOffered.rate)} of those`);
    const rest = q.actions.slice(1).map((a) => `${a.action} ${a.perGame.toFixed(2)} a game, offered ${pct(a.offered.rate)}, taken ${pct(a.takenWhenOffered.rate)} of those`);
    if (rest.length) out.push(`  next: ${rest.join('; ')}`);
  } else out.push('  most-used action: none (no player took an action at a decision to act)');
  return out;
}

export function balanceText(r: BalanceReport, given: readonly string[] = []): string {
  const out = header(r, given);
  out.push('', 'Seats');
  for (const s of r.seats.players) out.push(`  ${s.seat} (${s.agent}) won ${rate(s.wins)}`);
  for (const s of r.seats.teams ?? []) out.push(`  team ${s.team} (${s.seats.join(', ')}) won ${rate(s.wins)}`);
  out.push(`  draws ${rate(r.seats.draws)}${r.seats.stopped ? `; ${r.seats.stopped} of them stopped by the engine's limits` : ''}`);
  out.push(`  the player who took the first turn won ${rate(r.seats.firstPlayer)}`);
  out.push('', 'How games end');
  out.push(...table(r.endReasons.map((e) => [pct(e.games.rate), e.reason, `(won by ${Object.entries(e.won).map(([s, n]) => `${s} ${n}`).join(', ')}${e.draws ? `; draws ${e.draws}` : ''})`])));
  const t = r.length.turns;
  const d = r.length.decisions;
  out.push('', 'Length');
  const one = (x: number) => x.toFixed(1);
  out.push(`  turns: mean ${one(t.mean)}, median ${one(t.median)}, 95th percentile ${one(t.p95)} (min ${t.min}, max ${t.max})`);
  out.push(`  decisions: mean ${one(d.mean)}, median ${one(d.median)}, 95th percentile ${one(d.p95)} (min ${d.min}, max ${d.max})`);
  if (r.quality) out.push('', ...qualityLines(r.quality));

  out.push('', 'Decks — each card is judged against the other cards of its own deck');
  out.push(...table(r.decks.map((d) => deckLine(d, r))));

  const found = verdicts(r);
  const tests = r.cards.reduce((n, c) => n + MEASURES.filter((m) => c.standout[m.kind] !== null).length, 0);
  const how = r.replacements.length ? `by their replacement value where one was played, else by what was observed; Benjamini–Hochberg over the ${r.replacements.length} replacement values and over the ${tests} observed tests, q < 0.05` : `Benjamini–Hochberg over all ${tests} tests, q < 0.05`;
  out.push('', `Verdicts — cards that stand out from their deck: ${found.length} of ${r.cards.length} (${how})`);
  if (found.length) out.push(...found.map((v) => `  ${verdictText(v)}`));
  else out.push(`  none: ${noVerdict(r)}`);
  const useless = duds(r);
  out.push(...useless.map((d) => `  ${dudText(d, r.decks.length)}`));
  out.push(...weakestCards(r, new Set(useless.map((d) => d.deck))).map((line) => `  ${line}`));
  if (r.replacements.length) out.push('', ...replacementLines(r, 5));

  out.push('', "Cards — the owner's win rate with the card minus without it (in the opening hand, drawn, played), less the same for the median card of its deck, in points; * marks the number flagged");
  const cards = notableCards(r, 5);
  out.push(...table([['card', 'deck', 'opening hand', 'vs deck [95% CI]', 'drawn', 'vs deck [95% CI]', 'played', 'vs deck [95% CI]'], ...cards.map((c) => [c.card, c.decks.length === 1 ? c.decks[0]! : `${c.decks.length} decks`, share(c.opening), standoutCell(c.standout.opening), share(c.drawn), standoutCell(c.standout.drawn), share(c.played), standoutCell(c.standout.played)])]));
  const unranked = r.cards.filter((c) => rankingStandout(c) === null).length;
  if (cards.length < r.cards.length) out.push(`  (${r.cards.length - cards.length} more cards in --json and --html${unranked ? `; ${unranked} of them not compared — in every game's opening hand or in none, or in a deck of fewer than four measured cards` : ''})`);
  if (r.notMeasured.length) out.push(`  not measured — never in a player's draw pile in these games (in no deck, or only in a side deck or made in play): ${r.notMeasured.slice(0, 12).join(', ')}${r.notMeasured.length > 12 ? ` and ${r.notMeasured.length - 12} more` : ''}`);

  out.push('', 'Actions and triggers — uses per game, and the win rate of players who used them');
  const actions = [...r.actions].sort((x: ActionMetric, y: ActionMetric) => y.perGame - x.perGame || (x.action < y.action ? -1 : 1));
  const shown = actions.slice(0, 15);
  out.push(...table([['action', 'kind', 'per game', 'used by', 'win used', 'win not used', 'effect'], ...shown.map((m) => [m.action, m.card ? `${m.kind} of ${m.card}` : m.kind, m.perGame.toFixed(2), pct(m.usedBy.rate), pct(m.winWhenUsed.rate), m.winWhenNotUsed.n ? pct(m.winWhenNotUsed.rate) : '—', m.effect ? effect(m.effect) : '—'])]));
  if (shown.length < actions.length) out.push(`  (${actions.length - shown.length} more in --json and --html)`);
  out.push('', `hash ${r.hash} (the same arguments give the same report and hash; equal to grimoire play's for the same games)`);
  return out.join('\n');
}

const value = (c: MetricChange, x: number) => (c.test === 'paired-t' ? x.toFixed(2) : pct(x));
const change = (c: MetricChange) => {
  const unit = c.test === 'paired-t' ? (y: number) => y.toFixed(2) : points;
  return `${signed(c.change.diff, unit)} [${signed(c.change.ci95[0], unit)}, ${signed(c.change.ci95[1], unit)}]`;
};

export function comparisonText(r: BalanceComparison, given: readonly string[] = []): string {
  const out = header(r.base, given);
  out.push(`  compared with ${r.otherLabel} on the same seeds${r.paired ? ' (per-game metrics paired by seed)' : ''}`);
  const significant = r.changes.filter((c) => c.change.significant);
  const wholeCount = r.changes.filter((c) => c.group === 'seats' || c.group === 'end' || c.group === 'length').length;
  const qualityCount = r.changes.filter((c) => c.group === 'quality').length;
  out.push('', `What changed — ${significant.length} of ${r.changes.length} metrics moved significantly (q < 0.05; Benjamini–Hochberg within ${qualityCount ? 'three' : 'two'} families: the ${wholeCount} metrics of the game as a whole — seats, first player, endings, length —${qualityCount ? ` the ${qualityCount} of its quality (--quality),` : ''} and the ${r.changes.length - wholeCount - qualityCount} of its cards and actions)`);
  const rows = (list: MetricChange[]) => table([['metric', r.base.settings.game, r.otherLabel.replace(/ \(a revision of .*\)$/, ''), 'change [95% CI]', 'test', 'q'], ...list.map((c) => [c.label, value(c, c.base), value(c, c.other), change(c), c.test, c.change.q.toFixed(3)])]);
  const shown = significant.slice(0, 30);
  if (shown.length) out.push(...rows(shown));
  if (shown.length < significant.length) out.push(`  (${significant.length - shown.length} more significant changes in --json and --html)`);
  if (!significant.length) out.push('  nothing: every difference is within what chance gives with this many games (try more --games)');
  const core = r.changes.filter((c) => !c.change.significant && (c.group === 'seats' || c.group === 'length'));
  if (core.length) out.push('', 'Seats and length (not significant)', ...rows(core));
  const quality = r.changes.filter((c) => !c.change.significant && c.group === 'quality');
  if (quality.length) out.push('', 'Game quality (not significant; each side\'s whole section below)', ...rows(quality));
  if (r.base.quality) out.push('', ...qualityLines(r.base.quality, r.base.settings.game));
  if (r.other.quality) out.push('', ...qualityLines(r.other.quality, r.otherLabel));
  out.push('', `base hash ${r.base.hash}, ${r.otherLabel} hash ${r.other.hash}; every metric of both sides in --json and --html`);
  return out.join('\n');
}
