/**
 * The HTML report's own script (balance/report-page.ts), run without a browser: at import it finds
 * the report's JSON and its mount in the page, draws the view there and marks the page drawn
 * (`body[data-rendered]`, which the browser test e2e/balance-report waits for). The browser test
 * checks the page as people see it; this one pins, where a mutation test reaches, that the script
 * draws when the page holds its data and does nothing — no error — when it does not
 * (docs/testing-mutation.md: report-page.ts:15, the seed-3 sample's last survivor).
 */
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BalanceReport } from '../balance/report.ts';
import { language, setLanguage } from '../i18n/format.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

let report: BalanceReport;

beforeAll(async () => {
  const r = await grimoireInProcess(['balance', 't-magic', '--games', '10', '--seed', '1', '--values', 'none', '--json']);
  expect(r.status, r.stderr).toBe(0);
  report = JSON.parse(r.stdout) as BalanceReport;
});

/**
 * Runs the page's script in `document` (the module reads the global, as in a page): each call
 * imports a fresh copy of the module, so its top-level code runs again. The global and the
 * language are put back.
 */
/** Each a copy of its own: a query makes Vite load the module afresh (TypeScript knows no such path). */
const copies = {
  // @ts-expect-error -- a module path with a query (above)
  'with-data': () => import('../balance/report-page.ts?with-data'),
  // @ts-expect-error -- a module path with a query (above)
  'no-data': () => import('../balance/report-page.ts?no-data'),
  // @ts-expect-error -- a module path with a query (above)
  'no-mount': () => import('../balance/report-page.ts?no-mount'),
};

async function runPageScript(document: Document, copy: keyof typeof copies): Promise<void> {
  const g = globalThis as { document?: Document };
  const saved = g.document;
  const lang = language();
  g.document = document;
  try {
    await copies[copy]();
  } finally {
    if (saved === undefined) delete g.document;
    else g.document = saved;
    setLanguage(lang);
  }
}

describe('the HTML report page script', () => {
  it('draws the report the page holds into its mount and marks the page drawn', async () => {
    const doc = new Window().document as unknown as Document;
    doc.documentElement.lang = 'en';
    doc.body.innerHTML = '<script id="balance-data" type="application/json"></script><div id="balance-mount"></div>';
    doc.getElementById('balance-data')!.textContent = JSON.stringify(report);
    expect(doc.readyState).not.toBe('loading');
    await runPageScript(doc, 'with-data');
    expect(doc.body.dataset.rendered).toBe('true');
    const mount = doc.getElementById('balance-mount')!;
    expect(mount.children.length).toBeGreaterThan(0);
    // The view of this report: its title names the game, and its tables are there.
    expect(mount.textContent).toContain('t-magic');
    expect(mount.querySelectorAll('table').length).toBeGreaterThan(0);
  });

  it('does nothing, without an error, in a page without the data or without the mount', async () => {
    for (const [copy, body] of [
      ['no-data', '<div id="balance-mount"></div>'],
      ['no-mount', '<script id="balance-data" type="application/json">{}</script>'],
    ] as const) {
      const doc = new Window().document as unknown as Document;
      doc.body.innerHTML = body;
      await runPageScript(doc, copy);
      expect(doc.body.dataset.rendered, copy).toBeUndefined();
    }
  });
});
