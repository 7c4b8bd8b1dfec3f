/**
 * A FAQ document (faq.ts) written out: Markdown for a wiki or a repository, or one
 * self-contained HTML page (styles inline, no script, no network) that prints well — each ruling
 * kept on one page where it fits, the position drawn as a small board of zones and cards.
 */
import type { FaqDocument, FaqEntry } from './faq.ts';
import { t } from '../i18n/format.ts';

const md = (s: string) => s.replace(/([\\`*_[\]|<>])/g, '\\$1');

export function faqMarkdown(doc: FaqDocument): string {
  const out: string[] = [];
  out.push(`# ${t('faq.title-with-version', { title: md(doc.title), version: md(doc.version) })}`, '');
  out.push(t('faq.lead', { rulings: doc.rulings, game: `\`${doc.game}\``, passed: doc.passed, command: `\`grimoire faq ${doc.game}\`` }), '');
  out.push(`## ${t('faq.contents')}`, '');
  for (const s of doc.sections) out.push(`- ${s.rule ? md(s.rule) : t('faq.other-rulings')} (${s.entries.length})`);
  for (const s of doc.sections) {
    out.push('', `## ${s.rule ? md(s.rule) : t('faq.other-rulings')}`);
    for (const e of s.entries) out.push('', ...entryMarkdown(e));
  }
  return out.join('\n') + '\n';
}

function entryMarkdown(e: FaqEntry): string[] {
  const out: string[] = [`### ${md(e.name)}${e.passed ? '' : ` (${t('faq.does-not-hold')})`}`, ''];
  if (e.cite) out.push(`> ${md(e.cite)}`, '');
  const p = e.position;
  const where = positionWhere(p);
  out.push(`**${t('faq.position')}**${where ? ` (${where})` : ''}`, '');
  if (p.sides.length) {
    out.push(`| | ${t('faq.zone')} | ${t('faq.cards')} |`, '|---|---|---|');
    for (const s of p.sides) {
      for (const z of s.zones) out.push(`| ${s.side} | ${md(z.zone)} | ${z.cards.length ? z.cards.map(md).join(', ') : '—'} |`);
      if (s.vars.length) out.push(`| ${s.side} | ${t('faq.states')} | ${s.vars.map(md).join(', ')} |`);
    }
  } else out.push(t('faq.setup-position'));
  out.push('', `**${t('faq.answer')}**`, '');
  if (e.judgeAnswer) out.push(md(e.judgeAnswer), '', `*${t('faq.what-it-checks')}*`, '');
  for (const a of e.answer) out.push(`- ${a.held ? '' : '✗ '}${md(a.text)}`);
  for (const i of e.incidental) out.push('', `*${t('faq.incidental')}* ${md(i)}`);
  if (e.steps.length) {
    out.push('', `**${t('faq.why')}**`, '');
    let n = 0;
    for (const s of e.steps) {
      const text = `${md(s.text)}${s.cite ? ` — ${md(s.cite)}` : ''}${s.where ? ` (\`${s.where}\`)` : ''}`;
      out.push(s.sub ? `    - ${text}` : `${++n}. ${text}`);
    }
  }
  out.push('', `*${t('faq.assumes')}* ${e.assumes.map(md).join(' · ')} · \`${e.file}\``);
  return out;
}

/** Where the position stands: "turn 3, p1 to play, from setup". */
function positionWhere(p: FaqEntry['position']): string {
  const parts = [p.turn ? t('faq.where-turn', { turn: p.turn }) : null, p.active ? t('faq.where-active', { player: p.active }) : null, p.start ? t('faq.where-start', { start: p.start }) : null];
  return parts.filter(Boolean).join(t('faq.where-separator'));
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const anchor = (rule: string | null) => `rule-${rule ? rule.replace(/[^A-Za-z0-9.-]/g, '_') : 'other'}`;

const CSS = `
body { font: 15px/1.5 system-ui, "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", sans-serif; color: #1c2024; max-width: 920px; margin: 2em auto; padding: 0 1em; }
h1 { font-size: 1.7em; margin-bottom: .2em; } h2 { border-bottom: 2px solid #d0d7de; padding-bottom: .2em; margin-top: 2em; }
.lead, .assumes, .file { color: #57606a; } nav ul { columns: 3; padding-left: 1.2em; }
article { border: 1px solid #d0d7de; border-radius: 8px; padding: .8em 1.1em; margin: 1.2em 0; break-inside: avoid; page-break-inside: avoid; }
article.fails { border-color: #cf222e; } article h3 { margin: .2em 0 .4em; font-size: 1.1em; }
blockquote { margin: .4em 0; padding: .3em .8em; border-left: 4px solid #8c959f; background: #f6f8fa; }
.board { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: .6em; margin: .5em 0; }
.side { border: 1px solid #d8dee4; border-radius: 6px; padding: .4em .6em; background: #fbfcfd; } .side h4 { margin: 0 0 .3em; font-size: .95em; }
.zone { display: flex; gap: .4em; align-items: baseline; margin: .15em 0; } .zone .name { min-width: 6em; color: #57606a; font-size: .9em; }
.card { display: inline-block; border: 1px solid #8c959f; border-radius: 4px; padding: 0 .35em; margin: .1em .15em .1em 0; background: #fff; font-size: .92em; }
.empty { color: #8c959f; } .judge { margin: .3em 0; } .checks-title, .incidental { color: #57606a; font-size: .92em; margin: .3em 0; } ul.choices { margin: .1em 0; color: #57606a; } .answer li.held::marker { content: "✓ "; color: #1a7f37; } .answer li.not::marker { content: "✗ "; color: #cf222e; }
ol.steps li { margin: .15em 0; } .cite { color: #57606a; font-size: .9em; } code { font-size: .85em; }
@media print { body { margin: 0; max-width: none; } nav { display: none; } a { color: inherit; text-decoration: none; } }
`;

export function faqHtml(doc: FaqDocument): string {
  const out: string[] = [];
  // lang="ja" in every language: the rulings' names, citations and cards are Japanese, and the
  // browser picks Japanese glyph forms for them only when told so.
  out.push('<!doctype html>', '<html lang="ja">', '<head>', '<meta charset="utf-8">', '<meta name="viewport" content="width=device-width, initial-scale=1">');
  out.push(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
  const title = t('faq.title', { title: esc(doc.title) });
  out.push(`<title>${title}</title>`, `<style>${CSS}</style>`, '</head>', '<body>');
  out.push(`<h1>${title}</h1>`);
  out.push(`<p class="lead">${esc(doc.version)} · ${t('faq.lead', { rulings: doc.rulings, game: `<code>${esc(doc.game)}</code>`, passed: doc.passed, command: `<code>grimoire faq ${esc(doc.game)}</code>` })}</p>`);
  out.push(`<nav><h2>${t('faq.contents')}</h2><ul>`);
  for (const s of doc.sections) out.push(`<li><a href="#${anchor(s.rule)}">${esc(s.rule ?? t('faq.other-rulings'))}</a> (${s.entries.length})</li>`);
  out.push('</ul></nav>');
  for (const s of doc.sections) {
    out.push(`<section id="${anchor(s.rule)}" data-rule="${esc(s.rule ?? '')}">`, `<h2>${esc(s.rule ?? t('faq.other-rulings'))}</h2>`);
    for (const e of s.entries) out.push(entryHtml(e));
    out.push('</section>');
  }
  out.push('</body>', '</html>');
  return out.join('\n') + '\n';
}

function entryHtml(e: FaqEntry): string {
  const out: string[] = [`<article class="ruling${e.passed ? '' : ' fails'}" data-file="${esc(e.file)}">`, `<h3>${esc(e.name)}${e.passed ? '' : ` <small>(${t('faq.does-not-hold')})</small>`}</h3>`];
  if (e.cite) out.push(`<blockquote>${esc(e.cite)}</blockquote>`);
  const p = e.position;
  const where = positionWhere(p);
  out.push(`<h4>${t('faq.position')}${where ? ` <span class="file">(${esc(where)})</span>` : ''}</h4>`);
  if (p.sides.length) {
    out.push('<div class="board">');
    for (const s of p.sides) {
      out.push(`<div class="side" data-side="${esc(s.side)}"><h4>${esc(s.side)}</h4>`);
      for (const z of s.zones) out.push(`<div class="zone"><span class="name">${esc(z.zone)}</span><span>${z.cards.length ? z.cards.map((c) => `<span class="card">${esc(c)}</span>`).join('') : `<span class="empty">${t('faq.empty')}</span>`}</span></div>`);
      if (s.vars.length) out.push(`<div class="zone"><span class="name">${t('faq.states')}</span><span>${esc(s.vars.join(', '))}</span></div>`);
      out.push('</div>');
    }
    out.push('</div>');
  } else out.push(`<p class="empty">${t('faq.setup-position')}</p>`);
  out.push(`<h4>${t('faq.answer')}</h4>`);
  if (e.judgeAnswer) out.push(`<p class="judge">${esc(e.judgeAnswer)}</p>`, `<p class="checks-title">${t('faq.what-it-checks')}</p>`);
  out.push('<ul class="answer">', ...e.answer.map((a) => `<li class="${a.held ? 'held' : 'not'}">${esc(a.text)}</li>`), '</ul>');
  for (const i of e.incidental) out.push(`<p class="incidental">${t('faq.incidental')} ${esc(i)}</p>`);
  if (e.steps.length) {
    out.push(`<h4>${t('faq.why')}</h4>`, '<ol class="steps">');
    const item = (s: FaqEntry['steps'][number]) => `${esc(s.text)}${s.cite ? ` <span class="cite">— ${esc(s.cite)}</span>` : ''}${s.where ? ` <code>${esc(s.where)}</code>` : ''}`;
    for (let i = 0; i < e.steps.length; i++) {
      const s = e.steps[i]!;
      const subs: string[] = [];
      while (e.steps[i + 1]?.sub) subs.push(`<li>${item(e.steps[++i]!)}</li>`);
      out.push(`<li>${item(s)}${subs.length ? `<ul class="choices">${subs.join('')}</ul>` : ''}</li>`);
    }
    out.push('</ol>');
  }
  out.push(`<p class="assumes">${t('faq.assumes')} ${esc(e.assumes.join(' · '))} · <code>${esc(e.file)}</code></p>`, '</article>');
  return out.join('\n');
}
