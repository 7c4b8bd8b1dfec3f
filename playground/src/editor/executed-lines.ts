/**
 * The casebook's executed lines in the editor's gutter: after Run all, each source line a passing
 * ruling ran gets a mark beside its number (hover: how many rulings ran it) — the lines no ruling
 * ran are the rules the casebook does not test (`grimoire coverage` lists them by rule id). The
 * marks are decorations on every file's model, so they follow the text while it is edited; the
 * next Run all, or a switch of game, replaces them.
 */
import { monaco } from './monaco.ts';
import { uriOf } from './session.ts';
import { executedDecorations } from '../worker/casebook-run.ts';
import type { ExecutedLines } from '../worker/run-protocol.ts';

export class ExecutedGutter {
  private collections = new Map<string, string[]>();

  /** Marks the executed lines of every file that has a model; clears the marks of the last run. */
  show(executed: ExecutedLines): void {
    this.clear();
    for (const [path, lines] of Object.entries(executed)) {
      const model = monaco.editor.getModel(uriOf(path));
      if (!model) continue;
      this.collections.set(path, model.deltaDecorations([], executedDecorations(lines)));
    }
  }

  /** Removes every mark (a new run starts, the game changes). */
  clear(): void {
    for (const [path, ids] of this.collections) {
      const model = monaco.editor.getModel(uriOf(path));
      if (model) model.deltaDecorations(ids, []);
    }
    this.collections.clear();
  }

  /** How many lines are marked, by file (the e2e tests read it through window.grimoire). */
  marked(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [path, ids] of this.collections) out[path] = ids.length;
    return out;
  }
}
