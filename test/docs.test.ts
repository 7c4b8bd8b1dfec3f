import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diagnosticCodes } from '../compiler/diagnostics.ts';
import { scenarioDiagnosticCodes } from '../scenario/diagnostics.ts';
import { root } from './helpers.ts';
import { architectureMap, withMap } from '../docs/gen-architecture.ts';

describe('docs', () => {
  it('docs/diagnostics.md lists every diagnostic code', () => {
    const text = readFileSync(`${root}/docs/diagnostics.md`, 'utf8');
    for (const code of Object.keys(diagnosticCodes)) expect(text).toContain(`\`${code}\``);
  });

  it('docs/diagnostics.md lists every scenario diagnostic code', () => {
    const text = readFileSync(`${root}/docs/diagnostics.md`, 'utf8');
    for (const code of Object.keys(scenarioDiagnosticCodes)) expect(text).toContain(`\`${code}\``);
  });

  it("docs/architecture.md's generated map is what the code says (npx tsx docs/gen-architecture.ts)", () => {
    const doc = readFileSync(`${root}/docs/architecture.md`, 'utf8');
    expect(withMap(doc, architectureMap(root))).toBe(doc);
    // The map reads the code: the engine's chain of rooms starts at the engine.
    expect(architectureMap(root)).toMatch(/Engine \(engine\.ts\)\n\s+└ FlowRoom/);
  });
});
