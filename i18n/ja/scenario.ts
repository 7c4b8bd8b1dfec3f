/** The scenario runner's report (scenario/, `grimoire scenario`), in Japanese. */
import type { scenario as en } from '../en/scenario.ts';

export const scenario: Record<keyof typeof en, string> = {
  'scenario.pass': '合格',
  'scenario.fail': '不合格',
  'scenario.expectations': '期待 {text}',
  'scenario.log-last-lines': 'ログ (最後の行):',
  'scenario.summary': '合格 {passed} 件、不合格 {failed} 件{notRun, plural, =0 {} other {、未実行 {notRun} 件 (上の誤りのため)}}',
  'scenario.summary-under': '合格 {passed} 件、不合格 {failed} 件{notRun, plural, =0 {} other {、未実行 {notRun} 件 (上の誤りのため)}} ({game} のもとで)',
  'scenario.mistakes-not-run': 'シナリオファイル {files} 個に誤りが {mistakes} 件あります (docs/scenarios.md)。{files, plural, other {これらのファイルは実行しません}}',
  'scenario.unknown-game': "不明なゲーム ''{game}'' です",
  'scenario.rules-do-not-compile': "''{game}'' のルールがコンパイルできません (エラー {errors} 件): grimoire check rules/{game} を実行してください",
  'scenario.no-such-path': 'そのようなファイルやフォルダはありません: {path}',
  'scenario.no-files': '{paths} にシナリオファイル (.yaml) がありません',
  'scenario.readings.mistakes-left-out': 'シナリオファイル {files} 個に誤りがあります (docs/scenarios.md)。{files, plural, other {これらは読み方の検査から外します}}',
  'scenario.readings.one-game': "--readings は 1 つのゲームの裁定を実行しますが、これらは {games} のものです。1 つのゲームの裁定 (例: rules/trump/rulings) を指定するか、--game ですべてを 1 つのゲームのもとで実行してください",
  'scenario.readings.wrote-md': '{file} を書きました: 読み方によって結果が変わる裁定をパラメータごとにまとめた、ルールブック作者向けの一覧です',
};
