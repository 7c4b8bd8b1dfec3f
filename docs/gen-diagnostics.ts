// Regenerates docs/diagnostics.md from the catalogues in compiler/diagnostics.ts and
// scenario/diagnostics.ts (run with npx tsx).
import { writeFileSync } from 'node:fs';
import { diagnosticCodes } from '../compiler/diagnostics.ts';
import { scenarioDiagnosticCodes } from '../scenario/diagnostics.ts';
import { diagnostics as enCompiler } from '../i18n/en/diagnostics.ts';
import { diagnostics as jaCompiler } from '../i18n/ja/diagnostics.ts';
import { scenarioChecks as enScenario } from '../i18n/en/scenario-checks.ts';
import { scenarioChecks as jaScenario } from '../i18n/ja/scenario-checks.ts';

// What \`grimoire check\` prints, and its --json shape (cli/render.ts, cli/excerpt.ts, cli/diagnostic-json.ts).
const output = `
## On the terminal

\`grimoire check\` prints each diagnostic as \`file:line:col: error CODE message\`, its notes
("did you mean …"), and a code frame: the line with a marker under the mistake, and the lines
around it. A line longer than 120 characters is cut to a window around the column (\`…\` marks a
cut), and control characters of the file or of a message — escape codes that could retitle or
clear the terminal, bidirectional overrides — are shown escaped (\`\\x1b\`, \`\\u202e\`), never
sent to the terminal.

At most 200 diagnostics are printed per file; then one line says how many more there are:
\`… and 4800 more in cards/pool.grim (grimoire check --json lists them all)\`. A "did you mean"
compares the unknown name with every name it could have meant; after a million such comparisons
in one check (a thousand unknown names in a game of a thousand names) the rest of the unknown
names come without one, so that the search never makes most of the check.

A file is read as UTF-8: a file that is not (e.g. saved as Latin-1 or Shift-JIS) is refused with
\`file/unreadable\` at its first bad byte, as are a binary file (NUL bytes) and a file of more than
8 MB. The playground checks as you type up to 2 million characters of a game's files and shows
the first 500 diagnostics (docs/playground.md).

## \`grimoire check --json\`

One JSON object on stdout with every diagnostic (none left out), for editors and CI:

\`\`\`json
{
  "files": 1, "errors": 5000, "warnings": 0,
  "diagnostics": [
    { "file": "cards/pool.grim", "line": 48, "col": 81, "endLine": 48, "endCol": 84,
      "severity": "error", "code": "name/unknown", "message": "unknown name 'winx'",
      "notes": ["did you mean 'wind'?"] }
  ]
}
\`\`\`

Lines and columns count from 1, columns in UTF-16 code units (as editors do); \`endCol\` is the
column of the last character (inclusive). The exit code is the same as without \`--json\`: 0 when
there is no error, 1 with errors, 2 on a usage error.
`;

const en = { ...enCompiler, ...enScenario };
const ja: Record<keyof typeof en, string> = { ...jaCompiler, ...jaScenario };
// Every message of the catalogs (i18n/), by code: the English and the Japanese, placeholders as {name}.
const shown = (icu: string) => icu.replace(/'([{}])'/g, '$1').replace(/''/g, "'").replace(/\|/g, '\\|').replace(/\n/g, ' ');
const messages = `
## Every message, in English and Japanese

The words of each diagnostic come from the catalogs in [i18n/](../i18n/README.md) and are printed in
the reader's language (\`--lang ja\`, \`GRIMOIRE_LANG\`, or the locale: [languages.md](languages.md)); the
code, the position and the code frame are the same in every language. \`{name}\` is a value filled in
(a name, a number, a list); \`{n, plural, …}\` a wording by count. Generated from the catalogs.

| code | English | 日本語 |
|---|---|---|
${(Object.keys(en) as (keyof typeof en)[])
  .filter((k) => k.includes('/'))
  .sort()
  .map((k) => `| \`${k.split('.')[0]}\` | ${shown(en[k])} | ${shown(ja[k])} |`)
  .join('\n')}

Words used inside other messages (a type, a part of the grammar, "did you mean"):

| key | English | 日本語 |
|---|---|---|
${(Object.keys(en) as (keyof typeof en)[])
  .filter((k) => !k.includes('/'))
  .map((k) => `| \`${k}\` | ${shown(en[k])} | ${shown(ja[k])} |`)
  .join('\n')}
`;

const table = (codes: Record<string, string>) => `| code | meaning |\n|---|---|\n${Object.entries(codes).map(([code, meaning]) => `| \`${code}\` | ${meaning} |`).join('\n')}\n`;
writeFileSync(
  new URL('./diagnostics.md', import.meta.url),
  `# Diagnostics\n\nEvery message the compiler prints has a stable code, a severity, a position (file:line:col) and,\non a terminal, a code frame. Codes are \`area/kind\`; this table is generated from\n\`compiler/diagnostics.ts\` by \`npx tsx docs/gen-diagnostics.ts\` (a test checks it is fresh).\n\n${table(diagnosticCodes)}${output}${messages}` +
    `\n## Scenario files\n\nA scenario (a ruling, [scenarios.md](scenarios.md)) is checked against the compiled game before it\nruns; every mistake of the file is reported at once, at its YAML file:line:col, with "did you mean"\nwhere a name is near one, and the file is not run. \`grimoire scenario\` prints them (with a code\nframe) before running anything and exits 1; the playground shows them as markers in the YAML file.\nThe codes, from \`scenario/diagnostics.ts\`:\n\n${table(scenarioDiagnosticCodes)}`,
);
