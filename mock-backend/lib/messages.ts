import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import type { Locale } from '../../src/shared/locales';
import da from '../locales/da.json' with { type: 'json' };
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import fi from '../locales/fi.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import nb from '../locales/nb.json' with { type: 'json' };
import nl from '../locales/nl.json' with { type: 'json' };
import pl from '../locales/pl.json' with { type: 'json' };
import sv from '../locales/sv.json' with { type: 'json' };

/**
 * The backend's texts — error messages, mails, pushes, statements of reasons, SMS — rendered from the ICU
 * MessageFormat catalogues in mock-backend/locales (one file per language, English the reference). The catalogues
 * are imported, so the server bundle carries them and nothing is read from disk at run time.
 */
export type MessageKey = keyof typeof en;
export type MessageValues = Record<string, PrimitiveType | Date>;

export const CATALOGUES: Record<Locale, Partial<Record<MessageKey, string>>> = { en, nl, de, it, fr, es, pl, da, fi, nb, sv };

/** Named date formats a message uses as `{at, date, name}`. */
const FORMATS = {
  date: {
    /** The end of a measure in a statement of reasons: date, time and the zone (UTC), e.g. "1 December 2026 at 14:00 UTC". */
    statement: {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    },
  },
} as const;

/**
 * A renderer over a set of catalogues: compiles each (locale, key) once and keeps it. A key missing in a language
 * falls back to the reference (English) text — the i18n check keeps every key in all eleven.
 */
export function messageRenderer<K extends string>(
  catalogues: Record<Locale, Partial<Record<K, string>>>,
  reference: Record<K, string>,
): (locale: Locale, key: K, values?: MessageValues) => string {
  const compiled = new Map<string, IntlMessageFormat>();
  return (locale, key, values) => {
    const cacheKey = `${locale}\u0000${key}`;
    let format = compiled.get(cacheKey);
    if (!format) {
      const own = catalogues[locale][key];
      format = new IntlMessageFormat(own ?? reference[key], own === undefined ? 'en' : locale, FORMATS, { ignoreTag: true });
      compiled.set(cacheKey, format);
    }
    return format.format<string>(values) as string;
  };
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** The text of `key` in `locale`, its arguments filled in: counts as plurals, dates and numbers through Intl. */
export const message: (locale: Locale, key: MessageKey, values?: MessageValues) => string = messageRenderer(CATALOGUES, en);
