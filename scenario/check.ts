/**
 * Checks a scenario file against the compiled game before anything runs: every key is one the
 * format has at its place, every value has the kind its place wants (a number, true/false, a
 * list…), every name is one the game has (cards, zones, players, states, parameters, formats,
 * windows), and every value written into a state or parameter is one its type can hold (enum
 * values by name, a text parameter's alternatives, card references to cards of the position).
 * All the mistakes of a file are found in one pass, each at its YAML file:line:col (the `yaml`
 * Document API keeps every node's range), with "did you mean" where a name is near one.
 *
 * Pure (no file system): scenario/run.ts refuses to run a file with mistakes, the CLI prints
 * them, and the playground's compile worker shows them as markers. The format: docs/scenarios.md.
 */
import { fieldOfCard } from './card-fields.ts';
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node, type Pair, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import { didYouMeanNote, wordedDiagnostic, type Diagnostic, type DiagnosticText } from '../compiler/diagnostics.ts';
import { format, msg, type Message } from '../i18n/format.ts';
import { answerWords, canAnswer } from './answer-words.ts';
import { maxPlayerCount, type GameIR, type IRType, type ZoneIR } from '../compiler/ir.ts';
import type { Loc } from '../grammar/ast.ts';
import { suggest } from '../grammar/spelling.ts';
import type { ScenarioDiagnosticCode } from './diagnostics.ts';
import { parseAgent } from '../runtime/agents/spec.ts';

/** A scenario file parsed once, with what turns its offsets into lines and columns. */
export interface ParsedScenario {
  file: string;
  doc: Document.Parsed;
  lines: LineCounter;
}

export function parseScenario(file: string, text: string): ParsedScenario {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  return { file, doc, lines };
}

/** The YAML parser's errors, each at its place; empty when the text is valid YAML. */
export function yamlProblems(p: ParsedScenario): Diagnostic[] {
  return p.doc.errors.map((e) => ({
    code: 'scenario/yaml',
    severity: 'error',
    message: e.message.split('\n')[0]!,
    loc: locOf(p, e.pos[0], Math.max(e.pos[0] + 1, e.pos[1])),
  }));
}

/** The game the scenario names (`game:`), or undefined. */
export function scenarioGame(p: ParsedScenario): string | undefined {
  const c = p.doc.contents;
  if (!isMap(c)) return undefined;
  const v = c.get('game');
  return typeof v === 'string' ? v : undefined;
}

/** The scenario's `game` is missing or none of `games` (or the file is no map): said at its place, with the nearest. */
export function unknownGame(p: ParsedScenario, games: string[]): Diagnostic[] {
  if (!isMap(p.doc.contents)) {
    const range = p.doc.contents?.range ?? [0, 1, 1];
    return [{ code: 'scenario/wrong-type', severity: 'error', message: `a scenario is a map (name, game, state, steps, expect), not ${englishOf(described(p.doc.contents))}: see docs/scenarios.md`, loc: locOf(p, range[0], range[1]) }];
  }
  const node = p.doc.getIn(['game'], true) as Node | undefined;
  if (!node) {
    const range = p.doc.contents?.range ?? [0, 1, 1];
    return [wordedDiagnostic('scenario/missing-key', locOf(p, range[0], Math.min(range[1], range[0] + 1)), msg('scenario/missing-key.names-no-game', { games: listed(games) }))];
  }
  const name = String((node as Scalar).value);
  const range = node.range ?? [0, 1, 1];
  return [wordedDiagnostic('scenario/unknown-name', locOf(p, range[0], range[1]), msg('scenario/unknown-name.unknown-game', { name, games: listed(games) }), didYouMean(name, games))];
}

/** Every mistake of the scenario against the game `ir` (the YAML's own errors first, alone). */
export function checkScenario(p: ParsedScenario, ir: GameIR): Diagnostic[] {
  const yaml = yamlProblems(p);
  if (yaml.length) return yaml;
  const c = new ScenarioChecker(p, ir);
  c.file();
  return c.diagnostics;
}

function locOf(p: ParsedScenario, start: number, end: number): Loc {
  const a = p.lines.linePos(start);
  // The end column is inclusive, as the compiler's (chevrotain's) locations are.
  const b = p.lines.linePos(Math.max(start, end - 1));
  // A text without a newline has no line starts yet: its first line.
  return { file: p.file, line: Math.max(1, a.line), col: Math.max(1, a.col), offset: start, endLine: Math.max(1, b.line), endCol: Math.max(1, b.col), endOffset: Math.max(start + 1, end) };
}

/** How a node's value is described in a message: `text 'lots'`, `the number 3`, `a list`. */
/** A message in English, for the one mistake still worded in English here (a file that is no map). */
const englishOf = (m: Message): string => format('en', m.key, m.values);

/** What a node is, in the reader's words (a message): 'nothing', 'a map', "text 'x'", 'the number 3'… */
function described(n: Node | null | undefined): Message {
  if (!n || (isScalar(n) && n.value === null)) return msg('scn.node.nothing');
  if (isMap(n)) return msg('scn.node.map');
  if (isSeq(n)) return msg('scn.node.list');
  if (isScalar(n)) {
    const v = n.value;
    if (typeof v === 'string') return msg('scn.node.text', { text: v });
    if (typeof v === 'number') return msg('scn.node.number', { n: String(v) });
    if (typeof v === 'boolean') return msg('scn.node.boolean', { value: String(v) });
  }
  return msg('scn.node.value');
}

function didYouMean(name: string, candidates: Iterable<string>): DiagnosticText[] | undefined {
  const s = suggest(name, candidates);
  return s.length ? [didYouMeanNote(s)] : undefined;
}

/** Names as a list ("a, b, c"), or "none" — in the reader's language where the diagnostic is shown. */
function listed(names: string[]): DiagnosticText {
  return names.length ? names.join(', ') : msg('scenario.none');
}

/** The keys of the top level, of a card written as a map, and of `expect` (besides zones). */
/** A key of the file, quoted as the reader's language quotes a name: 'format', 「format」. */
const keyWord = (name: string): Message => msg('scn.what.key', { key: name });

