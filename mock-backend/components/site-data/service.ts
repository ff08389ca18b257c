import { iso1A2Code } from '@rapideditor/country-coder';
import type { Request } from 'express';
import type { Db } from '../../lib/db';
import type { Site } from '../../lib/context';
import { notFound } from '../../lib/errors';
import type { Schemas, Settings } from '../../lib/api-types';
import * as repo from './repository';

const COUNTRY = /^[A-Za-z]{2}$/;

/** Normalises a host: the first of a list, port stripped, lowercased. */
function normaliseHost(raw: string | undefined): string {
  const first = (raw ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('[')) return first.slice(0, first.indexOf(']') + 1);
  return first.replace(/:\d+$/, '');
}

export function toSettings(site: Site, q: { geoipCountry: string | null; selectedCountry: string | null }): Settings {
  const { id: _id, host: _host, ...fields } = site;
  return {
    ...fields,
    niche: Number(site.niche),
    geoip_country: q.geoipCountry && COUNTRY.test(q.geoipCountry) ? q.geoipCountry.toUpperCase() : null,
    geoip_selected_country: q.selectedCountry && COUNTRY.test(q.selectedCountry) ? q.selectedCountry.toUpperCase() : null,
  };
}

export async function interests(db: Db) {
  return { interests: await repo.listInterests(db) };
}

export async function regions(db: Db, site: Site, country: string | undefined) {
  const countries = country ? [country.toUpperCase()] : site.countries;
  return { regions: await repo.listRegions(db, countries) };
}

export async function companyInfo(db: Db, site: Site): Promise<Schemas['CompanyInfo']> {
  const row = await repo.findCompany(db, site.company_id);
  if (!row) throw notFound();
  return { ...row, delete_discount: Number(row.delete_discount), added: new Date(row.added).toISOString() };
}

/** Country of a position from the offline borders of @rapideditor/country-coder; false when it cannot be placed. */
export function geocode(lat: number, lon: number): Schemas['GeocodeResult'] | false {
  const country = iso1A2Code([lon, lat]);
  if (!country || !/^[A-Z]{2}$/.test(country)) return false;
  return { country, region: null, city: null };
}

/**
 * The host that picks the site: `host` query parameter, else X-Forwarded-Host, else Host; unknown hosts get the
 * default site (siteByHost). The session component's middleware reads the site with the session.
 */
export function requestHost(req: Request): string {
  const host: unknown = req.query.host;
  const raw = typeof host === 'string' && host ? host : (req.get('x-forwarded-host') ?? req.get('host'));
  return normaliseHost(raw);
}
