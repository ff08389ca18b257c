import { describe, expect, it } from 'vitest';
import { assetsFromManifest } from '../../src/bff/assets';
import { backoffDelay, isRetryable } from '../../src/bff/backend';
import { ConfigError, parseConfig, toPublicConfig } from '../../src/bff/config';
import { normalizeSetCookie } from '../../src/bff/cookies';
import { browserLanguage, negotiateLocale, safeReturnPath } from '../../src/bff/locale';
import { settingsQuery } from '../../src/bff/page';

describe('config', () => {
  it('When nothing is set, then the documented defaults apply', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      BACKEND_URL: undefined,
      DATA_DIR: './var',
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_COOKIE_NAME: 'auth',
      RENDER_DEADLINE_MS: 10_000,
      DIST_DIR: './dist/client',
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
    });
  });

  it('When PORT is given and PUBLIC_URL is not, then PUBLIC_URL follows the port', () => {
    expect(parseConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('When values are invalid, then a ConfigError names each variable', () => {
    expect(() => parseConfig({ PORT: 'abc', BACKEND_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    try {
      parseConfig({ PORT: 'abc', BACKEND_URL: 'not a url' });
    } catch (error) {
      const text = (error as ConfigError).message;
      expect(text).toContain('PORT');
      expect(text).toContain('BACKEND_URL');
    }
  });

  it('When config goes to the browser, then only the allow-listed keys are present', () => {
    const pub = toPublicConfig(parseConfig({ DATABASE_URL: 'postgres://u:secret@db/x', SMTP_URL: 'smtp://u:p@mail' }));
    expect(Object.keys(pub)).toEqual(['PUBLIC_URL']);
    expect(JSON.stringify(pub)).not.toContain('secret');
  });
});

describe('retry policy', () => {
  it('When the method is idempotent or an Idempotency-Key is sent, then it may be retried; a bare POST may not', () => {
    for (const m of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']) expect(isRetryable(m, {})).toBe(true);
    expect(isRetryable('POST', {})).toBe(false);
    expect(isRetryable('PATCH', {})).toBe(false);
    expect(isRetryable('POST', { 'idempotency-key': 'k' })).toBe(true);
  });

  it('When backing off, then the delay is full jitter below min(cap, base * 2^attempt)', () => {
    const retry = { retries: 5, baseMs: 100, capMs: 2000 };
    expect(backoffDelay(0, retry, () => 0.999)).toBe(99);
    expect(backoffDelay(3, retry, () => 0.999)).toBe(799);
    expect(backoffDelay(10, retry, () => 0.999)).toBe(1998);
    expect(backoffDelay(4, retry, () => 0)).toBe(0);
  });
});

describe('cookies and locale', () => {
  it('When the backend clears the auth cookie, then it stays a clearing cookie', () => {
    expect(normalizeSetCookie('auth=; Max-Age=0; Path=/', 'auth', false)).toMatch(/^auth=; Path=\/; Max-Age=0/);
  });

  it('When another cookie is set, then it is untouched', () => {
    expect(normalizeSetCookie('PHPSESSID=x; path=/', 'auth', true)).toBe('PHPSESSID=x; path=/');
  });

  it('When negotiating, then cookie → domain_language → en', () => {
    expect(negotiateLocale('locale=da', 'de')).toEqual({ locale: 'da', setCookie: false });
    expect(negotiateLocale('locale=xx', 'nb-NO')).toEqual({ locale: 'nb', setCookie: true });
    expect(negotiateLocale(undefined, null)).toEqual({ locale: 'en', setCookie: false });
  });

  it('When reading Accept-Language, then the first tag is the browser language', () => {
    expect(browserLanguage('de-CH,de;q=0.9')).toBe('de-CH');
    expect(browserLanguage(undefined)).toBeNull();
  });

  it('When a return path is checked, then only same-origin relative paths survive', () => {
    expect(safeReturnPath('/members?x=1#top')).toBe('/members?x=1#top');
    expect(safeReturnPath('//evil.test')).toBe('/');
    expect(safeReturnPath('/\\evil.test')).toBe('/');
    expect(safeReturnPath('https://evil.test/')).toBe('/');
    expect(safeReturnPath('/%0d%0aSet-Cookie:x')).toBe('/%0d%0aSet-Cookie:x');
    expect(safeReturnPath(['/a'])).toBe('/');
  });

  it('When building the settings query, then host is the request host unless the route query names one', () => {
    expect(settingsQuery('/x?network=n', 'site.test')).toBe('network=n&host=site.test');
    expect(settingsQuery('/x?host=a.test', 'site.test')).toBe('host=a.test');
    expect(settingsQuery('/x', 'site.test', 'BE')).toBe('host=site.test&country=BE');
    expect(settingsQuery('/x?country=nl', 'site.test', 'BE')).toBe('country=nl&host=site.test');
  });
});

describe('Vite manifest', () => {
  it('When the entry imports chunks, then their css is collected once and the entry file is the script', () => {
    const assets = assetsFromManifest({
      'src/client/entry-client.tsx': { file: 'assets/e.js', css: ['assets/e.css'], imports: ['_a.js', '_b.js'] },
      '_a.js': { file: 'assets/a.js', css: ['assets/a.css'], imports: ['_b.js'] },
      '_b.js': { file: 'assets/b.js', css: ['assets/a.css', 'assets/b.css'] },
    });
    expect(assets).toEqual({ scripts: ['/assets/e.js'], styles: ['/assets/e.css', '/assets/a.css', '/assets/b.css'] });
  });

  it('When the entry is missing, then null', () => {
    expect(assetsFromManifest({})).toBeNull();
  });
});
