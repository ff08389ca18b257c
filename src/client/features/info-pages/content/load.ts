import type { Locale } from '../../../../shared/locales';
import type { InfoContent, InfoPage, InfoPageToken } from './types';

/** One chunk per locale: a page only loads the texts of its own language. */
const loaders: Record<Locale | 'en-US', () => Promise<InfoContent>> = {
  en: () => import('./en').then((m) => m.content),
  'en-US': () => import('./en-us').then((m) => m.content),
  nl: () => import('./nl').then((m) => m.content),
  de: () => import('./de').then((m) => m.content),
  it: () => import('./it').then((m) => m.content),
  fr: () => import('./fr').then((m) => m.content),
  es: () => import('./es').then((m) => m.content),
  pl: () => import('./pl').then((m) => m.content),
  da: () => import('./da').then((m) => m.content),
  fi: () => import('./fi').then((m) => m.content),
  nb: () => import('./nb').then((m) => m.content),
  sv: () => import('./sv').then((m) => m.content),
};

export type ContentLocale = keyof typeof loaders;

/**
 * An en-US variant exists for the privacy text. It is used for locale en when the visitor is in the US
 * (selected or GeoIP country) or asks for it (`?variant=us`, linked from the US footer).
 */
export function contentLocale(locale: Locale, token: InfoPageToken, usVisitor: boolean): ContentLocale {
  return locale === 'en' && token === 'privacy' && usVisitor ? 'en-US' : locale;
}

export async function loadInfoPage(locale: ContentLocale, token: InfoPageToken): Promise<InfoPage> {
  const content = await loaders[locale]();
  return content[token];
}

/** SWR key of one page's texts. */
export const infoPageKey = (locale: ContentLocale, token: InfoPageToken) => `info-page:${locale}:${token}`;

/** Fills the {name} slots of a text with company and site values; unknown names stay as they are. */
export function fillText(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}
