/**
 * A worker speaks the page's language: the page names the worker after it (`new Worker(…,
 * { name: 'ja' })`, playground/src/language.ts chose it), and this module — imported first by
 * each worker — sets it for the messages the worker words (i18n/format.ts).
 */
import { setLanguage } from '../../../i18n/format.ts';
import { languageOf } from '../../../i18n/language.ts';

setLanguage(languageOf((self as unknown as { name?: string }).name) ?? 'en');
