/**
 * A card's generated rules text in Japanese, in the register of printed Japanese card text
 * (「カードを1枚引く。」「相手のライフに2ダメージを与える。」「このターンの終わりまで、攻撃力+200。」):
 * the same abilities and the same shapes as generated-text.ts's English, phrased from the IR's
 * constructs — never from a game's words. The game's own names (zones, values, procedures, the
 * titles of abilities and events) are printed as the designer wrote them; only the frame is
 * Japanese. A part it cannot phrase is "…", as in English. The numbers the text states are the
 * English phraser's facts (text-drift.ts reads those); this file only words.
 */
import type { ActionIR, AuraIR, DurationIR, Expr, Stmt } from './ir.ts';
import { PhraserBase, UNKNOWN } from './phraser-base.ts';


/** A sentence: ends with 「。」 unless it ends with a mark already. */
function sentence(s: string): string {
  const t = s.trim();
  return /[。．！？…:：]$/.test(t) ? t : `${t}。`;
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `−${-n}`;
}

/** Phrases one ability's IR in Japanese: its local names as it goes. */
export class JapanesePhraser extends PhraserBase {
  protected readonly separator = '。';

  ability(a: ActionIR): string {
    for (const s of a.steps) {
      if (s.kind === 'cost') continue;
      this.locals.set(s.slot, s.kind === 'target' ? '対象' : '使ったカード');
    }
    const effect = this.body(a.effect);
    const cost = a.steps.flatMap((s) => (s.kind === 'cost' ? [this.body(s.body)] : [])).filter(Boolean).join('、');
    const targets = a.steps.flatMap((s) => (s.kind === 'target' ? [`${this.expr(s.from)}から${this.count(s.min, s.max)}を対象とする`] : [])).join('。');
    const limit = a.limit > 0 ? `1ターンに${a.limit}回` : '';
    const where = a.sourceZone >= 0 ? this.zoneName(a.sourceZone) : a.sourceZone === -2 ? '付いている間' : a.sourceZone === -3 ? a.sourceZones.map((z) => this.zoneName(z)).join('か') : '';
    const todo = [cost && `コスト: ${cost}`, targets, effect || UNKNOWN].filter(Boolean).join('。');
    if (a.replaces) return sentence(`${this.event(a)}、代わりに${todo}`);
    if (a.isTrigger) {
      let head = this.event(a);
      if (where && a.event?.kind !== 'moved') head += `（このカードが${where}にある間）`;
      if (a.condition) {
        const c = this.expr(a.condition);
        head += c === UNKNOWN ? '、条件を満たすなら' : `、${c}なら`;
      }
      if (limit) head = `${limit}、${head}`;
      return sentence(`${head}、${a.optional ? `以下を行ってもよい: ${todo}` : todo}`);
    }
    const how = [where && (a.sourceZone === -2 ? where : `${where}から`), limit].filter(Boolean).join('、');
    // The ability's own title, when the designer wrote one, as in English.
    const titled = a.title && a.title !== a.name && a.title !== a.name.slice(a.name.indexOf('.') + 1);
    return sentence(`${titled ? `${a.title} — ` : ''}起動${how ? `（${how}）` : ''}: ${todo}`);
  }

  /** A duration, to stand before what it limits (「このターンの終わりまで」). */
  private duration(d: DurationIR | null): string {
    if (d === null) return '';
    switch (d.kind) {
      case 'endOfTurn':
        return 'このターンの終わりまで';
      case 'endOfNextTurn':
        return `${this.expr(d.player)}の次のターンの終わりまで`;
      case 'duringNextTurn':
        return `${this.expr(d.player)}の次のターンの間`;
      case 'untilNextTurn':
        return `${this.expr(d.player)}の次のターンまで`;
      case 'turns': {
        const n = this.number(d.count);
        return n === 1 ? 'このターンの終わりまで' : `${n ?? this.expr(d.count)}ターンの間`;
      }
      case 'leaves':
        return `${this.expr(d.card)}が${this.zoneName(d.zone)}にある間`;
    }
  }

