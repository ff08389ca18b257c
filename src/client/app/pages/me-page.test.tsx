// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../../shared/locales';
import { profileFixture, userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { profileKey } from '../../features/profile/api/get-profile';
import { MePage } from './me-page';
import { ReportPage } from './report-page';

afterEach(cleanup);

const catalogues = import.meta.glob<Record<string, string>>('../../../../locales/*.json', { eager: true, import: 'default' });
const catalogueOf = (locale: Locale) => catalogues[`../../../../locales/${locale}.json`] as Record<string, string>;

/** The "me" page's entry that leads to /safety. */
const safetyEntry = (): HTMLElement => screen.getByTestId('me-safety');

describe('the "me" page’s Safety entry', () => {
  it('When a member opens the "me" page, then it lists Safety — his reports, the decisions about him and his appeals — leading to /safety', () => {
    renderWithApp(<MePage />, { user: userFixture(), url: '/me' });
    const entry = safetyEntry();
    expect(entry.getAttribute('href')).toBe('/safety');
    expect(entry.textContent).toContain('Safety');
    expect(entry.textContent).toContain('Your reports, decisions about you and your appeals');
    expect(within(entry).queryByText('New decision')).toBeNull();
  });

  it('When a decision about him is unread, then the entry says so', () => {
    renderWithApp(<MePage />, {
      user: userFixture({ unread_statement: { id: 3, action: 'warn', created_at: '2026-11-20T10:00:00Z' } }),
      url: '/me',
    });
    expect(within(safetyEntry()).getByText('New decision')).toBeTruthy();
  });

  it.each(LOCALES)(
    'When a report is received in %s, then its receipt points to that entry by the very word the "me" page shows, and links to it',
    (locale) => {
      const messages = catalogueOf(locale);
      renderWithApp(<MePage />, { user: userFixture(), url: '/me', locale, messages });
      const entryWord = screen.getByTestId('me-safety-name').textContent;
      expect(entryWord).toBe(messages['safety.tab']);
      cleanup();
      renderWithApp(<ReportPage />, {
        user: userFixture(),
        url: '/members/42/report?sent=R-000123',
        path: '/members/:id/report',
        locale,
        messages,
        fallback: { [profileKey(42)]: { ...profileFixture({ id: 42, name: 'Mark' }), about: '', photos: [] } },
      });
      const receipt = screen.getByTestId('report-receipt');
      const link = within(receipt).getByRole('link', { name: entryWord as string });
      expect(link.getAttribute('href')).toBe('/safety');
    },
  );
});
