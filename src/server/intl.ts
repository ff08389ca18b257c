import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { intlConfig, type Messages } from '../client/lib/i18n';
import type { Locale } from '../shared/locales';

/**
 * One react-intl object per catalogue for the pages the server renders. A provider per page made its formatters
 * again on every page — each message's format, plural rules and number formats — a few percent of a page's render.
 * The catalogue is the same object for every page of a language (pageMessages reads each file once), and the object
 * holds formatters only, never a member's data, so pages share it as they share the catalogue.
 */
const shared = new WeakMap<Messages, { locale: Locale; intl: IntlShape }>();

export function sharedIntl(locale: Locale, messages: Messages): IntlShape {
  const known = shared.get(messages);
  if (known?.locale === locale) return known.intl;
  const intl = createIntl(intlConfig(locale, messages), createIntlCache());
  shared.set(messages, { locale, intl });
  return intl;
}
