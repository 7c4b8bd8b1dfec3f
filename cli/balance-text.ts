/**
 * A balance report as text for a terminal: what a designer reads first — seats, how games end,
 * how long they last, the cards and actions whose win rates stand out — every rate with its
 * sample size and interval. The whole report is in `--json` (docs/balance.md).
 */
import stringWidth from 'string-width';
import type { ActionMetric, BalanceComparison, BalanceReport, CardMetric, DeckMetric, Difference, Mean, MetricChange, QualityReport, Rate } from '../balance/report.ts';
import { duds, dudText } from '../balance/duds.ts';
import { flagged, MEASURES, metricLabel, noVerdict, rankedCards, rankingStandout, verdicts, verdictText, weakestCards } from '../balance/verdicts.ts';
import { count, deckName, fixed, kindName, pct, points, ptsBare } from '../balance/words.ts';
import { list, t } from '../i18n/format.ts';

const rate = (r: Rate) => t('bal.rate', { rate: pct(r.rate), lo: pct(r.ci95[0]), hi: pct(r.ci95[1]), n: r.n });
const signed = (x: number, unit: (y: number) => string) => `${x >= 0 ? '+' : '−'}${unit(Math.abs(x))}`;
const effect = (d: Difference) => `${points(d.diff)} [${points(d.ci95[0])}, ${points(d.ci95[1])}]${d.significant ? ` * q=${fixed(d.q, 3)}` : ''}`;

function table(rows: string[][], indent = '  '): string[] {
  // Widths as a terminal shows them: a kanji or kana takes two columns.
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => stringWidth(r[i] ?? ''))));
  return rows.map((r) => indent + r.map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat(widths[i]! - stringWidth(c)))).join('  ').trimEnd());
}

/** `given`: the rule parameters set on the command line (the report holds every parameter's value). */
function header(r: BalanceReport, given: readonly string[]): string[] {
  const s = r.settings;
  const params = given.length ? t('bal.head.params', { params: given }) : t('bal.head.default-params');
  return [
    t('bal.head', { game: s.game, title: s.title, format: s.format }),
    t('bal.head.games', { games: r.games, from: s.seed, to: s.seed + s.games - 1, players: r.seats.players.map((x) => `${x.seat} ${x.agent}`), params }),
    ...(r.randomPlay ? [t('bal.head.random', { many: String(r.seats.players.length > 2) })] : []),
    ...(r.errors ? [t('bal.head.errors', { n: r.errors })] : []),
    ...(r.stopping ? [stoppingLine(r.stopping)] : []),
  ];
}

/** A sequential run's answer: at which look it stopped, at which level, and why (or what was open at --max-games). */
function stoppingLine(st: NonNullable<BalanceReport['stopping']>): string {
  const made = st.at.length;
  const level = `${fixed(100 * st.level, 2).replace(/\.?0+$/, '')}%`;
  const games = count(st.at.at(-1) ?? 0);
  return st.answered
    ? t('bal.seq.answered', { question: st.question, games, made, planned: st.looks.length, looks: st.looks.map(count), level, why: st.why })
    : t('bal.seq.open', { question: st.question, games, made, level, why: st.why });
}

/** Cards worth a look: every flagged card, then the five highest and lowest ranked. */
function notableCards(r: BalanceReport, count: number): CardMetric[] {
  const ranked = rankedCards(r.cards, r.replacements).filter((c) => rankingStandout(c) !== null);
  const chosen = new Set(r.cards.filter((c) => flagged(r, c)));
  for (const c of [...ranked.slice(0, count), ...ranked.slice(-count)]) chosen.add(c);
  return ranked.filter((c) => chosen.has(c));
}

const share = (r: Rate | null) => (r === null ? '—' : pct(r.rate));
/** A standout with its interval, and its star and q on this very number. */
const standoutCell = (d: Difference | null) => (d === null ? '—' : `${ptsBare(d.diff)} [${ptsBare(d.ci95[0])}, ${ptsBare(d.ci95[1])}]${d.significant ? ` * q=${fixed(d.q, 3)}` : ''}`);

/** A deck for people: its size, who drew from it, how its players did, and a few cards only it has. */
function deckLine(d: DeckMetric, r: BalanceReport): string[] {
  const others = new Set(r.decks.filter((o) => o !== d).flatMap((o) => o.cards));
  const own = d.cards.filter((c) => !others.has(c));
  const seats = Object.entries(d.bySeat).filter(([, k]) => k > 0).map(([seat, k]) => t('bal.deck.seat-games', { seat, n: k }));
  const ownCards = r.decks.length > 1 && own.length ? t('bal.deck.own', { cards: own.slice(0, 3), more: own.length > 3 ? '…' : '' }) : '';
  return [deckName(d.deck), t('bal.deck.cards', { n: d.cards.length, own: ownCards }), t('bal.deck.drawn-by', { seats }), t('bal.deck.won', { rate: rate(d.ownerWin) })];
}

