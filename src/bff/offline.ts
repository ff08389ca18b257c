import type { Request, RequestHandler, Response } from 'express';
import { isLocale } from '../shared/locales';
import { OFFLINE_SCRIPT, offlinePageHtml } from '../server/offline-page';
import type { Backend } from './backend';
import { apiLocale } from './locale';
import { hostSettings } from './manifest';
import type { Assets } from './types';

/** Where the service worker (public/push-sw.js) finds the files it keeps for a build: `{ "assets": [...] }`. */
export const SHELL_LIST_PATH = '/sw-shell.json';
/** The offline page: in the `lang` the query names, else the `locale` cookie's. */
export const OFFLINE_PATH = '/offline';

/**
 * The files the service worker precaches for the build this BFF serves: the entry's script and stylesheets (every
 * page and the offline page need them) and the offline page's script. Other `/assets` files are kept as pages load
 * them; pages, API answers, the event stream and `/media` never are.
 */
function shellFiles(assets: Assets): string[] {
  return [...assets.scripts, ...assets.styles, OFFLINE_SCRIPT];
}

/** `GET /sw-shell.json`: the shell's file list, asked by the worker when it installs (never kept by the browser). */
export function shellListHandler(assets: Assets): RequestHandler {
  const body = JSON.stringify({ assets: shellFiles(assets) });
  return (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('application/json').send(body);
  };
}

/**
 * `GET /offline`: the static offline page (src/server/offline-page.ts) in the host's brand and the member's
 * language. The worker keeps it (it holds nothing of the member) and asks for it again in another language when the
 * pages it passes on say the member now reads another one (`Content-Language`).
 */
export function offlinePageHandler(options: { backend: Backend; trustProxy: boolean; assets: Assets }): RequestHandler {
  return async (req: Request, res: Response) => {
    const lang = typeof req.query.lang === 'string' ? req.query.lang : undefined;
    const locale = isLocale(lang) ? lang : apiLocale(req.get('cookie'));
    const settings = await hostSettings(req, options);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Language', locale);
    res.setHeader('X-Robots-Tag', 'noindex');
    res.type('html').send(offlinePageHtml({ locale, siteName: settings.name, styles: options.assets.styles }));
  };
}
