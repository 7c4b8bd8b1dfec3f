/**
 * Rename in the rulings casebook: when a definition of a game is renamed (compiler/references.ts
 * gives the edits of its .grim files), the edits that keep the game's scenarios (YAML,
 * docs/scenarios.md) meaning the same thing.
 *
 * Each scenario is read with the `yaml` package's Document API and walked the way scenario/run.ts
 * reads it, so a name is changed only where the format uses that kind of name:
 *
 * - a zone: the zone keys of `state:` (`p1: { field: […] }`, `shared:`), the zone paths of
 *   `expect:` / `check:` (`p2.graveyard: […]`, `count: { p2.life: 0 }`, `contains`, `lacks`) and
 *   a card's `zone:` expectation (`p1.field (under ♠5)`);
 * - a card field or state: the keys of a card in `state:` (`{ card: ♠7, role: soldier }`) and of
 *   `cards:` expectations; a player state: `vars:` keys (`p1.x` in `expect`); a global state:
 *   `globals:` keys;
 * - an enum value: the values of those fields, states and of `params:` whose type is its enum;
 * - a param: `params:` keys; a format: the `format:` value;
 * - an action, a trigger or a card's ability: the answers of `steps:` (`- p1: アタック`,
 *   `{ mode: "湧き水の里.開始時 (湧き水の里)" }`) and the option lists of `offered`,
 *   `not_offered`, `options` — the labels the engine gives options (`name`, `name (2)`,
 *   `Card.ability`, `trigger (card)`);
 * - a card, by its name (scenarios write `♠7`, the card's identifier): every place a card is
 *   written — zone lists, `card:`, `attached:`, the cards of `decks:` (and the name in a
 *   `reason:` or `deck_reason:` text, as the rules compute it), `cards:` keys (`p1:♠7`), card-typed states, the
 *   answers and option labels (`♠2 + ♠5`, `Card.ability`).
 *
 * Never in comments, in `name:` / `cite:` / `note` / `reason:` / `log:` text, in a mode label
 * the rules write as a string, nor in part of a word: only whole scalars, or the name part of a
 * path (`p2.graveyard`, `p1:♠7`, `name (2)`). The edits are placed on the file's text (the
 * node's source range), so the file's layout, comments and quoting stay as they are; where the
 * new name cannot be written as the scalar is (a plain scalar that would read as something
 * else), the scalar is rewritten double-quoted. A file that is not valid YAML is left alone and
 * said in a warning; `game:` names the game's folder, so it is never renamed.
 *
 * compiler/ never imports this: the caller (the playground's compile worker, tests) combines the
 * .grim edits and these — `renameInGame` does both.
 */
import { isMap, isPair, isScalar, isSeq, parseDocument, type Node, type Scalar } from 'yaml';
import type * as A from '../grammar/ast.ts';
import { validName, type GameFiles, type GameNames, type Place, type RenameEdit, type Target } from '../compiler/references.ts';
import { tokenize } from '../grammar/lexer.ts';
import type { SymbolIndex, SymbolInfo } from '../compiler/symbols.ts';

export interface ScenarioSource {
  path: string;
  text: string;
}

/** The edits of a game's scenario files for a rename, and what could not be renamed (for the page). */
export interface ScenarioRename {
  edits: RenameEdit[];
  warnings: string[];
}

/** A rename across a game: its .grim edits and its scenarios' edits; or why it is refused. */
export type GameRenameResult = { edits: RenameEdit[]; target: Target; warnings: string[] } | { refused: string };

/**
 * Renames the name at a place of a .grim file (GameNames.rename: the refusals stay its own) and
 * in the game's scenarios. `game`: the files the names were read from (their strings and `choose
 * mode` labels are never renamed, so the scenarios' texts that match them are left alone).
 */