/**
 * The replacement values: what each card tested causes — its seat's win rate with it and with the
 * baseline in its place, on the same seeds; with every card replaced, also against the deck's
 * other cards (the standout, which is flagged); * marks the number flagged; a value not yet told
 * apart from none says about how many games would tell it.
 */
function replacementLines(r: BalanceReport, shownCount: number): string[] {
  const why = new Set(r.replacements.map((v) => v.why));
  const head = why.has('every card')
    ? t('bal.values.every-card')
    : why.has('suspect')
      ? t('bal.values.suspects', { opening: r.replacements.some((v) => v.opening) ? t('bal.values.suspects-opening') : '' })
      : t('bal.values.asked');
  const cell = (d: Difference | null, flagged: boolean) => (d === null ? '—' : `${ptsBare(d.diff)} [${ptsBare(d.ci95[0])}, ${ptsBare(d.ci95[1])}]${flagged && d.significant ? ` * q=${fixed(d.q, 3)}` : ''}`);
  const shown = r.replacements.length > 2 * shownCount + 4 ? [...r.replacements.slice(0, shownCount), ...r.replacements.filter((v, i) => i >= shownCount && i < r.replacements.length - shownCount && (v.standout ?? v.value).significant), ...r.replacements.slice(-shownCount)] : r.replacements;
  const rows = shown.map((v) => [
    `${v.card} (${deckName(v.deck)})`,
    t('bal.values.vs', { baseline: v.baseline }),
    t('bal.values.seat-won', { seat: v.seat, with: pct(v.withCard.rate), without: pct(v.withBaseline.rate) }),
    cell(v.value, v.standout === null),
    ...(why.has('every card') ? [cell(v.standout, true)] : []),
    t('bal.values.differ', { k: v.discordant, n: v.seeds.games, tell: v.gamesToTell && !(v.standout ?? v.value).significant ? t('bal.values.would-tell', { n: count(v.gamesToTell) }) : '' }),
  ]);
  const columns = [t('bal.values.col.card'), t('bal.values.col.baseline'), t('bal.values.col.seat'), t('bal.values.col.value'), ...(why.has('every card') ? [t('bal.values.col.vs-deck')] : []), t('bal.values.col.games')];
  const more = r.replacements.length - shown.length;
  return [head, ...table([columns, ...rows]), ...(more ? [t('bal.more', { n: more })] : [])];
}

const mean = (m: Mean, digits: number, unit = (x: number) => fixed(x, digits)) => (m.n ? t('bal.rate', { rate: unit(m.mean), lo: unit(m.ci95[0]), hi: unit(m.ci95[1]), n: m.n }) : t('bal.q.none'));
/** A rate, or a dash when nothing was there to count. */
const rateOrNone = (r: Rate) => (r.n ? rate(r) : t('bal.q.none'));

