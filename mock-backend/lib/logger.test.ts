import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { errorHandler } from './errors';
import { redactUrl } from '../../src/shared/redact';
import { createLogger, httpLogger } from './logger';
import { sql } from './db';

/** Every log line the backend writes, as text. */
const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };
const logged = () => lines.join('');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 5, logStream });
});
afterAll(() => ctx?.close());

const TOKEN = 'c0ffee'.repeat(10) + 'abcd';

describe('request log', () => {
  it('When a reset link is checked and settings are loaded with secret query values, then no token, e-mail, code, key or secret reaches the log', async () => {
    const check = await request(ctx.app)
      .get(`/api/reset-password.php?token=${TOKEN}`)
      .set('referer', `http://localhost:3000/reset-password/do?token=${TOKEN}`);
    expect(check.status).toBe(410);
    const settings = await request(ctx.app).get('/api/settings.php').query({
      network: 'aff1',
      token: TOKEN,
      email: 'owner@example.test',
      code: 'CODE-123456',
      key: 'KEY-987654',
      client_secret: 'SHH-24680',
      t: TOKEN,
    });
    expect(settings.status).toBe(200);
    await vi.waitFor(() => expect(logged()).toContain('/api/settings.php?'));
    const text = logged();
    for (const secret of [TOKEN, 'owner@example.test', 'owner%40example.test', 'CODE-123456', 'KEY-987654', 'SHH-24680']) {
      expect(text).not.toContain(secret);
    }
    // The request is still recognisable: path, harmless parameters and the names of the redacted ones.
    expect(text).toContain('/api/reset-password.php?token=[redacted]');
    expect(text).toContain('network=aff1');
  });

  it('When a query fails inside a request, then the logged error keeps its SQLSTATE but no parameter value', async () => {
    const out: string[] = [];
    const app = express();
    app.use(httpLogger(createLogger('info', { write: (line: string) => void out.push(line) })));
    app.get('/fail', async (_req, _res, next) => {
      await ctx.db.query(sql`SELECT ${'SQL-PARAM-SECRET'}::int`).catch(next);
    });
    app.use(errorHandler);
    expect((await request(app).get('/fail')).status).toBe(500);
    await vi.waitFor(() => expect(out.join('')).toContain('request failed'));
    const text = out.join('');
    expect(text).not.toContain('SQL-PARAM-SECRET');
    // The diagnosis stays: the SQLSTATE (and, where the driver gives it, the SQL text with its $n placeholders).
    expect(text).toContain('22P02');
  });

  it('When URLs are redacted, then only secret values go, wherever they stand', () => {
    expect(redactUrl('/api/x.php')).toBe('/api/x.php');
    expect(redactUrl('/api/x.php?a=1&password=p&b=2#h')).toBe('/api/x.php?a=1&password=[redacted]&b=2#h');
    expect(redactUrl('/x?E-Mail=a%40b.c&ref=ok&reset_token=t')).toBe('/x?E-Mail=[redacted]&ref=ok&reset_token=[redacted]');
    expect(redactUrl(`/x?id=${TOKEN}`)).toBe('/x?id=[redacted]');
  });
});
