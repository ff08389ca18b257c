import request from 'supertest';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { DEFAULT_SETTINGS } from '../../src/bff/default-settings';
import { deadPort, json, makeApp, startStandIn, type StandIn } from './helpers';

let standIn: StandIn | undefined;
let app: BffApp | undefined;
afterEach(async () => {
  app?.dispose();
  await standIn?.close();
  standIn = undefined;
  app = undefined;
});

describe('web app manifest', () => {
  it('When a site asks for its manifest, then it gets its own name, standalone display, the theme colour and PNG icons including a maskable one', async () => {
    standIn = await startStandIn({
      '/api/settings.php': (_req: unknown, res: ServerResponse) =>
        json(res, 200, { ...DEFAULT_SETTINGS, name: 'Mannenmatch', domain_language: 'nl' }),
    });
    app = makeApp(standIn.url);
    const res = await request(app).get('/manifest.webmanifest').set('Host', 'nl.localhost');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = JSON.parse(res.text);
    expect(manifest).toMatchObject({
      name: 'Mannenmatch',
      display: 'standalone',
      lang: 'nl',
      theme_color: '#2d1b45',
      start_url: '/members?source=pwa',
    });
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(new URL(standIn.hits('/api/settings.php')[0]!.url, 'http://x').searchParams.get('host')).toBe('nl.localhost');
  });

  it('When the backend is down, then the manifest still answers with default settings', async () => {
    app = makeApp(`http://127.0.0.1:${await deadPort()}`, { retry: { retries: 0, baseMs: 1, capMs: 1 } });
    const res = await request(app).get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).display).toBe('standalone');
  });
});