const topKeys = ['name', 'cite', 'answer', 'game', 'format', 'params', 'seed', 'strict', 'ask_forced', 'start', 'decks', 'match', 'state', 'steps', 'expect', 'puzzle'];
const cardKeys = ['card', 'owner', 'entered', 'facedown', 'attached'];
const expectKeys = ['ordered', 'count', 'contains', 'lacks', 'cards', 'vars', 'winner', 'out', 'active', 'reason', 'offered', 'not_offered', 'options', 'log', 'deck_legal', 'deck_reason', 'match_winner', 'winning_team'];

class ScenarioChecker {
  diagnostics: Diagnostic[] = [];
  private players: string[];
  private zoneNames: string[];
  /** The cards the position creates, by owner ('shared' for shared zones): for card references. */
  private positionCards: { owner: string; name: string }[] = [];
  /** Card references written in the position, checked once every card of it is known. */
  private cardRefs: { node: Scalar; what: string }[] = [];
  /** A card and a zone of the game, for the examples in messages. */
  private cardEx: string;
  private zoneEx: string;
  /** The players `decks:` gives a deck list (deck expectations may name only them), and the expectations that named a player. */
  private listed = new Set<string>();
  private deckExpectations: { player: string; node: Pair }[] = [];
  /** How many answers so far are given by an agent (`{ agent: … }`): a puzzle's steps need one, its scripts none. */
  private agentAnswers = 0;

  constructor(
    private p: ParsedScenario,
    private ir: GameIR,
  ) {
    this.players = Array.from({ length: maxPlayerCount(ir) }, (_, i) => `p${i + 1}`);
    this.zoneNames = ir.zones.map((z) => z.name);
    this.cardEx = ir.cards[0]?.name ?? '<card>';
    this.zoneEx = `p1.${ir.zones.find((z) => !z.shared)?.name ?? '<zone>'}`;
  }

  private error(code: ScenarioDiagnosticCode, node: Node | Pair | null | undefined, message: DiagnosticText, notes?: DiagnosticText[]): void {
    const range = (isPair(node) ? (node.key as Node | null)?.range : node?.range) ?? [0, 1, 1];
    this.diagnostics.push(wordedDiagnostic(code, locOf(this.p, range[0], range[1]), message, notes));
  }

  // ------------------------------------------------------------ kinds of node

  private resolved(n: unknown): Node | null {
    if (isAlias(n)) return (n.resolve(this.p.doc) as Node | undefined) ?? null;
    return (n as Node | null) ?? null;
  }

  /** The node as a map, or null after saying that a map was expected (`what`: the place). */
  private map(n: unknown, what: string, example: string): YAMLMap | null {
    const node = this.resolved(n);
    if (isMap(node)) return node;
    this.error('scenario/wrong-type', node, msg('scenario/wrong-type.is-a-map-not-write', { what, p: described(node), example }));
    return null;
  }

  private seq(n: unknown, what: string, example: string): YAMLSeq | null {
    const node = this.resolved(n);
    if (isSeq(node)) return node;
    // One item where a list is expected (`board: Healer`) is read letter by letter otherwise.
    const fix = isScalar(node) && node.value !== null ? `[${String(node.value)}]` : example;
    this.error('scenario/wrong-type', node, msg('scenario/wrong-type.is-a-list-not-write', { what, p: described(node), fix }));
    return null;
  }

  /** A scalar of the given JavaScript kind, or null after saying what was expected. */
  private scalar(n: unknown, kind: 'string' | 'number' | 'boolean', what: string | Message): Scalar | null {
    const node = this.resolved(n);
    if (isScalar(node) && typeof node.value === kind && (kind !== 'number' || Number.isFinite(node.value))) return node;
    const wanted = msg(kind === 'string' ? 'scn.wanted.text' : kind === 'number' ? 'scn.wanted.number' : 'scn.wanted.boolean');
    this.error('scenario/wrong-type', node, msg('scenario/wrong-type.is-not', { what, wanted, p: described(node) }));
    return null;
  }

  /** Text or a number (a label, a step's answer), as text; null after saying what was expected. */
  private word(n: unknown, what: string | Message): string | null {
    const node = this.resolved(n);
    if (isScalar(node) && node.value !== null && typeof node.value !== 'object') return String(node.value);
    this.error('scenario/wrong-type', node, msg('scenario/wrong-type.is-a-name-or-a', { what, p: described(node) }));
    return null;
  }

  /** The map's pairs with their keys as text (a non-text key is reported and skipped). */
  private pairs(m: YAMLMap): [string, Pair<unknown, unknown>][] {
    const out: [string, Pair<unknown, unknown>][] = [];
    for (const pair of m.items) {
      const k = this.resolved(pair.key);
      if (isScalar(k) && k.value !== null && typeof k.value !== 'object') out.push([String(k.value), pair]);
      else this.error('scenario/wrong-type', k, msg('scenario/wrong-type.a-key-is-a-name', { p: described(k) }));
    }
    return out;
  }

  private unknownKey(pair: Pair, key: string, where: string, known: string[]): void {
    this.error('scenario/unknown-key', pair, msg('scenario/unknown-key.unknown-key-the-keys-are', { key, where, p: listed(known) }), didYouMean(key, known));
  }

  // ------------------------------------------------------------ the file

