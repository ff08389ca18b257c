import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load as parse } from 'js-yaml';
import { readFileSync } from 'node:fs';
import { LOCALES } from '../../../src/shared/locales';
import { OPENAPI_PATH } from '../../lib/openapi';
import { createTestContext, fromClient, type TestContext } from '../../test/context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 5 });
});
afterAll(() => ctx?.close());

const spec = parse(readFileSync(OPENAPI_PATH, 'utf8')) as {
  components: { schemas: { Settings: { required: string[]; properties: Record<string, unknown> } } };
};

describe('site data', () => {
  it('When settings are asked for, then every Settings field of the contract is there', async () => {
    const res = await request(ctx.app).get('/api/settings.php');
    expect(res.status).toBe(200);
    const fields = Object.keys(spec.components.schemas.Settings.properties);
    expect(Object.keys(res.body).sort()).toEqual(fields.sort());
    expect(res.body).toMatchObject({ niche: 7, domain_language: 'en', cdn_prefix: '/media/', signups: 'all' });
    expect(res.body.countries).toHaveLength(19);
  });

  it('When settings are asked for, then both demo sites carry their own texts in all eleven interface languages', async () => {
    for (const host of ['localhost', 'nl.localhost']) {
      const res = await request(ctx.app).get('/api/settings.php').query({ host });
      const texts = res.body.site_texts as Record<string, Record<string, string>>;
      expect(Object.keys(texts).sort()).toEqual([...LOCALES].sort());
      for (const locale of LOCALES) {
        expect(Object.keys(texts[locale] ?? {}).sort(), `${host} ${locale}`).toEqual([
          'description',
          'fictional_plural',
          'fictional_singular',
          'fictional_warning',
          'index_title',
        ]);
        if (locale !== 'en') expect(texts[locale]?.fictional_warning, `${host} ${locale}`).not.toBe(texts.en?.fictional_warning);
      }
      expect(texts.nl?.fictional_warning).toBe(
        'Profielen met ★ zijn fictieve gastheren die chatten voor vermaak; je kunt ze niet ontmoeten.',
      );
    }
    const nl = await request(ctx.app).get('/api/settings.php').query({ host: 'nl.localhost' });
    expect(nl.body.site_texts.de.index_title).toContain('Mannenmatch');
  });

  it('When two hosts ask, then two brands answer; an unknown host gets the default site', async () => {
    const nl = await request(ctx.app).get('/api/settings.php').query({ host: 'NL.localhost:3000' });
    const other = await request(ctx.app).get('/api/settings.php').set('x-forwarded-host', 'unknown.example');
    expect(nl.body).toMatchObject({ name: 'Mannenmatch', domain_language: 'nl' });
    expect(other.body.name).toBe('ManMatch');
  });

  it('When the BFF passes on the country of a trusted edge and the route query has one, then both are reported', async () => {
    const res = await request(ctx.app)
      .get('/api/settings.php')
      .query({ country: 'be', network: 'aff1', utm_source: 'x' })
      .set(fromClient('10.1.1.1', 'NL'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ geoip_country: 'NL', geoip_selected_country: 'BE' });
  });

  it('When a visitor sends his own country and address headers without the secret, then they change nothing', async () => {
    const forged = await request(ctx.app).get('/api/settings.php').set({
      'cf-ipcountry': 'NL',
      'x-country': 'NL',
      'x-client-country': 'NL',
      'x-client-ip': '145.220.1.1',
      'x-forwarded-for': '145.220.1.1',
    });
    expect(forged.body.geoip_country).toBeNull();
    const wrongSecret = await request(ctx.app)
      .get('/api/settings.php')
      .set({ ...fromClient('145.220.1.1', 'NL'), 'x-backend-secret': 'guess' });
    expect(wrongSecret.body.geoip_country).toBeNull();
  });

  it('When a visitor from a Dutch address comes through the BFF, then geoip_country is NL from the offline database', async () => {
    const res = await request(ctx.app).get('/api/settings.php').set(fromClient('145.220.1.1'));
    expect(res.body).toMatchObject({ geoip_country: 'NL', geoip_selected_country: null });
    const local = await request(ctx.app).get('/api/settings.php');
    expect(local.body.geoip_country).toBeNull();
  });

  it('When interests, regions and company info are asked, then they come from the database', async () => {
    const interests = await request(ctx.app).get('/api/interests.php');
    expect(interests.body.interests.length).toBeGreaterThanOrEqual(50);
    expect(interests.body.interests.map((i: { key: string }) => i.key)).toContain('kissing');
    const regions = await request(ctx.app).get('/api/regions.php').query({ country: 'NL' });
    expect(regions.body.regions.map((r: { name: string }) => r.name)).toContain('Noord-Holland');
    const all = await request(ctx.app).get('/api/regions.php');
    expect(new Set(all.body.regions.map((r: { country: string }) => r.country)).size).toBe(19);
    const company = await request(ctx.app).get('/api/companyinfo.php');
    expect(company.body).toMatchObject({ country: 'NL', delete_discount: 50 });
  });

  it('When a position is geocoded, then the country comes back, cached for an hour', async () => {
    const res = await request(ctx.app).get('/api/geocode.php').query({ lat: 52.37, lon: 4.89 });
    expect(res.body).toEqual({ country: 'NL', region: null, city: null });
    expect(res.headers['cache-control']).toContain('max-age=3600');
    const bad = await request(ctx.app).get('/api/geocode.php').query({ lat: 95, lon: 4 });
    expect(bad.status).toBe(400);
  });
});