  /** 「このターンの終わりまで、」 before a change with a duration, else nothing. */
  private until(d: DurationIR | null): string {
    const w = this.duration(d);
    return w ? `${w}、` : '';
  }

  aura(a: AuraIR): string {
    const field = this.ir.cardFields[a.field]?.name ?? '?';
    const where =
      a.sourceZone >= 0 ? `このカードが${this.zoneName(a.sourceZone)}にある間` : a.sourceZone === -2 ? 'このカードが付いている間' : a.sourceZone === -3 ? `このカードが${a.sourceZones.map((z) => this.zoneName(z)).join('か')}にある間` : 'このカードが場にある間';
    const targets = this.expr(a.targets);
    if (a.op === 'add') {
      const by = this.number(a.by);
      return sentence(`${where}、${targets}の${field}${by === null ? `+${this.expr(a.by)}` : signed(by)}`);
    }
    const change = a.op === 'set' ? `の${field}は${this.expr(a.by)}になる` : a.op === 'gain' ? `は${this.expr(a.by)}を得る` : a.op === 'lose' ? `は${this.expr(a.by)}を失う` : a.op === 'mul' ? `の${field}は${this.expr(a.by)}倍になる` : `の${field}は${this.expr(a.by)}で割った値になる`;
    return sentence(`${where}、${targets}${change}`);
  }

  private event(a: ActionIR): string {
    const e = a.event;
    if (!e) return '…時';
    switch (e.kind) {
      case 'moved': {
        const subject = e.cardSlot < 0 ? 'このカード' : 'カード';
        if (e.cardSlot >= 0) this.locals.set(e.cardSlot, 'そのカード');
        const from = e.from >= 0 ? `${this.zoneName(e.from)}から` : '';
        if (a.replaces) return `${subject}が${from}${e.to >= 0 ? `${this.zoneName(e.to)}に` : ''}移動する場合`;
        if (e.from < 0 && e.to >= 0) return `${subject}が${this.zoneName(e.to)}に置かれた時`;
        if (e.to < 0 && e.from >= 0) return `${subject}が${this.zoneName(e.from)}から離れた時`;
        if (e.from < 0 && e.to < 0) return `${subject}が移動した時`;
        return `${subject}が${from}${this.zoneName(e.to)}に移動した時`;
      }
      case 'resolved':
        return `${this.actionName(e.action)}が解決した時`;
      case 'declared':
        return `${this.actionName(e.action)}が宣言された時`;
      case 'signal': {
        const ev = this.ir.events[e.event];
        const params = ev?.params ?? [];
        if (e.cardSlot >= 0) this.locals.set(e.cardSlot, 'そのカード');
        e.argSlots.forEach((slot, i) => this.locals.set(slot, params[i + 1]?.name ?? 'その値'));
        const title = ev?.title || ev?.name || 'イベント';
        // An event titled as a moment (「破壊時」) is not said twice (「破壊時の時」).
        return `${e.cardSlot < 0 ? 'このカード' : 'カード'}の${title}${/時$/.test(title) ? '' : 'の時'}`;
      }
      case 'turnStart':
        return '各ターンの開始時';
      case 'turnEnd':
        return '各ターンの終了時';
    }
  }

  private actionName(i: number): string {
    return this.ir.actions[i]?.name ?? '行動';
  }

  private zoneName(i: number): string {
    return this.ir.zones[i]?.name ?? '領域';
  }

  /** How many cards: 「1枚」「1〜2枚」. */
  private count(min: Expr, max: Expr): string {
    const a = this.expr(min);
    const b = this.expr(max);
    return a === b ? `${a}枚` : `${a}〜${b}枚`;
  }

