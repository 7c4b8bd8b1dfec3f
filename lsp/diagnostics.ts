/**
 * Errors as you type: an open, changed, saved or closed .grim or ruling file schedules a check
 * of its game (edits closer than COALESCE_MS apart are checked once), over the open buffers; the
 * diagnostics are published per file — every file of the game and its rulings, an empty list
 * clearing a file's old ones.
 */
import type { Connection, Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { DiagnosticSeverity } from 'vscode-languageserver';
import { diagnosticWords, type Diagnostic } from '../compiler/diagnostics.ts';
import type { Game } from './game.ts';
import { rangeOfLoc } from './positions.ts';
import type { Workspace } from './workspace.ts';

const COALESCE_MS = 100;

export function toLspDiagnostic(d: Diagnostic): LspDiagnostic {
  return {
    range: rangeOfLoc(d.loc),
    severity: d.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: d.code,
    source: 'grimoire',
    // In the editor's language (initialize's locale); the code is the same in every language.
    message: (({ message, notes }) => [message, ...notes].join('\n'))(diagnosticWords(d)),
  };
}

export class DiagnosticsPublisher {
  private timers = new Map<Game, ReturnType<typeof setTimeout>>();
  /** The URIs each game last published diagnostics for (to clear them when they are gone). */
  private published = new Map<Game, Set<string>>();

  constructor(
    private readonly connection: Connection,
    private readonly workspace: Workspace,
  ) {}

  schedule(game: Game): void {
    const t = this.timers.get(game);
    if (t) clearTimeout(t);
    this.timers.set(
      game,
      setTimeout(() => {
        this.timers.delete(game);
        this.publish(game);
      }, COALESCE_MS),
    );
  }

  publish(game: Game): void {
    let checked;
    try {
      checked = game.check();
    } catch (e) {
      this.connection.console.error(`grimoire: checking ${game.key.game} failed: ${(e as Error)?.stack ?? e}`); // i18n-ok: a log of an internal failure for the developers (stderr), not shown in the editor
      return;
    }
    const byUri = new Map<string, LspDiagnostic[]>();
    for (const f of [...checked.sources, ...checked.rulings]) byUri.set(this.workspace.uriOf(game.key.root, f.path), []);
    for (const d of checked.diagnostics) {
      const uri = this.workspace.uriOf(game.key.root, d.loc.file);
      const list = byUri.get(uri) ?? [];
      list.push(toLspDiagnostic(d));
      byUri.set(uri, list);
    }
    const before = this.published.get(game) ?? new Set();
    for (const uri of before) if (!byUri.has(uri)) byUri.set(uri, []);
    this.published.set(game, new Set([...byUri].filter(([, l]) => l.length > 0).map(([u]) => u)));
    // Every file of the game, an empty list too: a client that opened a clean file hears that it is clean.
    for (const [uri, diagnostics] of byUri) {
      void this.connection.sendDiagnostics({ uri, diagnostics });
    }
  }
}
