import { describe, expect, it } from 'vitest';
import { landerSlug, slugTopic, withTracking } from './lander-links';

describe('lander links', () => {
  it('When a visitor arrives with tracking and other parameters, then the signup link keeps only network, ref and sub1–3', () => {
    const q = new URLSearchParams('network=tj&ref=42&sub1=a&sub2=b&sub3=c&utm=x&host=evil');
    expect(withTracking('/signup', q)).toBe('/signup?network=tj&ref=42&sub1=a&sub2=b&sub3=c');
    expect(withTracking('/signup', new URLSearchParams('utm=x'))).toBe('/signup');
  });

  it.each([
    [1, 'amsterdam', 'amsterdam'],
    [2, undefined, 'she'],
    [3, 'berlin', 'bdsm-berlin'],
    [4, 'bbw-paris', 'bbw-paris'],
    [5, '', 'gilf'],
    [6, 'Rome!', 'milf-rome'],
    [7, 'den-haag', 'gay-den-haag'],
  ])('When the niche is %i and the route slug %s, then the lander slug is %s', (niche, slug, expected) => {
    expect(landerSlug(niche, slug)).toBe(expected);
  });

  it('When the slug has a topic after the prefix, then it reads as a place name', () => {
    expect(slugTopic(7, 'gay-den-haag')).toBe('Den Haag');
    expect(slugTopic(7, 'gay')).toBeNull();
    expect(slugTopic(1, 'utrecht')).toBe('Utrecht');
  });
});
