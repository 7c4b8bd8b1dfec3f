/**
 * The messages between the page and its workers — one place for their types.
 *
 * The compile worker (compile.worker.ts) checks the game's files on every (coalesced) edit and
 * returns diagnostics, the symbol index and the game's formats and parameters. The run worker (run.worker.ts) runs a scenario or a
 * random game; the page terminates it to cancel.
 */
import type { Diagnostic } from '../../../compiler/diagnostics.ts';
import type { SymbolInfo } from '../../../compiler/symbols.ts';
import type { GameVariants } from './variants.ts';

export interface WorkspaceFile {
  path: string;
  text: string;
}

export type CompileRequest = {
  type: 'check';
  /** Increases with every request; a reply to an older one is ignored. */
  id: number;
  /** The game's source files (.grim). */
  files: WorkspaceFile[];
};

export type CompileReply = {
  type: 'checked';
  id: number;
  diagnostics: Diagnostic[];
  /** Every definition of the game, for hover, completion and go to definition. */
  symbols: SymbolInfo[];
  /** The game's formats and rule parameters, when the rules compile (else null): the run panel's choices. */
  variants: GameVariants | null;
  /** Compute time in the worker, ms. */
  ms: number;
  /** The compiler itself failed (a bug): shown in the page, never only in the console. */
  crash?: string;
};
