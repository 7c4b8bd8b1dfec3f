// What `grimoire check` prints is safe for a terminal (issue 11, section 6 "The terminal"): code
// frames cut long lines around the column and escape control characters, so a file's own escape
// codes never reach the terminal; a file that is not UTF-8 is refused, as docs/diagnostics.md says.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDiagnostic } from '../cli/render.ts';
import type { Diagnostic } from '../compiler/diagnostics.ts';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

/** `grimoire check` in this process (grimoire-in-process.ts): what it prints is what is tested. */
const check = (...args: string[]) => grimoireInProcess(['check', ...args], { cwd: root });

/** Anything a terminal would act on instead of printing: C0 controls but tab and newline, DEL, C1, bidi controls. */
const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

function diagnostic(line: number, col: number, endCol: number, message = 'something is wrong here'): Diagnostic {
  return { code: 'syntax/unexpected-token', severity: 'error', message, loc: { file: 'f.grim', line, col, offset: 0, endLine: line, endCol, endOffset: 0 } };
}

/** The frame's line for `line` and the marker line under it, with the gutter removed. */
function frameAt(out: string, line: number): { text: string; marker: string } {
  const rows = out.split('\n');
  const i = rows.findIndex((r) => new RegExp(`^> +${line} \\|`).test(r));
  expect(i).toBeGreaterThan(0);
  const strip = (r: string) => r.replace(/^[> ] +\d* \| ?/, '');
  return { text: strip(rows[i]!), marker: strip(rows[i + 1]!) };
}

describe('code frames', () => {
  it('cut a long line to a window around the column, with the marker still under the mistake', () => {
    const long = 'a'.repeat(500_000) + ' BAD ' + 'b'.repeat(500_000);
    const text = `zone x\n${long}\n${'c'.repeat(300_000)}\n`;
    const out = renderDiagnostic(diagnostic(2, 500_002, 500_004), text, false);
    for (const row of out.split('\n')) expect(row.length).toBeLessThan(200);
    const { text: shown, marker } = frameAt(out, 2);
    expect(shown.startsWith('…') && shown.endsWith('…')).toBe(true);
    expect(shown.slice(marker.indexOf('^'), marker.lastIndexOf('^') + 1)).toBe('BAD');
    // A short line with its mistake near the start is shown whole.
    const short = frameAt(renderDiagnostic(diagnostic(1, 6, 6), text, false), 1);
    expect(short.text).toBe('zone x');
    expect(short.marker).toBe('     ^');
  });

  it('escape the control characters of the file and of the message', () => {
    const text = 'zone a\x1b]0;pwned\x07 \x1b[2J \u009b31m \u202eevil\u202c x\n';
    const out = renderDiagnostic(diagnostic(1, 29, 32, 'bad \x1b[2J name'), text, false);
    expect(out).not.toMatch(unsafe);
    expect(out).toContain('\\x1b]0;pwned\\x07 \\x1b[2J \\x9b31m \\u202eevil\\u202c x');
    expect(out).toContain('bad \\x1b[2J name');
    // The marker follows the escapes: it stands under "evil".
    const { text: shown, marker } = frameAt(out, 1);
    expect(shown.slice(marker.indexOf('^'), marker.lastIndexOf('^') + 1)).toBe('evil');
    // A line that is mostly escapes (binary) is cut by its shown width, and the mistake stays in view.
    const binary = `x ${'\x1b'.repeat(100)} BAD\n`;
    const frame = renderDiagnostic(diagnostic(1, 104, 106), binary, false);
    for (const row of frame.split('\n')) expect(row.length).toBeLessThan(200);
    const at = frameAt(frame, 1);
    expect(at.text.slice(at.marker.indexOf('^'), at.marker.lastIndexOf('^') + 1)).toBe('BAD');
  });
});

describe('grimoire check on hostile files', () => {
  it('prints no escape code and no endless line from the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grim-term-'));
    const file = join(dir, 'hostile.grim');
    writeFileSync(file, `zone hand per player private\nzone a\x1b]0;pwned\x07\x1b[2J ${'x'.repeat(2_000_000)} privat\n`);
    const r = await check(file);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/hostile\.grim:2:7: error syntax\/unexpected-character/);
    expect(r.stdout + r.stderr).not.toMatch(unsafe);
    for (const row of r.stdout.split('\n')) expect(row.length).toBeLessThan(300);
  });

  it('refuses a file that is not UTF-8, at its first bad byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grim-utf8-'));
    const latin1 = join(dir, 'latin1.grim');
    // A BOM, then "zone hand per player private", then a comment saying "café" in Latin-1.
    writeFileSync(latin1, Buffer.concat([Buffer.from('\ufeffzone hand per player private\n// caf', 'utf8'), Buffer.from([0xe9]), Buffer.from(' au lait\n')]));
    const r = await check(latin1);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/latin1\.grim:2:7: error file\/unreadable the file is not UTF-8 text: byte 0xe9 here is not part of a UTF-8 character; save the file as UTF-8/);
    // U+FFFD written as UTF-8 is a character like any other.
    const replacement = join(dir, 'replacement.grim');
    writeFileSync(replacement, 'zone hand per player private // \ufffd\n');
    const ok = await check(replacement);
    expect(ok.stdout).toMatch(/replacement\.grim:1:1: error game\/missing/);
    expect(ok.stdout).not.toMatch(/file\/unreadable/);
  });
});
