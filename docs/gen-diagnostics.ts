// Regenerates docs/diagnostics.md from the catalogue in compiler/diagnostics.ts (run with npx tsx).
import { writeFileSync } from 'node:fs';
import { diagnosticCodes } from '../compiler/diagnostics.ts';

const rows = Object.entries(diagnosticCodes).map(([code, meaning]) => `| \`${code}\` | ${meaning} |`);
writeFileSync(
  new URL('./diagnostics.md', import.meta.url),
  `# Diagnostics\n\nEvery message the compiler prints has a stable code, a severity, a position (file:line:col) and,\non a terminal, a code frame. Codes are \`area/kind\`; this table is generated from\n\`compiler/diagnostics.ts\` by \`npx tsx docs/gen-diagnostics.ts\` (a test checks it is fresh).\n\n| code | meaning |\n|---|---|\n${rows.join('\n')}\n`,
);
