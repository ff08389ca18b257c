import request from 'supertest';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { DEFAULT_SETTINGS } from '../../src/bff/default-settings';
import { renderPage } from '../../src/server/render';
import { json, makeApp, setCookies, startStandIn, type StandIn } from './helpers';

let standIn: StandIn | undefined;
let app: BffApp | undefined;

afterEach(async () => {
  app?.dispose();
  await standIn?.close();
  standIn = undefined;
  app = undefined;
});

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The real renderer in front of a stand-in whose settings are the site's (English unless told). */
async function site(settings: Record<string, unknown> = {}): Promise<BffApp> {
  standIn = await startStandIn({
    '/api/settings.php': (_req: unknown, res: ServerResponse) => json(res, 200, { ...DEFAULT_SETTINGS, ...settings }),
  });
  app = makeApp(standIn.url, { render: renderPage });
  return app;
}

/** The offer's bar in a page's HTML, or null. */
const offerIn = (html: string): string | null =>
  /<section[^>]*class="prompt-bar language-offer"[\s\S]*?<\/section>/.exec(html)?.[0] ?? null;

describe('the language offer of a first visit', () => {
  it('When a German browser opens the English site for the first time, then the page is English (the site language, kept in the cookie) and offers German in German', async () => {
    const res = await request(await site())
      .get('/signup?network=tj')
      .set('Accept', 'text/html')
      .set('Accept-Language', 'de-DE,de;q=0.9,en;q=0.5');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="en"');
    expect(setCookies(res.headers)).toContain('locale=en; Max-Age=31536000; Path=/; SameSite=Lax');
    const offer = offerIn(res.text);
    expect(offer).not.toBeNull();
    expect(offer).toContain('lang="de"');
    expect(offer).toContain('aria-label="Sprachvorschlag"');
    expect(offer).toContain('Deutsch? Diese Seite auf Deutsch anzeigen');
    // Both answers are links to the language switch with this page to come back to: they work without JavaScript.
    expect(offer).toContain('href="/locale/de?return=%2Fsignup%3Fnetwork%3Dtj"');
    expect(offer).toMatch(/href="\/locale\/en\?return=%2Fsignup%3Fnetwork%3Dtj"[^>]*>Nein, danke</);
    expect(offer).toMatch(/>Auf Deutsch</);
  });

  it('When the browser ranks French above German by q-value on the English site, then French is offered', async () => {
    const res = await request(await site())
      .get('/')
      .set('Accept', 'text/html')
      .set('Accept-Language', 'de;q=0.7,fr-CH,en;q=0.3');
    expect(offerIn(res.text)).toContain('Français\u00a0? Afficher cette page en français');
  });

  it.each([
    ['a language cookie exists', { cookie: 'locale=en' }],
    ['the offer was dismissed', { cookie: 'dismissed_language_offer=1700000000000' }],
    ['the visitor is a bot', { 'user-agent': GOOGLEBOT }],
    ['the browser prefers the page language', { 'accept-language': 'en-GB,en;q=0.9,de;q=0.8' }],
    ['the browser asks for a language we do not have', { 'accept-language': 'pt-BR,pt;q=0.9' }],
  ])('When %s, then nothing is offered', async (_what, headers: Record<string, string>) => {
    const res = await request(await site())
      .get('/')
      .set('Accept', 'text/html')
      .set({ 'accept-language': 'de', ...headers });
    expect(res.status).toBe(200);
    expect(offerIn(res.text)).toBeNull();
    expect(res.text).not.toContain('languageOffer');
  });

  it('When a Dutch browser opens the Dutch site, then the page is Dutch and offers nothing', async () => {
    const res = await request(await site({ domain_language: 'nl', name: 'Mannenmatch' }))
      .get('/')
      .set('Accept', 'text/html')
      .set('Accept-Language', 'nl-NL,nl;q=0.9,en;q=0.8');
    expect(res.text).toContain('<html lang="nl"');
    expect(offerIn(res.text)).toBeNull();
  });

  it('When the page is the completion of a signup, then nothing is offered there', async () => {
    const res = await request(await site())
      .get('/complete-signup')
      .set('Accept', 'text/html')
      .set('Accept-Language', 'de');
    expect(offerIn(res.text)).toBeNull();
  });
});
