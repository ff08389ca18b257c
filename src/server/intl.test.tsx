import { renderToString } from 'react-dom/server';
import { FormattedDate, FormattedMessage, FormattedNumber, RawIntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../client/lib/i18n';
import { sharedIntl } from './intl';
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
});
