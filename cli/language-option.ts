/**
 * `--lang ja|en`, on every command: taken out of the arguments before any command reads them,
 * so that every message — a usage error included — is in the chosen language. Without it,
 * GRIMOIRE_LANG, then the system locale (LC_ALL, LC_MESSAGES, LANG), else English (i18n/language.ts).
 */
import { setLanguage, t } from '../i18n/format.ts';
import { languageFromEnvironment, languageOf, languages } from '../i18n/language.ts';
import { UsageError } from './usage-error.ts';

/** Sets the process's language and returns the arguments without `--lang X` / `--lang=X`. */
export function chooseLanguage(argv: string[], env: Record<string, string | undefined> = process.env): string[] {
  setLanguage(languageFromEnvironment(env));
  const rest: string[] = [];
  let asked: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (a === '--lang') {
      asked = argv[++i];
      if (asked === undefined) throw new UsageError(t('cli.lang.needs-a-language', { languages }), false);
    } else if (a.startsWith('--lang=')) asked = a.slice('--lang='.length);
    else rest.push(a);
  }
  if (asked !== undefined) {
    const lang = languageOf(asked);
    if (!lang || lang !== asked.trim().toLowerCase().split(/[_.@-]/)[0]) throw new UsageError(t('cli.lang.unknown', { languages: { or: languages }, asked }), false);
    setLanguage(lang);
  }
  return rest;
}
