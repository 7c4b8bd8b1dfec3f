/**
 * What the rules' checks can read of the state, worked out from the IR once: settle skips its
 * checks while nothing they read has changed since a run of them that changed nothing
 * (triggers.ts `quiet`). The state's parts are counted apart (state.ts `changes`): cards and
 * zones (always read), the turn and the active player (`turn`), and players', global and
 * requests' states with the stack (`vars`). What a statement that always counts as a change
 * reads is not followed (perform, window, signal, end the turn: a run of the checks that does
 * one is never skipped after). Anything this does not know: the checks are never skipped.
 */
import type { Expr, GameIR, Stmt } from '../compiler/ir.ts';

export interface CheckReads {
  /** The checks read the turn or the active player. */
  turn: boolean;
  /** The checks read players', global or requests' states, or the stack. */
  vars: boolean;
  /** The checks are never skipped. */
  never: boolean;
  /**
   * The zones whose cards the checks can reach (cards attached under them included), or null:
   * any card (a card, zone or request read from a state, a request's cards, an aura working
   * anywhere). A change to a card elsewhere is counted apart (state.ts looseChanges).
   */
  zones: number[] | null;
  /** The card fields the checks read (a computed value's own reads included), or null: any. */
  fields: number[] | null;
}

/** Types of states whose values lead to no card (a card, list, zone or request does). */
const CARDLESS = new Set(['number', 'bool', 'text', 'player', 'players', 'label', 'action', 'none']);
const cardless = (t: string): boolean => CARDLESS.has(t) || t.startsWith('enum:');

