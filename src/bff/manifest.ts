import type { Request, RequestHandler, Response } from 'express';
import type { Settings } from '../shared/api/client';
import { readBody, type Backend } from './backend';
import { backendHeaders } from './backend-headers';
import { completeSettings, defaultSettingsFor } from './default-settings';
import { apiLocale } from './locale';
import { forwardContext, requestLog } from './request-context';

/** Theme colours (dark purple bar, light page). */
const THEME_COLOR = '#2d1b45';
const BACKGROUND_COLOR = '#faf7fc';

/** The web app manifest of a site: its own name, standalone display, start in the members area. */
function webManifest(settings: { name: string; description: string; domain_language: string }) {
  return {
    name: settings.name,
    short_name: settings.name.slice(0, 12),
    description: settings.description,
    lang: settings.domain_language,
    // The app's identity, stated: browsers took the start URL for it, so installed apps keep theirs.
    id: '/members?source=pwa',
    start_url: '/members?source=pwa',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * A host's settings for the BFF's own documents (the manifest, the offline page): from settings.php, shared by every
 * visitor of the host — none of the visitor's own headers (cookies) go along; the defaults when the backend fails.
 */
export async function hostSettings(req: Request, options: { backend: Backend; trustProxy: boolean }): Promise<Settings> {
  const host = req.hostname ?? '';
  try {
    const path = `/api/settings.php?host=${encodeURIComponent(host)}`;
    const ctx = forwardContext(req, apiLocale(req.get('cookie')), options.trustProxy);
    const { response } = await options.backend.send({
      method: 'GET',
      path,
      headers: backendHeaders({ accept: 'application/json' }, path, ctx),
      signal: AbortSignal.timeout(3_000),
    });
    const body = await readBody(response);
    if ((response.statusCode ?? 500) < 400) return completeSettings(JSON.parse(body.toString('utf8')), host) ?? defaultSettingsFor(host);
  } catch (error) {
    requestLog(req).warn({ err: error }, 'settings could not be loaded; using defaults');
  }
  return defaultSettingsFor(host);
}

/** `GET /manifest.webmanifest`: per host (two hosts, two brands), from settings.php; defaults when the backend fails. */
export function manifestHandler(options: { backend: Backend; trustProxy: boolean }): RequestHandler {
  return async (req: Request, res: Response) => {
    const settings = await hostSettings(req, options);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/manifest+json').send(JSON.stringify(webManifest(settings)));
  };
}
