// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import nl from '../../../../../locales/nl.json';
import { MembersPage } from '../../../app/pages/members-page';
import { profileFixture, userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { membersKey } from '../api/list-members';
import { filtersFromQuery, GRID_DEFAULT_SORT } from '../search-query';

beforeEach(() => window.sessionStorage.clear());
afterEach(cleanup);

/** The members page of `url` whose search found nobody (the loader's answer under the search's key). */
function emptySearch(url: string, locale: 'en' | 'nl' = 'en') {
  const query = filtersFromQuery(new URL(url, 'http://localhost').searchParams);
  return renderWithApp(<MembersPage />, {
    user: userFixture(),
    url,
    fallback: { [membersKey({ ...query, sort: query.sort ?? GRID_DEFAULT_SORT })]: { profiles: [], next_cursor: null, total: 0 } },
    ...(locale === 'nl' ? { locale, messages: nl } : {}),
  });
}

describe('a search that found nobody', () => {
  it('When piled-up quick filters leave no members, then the page names each filter that is on and one tap clears them all', async () => {
    const { router } = emptySearch('/members?country=NL&online=true&verified=true&new=true');
    const empty = screen.getByTestId('members-empty');
    expect(within(empty).getByText('No members match these 4 filters:')).toBeTruthy();
    const chips = within(empty).getAllByRole('button', { name: /^Remove filter:/ });
    expect(chips.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Remove filter: Netherlands',
      'Remove filter: Online now',
      'Remove filter: Verified',
      'Remove filter: New',
    ]);
    // Each is a link without JavaScript: the search without that one filter.
    expect(chips[1]?.getAttribute('href')).toBe('/members?country=NL&new=true&verified=true');
    const clear = within(empty).getByRole('button', { name: 'Clear all filters' });
    expect(clear.getAttribute('href')).toBe('/members');
    fireEvent.click(clear);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/members'));
  });

  it('When the member removes one chip, then the search runs without just that filter', async () => {
    const { router } = emptySearch('/members?online=true&with_photo=true&new=true');
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: With photo' }));
    await waitFor(() => expect(router.state.location.search).toBe('?online=true&new=true'));
  });

  it('When the order is "nearest first", then clearing the filters keeps the order (it filters nobody out)', () => {
    emptySearch('/members?sort=distance&nearby=true');
    expect(screen.getByText('No members match this filter:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear all filters' }).getAttribute('href')).toBe('/members?sort=distance');
  });

  it('When no filter is on and still nobody is found, then the page just says so; in Dutch the filters are named in Dutch', () => {
    emptySearch('/members');
    expect(screen.getByTestId('members-empty').textContent).toBe('No members found.');
    cleanup();
    emptySearch('/members?online=true&with_photo=true', 'nl');
    expect(screen.getByText('Geen leden voor deze 2 filters:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alle filters wissen' })).toBeTruthy();
  });

  it('When the search finds members, then no empty state shows', () => {
    renderWithApp(<MembersPage />, {
      user: userFixture(),
      url: '/members?online=true',
      fallback: { [membersKey({ online: true })]: { profiles: [profileFixture()], next_cursor: null, total: 1 } },
    });
    expect(screen.queryByTestId('members-empty')).toBeNull();
  });
});