/** The game-quality metrics (--quality) for people: each with its sample size and interval. */
export function qualityLines(q: QualityReport, label = ''): string[] {
  const out = [t('bal.q.head', { label: label ? t('bal.q.label', { label }) : '' })];
  if (q.evaluation.declared) {
    out.push(t('bal.q.leader', { cite: q.evaluation.cite ? ` (${q.evaluation.cite})` : '' }));
    const d = q.decisiveness!;
    out.push(d.n ? t('bal.q.decisiveness', { mean: mean(d, 1, (x) => pct(x)) }) : t('bal.q.decisiveness-none'));
    const lc = q.leadChanges!;
    out.push(t('bal.q.lead-changes', { perGame: mean(lc.perGame, 2), perTurn: fixed(lc.perTurn.rate, 3), lo: fixed(lc.perTurn.ci95[0], 3), hi: fixed(lc.perTurn.ci95[1], 3), games: rateOrNone(lc.games) }));
    const cb = q.comeback!;
    const skippedParts = [cb.tiedAtMidpoint ? t('bal.q.tied', { n: cb.tiedAtMidpoint }) : '', cb.noMidpoint ? t('bal.q.too-short', { n: cb.noMidpoint }) : ''].filter(Boolean);
    out.push(cb.rate.n ? t('bal.q.comebacks', { rate: rate(cb.rate), skipped: skippedParts.length ? t('bal.q.not-counted', { what: skippedParts }) : '' }) : t('bal.q.comebacks-none', { skipped: skippedParts.length ? `; ${list(skippedParts)}` : '' }));
  } else out.push(t('bal.q.no-evaluate'));
  const o = q.outcomes;
  out.push(t('bal.q.outcomes', { decided: rate(o.decided), drawn: pct(o.drawn.rate), drawnLo: pct(o.drawn.ci95[0]), drawnHi: pct(o.drawn.ci95[1]), capped: pct(o.capped.rate), cappedLo: pct(o.capped.ci95[0]), cappedHi: pct(o.capped.ci95[1]), stopped: o.stopped.k ? t('bal.q.stopped', { rate: pct(o.stopped.rate) }) : '' }));
  const l = q.length;
  out.push(t('bal.q.length', { mean: mean(l.mean, 1), median: l.median, q1: l.q1, q3: l.q3, iqr: l.iqr, sd: fixed(l.sd, 1), min: l.min, max: l.max }));
  if (q.mostUsed) {
    const m = q.mostUsed;
    out.push(t('bal.q.most-used', { action: m.action, card: m.card ? t('bal.q.of-card', { card: m.card }) : '', perGame: fixed(m.perGame, 2), offered: pct(m.offered.rate), lo: pct(m.offered.ci95[0]), hi: pct(m.offered.ci95[1]), n: count(m.offered.n), perGameDecisions: fixed(q.decisionsToAct.mean, 1), taken: pct(m.takenWhenOffered.rate) }));
    const rest = q.actions.slice(1).map((a) => t('bal.q.next-one', { action: a.action, perGame: fixed(a.perGame, 2), offered: pct(a.offered.rate), taken: pct(a.takenWhenOffered.rate) }));
    if (rest.length) out.push(t('bal.q.next', { actions: rest.join(t('bal.sep')) }));
  } else out.push(t('bal.q.no-action'));
  return out;
}

export function balanceText(r: BalanceReport, given: readonly string[] = []): string {
  const out = header(r, given);
  out.push('', t('bal.seats'));
  for (const s of r.seats.players) out.push(t('bal.seat-won', { seat: s.seat, agent: s.agent, rate: rate(s.wins) }));
  for (const s of r.seats.teams ?? []) out.push(t('bal.team-won', { team: s.team, seats: s.seats, rate: rate(s.wins) }));
  out.push(t('bal.draws', { rate: rate(r.seats.draws), stopped: r.seats.stopped ? t('bal.draws-stopped', { n: r.seats.stopped }) : '' }));
  out.push(t('bal.first-won', { rate: rate(r.seats.firstPlayer) }));
  out.push('', t('bal.ends'));
  out.push(...table(r.endReasons.map((e) => [pct(e.games.rate), e.reason, t('bal.ends.won-by', { wins: Object.entries(e.won).map(([s, n]) => `${s} ${n}`), draws: e.draws ? t('bal.ends.draws', { n: e.draws }) : '' })])));
  const tt = r.length.turns;
  const d = r.length.decisions;
  out.push('', t('bal.length'));
  const one = (x: number) => fixed(x, 1);
  out.push(t('bal.length.turns', { mean: one(tt.mean), median: one(tt.median), p95: one(tt.p95), min: tt.min, max: tt.max }));
  out.push(t('bal.length.decisions', { mean: one(d.mean), median: one(d.median), p95: one(d.p95), min: d.min, max: d.max }));
  if (r.quality) out.push('', ...qualityLines(r.quality));

  out.push('', t('bal.decks'));
  out.push(...table(r.decks.map((d) => deckLine(d, r))));

  const found = verdicts(r);
  const tests = r.cards.reduce((n, c) => n + MEASURES.filter((m) => c.standout[m.kind] !== null).length, 0);
  const how = r.replacements.length ? t('bal.verdicts.how-values', { values: r.replacements.length, tests }) : t('bal.verdicts.how', { tests });
  out.push('', t('bal.verdicts', { found: found.length, cards: r.cards.length, how }));
  if (found.length) out.push(...found.map((v) => `  ${verdictText(v)}`));
  else out.push(t('bal.verdicts.none', { why: noVerdict(r) }));
  const useless = duds(r);
  out.push(...useless.map((d) => `  ${dudText(d, r.decks.length)}`));
  out.push(...weakestCards(r, new Set(useless.map((d) => d.deck))).map((line) => `  ${line}`));
  if (r.replacements.length) out.push('', ...replacementLines(r, 5));

  out.push('', t('bal.cards'));
  const cards = notableCards(r, 5);
  const vsDeck = t('bal.cards.col.vs-deck');
  out.push(...table([[t('bal.cards.col.card'), t('bal.cards.col.deck'), t('bal.cards.col.opening'), vsDeck, t('bal.cards.col.drawn'), vsDeck, t('bal.cards.col.played'), vsDeck], ...cards.map((c) => [c.card, c.decks.length === 1 ? deckName(c.decks[0]!) : t('bal.cards.decks', { n: c.decks.length }), share(c.opening), standoutCell(c.standout.opening), share(c.drawn), standoutCell(c.standout.drawn), share(c.played), standoutCell(c.standout.played)])]));
  const unranked = r.cards.filter((c) => rankingStandout(c) === null).length;
  if (cards.length < r.cards.length) out.push(t('bal.cards.more', { n: r.cards.length - cards.length, unranked: unranked ? t('bal.cards.unranked', { n: unranked }) : '' }));
  if (r.notMeasured.length) out.push(t('bal.cards.not-measured', { cards: r.notMeasured.slice(0, 12), more: r.notMeasured.length > 12 ? t('bal.cards.and-more', { n: r.notMeasured.length - 12 }) : '' }));

  out.push('', t('bal.actions'));
  const actions = [...r.actions].sort((x: ActionMetric, y: ActionMetric) => y.perGame - x.perGame || (x.action < y.action ? -1 : 1));
  const shown = actions.slice(0, 15);
  out.push(...table([[t('bal.actions.col.action'), t('bal.actions.col.kind'), t('bal.actions.col.per-game'), t('bal.actions.col.used-by'), t('bal.actions.col.win-used'), t('bal.actions.col.win-not-used'), t('bal.actions.col.effect')], ...shown.map((m) => [m.action, m.card ? t('bal.actions.kind-of', { kind: kindName(m.kind), card: m.card }) : kindName(m.kind), fixed(m.perGame, 2), pct(m.usedBy.rate), pct(m.winWhenUsed.rate), m.winWhenNotUsed.n ? pct(m.winWhenNotUsed.rate) : '—', m.effect ? effect(m.effect) : '—'])]));
  if (shown.length < actions.length) out.push(t('bal.more', { n: actions.length - shown.length }));
  out.push('', t('bal.hash', { hash: r.hash }));
  return out.join('\n');
}

