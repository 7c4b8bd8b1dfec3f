/**
 * Why not? (runtime/why-not.ts, scenario/why-not.ts, `grimoire why-not`): at real scenario
 * positions of each seed game, a refused action comes with the precondition that fails — its
 * kind, its words and its source line; and over random games, the explanation agrees with what
 * the engine offers at every decision and leaves the game as it was.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RandomAgent } from '../runtime/agents/basic.ts';
import type { Offer } from '../runtime/offers.ts';
import { newEngine, playGame } from '../runtime/play.ts';
import { clauseLine, whyNotScenario } from '../scenario/why-not.ts';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import { compiledGame, root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

interface Case {
  /** A ruling of the game (rules/<game>/rulings/…) or a fixture (test/fixtures/why-not/…). */
  file: string;
  /** Stop after this many steps (default: at the end of the script). */
  step?: number;
  player: string;
  action: string;
  kind: string;
  /** A fragment of the reason's text. */
  text: string;
  /** The reason's source line (file:line), when the case pins it. */
  at?: string;
}

const ruling = (game: string, name: string) => `rules/${game}/rulings/${name}.yaml`;
const fixture = (name: string) => `test/fixtures/why-not/${name}.yaml`;

const cases: Record<string, Case[]> = {
  trump: [
    { file: fixture('trump-entered-this-turn'), player: 'p1', action: 'アタック', kind: 'when', text: 'not is_empty(attack_candidates(me)) is false', at: 'rules/trump/basic.grim:105' },
    { file: ruling('trump', 'r-tr-11-who-may-attack'), player: 'p1', action: 'アタック', kind: 'limit', text: 'limit 1 per turn: already used 1 time', at: 'rules/trump/basic.grim:106' },
    { file: fixture('trump-counter-force'), player: 'p1', action: 'カウンター', kind: 'choice', text: 'no legal target: nothing to choose for target r: 1 from stack where counterable(it)' },
    { file: ruling('trump', 'r-tr-01-format-light'), player: 'p1', action: 'B・J', kind: 'format', text: "only from format 'master' on (since master); this game is played in 'light'" },
    { file: ruling('trump', 'r-tr-01-format-light'), player: 'p1', action: '魔術士召喚', kind: 'format', text: "since standard" },
    { file: fixture('trump-quick-one-card'), player: 'p1', action: 'アップ', kind: 'when', text: 'count(p.hand) >= 2', at: 'rules/trump/quick-magic.grim:14' },
    { file: ruling('trump', 'r-tr-14a-summon-needs-barrier'), player: 'p1', action: '兵士召喚', kind: 'when', text: 'count(charged_barriers(me)) >= 1 is false' },
    { file: ruling('trump', 'r-tr-param-l-cost-forbid'), player: 'p1', action: 'エース召喚', kind: 'when', text: 'can_pay_l(me) is false' },
    { file: ruling('trump', 'r-tr-25-hero-summon-uncounterable'), step: 1, player: 'p1', action: 'エンド', kind: 'when', text: 'in main_timing: p == active' },
    { file: ruling('trump', 'r-tr-14a-summon-needs-barrier'), player: 'p1', action: '防壁破壊', kind: 'choice', text: 'no legal target' },
    { file: ruling('trump', 'r-tr-14a-summon-needs-barrier'), player: 'p1', action: 'チャージ', kind: 'when', text: 'charge_pending is false' },
    { file: ruling('trump', 'r-tr-02-soldier-vs-soldier'), step: 0, player: 'p1', action: '投擲', kind: 'choice', text: 'no cards to use' },
  ],
  'summon-magic': [
    { file: fixture('summon-magic-no-ap'), player: 'p1', action: 'チャージ', kind: 'when', text: 'in can_act: p.ap >= 1 is false' },
    { file: fixture('summon-magic-no-ap'), player: 'p1', action: '白き名馬.発動', kind: 'when', text: 'can_activate(this, me) is false' },
    { file: ruling('summon-magic', 'r-sm-03-set-card-not-this-turn'), step: 1, player: 'p1', action: '破砕の一撃.発動', kind: 'when', text: 'can_use_set(c, p)' },
    { file: ruling('summon-magic', 'r-sm-02-overmagic-example-2'), step: 0, player: 'p1', action: 'ターン終了', kind: 'when', text: 'me == active is false' },
    { file: ruling('summon-magic', 'r-sm-08-first-player-no-command'), player: 'p1', action: '騎士ヴォーエン.騎士の剣', kind: 'when', text: 'not (turn == 1 and p.first_player) is false' },
    { file: ruling('summon-magic', 'r-sm-31b-card-attack-no-target'), player: 'p1', action: '城砕きの投石兵.城砕き', kind: 'choice', text: 'from card_targets(opponent)' },
    { file: ruling('summon-magic', 'r-sm-26-bow-on-ant-fizzles'), player: 'p1', action: 'ジャイアント・アント.騎乗', kind: 'choice', text: 'no legal target' },
    { file: ruling('summon-magic', 'r-sm-01-overmagic-example-1'), player: 'p1', action: 'セット', kind: 'when', text: 'any(me.hand, settable(it)) is false' },
    { file: ruling('summon-magic', 'r-sm-01-overmagic-example-1'), player: 'p1', action: 'アイス・エッジ.発動', kind: 'source', text: "no アイス・エッジ of p1's" },
    { file: ruling('summon-magic', 'r-sm-01-overmagic-example-1'), player: 'p1', action: '表示形式変更', kind: 'choice', text: 'can_change_position(it, me)' },
    { file: ruling('summon-magic', 'r-sm-21-cost-example-1'), player: 'p1', action: '紅蓮の飛竜.火炎の爪', kind: 'when', text: 'm.used_turn != turn is false' },
  ],
  't-magic': [
    { file: ruling('t-magic', 'r-tm-09-deck-attack-only-without-enemy-monsters'), step: 0, player: 'p1', action: '山札攻撃', kind: 'when', text: 'is_empty(monsters(opponent)) is false', at: 'rules/t-magic/attack.grim:22' },
    { file: ruling('t-magic', 'r-tm-13b-scheme-not-in-own-turn'), player: 'p2', action: 'Pitfall.宣言する', kind: 'when', text: 'scheme_timing(me) is false' },
    { file: ruling('t-magic', 'r-tm-05-hp-equals-cards-under-monster'), player: 'p1', action: '攻撃', kind: 'choice', text: 'from monsters(opponent)' },
    { file: ruling('t-magic', 'r-tm-c-specified-cost-higher'), player: 'p1', action: '召喚', kind: 'choice', text: 'it.cost <= count(me.RZ)' },
    { file: ruling('t-magic', 'r-tm-01-first-player'), player: 'p1', action: '降参', kind: 'when', text: 'agreement_actions is false' },
    { file: ruling('t-magic', 'r-tm-01-first-player'), player: 'p1', action: '攻撃する時', kind: 'when', text: 'the rules perform it themselves' },
    { file: ruling('t-magic', 'r-tm-17-cost-zero'), step: 1, player: 'p1', action: '攻撃', kind: 'when', text: 'p.step == "attack"' },
    { file: ruling('t-magic', 'r-tm-17-cost-zero'), step: 1, player: 'p1', action: 'MZに置く', kind: 'when', text: 'not is_empty(me.hand) is false' },
    { file: ruling('t-magic', 'r-tm-17-cost-zero'), step: 0, player: 'p2', action: '召喚', kind: 'when', text: 'in play_timing: p == active' },
    { file: ruling('t-magic', 'r-tm-18-instead-of-attack'), player: 'p1', action: 'Sprite.代わり', kind: 'when', text: 'in attack_timing: p.step == "attack" is false' },
    { file: ruling('t-magic', 'r-tm-05-hp-equals-cards-under-monster'), player: 'p1', action: 'Fireball.使う', kind: 'source', text: 'where the ability works (in hand)' },
  ],
  spimate: [
    { file: ruling('spimate', 'r-sp-12-counter-chain'), step: 8, player: 'p1', action: '炎の魔導士.火の粉', kind: 'limit', text: 'already used 1 time this turn', at: 'cards/spimate/cards.grim:56' },
    { file: ruling('spimate', 'r-sp-12b-no-own-counter'), step: 1, player: 'p1', action: '打ち消しの印.対抗', kind: 'when', text: 'counter_timing(me) is false' },
    { file: ruling('spimate', 'r-sp-15-cannot-pay'), step: 0, player: 'p1', action: 'プレイ', kind: 'choice', text: 'playable_from_hand(it, me)' },
    { file: ruling('spimate', 'r-sp-16-occupied-square'), step: 2, player: 'p1', action: 'プレイ', kind: 'when', text: 'has_free_square(me) is false' },
    { file: ruling('spimate', 'r-sp-20-no-battle-turn-one'), step: 0, player: 'p1', action: '攻撃', kind: 'when', text: 'in battle_timing: phase == "battle" is false' },
    { file: ruling('spimate', 'r-sp-01-front-protects'), player: 'p1', action: '直接攻撃', kind: 'when', text: 'any(opponents, can_attack_player(it)) is false' },
    { file: ruling('spimate', 'r-sp-01-front-protects'), player: 'p1', action: '創造', kind: 'when', text: 'phase == "standby" is false' },
    { file: ruling('spimate', 'r-sp-19-empty-deck-draw'), player: 'p1', action: 'LVプレイ', kind: 'choice', text: 'from me.EX where lv_playable(it, me)' },
    { file: ruling('spimate', 'r-sp-01-front-protects'), player: 'p1', action: 'ドローフェイズ', kind: 'when', text: 'when false' },
    { file: ruling('spimate', 'r-sp-15-cannot-pay'), step: 0, player: 'p1', action: '炎の魔導士.火の粉', kind: 'source', text: 'where the ability works (in field)' },
    { file: ruling('spimate', 'r-sp-20-no-battle-turn-one'), step: 0, player: 'p2', action: '攻撃', kind: 'when', text: 'not is_empty(attackers(me)) is false' },
  ],
};

