// Regenerates docs/diagnostics.md from the catalogues in compiler/diagnostics.ts and
// scenario/diagnostics.ts (run with npx tsx).
import { writeFileSync } from 'node:fs';
import { diagnosticCodes } from '../compiler/diagnostics.ts';
import { scenarioDiagnosticCodes } from '../scenario/diagnostics.ts';

const table = (codes: Record<string, string>) => `| code | meaning |\n|---|---|\n${Object.entries(codes).map(([code, meaning]) => `| \`${code}\` | ${meaning} |`).join('\n')}\n`;
writeFileSync(
  new URL('./diagnostics.md', import.meta.url),
  `# Diagnostics\n\nEvery message the compiler prints has a stable code, a severity, a position (file:line:col) and,\non a terminal, a code frame. Codes are \`area/kind\`; this table is generated from\n\`compiler/diagnostics.ts\` by \`npx tsx docs/gen-diagnostics.ts\` (a test checks it is fresh).\n\n${table(diagnosticCodes)}` +
    `\n## Scenario files\n\nA scenario (a ruling, [scenarios.md](scenarios.md)) is checked against the compiled game before it\nruns; every mistake of the file is reported at once, at its YAML file:line:col, with "did you mean"\nwhere a name is near one, and the file is not run. \`grimoire scenario\` prints them (with a code\nframe) before running anything and exits 1; the playground shows them as markers in the YAML file.\nThe codes, from \`scenario/diagnostics.ts\`:\n\n${table(scenarioDiagnosticCodes)}`,
);
