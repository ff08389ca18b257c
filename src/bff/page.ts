import type { BffMetrics } from './metrics';
import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { ServerResponse } from 'node:http';
import { isbot } from 'isbot';
import type { Logger } from 'pino';
import { type Settings } from '../shared/api/client';
import { createApiClient } from '../shared/api/create-client';
import { isLocale } from '../shared/locales';
import { readBody, type Backend } from './backend';
import { backendHeaders } from './backend-headers';
import { createBackendFetch } from './backend-fetch';
import { COUNTRY_COOKIE, countryCode, countryCookie, localeCookie, readCookie } from './cookies';
import { completeSettings, defaultSettingsFor } from './default-settings';
import { sendErrorPage } from '../server/error-page';
import { apiLocale, browserLanguage, languagesToOffer, negotiateLocale, safeReturnPath } from './locale';
import { withoutSecretParams } from '../shared/redact';
import { NO_ERROR_REPORTS, type ErrorReports } from '../shared/error-reports';
import { isLoggedOutAnswer, sessionPolicy } from './session-policy';
import { pageForm, type PostedForm } from './page-form';
import { cspNonceOf, forwardContext, isCrossSiteRequest, isHttps, requestIdOf, requestLog } from './request-context';
import {
  cacheableAnswer,
  createSettingsCache,
  type LoadedSettings,
  type SettingsCacheOptions,
  type SettingsCacheState,
} from './settings-cache';
import type { Assets, RenderFn } from './types';

export interface PageOptions {
  backend: Backend;
  logger: Logger;
  authCookieName: string;
  trustProxy: boolean;
  assets: Assets;
  render: RenderFn;
  deadlineMs: number;
  streamAfterMs?: number | undefined;
  /** Time allowed for the settings call (all retries included). */
  settingsTimeoutMs?: number;
  /** How long settings answers are reused (settings-cache.ts); `freshMs: 0` asks the backend on every page. */
  settingsCache?: SettingsCacheOptions;
  /** Render durations (bff_page_render_duration_seconds). */
  metrics?: Pick<BffMetrics, 'pageRendered'>;
  /** The public origin (PUBLIC_URL): the renderer builds absolute link-preview URLs from it. */
  publicUrl?: string;
  /** Whether the page at a path takes a form POST (its route has an action); default: the route table's answer. */
  takesForm?: (path: string) => Promise<boolean>;
  /** Where unexpected failures of a render are reported (src/shared/error-reports.ts); default: nowhere. */
  errorReports?: ErrorReports;
}

/** The route table's answer (src/server/page-forms.ts), loaded with the renderer on the first form. */
async function routeTakesForm(path: string): Promise<boolean> {
  const { pageTakesForm } = await import('../server/page-forms');
  return pageTakesForm(path);
}

