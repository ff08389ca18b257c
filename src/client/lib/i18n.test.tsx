// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { DEFAULT_DATE_LOCALE, LOCALES, dateLocaleFor } from '../../shared/locales';
import { I18nProvider } from './i18n';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const day = new Date(Date.UTC(2025, 2, 14, 12));
const dutch = new Intl.DateTimeFormat('nl', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(day);

describe('date locale', () => {
  it('When the runtime has date data for every interface language, then each writes dates in its own locale', () => {
    for (const locale of LOCALES) expect(dateLocaleFor(locale)).toBe(locale);
  });

  it('When the interface language has no date locale of its own, then dates use the declared default nl', () => {
    expect(DEFAULT_DATE_LOCALE).toBe('nl');
    expect(dateLocaleFor('fi', () => [])).toBe('nl');
    expect(dateLocaleFor('fi', (tags) => tags)).toBe('fi');
  });

  it('When the page is Finnish and the runtime lacks Finnish dates, then the messages stay Finnish and the dates are Dutch', () => {
    const real = Intl.DateTimeFormat.supportedLocalesOf.bind(Intl.DateTimeFormat);
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockImplementation((tags, options) =>
      real(tags, options).filter((tag) => !tag.startsWith('fi')),
    );
    render(
      <I18nProvider locale="fi" messages={{ hello: 'Hei' }}>
        <p data-testid="msg">
          <FormattedMessage id="hello" defaultMessage="Hello" />
        </p>
        <p data-testid="date">
          <FormattedDate value={day} day="numeric" month="long" timeZone="UTC" />
        </p>
      </I18nProvider>,
    );
    expect(screen.getByTestId('msg').textContent).toBe('Hei');
    expect(screen.getByTestId('date').textContent).toBe(dutch);
    expect(dutch).toBe('14 maart');
  });
});