const source = (p: string) => readFileSync(join(root, p), 'utf8');

for (const [game, list] of Object.entries(cases)) {
  describe(`why not — ${game}`, () => {
    it('has at least 10 cases', () => expect(list.length).toBeGreaterThanOrEqual(10));
    for (const c of list) {
      it(`${c.action} for ${c.player} (${c.file.split('/').pop()}${c.step !== undefined ? `, after step ${c.step}` : ''}): ${c.kind} — ${c.text}`, () => {
        const r = whyNotScenario(c.file, readFileSync(join(root, c.file), 'utf8'), { rules: (g) => compiledGame(g), step: c.step, player: c.player, action: c.action, source });
        expect(r.actions.length).toBeGreaterThan(0);
        for (const a of r.actions) {
          expect(a.available).toBe(false);
          const hit = a.reasons.find((x) => x.kind === c.kind && x.text.includes(c.text));
          expect(hit, JSON.stringify(a.reasons, null, 1)).toBeDefined();
          expect(hit!.cite).toBe(a.cite);
          expect(hit!.at).not.toBeNull();
          if (c.at) expect(`${hit!.at!.file}:${hit!.at!.line}`).toBe(c.at);
        }
      });
    }
  });
}

describe('why not agrees with the engine', () => {
  // At every action decision of random games: available ⇔ offered (each card ability once per
  // card), every refusal has a reason, and the game plays on exactly as it would without.
  for (const [game, seeds] of [['trump', 4], ['summon-magic', 3], ['t-magic', 3], ['spimate', 4]] as const) {
    it(`${game}: ${seeds} random games`, () => {
      const ir = compiledGame(game);
      let points = 0;
      for (let seed = 1; seed <= seeds; seed++) {
        const e = newEngine(ir, seed);
        e.reset(seed);
        const random = e.players.map((_, i) => new RandomAgent(seed * 31 + i));
        e.run(
          (d) => {
            if (d.kind === 'action') {
              points++;
              const values = Array.from({ length: d.count }, (_, i) => (d as unknown as { valueAt(i: number): unknown }).valueAt(i));
              const offered = values.filter((v): v is Offer => !!v && typeof v === 'object' && 'action' in v).map((o) => `${o.action.ir.name}#${o.source?.id ?? ''}`);
              const verdicts = e.whyNot(d.player);
              const available = verdicts.filter((v) => v.available).map((v) => `${v.action}#${v.card?.id ?? ''}`);
              expect(available.sort()).toEqual(offered.sort());
              for (const v of verdicts) {
                if (v.available) continue;
                expect(v.reasons.length).toBeGreaterThan(0);
                expect(v.reasons.map((x) => x.kind)).not.toContain('refused');
              }
            }
            return random[d.player.index]!.byCount(d.count);
          },
          // (No decider by count: every decision, actions included, comes here as an object.)
        );
        // (A random player drawing among the listed offers, as the decider above does.)
        const plain = playGame(ir, seed, { draws: 'listed' });
        expect(e.hash).toBe(plain.hash);
        expect(e.result).toEqual(plain.result);
      }
      expect(points).toBeGreaterThan(20);
    });
  }
});