const value = (c: MetricChange, x: number) => (c.test === 'paired-t' ? fixed(x, 2) : pct(x));
const change = (c: MetricChange) => {
  const unit = c.test === 'paired-t' ? (y: number) => fixed(y, 2) : (y: number) => points(y).replace(/^\+/, '');
  return `${signed(c.change.diff, unit)} [${signed(c.change.ci95[0], unit)}, ${signed(c.change.ci95[1], unit)}]`;
};

export function comparisonText(r: BalanceComparison, given: readonly string[] = []): string {
  const out = header(r.base, given);
  out.push(t('bal.cmp.with', { other: r.otherLabel, paired: r.paired ? t('bal.cmp.paired') : '' }));
  const significant = r.changes.filter((c) => c.change.significant);
  const wholeCount = r.changes.filter((c) => c.group === 'seats' || c.group === 'end' || c.group === 'length').length;
  const qualityCount = r.changes.filter((c) => c.group === 'quality').length;
  out.push('', t('bal.cmp.changed', { significant: significant.length, metrics: r.changes.length, families: qualityCount ? 'three' : 'two', whole: wholeCount, quality: qualityCount ? t('bal.cmp.changed-quality', { n: qualityCount }) : '', parts: r.changes.length - wholeCount - qualityCount }));
  const rows = (list: MetricChange[]) => table([[t('bal.cmp.col.metric'), r.base.settings.game, r.other.settings.game !== r.base.settings.game ? r.other.settings.game : r.otherLabel, t('bal.cmp.col.change'), t('bal.cmp.col.test'), 'q'], ...list.map((c) => [metricLabel(c, r), value(c, c.base), value(c, c.other), change(c), c.test, fixed(c.change.q, 3)])]);
  const shown = significant.slice(0, 30);
  if (shown.length) out.push(...rows(shown));
  if (shown.length < significant.length) out.push(t('bal.cmp.more', { n: significant.length - shown.length }));
  if (!significant.length) out.push(t('bal.cmp.nothing'));
  const core = r.changes.filter((c) => !c.change.significant && (c.group === 'seats' || c.group === 'length'));
  if (core.length) out.push('', t('bal.cmp.core'), ...rows(core));
  const quality = r.changes.filter((c) => !c.change.significant && c.group === 'quality');
  if (quality.length) out.push('', t('bal.cmp.quality'), ...rows(quality));
  if (r.base.quality) out.push('', ...qualityLines(r.base.quality, r.base.settings.game));
  if (r.other.quality) out.push('', ...qualityLines(r.other.quality, r.otherLabel));
  out.push('', t('bal.cmp.hashes', { base: r.base.hash, other: r.otherLabel, otherHash: r.other.hash }));
  return out.join('\n');
}
