import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../src/bff/config';
import { startErrorReports } from '../../src/shared/error-reports';
import { startSentryStandIn, type SentryStandIn } from '../support/sentry-stand-in';
import { fakeRenderer, makeApp, startStandIn, type StandIn } from './helpers';

/** Counts the loads of the SDK: a static import of it anywhere in the BFF's modules counts too. */
const sdk = vi.hoisted(() => ({ loads: 0 }));
vi.mock('@sentry/node', async (importOriginal) => {
  sdk.loads += 1;
  return importOriginal();
});

let sentry: SentryStandIn;
let envelopes: SentryStandIn['envelopes'];
let dsn: string;
let backend: StandIn;

beforeAll(async () => {
  sentry = await startSentryStandIn();
  ({ envelopes, dsn } = sentry);
  backend = await startStandIn();
});
afterAll(async () => {
  // The SDK's client is the process's: closed, so nothing else in this worker sends.
  await (await import('@sentry/node')).close(1000);
  await backend.close();
  await sentry.close();
});

/** A render that fails in a way no handler expects, quoting what the visitor sent. */
class RenderFailure extends Error {
  override name = 'RenderFailure';
}

const EMAIL = 'private.person@example.test';
const COOKIE_VALUE = 'cookie-value-d0d0cafe';
const BEARER = 'bearer-value-f00dfeed';
const TOKEN = 'c0ffee'.repeat(10) + 'abcd';

/** A page whose render fails, asked for with an e-mail address and a token in its query, a cookie and credentials. */
function failingPage(app: ReturnType<typeof makeApp>) {
  return request(app)
    .get(`/profile/4711?email=${encodeURIComponent(EMAIL)}&token=${TOKEN}`)
    .set('accept', 'text/html')
    .set('cookie', `auth=${COOKIE_VALUE}`)
    .set('authorization', `Bearer ${BEARER}`)
    .set('x-request-id', 'bff-error-report-1');
}

const failure = () => new RenderFailure(`no page for ${EMAIL} with token ${TOKEN}`);

describe('BFF error reports', () => {
  it('When SENTRY_DSN is unset, then a failed render sends nothing and the SDK is not loaded', async () => {
    const reports = await startErrorReports(parseConfig({}), 'bff');
    expect(reports.enabled).toBe(false);
    const app = makeApp(backend.url, { render: fakeRenderer({ throws: failure() }).render, errorReports: reports });
    try {
      const res = await failingPage(app);
      expect(res.status).toBe(500);
      await reports.flush(500);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(envelopes).toEqual([]);
      expect(sdk.loads).toBe(0);
    } finally {
      app.dispose();
    }
  });

  it('When SENTRY_DSN is set and a render fails, then one event goes out with the exception, the request id and the route, and nothing personal', async () => {
    const reports = await startErrorReports(parseConfig({ SENTRY_DSN: dsn }), 'bff');
    expect(sdk.loads).toBe(1);
    const app = makeApp(backend.url, { render: fakeRenderer({ throws: failure() }).render, errorReports: reports });
    try {
      const res = await failingPage(app);
      expect(res.status).toBe(500);
      await reports.flush(2000);
      await vi.waitFor(() => expect(envelopes).toHaveLength(1));
    } finally {
      app.dispose();
    }
    const [{ path, text }] = envelopes as [{ path: string; text: string }];
    expect(path.startsWith('/api/1/envelope/')).toBe(true);
    const event = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((item) => 'exception' in item) as {
      exception: { values: { type: string; value: string; stacktrace: { frames: { filename?: string }[] } }[] };
      tags: Record<string, string>;
    };
    const [exception] = event.exception.values;
    expect(exception?.type).toBe('RenderFailure');
    expect(exception?.value).toBe('no page for [redacted] with token [redacted]');
    expect(exception?.stacktrace.frames.some((f) => f.filename?.includes('error-reports.test.ts'))).toBe(true);
    expect(event.tags).toMatchObject({ service: 'bff', request_id: 'bff-error-report-1', method: 'GET', route: '/profile/:id' });
    for (const field of ['request', 'user', 'breadcrumbs', 'extra']) expect(event).not.toHaveProperty(field);
    for (const secret of [EMAIL, 'example.test', COOKIE_VALUE, BEARER, TOKEN, 'email=', 'token=', '4711'])
      expect(text).not.toContain(secret);
    for (const header of ['cookie', 'authorization', 'ip_address']) expect(text.toLowerCase()).not.toContain(`"${header}`);
  });
});