export function renameInGame(names: GameNames, game: GameFiles, path: string, offset: number, newName: string, scenarios: readonly ScenarioSource[]): GameRenameResult {
  const r = names.rename(path, offset, newName);
  if ('refused' in r) return r;
  const valid = validName(newName);
  if ('refused' in valid || valid.name === r.target.word) return { ...r, warnings: [] };
  const y = renameInScenarios({ ...game, index: names.index }, r.target, valid.name, scenarios);
  return { edits: [...r.edits, ...y.edits], target: r.target, warnings: y.warnings };
}

/** What is being renamed, as the scenario format sees it. */
interface Renaming {
  word: string;
  name: string;
  zone: boolean;
  cardField: boolean;
  playerState: boolean;
  globalState: boolean;
  param: boolean;
  format: boolean;
  /** An action or a trigger: option labels. */
  action: boolean;
  /** A card's ability: its full names (`Card.ability`). */
  abilities: Set<string>;
  card: boolean;
  /** An enum value: the enums it belongs to. */
  enums: Set<string>;
  /** The type of a card field, player state, global state or param, by name. */
  types: { cardField: Map<string, string[]>; playerState: Map<string, string[]>; globalState: Map<string, string[]>; param: Map<string, string[]> };
  /** The card types (a field of one of these types holds a card). */
  cardTypes: Set<string>;
  /** The abilities of the game by full name (`Card.ability`). */
  allAbilities: Set<string>;
  /** The labels of `choose mode` options (strings in the rules: never renamed). */
  modeLabels: Set<string>;
  /** The name is a word of a string of the rules the engine may log: `log:` texts are then left alone. */
  inRuleStrings: boolean;
  /**
   * A card's `instead` ability: the log writes its bare name (`EXへ: instead of that move`) —
   * renamed when no other card has an ability of that name, else ambiguous.
   */
  insteadBare: 'rename' | 'ambiguous' | null;
}

/** What the caller knows of the game: its symbol index, and (optionally) its texts and parses. */
export interface GameInfo {
  index: SymbolIndex;
  sources?: GameFiles['sources'];
  files?: readonly (A.SourceFile | undefined)[];
}

function renaming(game: GameInfo, target: Target, name: string): Renaming | null {
  if (target.kind !== 'game') return null;
  const kinds = new Set(target.defs.map((d) => d.kind));
  const typesOf = (kind: SymbolInfo['kind']) => {
    const m = new Map<string, string[]>();
    for (const s of game.index.all) if (s.kind === kind && s.type !== undefined) m.set(s.name, [...(m.get(s.name) ?? []), s.type]);
    return m;
  };
  return {
    word: target.word,
    name,
    zone: kinds.has('zone'),
    cardField: kinds.has('card field'),
    playerState: kinds.has('player state'),
    globalState: kinds.has('global state'),
    param: kinds.has('param'),
    format: kinds.has('format'),
    action: kinds.has('action') || kinds.has('trigger'),
    abilities: new Set(target.defs.filter((d) => d.kind === 'ability').map((d) => d.name)),
    card: kinds.has('card'),
    enums: new Set(target.defs.filter((d) => d.kind === 'enum value').map((d) => d.detail.slice(0, d.detail.lastIndexOf('.')))),
    types: { cardField: typesOf('card field'), playerState: typesOf('player state'), globalState: typesOf('global state'), param: typesOf('param') },
    cardTypes: new Set(game.index.all.filter((s) => s.kind === 'card type').map((s) => s.name)),
    allAbilities: new Set(game.index.all.filter((s) => s.kind === 'ability').map((s) => s.name)),
    modeLabels: modeLabelsOf(game.files ?? []),
    inRuleStrings: (game.sources ?? []).some((src) => inStrings(src.text, target.word)),
    insteadBare: !target.defs.some((d) => d.kind === 'ability' && d.detail.startsWith('instead '))
      ? null
      : game.index.all.some((s) => s.kind === 'ability' && s.name.endsWith(`.${target.word}`) && !target.defs.includes(s))
        ? 'ambiguous'
        : 'rename',
  };
}