/** Runs `fn` right before the response head is written (however the renderer triggers it). */
function beforeHead(res: ServerResponse, fn: () => void): void {
  const original = res.writeHead;
  let done = false;
  res.writeHead = function writeHead(this: ServerResponse, ...args: unknown[]) {
    if (!done) {
      done = true;
      fn();
    }
    return (original as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

/** Adds the site's CDN origin (when `cdn_prefix` is absolute) to img-src/media-src of the CSP of this response. */
function allowCdnInCsp(res: ServerResponse, cdnPrefix: string): void {
  if (!/^https?:\/\//i.test(cdnPrefix) || !URL.canParse(cdnPrefix)) return;
  const origin = new URL(cdnPrefix).origin;
  const csp = res.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  const directives = csp.split(';').map((d) => d.trim());
  for (const name of ['img-src', 'media-src']) {
    const i = directives.findIndex((d) => d.startsWith(`${name} `));
    if (i >= 0) directives[i] = `${directives[i]} ${origin}`;
    else directives.push(`${name} 'self' ${origin}`);
  }
  res.setHeader('content-security-policy', directives.filter(Boolean).join(';'));
}

/**
 * The query of the per-page settings call ("a host override plus the route query"): the route query without
 * its secret parameters (a reset, activation, e-mail change or reactivation token, an e-mail address, a code… — see
 * redact.ts; they belong to the page, not to settings, and must not reach a backend's logs or an external PHP
 * service), `host` (the request's host unless the route query has one) and the visitor's kept country (cookie)
 * unless the route query chooses one.
 */
export function settingsQuery(originalUrl: string, host: string, keptCountry: string | null = null): string {
  const params = withoutSecretParams(new URL(originalUrl, 'http://bff.invalid').searchParams);
  if (!params.has('host')) params.set('host', host);
  if (!params.has('country') && keptCountry) params.set('country', keptCountry);
  return params.toString();
}

async function fetchSettings(
  fetchFn: typeof fetch,
  backend: Backend,
  req: Request,
  query: string,
  timeoutMs: number,
): Promise<LoadedSettings<Settings>> {
  try {
    const answer = await fetchFn(`${backend.url}/api/settings.php?${query}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!answer.ok) {
      requestLog(req).warn({ status: answer.status }, 'settings.php did not answer 2xx; rendering with default settings');
      await answer.body?.cancel();
      return { value: null, cacheable: true };
    }
    const settings = completeSettings(await answer.json(), req.hostname ?? '');
    if (!settings) requestLog(req).warn('settings.php answered no object; rendering with default settings');
    return { value: settings, cacheable: cacheableAnswer(answer.headers.get('cache-control')) };
  } catch (error) {
    requestLog(req).warn({ err: error }, 'settings could not be loaded; rendering with default settings');
    return { value: null, cacheable: true };
  }
}

/**
 * Counts the backend calls a page makes before its first byte and the waves they come in (a wave starts when a call
 * starts while none is in flight), for the `Server-Timing` header that bench:ssr reads.
 */
function countingFetch(inner: typeof fetch): { fetch: typeof fetch; calls(): number; waves(): number; ms(): number } {
  let calls = 0;
  let waves = 0;
  let inFlight = 0;
  let busySince = 0;
  let busyMs = 0;
  const counted: typeof fetch = async (input, init) => {
    calls += 1;
    if (inFlight === 0) {
      waves += 1;
      busySince = performance.now();
    }
    inFlight += 1;
    try {
      return await inner(input, init);
    } finally {
      inFlight -= 1;
      if (inFlight === 0) busyMs += performance.now() - busySince;
    }
  };
  return { fetch: counted, calls: () => calls, waves: () => waves, ms: () => busyMs };
}

/**
 * Every GET/HEAD that nothing else matched and that accepts HTML, and the forms posted to a page whose route has an
 * action (any page of the route table, `/login` as well as `/members/:id` or `/chats/:id`): SSR through the injected
 * renderer.
 */
export function pageHandler(options: PageOptions): RequestHandler {
  const { backend, logger, authCookieName } = options;
  const reports = options.errorReports ?? NO_ERROR_REPORTS;
  const settingsCache = createSettingsCache<Settings>(options.settingsCache);
  const takesForm = options.takesForm ?? routeTakesForm;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!req.accepts('html')) return next();
    let form: PostedForm | undefined;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const posted = await pageForm(req, res, takesForm).catch((error: unknown) => error as Error);
      if (posted === 'answered') return;
      if (posted === null) return next();
      if (posted instanceof Error) return next(posted);
      form = posted;
    }
    const started = performance.now();
    (res.locals as { metricsRoute?: string }).metricsRoute = 'page';
    res.once('finish', () => options.metrics?.pageRendered((performance.now() - started) / 1000));
    const aborter = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) aborter.abort(new Error('client went away'));
    });
    const backendFetch = createBackendFetch({
      backend,
      req,
      locale: apiLocale(req.get('cookie')),
      trustProxy: options.trustProxy,
      authCookieName,
      logger,
      signal: aborter.signal,
    });
    const extraCookies: string[] = [];
    const counter = countingFetch(backendFetch.fetch);
    let settingsState: SettingsCacheState = 'off';
    // Cookies learned while rendering (backend Set-Cookie, auth clearing) go out with the head, if still possible.
    beforeHead(res, () => {
      for (const c of [...extraCookies, ...backendFetch.pendingCookies()]) res.append('set-cookie', c);
      res.setHeader(
        'server-timing',
        `settings;desc="${settingsState}", backend;dur=${counter.ms().toFixed(1)};desc="${counter.calls()} calls in ${counter.waves()} waves"`,
      );
    });

    const kept = countryCode(readCookie(req.get('cookie'), COUNTRY_COOKIE));
    const query = settingsQuery(req.originalUrl, req.hostname ?? '', kept);
    const visitor = forwardContext(req, '', options.trustProxy);
    const { value: loaded, state } = await settingsCache.get(`${query}#${visitor.clientIp}#${visitor.clientCountry ?? ''}`, () =>
      fetchSettings(counter.fetch, backend, req, query, options.settingsTimeoutMs ?? 5_000),
    );
    settingsState = state;
    const settings = loaded ?? defaultSettingsFor(req.hostname ?? '');
    const negotiated = negotiateLocale(req.get('cookie'), loaded ? loaded.domain_language : null);
    if (negotiated.setCookie) extraCookies.push(localeCookie(negotiated.locale, isHttps(req)));
    // The page's language, said to caches and to the service worker (its offline page follows the member's language).
    res.setHeader('Content-Language', negotiated.locale);
    backendFetch.setLocale(negotiated.locale);
    allowCdnInCsp(res, settings.cdn_prefix);

    const api = createApiClient({ baseUrl: `${backend.url}/api`, fetch: counter.fetch });
    const bot = isbot(req.get('user-agent') ?? '');
    try {
      await options.render(
        {
          url: req.originalUrl,
          locale: negotiated.locale,
          settings,
          api,
          isBot: bot,
          assets: options.assets,
          browserLanguage: browserLanguage(req.get('accept-language')),
          offerLanguages: languagesToOffer(req.get('cookie'), req.get('accept-language'), bot),
          deadlineMs: options.deadlineMs,
          ...(options.streamAfterMs !== undefined ? { streamAfterMs: options.streamAfterMs } : {}),
          log: requestLog(req),
          reportError: (error: unknown) => reports.capture(error, { reqId: requestIdOf(req), method: req.method, path: req.path }),
          cookieHeader: req.get('cookie'),
          hasSession: readCookie(req.get('cookie'), authCookieName) !== undefined,
          nonce: cspNonceOf(res),
          ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
          ...(form ? { form } : {}),
        },
        res,
      );
    } catch (error) {
      requestLog(req).error({ err: error, url: req.originalUrl }, 'rendering failed');
      reports.capture(error, { reqId: requestIdOf(req), method: req.method, path: req.path });
      if (!res.headersSent) sendErrorPage(res, { status: 500, locale: apiLocale(req.get('cookie')) });
      else res.destroy(error instanceof Error ? error : undefined);
    }
  };
}

/**
 * A language or country switch asked for by another site's page (a link or an image there, `Sec-Fetch-Site:
 * cross-site` or `same-site`, or a foreign Origin/Referer): nothing is changed — no cookie, no `PUT user.php` — and
 * the visitor is sent on to the return path as he is, where the site's own switch is one click away. Browsers that
 * send no Fetch Metadata (old ones) are treated as before.
 */
function refuseCrossSiteSwitch(req: Request, res: Response, target: string): boolean {
  if (!isCrossSiteRequest(req)) return false;
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(303, target);
  return true;
}

/**
 * `GET /locale/:code?return=/path`: sets the locale cookie, saves the language of a logged-in member
 * (`PUT /api/user.php`, failures only logged), then 303 to a same-origin relative path. From another site: only the
 * redirect (see refuseCrossSiteSwitch).
 */
export function localeSwitchHandler(options: { backend: Backend; authCookieName: string; trustProxy: boolean }): RequestHandler {
  const { backend, authCookieName } = options;
  return async (req: Request, res: Response) => {
    const code = req.params.code;
    const target = safeReturnPath(new URL(req.originalUrl, 'http://bff.invalid').searchParams.get('return'));
    if (!isLocale(code)) {
      sendErrorPage(res, { status: 400, locale: apiLocale(req.get('cookie')) });
      return;
    }
    if (refuseCrossSiteSwitch(req, res, target)) return;
    const secure = isHttps(req);
    const session = sessionPolicy(authCookieName);
    if (session.sentAuth(req.get('cookie'))) {
      const path = '/api/user.php';
      const incoming = { ...req.headers };
      delete incoming['content-type'];
      try {
        const headers = backendHeaders(incoming, path, forwardContext(req, code, options.trustProxy));
        headers['content-type'] = 'application/json';
        headers['accept'] = 'application/json';
        const { response } = await backend.send({
          method: 'PUT',
          path,
          headers,
          body: Buffer.from(JSON.stringify({ language: code })),
          signal: AbortSignal.timeout(5_000),
        });
        const answer = session.backendCookies(response.headers['set-cookie'], { secure, host: req.hostname });
        for (const c of answer.cookies) res.append('set-cookie', c);
        const status = response.statusCode ?? 500;
        const body = await readBody(response);
        const cleared = session.loggedOutCookie({ status, body }, { sentAuth: true, authJustSet: answer.setsAuth, secure });
        if (cleared) res.append('set-cookie', cleared);
        else if (status >= 400 && !isLoggedOutAnswer(status, body)) {
          requestLog(req).warn({ status }, 'saving the language failed');
        }
      } catch (error) {
        requestLog(req).warn({ err: error }, 'saving the language failed');
      }
    }
    res.append('set-cookie', localeCookie(code, secure));
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, target);
  };
}

/**
 * `GET /country/:code?return=/path`: the visitor chooses his country (geoip_selected_country). It is kept in
 * a cookie and sent with every settings call whose route query does not name a country itself; then 303 to a
 * same-origin relative path. (A `country` in a page's own query — the member search uses one — is not kept.) From
 * another site: only the redirect (see refuseCrossSiteSwitch).
 */
export function countrySwitchHandler(): RequestHandler {
  return (req: Request, res: Response) => {
    const code = countryCode(typeof req.params.code === 'string' ? req.params.code : null);
    if (!code) {
      sendErrorPage(res, { status: 400, locale: apiLocale(req.get('cookie')) });
      return;
    }
    const target = safeReturnPath(new URL(req.originalUrl, 'http://bff.invalid').searchParams.get('return'));
    if (refuseCrossSiteSwitch(req, res, target)) return;
    res.append('set-cookie', countryCookie(code, isHttps(req)));
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, target);
  };
}
