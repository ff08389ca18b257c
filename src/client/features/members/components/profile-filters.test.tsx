// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
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

function sheet(url: string, member = true) {
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

describe('the search by what members say of themselves, in the URL', () => {
  it('When the URL lists values, then well-formed ones are kept once each and sorted, and the query repeats them', () => {
    const filters = filtersFromQuery(
      new URLSearchParams(
        'tribes=otter&tribes=bear&tribes=bear&tribes=Bear!&position=side&looking_for=%3Cx%3E&min_height=170&max_height=999&max_distance=5to10',
      ),
    );
    expect(filters).toMatchObject({ tribes: ['bear', 'otter'], position: ['side'], looking_for: undefined, min_height: 170 });
    expect(filters.max_height).toBeUndefined();
    expect(filters.max_distance).toBe('5to10');
    expect(filtersFromQuery(new URLSearchParams('max_distance=gt100&min_height=1e3')).max_distance).toBeUndefined();
    expect(queryOfFilters(filters).toString()).toBe('max_distance=5to10&position=side&tribes=bear&tribes=otter&min_height=170');
    expect(membersKey(filters)).not.toBe(membersKey({ ...filters, tribes: ['bear'] }));
  });
});

describe('the filter sheet', () => {
  it('When a member opens it, then distance, height and the lists show, checked from the URL, and a tick searches with it', () => {
    const searches = sheet('/members?filters=open&tribes=bear&position=top&max_distance=10to25');
    const form = screen.getByRole('search');
    expect((screen.getByLabelText('Distance') as HTMLSelectElement).value).toBe('10to25');
    expect(screen.getByText('Uses the location you share.')).toBeTruthy();
    expect(within(form).getByRole('link', { name: 'Share my location' }).getAttribute('href')).toBe('/profile#location-heading');
    const tribes = within(form).getByRole('group', { name: 'Tribes' });
    expect((within(tribes).getByLabelText('Bear') as HTMLInputElement).checked).toBe(true);
    expect((within(tribes).getByLabelText('Otter') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(tribes).getByLabelText('Otter'));
    fireEvent.click(within(within(form).getByRole('group', { name: 'Looking for' })).getByLabelText('Dates'));
    fireEvent.click(within(within(form).getByRole('group', { name: 'Position' })).getByLabelText('Top'));
    fireEvent.change(screen.getByLabelText('Height from'), { target: { value: '175' } });
    fireEvent.submit(form);
    expect(searches).toEqual([
      expect.objectContaining({
        tribes: ['bear', 'otter'],
        looking_for: ['dates'],
        position: undefined,
        min_height: 175,
        max_distance: '10to25',
      }),
    ]);
  });

  it('When a visitor opens it, then there is no distance (it needs a member’s shared location), but the lists are there', () => {
    sheet('/members?filters=open', false);
    expect(screen.queryByLabelText('Distance')).toBeNull();
    expect(screen.getByRole('group', { name: 'Position' })).toBeTruthy();
  });

  it('When filters are on, then each is a chip that removes it (a list with how many are ticked), and "Right now" is a quick filter', () => {
    const searches = sheet('/members?tribes=bear&tribes=leather&min_height=170&max_height=190&max_distance=lt5&right_now=true');
    const bar = screen.getByTestId('filter-bar');
    expect(within(bar).getByText('Within 5 km')).toBeTruthy();
    expect(within(bar).getByText('Height 170 cm–190 cm')).toBeTruthy();
    const tribes = within(bar).getByRole('button', { name: 'Remove filter: Tribes · 2' });
    expect(tribes.getAttribute('href')).toBe('/members?max_distance=lt5&min_height=170&max_height=190&right_now=true');
    const rightNow = screen.getByRole('button', { name: 'Right now' });
    expect(rightNow.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(rightNow);
    expect(searches).toEqual([expect.objectContaining({ right_now: undefined, tribes: ['bear', 'leather'] })]);
  });
});