export function checkReads(ir: GameIR): CheckReads {
  const out: CheckReads = { turn: false, vars: false, never: false, zones: [], fields: [] };
  const field = (f: number): void => {
    if (out.fields !== null && !out.fields.includes(f)) out.fields.push(f);
  };
  const anyCard = (): void => {
    out.zones = null;
  };
  const zone = (z: number): void => {
    if (out.zones !== null && !writing && !out.zones.includes(z)) out.zones.push(z);
  };
  // True while the place a statement puts cards in is read: the zone itself, not its cards.
  let writing = false;
  const place = (e: Expr | null): void => {
    const was = writing;
    writing = true;
    expr(e);
    writing = was;
  };
  const seenFns = new Set<number>();
  const seenProcs = new Set<number>();
  const seenValues = new Set<number>();

  const value = (field: number): void => {
    // A card's computed value: its formula in every card type, and the auras on it.
    if (seenValues.has(field)) return;
    seenValues.add(field);
    for (const t of ir.cardTypes) for (const v of t.values) if (v.field === field) expr(v.expr);
    for (const a of ir.auras) {
      if (a.field !== field) continue;
      // Its sources: the cards of its definition where it works.
      if (a.sourceZone === -1) anyCard();
      else if (a.sourceZone >= 0) zone(a.sourceZone);
      else if (a.sourceZone === -3) for (const z of a.sourceZones) zone(z);
      expr(a.targets);
      expr(a.by);
    }
  };

  const expr = (e: Expr | null): void => {
    if (!e) return;
    switch (e.kind) {
      case 'lit':
      case 'param':
      case 'local':
      case 'label':
      case 'actionRef':
        return;
      case 'builtin':
        if (e.name === 'me' || e.name === 'opponent' || e.name === 'opponents' || e.name === 'teammates' || e.name === 'active' || e.name === 'players' || e.name === 'turn') out.turn = true;
        else if (e.name === 'stack' || e.name === 'request') {
          out.vars = true;
          anyCard();
        }
        return;
      case 'zone':
        zone(e.zone);
        expr(e.player);
        return;
      case 'zones':
        zone(e.zone);
        expr(e.players);
        return;
      case 'cardField':
        expr(e.card);
        field(e.field);
        if (!cardless(ir.cardFields[e.field]!.type)) anyCard();
        if (ir.cardFields[e.field]!.kind === 'value') value(e.field);
        return;
      case 'cardBuiltin':
        expr(e.card);
        return;
      case 'playerField':
        out.vars = true;
        if (!cardless(ir.playerStates[e.field]!.type)) anyCard();
        expr(e.player);
        return;
      case 'globalField':
        out.vars = true;
        if (!cardless(ir.globalStates[e.field]!.type)) anyCard();
        return;
      case 'requestField':
      case 'requestState':
        out.vars = true;
        anyCard();
        expr(e.request);
        return;
      case 'call':
        for (const a of e.args) expr(a);
        if (!seenFns.has(e.fn)) {
          seenFns.add(e.fn);
          expr(ir.functions[e.fn]!.body);
        }
        return;
      case 'builtinCall':
        for (const a of e.args) expr(a);
        if (e.fn === 'entered_this_turn') out.turn = true;
        else if (e.fn === 'targets' || e.fn === 'cards' || e.fn === 'labels') {
          // Requests' choices and cards; labels of a request, or a card's computed `labels`.
          out.vars = true;
          out.turn = true;
          if (e.fn !== 'labels') anyCard();
          for (const f of ir.cardFields.keys()) if (ir.cardFields[f]!.name === 'labels') {
          field(f);
          if (ir.cardFields[f]!.kind === 'value') value(f);
        }
        }
        return;
      case 'list':
        for (const x of e.items) expr(x);
        return;
      case 'cond':
        expr(e.test);
        expr(e.then);
        expr(e.else);
        return;
      case 'not':
      case 'neg':
        expr(e.operand);
        return;
      case 'binary':
        expr(e.left);
        expr(e.right);
        return;
      case 'inRange':
        expr(e.item);
        expr(e.low);
        expr(e.high);
        return;
      case 'inList':
        expr(e.item);
        expr(e.list);
        return;
      case 'has':
        // Labels (of a card or a request): read as `labels` is.
        expr(e.subject);
        expr(e.label);
        out.vars = true;
        out.turn = true;
        for (const f of ir.cardFields.keys()) if (ir.cardFields[f]!.name === 'labels') {
          field(f);
          if (ir.cardFields[f]!.kind === 'value') value(f);
        }
        return;
      case 'where':
        expr(e.list);
        expr(e.predicate);
        return;
      default:
        // An expression this analysis does not know: the checks are never skipped.
        out.never = true;
    }
  };

  const stmts = (list: Stmt[]): void => {
    for (const s of list) stmt(s);
  };

  const stmt = (s: Stmt): void => {
    switch (s.kind) {
      case 'let':
        expr(s.value);
        return;
      case 'setCard':
        expr(s.card);
        expr(s.value);
        return;
      case 'setFacedown':
        expr(s.card);
        expr(s.value);
        return;
      case 'setPlayer':
        expr(s.player);
        expr(s.value);
        return;
      case 'setGlobal':
        expr(s.value);
        return;
      case 'setRequest':
        expr(s.request);
        expr(s.value);
        return;
      case 'setActive':
        expr(s.value);
        return;
      case 'move':
        // A move of any card counts as a change: where to matters only then.
        expr(s.cards);
        place(s.to);
        return;
      case 'attach':
        expr(s.cards);
        place(s.to);
        return;
      case 'detach':
        expr(s.cards);
        return;
      case 'createEvery':
        place(s.zone);
        expr(s.filter);
        return;
      case 'createCount':
        expr(s.count);
        place(s.zone);
        return;
      case 'shuffle':
        // Always a change (the zone's list is replaced).
        place(s.zone);
        return;
      case 'reveal':
        expr(s.cards);
        expr(s.to);
        return;
      case 'chooseOrder':
        expr(s.from);
        expr(s.by);
        for (const a of s.promptArgs) expr(a);
        return;
      case 'choose':
        expr(s.min);
        expr(s.max);
        expr(s.from);
        expr(s.suchThat);
        expr(s.by);
        for (const a of s.promptArgs) expr(a);
        return;
      case 'chooseMode':
        expr(s.by);
        for (const a of s.promptArgs) expr(a);
        for (const o of s.options) {
          expr(o.when);
          stmts(o.body);
        }
        return;
      case 'if':
        expr(s.cond);
        stmts(s.then);
        stmts(s.else);
        return;
      case 'forEach':
        expr(s.list);
        stmts(s.body);
        return;
      case 'repeat':
        expr(s.count);
        stmts(s.body);
        return;
      case 'while':
        expr(s.cond);
        stmts(s.body);
        return;
      case 'callProc':
        for (const a of s.args) expr(a);
        if (!seenProcs.has(s.proc)) {
          seenProcs.add(s.proc);
          stmts(ir.procedures[s.proc]!.body);
        }
        return;
      case 'modify':
        expr(s.card);
        expr(s.by);
        return;
      case 'unmodify':
        expr(s.card);
        return;
      case 'gainAbilities':
        expr(s.card);
        expr(s.from);
        return;
      case 'cancel':
      case 'retarget':
        // Whether the request is still on the stack, its choices: read whether or not it changes.
        out.vars = true;
        out.turn = true;
        expr(s.request);
        if (s.kind === 'retarget') expr(s.by);
        return;
      case 'win':
      case 'lose':
        expr(s.player);
        expr(s.reasonExpr);
        return;
      case 'drawGame':
        expr(s.reasonExpr);
        return;
      case 'log':
        for (const a of s.args) expr(a);
        return;
      case 'cite':
        stmts(s.body);
        return;
      case 'perform':
      case 'window':
      case 'signal':
      case 'endTurn':
      case 'reverseTurnOrder':
        // Always a change (see above): what they read does not matter.
        return;
      default:
        // perform, window, endTurn, signal, or a statement this analysis does not know.
        out.never = true;
    }
  };

  for (const k of ir.checks) stmts(k.body);
  if (out.never) {
    out.zones = null;
    out.fields = null;
  }
  return out;
}