describe('clauseLine', () => {
  const text = ['action A "A"', '{', '  when x', '  when y and z', '  limit 1 per turn', '  effect {', '    when', '  }', '}', 'action B', '{', '  when q', '}'].join('\n');
  it('finds the nth when and the limit of the action, never past its effect', () => {
    expect(clauseLine(text, 1, 'when', 0)).toEqual({ line: 3, col: 3 });
    expect(clauseLine(text, 1, 'when', 1)).toEqual({ line: 4, col: 3 });
    expect(clauseLine(text, 1, 'limit', 0)).toEqual({ line: 5, col: 3 });
    expect(clauseLine(text, 1, 'when', 2)).toBeNull();
  });
});

describe('grimoire why-not', () => {
  // In this process (grimoire-in-process.ts); a scenario with mistakes also through cli/bin.js, its exit code as a shell sees it.
  const grimoire = (...args: string[]) => grimoireInProcess(args, { cwd: root });
  const grimoireProcess = (...args: string[]) => spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, encoding: 'utf8' });
  it('prints every action of the player, available or why not, with file:line and cites', async () => {
    const r = await grimoire('why-not', fixture('trump-entered-this-turn'), '--player', 'p1');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('available  エンド "End"');
    expect(r.stdout).toContain('refused    アタック "Attack"');
    expect(r.stdout).toContain('when: when not is_empty(attack_candidates(me)) is false  [rules/trump/basic.grim:105]');
    expect(r.stdout).toContain('attack_candidates: TR-12.1');
    expect(r.stdout).toMatch(/\d+ available, \d+ refused/);
  });
  it('shows the values behind a failed condition: the comparison inside a function, each card a filter rejected, the cards too few', async () => {
    const ap = await grimoire('why-not', fixture('summon-magic-no-ap'), '--player', 'p1', '--action', 'チャージ');
    expect(ap.stdout).toContain('(in can_act: p.ap >= 1 is false — 0 >= 1)');
    const quick = await grimoire('why-not', fixture('trump-quick-one-card'), '--player', 'p1');
    // A pick of two with one card in hand: the one that fits; a pick whose test rejects it: why, with its values.
    expect(quick.stdout).toMatch(/nothing to choose for using k: 2 from me\.hand where it\.suit == "heart" and it\.rank in 1\.\.10; only 1 fits: ♡3/);
    expect(quick.stdout).toContain('rejected — ♡3: it.suit == "spade", read "heart" == "spade"');
  });
  it('--action and --json: one action, as JSON', async () => {
    const r = await grimoire('why-not', ruling('trump', 'r-tr-11-who-may-attack'), '--player', 'p1', '--action', 'Attack', '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.actions).toHaveLength(1);
    expect(j.actions[0].action).toBe('アタック');
    expect(j.actions[0].reasons.map((x: { kind: string }) => x.kind)).toContain('limit');
  });
  it('--step N stops after step N', async () => {
    const r = await grimoire('why-not', ruling('trump', 'r-tr-11-who-may-attack'), '--player', 'p1', '--step', '0', '--action', 'アタック', '--json');
    const j = JSON.parse(r.stdout);
    expect(j.afterStep).toBe(0);
    expect(j.actions[0].available).toBe(true);
  });
  it('an unknown action or player is a usage error naming the near ones', async () => {
    const a = await grimoire('why-not', ruling('trump', 'r-tr-11-who-may-attack'), '--player', 'p1', '--action', 'Atack');
    expect(a.status).toBe(2);
    expect(a.stderr).toContain("no action 'Atack' in trump; did you mean 'Attack'?");
    const p = await grimoire('why-not', ruling('trump', 'r-tr-11-who-may-attack'), '--player', 'p9');
    expect(p.status).toBe(2);
    expect(p.stderr).toContain("unknown player 'p9'; the players are p1, p2");
    expect((await grimoire('why-not', ruling('trump', 'r-tr-11-who-may-attack'))).status).toBe(2);
  });
  it('a scenario with mistakes gets its file:line:col diagnostics', () => {
    const r = grimoireProcess('why-not', fixture('broken'), '--player', 'p1');
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/test\/fixtures\/why-not\/broken\.yaml:\d+:\d+: error/);
  });
});