/** The characters of a name (grammar/tokens.ts). */
const nameChar = /[\p{L}\p{N}\p{So}\p{M}_・ー]/u;

/** Where `word` stands as a whole name in `s` (not inside a longer name). */
function wholeWords(s: string, word: string): number[] {
  const out: number[] = [];
  for (let i = s.indexOf(word); i >= 0; i = s.indexOf(word, i + 1)) {
    const before = s.slice(0, i);
    const prev = [...before].at(-1);
    const next = [...s.slice(i + word.length)][0];
    if ((!prev || !nameChar.test(prev)) && (!next || !nameChar.test(next))) out.push(i);
  }
  return out;
}

/** Whether a word stands as a whole name in a string of the rules other than a `cite` or a `note`. */
function inStrings(text: string, word: string): boolean {
  if (!text.includes(word)) return false;
  const tokens = tokenize(text).tokens;
  return tokens.some((t, i) => t.tokenType.name === 'StringLiteral' && !/^Kw_(cite|note)$/.test(tokens[i - 1]?.tokenType.name ?? '') && wholeWords(t.image.slice(1, -1), word).length > 0);
}

/** The labels of every `choose mode` option the rules write. */
function modeLabelsOf(files: readonly (A.SourceFile | undefined)[]): Set<string> {
  const out = new Set<string>();
  const walk = (o: unknown): void => {
    if (Array.isArray(o)) for (const x of o) walk(x);
    else if (o && typeof o === 'object') {
      const n = o as Record<string, unknown>;
      if (n['kind'] === 'chooseMode' && Array.isArray(n['options'])) for (const opt of n['options'] as A.ModeOption[]) out.add(opt.label);
      for (const [k, v] of Object.entries(n)) if (k !== 'loc' && v && typeof v === 'object') walk(v);
    }
  };
  for (const f of files) walk(f?.decls);
  return out;
}

/** The words of a type as written (`card`, `list of Role`, `Role?`). */
const typeWords = (type: string) => type.split(/[^\p{L}\p{N}_\p{S}・ー]+/u).filter(Boolean);

/**
 * The edits that rename `target` (a definition of the game, as GameNames resolves it) to `name`
 * in the scenarios given (the game's rulings). A local, or a kind of definition scenarios never
 * name, gives no edits.
 */
export function renameInScenarios(game: GameInfo, target: Target, name: string, scenarios: readonly ScenarioSource[]): ScenarioRename {
  const out: ScenarioRename = { edits: [], warnings: [] };
  const r = renaming(game, target, name);
  if (!r || name === r.word) return out;
  for (const s of scenarios) {
    if (!s.text.includes(r.word)) continue; // nothing to rename, whatever the file's state
    const doc = parseDocument(s.text);
    if (doc.errors.length) {
      const e = doc.errors[0]!;
      const line = e.linePos?.[0]?.line;
      out.warnings.push(`${s.path} is not valid YAML${line ? ` (line ${line})` : ''}: '${r.word}' was not renamed in it.`);
      continue;
    }
    const walk = new ScenarioWalk(s, r, out);
    walk.scenario(doc.contents);
    walk.finish();
  }
  return out;
}

type Pairs = [key: Scalar | null, value: Node | null][];

/** One scenario file's walk: the places its names are written, as scenario/run.ts reads them. */
class ScenarioWalk {
  private readonly lineStarts: number[] = [0];

  constructor(
    private readonly file: ScenarioSource,
    private readonly r: Renaming,
    private readonly out: ScenarioRename,
  ) {
    for (let i = 0; i < file.text.length; i++) if (file.text[i] === '\n') this.lineStarts.push(i + 1);
  }

  // --- the scenario's structure (docs/scenarios.md) ---

