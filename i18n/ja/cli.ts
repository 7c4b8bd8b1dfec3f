/** The command line's words (cli/), in Japanese. */
import type { cli as en } from '../en/cli.ts';

export const cli: Record<keyof typeof en, string> = {
  'cli.severity.error': 'エラー',
  'cli.severity.warning': '警告',
  'cli.diagnostic.note': '  注: {note}',
  'cli.check.summary': '{files} 個のファイルを検査しました: エラー {errors} 件、警告 {warnings} 件',
  'cli.check.more-in-file': '… ほか {count} 件 ({file})。すべては grimoire check --json で表示されます',
  'cli.lang.needs-a-language': '--lang には言語を指定します: {languages}',
  'cli.lang.unknown': "--lang に指定できるのは {languages} です。''{asked}'' は指定できません",
  'cli.faq.needs-a-game': 'faq にはゲームを指定します。例: grimoire faq trump --out faq.html',
  'cli.faq.out-extension': '--out {out}: 形式はファイルの拡張子で決まります: .md (Markdown) か .html (1 つで完結したページ)',
  'cli.faq.no-casebook': '{game} に裁定集がありません: rules/{game}/rulings がありません',
  'cli.faq.no-scenarios': 'rules/{game}/rulings にシナリオファイル (.yaml) がありません',
  'cli.faq.wrote': '{out} を書きました: {rules} 個のルールのもとに {rulings} 件の裁定 ({passed} 件が成立)',
};