  /** A statement in words; null for one that says nothing on a card (a log line, a local name). */
  protected stmt(s: Stmt): string | null {
    switch (s.kind) {
      case 'callProc':
        return this.call(s.proc, s.args);
      case 'move': {
        const face = s.face === 'facedown' ? '裏向きで' : '';
        const to = this.expr(s.to);
        const where = s.position === 'top' ? `${to}の一番上に` : s.position === 'bottom' ? `${to}の一番下に` : `${to}に`;
        return `${this.expr(s.cards)}を${where}${face}置く`;
      }
      case 'attach':
        return `${this.expr(s.cards)}を${this.expr(s.to)}に${s.facedown ? '裏向きで' : ''}付ける`;
      case 'detach':
        return `${this.expr(s.cards)}を外す`;
      case 'modify': {
        const field = this.ir.cardFields[s.field]?.name ?? '?';
        const until = this.until(s.duration);
        const card = this.expr(s.card);
        if (s.op === 'set') return `${until}${card}の${field}は${this.expr(s.by)}になる`;
        if (s.op === 'gain' || s.op === 'lose') return `${until}${card}は${this.expr(s.by)}を${s.op === 'gain' ? '得る' : '失う'}`;
        if (s.op !== 'add') return `${until}${card}の${field}は${this.expr(s.by)}${s.op === 'mul' ? '倍になる' : 'で割った値になる'}`;
        const by = this.number(s.by);
        return `${until}${card}の${field}${by === null ? `+${this.expr(s.by)}` : signed(by)}`;
      }
      case 'gainAbilities':
        return `${this.until(s.duration)}${this.expr(s.card)}は${this.expr(s.from)}の能力を得る`;
      case 'unmodify':
        return `${this.expr(s.card)}の${s.field < 0 ? '値への変更をすべて' : `${this.ir.cardFields[s.field]?.name ?? '?'}への変更を`}元に戻す`;
      case 'setCard':
        return this.set(`${this.expr(s.card)}の${this.ir.cardFields[s.field]?.name ?? '?'}`, s.value, (e) => e.kind === 'cardField' && e.field === s.field && this.expr(e.card) === this.expr(s.card));
      case 'setFacedown':
        return `${this.expr(s.card)}を${s.value.kind === 'lit' ? (s.value.value ? '裏向きにする' : '表向きにする') : '裏返す'}`;
      case 'setPlayer':
        return this.set(this.expr(s.player) + 'の' + (this.ir.playerStates[s.field]?.name ?? '?'), s.value, (e) => e.kind === 'playerField' && e.field === s.field && this.expr(e.player) === this.expr(s.player));
      case 'setGlobal':
        return this.set(this.ir.globalStates[s.field]?.name ?? '?', s.value, (e) => e.kind === 'globalField' && e.field === s.field);
      case 'choose': {
        this.locals.set(s.slot, '選んだカード');
        const who = s.by && !(s.by.kind === 'builtin' && s.by.name === 'me') ? `${this.expr(s.by)}は` : '';
        return `${who}${this.expr(s.from)}から${this.count(s.min, s.max)}を選ぶ`;
      }
      case 'chooseOrder':
        this.locals.set(s.slot, 'それら');
        return `${this.expr(s.from)}を好きな順番に並べる`;
      case 'chooseMode':
        return `次から1つを選ぶ — ${s.options.map((o) => `${o.label}: ${this.body(o.body) || UNKNOWN}`).join('。または ')}`;
      case 'let':
        this.locals.set(s.slot, this.expr(s.value));
        return null;
      case 'if': {
        const c = this.expr(s.cond);
        const then = this.body(s.then) || UNKNOWN;
        const otherwise = s.else.length ? `。そうでないなら、${this.body(s.else) || UNKNOWN}` : '';
        return `${c === UNKNOWN ? '…なら' : `${c}なら`}、${then}${otherwise}`;
      }
      case 'forEach':
        this.locals.set(s.slot, 'それ');
        return `${this.expr(s.list)}のそれぞれについて: ${this.body(s.body) || UNKNOWN}`;
      case 'repeat': {
        const n = this.number(s.count);
        return `次を${n === null ? this.expr(s.count) : n}回行う: ${this.body(s.body) || UNKNOWN}`;
      }
      case 'while':
      case 'window':
      case 'setActive':
      case 'setRequest':
        return UNKNOWN;
      case 'perform': {
        const what = s.ability ? 'その能力' : this.actionName(s.action);
        return s.as ? `${what}を${this.expr(s.as)}のものとして使う` : `${what}を行う`;
      }
      case 'shuffle':
        return `${this.expr(s.zone)}をシャッフルする`;
      case 'reveal':
        return `${this.expr(s.cards)}を${s.to ? `${this.expr(s.to)}に` : ''}公開する`;
      case 'cancel':
        return `${this.expr(s.request)}を無効にする`;
      case 'retarget':
        return `${this.expr(s.request)}の対象を選び直す`;
      case 'endTurn':
        return 'ターンを終了する';
      case 'reverseTurnOrder':
        return 'ターンの順番を逆にする';
      case 'win':
        return `${this.expr(s.player)}はゲームに勝利する`;
      case 'lose':
        return `${this.expr(s.player)}はゲームに敗北する`;
      case 'drawGame':
        return 'ゲームは引き分けになる';
      case 'signal':
        return `${[s.card, ...s.args].map((a) => this.expr(a)).join('、')}: ${this.ir.events[s.event]?.title || this.ir.events[s.event]?.name || 'イベント'}`;
      case 'proceed':
        return 'それでもそれは行われる';
      case 'createCount':
        return `${this.expr(s.zone)}に${this.ir.cards[s.card]?.title ?? '?'}を${this.expr(s.count)}枚作る`;
      case 'createEvery':
        return `${this.expr(s.zone)}にすべての${this.ir.cardTypes[s.cardType]?.name ?? '?'}を作る`;
      case 'cite':
        return this.body(s.body) || null;
      case 'log':
        return null;
    }
  }