describe('the playground: a person deciding sees why the other actions are not offered', () => {
  it('an action decision of a game with seats carries the refused actions, each with reasons and lines', async () => {
    const { runMatch } = await import('../playground/src/worker/match-run.ts');
    const ir = compiledGame('trump');
    const files = ir.files.map((path) => ({ path, text: source(path) }));
    const req = { type: 'match' as const, id: 1, files, game: 'trump', seed: 5, maxSteps: 100_000, seats: [{ kind: 'person' as const, budget: 0 }, { kind: 'random' as const, budget: 0 }], answers: [] as number[], think: true };
    // p1's first action decision (other decisions answered with their first option).
    let report = runMatch(req, ir, () => {}, 0).report;
    for (let i = 0; i < 50 && report.decision && report.decision.kind !== 'action'; i++) {
      expect(report.decision.refused).toEqual([]);
      report = runMatch({ ...req, answers: [...report.answers, 0] }, ir, () => {}, 0).report;
    }
    const d = report.decision!;
    expect(d.kind).toBe('action');
    expect(d.refused.length).toBeGreaterThan(0);
    for (const a of d.refused) {
      expect(a.available).toBe(false);
      expect(d.options).not.toContain(a.action);
      expect(a.reasons.length).toBeGreaterThan(0);
      for (const r of a.reasons) expect(r.at?.file).toMatch(/\.grim$/);
    }
    // A `when` reason is placed at its own line, found in the workspace's text.
    const when = d.refused.flatMap((a) => a.reasons).find((r) => r.kind === 'when')!;
    expect(source(when.at!.file).split('\n')[when.at!.line - 1]!.trim()).toMatch(/^when /);
  });
});

