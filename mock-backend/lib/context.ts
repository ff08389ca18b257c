import type { Response } from 'express';
import type { Schemas } from '../../src/shared/api/client';
import type { Locale } from '../../src/shared/locales';
import { authenticationRequired } from './errors';

/**
 * A row of `sites` as the API needs it: every Settings field of the contract except the two that depend on the
 * visitor (GeoIP country and the selected country), plus the row's id and host.
 */
export type Site = Omit<Schemas['Settings'], 'geoip_country' | 'geoip_selected_country'> & {
  id: number;
  host: string;
};

/** The logged-in member behind the request's session. */
export interface Viewer {
  userId: number;
  sessionId: string;
  paidUser: boolean;
  language: Locale;
  /**
   * The PHP session cookie's value when he asks through the identity bridge (his session lives on the PHP service the
   * site moves off): the members he meets and this backend does not know yet are learnt from there as him.
   */
  legacySession?: string | undefined;
}

interface Locals {
  site?: Site;
  viewer?: Viewer | null;
}

export function setSite(res: Response, site: Site): void {
  (res.locals as Locals).site = site;
}

export function getSite(res: Response): Site {
  const site = (res.locals as Locals).site;
  if (!site) throw new Error('site middleware did not run');
  return site;
}

export function setViewer(res: Response, viewer: Viewer | null): void {
  (res.locals as Locals).viewer = viewer;
}

export function getViewer(res: Response): Viewer | null {
  return (res.locals as Locals).viewer ?? null;
}

export function requireViewer(res: Response): Viewer {
  const viewer = getViewer(res);
  if (!viewer) throw authenticationRequired();
  return viewer;
}
