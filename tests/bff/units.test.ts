import { describe, expect, it } from 'vitest';
import { completeSettings } from '../../src/bff/default-settings';
import { assetsFromManifest } from '../../src/bff/assets';
import { backoffDelay, isRetryable } from '../../src/bff/retry-policy';
import { ConfigError, parseConfig, toPublicConfig } from '../../src/bff/config';
import { parseSetCookie } from 'cookie';
import { normalizeSetCookie } from '../../src/bff/cookies';
import { contractIdempotentOperations, operationKey, parseIdempotentOperations } from '../../src/bff/idempotent-operations';
import { browserLanguage, negotiateLocale, safeReturnPath } from '../../src/bff/locale';
import { settingsQuery } from '../../src/bff/page';
import { isSecretParam, redactUrl } from '../../src/shared/redact';
import { stripIpv4Mapped } from '../../src/bff/request-context';

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

  it('When BACKEND_SECRET is shorter than 32 characters, then the config is rejected naming it', () => {
    expect(() => parseConfig({ BACKEND_SECRET: 'x'.repeat(31) })).toThrow(ConfigError);
    expect(() => parseConfig({ BACKEND_SECRET: 'short' })).toThrow(/BACKEND_SECRET/);
  });

  it('When BACKEND_SECRET has 32 characters or more, then it is kept; unset or empty, then it is undefined', () => {
    expect(parseConfig({ BACKEND_SECRET: 's'.repeat(32) }).BACKEND_SECRET).toBe('s'.repeat(32));
    expect(parseConfig({}).BACKEND_SECRET).toBeUndefined();
    expect(parseConfig({ BACKEND_SECRET: '' }).BACKEND_SECRET).toBeUndefined();
  });

  it('When config goes to the browser, then only the allow-listed keys are present', () => {
    const pub = toPublicConfig(
      parseConfig({ DATABASE_URL: 'postgres://u:secret@db/x', SMTP_URL: 'smtp://u:p@mail', BACKEND_SECRET: 'b'.repeat(40) }),
    );
    expect(Object.keys(pub)).toEqual(['PUBLIC_URL']);
    expect(JSON.stringify(pub)).not.toContain('secret');
    expect(JSON.stringify(pub)).not.toContain('b'.repeat(40));
  });
});

describe('retry policy', () => {
  const honouring = new Set(['POST /api/complaints.php', 'PUT /api/keyed.php']);

  it('When the method is GET, HEAD or OPTIONS, then it may be retried whatever the path', () => {
    for (const m of ['GET', 'HEAD', 'OPTIONS', 'get']) expect(isRetryable(m, '/api/anything.php?x=1', {}, honouring)).toBe(true);
  });

  it('When a write carries a key for an operation that honours it, then it may be retried (query ignored); otherwise not', () => {
    const key = { 'idempotency-key': 'k-1' };
    expect(isRetryable('POST', '/api/complaints.php', key, honouring)).toBe(true);
    expect(isRetryable('POST', '/api/complaints.php?source=page', key, honouring)).toBe(true);
    expect(isRetryable('PUT', '/api/keyed.php', key, honouring)).toBe(true);
    expect(isRetryable('POST', '/api/complaints.php', {}, honouring)).toBe(false);
    expect(isRetryable('POST', '/api/complaints.php', { 'idempotency-key': '  ' }, honouring)).toBe(false);
    expect(isRetryable('POST', '/api/signup.php', key, honouring)).toBe(false);
    expect(isRetryable('PUT', '/api/complaints.php', key, honouring)).toBe(false);
  });

  it('When PUT, DELETE or PATCH carry no honoured key, then they are not retried', () => {
    for (const m of ['PUT', 'DELETE', 'PATCH', 'POST']) expect(isRetryable(m, '/api/account.php', {}, honouring)).toBe(false);
  });

  it('When backing off, then the delay is full jitter below min(cap, base * 2^attempt)', () => {
    const retry = { retries: 5, baseMs: 100, capMs: 2000 };
    expect(backoffDelay(0, retry, () => 0.999)).toBe(99);
    expect(backoffDelay(3, retry, () => 0.999)).toBe(799);
    expect(backoffDelay(10, retry, () => 0.999)).toBe(1998);
    expect(backoffDelay(4, retry, () => 0)).toBe(0);
  });
});

