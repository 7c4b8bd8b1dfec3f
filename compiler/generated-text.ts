/**
 * A card's rules text generated from its abilities (the IR of its actions, triggers,
 * replacements and auras): one English sentence per ability, e.g. "When this card enters field,
 * you may: draw 1 card." — what the code does, to print beside the designer's own text
 * (faces/) and to check that text's numbers against (text-drift.ts).
 *
 * Simple and honest, never clever: it phrases the common shapes (docs/cards.md lists them) and
 * writes "…" for a part it cannot phrase, rather than guess. Alongside the words it keeps the
 * numbers it met — cards drawn, damage dealt, values changed, uses per turn — as facts; a number
 * computed at play time is a fact with no value, so that nothing is claimed about it.
 */
import type { ActionIR, AuraIR, DurationIR, Expr, GameIR, Stmt } from './ir.ts';
import { JapanesePhraser } from './generated-text-ja.ts';
import { PhraserBase, UNKNOWN } from './phraser-base.ts';
import { language } from '../i18n/format.ts';
import type { Language } from '../i18n/language.ts';

/** A number the code states: `value` null when it is computed in play (then nothing is checked against it). */
export interface NumberFact {
  kind: 'draw' | 'damage' | 'modify' | 'limit' | 'attr';
  value: number | null;
  /** `modify`: the value changed; `attr`: the attr. */
  field?: string;
  /** Which ability (`<card>.<ability>`) or attr says it. */
  source: string;
}

export interface GeneratedSentence {
  /** The ability's full name (`森の賢者.プレイ時`), or the aura's. */
  source: string;
  text: string;
}

export interface GeneratedText {
  sentences: GeneratedSentence[];
  facts: NumberFact[];
}

/**
 * The generated text of card `index`: one sentence per ability and aura, in `lang` (English, or
 * Japanese by generated-text-ja.ts), and the numbers they state (the same in every language).
 */
export function generatedText(ir: GameIR, index: number, lang: Language = 'en'): GeneratedText {
  const card = ir.cards[index];
  if (!card) return { sentences: [], facts: [] };
  const facts: NumberFact[] = [];
  const sentences: GeneratedSentence[] = [];
  for (const a of ir.actions) {
    if (a.source !== index) continue;
    const p = new Phraser(ir, a.name, facts);
    const en = p.ability(a);
    sentences.push({ source: a.name, text: lang === 'ja' ? new JapanesePhraser(ir).ability(a) : en });
    if (a.limit > 0) facts.push({ kind: 'limit', value: a.limit, source: a.name });
  }
  for (const au of ir.auras) {
    if (au.source !== index) continue;
    const p = new Phraser(ir, au.name, facts);
    const en = p.aura(au);
    sentences.push({ source: au.name, text: lang === 'ja' ? new JapanesePhraser(ir).aura(au) : en });
  }
  for (const at of card.attrs) {
    const f = ir.cardFields[at.field];
    if (f?.type === 'number' && typeof at.value === 'number') facts.push({ kind: 'attr', value: at.value, field: f.name, source: f.name });
  }
  return { sentences, facts };
}

/**
 * The generated text of card `index` as one paragraph ('' when it has no abilities), in the
 * reader's language (i18n/format.ts: the CLI's --lang, the playground's) unless `lang` says.
 * Japanese sentences follow each other with no space.
 */
export function generatedParagraph(ir: GameIR, index: number, lang: Language = language()): string {
  return generatedText(ir, index, lang).sentences.map((s) => s.text).join(lang === 'ja' ? '' : ' ');
}


function words(name: string): string {
  return name.replace(/_/g, ' ');
}

