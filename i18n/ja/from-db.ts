/** `grimoire balance --from-db`: the kept games of people read beside the simulated ones (cli/balance-from-db.ts), in Japanese. */
import type { fromDb as en } from '../en/from-db.ts';

export const fromDb: Record<keyof typeof en, string> = {
  'cli.from-db.with-vs': '--from-db は 1 つのゲームの保存された対戦をシミュレーションと並べて読みます。--vs と --vs-param は 2 つのシミュレーションを比べます: 別々に実行してください',
  'cli.from-db.cannot-open': '--from-db のデータベース {db} を開けません: {message}。grimoire serve --db が保存した SQLite ファイルか、postgres:// の URL を指定してください',
  'cli.from-db.no-file': 'データベースファイルがありません: {db}。--from-db は grimoire serve --db が保存した SQLite ファイル (または postgres:// の URL) を読みます',
  'cli.from-db.head': '人の対戦 — {db} に保存された {game} の対戦: {read, plural, =0 {読んだ対戦なし} other {# 対戦を読みました}} (終了済み、シミュレーションと同じルール {rules}、フォーマット {format}、パラメーター)。{skipped, plural, =0 {除外なし} other {# 対戦を除外}}',
  'cli.from-db.why': '。内訳: {reasons}。',
  'cli.from-db.end': '。',
  'cli.from-db.skip.unfinished': '{n} 対戦は未終了 (対戦中、または放棄)',
  'cli.from-db.skip.other-rules': '{n} 対戦は別のルールで対戦 (別のバージョン: フィンガープリントが異なる)',
  'cli.from-db.skip.other-format': '{n} 対戦は別のフォーマット',
  'cli.from-db.skip.other-params': '{n} 対戦は別のルールパラメーター',
  'cli.from-db.skip.conceded': '{n} 対戦は投了扱い (席がタイムアウトを過ぎて不在: 最後まで対戦していない)',
  'cli.from-db.skip.not-replayed': '{n} 対戦はリプレイが保存された終局に達しない (信用しない)',
  'cli.from-db.agent-answers': '  これらの対戦の回答 {answers} 件のうち {agent} 件は、タイムアウトを過ぎて不在の席に代わってエージェントが答えたものです。',
  'cli.from-db.sources': '  以下で「人」とある数値はこれらの保存された対戦から、「シミュレーション」は上の {games} ゲームのシミュレーション ({agents}) からのものです。率: 95% Wilson 区間、n は数えたゲーム (またはゲームとプレイヤーの組) の数。',
  'cli.from-db.none': '  読める保存対戦はありません: 上の数値はすべてシミュレーションのものです。',
  'cli.from-db.seats': '席 — 人 | シミュレーション',
  'cli.from-db.first': '先手プレイヤー',
  'cli.from-db.draws': '引き分け',
  'cli.from-db.wins': '{seat} の勝ち',
  'cli.from-db.cards': '人がプレイしたカード — そのカードをプレイしたときの持ち主の勝率: 人 | シミュレーション (保存対戦でプレイされた {all} 枚のうち {shown} 枚、多くプレイされた順。全カードは --json に)',
  'cli.from-db.card': 'カード',
  'cli.from-db.people': '人',
  'cli.from-db.simulation': 'シミュレーション',
  'cli.from-db.few': '  保存対戦が少ないため、この広さの区間からはまだほとんど分かりません — ルールの推定にはシミュレーションの数値のほうが適し、人の数値は人が違う遊び方をする所を示します。',
};
