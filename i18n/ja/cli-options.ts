/** The command line's options, in Japanese: the same keys as en/cli-options.ts. */
import type { cliOptions as en } from '../en/cli-options.ts';

export const cliOptions: Record<keyof typeof en, string> = {
  "cli.options.is-out-of-range-it": "{option} {p} は範囲外です: {range} を指定します",
  "cli.options.takes-name-value-got": "{option} には name=value を指定します。''{item}'' は指定できません",
  "cli.options.unknown-parameter-the-parameters-of": "{option}: 不明なパラメータ ''{name}'' です。{name2} のパラメータ: {p}",
  "cli.options.parameter-is-a-whole-number": "パラメータ ''{name}'' は整数です。''{raw}'' は指定できません",
  "cli.options.parameter-is-true-or-false": "パラメータ ''{name}'' は true か false です",
  "cli.options.unknown-format-has": "不明なフォーマット ''{f}'' です。{name} のフォーマット: {p}",
  "cli.options.draws-it-is-sampled-the": "--draws {p}: sampled (既定: 引いたアクションを試し、ほかは必要なときだけ) か listed (すべてのアクションを試してから 1 つを引く: 2026-11-28 より前にシードが与えたゲーム) です",
  "cli.options.p-this-game-has-players": "--p{i}: このゲームのプレイヤーは {players} 人です (席 p1..p{players})。増やすには --param でプレイヤー数のパラメータを設定してください",
  "cli.options.grimoire-warning-declares-no-evaluate": "grimoire: 警告: {n}: {name} は evaluate を宣言していないので、その深さで打ち切ったシミュレーションはすべて引き分けになります。evaluate を書くか (docs/language.md)、depth= を外してください",
  "cli.options.unknown-game-the-games-are": "不明なゲーム ''{game}'' です。ゲーム: {p}",
  "cli.options.error-s-fix-them-with": "{game}: エラー {n} 件。''grimoire check rules/{game} cards/{game}'' で直してください",
  "cli.options.needs-a-file-name": "{option} にはファイル名を指定します",
  "cli.options.cannot-write": "{option} {path} に書き込めません: {why}",
  "cli.options.parameter-is-one-of-got": "{option}: パラメータ ''{name}'' は {p} のいずれかです。''{raw}'' は指定できません",
  "cli.options.parameter-is-one-of-got-near": "{option}: パラメータ ''{name}'' は {p} のいずれかです。''{raw}'' は指定できません (''{near}'' のことですか？)",
  "cli.options.range": "{min} から {max} までの整数",
  "cli.options.range-why": "{min} から {max} までの整数 ({what})",
  "cli.options.takes-got": "{option} には {range} を指定します。''{text}'' は指定できません",
  "cli.options.why-seeds-32-bit": "シードは 32 ビットです",
  "cli.options.why-last-seed": "最後のシードは {last} です",
};