  file(): void {
    const top = this.map(this.p.doc.contents, 'a scenario', 'name, game, state, steps and expect (docs/scenarios.md)');
    if (!top) return;
    let asserts = false;
    let state: Pair | null = null;
    let start: string | null = null;
    let startNode: Pair | null = null;
    let decks: Pair | null = null;
    let match: Pair | null = null;
    let puzzle: Pair | null = null;
    let stepsAgents = 0;
    for (const [key, pair] of this.pairs(top)) {
      const v = pair.value;
      switch (key) {
        case 'name':
        case 'cite':
        case 'answer':
        case 'game':
          this.scalar(v, 'string', keyWord(key));
          break;
        case 'strict':
        case 'ask_forced':
          this.scalar(v, 'boolean', keyWord(key));
          break;
        case 'seed':
          this.integer(v, `'seed'`);
          break;
        case 'format':
          this.format(v);
          break;
        case 'params':
          this.params(v);
          break;
        case 'start':
          start = this.start(v);
          startNode = pair;
          break;
        case 'decks':
          decks = pair;
          this.decks(pair);
          break;
        case 'match':
          match = pair;
          this.match(pair);
          break;
        case 'state':
          state = pair;
          this.state(v);
          break;
        case 'steps': {
          const before = this.agentAnswers;
          if (this.steps(v)) asserts = true;
          stepsAgents = this.agentAnswers - before;
          break;
        }
        case 'puzzle':
          puzzle = pair;
          this.puzzle(v);
          break;
        case 'expect': {
          const m = this.map(v, "'expect'", `{ ${this.zoneEx}: [${this.cardEx}] } (docs/scenarios.md)`);
          if (m && this.expectations(m, "in 'expect'")) asserts = true;
          break;
        }
        default:
          this.unknownKey(pair, key, 'in a scenario', topKeys);
      }
    }
    if (start === 'setup' && state) this.error('scenario/wrong-place', state, msg('scenario/wrong-place.start-setup-plays-the-game'));
    if (decks && state && start !== 'setup') this.error('scenario/wrong-place', state, msg('scenario/wrong-place.decks-gives-the-decks-the'));
    if (decks && start !== null && start !== 'setup') this.error('scenario/wrong-place', startNode, msg('scenario/wrong-place.decks-gives-the-decks-the-2', { start }));
    if (match && !state && start !== null && start !== 'setup') this.error('scenario/wrong-place', startNode, msg('scenario/wrong-place.match-without-a-state-starts', { start }));
    if (match && state && this.keptGiven) this.error('scenario/wrong-place', state, msg('scenario/wrong-place.match-gives-the-cards-kept'));
    for (const { player, node } of this.deckExpectations) {
      if (this.ir.deckCheck && !this.listed.has(player)) this.error('scenario/wrong-place', node, msg('scenario/wrong-place.the-deck-check-judges-the', { player, cardEx: this.cardEx }));
    }
    if (puzzle && stepsAgents === 0) this.error('scenario/puzzle', puzzle, msg('scenario/puzzle.needs-an-agent-step'));
    this.checkCardRefs();
    if (!asserts) {
      const where = top.items.find((x) => isScalar(x.key) && x.key.value === 'expect') ?? top.items.find((x) => isScalar(x.key) && x.key.value === 'name') ?? top.items[0];
      this.error('scenario/asserts-nothing', where ?? top, msg('scenario/asserts-nothing.the-scenario-checks-nothing-a', { zoneEx: this.zoneEx, cardEx: this.cardEx }));
    }
  }

  private integer(n: unknown, what: string): void {
    const s = this.scalar(n, 'number', what);
    if (s && !Number.isInteger(s.value)) this.error('scenario/wrong-type', s, msg('scenario/wrong-type.is-a-whole-number-not', { what, p: String(s.value) }));
  }

  private format(n: unknown): void {
    const s = this.scalar(n, 'string', keyWord('format'));
    if (!s) return;
    const names = this.ir.game.formats.map((f) => f.name);
    if (!names.includes(s.value as string)) this.error('scenario/unknown-name', s, msg('scenario/unknown-name.has-no-format-its-formats', { name: this.ir.game.name, value: String(s.value), p: listed(names) }), didYouMean(s.value as string, names));
  }

  private params(n: unknown): void {
    const m = this.map(n, "'params'", '{ opening_hand: 7 }');
    if (!m) return;
    const names = this.ir.params.map((x) => x.name);
    for (const [key, pair] of this.pairs(m)) {
      const param = this.ir.params.find((x) => x.name === key);
      if (!param) {
        this.error('scenario/unknown-name', pair, msg('scenario/unknown-name.has-no-rule-parameter-its', { name: this.ir.game.name, key, p: listed(names) }), didYouMean(key, names));
        continue;
      }
      const what = `parameter '${key}'`;
      if (param.type === 'number') this.scalar(pair.value, 'number', what);
      else if (param.type === 'bool') this.scalar(pair.value, 'boolean', what);
      else {
        const s = this.scalar(pair.value, 'string', what);
        const readings = textReadings(this.ir, this.ir.params.indexOf(param));
        if (s && readings && !readings.includes(s.value as string)) {
          this.error('scenario/unknown-value', s, msg('scenario/unknown-value.is-one-of-not', { what, p: listed(readings), value: String(s.value) }), didYouMean(s.value as string, readings));
        }
      }
    }
  }

  /** `start:`: setup, turn, or a window of the game's turn. */
  private start(n: unknown): string | null {
    const s = this.scalar(n, 'string', keyWord('start'));
    if (!s) return null;
    const windows = new Set<string>();
    collectWindows(this.ir.turn.body, windows);
    const names = ['setup', 'turn', ...windows];
    if (!names.includes(s.value as string)) this.error('scenario/unknown-name', s, msg('scenario/unknown-name.start-the-game-s-turn', { value: String(s.value), p: listed(names) }), didYouMean(s.value as string, names));
    return s.value as string;
  }

  // ------------------------------------------------------------ match

  /** Whether `match:` gives cards of zones kept for the match. */
  private keptGiven = false;

  /**
   * `match: { game: 2, won: [p1], p1: { <kept zone>: [cards] } }`: the game of the match the
   * scenario is, the winners of the games before it (`draw` for a drawn game), and the cards of
   * the zones kept for the match (`zone … for match`).
   */
  private match(pair: Pair): void {
    const m = this.map(pair.value, "'match'", '{ game: 2, won: [p1] }');
    if (!m) return;
    const keys = ['game', 'won', 'shared', ...this.players];
    let game: number | null = null;
    let won: YAMLSeq | null = null;
    let wonPair: Pair | null = null;
    for (const [key, p] of this.pairs(m)) {
      if (key === 'game') {
        const s = this.scalar(p.value, 'number', "match 'game'");
        if (s && (!Number.isInteger(s.value) || (s.value as number) < 2)) this.error('scenario/wrong-type', s, msg('scenario/wrong-type.match-game-is-the-number', { value: String(s.value) }));
        else if (s) game = s.value as number;
      } else if (key === 'won') {
        wonPair = p;
        won = this.seq(p.value, "match 'won'", '[p1] (the winner of each game before this one, in order; draw for a drawn game)');
        for (const item of won?.items ?? []) {
          const w = this.word(item, "a game's winner in match 'won'");
          if (w !== null && w !== 'draw' && !this.players.includes(w)) this.error('scenario/unknown-name', this.resolved(item), msg('scenario/unknown-name.match-won-is-no-player', { name: w, players: listed(this.players) }), didYouMean(w, [...this.players, 'draw']));
        }
      } else if (key === 'shared' || this.players.includes(key)) {
        const zones = this.map(p.value, `match '${key}'`, '{ <zone kept for the match>: [<card>, …] }');
        if (!zones) continue;
        for (const [zn, zp] of this.pairs(zones)) {
          const zone = this.ir.zones.find((z) => z.name === zn);
          const kept = this.ir.zones.filter((z) => z.keptForMatch && z.shared === (key === 'shared')).map((z) => z.name);
          if (!zone || !zone.keptForMatch || zone.shared !== (key === 'shared')) {
            this.error(
              zone ? 'scenario/wrong-place' : 'scenario/unknown-name',
              zp,
              msg(zone ? 'scenario/wrong-place.match-zone-not-kept' : 'scenario/unknown-name.match-unknown-zone', { key, zone: zn, shared: key === 'shared' ? 'yes' : 'no', kept: listed(kept) }),
              zone ? undefined : didYouMean(zn, kept),
            );
            continue;
          }
          this.keptGiven = true;
          const list = this.seq(zp.value, `the zone '${key}.${zn}'`, `[${this.cardEx}]`);
          for (const item of list?.items ?? []) this.card(item, key, zone);
        }
      } else this.unknownKey(p, key, "in 'match'", keys);
    }
    if (game === null && !m.items.some((x) => isScalar(x.key) && x.key.value === 'game')) this.error('scenario/missing-key', m, msg('scenario/missing-key.match-says-which-game'));
    else if (game !== null && (won?.items.length ?? 0) !== game - 1) this.error('scenario/wrong-type', won ?? wonPair ?? m, msg('scenario/wrong-type.match-won-lists-the-winners', { game, before: game - 1, example: Array.from({ length: game - 1 }, (_, i) => this.players[i % 2]).join(', ') }));
  }

