// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import nl from '../../../../locales/nl.json';
import { profileFixture, userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { membersKey } from '../../features/members/api/list-members';
import { MembersPage } from './members-page';

// Unmounted before the file's window goes: the grid's endless code arrives after a test's render.
afterEach(cleanup);

const page = (extra: Record<string, unknown>) => ({ profiles: [profileFixture()], next_cursor: null, ...extra });

describe('members page count', () => {
  it('When the search found more than the cap, then the count reads "1,000+ members" in the member\'s language', () => {
    renderWithApp(<MembersPage />, {
      user: userFixture(),
      url: '/members',
      fallback: { [membersKey({ sort: 'distance' })]: page({ total: 1000, total_capped: true }) },
    });
    expect(screen.getByText(/1,000\+ members/)).toBeTruthy();
  });

  it('When the count is exact, then it is the plural count as before (Dutch here)', () => {
    renderWithApp(<MembersPage />, {
      user: userFixture(),
      url: '/members',
      locale: 'nl',
      messages: nl,
      fallback: { [membersKey({ sort: 'distance' })]: page({ total: 865 }) },
    });
    expect(screen.getByText(/865 leden/).textContent).not.toContain('+');
  });
});

describe('members page after "report and also block"', () => {
  it('When the member reported and blocked someone, then the search shows the report’s reference with the block; a malformed one is not shown', () => {
    const { unmount } = renderWithApp(<MembersPage />, {
      user: userFixture(),
      url: '/members?blocked=1&reported=R-000007',
      fallback: { [membersKey({ sort: 'distance' })]: page({ total: 1 }) },
    });
    expect(screen.getByTestId('report-receipt').textContent).toBe('Thank you. We received your report R-000007.');
    expect(screen.getByText(/The member has been blocked/)).toBeTruthy();
    unmount();
    renderWithApp(<MembersPage />, {
      user: userFixture(),
      url: '/members?blocked=1&reported=<b>x</b>',
      fallback: { [membersKey({ sort: 'distance' })]: page({ total: 1 }) },
    });
    expect(screen.queryByTestId('report-receipt')).toBeNull();
    expect(screen.getByText(/The member has been blocked/)).toBeTruthy();
  });
});