  scenario(root: unknown): void {
    for (const [k, v] of pairs(root)) {
      switch (k?.value) {
        case 'format':
          if (this.r.format) this.whole(v);
          break;
        case 'params':
          for (const [pk, pv] of pairs(v)) {
            if (this.r.param) this.whole(pk);
            this.typed(pv, this.r.types.param.get(str(pk)));
          }
          break;
        case 'state':
          this.state(v);
          break;
        case 'decks':
          // `decks: { p1: { main: { ♠7: 2 }, side: { … } } }`: the cards are the keys.
          for (const [, list] of pairs(v)) for (const [, part] of pairs(list)) for (const [card] of pairs(part)) this.cardName(card);
          break;
        case 'steps':
          if (isSeq(v)) for (const step of v.items) this.step(step as Node);
          break;
        case 'expect':
          this.expect(v);
          break;
      }
    }
  }

  private state(state: Node | null): void {
    for (const [k, v] of pairs(state)) {
      const key = str(k);
      if (key === 'turn' || key === 'active') continue;
      if (key === 'globals') {
        for (const [gk, gv] of pairs(v)) {
          if (this.r.globalState) this.whole(gk);
          this.typed(gv, this.r.types.globalState.get(str(gk)));
        }
        continue;
      }
      for (const [zk, list] of pairs(v)) {
        if (str(zk) === 'vars' && key !== 'shared') {
          for (const [vk, vv] of pairs(list)) {
            if (this.r.playerState) this.whole(vk);
            this.typed(vv, this.r.types.playerState.get(str(vk)));
          }
          continue;
        }
        if (this.r.zone) this.whole(zk);
        if (isSeq(list)) for (const entry of list.items) this.cardEntry(entry as Node);
      }
    }
  }

  /** A card of `state`: `♠7`, or `{ card: ♠7, <state>: value, attached: [...] }`. */
  private cardEntry(entry: Node | null): void {
    if (isScalar(entry)) {
      this.cardName(entry);
      return;
    }
    for (const [k, v] of pairs(entry)) {
      const key = str(k);
      if (key === 'card') this.cardName(v);
      else if (key === 'attached') {
        if (isSeq(v)) for (const a of v.items) this.cardEntry(a as Node);
      } else if (key !== 'entered' && key !== 'facedown') {
        if (this.r.cardField) this.whole(k);
        this.typed(v, this.r.types.cardField.get(key));
      }
    }
  }

  private step(step: Node | null): void {
    for (const [k, v] of pairs(step)) {
      if (str(k) === 'check') {
        this.expect(v);
        continue;
      }
      // `<player>: answer`
      if (isSeq(v)) for (const x of v.items) this.cardName(x as Node);
      else if (isMap(v)) {
        for (const [mk, mv] of pairs(v)) if (str(mk) === 'mode') this.label(mv);
      } else this.label(v);
    }
  }

  private expect(ex: Node | null): void {
    for (const [k, v] of pairs(ex)) {
      const key = str(k);
      switch (key) {
        case 'ordered':
        case 'winner':
        case 'out':
        case 'active':
          break;
        case 'reason':
          this.reasonText(v);
          break;
        case 'deck_reason':
          for (const [, text] of pairs(v)) this.reasonText(text);
          break;
        case 'log':
          if (isSeq(v)) for (const x of v.items) this.logText(x as Node);
          break;
        case 'count':
          for (const [pk] of pairs(v)) this.zonePath(pk);
          break;
        case 'contains':
        case 'lacks':
          for (const [pk, list] of pairs(v)) {
            this.zonePath(pk);
            this.cardList(list);
          }
          break;
        case 'cards':
          for (const [ck, fields] of pairs(v)) {
            this.cardRef(ck);
            for (const [fk, fv] of pairs(fields)) {
              const f = str(fk);
              if (f === 'facedown') continue;
              if (f === 'zone') this.zoneLabel(fv);
              else {
                if (this.r.cardField) this.whole(fk);
                this.typed(fv, this.r.types.cardField.get(f));
              }
            }
          }
          break;
        case 'vars':
          for (const [vk, vv] of pairs(v)) {
            const path = str(vk);
            const dot = path.indexOf('.');
            if (this.r.playerState && vk && dot >= 0 && path.slice(dot + 1) === this.r.word) this.part(vk, dot + 1, path.length);
            this.typed(vv, this.r.types.playerState.get(path.slice(dot + 1)));
          }
          break;
        case 'offered':
        case 'not_offered':
        case 'options':
          for (const [, list] of pairs(v)) if (isSeq(list)) for (const x of list.items) this.label(x as Node);
          break;
        default:
          // A zone: `p2.graveyard: […]`, or a shared zone by its name.
          this.zonePath(k);
          this.cardList(v);
      }
    }
  }