  // ------------------------------------------------------------ decks

  /** `decks: { p1: { main: { <card>: <count>, … }, side: { … } } }`: deck lists, checked against the game's cards. */
  private decks(pair: Pair): void {
    const dc = this.ir.deckCheck;
    if (!dc) {
      this.error('scenario/no-deck-check', pair, msg('scenario/no-deck-check.declares-no-deck-check-so', { name: this.ir.game.name }));
      return;
    }
    const m = this.map(pair.value, "'decks'", `{ p1: { main: { ${this.cardEx}: 2 } } }`);
    if (!m) return;
    const sideZone = dc.side >= 0 ? this.ir.zones[dc.side]!.name : null;
    const parts = sideZone ? ['main', 'side'] : ['main'];
    for (const [player, p] of this.pairs(m)) {
      if (!this.players.includes(player)) {
        this.error('scenario/unknown-name', p, msg('scenario/unknown-name.decks-unknown-player-the-players', { player, p: listed(this.players) }), didYouMean(player, this.players));
        continue;
      }
      this.listed.add(player);
      const list = this.map(p.value, `the deck list of ${player}`, `{ main: { ${this.cardEx}: 2 }${sideZone ? `, side: { ${this.cardEx}: 1 }` : ''} }`);
      if (!list) continue;
      let main = false;
      for (const [part, pp] of this.pairs(list)) {
        if (part === 'side' && !sideZone) {
          this.error('scenario/no-deck-check', pp, msg('scenario/no-deck-check.s-deck-check-names-no', { name: this.ir.game.name }));
          continue;
        }
        if (!parts.includes(part)) {
          this.unknownKey(pp, part, `in the deck list of ${player} (main: the cards in ${player}.${this.ir.zones[dc.main]!.name}${sideZone ? `; side: in ${player}.${sideZone}` : ''})`, parts);
          continue;
        }
        if (part === 'main') main = true;
        const cards = this.map(pp.value, `decks ${player}.${part}`, `{ ${this.cardEx}: 2 } (each card by name, with how many)`);
        if (!cards) continue;
        for (const [, cp] of this.pairs(cards)) {
          this.cardName(cp.key);
          const n = this.resolved(cp.value);
          if (!isScalar(n) || typeof n.value !== 'number' || !Number.isInteger(n.value) || n.value < 1) {
            this.error('scenario/deck-count', n ?? cp, msg('scenario/deck-count.decks-how-many-of-is', { player, part, p: String((this.resolved(cp.key) as Scalar | null)?.value), p2: described(n) }));
          }
        }
      }
      if (!main) this.error('scenario/missing-key', p, msg('scenario/missing-key.the-deck-list-of-has', { player, cardEx: this.cardEx }));
    }
  }

  // ------------------------------------------------------------ state

  private state(n: unknown): void {
    const m = this.map(n, "'state'", `{ active: p1, p1: { ${this.zoneEx.slice(3)}: [${this.cardEx}] } }`);
    if (!m) return;
    const keys = ['turn', 'active', 'globals', 'shared', ...this.players];
    for (const [key, pair] of this.pairs(m)) {
      if (key === 'turn') this.integer(pair.value, "'turn'");
      else if (key === 'active') this.player(pair.value, "'active'");
      else if (key === 'globals') {
        this.stateValues(pair.value, "'globals'", this.ir.globalStates, 'global state');
      } else if (key === 'shared') this.zones(pair.value, 'shared');
      else if (this.players.includes(key)) this.zones(pair.value, key);
      else this.unknownKey(pair, key, "in 'state'", keys);
    }
  }

  /** A `{ name: value }` map of global or player states: each name known, each value of its state's type. */
  private stateValues(n: unknown, label: string, states: GameIR['globalStates'], what: 'global state' | 'player state'): void {
    const m = this.map(n, label, '{ name: value }');
    if (!m) return;
    const names = states.map((s) => s.name);
    for (const [name, pair] of this.pairs(m)) {
      const s = states.find((x) => x.name === name);
      if (!s) this.error('scenario/unknown-name', pair, msg('scenario/unknown-name.unknown-the-s-are', { what, name, p: listed(names) }), didYouMean(name, names));
      else this.value(pair.value, s.type, `${what} '${name}'`, 'state');
    }
  }

