/**
 * The compile worker: the real compiler, off the page's thread. Each request carries the whole
 * game's sources; the reply carries every diagnostic, the symbol index and, when the rules
 * compile, the game's formats and parameters (variants.ts) for the run panel.
 *
 * One parse per check: `checkGame` hands back the parsed files it compiled, and the symbol index
 * is built from them (they exist even when a file has errors — the parser recovers). Parses of
 * files whose text did not change since the last check are reused (`cache`): typing in one file
 * re-parses that file only.
 */
import { checkGame, type ParseCache } from '../../../compiler/compile.ts';
import { indexSymbols } from '../../../compiler/symbols.ts';
import type { CompileReply, CompileRequest } from './protocol.ts';
import { variantsOf } from './variants.ts';

const cache: ParseCache = new Map();

self.onmessage = (ev: MessageEvent<CompileRequest>) => {
  const req = ev.data;
  if (req.type !== 'check') return;
  const t0 = performance.now();
  let reply: CompileReply;
  try {
    const result = checkGame({ sources: req.files }, cache);
    const symbols = indexSymbols(result.files).all;
    reply = { type: 'checked', id: req.id, diagnostics: result.diagnostics, symbols, variants: result.ir ? variantsOf(result.ir) : null, ms: performance.now() - t0 };
  } catch (e) {
    cache.clear();
    reply = { type: 'checked', id: req.id, diagnostics: [], symbols: [], variants: null, ms: performance.now() - t0, crash: String((e as Error)?.stack ?? e) };
  }
  (self as unknown as Worker).postMessage(reply);
};
