/**
 * Ability templates (`ability action 攻 (ap: number = 1) { … }`): each use on a card (`攻 短槍
 * "Short spear" (ap = 2)`) becomes an ordinary ability of that card before anything is lowered —
 * the template's clauses with every name of a parameter replaced by the value the use gives (or
 * the parameter's default). What comes out is checked and lowered like an ability written out, so
 * a mistake in the template's body is reported at the template, and a wrong value at the use.
 *
 * Pure: it never changes an AST (the editor keeps parsed files between checks); it makes new nodes.
 */
import type * as A from '../grammar/ast.ts';
import { diag, didYouMeanNote, suggest, type Diagnostic } from './diagnostics.ts';
import { msg } from '../i18n/format.ts';

/** The ability a use stands for (named as the use names it), or undefined when the use is wrong (reported). */
export function expandTemplate(use: A.TemplateUse, templates: ReadonlyMap<string, A.AbilityTemplateDecl>, out: Diagnostic[]): A.ActionDecl | undefined {
  const t = templates.get(use.template.text);
  if (!t) {
    const near = suggest(use.template.text, templates.keys());
    out.push(
      diag(
        'name/unknown',
        use.template.loc,
        msg('name/unknown.unknown-ability-template-a-card', { template: use.template.text, name: use.name.text }),
        near.length ? [didYouMeanNote(near)] : undefined,
      ),
    );
    return undefined;
  }
  const values = new Map<string, A.Expr>();
  let ok = true;
  use.args.forEach((a, i) => {
    if (a.name) {
      const p = t.params.find((x) => x.name.text === a.name!.text);
      if (!p) {
        out.push(diag('type/bad-arguments', a.name.loc, msg('type/bad-arguments.template-has-no-parameter-its', { name: t.name.text, name2: a.name.text, p: t.params.map((x) => x.name.text).join(', ') || 'none' })));
        ok = false;
      } else if (values.has(p.name.text)) {
        out.push(diag('type/bad-arguments', a.name.loc, msg('type/bad-arguments.is-given-twice', { name: a.name.text })));
        ok = false;
      } else values.set(p.name.text, a.value);
    } else if (i >= t.params.length) {
      out.push(diag('type/bad-arguments', a.value.loc, msg('type/bad-arguments.template-takes-value-not', { name: t.name.text, paramsCount: t.params.length, p2: t.params.map((x) => x.name.text).join(', '), argsCount: use.args.length })));
      ok = false;
    } else values.set(t.params[i]!.name.text, a.value);
  });
  for (const p of t.params) {
    if (values.has(p.name.text)) continue;
    if (p.default) values.set(p.name.text, p.default);
    else {
      out.push(diag('type/bad-arguments', use.name.loc, msg('type/bad-arguments.template-needs-a-value-for', { name: t.name.text, name2: p.name.text, template: use.template.text, name3: use.name.text })));
      ok = false;
    }
  }
  if (!ok) return undefined;
  const cite = [use.cite, t.body.cite].filter((c) => c).join('; ') || undefined;
  return {
    kind: t.as,
    name: use.name,
    title: use.title ?? t.title,
    since: t.body.since,
    cite,
    clauses: substitute(t.body.clauses, values),
    loc: use.loc,
  };
}

/**
 * A deep copy of AST nodes with every expression `name` that names a parameter replaced by its
 * value (a fresh copy each time, so no node is shared between two abilities).
 */
function substitute<T>(node: T, values: ReadonlyMap<string, A.Expr>): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    if (o['kind'] === 'name' && typeof o['name'] === 'string' && values.has(o['name'])) return structuredClone(values.get(o['name']));
    const copy: Record<string, unknown> = {};
    for (const k of Object.keys(o)) copy[k] = k === 'loc' ? o[k] : walk(o[k]);
    return copy;
  };
  return walk(node) as T;
}