describe('a cost that cannot be paid', () => {
  it('is a cost reason at the cost line, in the engine\'s words (skirmish with one more action)', () => {
    const extra = {
      path: 'rules/skirmish/extra.grim',
      text: ['action Sacrifice "Sacrifice" cite "test: a cost that chooses a card to pay" {', '  speed immediate', '  when me == active', '  cost {', '    choose s: 1 from me.discard by me "a card to sacrifice"', '    move s to me.deck', '  }', '  effect {', '    set me.life = me.life + 1', '  }', '}', ''].join('\n'),
    };
    const ir = compileGame({ sources: [...gameSources(root, 'skirmish')!, extra], loadBase: (n) => gameSources(root, n) }).ir!;
    const file = 'rules/skirmish/rulings/attack-needs-ready.yaml';
    const r = whyNotScenario(file, source(file), { ir, player: 'p1', action: 'Sacrifice', step: 0 });
    expect(r.actions).toHaveLength(1);
    expect(r.actions[0]!.available).toBe(false);
    expect(r.actions[0]!.reasons).toEqual([{ kind: 'cost', text: 'the cost cannot be paid: nothing to choose for: a card to sacrifice', cite: 'test: a cost that chooses a card to pay', cites: [], at: { file: 'rules/skirmish/extra.grim', line: 4, col: 3 } }]);
  });
});