  // --- the kinds of names, inside a scalar ---

  /** A value of a field, state or param of this type: an enum value, or a card (`p1:♠7`) for a card-typed one. */
  private typed(v: Node | null, types: string[] | undefined): void {
    if (!types) return;
    const words = types.flatMap(typeWords);
    const ofEnum = words.some((w) => this.r.enums.has(w));
    const ofCard = words.some((w) => w === 'card' || this.r.cardTypes.has(w));
    const each = (x: Node | null) => {
      if (ofEnum) this.whole(x);
      if (ofCard) this.cardRef(x);
    };
    if (isSeq(v)) for (const x of v.items) each(x as Node);
    else each(v);
  }

  /** `p2.graveyard`, or a shared zone's name. */
  private zonePath(k: Node | null): void {
    if (this.r.zone) this.qualified(k, '.');
  }

  /** A name, or a name after its owner and a separator (`p2.graveyard`, `p1:♠7`). */
  private qualified(v: Node | null, separator: string): void {
    if (!isScalar(v)) return;
    const s = str(v);
    const at = s.indexOf(separator);
    if (at < 0) this.whole(v);
    else if (s.slice(at + 1) === this.r.word) this.part(v, at + 1, s.length);
  }

  /** A card's `zone:` expectation: `p1.field`, `p1.field (under ♠5)`. */
  private zoneLabel(v: Node | null): void {
    if (!isScalar(v)) return;
    const s = str(v);
    const m = /^(?:([^.\s]+)\.)?([^\s(]+)(?: \(under (.+)\))?$/u.exec(s);
    if (!m) return;
    const zoneAt = m[1] === undefined ? 0 : m[1].length + 1;
    if (this.r.zone && m[2] === this.r.word) this.part(v, zoneAt, zoneAt + m[2].length);
    if (this.r.card && m[3] === this.r.word) this.part(v, s.length - 1 - m[3].length, s.length - 1);
  }

  private cardList(list: Node | null): void {
    if (isSeq(list)) for (const x of list.items) this.cardName(x as Node);
  }

  /** A card by its name. */
  private cardName(v: Node | null): void {
    if (this.r.card) this.whole(v);
  }

  /** A card by its name, or `p1:♠7`. */
  private cardRef(v: Node | null): void {
    if (this.r.card) this.qualified(v, ':');
  }

  /**
   * An option's label, as an answer or in an option list: an action (`アタック`, `アタック (2)`), a
   * card's ability (`Card.ability`), a trigger to order (`name (card)`), a card (`♠7`, `♠2 + ♠5`).
   * A label the rules write as a string (`choose mode`) is not a name.
   */
  private label(v: Node | null): void {
    if (!isScalar(v)) return;
    const s = str(v);
    if (this.r.modeLabels.has(s)) return;
    const paren = / \(([^()]*)\)$/u.exec(s);
    const head = paren ? s.slice(0, paren.index) : s;
    this.labelHead(v, head, 0);
    if (paren && this.r.card) this.cardLabels(v, paren[1]!, paren.index + 2);
  }

  private labelHead(v: Scalar, head: string, at: number): void {
    const r = this.r;
    if (head === r.word && (r.action || r.card)) {
      this.part(v, at, at + head.length);
      return;
    }
    const dot = head.indexOf('.');
    if (dot > 0 && r.allAbilities.has(head)) {
      // `Card.ability`: the card's name, or the ability's.
      if (r.card && head.slice(0, dot) === r.word) this.part(v, at, at + dot);
      if (r.abilities.has(head)) this.part(v, at + dot + 1, at + head.length);
      return;
    }
    if (r.card && head.includes(' + ')) this.cardLabels(v, head, at);
  }

  /** Cards' labels joined by ` + ` (a choice of several cards). */
  private cardLabels(v: Scalar, s: string, at: number): void {
    let from = 0;
    for (const piece of s.split(' + ')) {
      if (piece === this.r.word) this.part(v, at + from, at + from + piece.length);
      from += piece.length + 3;
    }
  }

  /**
   * A `log:` text: a part of what the engine logs, which writes names (`♠7 → p2.graveyard`,
   * `アタック (by p1) resolves`, `Card.ability`). A name there is renamed where it stands whole
   * and as the engine writes that kind: a zone after `p1.` or `→ `, a card field or an ability
   * after `Card.`, an action or a card. When a string of the rules (a message the engine may log)
   * holds the word too, the texts are left alone and said in a warning.
   */
  private logText(v: Node | null): void {
    if (!isScalar(v) || typeof v.value !== 'string') return;
    const r = this.r;
    const s = v.value;
    let ambiguous = false;
    const at = wholeWords(s, r.word).filter((i) => {
      const before = s.slice(0, i);
      if (r.insteadBare && !/\.$/.test(before) && s.startsWith(': instead of', i + r.word.length)) {
        ambiguous ||= r.insteadBare === 'ambiguous';
        return r.insteadBare === 'rename';
      }
      const member = /\.$/.test(before) ? /([\p{L}\p{N}\p{So}\p{M}_・ー]+)\.$/u.exec(before)?.[1] : undefined;
      // A zone: after `p1.` or `→ `, a shared zone the engine says is full (`weather is full (capacity 1): …`),
      // or the zone of a duration (`… until Banner leaves field`).
      if (r.zone && (/(^|[^\p{L}\p{N}\p{So}\p{M}_・ー])p\d+\.$/u.test(before) || /→ $/.test(before) || / leaves $/.test(before) || s.startsWith(' is full (capacity', i + r.word.length))) return true;
      if (member !== undefined) return (r.cardField && !/^p\d+$/.test(member)) || r.abilities.has(`${member}.${r.word}`);
      return r.card || (r.action && !/\.$/.test(before));
    });
    if (ambiguous) this.out.warnings.push(`${this.file.path}: '${r.word}' in a log: text was not renamed (other cards have an ability of that name): check that expectation.`);
    if (at.length === 0) return;
    if (r.inRuleStrings) {
      if (!this.warnedLog) this.out.warnings.push(`${this.file.path}: '${r.word}' in a log: text was not renamed (a message of the rules says it too): check that expectation.`);
      this.warnedLog = true;
      return;
    }
    for (const i of at) this.part(v, i, i + r.word.length);
  }
  private warnedLog = false;

  /**
   * A `reason:` or `deck_reason:` text: a part of a reason the rules compute, where a card's name
   * stands as the rules write it (`"more than 2 cards named " + c.name`). Renamed where it stands
   * whole; when a string of the rules holds the word too (the text may be the rules' own words),
   * a warning says so.
   */
  private reasonText(v: Node | null): void {
    if (!this.r.card || !isScalar(v) || typeof v.value !== 'string') return;
    const at = wholeWords(v.value, this.r.word);
    if (at.length && this.r.inRuleStrings) this.out.warnings.push(`${this.file.path}: '${this.r.word}' in a reason: text renamed, and a string of the rules says it too: check that expectation.`);
    for (const i of at) this.part(v, i, i + this.r.word.length);
  }

  // --- edits ---

  /** The scalar is the name. */
  private whole(v: Node | null | undefined): void {
    if (isScalar(v) && str(v) === this.r.word) this.part(v, 0, this.r.word.length);
  }

  /** The parts of scalars to rename: characters [from, to) of the value, which are the old name. */
  private readonly parts = new Map<Scalar, [number, number][]>();

  private part(v: Scalar, from: number, to: number): void {
    const list = this.parts.get(v) ?? [];
    if (!list.some(([f]) => f === from)) list.push([from, to]);
    this.parts.set(v, list);
  }

  /** The edits of the parts found: on the text of each scalar, the scalar's layout and quoting kept. */
  finish(): void {
    for (const [v, list] of this.parts) {
      const range = v.range;
      if (!range || typeof v.value !== 'string') continue;
      const [start, end] = range;
      const quoted = v.type === 'QUOTE_DOUBLE' || v.type === 'QUOTE_SINGLE';
      if (!quoted && v.type !== 'PLAIN') continue; // block scalars are text, never names
      const raw = this.file.text.slice(start, end);
      const inner = quoted ? raw.slice(1, -1) : raw;
      list.sort((a, b) => a[0] - b[0]);
      let newValue = '';
      let from = 0;
      for (const [a, b] of list) {
        newValue += v.value.slice(from, a) + this.r.name;
        from = b;
      }
      newValue += v.value.slice(from);
      if (inner === v.value && (quoted ? fitsQuoted(this.r.name, v.type!) : plainReads(newValue))) {
        const at = start + (quoted ? 1 : 0);
        for (const [a, b] of list) this.out.edits.push({ loc: this.place(at + a, at + b), text: this.r.name });
      } else if (inner === v.value || quoted) {
        // Written with escapes, or the new name would not read as it is written: the whole scalar, double-quoted.
        this.out.edits.push({ loc: this.place(start, end), text: JSON.stringify(newValue) });
      } // else a plain scalar over several lines: not a name
    }
    this.parts.clear();
  }

  private place(from: number, to: number): Place {
    const lineOf = (offset: number) => {
      let lo = 0;
      let hi = this.lineStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (this.lineStarts[mid]! <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    };
    const l0 = lineOf(from);
    const l1 = lineOf(Math.max(from, to - 1));
    // Columns 1-based, the end column inclusive (as A.Loc).
    return { file: this.file.path, line: l0 + 1, col: from - this.lineStarts[l0]! + 1, offset: from, endLine: l1 + 1, endCol: to - this.lineStarts[l1]!, endOffset: to };
  }
}

/** A map's pairs with scalar keys (other keys are not the format's). */
function pairs(node: unknown): Pairs {
  if (!isMap(node)) return [];
  const out: Pairs = [];
  for (const p of node.items) if (isPair(p) && isScalar(p.key)) out.push([p.key, (p.value ?? null) as Node | null]);
  return out;
}

const str = (n: Node | null | undefined): string => (isScalar(n) ? String(n.value) : '');

/** Whether a name written inside quotes of this kind reads as itself. */
function fitsQuoted(name: string, type: Scalar.Type): boolean {
  // eslint-disable-next-line no-control-regex
  return type === 'QUOTE_SINGLE' ? !/['\n]/.test(name) : !/["\\\u0000-\u001f]/.test(name);
}

/** Whether a plain scalar with this text reads as this string, as a key and as a value, in block and flow maps. */
function plainReads(value: string): boolean {
  if (value !== value.trim() || value === '') return false;
  try {
    const block = parseDocument(`${value}: ${value}\n`);
    const flow = parseDocument(`{ ${value}: [${value}] }\n`);
    if (block.errors.length || flow.errors.length) return false;
    const b = block.toJS() as Record<string, unknown>;
    const f = flow.toJS() as Record<string, unknown[]>;
    const keys = Object.keys(b);
    return keys.length === 1 && keys[0] === value && b[value] === value && Object.keys(f).length === 1 && f[value]?.length === 1 && f[value]![0] === value;
  } catch {
    return false;
  }
}