  /** A player's (or `shared`'s) zones and, for a player, `vars`. */
  private zones(n: unknown, owner: string): void {
    const m = this.map(n, `'${owner}'`, owner === 'shared' ? '{ <shared zone>: [<card>, …] }' : `{ ${this.zoneEx.slice(3)}: [${this.cardEx}], vars: { <player state>: <value> } }`);
    if (!m) return;
    const own = this.ir.zones.filter((z) => z.shared === (owner === 'shared')).map((z) => z.name);
    for (const [key, pair] of this.pairs(m)) {
      if (key === 'vars' && owner !== 'shared') {
        this.stateValues(pair.value, `'${owner}.vars'`, this.ir.playerStates, 'player state');
        continue;
      }
      const zone = this.ir.zones.find((z) => z.name === key);
      if (!zone) {
        const keys = owner === 'shared' ? own : [...own, 'vars'];
        this.error('scenario/unknown-name', pair, msg(owner === 'shared' ? 'scenario/unknown-name.unknown-shared-zone' : 'scenario/unknown-name.unknown-zone-under', { key, owner, p2: listed(keys) }), didYouMean(key, keys));
        continue;
      }
      if (zone.shared !== (owner === 'shared')) {
        this.error('scenario/wrong-place', pair, zone.shared ? msg('scenario/wrong-place.is-a-shared-zone-write', { key, owner }) : msg('scenario/wrong-place.is-a-zone-of-each', { key }));
        continue;
      }
      const list = this.seq(pair.value, `the zone '${owner === 'shared' ? key : `${owner}.${key}`}'`, `[${this.cardEx}, { card: ${this.cardEx}, <state>: <value> }]`);
      for (const item of list?.items ?? []) this.card(item, owner, zone);
    }
  }

  /** A card of the position: its name, or a map `{ card, <state>: value, entered, facedown, attached }`. */
  private card(n: unknown, owner: string, zone: ZoneIR): void {
    const node = this.resolved(n);
    if (isScalar(node)) {
      const name = this.cardName(node);
      if (name) this.positionCards.push({ owner, name });
      return;
    }
    const m = this.map(node, 'a card of the position', `${this.cardEx} or { card: ${this.cardEx}, <state>: <value> }`);
    if (!m) return;
    const cardPair = m.items.find((x) => isScalar(x.key) && x.key.value === 'card');
    if (!cardPair) {
      this.error('scenario/missing-key', m, msg('scenario/missing-key.a-card-written-as-a', { cardEx: this.cardEx }));
      return;
    }
    const name = this.cardName(cardPair.value);
    // `owner:` — a card owned by another player than the one whose zone holds it (stolen, revived):
    // references like `p1:M` name it by its owner.
    const ownerPair = m.items.find((x) => isScalar(x.key) && x.key.value === 'owner');
    const cardOwner = ownerPair ? this.player(ownerPair.value, "a card's 'owner'") ?? owner : owner;
    if (name) this.positionCards.push({ owner: cardOwner, name });
    const def = name ? this.ir.cards.find((c) => c.name === name) : undefined;
    const type = def ? this.ir.cardTypes[def.type] : undefined;
    const allStates = this.ir.cardFields.filter((f) => f.kind === 'state').map((f) => f.name);
    for (const [key, pair] of this.pairs(m)) {
      if (key === 'card' || key === 'owner') continue;
      if (key === 'entered') this.integer(pair.value, "'entered'");
      else if (key === 'facedown') this.scalar(pair.value, 'boolean', keyWord('facedown'));
      else if (key === 'attached') {
        const list = this.seq(pair.value, "'attached'", `[${this.cardEx}, { card: ${this.cardEx} }]`);
        for (const item of list?.items ?? []) this.card(item, cardOwner, zone);
      } else {
        const fi = fieldOfCard(this.ir, name ?? undefined, key);
        const field = this.ir.cardFields[fi];
        if (!field || field.kind !== 'state') {
          const states = type ? type.fields.map((i) => this.ir.cardFields[i]!).filter((f) => f.kind === 'state').map((f) => f.name) : allStates;
          const values = { key, name: name ?? '', states: listed(states), keys: cardKeys };
          const text = !field
            ? msg(name ? 'scenario/unknown-key.unknown-card-state-of' : 'scenario/unknown-key.unknown-card-state', values)
            : msg(field.kind === 'attr' ? (name ? 'scenario/wrong-place.attr-not-state-of' : 'scenario/wrong-place.attr-not-state') : name ? 'scenario/wrong-place.value-not-state-of' : 'scenario/wrong-place.value-not-state', values);
          this.error(field ? 'scenario/wrong-place' : 'scenario/unknown-key', pair, text, field ? undefined : didYouMean(key, [...states, ...cardKeys]));
          continue;
        }
        if (type && !type.fields.includes(fi)) {
          const states = type.fields.map((i) => this.ir.cardFields[i]!).filter((f) => f.kind === 'state').map((f) => f.name);
          this.error('scenario/wrong-place', pair, msg('scenario/wrong-place.a-has-no-state-its', { name: String(name), name2: type.name, key, p: listed(states) }));
          continue;
        }
        this.value(pair.value, field.type, `state '${key}'`, 'state');
      }
    }
  }

  /** A card's name (`♠3`): known to the game; returns it, or null after saying what is wrong. */
  private cardName(n: unknown): string | null {
    const word = this.word(n, 'a card');
    if (word === null) return null;
    if (this.ir.cards.some((c) => c.name === word)) return word;
    this.error('scenario/unknown-name', this.resolved(n), msg('scenario/unknown-name.unknown-card-has-no-card', { word, name: this.ir.game.name }), didYouMean(word, this.ir.cards.map((c) => c.name)));
    return null;
  }

  private player(n: unknown, what: string, also: string[] = []): string | null {
    const word = this.word(n, what);
    if (word === null) return null;
    if (this.players.includes(word) || also.includes(word)) return word;
    const names = [...this.players, ...also];
    this.error('scenario/unknown-name', this.resolved(n), msg('scenario/unknown-name.unknown-player-the-players-are', { what, word, p: listed(names) }), didYouMean(word, names));
    return null;
  }

