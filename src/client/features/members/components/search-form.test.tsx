// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app';
import { SearchForm, shownSearchFields } from './search-form';

afterEach(cleanup);

const form = (fields: string[]) => (
  <SearchForm
    value={{}}
    countries={['NL', 'BE']}
    regions={[]}
    onCountryChange={() => undefined}
    onSearch={() => undefined}
    fields={fields}
    action="/members"
  />
);

describe('SearchForm and search_fields', () => {
  it('When the site lists country, region and the ages, then the form shows those and no gender', () => {
    renderWithApp(form(['country', 'region', 'min_age', 'max_age']));
    expect(screen.queryByLabelText('Gender')).toBeNull();
    expect(screen.getByLabelText('Country')).toBeTruthy();
    expect(screen.getByLabelText('Region')).toBeTruthy();
    expect(screen.getByLabelText('Age from')).toBeTruthy();
    expect(screen.getByLabelText('to')).toBeTruthy();
  });

  it('When the site lists only gender, then only gender shows; an empty list shows every field', () => {
    renderWithApp(form(['gender']));
    expect(screen.getByLabelText('Gender')).toBeTruthy();
    expect(screen.queryByLabelText('Country')).toBeNull();
    expect(screen.queryByLabelText('Region')).toBeNull();
    expect(screen.queryByLabelText('Age from')).toBeNull();
    cleanup();
    renderWithApp(form([]));
    for (const label of ['Gender', 'Country', 'Region', 'Age from', 'to']) expect(screen.getByLabelText(label)).toBeTruthy();
  });

  it('When JavaScript is off, then the form is a GET form of the page whose fields carry the query names', () => {
    renderWithApp(form([]));
    const search = screen.getByRole('search') as HTMLFormElement;
    expect(search.getAttribute('method')).toBe('get');
    expect(search.getAttribute('action')).toBe('/members');
    const names = [...search.querySelectorAll('select')].map((s) => s.getAttribute('name'));
    expect(names).toEqual(['gender', 'country', 'region', 'min_age', 'max_age', 'min_height', 'max_height']);
    const lists = new Set([...search.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].map((i) => i.name));
    expect([...lists]).toEqual(['looking_for', 'position', 'tribes']);
  });

  it('When region is listed without country, then it is not shown (it needs a country); either age shows the range', () => {
    expect([...shownSearchFields(['region', 'max_age'])]).toEqual(['age']);
    expect([...shownSearchFields(['country', 'region'])].sort()).toEqual(['country', 'region']);
  });
});
