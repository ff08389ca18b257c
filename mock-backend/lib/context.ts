import { AsyncLocalStorage } from 'node:async_hooks';
import type { Response } from 'express';
import type { Schemas } from '../../src/shared/api/client';
import type { Locale } from '../../src/shared/locales';
import { authenticationRequired } from './errors';

/**
 * The request or the job the running code works for, under the keys its log lines give them: `reqId`, the id the
 * access log gave the request (`X-Request-Id`), or `jobId`, pg-boss's id of the job. The access log's middleware
 * enters it for each request and the job runner for each job; every line of the process logger then carries it
 * (logger.ts), so no part passes an id along.
 */
export type WorkContext = { readonly reqId: string } | { readonly jobId: string };

const work = new AsyncLocalStorage<WorkContext>();

/** Runs `fn`, and everything it starts, as part of `context` (which replaces the one it is called in, if any). */
export function runInWorkContext<T>(context: WorkContext, fn: () => T): T {
  return work.run(context, fn);
}

/** The request or job the running code works for; undefined outside both (start-up, a timer of its own). */
export function currentWork(): WorkContext | undefined {
  return work.getStore();
}

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
