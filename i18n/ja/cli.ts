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
};
