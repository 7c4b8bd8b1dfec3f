import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diagnosticCodes } from '../compiler/diagnostics.ts';
import { scenarioDiagnosticCodes } from '../scenario/diagnostics.ts';
import { root } from './helpers.ts';

describe('docs', () => {
  it('docs/diagnostics.md lists every diagnostic code', () => {
    const text = readFileSync(`${root}/docs/diagnostics.md`, 'utf8');
    for (const code of Object.keys(diagnosticCodes)) expect(text).toContain(`\`${code}\``);
  });

  it('docs/diagnostics.md lists every scenario diagnostic code', () => {
    const text = readFileSync(`${root}/docs/diagnostics.md`, 'utf8');
    for (const code of Object.keys(scenarioDiagnosticCodes)) expect(text).toContain(`\`${code}\``);
  });
});
