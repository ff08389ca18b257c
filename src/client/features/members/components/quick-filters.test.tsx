// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app';
import { membersKey, type SearchFilters } from '../api/list-members';
import { filtersFromQuery, queryOfFilters } from '../search-query';
import { MemberFilters } from './member-filters';
import { preloadSheetForm } from './sheet-form';

// The sheet's form is a chunk of its own, loaded before a page with the sheet open renders (as the server and the
// page's loader do).
beforeAll(preloadSheetForm);
afterEach(cleanup);

function filters(url: string, member = true) {
  const searches: SearchFilters[] = [];
  const value = filtersFromQuery(new URL(url, 'http://localhost').searchParams);
  renderWithApp(
    <MemberFilters
      value={value}
      countries={['NL', 'BE']}
      regions={[]}
      onCountryChange={() => undefined}
      onSearch={(next) => searches.push(next)}
      showSort={member}
    />,
    { url },
  );
  return searches;
}

const chip = (name: string) => screen.getByRole('button', { name });

describe('the quick filters of the member search', () => {
  it('When the URL has chips on, then they are pressed and each links to the search with it turned over, the other filters kept', () => {
    filters('/members?country=NL&online=true&new=true&network=tiktok&cursor=abc');
    expect(chip('Online now').getAttribute('aria-pressed')).toBe('true');
    expect(chip('New').getAttribute('aria-pressed')).toBe('true');
    expect(chip('With photo').getAttribute('aria-pressed')).toBe('false');
    expect(chip('Nearby').getAttribute('aria-pressed')).toBe('false');
    // Without JavaScript a chip is a link: the cursor is left behind (a new search starts at its first page).
    expect(chip('Online now').getAttribute('href')).toBe('/members?country=NL&new=true&network=tiktok');
    expect(chip('With photo').getAttribute('href')).toBe('/members?country=NL&online=true&with_photo=true&new=true&network=tiktok');
    expect(screen.getByRole('group', { name: 'Quick filters' }).querySelectorAll('a')).toHaveLength(6);
  });

  it('When a member taps "Verified", then the search asks for verified members only, its link works without JavaScript and a visitor is offered it too', () => {
    const searches = filters('/members?country=NL&cursor=abc');
    expect(chip('Verified').getAttribute('aria-pressed')).toBe('false');
    expect(chip('Verified').getAttribute('href')).toBe('/members?country=NL&verified=true');
    fireEvent.click(chip('Verified'));
    expect(searches).toEqual([expect.objectContaining({ country: 'NL', verified: true })]);
    expect(queryOfFilters(searches[0] as SearchFilters).toString()).toBe('country=NL&verified=true');
    expect(membersKey({ verified: true })).toContain('verified');
    cleanup();
    filters('/members?verified=true', false);
    expect(chip('Verified').getAttribute('aria-pressed')).toBe('true');
  });

  it('When a member taps a chip, then the search is asked with it turned over; tapping again turns it off', () => {
    const searches = filters('/members?gender=male&with_photo=true');
    fireEvent.click(chip('Online now'));
    fireEvent.click(chip('With photo'));
    expect(searches).toEqual([
      expect.objectContaining({ gender: 'male', with_photo: true, online: true }),
      expect.objectContaining({ gender: 'male', with_photo: undefined }),
    ]);
    expect(queryOfFilters(searches[0] as SearchFilters).toString()).toBe('gender=male&online=true&with_photo=true');
  });

  it('When a visitor searches, then nearby is not offered (it needs a member’s shared location)', () => {
    filters('/members', false);
    expect(screen.queryByRole('button', { name: 'Nearby' })).toBeNull();
    expect(chip('Online now')).toBeTruthy();
  });

  it('When the sheet searches without JavaScript, then its GET form keeps the chips that are on as hidden fields', () => {
    filters('/members?online=true&nearby=true&filters=open');
    const form = screen.getByRole('search') as HTMLFormElement;
    const hidden = [...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((i) => `${i.name}=${i.value}`);
    expect(hidden.sort()).toEqual(['nearby=true', 'online=true']);
  });

  it('When a chip value is not true, then it is off; the search key of the loader and the page carries the chips', () => {
    expect(filtersFromQuery(new URLSearchParams('online=1&new=yes&with_photo=true'))).toMatchObject({
      online: undefined,
      new: undefined,
      with_photo: true,
    });
    expect(membersKey({ online: true, nearby: true })).not.toBe(membersKey({}));
    expect(membersKey({ online: true, nearby: true })).toContain('online');
  });
});
