import { describe, expect, it } from 'vitest';
import { pathWithQuery } from './path-with-query';

describe('pathWithQuery', () => {
  it.each([
    ['/members', '', '/members'],
    ['/members', '?', '/members'],
    ['/', '?', '/'],
    ['/members', '?min_age=30', '/members?min_age=30'],
    ['/members', '?&', '/members?&'],
  ])('When the location is %s with search %j, then the page is %s (as the browser reports it)', (pathname, search, expected) => {
    expect(pathWithQuery({ pathname, search })).toBe(expected);
  });
});
