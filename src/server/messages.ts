import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Messages } from '../client/lib/i18n';
import type { Locale } from '../shared/locales';
import { DEFAULT_LOCALE, FALLBACK_LOCALE } from '../shared/locales';
import { mergeMessages } from '../client/lib/i18n';
import { SERVER_TEXTS } from '../client/lib/server-texts';

/** A locale's compiled catalogue of the build: its public URL and its file on disk (vite.config.ts compiledCatalogues). */
export interface CatalogueFile {
  url: string;
  file: string;
}

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');

// Catalogues are static files (no member data), so reading each once per process is safe. Whether one is empty is
// known when it is read: asking a catalogue of thousands of keys for its first key on every page enumerated them all.
const sources = new Map<string, { messages: Messages; empty: boolean }>();
function readCatalogue(file: string): { messages: Messages; empty: boolean } {
  let catalogue = sources.get(file);
  if (!catalogue) {
    let messages: Messages;
    try {
      messages = JSON.parse(readFileSync(file, 'utf8')) as Messages;
    } catch {
      messages = {};
    }
    catalogue = { messages, empty: Object.keys(messages).length === 0 };
    sources.set(file, catalogue);
  }
  return catalogue;
}

const merged = new Map<Locale, Record<string, string>>();

/**
 * Messages of a locale from the source catalogues, with the nl fallback (the English defaultMessage is the last
 * resort); merged once per locale and process. Read only: every caller shares the object.
 */
export function loadMessages(locale: Locale): Readonly<Record<string, string>> {
  let messages = merged.get(locale);
  if (!messages) {
    const source = (name: string) => readCatalogue(path.join(LOCALES_DIR, `${name}.json`)).messages as Record<string, string>;
    messages = mergeMessages(locale, source(locale), locale === DEFAULT_LOCALE ? {} : source(FALLBACK_LOCALE));
    merged.set(locale, messages);
  }
  return messages;
}

/**
 * The messages a page renders with, and the URL the browser loads them from: the build's precompiled catalogue
 * (ICU AST, nothing parsed per request) when there is one; otherwise (tests, a server without a build) the source
 * catalogue, which then travels in the page state as before.
 */
export function pageMessages(
  locale: Locale,
  compiled: Partial<Record<string, CatalogueFile>> | undefined,
): { messages: Messages; url: string | null } {
  const file = compiled?.[locale];
  if (file) {
    const catalogue = readCatalogue(file.file);
    if (!catalogue.empty) return { messages: catalogue.messages, url: file.url };
  }
  return { messages: loadMessages(locale), url: null };
}

/** A text the BFF answers with itself (client/lib/server-texts.ts), in the locale's catalogue. */
export function serverText(locale: Locale, name: keyof typeof SERVER_TEXTS): string {
  const { id, defaultMessage } = SERVER_TEXTS[name];
  return loadMessages(locale)[id] ?? String(defaultMessage);
}
