import { describe, expect, it } from 'vitest';
import { partnerTarget, redirectSeconds } from './partner-target';

describe('partner redirect target', () => {
  it('When the target is a path here or a URL on the site domain or a sub-domain, then it is allowed', () => {
    expect(partnerTarget('/pages/faq', 'manmatch.example')).toBe('/pages/faq');
    expect(partnerTarget('https://manmatch.example/x', 'manmatch.example')).toBe('https://manmatch.example/x');
    expect(partnerTarget('https://partner.manmatch.example/?ref=1', 'manmatch.example')).toBe('https://partner.manmatch.example/?ref=1');
  });

  it('When the target is another domain, a protocol-relative or script URL, then it is refused', () => {
    for (const raw of [
      'https://evil.example/',
      'https://manmatch.example.evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'notaurl',
      null,
    ]) {
      expect(partnerTarget(raw, 'manmatch.example')).toBeNull();
    }
  });

  it.each([
    ['%2F%09%2Fevil.example', decodeURIComponent('%2F%09%2Fevil.example')],
    ['/\\evil.example', '/\\evil.example'],
    ['/.//evil.example', '/.//evil.example'],
    ['https://evil.example@site', 'https://evil.example@manmatch.example/'],
    ['//evil.example', '//evil.example'],
    ['/%0a/evil.example', '/\n/evil.example'],
    ['/..//evil.example/x', '/..//evil.example/x'],
    ['https:evil.example', 'https:evil.example'],
  ])('When the target is %s (a path or URL a browser would take off the site), then it is refused', (_label, raw) => {
    expect(partnerTarget(raw, 'manmatch.example')).toBeNull();
  });

  it('When a path here has dot segments or odd characters, then the normalised path is returned (never a //host)', () => {
    expect(partnerTarget('/pages/../members?x=1#top', 'manmatch.example')).toBe('/members?x=1#top');
    expect(partnerTarget('/a b', 'manmatch.example')).toBe('/a%20b');
    expect(partnerTarget('/%2F/evil.example', 'manmatch.example')).toBe('/%2F/evil.example');
  });

  it('When seconds are given in range they count, otherwise 5', () => {
    expect(redirectSeconds('3')).toBe(3);
    expect(redirectSeconds('0')).toBe(0);
    for (const raw of [null, '', '-1', '31', '2.5', 'x']) expect(redirectSeconds(raw)).toBe(5);
  });
});
