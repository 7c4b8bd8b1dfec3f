/** The scenario runner's report (scenario/, `grimoire scenario`), in English (ICU MessageFormat: '' is an apostrophe). */
export const scenario = {
  'scenario.pass': 'PASS',
  'scenario.fail': 'FAIL',
  'scenario.expectations': 'expectations {text}',
  'scenario.log-last-lines': 'log (last lines):',
  'scenario.summary': '{passed} passed, {failed} failed{notRun, plural, =0 {} other {, {notRun} not run (mistakes above)}}',
  'scenario.summary-under': '{passed} passed, {failed} failed{notRun, plural, =0 {} other {, {notRun} not run (mistakes above)}} (under {game})',
  'scenario.mistakes-not-run': '{mistakes} {mistakes, plural, one {mistake} other {mistakes}} in {files} scenario {files, plural, one {file} other {files}} (docs/scenarios.md); {files, plural, one {it is} other {they are}} not run',
  'scenario.unknown-game': "unknown game ''{game}''",
  'scenario.rules-do-not-compile': "the rules of ''{game}'' do not compile ({errors} errors): run grimoire check rules/{game}",
  'scenario.no-such-path': 'no such file or folder: {path}',
  'scenario.no-files': 'no scenario files (.yaml) in {paths}',
  'scenario.readings.mistakes-left-out': '{files} scenario {files, plural, one {file has} other {files have}} mistakes (docs/scenarios.md); {files, plural, one {it is} other {they are}} left out of the readings',
  'scenario.readings.one-game': "--readings runs the rulings of one game, and these are of {games}: give one game''s rulings (e.g. rules/trump/rulings), or --game to run them all under one",
  'scenario.readings.wrote-md': "wrote {file}: the rulings that depend on a reading, by parameter, for the rulebook''s authors",
} as const;