describe('operations that honour Idempotency-Key (openapi.yaml)', () => {
  it('When the project contract is read, then complaints and photo uploads are in the set and signup is not', () => {
    const set = contractIdempotentOperations();
    expect(set.has('POST /api/complaints.php')).toBe(true);
    expect(set.has('POST /api/photos.php')).toBe(true);
    expect(set.has('POST /api/signup.php')).toBe(false);
    expect(set.has('PUT /api/photos.php')).toBe(false);
    expect(set.has('DELETE /api/account.php')).toBe(false);
  });

  it('When a spec marks operations by $ref, inline header or path-level parameter, then each is keyed under the servers url', () => {
    const set = parseIdempotentOperations(`
openapi: 3.1.0
servers:
  - url: /api/
paths:
  /a.php:
    post:
      parameters:
        - $ref: '#/components/parameters/IdempotencyKey'
    put:
      parameters:
        - $ref: '#/components/parameters/Other'
  /b.php:
    delete:
      parameters:
        - { name: Idempotency-Key, in: header }
  /c.php:
    parameters:
      - $ref: '#/components/parameters/IdempotencyKey'
    post: {}
    patch: {}
components:
  parameters:
    IdempotencyKey: { name: Idempotency-Key, in: header }
    Other: { name: X-Other, in: header }
`);
    expect([...set].sort()).toEqual(['DELETE /api/b.php', 'PATCH /api/c.php', 'POST /api/a.php', 'POST /api/c.php']);
  });

  it('When a request is keyed, then the method is uppercased and the query dropped', () => {
    expect(operationKey('post', '/api/complaints.php?x=1#y')).toBe('POST /api/complaints.php');
  });
});