function plural(n: string, one: string, many: string): string {
  return `${n} ${n === '1' ? one : many}`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function sentence(s: string): string {
  const t = capitalise(s.trim());
  return /[.!?…:]$/.test(t) ? t : `${t}.`;
}

/** Phrases one ability's IR: its local names, and the facts it finds, as it goes. */
class Phraser extends PhraserBase {
  protected readonly separator = '; ';
  /** Inside `repeat N`: the multiplier for counted facts (null: not known before play, `repeat x` or `while`). */
  private times: number | null = 1;

  constructor(
    ir: GameIR,
    private source: string,
    private facts: NumberFact[],
  ) {
    super(ir);
  }

  ability(a: ActionIR): string {
    for (const s of a.steps) {
      if (s.kind === 'cost') continue;
      const many = !s.single;
      this.locals.set(s.slot, s.kind === 'target' ? (many ? 'the targets' : 'the target') : many ? 'the cards used' : 'the card used');
    }
    const effect = this.body(a.effect);
    const cost = a.steps.flatMap((s) => (s.kind === 'cost' ? [this.body(s.body)] : [])).filter(Boolean).join('; ');
    const targets = a.steps.flatMap((s) => (s.kind === 'target' ? [`target ${this.count(s.min, s.max)} of ${this.expr(s.from)}`] : [])).join('; ');
    const limit = a.limit === 1 ? 'once per turn' : a.limit === 2 ? 'twice per turn' : a.limit > 0 ? `${a.limit} times per turn` : '';
    const where = a.sourceZone >= 0 ? this.zoneName(a.sourceZone) : a.sourceZone === -2 ? 'attached' : a.sourceZone === -3 ? a.sourceZones.map((z) => this.zoneName(z)).join(' or ') : '';
    const todo = [cost && `pay: ${cost}`, targets, effect || UNKNOWN].filter(Boolean).join('; ');
    if (a.replaces) {
      return sentence(`instead of ${this.event(a)}: ${todo}`);
    }
    if (a.isTrigger) {
      let head = this.event(a);
      if (where && a.event?.kind !== 'moved') head += `, while this card is in ${where}`;
      if (a.condition) {
        const c = this.expr(a.condition);
        head += c === UNKNOWN ? ', under a condition' : `, if ${c}`;
      }
      if (limit) head = `${limit}, ${head.charAt(0).toLowerCase()}${head.slice(1)}`;
      return sentence(`${head}${a.optional ? ', you may' : ''}: ${todo}`);
    }
    const how = [where && `from ${where}`, limit].filter(Boolean).join(', ');
    // The ability's own title, when the designer wrote one (`action 火の粉 "【任意】 1 damage"`).
    const titled = a.title && a.title !== a.name && a.title !== a.name.slice(a.name.indexOf('.') + 1);
    return sentence(`${titled ? `${a.title} — ` : ''}activate${how ? ` (${how})` : ''}: ${todo}`);
  }

  /** A `modify`'s duration in words (' until end of turn'…). */
  private duration(d: DurationIR | null): string {
    if (d === null) return '';
    switch (d.kind) {
      case 'endOfTurn':
        return ' until end of turn';
      case 'endOfNextTurn':
        return ` until the end of ${possessive(this.expr(d.player))} next turn`;
      case 'duringNextTurn':
        return ` during ${possessive(this.expr(d.player))} next turn`;
      case 'untilNextTurn':
        return ` until ${possessive(this.expr(d.player))} next turn`;
      case 'turns': {
        const n = this.number(d.count);
        return n === 1 ? ' until end of turn' : ` for ${n ?? this.expr(d.count)} turns`;
      }
      case 'leaves':
        return ` for as long as ${this.expr(d.card)} stays in ${this.zoneName(d.zone)}`;
    }
  }

  aura(a: AuraIR): string {
    const field = this.ir.cardFields[a.field]?.name ?? '?';
    if (a.op !== 'add') {
      const where = a.sourceZone >= 0 ? `while this card is in ${this.zoneName(a.sourceZone)}` : a.sourceZone === -2 ? 'while this card is attached' : a.sourceZone === -3 ? `while this card is in ${a.sourceZones.map((z) => this.zoneName(z)).join(' or ')}` : 'while this card is in play';
      const change = a.op === 'set' ? `${field} becomes ${this.expr(a.by)}` : a.op === 'gain' ? `gain ${this.expr(a.by)}` : a.op === 'lose' ? `lose ${this.expr(a.by)}` : `${field} ${a.op === 'mul' ? 'multiplied' : 'divided'} by ${this.expr(a.by)}`;
      return sentence(`${where}: ${this.expr(a.targets)}${a.op === 'set' ? ':' : ''} ${change}`);
    }
    const by = this.number(a.by);
    this.facts.push({ kind: 'modify', value: by, field, source: this.source });
    const where = a.sourceZone >= 0 ? `while this card is in ${this.zoneName(a.sourceZone)}` : a.sourceZone === -2 ? 'while this card is attached' : a.sourceZone === -3 ? `while this card is in ${a.sourceZones.map((z) => this.zoneName(z)).join(' or ')}` : 'while this card is in play';
    return sentence(`${where}: ${this.expr(a.targets)} get ${field} ${by === null ? this.expr(a.by) : signed(by)}`);
  }

  private event(a: ActionIR): string {
    const e = a.event;
    if (!e) return 'when …';
    switch (e.kind) {
      case 'moved': {
        const subject = e.cardSlot < 0 ? 'this card' : 'a card';
        if (e.cardSlot >= 0) this.locals.set(e.cardSlot, 'that card');
        if (a.replaces) return `${subject} moving ${e.from >= 0 ? `from ${this.zoneName(e.from)} ` : ''}to ${e.to >= 0 ? this.zoneName(e.to) : 'anywhere'}`;
        if (e.from < 0 && e.to >= 0) return `when ${subject} enters ${this.zoneName(e.to)}`;
        if (e.to < 0 && e.from >= 0) return `when ${subject} leaves ${this.zoneName(e.from)}`;
        if (e.from < 0 && e.to < 0) return `when ${subject} moves`;
        return `when ${subject} moves from ${this.zoneName(e.from)} to ${this.zoneName(e.to)}`;
      }
      case 'resolved':
        return `when ${this.actionName(e.action)} resolves`;
      case 'declared':
        return `when ${this.actionName(e.action)} is declared`;
      case 'signal': {
        const ev = this.ir.events[e.event];
        const params = ev?.params ?? [];
        const first = params[0]?.type === 'card' ? 'card' : (params[0]?.type ?? 'card');
        if (e.cardSlot >= 0) this.locals.set(e.cardSlot, `that ${first}`);
        e.argSlots.forEach((slot, i) => this.locals.set(slot, `the ${params[i + 1]?.name ?? 'value'}`));
        return `on ${ev?.title || ev?.name || 'an event'} of ${e.cardSlot < 0 ? 'this card' : `a ${first}`}`;
      }
      case 'turnStart':
        return 'at the start of each turn';
      case 'turnEnd':
        return 'at the end of each turn';
    }
  }

  private actionName(i: number): string {
    const a = this.ir.actions[i];
    return a ? a.name : 'an action';
  }

  private zoneName(i: number): string {
    const z = this.ir.zones[i];
    return z ? words(z.name) : 'a zone';
  }

  private counted(e: Expr): number | null {
    const n = this.number(e);
    return n === null || this.times === null ? null : n * this.times;
  }

  private count(min: Expr, max: Expr): string {
    const a = this.expr(min);
    const b = this.expr(max);
    return a === b ? a : `${a} to ${b}`;
  }

  /** A statement in words; null for one that says nothing on a card (a log line, a local name). */
  protected stmt(s: Stmt): string | null {
    switch (s.kind) {
      case 'callProc':
        return this.call(s.proc, s.args);
      case 'move': {
        const where = s.position === 'top' ? `on top of ${this.expr(s.to)}` : s.position === 'bottom' ? `at the bottom of ${this.expr(s.to)}` : `into ${this.expr(s.to)}`;
        return `put ${this.expr(s.cards)} ${where}${s.face === 'facedown' ? ' face down' : ''}`;
      }
      case 'attach':
        return `attach ${this.expr(s.cards)} to ${this.expr(s.to)}${s.facedown ? ' face down' : ''}`;
      case 'detach':
        return `detach ${this.expr(s.cards)}`;
      case 'modify': {
        const field = this.ir.cardFields[s.field]?.name ?? '?';
        const until = this.duration(s.duration);
        if (s.op === 'set') return `${possessive(this.expr(s.card))} ${field} becomes ${this.expr(s.by)}${until}`;
        if (s.op === 'gain' || s.op === 'lose') return `${this.expr(s.card)} ${s.op === 'gain' ? 'gains' : 'loses'} ${this.expr(s.by)}${until}`;
        if (s.op !== 'add') return `${possessive(this.expr(s.card))} ${field} is ${s.op === 'mul' ? 'multiplied' : 'divided'} by ${this.expr(s.by)}${until}`;
        const by = this.number(s.by);
        this.facts.push({ kind: 'modify', value: by, field, source: this.source });
        return `${this.expr(s.card)} gets ${field} ${by === null ? `+ ${this.expr(s.by)}` : signed(by)}${until}`;
      }
      case 'gainAbilities':
        return `${this.expr(s.card)} gains the abilities of ${this.expr(s.from)}${this.duration(s.duration)}`;
      case 'unmodify':
        return `${this.expr(s.card)} loses ${s.field < 0 ? 'every change to its values' : `the changes to its ${this.ir.cardFields[s.field]?.name ?? '?'}`}`;
      case 'setCard':
        return `set ${possessive(this.expr(s.card))} ${this.ir.cardFields[s.field]?.name ?? '?'} to ${this.expr(s.value)}`;
      case 'setFacedown':
        return `turn ${this.expr(s.card)} ${s.value.kind === 'lit' ? (s.value.value ? 'face down' : 'face up') : 'over'}`;
      case 'setPlayer':
        return `set ${possessive(this.expr(s.player))} ${words(this.ir.playerStates[s.field]?.name ?? '?')} to ${this.expr(s.value)}`;
      case 'setGlobal':
        return `set ${words(this.ir.globalStates[s.field]?.name ?? '?')} to ${this.expr(s.value)}`;
      case 'choose': {
        this.locals.set(s.slot, s.single ? 'the chosen card' : 'the chosen cards');
        const who = s.by && !(s.by.kind === 'builtin' && s.by.name === 'me') ? `${this.expr(s.by)} chooses` : 'choose';
        return `${who} ${this.count(s.min, s.max)} of ${this.expr(s.from)}`;
      }
      case 'chooseOrder':
        this.locals.set(s.slot, 'them');
        return `put ${this.expr(s.from)} in any order`;
      case 'chooseMode':
        return `choose one — ${s.options.map((o) => `${o.label}: ${this.body(o.body) || UNKNOWN}`).join('; or ')}`;
      case 'let':
        this.locals.set(s.slot, this.expr(s.value));
        return null;
      case 'if': {
        const c = this.expr(s.cond);
        const then = this.body(s.then) || UNKNOWN;
        const otherwise = s.else.length ? `; otherwise ${this.body(s.else) || UNKNOWN}` : '';
        return `${c === UNKNOWN ? 'if …' : `if ${c}`}, ${then}${otherwise}`;
      }
      case 'forEach':
        // Each card or player of a list gets the same amount: "deal 200 damage to each" is still 200.
        this.locals.set(s.slot, 'it');
        return `for each of ${this.expr(s.list)}: ${this.body(s.body) || UNKNOWN}`;
      case 'repeat': {
        const n = this.number(s.count);
        const saved = this.times;
        this.times = n === null || saved === null ? null : n * saved;
        const body = this.body(s.body) || UNKNOWN;
        this.times = saved;
        return `${n === null ? this.expr(s.count) : n} times: ${body}`;
      }
      case 'while': {
        const saved = this.times;
        this.times = null;
        this.body(s.body);
        this.times = saved;
        return UNKNOWN;
      }
      case 'window':
      case 'setActive':
      case 'setRequest':
        return UNKNOWN;
      case 'perform':
        return `${s.as ? 'use' : 'perform'} ${s.ability ? 'that ability' : this.actionName(s.action)}${s.as ? ` as ${this.expr(s.as)}'s own` : ''}`;
      case 'shuffle':
        return `shuffle ${this.expr(s.zone)}`;
      case 'reveal':
        return `reveal ${this.expr(s.cards)}${s.to ? ` to ${this.expr(s.to)}` : ''}`;
      case 'cancel':
        return `cancel ${this.expr(s.request)}`;
      case 'retarget':
        return `choose new targets for ${this.expr(s.request)}`;
      case 'endTurn':
        return 'end the turn';
      case 'reverseTurnOrder':
        return 'reverse the turn order';
      case 'win':
      case 'lose':
        return `${this.expr(s.player)} ${s.kind}${this.expr(s.player) === 'you' ? '' : 's'} the game`;
      case 'drawGame':
        return 'the game is a draw';
      case 'signal':
        return `${[s.card, ...s.args].map((a) => this.expr(a)).join(', ')}: ${this.ir.events[s.event]?.title || this.ir.events[s.event]?.name || 'an event'}`;
      case 'proceed':
        return 'then it happens after all';
      case 'createCount':
        return `create ${this.expr(s.count)} ${this.ir.cards[s.card]?.title ?? '?'} in ${this.expr(s.zone)}`;
      case 'createEvery':
        return `create every ${this.ir.cardTypes[s.cardType]?.name ?? '?'} in ${this.expr(s.zone)}`;
      case 'cite':
        return this.body(s.body) || null;
      case 'log':
        return null;
    }
  }

  /**
   * A procedure call. Three families have words of their own, read from the procedure's name (a
   * name is the designer's word for what it does): draw… ("draw 2 cards"), …damage… ("deal 1
   * damage to the target"), destroy… ("destroy the target"). Any other: its name and arguments.
   */
  private call(proc: number, args: Expr[]): string {
    const p = this.ir.procedures[proc];
    if (!p) return UNKNOWN;
    const numberAt = p.params.findIndex((x) => x.type === 'number');
    const playerAt = p.params.findIndex((x) => x.type === 'player');
    const subjectAt = p.params.findIndex((x) => x.type === 'card' || x.type === 'cards');
    const n = numberAt >= 0 ? args[numberAt] : undefined;
    const who = playerAt >= 0 ? this.expr(args[playerAt]!) : 'you';
    if (/^draw(?:_|$)/.test(p.name) && n) {
      this.facts.push({ kind: 'draw', value: this.counted(n), source: this.source });
      const count = this.expr(n);
      return who === 'you' ? `draw ${plural(count, 'card', 'cards')}` : `${who} draws ${plural(count, 'card', 'cards')}`;
    }
    if (/(?:^|_)damage(?:_|$)/.test(p.name) && n) {
      this.facts.push({ kind: 'damage', value: this.counted(n), source: this.source });
      const to = subjectAt >= 0 ? this.expr(args[subjectAt]!) : who;
      return `deal ${this.expr(n)} damage to ${to}`;
    }
    if (/^destroy(?:_|$)/.test(p.name) && subjectAt >= 0) return `destroy ${this.expr(args[subjectAt]!)}`;
    return args.length ? `${words(p.name)} (${args.map((a) => this.expr(a)).join(', ')})` : words(p.name);
  }

  /** An expression in words, or "…". */
  expr(e: Expr): string {
    switch (e.kind) {
      case 'lit':
        if (typeof e.value === 'number') return String(e.value);
        if (typeof e.value === 'string') return this.enumTitle(e.value) ?? `“${e.value}”`;
        if (typeof e.value === 'boolean') return e.value ? 'yes' : 'no';
        return 'nothing';
      case 'neg':
        return `−${this.expr(e.operand)}`;
      case 'param':
        return words(this.ir.params[e.index]?.name ?? '?');
      case 'local':
        return this.locals.get(e.slot) ?? 'it';
      case 'builtin':
        return { me: 'you', opponent: 'your opponent', opponents: 'each opponent', teammates: 'each teammate', active: 'the active player', players: 'each player', stack: 'the stack', turn: 'the turn number', this: 'this card', it: 'it', request: 'this effect', match_game: 'the game of the match', last_winner: 'the last game\'s winner', last_loser: 'the last game\'s loser' }[e.name];
      case 'label':
        return this.ir.labels[e.index]?.title || this.ir.labels[e.index]?.name || '?';
      case 'actionRef':
        return this.actionName(e.index);
      case 'zone': {
        const z = this.zoneName(e.zone);
        if (!e.player) return z;
        const p = this.expr(e.player);
        return `${possessive(p)} ${z}`;
      }
      case 'zones':
        return `the ${this.zoneName(e.zone)} of ${this.expr(e.players)}`;
      case 'cardField': {
        const f = this.ir.cardFields[e.field]?.name ?? '?';
        return `${possessive(this.expr(e.card))} ${f}`;
      }
      case 'cardBuiltin':
        return `${possessive(this.expr(e.card))} ${e.field}`;
      case 'playerField':
        return `${possessive(this.expr(e.player))} ${words(this.ir.playerStates[e.field]?.name ?? '?')}`;
      case 'globalField':
        // "the current atk attacker": a game-wide state, never read as an adjective of what it is
        // compared with ("this card is not no playtime").
        return `the current ${words(this.ir.globalStates[e.field]?.name ?? '?')}`;
      case 'call': {
        const f = this.ir.functions[e.fn];
        if (!f) return UNKNOWN;
        // `controller_of(this)` → "controller of this card"; `with_lp(x)` → "x with lp" (a name that
        // starts with a preposition qualifies its one argument); `units(x)` → "units of x".
        if (e.args.length === 1 && /^(?:with|without|in|on|under|from)_/.test(f.name)) return `${this.expr(e.args[0]!)} ${words(f.name)}`;
        const joiner = /(?:^|_)of$/.test(f.name) ? ' ' : ' of ';
        return e.args.length ? `${words(f.name)}${joiner}${e.args.map((a) => this.expr(a)).join(', ')}` : words(f.name);
      }
      case 'builtinCall':
        return this.builtinCall(e.fn, e.args);
      case 'list':
        return e.items.map((x) => this.expr(x)).join(' and ');
      case 'not': {
        const o = e.operand;
        if (o.kind === 'builtinCall' && o.fn === 'is_empty') return `${this.expr(o.args[0]!)} is not empty`;
        return `not ${this.expr(o)}`;
      }
      case 'binary': {
        const l = this.expr(e.left);
        const r = this.expr(e.right);
        const op = { '==': 'is', '!=': 'is not', '<': 'is less than', '<=': 'is at most', '>': 'is more than', '>=': 'is at least', and: 'and', or: 'or', '+': '+', '-': '−', '*': '×', '/': '÷', '%': 'mod' }[e.op];
        return `${l} ${op} ${r}`;
      }
      case 'inRange':
        return `${this.expr(e.item)} is ${this.expr(e.low)} to ${this.expr(e.high)}`;
      case 'inList':
        return `${this.expr(e.item)} is one of ${this.expr(e.list)}`;
      case 'has':
        return `${this.expr(e.subject)} has ${this.expr(e.label)}`;
      case 'where':
        return `${this.expr(e.list)} where ${this.expr(e.predicate)}`;
      default:
        return UNKNOWN;
    }
  }

  private builtinCall(fn: string, args: Expr[]): string {
    const a = args.map((x) => this.expr(x));
    switch (fn) {
      case 'count':
        return `the number of ${a[0]}`;
      case 'is_empty':
        return `${a[0]} is empty`;
      case 'first':
        return `the first of ${a[0]}`;
      case 'top':
        return a[1] === '1' ? `the top card of ${a[0]}` : `the top ${a[1]} cards of ${a[0]}`;
      case 'bottom':
        return a[1] === '1' ? `the bottom card of ${a[0]}` : `the bottom ${a[1]} cards of ${a[0]}`;
      case 'random':
        return `a random card of ${a[0]}`;
      case 'other':
        return a[0] === 'you' ? 'your opponent' : a[0] === 'your opponent' ? 'you' : `the player after ${a[0]}`;
      case 'owner':
        return `${possessive(a[0]!)} owner`;
      case 'host':
        return `the card ${a[0]} is attached to`;
      case 'units':
        return `${a[0]} and the cards attached to it`;
      default:
        return UNKNOWN;
    }
  }
}

/** "you" → "your", "it" → "its", "the target" → "the target's". */
function possessive(who: string): string {
  return who === 'you' ? 'your' : who === 'it' ? 'its' : `${who}'s`;
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `−${-n}`;
}
