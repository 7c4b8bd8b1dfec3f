/**
 * A fingerprint of compiled rules for a balance report's `settings.rules` in the playground: the
 * 64-bit FNV-1a of the IR's JSON, as 16 hex digits. The CLI uses SHA-256 (node:crypto); a
 * browser has only an asynchronous digest, and the report needs no more than "the same rules give
 * the same fingerprint" — so the two never compare across CLI and playground, which they do not.
 */
import type { GameIR } from '../../../compiler/ir.ts';

export function fnv1a64(text: string): string {
  // 64-bit arithmetic in two 32-bit halves: the prime is 2^40 + 0x1b3.
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let i = 0; i < text.length; i++) {
    lo = (lo ^ text.charCodeAt(i)) >>> 0;
    const t = lo * 0x1b3;
    const carry = Math.floor(t / 0x100000000);
    hi = (Math.imul(hi, 0x1b3) + carry + (lo << 8)) >>> 0;
    lo = t >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

export const irFingerprint = (ir: GameIR): string => fnv1a64(JSON.stringify(ir));
