import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { parseConfig } from './config';
import { startErrorReports } from '../../src/shared/error-reports';
import { startSentryStandIn, type SentryStandIn } from '../../tests/support/sentry-stand-in';

/** Counts the loads of the SDK: a static import of it anywhere in the app's modules counts too. */
const sdk = vi.hoisted(() => ({ loads: 0 }));
vi.mock('@sentry/node', async (importOriginal) => {
  sdk.loads += 1;
  return importOriginal();
});

let sentry: SentryStandIn;
let envelopes: SentryStandIn['envelopes'];
let dsn: string;

beforeAll(async () => {
  sentry = await startSentryStandIn();
  ({ envelopes, dsn } = sentry);
});
afterAll(async () => {
  // The SDK's client is the process's: closed, so later test files in this worker send nothing.
  await (await import('@sentry/node')).close(1000);
  await sentry.close();
});

/** An error no handler expects, quoting what the member sent (as a driver's or a library's message may). */
class UnexpectedFailure extends Error {
  override name = 'UnexpectedFailure';
}

const EMAIL = 'private.person@example.test';
const PASSWORD = 'Very-Secret-Password-4711';
const COOKIE_VALUE = 'cookie-value-d0d0cafe';
const BEARER = 'bearer-value-f00dfeed';
const QUERY_VALUE = 'query-value-7a7a7a';
const TOKEN = 'c0ffee'.repeat(10) + 'abcd';

function config(env: Record<string, string>) {
  const parsed = parseConfig({ DATA_DIR: '/tmp/unused', ...env });
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.config;
}

/**
 * A login whose first database call fails unexpectedly, carrying an e-mail address and a password in its body, a
 * cookie, an authorization header and a query string; the failure's message quotes the e-mail and a token.
 */
async function failingLogin(ctx: TestContext) {
  const spy = vi
    .spyOn(ctx.db, 'query')
    .mockRejectedValue(new UnexpectedFailure(`lookup of ${EMAIL} failed for "${QUERY_VALUE}" with token ${TOKEN}`));
  try {
    return await request(ctx.app)
      .post(`/api/user.php?push=1`)
      .set('cookie', `auth=${COOKIE_VALUE}`)
      .set('authorization', `Bearer ${BEARER}`)
      .set('x-request-id', 'req-error-report-1')
      .send({ email: EMAIL, password: PASSWORD });
  } finally {
    spy.mockRestore();
  }
}

describe('error reports', () => {
  it('When SENTRY_DSN is unset, then an unexpected error sends nothing and the SDK is not loaded', async () => {
    const reports = await startErrorReports(config({}), 'backend');
    expect(reports.enabled).toBe(false);
    const ctx = await createTestContext({ members: 1, errorReports: reports });
    try {
      const res = await failingLogin(ctx);
      expect(res.status).toBe(500);
      await reports.flush(500);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(envelopes).toEqual([]);
      expect(sdk.loads).toBe(0);
    } finally {
      await ctx.close();
    }
  });

  describe('with SENTRY_DSN set', () => {
    let ctx: TestContext;
    let reports: Awaited<ReturnType<typeof startErrorReports>>;
    beforeAll(async () => {
      reports = await startErrorReports(config({ SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'test-env' }), 'backend');
      ctx = await createTestContext({ members: 1, errorReports: reports });
    });
    afterAll(() => ctx?.close());

    it('When a request fails unexpectedly, then one event goes out with the exception, its stack and the request id, and nothing personal', async () => {
      expect(sdk.loads).toBe(1);
      const res = await failingLogin(ctx);
      expect(res.status).toBe(500);
      await reports.flush(2000);
      await vi.waitFor(() => expect(envelopes).toHaveLength(1));

      const [{ path, text }] = envelopes as [{ path: string; text: string }];
      expect(path.startsWith('/api/1/envelope/')).toBe(true);
      const items = text.split('\n').filter((line) => line.trim() !== '');
      const event = items.map((line) => JSON.parse(line) as Record<string, unknown>).find((item) => 'exception' in item) as {
        exception: { values: { type: string; value: string; stacktrace: { frames: { filename?: string; function?: string }[] } }[] };
        tags: Record<string, string>;
        environment: string;
      };
      const [exception] = event.exception.values;
      expect(exception?.type).toBe('UnexpectedFailure');
      expect(exception?.value).toContain('lookup of [redacted] failed');
      expect(exception?.stacktrace.frames.some((f) => f.filename?.includes('error-reports.test.ts'))).toBe(true);
      expect(event.tags).toMatchObject({
        service: 'backend',
        request_id: 'req-error-report-1',
        method: 'POST',
        route: '/api/user.php',
      });
      expect(event.environment).toBe('test-env');
      for (const field of ['request', 'user', 'breadcrumbs', 'extra']) expect(event).not.toHaveProperty(field);

      // Nothing the member sent, nowhere in the envelope (its header included).
      for (const secret of [EMAIL, 'example.test', PASSWORD, COOKIE_VALUE, BEARER, QUERY_VALUE, TOKEN, 'push=1', 'user.php?'])
        expect(text).not.toContain(secret);
      for (const header of ['cookie', 'authorization', 'ip_address', '127.0.0.1:']) expect(text.toLowerCase()).not.toContain(`"${header}`);
    });

    it('When a request is refused as expected (a 4xx), then nothing is reported', async () => {
      const before = envelopes.length;
      const res = await request(ctx.app).post('/api/user.php').send({ email: 'nobody@example.test', password: 'wrong-password-1' });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      await reports.flush(2000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(envelopes).toHaveLength(before);
    });
  });
});
