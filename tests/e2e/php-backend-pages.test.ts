import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startSite, type RunningSite } from './support/server';

function hasPhp(): boolean {
  try {
    execFileSync('php', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
// In CI php-cli is installed by .ci/run and this suite must run; locally it is skipped without php.
const runPhp = hasPhp() || process.env.CI === 'true';

describe.skipIf(!runPhp)('the BFF in front of a PHP backend that only has the PHP API calls', () => {
  let php: ChildProcess;
  let site: RunningSite;

  beforeAll(async () => {
    const port = await freePort();
    php = spawn('php', ['-S', `127.0.0.1:${port}`, 'router.php'], { cwd: 'tests/fixtures/php-backend', stdio: 'ignore' });
    const phpUrl = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`${phpUrl}/api/settings.php`)).ok) break;
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    site = await startSite({ BACKEND_URL: phpUrl });
  });
  afterAll(async () => {
    await site?.stop();
    php?.kill();
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