  /**
   * `set X = X + n` is 「Xをn増やす」, `X - n` 「Xをn減らす」 (a life gained or lost, a counter
   * moved); any other value 「XをVにする」. `same` says whether an expression is X itself.
   */
  private set(target: string, value: Expr, same: (e: Expr) => boolean): string {
    if (value.kind === 'binary' && (value.op === '+' || value.op === '-') && same(value.left)) {
      const n = this.number(value.right);
      const by = n === null ? this.expr(value.right) : String(Math.abs(n));
      const up = (value.op === '+') === (n === null || n >= 0);
      return `${target}を${by}${up ? '増やす' : '減らす'}`;
    }
    return `${target}を${this.expr(value)}にする`;
  }

  /**
   * A procedure call, read from its name as in English: draw… 「カードを2枚引く」, …damage…
   * 「対象に1ダメージを与える」, destroy… 「対象を破壊する」; any other: its name and arguments.
   */
  private call(proc: number, args: Expr[]): string {
    const p = this.ir.procedures[proc];
    if (!p) return UNKNOWN;
    const numberAt = p.params.findIndex((x) => x.type === 'number');
    const playerAt = p.params.findIndex((x) => x.type === 'player');
    const subjectAt = p.params.findIndex((x) => x.type === 'card' || x.type === 'cards');
    const n = numberAt >= 0 ? args[numberAt] : undefined;
    const who = playerAt >= 0 ? this.expr(args[playerAt]!) : '自分';
    if (/^draw(?:_|$)/.test(p.name) && n) return `${who === '自分' ? '' : `${who}は`}カードを${this.expr(n)}枚引く`;
    if (/(?:^|_)damage(?:_|$)/.test(p.name) && n) return `${subjectAt >= 0 ? this.expr(args[subjectAt]!) : who}に${this.expr(n)}ダメージを与える`;
    if (/^destroy(?:_|$)/.test(p.name) && subjectAt >= 0) return `${this.expr(args[subjectAt]!)}を破壊する`;
    return args.length ? `${p.name}（${args.map((a) => this.expr(a)).join('、')}）` : p.name;
  }

