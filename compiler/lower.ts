/**
 * Phase 3 — check and lower: resolved declarations → IR, with type checking on the way.
 *
 * Every expression is checked and lowered in one walk (`expr()` returns the IR node and its
 * type), so names are resolved exactly once. Diagnostics attach to the AST node's `loc`.
 * Nothing here runs game logic; the output is plain JSON (compiler/ir.ts).
 *
 * How the lowering is split across files. The lowerer is one object (one walk, one set of indexes
 * and diagnostics); its methods are split by construct family into a chain of classes, one file
 * each, each family using only what the files before it define — the same way as the parser
 * (grammar/parser.ts), so no family needs to name a later one:
 *
 *   lower-base.ts          LowerBase: declarations by kind, indexes, diagnostics, type names, scopes, IR type helpers
 *   lower-expressions.ts   ExpressionLowering extends LowerBase
 *   lower-statements.ts    StatementLowering extends ExpressionLowering (with `modify`'s change and duration)
 *   lower-abilities.ts     AbilityLowering extends StatementLowering (actions, events, auras, limits)
 *   lower-cards.ts         CardLowering extends AbilityLowering (card fields, card types, cards)
 *   lower-declarations.ts  DeclarationLowering extends CardLowering (settings, params, functions, procedures, bodies)
 *   lower-match.ts         MatchLowering extends DeclarationLowering (evaluate, deck check, match)
 *   lower.ts               Lowerer extends MatchLowering: run(), the game as a whole, and the entry lowerGame()
 *
 * Methods moved as written (test/ir-unchanged.test.ts pins every game's IR).
 */
import { type Diagnostic } from './diagnostics.ts';
import { msg } from '../i18n/format.ts';
import { declsOf, type Declarations } from './resolve.ts';
import { IR_VERSION, type GameIR } from './ir.ts';
import { reservedWords } from './lower-base.ts';
import { MatchLowering } from './lower-match.ts';

export function lowerGame(decls: Declarations, fileList: string[]): { ir?: GameIR; diagnostics: Diagnostic[] } {
  return new Lowerer(decls, fileList).run();
}

