import type { Settings } from '../../shared/api/client';
import type { Locale } from '../../shared/locales';

const SITE_TEXT_KEYS = ['index_title', 'description', 'fictional_warning', 'fictional_singular', 'fictional_plural'] as const;

/**
 * The settings with the site's own texts (title, description, the fictional-profile warning and its names) in the
 * page's language: the `site_texts` entry of the locale where the backend has one, else the plain field (the site's
 * domain language; a backend without translations sends only that). The other languages are dropped, so the page
 * state carries one. The renderer applies it once per request; a language switch reloads the page.
 */
export function localizeSettings(settings: Settings, locale: Locale): Settings {
  const { site_texts: texts, ...rest } = settings;
  const own = texts?.[locale];
  if (!own) return rest;
  const localized: Settings = { ...rest };
  for (const key of SITE_TEXT_KEYS) {
    const text = own[key];
    if (text) localized[key] = text;
  }
  return localized;
}
