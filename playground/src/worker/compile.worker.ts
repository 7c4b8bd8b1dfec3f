/**
 * The compile worker: the real compiler, off the page's thread. Each request carries the whole
 * game's sources; the reply carries every diagnostic and the symbol index.
 */
import { compileGame, parseSources } from '../../../compiler/compile.ts';
import { indexSymbols } from '../../../compiler/symbols.ts';
import type { CompileReply, CompileRequest } from './protocol.ts';

self.onmessage = (ev: MessageEvent<CompileRequest>) => {
  const req = ev.data;
  if (req.type !== 'check') return;
  const t0 = performance.now();
  let reply: CompileReply;
  try {
    const parsed = parseSources(req.files);
    const symbols = indexSymbols(parsed.files).all;
    const result = compileGame({ sources: req.files });
    reply = { type: 'checked', id: req.id, diagnostics: result.diagnostics, symbols, ms: performance.now() - t0 };
  } catch (e) {
    reply = { type: 'checked', id: req.id, diagnostics: [], symbols: [], ms: performance.now() - t0, crash: String((e as Error)?.stack ?? e) };
  }
  (self as unknown as Worker).postMessage(reply);
};
