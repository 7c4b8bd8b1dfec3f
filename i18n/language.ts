/**
 * Which language Grimoire speaks to its user: `--lang`, else `GRIMOIRE_LANG`, else the system
 * locale (`LC_ALL`, `LC_MESSAGES`, `LANG`, in POSIX order of precedence), else English.
 * English wherever the locale is not one we have a catalog for.
 */

/** The languages with a catalog (i18n/<lang>/). */
export const languages = ['en', 'ja'] as const;
export type Language = (typeof languages)[number];

/** `ja`, `ja_JP.UTF-8`, `ja-JP`, `JA` → 'ja'; anything without a catalog → undefined. */
export function languageOf(locale: string | undefined): Language | undefined {
  if (!locale) return undefined;
  const primary = locale.trim().toLowerCase().split(/[_.@-]/)[0];
  return (languages as readonly string[]).includes(primary ?? '') ? (primary as Language) : undefined;
}

/**
 * The language the environment asks for. `GRIMOIRE_LANG` first (a Grimoire-only choice); then
 * the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not empty — as POSIX reads them,
 * so `LC_ALL=C` means English even with `LANG=ja_JP.UTF-8`.
 */
export function languageFromEnvironment(env: Record<string, string | undefined>): Language {
  const own = languageOf(env.GRIMOIRE_LANG);
  if (own) return own;
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  return languageOf(locale) ?? 'en';
}