describe('client address', () => {
  it('When the address is IPv4-mapped IPv6, then the prefix is stripped; other addresses are unchanged', () => {
    expect(stripIpv4Mapped('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(stripIpv4Mapped('::FFFF:10.0.0.1')).toBe('10.0.0.1');
    expect(stripIpv4Mapped('2001:db8::1')).toBe('2001:db8::1');
    expect(stripIpv4Mapped('198.51.100.2')).toBe('198.51.100.2');
  });
});

describe('cookies and locale', () => {
  it('When the backend clears the auth cookie, then it stays a clearing cookie', () => {
    expect(parseSetCookie(normalizeSetCookie('auth=; Max-Age=0; Path=/', 'auth', false))).toMatchObject({
      name: 'auth',
      value: '',
      path: '/',
      maxAge: 0,
    });
  });

  it("When the backend's auth cookie has a lifetime and a Domain, then both stay (a Domain only when it covers the site's host)", () => {
    const kept = normalizeSetCookie(
      'PHPSESSID=abc; expires=Thu, 01 Jan 2099 00:00:00 GMT; Max-Age=1440; path=/app; domain=.example.com',
      'PHPSESSID',
      true,
      'www.example.com',
    );
    expect(parseSetCookie(kept)).toEqual({
      name: 'PHPSESSID',
      value: 'abc',
      path: '/',
      domain: 'example.com',
      maxAge: 1440,
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
    });
    expect(
      parseSetCookie(normalizeSetCookie('PHPSESSID=abc; path=/; domain=legacy.other.test', 'PHPSESSID', false, 'www.example.com')),
    ).toEqual({
      name: 'PHPSESSID',
      value: 'abc',
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
    });
    const cleared = normalizeSetCookie(
      'PHPSESSID=deleted; expires=Thu, 01 Jan 1970 00:00:01 GMT; domain=example.com',
      'PHPSESSID',
      false,
      'example.com',
    );
    expect(parseSetCookie(cleared)).toMatchObject({ name: 'PHPSESSID', value: '', path: '/', domain: 'example.com', maxAge: 0 });
  });

  it('When another cookie is set, then it is untouched', () => {
    expect(normalizeSetCookie('PHPSESSID=x; path=/', 'auth', true)).toBe('PHPSESSID=x; path=/');
  });

  it('When negotiating, then cookie → domain_language → en', () => {
    expect(negotiateLocale('locale=da', 'de')).toEqual({ locale: 'da', setCookie: false });
    expect(negotiateLocale('locale=xx', 'nb-NO')).toEqual({ locale: 'nb', setCookie: true });
    expect(negotiateLocale(undefined, null)).toEqual({ locale: 'en', setCookie: false });
  });

  it('When reading Accept-Language, then the tag with the highest q-value is the browser language', () => {
    expect(browserLanguage('de-CH,de;q=0.9')).toBe('de-CH');
    expect(browserLanguage('en;q=0.5,fr-CA,de;q=0.8')).toBe('fr-CA');
    expect(browserLanguage('*;q=0.1')).toBeNull();
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

  it('When building the settings query of a page with secret parameters, then they are left out and the rest is kept', () => {
    expect(settingsQuery('/reset-password/do?token=t0k&network=n', 'site.test')).toBe('network=n&host=site.test');
    expect(settingsQuery('/x?email=a%40b.c&password=p&code=1&apiKey=k&secret=s&reset_token=r&ref=a%40b.c&country=NL', 'site.test')).toBe(
      'country=NL&host=site.test',
    );
  });

  it.each(['/.//evil.example/x', '/..//evil.example', '/\t/evil.example', '/\n//evil.example', 'http://placeholder.invalid//evil.example'])(
    'When the return path is %j, then it is / (a browser would read the result as another host)',
    (value) => {
      expect(safeReturnPath(value)).toBe('/');
    },
  );

  it('When a return path has dot segments, then the normalised same-origin path is kept', () => {
    expect(safeReturnPath('/pages/../members?x=1')).toBe('/members?x=1');
    expect(safeReturnPath('/%2F/evil.example')).toBe('/%2F/evil.example');
  });
});

describe('secret query parameters', () => {
  it('When a name holds token, password, mail, code, key or secret (any case), or a value is an e-mail address, then it is secret', () => {
    for (const name of [
      'token',
      'reset_token',
      'accessToken',
      'password',
      'new_password',
      'email',
      'mail',
      'code',
      'key',
      'apiKey',
      'secret',
      'pwd',
    ]) {
      expect(isSecretParam(name, 'x'), name).toBe(true);
    }
    expect(isSecretParam('ref', 'member@example.test')).toBe(true);
    for (const name of ['host', 'network', 'country', 'page', 'return', 'seconds', 'to'])
      expect(isSecretParam(name, 'x'), name).toBe(false);
  });

  it('When a url is redacted, then only secret values change, also inside a url carried by another parameter', () => {
    expect(redactUrl('/reset-password/do?token=abc&network=n')).toBe('/reset-password/do?token=[redacted]&network=n');
    expect(redactUrl('/members?page=2#top')).toBe('/members?page=2#top');
    expect(redactUrl('/x?EMAIL=a%40b.c&flag&u=a%40b.c')).toBe('/x?EMAIL=[redacted]&flag&u=[redacted]');
    expect(redactUrl('/locale/nl?return=%2Fmail-change%2Fdo%3Ftoken%3Dabc')).toBe(
      '/locale/nl?return=%2Fmail-change%2Fdo%3Ftoken%3D%5Bredacted%5D',
    );
    expect(redactUrl('http://site.test/activate/done?token=abc')).toBe('http://site.test/activate/done?token=[redacted]');
    expect(redactUrl('/no-query')).toBe('/no-query');
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

describe('settings of a backend', () => {
  it('When a backend answers site texts per language, then they are kept; unknown fields are dropped and missing ones defaulted', () => {
    const site_texts = { nl: { fictional_warning: 'Profielen met ★ zijn fictieve gastheren.' } };
    const settings = completeSettings({ name: 'Legacy', site_texts, some_php_field: 1 }, 'example.test');
    expect(settings?.site_texts).toEqual(site_texts);
    expect(settings?.name).toBe('Legacy');
    expect(settings && 'some_php_field' in settings).toBe(false);
    expect(completeSettings({ name: 'Legacy' }, 'example.test')?.site_texts).toBeUndefined();
  });
});