  /**
   * A value written into something of the game's type `type` (a state, an expected field).
   * `use`: 'state' — a card reference must name a card of the position (the runner looks it up
   * there); 'expect' — any card of the game.
   */
  private value(n: unknown, type: IRType, what: string, use: 'state' | 'expect'): void {
    const node = this.resolved(n);
    // An expected card or player may be none (`blocking: null`); a state is set to a real one.
    if (use === 'expect' && (type === 'card' || type === 'player') && isScalar(node) && node.value === null) return;
    if (type === 'number') this.scalar(node, 'number', what);
    else if (type === 'bool') this.scalar(node, 'boolean', what);
    else if (type === 'text') this.scalar(node, 'string', what);
    else if (type === 'player') this.player(node, what);
    else if (type.startsWith('enum:')) {
      const en = this.ir.enums.find((e) => e.name === type.slice(5));
      const s = this.scalar(node, 'string', `${what} (a ${type.slice(5)} value)`);
      if (!s || !en) return;
      const names = en.values.map((v) => v.name);
      const v = s.value as string;
      if (names.includes(v)) return;
      const byTitle = en.values.find((x) => x.title === v);
      this.error('scenario/unknown-value', s, msg('scenario/unknown-value.is-a-value-and-has', { what, name: en.name, v, p: listed(names) }), byTitle ? [msg('scenario/unknown-value.note.is-the-title-of', { v, name: byTitle.name })] : didYouMean(v, names));
    } else if (type === 'card') {
      const s = this.scalar(node, 'string', `${what} (a card)`);
      if (s) this.cardRef(s, what, use);
    } else if (type === 'cards' || type === 'players' || type.startsWith('list:')) {
      const list = this.seq(node, what, '[…]');
      const el = type === 'cards' ? 'card' : type === 'players' ? 'player' : type.slice(5);
      for (const item of list?.items ?? []) this.value(item, el, `an item of ${what}`, use);
    }
    // Other types (labels, requests…) have no written form to check.
  }

  /** `♠7` or `p2:♠7`: the name part is a card of the game, the owner a player. */
  private cardRef(s: Scalar, what: string, use: 'state' | 'expect'): void {
    const ref = s.value as string;
    const [owner, name] = ref.includes(':') ? (ref.split(':', 2) as [string, string]) : [null, ref];
    if (owner !== null && !this.players.includes(owner)) {
      this.error('scenario/unknown-name', s, msg('scenario/unknown-name.names-the-owner-which-is', { what, ref, owner, p: listed(this.players) }), didYouMean(owner, this.players));
      return;
    }
    if (!this.ir.cards.some((c) => c.name === name)) {
      this.error('scenario/unknown-name', s, msg('scenario/unknown-name.unknown-card-has-no-card-2', { what, name, name2: this.ir.game.name }), didYouMean(name, this.ir.cards.map((c) => c.name)));
      return;
    }
    if (use === 'state') this.cardRefs.push({ node: s, what });
  }

  private checkCardRefs(): void {
    for (const { node, what } of this.cardRefs) {
      const ref = node.value as string;
      const [owner, name] = ref.includes(':') ? (ref.split(':', 2) as [string, string]) : [null, ref];
      const found = this.positionCards.filter((c) => c.name === name && (!owner || c.owner === owner));
      if (found.length === 1) continue;
      if (found.length === 0) this.error('scenario/card-reference', node, msg('scenario/card-reference.no-card-in-the-position', { what, ref }));
      else this.error('scenario/card-reference', node, msg(owner ? 'scenario/card-reference.names-cards-of-the-position' : 'scenario/card-reference.names-cards-write-owner', { what, ref, foundCount: found.length, refs: { or: [...new Set(found.map((c) => c.owner))].map((o) => `${o}:${name}`) } }));
    }
  }

  // ------------------------------------------------------------ steps

  /** The script; true when it has a `check` step (the scenario asserts something). */
  private steps(n: unknown): boolean {
    const list = this.seq(n, "'steps'", '[ { p1: <answer> }, { check: { … } } ]');
    let checks = false;
    for (const item of list?.items ?? []) {
      const m = this.map(item, 'a step', "'- p1: <answer>' or '- check: { … }'");
      if (!m) continue;
      if (m.items.length !== 1) {
        this.error('scenario/wrong-type', m, msg('scenario/wrong-type.a-step-answers-one-decision', { itemsCount: m.items.length }));
        continue;
      }
      const [[key, pair]] = this.pairs(m) as [[string, Pair]];
      if (!pair) continue;
      if (key === 'check') {
        const c = this.map(pair.value, "'check'", `{ ${this.zoneEx}: [${this.cardEx}] }`);
        if (c && this.expectations(c, "in a 'check' step")) checks = true;
      } else if (this.players.includes(key)) this.answer(pair.value);
      else this.error('scenario/unknown-name', pair, msg('scenario/unknown-name.a-step-is-player-answer', { key, p: listed(this.players) }), didYouMean(key, [...this.players, 'check']));
    }
    return checks;
  }

  /**
   * A tactics puzzle (docs/scenarios.md): the right answer's script and each tempting wrong one's,
   * written as steps are. The runner proves the puzzle (the right script meets the expectations,
   * each wrong one does not) beside the agent's own answer (scenario/puzzle.ts).
   */
  private puzzle(n: unknown): void {
    const m = this.map(n, "'puzzle'", '{ right: [ { p1: <answer> } ], wrong: [ [ { p1: <answer> } ] ] }');
    if (!m) return;
    const scripted = (node: unknown, where: 'right' | 'wrong') => {
      const before = this.agentAnswers;
      this.steps(node);
      if (this.agentAnswers > before) this.error('scenario/puzzle', this.resolved(node) as Node, msg('scenario/puzzle.scripts-have-no-agent', { where }));
    };
    const seen = new Set<string>();
    for (const [key, pair] of this.pairs(m)) {
      seen.add(key);
      if (key === 'right') scripted(pair.value, 'right');
      else if (key === 'wrong') {
        const list = this.seq(pair.value, "'wrong'", '[ [ { p1: <answer> } ], [ { p1: <answer> } ] ]');
        if (list && list.items.length === 0) this.error('scenario/puzzle', list, msg('scenario/puzzle.wrong-is-empty'));
        for (const item of list?.items ?? []) scripted(item, 'wrong');
      } else if (key === 'hard') this.scalar(pair.value, 'boolean', keyWord('hard'));
      else this.unknownKey(pair, key, "in 'puzzle'", ['right', 'wrong', 'hard']);
    }
    for (const key of ['right', 'wrong']) if (!seen.has(key)) this.error('scenario/missing-key', m, msg('scenario/missing-key.puzzle-needs', { key }));
  }

