// The self-contained HTML report's file (balance/report-html.ts, cli/balance-html.ts): the
// embedded JSON and the inlined script cannot end their <script> element early, whatever the
// card names say; and the charts' script bundles from the sources when the CLI is not bundled.
// The charts themselves are drawn and counted in Chromium: test/e2e/balance-report.test.ts.
import { describe, expect, it } from 'vitest';
import { reportHtml, scriptSafeCode } from '../balance/report-html.ts';
import type { BalanceReport } from '../balance/report.ts';
import { reportPageScript } from '../cli/balance-html.ts';

const hostile = '</script><script>alert(1)</script><!--';

describe('the HTML report file', () => {
  it('embeds the report JSON so that </script> in a name neither closes the element nor changes the data', () => {
    const report = { grimoireBalance: 1, kind: 'report', settings: { game: hostile, title: 'a\u2028b' }, cards: [{ card: hostile }] } as unknown as BalanceReport;
    const html = reportHtml(report, 'var s = "</script>"; var r = /<\\/script>/;');
    // Only the two real closing tags: the data's and the script's.
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    const data = /<script type="application\/json" id="balance-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(data)).toEqual(report);
    expect(html).not.toContain('<script>alert(1)');
  });

  it('keeps a script meaning the same when it escapes </script>', () => {
    const code = 'globalThis.out = ["</script>", /<\\/script>/u.test("</script>"), `</SCRIPT>`];';
    const safe = scriptSafeCode(code);
    expect(safe).not.toMatch(/<\/script/i);
    const run = (c: string) => {
      const g = globalThis as { out?: unknown };
      new Function(c)();
      return g.out;
    };
    expect(run(safe)).toEqual(run(code));
  });

  it('bundles the charts script (Plot and d3 inside) from the sources, with no import left', async () => {
    const script = await reportPageScript();
    expect(script.length).toBeGreaterThan(50_000);
    expect(script.length).toBeLessThan(600_000);
    expect(script).not.toMatch(/\bimport\s*\(|^import /m);
    expect(script).toContain('balance-data');
  });
});
