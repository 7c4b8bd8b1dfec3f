/** The command line's words (cli/), in English (ICU MessageFormat: '' is an apostrophe). */
export const cli = {
  'cli.severity.error': 'error',
  'cli.severity.warning': 'warning',
  'cli.diagnostic.note': '  note: {note}',
  'cli.check.summary': '{files} file(s) checked: {errors} error(s), {warnings} warning(s)',
  'cli.check.more-in-file': '… and {count} more in {file} (grimoire check --json lists them all)',
  'cli.lang.needs-a-language': '--lang takes a language: {languages}',
  'cli.lang.unknown': "--lang takes {languages}, not ''{asked}''",
  'cli.faq.needs-a-game': 'faq needs a game, e.g. grimoire faq trump --out faq.html',
  'cli.faq.out-extension': "--out {out}: the file''s extension says the format: .md (Markdown) or .html (one self-contained page)",
  'cli.faq.no-casebook': '{game} has no casebook: rules/{game}/rulings does not exist',
  'cli.faq.no-scenarios': 'rules/{game}/rulings holds no scenario files (.yaml)',
  'cli.faq.wrote': 'wrote {out}: {rulings} rulings under {rules} rules ({passed} hold)',
} as const;