  /** An answer: an option's label, a list of names (cards, players), `{ mode: <label> }` or `{ agent: <agent> }`. */
  private answer(n: unknown): void {
    const node = this.resolved(n);
    if (isSeq(node)) for (const item of node.items) this.answerWord(item, msg('scn.what.list-item'));
    else if (isMap(node)) {
      for (const [key, pair] of this.pairs(node)) {
        if (key === 'mode') this.answerWord(pair.value, keyWord('mode'));
        else if (key === 'agent') {
          this.agentAnswers++;
          const name = this.word(pair.value, "'agent'");
          const spec = name === null ? null : parseAgent(name, this.ir.game);
          if (spec && 'error' in spec) this.error('scenario/unknown-value', this.resolved(pair.value) as Node, msg('scenario/unknown-value.agent', { error: spec.error }));
        } else this.unknownKey(pair, key, 'in an answer (a choice among modes is { mode: <label> }; an agent answering is { agent: mcts:500 })', ['mode', 'agent']);
      }
    } else this.answerWord(node, msg('scn.what.answer'));
  }

  /** A word of an answer that no option of this game can be labelled with is a mistake (answer-words.ts). */
  private answerWord(n: unknown, what: string | Message): void {
    const word = this.word(n, what);
    if (word === null) return;
    const words = answerWords(this.ir);
    if (canAnswer(words, word)) return;
    const near = didYouMean(word, words.suggestions);
    this.error(
      'scenario/unknown-name',
      this.resolved(n),
      msg('scenario/unknown-name.is-no-option-this-game', { what, word, p: words.suggestions[0] ?? 'pass' }),
      near,
    );
  }

  // ------------------------------------------------------------ expectations

  /** `expect:` or a `check` step; true when it asserts at least one thing. */
  private expectations(m: YAMLMap, where: string): boolean {
    let asserts = false;
    for (const [key, pair] of this.pairs(m)) {
      const v = pair.value;
      if (key !== 'ordered') asserts = true;
      switch (key) {
        case 'ordered':
          this.scalar(v, 'boolean', keyWord('ordered'));
          break;
        case 'count':
          for (const [path, p] of this.pathsOf(v, "'count'", '{ p2.life: 3 }')) {
            this.zonePath(p, path);
            const s = this.scalar(p.value, 'number', `count ${path}`);
            if (s && !(Number.isInteger(s.value) && (s.value as number) >= 0)) this.error('scenario/wrong-type', s, msg('scenario/wrong-type.count-is-a-number-of', { path, p: String(s.value) }));
          }
          break;
        case 'contains':
        case 'lacks':
          for (const [path, p] of this.pathsOf(v, `'${key}'`, `{ ${this.zoneEx}: [${this.cardEx}] }`)) {
            this.zonePath(p, path);
            this.cardList(p.value, `${key} ${path}`);
          }
          break;
        case 'cards':
          for (const [ref, p] of this.pathsOf(v, "'cards'", `{ ${this.cardEx}: { <field>: <value> } }`)) this.expectedCard(p, ref);
          break;
        case 'vars':
          for (const [path, p] of this.pathsOf(v, "'vars'", '{ p1.life: 2 }')) {
            const [pn, vn] = path.includes('.') ? (path.split('.', 2) as [string, string]) : [null, path];
            if (pn === null || !this.players.includes(pn)) {
              this.error(pn === null ? 'scenario/wrong-type' : 'scenario/unknown-name', p, msg('scenario/wrong-type.vars-player-state', { path, vn }), pn === null ? undefined : didYouMean(pn, this.players));
              continue;
            }
            const s = this.ir.playerStates.find((x) => x.name === vn);
            const names = this.ir.playerStates.map((x) => x.name);
            if (!s) this.error('scenario/unknown-name', p, msg('scenario/unknown-name.vars-unknown-player-state-the', { vn, p: listed(names) }), didYouMean(vn, names));
            else this.value(p.value, s.type, `vars ${path}`, 'expect');
          }
          break;
        case 'winner':
          this.player(v, "'winner'", ['none', 'draw']);
          break;
        case 'match_winner':
          this.player(v, "'match_winner'", ['none', 'draw']);
          break;
        case 'winning_team': {
          // A game of teams (docs/language.md "Teams"): a team's name, `none` or `draw`.
          const word = this.word(v, "'winning_team'");
          const teams = this.ir.teams?.names ?? [];
          if (word === null) break;
          if (!this.ir.teams) this.error('scenario/unknown-name', this.resolved(v), msg('scenario/unknown-name.no-teams'));
          else if (!teams.includes(word) && word !== 'none' && word !== 'draw') this.error('scenario/unknown-name', this.resolved(v), msg('scenario/unknown-name.unknown-team-the-teams-are', { word, p: listed([...teams, 'none', 'draw']) }), didYouMean(word, teams));
          break;
        }
        case 'active':
          this.player(v, "'active'", []);
          break;
        case 'out': {
          const list = this.seq(v, "'out'", '[p2, …]');
          for (const x of list?.items ?? []) this.player(x, "'out'", []);
          break;
        }
        case 'reason':
          this.word(v, "'reason'");
          break;
        case 'offered':
        case 'not_offered':
        case 'options':
          for (const [pn, p] of this.pathsOf(v, `'${key}'`, '{ p1: [<option>, …] }')) {
            if (!this.players.includes(pn)) this.error('scenario/unknown-name', p, msg('scenario/unknown-name.unknown-player-the-players-are-2', { key, pn, p: listed(this.players) }), didYouMean(pn, this.players));
            const list = this.seq(p.value, `${key} ${pn}`, '[<option>, …]');
            for (const item of list?.items ?? []) this.word(item, `an option of ${key} ${pn}`);
          }
          break;
        case 'deck_legal':
        case 'deck_reason':
          if (!this.ir.deckCheck) {
            this.error('scenario/no-deck-check', pair, msg('scenario/no-deck-check.asks-the-game-s-deck', { key, name: this.ir.game.name }));
            break;
          }
          for (const [pn, p] of this.pathsOf(v, `'${key}'`, key === 'deck_legal' ? '{ p1: false }' : '{ p1: "more than" }')) {
            if (!this.players.includes(pn)) {
              this.error('scenario/unknown-name', p, msg('scenario/unknown-name.unknown-player-the-players-are-2', { key, pn, p: listed(this.players) }), didYouMean(pn, this.players));
              continue;
            }
            this.deckExpectations.push({ player: pn, node: p });
            if (key === 'deck_legal') this.scalar(p.value, 'boolean', `deck_legal ${pn}`);
            else this.word(p.value, `deck_reason ${pn}`);
          }
          break;
        case 'log': {
          const list = this.seq(v, "'log'", '["fizzle"]');
          for (const item of list?.items ?? []) this.word(item, "an item of 'log'");
          break;
        }
        default:
          if (key.includes('.') || this.ir.zones.some((z) => z.shared && z.name === key)) {
            this.zonePath(pair, key);
            this.cardList(v, key);
          } else if (this.ir.zones.some((z) => z.name === key)) {
            this.error('scenario/wrong-place', pair, msg('scenario/wrong-place.is-a-zone-of-each-2', { key }));
          } else {
            const zones = this.ir.zones.map((z) => (z.shared ? z.name : `p1.${z.name}`));
            this.unknownKey(pair, key, where, [...expectKeys, ...zones]);
          }
      }
    }
    return asserts;
  }

