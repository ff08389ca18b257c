import { LOCALES, toLocale, type Locale } from '../../src/shared/locales';
import { CATALOGUES, isMessageKey, message, type MessageKey, type MessageValues } from './messages';

/** Error codes of the API: each has its text in the catalogues as `error.<code>` (mock-backend/locales). */
export type ErrorCode = MessageKey extends infer K ? (K extends `error.${infer Code}` ? Code : never) : never;

/** Locale of error texts: the first two letters of Accept-Language when they name one of ours, else en. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  return toLocale(header?.split(',')[0]) ?? 'en';
}

export function isErrorCode(code: string): code is ErrorCode {
  return isMessageKey(`error.${code}`);
}

/** Names of the simple `{name}` arguments of a message (not those of plurals, dates or numbers). */
const simpleArguments = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/**
 * The text of an error code in the locale, its parameters filled in. A parameter the error does not carry stays
 * written as `{name}`; a count a plural needs but is missing makes it the general error text (an error handler never
 * throws).
 */
export function errorMessage(code: ErrorCode, locale: Locale, params: Record<string, unknown> = {}): string {
  const key = `error.${code}` as const;
  const values: MessageValues = {};
  for (const name of simpleArguments(CATALOGUES[locale][key] ?? CATALOGUES.en[key] ?? '')) values[name] = `{${name}}`;
  for (const [name, value] of Object.entries(params)) values[name] = typeof value === 'number' ? value : String(value);
  try {
    return message(locale, key, values);
  } catch {
    return message(locale, 'error.error');
  }
}

export function hasAllLocales(): boolean {
  const codes = Object.keys(CATALOGUES.en).filter((key) => key.startsWith('error.'));
  return codes.every((key) => LOCALES.every((l) => typeof CATALOGUES[l][key as MessageKey] === 'string'));
}
