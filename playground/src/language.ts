/**
 * The page's language: the one chosen with the switch in the top bar (kept in this browser),
 * else the first of the browser's languages (navigator.languages) that Grimoire has a catalog
 * for, else English. Chosen once, before anything is drawn: switching reloads the page, so that
 * every label, the workers' messages and the diagnostics change together.
 */
import { languageOf, languages, type Language } from '../../i18n/language.ts';
import { setLanguage, t } from '../../i18n/format.ts';

const CHOICE = 'grimoire.lang';

/** The language the page speaks: the stored choice, else the browser's, else English. */
export function pageLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(CHOICE);
  } catch {
    // Storage refused (a private window): the browser's language decides.
  }
  const chosen = languageOf(stored ?? undefined);
  if (chosen) return chosen;
  for (const l of navigator.languages ?? [navigator.language]) {
    const known = languageOf(l);
    if (known) return known;
  }
  return 'en';
}

/** Sets the page's language (i18n/format.ts) and the document's `lang` (fonts, screen readers). */
export function startLanguage(): Language {
  const lang = pageLanguage();
  setLanguage(lang);
  document.documentElement.lang = lang;
  return lang;
}

/** Each language named in itself, as a switch offers them. */
const names: Record<Language, string> = { en: 'English', ja: '日本語' };

/**
 * The switch: a list of the languages; a choice is remembered in this browser and the page
 * reloads in it (`beforeReload` saves what must not be lost first — the edits waiting to be saved).
 */
export function languageSwitch(current: Language, beforeReload: () => void): HTMLLabelElement {
  const label = document.createElement('label');
  label.id = 'language-choice';
  const select = document.createElement('select');
  select.id = 'language-select';
  select.setAttribute('aria-label', t('pg.language.label'));
  for (const l of languages) {
    const o = document.createElement('option');
    o.value = l;
    o.textContent = names[l];
    o.lang = l;
    select.append(o);
  }
  select.value = current;
  select.onchange = () => {
    try {
      localStorage.setItem(CHOICE, select.value);
    } catch {
      // Storage refused: the choice cannot be kept, and the page stays in the browser's language.
    }
    beforeReload();
    location.reload();
  };
  label.append(select);
  return label;
}
