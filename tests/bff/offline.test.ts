import request from 'supertest';
import { writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { DEFAULT_SETTINGS } from '../../src/bff/default-settings';
import { json, makeApp, makeDistDir, startStandIn, type StandIn } from './helpers';

let standIn: StandIn | undefined;
let app: BffApp | undefined;
afterEach(async () => {
  app?.dispose();
  await standIn?.close();
  standIn = undefined;
  app = undefined;
});

async function site(): Promise<BffApp> {
  standIn = await startStandIn({
    '/api/settings.php': (_req: unknown, res: ServerResponse) => json(res, 200, { ...DEFAULT_SETTINGS, name: 'Mannenmatch' }),
  });
  const dist = makeDistDir();
  writeFileSync(path.join(dist, 'push-sw.js'), "'use strict';");
  writeFileSync(path.join(dist, 'offline.js'), "'use strict';");
  app = makeApp(standIn.url, { env: { DIST_DIR: dist } });
  return app;
}

describe("the service worker's shell", () => {
  it("When the worker installs, then /sw-shell.json lists the build's entry script and stylesheets and the offline page's script, never kept by the browser", async () => {
    const res = await request(await site()).get('/sw-shell.json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual({
      assets: ['/assets/entry-client-abc123.js', '/assets/entry-client-abc123.css', '/assets/vendor-def456.css', '/offline.js'],
    });
  });

  it('When the worker keeps the offline page, then it comes in the asked language (else the cookie’s) with the site’s name and stylesheets, a retry button and no inline script', async () => {
    const bff = await site();
    const german = await request(bff).get('/offline?lang=de');
    expect(german.status).toBe(200);
    expect(german.headers['content-language']).toBe('de');
    expect(german.headers['cache-control']).toBe('no-cache');
    expect(german.text).toContain('<html lang="de">');
    expect(german.text).toContain('<title>Du bist offline | Mannenmatch</title>');
    expect(german.text).toContain('Prüfe deine Verbindung; diese Seite lädt neu, sobald du wieder online bist.');
    expect(german.text).toContain('<button type="button" class="btn btn-primary" id="offline-retry">Erneut versuchen</button>');
    expect(german.text).toContain('<link rel="stylesheet" href="/assets/entry-client-abc123.css">');
    expect(german.text).toContain('<script src="/offline.js" defer></script>');
    expect(german.text).not.toMatch(/<script>|<script [^>]*nonce/);

    const french = await request(bff).get('/offline?lang=xx').set('Cookie', 'locale=fr');
    expect(french.headers['content-language']).toBe('fr');
    expect(french.text).toContain('Vous êtes hors ligne');
    const english = await request(bff).get('/offline');
    expect(english.text).toContain('<h1 class="h3">You are offline</h1>');
  });

  it('When a page is rendered, then it says its language (the worker’s offline page follows it); the worker and the offline script are never cached by the browser', async () => {
    const bff = await site();
    const page = await request(bff).get('/members').set('Accept', 'text/html').set('Cookie', 'locale=nl');
    expect(page.headers['content-language']).toBe('nl');
    for (const file of ['/push-sw.js', '/offline.js']) {
      const res = await request(bff).get(file);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});
