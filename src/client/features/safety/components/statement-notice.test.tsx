// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import nl from '../../../../../locales/nl.json';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { StatementNotice } from './statement-notice';

afterEach(cleanup);

const warned = userFixture({ unread_statement: { id: 351, action: 'warn', created_at: '2026-11-20T10:00:00Z' } });

describe('the notice of a decision about the member', () => {
  it('When a decision about him is unread, then his page says what was decided and links to its statement of reasons', () => {
    renderWithApp(<StatementNotice />, { user: warned, url: '/members' });
    const notice = screen.getByTestId('statement-notice');
    expect(notice.textContent).toContain('A decision about your account');
    expect(notice.textContent).toContain('A moderator has given you a warning.');
    expect(screen.getByRole('link', { name: 'Read the statement of reasons' }).getAttribute('href')).toBe('/safety/statements/351');
  });

  it('When he reads Dutch, then the notice is in Dutch', () => {
    renderWithApp(<StatementNotice />, { user: warned, url: '/members', locale: 'nl', messages: nl });
    expect(screen.getByTestId('statement-notice').textContent).toContain('Een moderator heeft je een waarschuwing gegeven.');
    expect(screen.getByRole('link', { name: 'Lees de motivering' }).getAttribute('href')).toBe('/safety/statements/351');
  });

  it('When nothing is unread (he opened it, or the moderator dismissed the reports), then there is no notice', () => {
    renderWithApp(<StatementNotice />, { user: userFixture({ unread_statement: null }), url: '/members' });
    expect(screen.queryByTestId('statement-notice')).toBeNull();
  });

  it('When he is on his safety pages, then the notice stays away', () => {
    renderWithApp(<StatementNotice />, { user: warned, url: '/safety/statements/351' });
    expect(screen.queryByTestId('statement-notice')).toBeNull();
  });

  it('When he closes it, then it goes on this device, and a newer decision has a notice of its own', () => {
    renderWithApp(<StatementNotice />, { user: warned, url: '/members' });
    fireEvent.click(screen.getByRole('button', { name: 'Close this message' }));
    expect(screen.queryByTestId('statement-notice')).toBeNull();
    expect(document.cookie).toMatch(/dismissed_statement_alert_351=\d+/);
    cleanup();
    const closed = { dismissals: { statement_alert_351: Date.parse('2026-11-21T10:00:00Z') } };
    renderWithApp(<StatementNotice />, { user: warned, url: '/members', site: closed });
    expect(screen.queryByTestId('statement-notice')).toBeNull();
    cleanup();
    const newer = userFixture({ unread_statement: { id: 352, action: 'restrict', created_at: '2026-11-22T10:00:00Z' } });
    renderWithApp(<StatementNotice />, { user: newer, url: '/members', site: closed });
    expect(screen.getByTestId('statement-notice').textContent).toContain('A moderator has restricted your account for a while.');
  });
});
