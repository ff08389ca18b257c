import { parse } from '@formatjs/icu-messageformat-parser';
import { renderToString } from 'react-dom/server';
import { createIntl, createIntlCache, FormattedDate, FormattedMessage, FormattedNumber, RawIntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { I18nProvider, intlConfig } from '../client/lib/i18n';
import { rememberFormatsByMessage, sharedIntl } from './intl';
import { loadMessages } from './messages';

const when = new Date(Date.UTC(2026, 10, 27, 9, 30));

function Sample() {
  return (
    <p>
      <FormattedMessage
        id="test.unread"
        defaultMessage="{count, plural, one {# unread message} other {# unread messages}}"
        values={{ count: 5 }}
      />
      <FormattedDate value={when} day="numeric" month="long" timeZone="UTC" />
      <FormattedNumber value={1234.5} style="currency" currency="EUR" />
    </p>
  );
}

describe('the server’s shared react-intl object', () => {
  it('When a page renders with the shared object, then it reads exactly as with the page’s own provider, in every language tried', () => {
    for (const locale of ['en', 'pl', 'fi', 'nb'] as const) {
      const messages = { ...loadMessages(locale), 'test.unread': '{count, plural, one {# x} few {# y} many {# z} other {# w}}' };
      const own = renderToString(
        <I18nProvider locale={locale} messages={messages}>
          <Sample />
        </I18nProvider>,
      );
      const shared = renderToString(
        <RawIntlProvider value={sharedIntl(locale, messages)}>
          <Sample />
        </RawIntlProvider>,
      );
      expect(shared).toBe(own);
    }
  });

  it('When pages of one catalogue render, then they share one object; another catalogue or language gets its own', () => {
    const nl = loadMessages('nl');
    expect(sharedIntl('nl', nl)).toBe(sharedIntl('nl', nl));
    expect(sharedIntl('de', loadMessages('de'))).not.toBe(sharedIntl('nl', nl));
    expect(sharedIntl('nl', nl).locale).toBe('nl');
  });

  it('When a page formats a compiled message again, then it reuses that message’s formatter and still fills in each call’s values', () => {
    const source = { ...loadMessages('pl'), 'test.unread': '{count, plural, one {# x} few {# y} many {# z} other {# w}}' };
    const compiled = Object.fromEntries(Object.entries(source).map(([id, text]) => [id, parse(text)]));
    const intl = createIntl(intlConfig('pl', compiled), createIntlCache());
    let made = 0;
    const makeFormat = intl.formatters.getMessageFormat;
    intl.formatters.getMessageFormat = (...args) => {
      made += 1;
      return makeFormat(...args);
    };
    rememberFormatsByMessage(intl);
    const texts = [1, 3, 5, 1].map((count) => intl.formatMessage({ id: 'test.unread' }, { count }));
    expect(texts).toEqual(['1 x', '3 y', '5 z', '1 x']);
    expect(made).toBe(1);
    // A message given as text, or with options of its own, takes react-intl's path each time.
    intl.formatMessage({ id: 'test.none', defaultMessage: 'Hi {name}' }, { name: 'a' });
    intl.formatMessage({ id: 'test.unread' }, { count: 2 }, { ignoreTag: true });
    expect(made).toBe(3);

    const own = renderToString(
      <I18nProvider locale="pl" messages={source}>
        <Sample />
      </I18nProvider>,
    );
    const shared = renderToString(
      <RawIntlProvider value={sharedIntl('pl', compiled)}>
        <Sample />
      </RawIntlProvider>,
    );
    expect(shared).toBe(own);
  });
});
