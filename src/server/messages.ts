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

// Catalogues are static files (no member data), so reading each once per process is safe.
const sources = new Map<string, Messages>();
function readJson(file: string): Messages {
  const key = file;
  let messages = sources.get(key);
  if (!messages) {
    try {
      messages = JSON.parse(readFileSync(file, 'utf8')) as Messages;
    } catch {
      messages = {};
    }
    sources.set(key, messages);
  }
  return messages;
}

/** Whether a catalogue has no message: at its first key (counting a catalogue's keys cost every page 0.1 ms). */
function empty(messages: Messages): boolean {
  for (const _ in messages) return false;
  return true;
}

/** Messages of a locale from the source catalogues, with the nl fallback (the English defaultMessage is the last resort). */
export function loadMessages(locale: Locale): Record<string, string> {
  const source = (name: string) => readJson(path.join(LOCALES_DIR, `${name}.json`)) as Record<string, string>;
  return mergeMessages(locale, source(locale), locale === DEFAULT_LOCALE ? {} : source(FALLBACK_LOCALE));
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
    const messages = readJson(file.file);
    if (!empty(messages)) return { messages, url: file.url };
  }
  return { messages: loadMessages(locale), url: null };
}

/** A text the BFF answers with itself (client/lib/server-texts.ts), in the locale's catalogue. */
export function serverText(locale: Locale, name: keyof typeof SERVER_TEXTS): string {
  const { id, defaultMessage } = SERVER_TEXTS[name];
  return loadMessages(locale)[id] ?? String(defaultMessage);
}