  /** A map's pairs (the map of `count:`, `cards:`…), or none after saying a map was expected. */
  private pathsOf(n: unknown, what: string, example: string): [string, Pair][] {
    const m = this.map(n, what, example);
    return m ? (this.pairs(m) as [string, Pair][]) : [];
  }

  /** `p1.hand`, `shared.<zone>` or `<shared zone>`: a zone of the game, with the right owner. */
  private zonePath(pair: Pair, path: string): void {
    const [owner, zoneName] = path.includes('.') ? (path.split('.', 2) as [string, string]) : ['shared', path];
    if (owner !== 'shared' && !this.players.includes(owner)) {
      this.error('scenario/unknown-name', pair, msg('scenario/unknown-name.unknown-player-a-zone-is', { path, owner }), didYouMean(owner, [...this.players, 'shared']));
      return;
    }
    const zone = this.ir.zones.find((z) => z.name === zoneName);
    if (!zone) {
      this.error('scenario/unknown-name', pair, msg('scenario/unknown-name.unknown-zone-the-zones-are', { path, zoneName, p: listed(this.zoneNames) }), didYouMean(zoneName, this.zoneNames));
      return;
    }
    if (zone.shared && owner !== 'shared') this.error('scenario/wrong-place', pair, msg('scenario/wrong-place.is-a-shared-zone-write-2', { path, zoneName }));
    if (!zone.shared && owner === 'shared') this.error('scenario/wrong-place', pair, msg('scenario/wrong-place.is-a-zone-of-each-3', { path, zoneName }));
  }

  private cardList(n: unknown, what: string): void {
    const list = this.seq(n, what, `[${this.cardEx}, …]`);
    for (const item of list?.items ?? []) this.cardName(item);
  }

  /** `cards: { ♠7: { charged: false, zone: p1.field } }`. */
  private expectedCard(pair: Pair, ref: string): void {
    const keyNode = this.resolved(pair.key);
    if (isScalar(keyNode)) this.cardRef(keyNode as Scalar, 'cards', 'expect');
    const m = this.map(pair.value, `cards ${ref}`, '{ <state or value>: <value>, zone: p1.field }');
    if (!m) return;
    // (Not the attrs that hold a numbered label's printed number: `先制` itself is the card's number.)
    const printed = new Set(this.ir.labels.flatMap((l) => (l.value ? [l.value.printed] : [])));
    const fields = this.ir.cardFields.filter((_, i) => !printed.has(i)).map((f) => f.name);
    for (const [f, p] of this.pairs(m)) {
      if (f === 'facedown') this.scalar(p.value, 'boolean', `cards ${ref}.facedown`);
      else if (f === 'zone') this.scalar(p.value, 'string', `cards ${ref}.zone`);
      else {
        const field = this.ir.cardFields[fieldOfCard(this.ir, ref.slice(ref.indexOf(':') + 1), f)];
        if (!field) this.error('scenario/unknown-name', p, msg('scenario/unknown-name.cards-unknown-card-field-the', { ref, f, p: listed([...fields, 'facedown', 'zone']) }), didYouMean(f, [...fields, 'facedown', 'zone']));
        else this.value(p.value, field.type, `cards ${ref}.${f}`, 'expect');
      }
    }
  }
}

const readingsCache = new WeakMap<GameIR, Map<number, string[] | null>>();

/**
 * The values a text parameter can mean, or null when any text can: its default and alternatives,
 * and the texts the rules compare it with (`decks == "A_mirror"`). Without alternatives, the
 * compared texts are all it can mean only when every use of it in the rules is such a comparison
 * (a value that is none of them matches nothing: a misspelling).
 */
export function textReadings(ir: GameIR, index: number): string[] | null {
  let byParam = readingsCache.get(ir);
  if (!byParam) readingsCache.set(ir, (byParam = new Map()));
  if (byParam.has(index)) return byParam.get(index)!;
  const param = ir.params[index]!;
  const compared = new Set<string>();
  let uses = 0;
  let comparisons = 0;
  const isParam = (e: unknown) => !!e && (e as { kind?: string }).kind === 'param' && (e as { index?: number }).index === index;
  const isText = (e: unknown) => !!e && (e as { kind?: string }).kind === 'lit' && typeof (e as { value?: unknown }).value === 'string';
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const x of node) walk(x);
    else if (node && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if (isParam(o)) uses++;
      if (o.kind === 'binary' && (o.op === '==' || o.op === '!=')) {
        const [p, t] = isParam(o.left) && isText(o.right) ? [o.left, o.right] : isParam(o.right) && isText(o.left) ? [o.right, o.left] : [null, null];
        if (p) {
          comparisons++;
          compared.add((t as { value: string }).value);
        }
      }
      for (const v of Object.values(o)) if (v && typeof v === 'object') walk(v);
    }
  };
  walk([ir.functions, ir.procedures, ir.actions, ir.checks, ir.setup, ir.turn, ir.auras, ir.cardTypes, ir.playerStates, ir.globalStates, ir.requestStates]);
  // The first-responder parameter is read by the engine itself, by its alternatives.
  const complete = uses === comparisons && ir.game.firstResponderParam !== index;
  const readings = param.alternatives.length || (complete && compared.size) ? [...new Set([String(param.value), ...param.alternatives.map(String), ...compared])] : null;
  byParam.set(index, readings);
  return readings;
}

/** The names of the windows anywhere in the turn's statements (where a scenario may start). */
function collectWindows(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) for (const x of node) collectWindows(x, out);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o.kind === 'window' && typeof o.name === 'string') out.add(o.name);
    for (const v of Object.values(o)) if (v && typeof v === 'object') collectWindows(v, out);
  }
}
