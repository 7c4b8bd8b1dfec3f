/**
 * The engine's log as the run panel shows it: each event with its rule citation and the
 * workspace place of that rule (the IR's SrcLoc [fileIndex, line, col] resolved through
 * ir.files). A runaway game can log a hundred thousand events; the page gets the first and the
 * last ones (where the loop started, and where it was stopped), so a message stays small.
 */
import type { LogEvent } from '../../../runtime/engine.ts';
import type { LogStep } from './run-protocol.ts';
import { logText } from '../../../scenario/log-words.ts';

/** Steps kept from the start and from the end of a long log. */
export const LOG_HEAD = 500;
export const LOG_TAIL = 4500;

/** An event as a step: its text in the worker's language (or `text`, a reader's redacted one). */
export function logStep(e: LogEvent, files: readonly string[], text?: string): LogStep {
  const file = e.loc ? files[e.loc[0]] ?? null : null;
  return { seq: e.seq, turn: e.turn, kind: e.kind, text: text ?? logText(e), player: e.player, cite: e.cite, file, line: file && e.loc ? e.loc[1] : 0, col: file && e.loc ? e.loc[2] : 0 };
}

/** The log for the page: all of it, or its head and tail with the count left out between; `texts`: a reader's redacted texts by seq (player-log.ts). */
export function traceOf(events: readonly LogEvent[], files: readonly string[], texts?: readonly string[] | null): { log: LogStep[]; omitted: { after: number; count: number } | null } {
  const step = (e: LogEvent) => logStep(e, files, texts?.[e.seq]);
  if (events.length <= LOG_HEAD + LOG_TAIL) return { log: events.map(step), omitted: null };
  const head = events.slice(0, LOG_HEAD);
  const tail = events.slice(events.length - LOG_TAIL);
  return {
    log: [...head, ...tail].map(step),
    omitted: { after: LOG_HEAD - 1, count: events.length - LOG_HEAD - LOG_TAIL },
  };
}
