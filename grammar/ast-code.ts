/**
 * The AST of the code inside the rules — statements and expressions, with the source ranges
 * (Loc, Name) every node carries: what a procedure, an ability's effect or a check is made of.
 * The declarations around them are in ast.ts, which re-exports these.
 */

export interface Loc {
  file: string;
  line: number; // 1-based
  col: number; // 1-based
  offset: number; // 0-based
  endLine: number;
  endCol: number; // inclusive
  endOffset: number; // exclusive
}

export interface Name {
  text: string;
  loc: Loc;
}

/**
 * How a value of a card is changed, by `modify` or an `aura`: `by n` adds, `times n` and `divided
 * by n` scale the total, `becomes v` sets it, `gains L` / `loses L` put a label into or out of a
 * list of labels.
 */
export type ChangeOp = 'add' | 'mul' | 'div' | 'set' | 'gain' | 'lose';

/**
 * How long a `modify` lasts (without one: until the card changes zone): `until end of turn`,
 * `until end of next turn of <player>`, `until next turn of <player>` (as it begins), `during next
 * turn of <player>`, `for <n> turns`, `until <card> leaves <zone>`.
 */
export type Duration =
  | { kind: 'endOfTurn'; loc: Loc }
  | { kind: 'endOfNextTurn' | 'duringNextTurn' | 'untilNextTurn'; player: Expr; loc: Loc }
  | { kind: 'turns'; count: Expr; loc: Loc }
  | { kind: 'leaves'; card: Expr; zone: Name; loc: Loc };

export interface CountSpec {
  min: Expr;
  max?: Expr;
}

// ---------------------------------------------------------------- statements

export type Stmt =
  | { kind: 'let'; name: Name; value: Expr; loc: Loc }
  | { kind: 'set'; target: Expr; value: Expr; loc: Loc }
  | { kind: 'move'; cards: Expr; to: Expr; position?: 'top' | 'bottom'; face?: 'facedown' | 'faceup'; loc: Loc }
  | { kind: 'attach'; cards: Expr; to: Expr; position?: 'top' | 'bottom'; face?: 'facedown' | 'faceup'; loc: Loc }
  | { kind: 'detach'; cards: Expr; loc: Loc }
  | { kind: 'create'; every?: Name; count?: Expr; card?: Name; zone: Expr; filter?: Expr; loc: Loc }
  | { kind: 'shuffle'; zone: Expr; loc: Loc }
  | { kind: 'reveal'; cards: Expr; to?: Expr; loc: Loc }
  | { kind: 'chooseOrder'; name: Name; from: Expr; by?: Expr; prompt?: string; loc: Loc }
  | { kind: 'choose'; name: Name; count: CountSpec; from: Expr; suchThat?: Expr; by?: Expr; prompt?: string; loc: Loc }
  | { kind: 'chooseMode'; by?: Expr; prompt?: string; options: ModeOption[]; loc: Loc }
  | { kind: 'if'; cond: Expr; then: Stmt[]; else?: Stmt[]; loc: Loc }
  | { kind: 'forEach'; name: Name; list: Expr; body: Stmt[]; loc: Loc }
  | { kind: 'repeat'; count: Expr; body: Stmt[]; loc: Loc }
  | { kind: 'while'; cond: Expr; body: Stmt[]; loc: Loc }
  | { kind: 'do'; proc: Name; args: Expr[]; loc: Loc }
  /** `perform <action> [as <card>] [by <player>]`: <action> a name, or a local holding an ability (`abilities(c)`); `as`: the card that is `this`. */
  | { kind: 'perform'; action: Name; as?: Expr; by?: Expr; loc: Loc }
  | { kind: 'window'; name: Name; passable: boolean; open: boolean; loc: Loc }
  | { kind: 'modify'; target: Expr; field: Name; op: ChangeOp; by: Expr; duration?: Duration; loc: Loc }
  | { kind: 'unmodify'; target: Expr; field?: Name; loc: Loc }
  /** `modify <card> gains abilities of <card> [duration]`: the first card has the second's abilities as its own (op: what was written; only `gains` is right). */
  | { kind: 'gainAbilities'; target: Expr; op: ChangeOp; from: Expr; duration?: Duration; loc: Loc }
  | { kind: 'cancel'; request: Expr; loc: Loc }
  | { kind: 'retarget'; request: Expr; by?: Expr; loc: Loc }
  | { kind: 'endTurn'; loc: Loc }
  | { kind: 'reverseTurnOrder'; loc: Loc }
  | { kind: 'win' | 'lose'; player: Expr; reason?: Expr; loc: Loc }
  | { kind: 'draw'; reason?: Expr; loc: Loc }
  | { kind: 'log'; text: string; loc: Loc }
  | { kind: 'signal'; event: Name; card: Expr; more?: Expr[]; loc: Loc }
  /** Inside an `instead`'s effect: the replaced event happens after all, with its names as they are now. */
  | { kind: 'proceed'; loc: Loc }
  | { kind: 'cite'; text: string; body: Stmt[]; loc: Loc };

export interface ModeOption {
  label: string;
  when?: Expr;
  body: Stmt[];
  loc: Loc;
}

// ---------------------------------------------------------------- expressions

export type BinaryOp = 'or' | 'and' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%';

export type Expr =
  | { kind: 'number'; value: number; loc: Loc }
  | { kind: 'string'; value: string; loc: Loc }
  | { kind: 'bool'; value: boolean; loc: Loc }
  | { kind: 'none'; loc: Loc }
  | { kind: 'name'; name: string; loc: Loc }
  | { kind: 'member'; object: Expr; name: Name; loc: Loc }
  | { kind: 'call'; callee: Name; args: Expr[]; loc: Loc }
  | { kind: 'list'; items: Expr[]; loc: Loc }
  | { kind: 'cond'; test: Expr; then: Expr; else: Expr; loc: Loc }
  | { kind: 'unary'; op: 'not' | '-'; operand: Expr; loc: Loc }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; loc: Loc }
  | { kind: 'in'; item: Expr; list?: Expr; low?: Expr; high?: Expr; loc: Loc }
  | { kind: 'has'; subject: Expr; label: Expr; loc: Loc }
  | { kind: 'where'; list: Expr; predicate: Expr; loc: Loc };
