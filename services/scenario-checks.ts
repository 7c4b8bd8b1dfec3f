/**
 * The game's rulings checked against its compiled rules on every check (scenario/check.ts), so a
 * mistake in a YAML file — an unknown key, a value the game has no name for — is a marker at its
 * place as it is typed. Each file's parse is kept while its text is unchanged; the check itself
 * is a walk over the parsed file, repeated when the rules change. Without compiled rules only the
 * YAML's own errors can be found. Shared by the playground's compile worker and grimoire lsp.
 */
import type { Diagnostic } from '../compiler/diagnostics.ts';
import type { GameIR } from '../compiler/ir.ts';
import { checkScenario, parseScenario, yamlProblems, type ParsedScenario } from '../scenario/check.ts';
/** A ruling's file: its path and its text. */
export interface WorkspaceFile {
  path: string;
  text: string;
}

export class ScenarioChecks {
  private parsed = new Map<string, { text: string; parsed: ParsedScenario }>();

  check(files: WorkspaceFile[], ir: GameIR | undefined): Diagnostic[] {
    const out: Diagnostic[] = [];
    const seen = new Set<string>();
    for (const f of files) {
      seen.add(f.path);
      let hit = this.parsed.get(f.path);
      if (!hit || hit.text !== f.text) {
        hit = { text: f.text, parsed: parseScenario(f.path, f.text) };
        this.parsed.set(f.path, hit);
      }
      out.push(...(ir ? checkScenario(hit.parsed, ir) : yamlProblems(hit.parsed)));
    }
    for (const path of this.parsed.keys()) if (!seen.has(path)) this.parsed.delete(path);
    return out;
  }
}
