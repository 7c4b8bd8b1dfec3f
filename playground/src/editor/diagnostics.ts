/**
 * Errors as you type: every edit of a .grim file schedules a check in the compile worker
 * (keystrokes coalesced; only the latest request's reply is used) and its diagnostics become
 * Monaco markers on each file, plus a list in the problems panel.
 */
import { monaco } from './monaco.ts';
import type { Diagnostic } from '../../../compiler/diagnostics.ts';
import type { SymbolInfo } from '../../../compiler/symbols.ts';
import type { CompileReply, CompileRequest, WorkspaceFile } from '../worker/protocol.ts';
import type { GameVariants } from '../worker/variants.ts';
import CompileWorker from '../worker/compile.worker.ts?worker';

export interface CheckResult {
  diagnostics: Diagnostic[];
  symbols: SymbolInfo[];
  /** The game's formats and parameters; null when the rules do not compile. */
  variants: GameVariants | null;
  ms: number;
  crash?: string;
}

/** Keystrokes closer together than this are checked once. */
const COALESCE_MS = 120;

export class Checker {
  private worker = new CompileWorker();
  private nextId = 0;
  private latest = -1;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private listeners: ((r: CheckResult) => void)[] = [];
  last: CheckResult | null = null;
  /** The time of the edit the pending check answers (for the keystroke-to-marker measure). */
  private editAt = 0;
  lastLatencyMs = 0;

  constructor(private files: () => WorkspaceFile[]) {
    this.worker.onmessage = (ev: MessageEvent<CompileReply>) => {
      const r = ev.data;
      if (r.id !== this.latest) return; // an answer to an older text
      this.lastLatencyMs = performance.now() - this.editAt;
      this.last = { diagnostics: r.diagnostics, symbols: r.symbols, variants: r.variants, ms: r.ms, crash: r.crash };
      this.applyMarkers(r.diagnostics);
      for (const f of this.listeners) f(this.last);
    };
    this.worker.onerror = (e) => {
      const crash = `the compile worker failed: ${e.message}`;
      this.last = { diagnostics: [], symbols: [], variants: null, ms: 0, crash };
      for (const f of this.listeners) f(this.last);
    };
  }

  onResult(f: (r: CheckResult) => void): void {
    this.listeners.push(f);
  }

  /** Schedules a check (coalescing bursts of edits). */
  schedule(): void {
    if (this.timer === null) this.editAt = performance.now();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.checkNow();
    }, COALESCE_MS);
  }

  checkNow(): void {
    if (this.editAt === 0) this.editAt = performance.now();
    const req: CompileRequest = { type: 'check', id: ++this.nextId, files: this.files() };
    this.latest = req.id;
    this.worker.postMessage(req);
  }

  private applyMarkers(diagnostics: Diagnostic[]): void {
    const byFile = new Map<string, monaco.editor.IMarkerData[]>();
    for (const d of diagnostics) {
      const list = byFile.get(d.loc.file) ?? [];
      list.push({
        severity: d.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
        message: [d.message, ...(d.notes ?? [])].join('\n'),
        code: d.code,
        source: 'grimoire',
        startLineNumber: d.loc.line,
        startColumn: d.loc.col,
        endLineNumber: d.loc.endLine,
        // chevrotain's end column is inclusive, Monaco's exclusive.
        endColumn: d.loc.endCol + 1,
      });
      byFile.set(d.loc.file, list);
    }
    for (const model of monaco.editor.getModels()) {
      if (model.getLanguageId() !== 'grimoire') continue;
      const path = model.uri.path.replace(/^\//, '');
      monaco.editor.setModelMarkers(model, 'grimoire', byFile.get(path) ?? []);
    }
  }
}
