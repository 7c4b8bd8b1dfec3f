/**
 * Errors as you type: every edit of a .grim or a ruling's .yaml file schedules a check in the
 * compile worker (keystrokes coalesced; only the latest request's reply is used) and its
 * diagnostics — the rulings' mistakes against the compiled rules too — become Monaco markers on
 * each file, plus a list in the problems panel. The same worker answers the
 * editor's questions over every file (find all references, rename — which edits the game's
 * scenarios too): `ask`.
 */
import { monaco } from './monaco.ts';
import { diagnosticWords, type Diagnostic } from '../../../compiler/diagnostics.ts';
import { language, t } from '../../../i18n/format.ts';
import type { SymbolInfo } from '../../../compiler/symbols.ts';
import type { CompileRequest, CompileWorkerReply, ServiceRequest, ServiceResults, WorkspaceFile } from '../worker/protocol.ts';
import type { GameVariants } from '../worker/variants.ts';
import CompileWorker from '../worker/compile.worker.ts?worker';
import { CardFaces } from '../cards/faces.ts';

export interface CheckResult {
  diagnostics: Diagnostic[];
  symbols: SymbolInfo[];
  /** The game's formats and parameters; null when the rules do not compile. */
  variants: GameVariants | null;
  ms: number;
  crash?: string;
  /** Diagnostics not sent by the worker (it sends the first ones), by severity. */
  omitted?: { errors: number; warnings: number };
  /** Not checked: the files are too big to check as you type (worker/budget.ts). */
  gaveUp?: string;
}

/** Keystrokes closer together than this are checked once. */
const COALESCE_MS = 120;

export class Checker {
  private worker = new CompileWorker({ name: language() }); // the worker speaks the page's language (worker/language.ts)
  private nextId = 0;
  private latest = -1;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private listeners: ((r: CheckResult) => void)[] = [];
  last: CheckResult | null = null;
  /** The game's card faces from the latest check whose rules compiled (stale while they do not). */
  readonly faces = new CardFaces();
  /** The time of the edit the pending check answers (for the keystroke-to-marker measure). */
  private editAt = 0;
  lastLatencyMs = 0;
  /** Questions waiting for the worker's answer, by id. */
  private pending = new Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>();

  /** `files`: the game's .grim files; `scenarios`: its rulings (.yaml), checked too and edited by a rename. */
  constructor(
    private files: () => WorkspaceFile[],
    private scenarios: () => WorkspaceFile[] = () => [],
  ) {
    this.worker.onmessage = (ev: MessageEvent<CompileWorkerReply>) => {
      const r = ev.data;
      if (r.type === 'answer') {
        const p = this.pending.get(r.id);
        this.pending.delete(r.id);
        if (r.error !== undefined) p?.reject(new Error(t('pg.worker.compile-failed', { message: r.error })));
        else p?.resolve(r.result);
        return;
      }
      if (r.id !== this.latest) return; // an answer to an older text
      this.lastLatencyMs = performance.now() - this.editAt;
      this.last = { diagnostics: r.diagnostics, symbols: r.symbols, variants: r.variants, ms: r.ms, crash: r.crash, omitted: r.omitted, gaveUp: r.gaveUp };
      this.applyMarkers(r.diagnostics);
      this.faces.take(r.faces, r.gaveUp || r.crash ? 'not checked' : 'errors'); // i18n-ok: a staleness state, not words
      for (const f of this.listeners) f(this.last);
    };
    this.worker.onerror = (e) => {
      const crash = t('pg.worker.compile-failed', { message: e.message });
      for (const p of this.pending.values()) p.reject(new Error(crash));
      this.pending.clear();
      this.last = { diagnostics: [], symbols: [], variants: null, ms: 0, crash };
      this.faces.take(null, 'not checked'); // i18n-ok: a staleness state, not words
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
    const req: CompileRequest = { type: 'check', id: ++this.nextId, files: this.files(), scenarios: this.scenarios(), facesVersion: this.faces.version };
    this.latest = req.id;
    this.worker.postMessage(req);
  }

  /** Asks the worker about the name at a place of a file, over the files as they are now. */
  ask<K extends keyof ServiceResults>(question: { type: K; path: string; offset: number } & (K extends 'rename' ? { newName: string } : unknown)): Promise<ServiceResults[K]> {
    const req = { ...question, id: ++this.nextId, files: this.files(), ...(question.type === 'rename' ? { scenarios: this.scenarios() } : {}) } as ServiceRequest;
    return new Promise<ServiceResults[K]>((resolve, reject) => {
      this.pending.set(req.id, { resolve: resolve as (r: unknown) => void, reject });
      this.worker.postMessage(req);
    });
  }

  private applyMarkers(diagnostics: Diagnostic[]): void {
    const byFile = new Map<string, monaco.editor.IMarkerData[]>();
    for (const d of diagnostics) {
      const list = byFile.get(d.loc.file) ?? [];
      list.push({
        severity: d.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
        message: ((w) => [w.message, ...w.notes].join('\n'))(diagnosticWords(d)),
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
    // The rules' files and the rulings (.yaml: the scenario check's mistakes).
    for (const model of monaco.editor.getModels()) {
      if (model.getLanguageId() !== 'grimoire' && model.getLanguageId() !== 'yaml') continue;
      const path = model.uri.path.replace(/^\//, '');
      monaco.editor.setModelMarkers(model, 'grimoire', byFile.get(path) ?? []);
    }
  }
}
