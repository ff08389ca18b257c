import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPhpStandIn, runPhp, type PhpStandIn } from './support/php';
import { startSite, type RunningSite } from './support/server';

describe.skipIf(!runPhp)('the BFF in front of a PHP backend that only has the PHP API calls', () => {
  let php: PhpStandIn | undefined;
  let site: RunningSite;

  beforeAll(async () => {
    php = await startPhpStandIn();
    const phpUrl = php.url;
    site = await startSite({ BACKEND_URL: phpUrl });
  });
  afterAll(async () => {
    await site?.stop();
    php?.stop();
  });

  const pages = ['/', '/login', '/members', '/members/1', '/likes/m/1', '/members?cursor=abc', '/no-such-page'];
  it.each(pages)('When a visitor opens %s, then the page renders without a server error', async (path) => {
    const response = await fetch(`${site.url}${path}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBeLessThan(500);
    const html = await response.text();
    expect(html).toContain('<html');
    expect(html).toContain('__APP_STATE__');
  });

  it('When the PHP backend sets PHPSESSID at login, then the browser gets it and it comes back on the next call', async () => {
    const login = await fetch(`${site.url}/api/user.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'premium@demo.test', password: 'demo-password' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('PHPSESSID='));
    expect(cookie).toBeTruthy();
    const me = await fetch(`${site.url}/api/user.php`, { headers: { cookie: cookie!.split(';')[0]! } });
    expect(me.status).toBe(200);
    const page = await fetch(`${site.url}/members`, { headers: { cookie: cookie!.split(';')[0]!, accept: 'text/html' } });
    expect(page.status).toBeLessThan(500);
  });
});