class Lowerer extends MatchLowering {
  run(): { ir?: GameIR; diagnostics: Diagnostic[] } {
    const game = this.decls.game;
    if (!game) {
      const first = this.fileList[0] ?? 'rules';
      this.error('game/missing', { file: first, line: 1, col: 1, offset: 0, endLine: 1, endCol: 1, endOffset: 1 }, msg('game/missing.no-game-declaration-found-add'));
      return { diagnostics: this.diagnostics };
    }
    for (const e of this.enums) for (const v of e.values) {
      if (reservedWords.has(v.name.text)) {
        this.error('name/reserved', v.name.loc, msg('name/reserved.cannot-name-an-enum-value', { name: v.name.text }), [msg('name/reserved.note.rename-it-e-g', { p: v.name.text === 'none' ? 'unassigned' : `is_${v.name.text}` })]);
        continue;
      }
      const prev = this.enumValueIndex.get(v.name.text);
      this.enumValueIndex.set(v.name.text, { enumName: e.name.text, many: !!prev && prev.enumName !== e.name.text });
    }
    for (const f of game.formats) this.formatLevels.set(f.name.text, f.level);
    this.collectCardFields();

    const stackZone = game.stack ? this.zoneIndex(game.stack) : -1;
    const ir: GameIR = {
      irVersion: IR_VERSION,
      files: this.fileList,
      game: {
        name: game.name.text,
        title: game.title ?? game.name.text,
        version: this.decls.revision?.version ?? game.version ?? '',
        revisionOf: this.decls.revision ? this.decls.revision.base.text : null,
        players: this.playerCount(game),
        ...(game.playersParam ? { playersParam: this.playersParam(game) } : {}),
        formats: [...game.formats].sort((a, b) => a.level - b.level).map((f) => ({ name: f.name.text, title: f.title ?? f.name.text, level: f.level })),
        defaultFormat: game.defaultFormat?.text ?? game.formats[game.formats.length - 1]?.name.text ?? '',
        stackZone,
        leftoverZone: game.leftover ? this.zoneIndex(game.leftover) : -1,
        firstResponder: this.firstResponder(game),
        firstResponderParam: this.firstResponderParam(game),
        maxTurns: game.maxTurns ?? 500,
        cite: this.decls.revision?.cite ?? game.cite ?? '',
        ...(game.agents?.length ? { agents: this.namedAgents(game) } : {}),
      },
      params: this.params.map((p) => this.lowerParam(p)),
      enums: this.enums.map((e) => ({ name: e.name.text, values: e.values.map((v) => ({ name: v.name.text, title: v.title ?? v.name.text })) })),
      labels: this.labels.map((l) => {
        const n = this.numbered.get(l.name.text);
        const label: GameIR['labels'][number] = { name: l.name.text, title: l.title ?? l.name.text, cite: l.cite ?? '' };
        if (n) label.value = { default: n.default, level: n.level, printed: n.printed };
        return label;
      }),
      zones: this.zones.map((z) => ({ name: z.name.text, title: z.title ?? z.name.text, shared: z.shared, visibility: z.visibility, ordered: z.ordered, attachments: z.attachments, capacity: z.capacity ?? -1, overflow: this.overflowZone(z), displaced: this.displacedZone(z), ...(z.keptForMatch ? { keptForMatch: true } : {}), cite: z.cite ?? '' })),
      cardFields: this.cardFields.map((f) => ({ name: f.name, kind: f.kind, type: f.type, keep: f.keep })),
      cardTypes: [],
      cards: [],
      playerStates: this.playerStates.map((s) => ({ name: s.name.text, type: this.typeName(s.type), init: this.constExpr(s.init, this.typeName(s.type)), cite: s.cite ?? '' })),
      globalStates: this.globalStates.map((s) => ({ name: s.name.text, type: this.typeName(s.type), init: this.constExpr(s.init, this.typeName(s.type)), cite: s.cite ?? '' })),
      auras: [],
      events: this.events.map((e) => ({ name: e.name.text, title: e.title ?? e.name.text, cite: e.cite ?? '', params: this.eventParams(e).map((x) => ({ name: x.name, type: x.type })), body: [], slots: 0, loc: this.src(e.name.loc) })),
      requestStates: this.requestStates.map((s) => ({ name: s.name.text, type: this.typeName(s.type), init: this.constExpr(s.init, this.typeName(s.type)), cite: s.cite ?? '' })),
      functions: [],
      procedures: [],
      actions: [],
      limits: [],
      checks: [],
      setup: { name: 'setup', slots: 0, body: [], cite: '', loc: [0, 1, 1] },
      turn: { name: 'turn', slots: 0, body: [], cite: '', loc: [0, 1, 1] },
      evaluate: null,
      faces: [],
    };
    if (game.formats.length === 0) ir.game.formats = [{ name: 'standard', title: 'standard', level: 1 }];
    if (!ir.game.defaultFormat) ir.game.defaultFormat = ir.game.formats[0]!.name;
    if (game.defaultFormat && !this.formatLevels.has(game.defaultFormat.text) && game.formats.length > 0) {
      this.error('format/unknown', game.defaultFormat.loc, msg('format/unknown.unknown-format', { defaultFormat: game.defaultFormat.text }), this.didYouMean(game.defaultFormat.text, this.formatLevels.keys()));
    }

    ir.cardTypes = this.cardTypes.map((t) => this.lowerCardType(t));
    ir.cards = this.cards.map((c) => this.lowerCard(c));
    ir.functions = this.functions.map((f) => this.lowerFunction(f));
    ir.procedures = this.procedures.map((p) => this.lowerProcedure(p));
    ir.actions = this.actions.map((a, i) => this.lowerAbility(a, stackZone, this.owners[i]));
    ir.auras = this.cards.flatMap((c, i) => (c.auras ?? []).flatMap((a) => this.lowerAura(a, c, i)));
    ir.limits = declsOf(this.decls, 'limit').map((l, i) => this.lowerLimit(l, i, ir));
    ir.checks = this.checks.map((c) => this.lowerBody(c.name.text, c.body, c.cite, c.loc));
    this.events.forEach((e, i) => {
      if (!e.body) return;
      // What the event does: a body whose locals start with its parameters (as a procedure's).
      const scope = this.newScope({ inEffect: true });
      for (const p of e.params ?? []) this.bind(scope, p.name, this.typeName(p.type));
      ir.events[i]!.body = this.block(e.body, scope);
      ir.events[i]!.slots = scope.frame.slots;
    });
    if (this.decls.setup) ir.setup = this.lowerBody('setup', this.decls.setup.body, this.decls.setup.cite, this.decls.setup.loc);
    if (this.decls.turn) ir.turn = this.lowerBody('turn', this.decls.turn.body, this.decls.turn.cite, this.decls.turn.loc);
    else this.error('game/no-turn', game.name.loc, msg('game/no-turn.the-game-has-no-turn'));
    if (this.decls.evaluate) ir.evaluate = this.lowerEvaluate(this.decls.evaluate, ir);
    if (this.decls.deckCheck) {
      const dc = this.lowerDeckCheck(this.decls.deckCheck);
      if (dc) ir.deckCheck = dc;
    }
    if (this.decls.match) ir.match = this.lowerMatch(this.decls.match);
    if (this.decls.teams) ir.teams = this.lowerTeams(this.decls.teams, ir);
    this.checkRecursion();
    this.warnUnreadChanges();
    const hasError = this.diagnostics.some((d) => d.severity === 'error');
    return { ir: hasError ? undefined : ir, diagnostics: this.diagnostics };
  }
}
