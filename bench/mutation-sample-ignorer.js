/**
 * A StrykerJS ignorer plugin for bench/mutation-sample.ts: Stryker's `mutate` ranges select a
 * sampled mutant by its node's span, but a span also holds every node inside it (a block's `{}`
 * mutant holds the whole block), and each of those would be run too. This ignorer leaves out a
 * node that neither is a sampled mutant's node nor holds one, so that a sample of 60 mutants runs
 * about 60 mutants (plus the other mutators' mutants on the same nodes, which the script does not
 * count). The sampled spans come from the file named by MUTATION_SAMPLE_SPANS (0-based lines and
 * columns, as the instrumenter gives them). Plain JavaScript: Stryker imports its plugins as is.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { PluginKind, declareClassPlugin, declareValuePlugin } from '@stryker-mutator/api/plugin';

const spans = JSON.parse(readFileSync(process.env.MUTATION_SAMPLE_SPANS ?? '', 'utf8'));

const before = (a, b) => a.line < b.line || (a.line === b.line && a.column <= b.column);
const holds = (outer, inner) => before(outer.start, inner.start) && before(inner.end, outer.end);
const same = (a, b) =>
  a.start.line === b.start.line && a.start.column === b.start.column && a.end.line === b.end.line && a.end.column === b.end.column;

const sampleOnly = {
  shouldIgnore(path) {
    const node = path.node?.loc;
    if (!node) return undefined;
    // Babel counts lines from 1, Stryker's mutant locations (the spans) from 0; columns from 0 in both.
    const loc = { start: { line: node.start.line - 1, column: node.start.column }, end: { line: node.end.line - 1, column: node.end.column } };
    for (const span of spans) if (same(span, loc) || holds(loc, span)) return undefined;
    return 'not in the sample (bench/mutation-sample.ts)';
  },
};

/**
 * A reporter that writes each mutant's result as soon as it is known, one JSON line each, to the
 * file named by MUTATION_SAMPLE_PROGRESS: a run cut short (the machine is shared, a run takes an
 * hour) still leaves the mutants it judged, which `mutation-sample.ts --from-progress` summarizes.
 */
class SampleProgress {
  static inject = [];
  onMutantTested(m) {
    if (!process.env.MUTATION_SAMPLE_PROGRESS) return;
    const { fileName, mutatorName, replacement, location, status, killedBy, coveredBy } = m;
    appendFileSync(
      process.env.MUTATION_SAMPLE_PROGRESS,
      JSON.stringify({ file: relative(process.cwd(), fileName).replaceAll('\\', '/'), mutatorName, replacement, location, status, killedBy, coveredBy }) + '\n',
    );
  }
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'sample-only', sampleOnly),
  declareClassPlugin(PluginKind.Reporter, 'sample-progress', SampleProgress),
];
