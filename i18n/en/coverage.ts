/**
 * The coverage table (scenario/coverage.ts: `grimoire coverage`'s text and Markdown), the text a
 * new card file starts with (cli/new-game.ts) and the phrases a scenario file's mistake quotes
 * (scenario/check.ts: "an answer", "'format'").
 */
export const coverage = {
  'cov.counts': '{ids} ids: {tested} tested, {cited} cited but untested{untestable}, {uncited} not cited ({parameters} parameters, {omissions} omissions, {headings} chapter headings, {unexplained} unexplained)',
  'cov.counts.untestable': ' ({n} that no ruling can run, explained)',
  'cov.casebook': 'casebook: {passed} of {total} rulings pass (only passing rulings test a rule)',
  'cov.failing': '  failing, not counted: {file}',
  'cov.tested': 'tested',
  'cov.cited': 'cited but untested',
  'cov.uncited': 'not cited',
  'cov.rulings': '{n} ruling{n, plural, one {} other {s}}',
  'cov.readme-problems': 'README rows not read:',
  'cov.unknown': 'citations naming ids not in the rule-id list ({n}):',
  'cov.why.parameter': 'P parameter {name}',
  'cov.why.heading': 'H a chapter heading: its rules are listed under it ({id}.…)',
  'cov.why.encoded': '? the README says encoded ({note}), but no definition cites it',
  'cov.readme.no-status': 'README line {line}: no status (E/P/O/N, encoded/parameter/omission/untestable) in: {text}',
  'cov.readme.unknown-id': 'README line {line}: {id} is not in the rule-id list',
  'cov.md.title': '# Rule coverage: {game}',
  'cov.md.lead': '**{counts}.** A rule is *tested* when a passing ruling of the casebook ran a step that cites it; *cited* when a definition cites it; the reason a rule is not cited comes from the game\'\'s README (P a parameter, O a deliberate omission, H a chapter heading whose rules are listed under it, ? unexplained).',
  'cov.md.casebook': 'Casebook: {passed} of {total} rulings pass.',
  'cov.md.unknown': '## Citations naming unknown ids ({n})',
  'cov.md.tested': 'Tested',
  'cov.md.cited': 'Cited but untested',
  'cov.md.uncited': 'Not cited',
  'cov.md.none': 'None.',
  'cov.md.col.rule': 'rule',
  'cov.md.col.rulings': 'rulings',
  'cov.md.col.why': 'why',
  'cov.md.readme-problems': '## README rows not read',
  // A new card file (the playground's New file; the cards file of `grimoire new`)
  'new.card-file': '// New cards for {game}: one line per card, like the ones in the other files of {dir}\n//   card Name "Printed name": CardType \'{ attribute = value }\'\n// The problems panel checks this file with the rest of the game as you type.\n\n',
  'new.cards-file': '// The cards of {name}, and the deck each player gets.',
  'new.bad-name': '\'\'{name}\'\' cannot name a game: use lower-case letters, digits, - and _, starting with a letter (e.g. my-game)',
  'new.exists': 'rules/{name} or cards/{name} already exists; nothing was written',
  // Phrases a scenario file's mistake quotes (scenario/check.ts)
  'scn.what.key': '\'\'{key}\'\'',
  'scn.what.answer': 'an answer',
  'scn.what.list-item': 'an item of a chosen list',
} as const;
