import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { intlConfig, type Messages } from '../client/lib/i18n';
import type { Locale } from '../shared/locales';

type MessageFormat = ReturnType<IntlShape['formatters']['getMessageFormat']>;

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
  rememberFormatsByMessage(intl);
  shared.set(messages, { locale, intl });
  return intl;
}

/**
 * A compiled message's formatter found by the message itself. react-intl remembers each message's formatter under a
 * key it makes on every call: the JSON of the message's compiled form, the locale, the formats and the options. Every
 * message a page formats with values (each card's "Like {name}", its report menu, the counts) paid that, 2–3 % of
 * the BFF's CPU for a member's page. A catalogue's compiled messages are the same objects on every page of its
 * language, so this object's formatter for one is kept by that object. Any other call (a message given as text, the
 * English default, other formats or options) takes react-intl's own path, and both paths make the same formatter.
 */
export function rememberFormatsByMessage(intl: IntlShape): void {
  const formatters = intl.formatters;
  const makeFormat = formatters.getMessageFormat;
  const made = new WeakMap<object, MessageFormat>();
  formatters.getMessageFormat = (...args) => {
    const [message, locales, formats, options] = args;
    const plain = locales === intl.locale && formats === intl.formats && onlyFormatters(options, formatters);
    if (typeof message !== 'object' || message === null || !plain) return makeFormat(...args);
    const known = made.get(message);
    if (known) return known;
    const format = makeFormat(...args);
    made.set(message, format);
    return format;
  };
}

/** Whether react-intl's options for a message name this object's own formatters and nothing else. */
function onlyFormatters(options: object | undefined, formatters: object): boolean {
  if (!options || (options as { formatters?: unknown }).formatters !== formatters) return false;
  for (const key in options) if (key !== 'formatters') return false;
  return true;
}