  /** An expression in words, or "…". */
  expr(e: Expr): string {
    switch (e.kind) {
      case 'lit':
        if (typeof e.value === 'number') return String(e.value);
        if (typeof e.value === 'string') return this.enumTitle(e.value) ?? `「${e.value}」`;
        if (typeof e.value === 'boolean') return e.value ? 'はい' : 'いいえ';
        return 'なし';
      case 'neg':
        return `−${this.expr(e.operand)}`;
      case 'param':
        return this.ir.params[e.index]?.name ?? '?';
      case 'local':
        return this.locals.get(e.slot) ?? 'それ';
      case 'builtin':
        return { me: '自分', opponent: '相手', opponents: '各相手', teammates: '各味方', active: 'ターンプレイヤー', players: '各プレイヤー', stack: 'スタック', turn: 'ターン数', this: 'このカード', it: 'それ', request: 'この効果', match_game: 'マッチの何ゲーム目か', last_winner: '前のゲームの勝者', last_loser: '前のゲームの敗者' }[e.name];
      case 'label':
        return this.ir.labels[e.index]?.title || this.ir.labels[e.index]?.name || '?';
      case 'actionRef':
        return this.actionName(e.index);
      case 'zone': {
        const z = this.zoneName(e.zone);
        return e.player ? `${this.expr(e.player)}の${z}` : z;
      }
      case 'zones':
        return `${this.expr(e.players)}の${this.zoneName(e.zone)}`;
      case 'cardField':
        return `${this.expr(e.card)}の${this.ir.cardFields[e.field]?.name ?? '?'}`;
      case 'cardBuiltin':
        return `${this.expr(e.card)}の${e.field}`;
      case 'playerField':
        return `${this.expr(e.player)}の${this.ir.playerStates[e.field]?.name ?? '?'}`;
      case 'globalField':
        return `現在の${this.ir.globalStates[e.field]?.name ?? '?'}`;
      case 'call': {
        const f = this.ir.functions[e.fn];
        if (!f) return UNKNOWN;
        return e.args.length ? `${f.name}（${e.args.map((a) => this.expr(a)).join('、')}）` : f.name;
      }
      case 'builtinCall':
        return this.builtinCall(e.fn, e.args);
      case 'list':
        return e.items.map((x) => this.expr(x)).join('と');
      case 'not': {
        const o = e.operand;
        if (o.kind === 'builtinCall' && o.fn === 'is_empty') return `${this.expr(o.args[0]!)}が空でない`;
        return `${this.expr(o)}でない`;
      }
      case 'binary': {
        const l = this.expr(e.left);
        const r = this.expr(e.right);
        switch (e.op) {
          case '==':
            return `${l}が${r}`;
          case '!=':
            return `${l}が${r}でない`;
          case '<':
            return `${l}が${r}未満`;
          case '<=':
            return `${l}が${r}以下`;
          case '>':
            return `${l}が${r}より大きい`;
          case '>=':
            return `${l}が${r}以上`;
          case 'and':
            return `${l}かつ${r}`;
          case 'or':
            return `${l}または${r}`;
          default:
            return `${l} ${{ '+': '+', '-': '−', '*': '×', '/': '÷', '%': 'mod' }[e.op]} ${r}`;
        }
      }
      case 'inRange':
        return `${this.expr(e.item)}が${this.expr(e.low)}〜${this.expr(e.high)}`;
      case 'inList':
        return `${this.expr(e.item)}が${this.expr(e.list)}のいずれか`;
      case 'has':
        return `${this.expr(e.subject)}が${this.expr(e.label)}を持つ`;
      case 'where':
        return `${this.expr(e.list)}のうち${this.expr(e.predicate)}もの`;
      default:
        return UNKNOWN;
    }
  }

  private builtinCall(fn: string, args: Expr[]): string {
    const a = args.map((x) => this.expr(x));
    switch (fn) {
      case 'count':
        return `${a[0]}の数`;
      case 'is_empty':
        return `${a[0]}が空`;
      case 'first':
        return `${a[0]}の最初のもの`;
      case 'top':
        return a[1] === '1' ? `${a[0]}の一番上のカード` : `${a[0]}の上から${a[1]}枚`;
      case 'bottom':
        return a[1] === '1' ? `${a[0]}の一番下のカード` : `${a[0]}の下から${a[1]}枚`;
      case 'random':
        return `${a[0]}からランダムに1枚`;
      case 'other':
        return a[0] === '自分' ? '相手' : a[0] === '相手' ? '自分' : `${a[0]}の次のプレイヤー`;
      case 'owner':
        return `${a[0]}の持ち主`;
      case 'host':
        return `${a[0]}が付いているカード`;
      case 'units':
        return `${a[0]}とそれに付いているカード`;
      default:
        return UNKNOWN;
    }
  }
}
