import type { ReactNode } from 'react';
import { IntlProvider, ReactIntlErrorCode, type IntlConfig, type MessageFormatElement } from 'react-intl';
import { dateLocaleFor, DEFAULT_LOCALE, type Locale } from '../../shared/locales';

/** A catalogue: message texts, or (compiled at build by `formatjs compile --ast`) their parsed ICU form. */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * The messages of a locale with the fallback chain: a key missing in the locale's catalogue comes from
 * nl; a key missing there too falls back to the English defaultMessage in the code. English itself needs no nl.
 */
export function mergeMessages(locale: Locale, own: Record<string, string>, nl: Record<string, string>): Record<string, string> {
  return locale === DEFAULT_LOCALE ? { ...own } : { ...nl, ...own };
}

const onIntlError: NonNullable<IntlConfig['onError']> = (error) => {
  // A missing translation already falls back to the English default; anything else is a real bug. The catalogue
  // check of the test suite keeps both out of a build; in the browser the console shows them, on the server the
  // renderer's own logger reports render errors, so nothing unstructured reaches the JSON logs.
  if (error.code === ReactIntlErrorCode.MISSING_TRANSLATION || typeof window === 'undefined') return;
  console.error(error);
};

/**
 * Messages in the interface language; dates, times and numbers in its date locale (dateLocaleFor): the language
 * itself, or the default date locale nl where the runtime has no date data for it.
 */
export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  return (
    <IntlProvider locale={dateLocaleFor(locale)} defaultLocale={DEFAULT_LOCALE} messages={messages} onError={onIntlError}>
      {children}
    </IntlProvider>
  );
}

/**
 * I18nProvider's configuration as one object, for the server's react-intl object shared by the pages of a catalogue
 * (src/server/intl.ts; a test renders both alike). Spelled out twice so the browser's entry does not carry it.
 */
export function intlConfig(locale: Locale, messages: Messages): IntlConfig {
  return { locale: dateLocaleFor(locale), defaultLocale: DEFAULT_LOCALE, messages, onError: onIntlError };
}
