/** The command line's words (cli/), in English (ICU MessageFormat: '' is an apostrophe). */
export const cli = {
  'cli.severity.error': 'error',
  'cli.severity.warning': 'warning',
  'cli.diagnostic.note': '  note: {note}',
  'cli.check.summary': '{files} file(s) checked: {errors} error(s), {warnings} warning(s)',
  'cli.check.more-in-file': '… and {count} more in {file} (grimoire check --json lists them all)',
  'cli.lang.needs-a-language': '--lang takes a language: {languages}',
  'cli.lang.unknown': "--lang takes {languages}, not ''{asked}''",
} as const;
