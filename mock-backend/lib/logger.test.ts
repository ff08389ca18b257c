import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_LOGINS } from '../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../test/context';
import { errorHandler } from './errors';
import { redactUrl } from '../../src/shared/redact';
import { createLogger, httpLogger } from './logger';
import { sql } from './db';

/** Every log line the backend writes, as text. */
const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };
const logged = () => lines.join('');

type LogLine = Record<string, unknown> & { text: string };
/** The lines so far, parsed, each with its text (JSON.parse keeps one of a key written twice). */
const parsedLines = (): LogLine[] => lines.map((text) => ({ ...(JSON.parse(text) as Record<string, unknown>), text }));
const accessLine = (id: string) => parsedLines().find((l) => l.msg === 'request completed' && (l.req as { id?: unknown }).id === id);
const reqIdKeys = (line: LogLine | undefined) => (line?.text.match(/"reqId":/g) ?? []).length;

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

describe('the request id on every line', () => {
  it("When services log during requests, then each line carries its own request's id, the one on that request's access line, once", async () => {
    const emails = ['log-context-1@example.test', 'log-context-2@example.test'];
    const answers = await Promise.all(
      emails.map((email, i) =>
        request(ctx.app)
          .post('/api/signup.php')
          .send({ email, password: 'a-good-password', name: `Logan${i}`, date_of_birth: '1990-05-01' }),
      ),
    );
    const ids = answers.map((res) => res.headers['x-request-id'] as string);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(new Set(ids).size).toBe(2);
    for (const [i, email] of emails.entries()) {
      const id = ids[i] as string;
      const userId = (await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`))[0]?.id;
      await vi.waitFor(() => expect(accessLine(id)).toBeDefined());
      // The accounts service logs through the process logger, which it was given when the app was made.
      const serviceLine = parsedLines().find((l) => l.msg === 'signup' && l.userId === userId);
      expect(serviceLine).toMatchObject({ reqId: id });
      expect(accessLine(id)).toMatchObject({ reqId: id });
      expect([reqIdKeys(serviceLine), reqIdKeys(accessLine(id))]).toEqual([1, 1]);
    }
  });

  it("When a route logs through the request's own logger (req.log), then its line carries the id once, beside the request", async () => {
    await loginCookie(ctx.app, DEMO_LOGINS.free);
    const line = parsedLines().find((l) => l.msg === 'login');
    const id = (line?.req as { id?: unknown } | undefined)?.id;
    expect(typeof id).toBe('string');
    expect(line).toMatchObject({ reqId: id });
    expect(reqIdKeys(line)).toBe(1);
  });

  it("When the client goes away before the answer, then the access line, written after the request's handling, still carries its id", async () => {
    const out: string[] = [];
    const app = express();
    app.use(httpLogger(createLogger('info', { write: (line: string) => void out.push(line) })));
    let arrived!: () => void;
    const handled = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/never-answered', () => arrived());
    const server = app.listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const client = http.get({
        host: '127.0.0.1',
        port: (server.address() as AddressInfo).port,
        path: '/never-answered',
        headers: { 'x-request-id': 'gone-7' },
      });
      client.on('error', () => undefined);
      await handled;
      client.destroy();
      await vi.waitFor(() => expect(out).toHaveLength(1));
      expect(JSON.parse(out[0] as string)).toMatchObject({ msg: 'request aborted', req: { id: 'gone-7' }, reqId: 'gone-7' });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('When the backend logs outside any request (a job, start-up), then the line carries no request id; a job its own id', async () => {
    const email = 'log-context-job@example.test';
    const res = await request(ctx.app)
      .post('/api/signup.php')
      .send({ email, password: 'a-good-password', name: 'Jobson', date_of_birth: '1990-05-01' });
    expect(res.status).toBe(200);
    // The signup's mail is sent by the mail job, which the request only woke.
    await vi.waitFor(() => expect(ctx.mails.some((m) => m.to === email)).toBe(true));
    await vi.waitFor(() => expect(parsedLines().filter((l) => l.msg === 'mail sent').length).toBeGreaterThan(0));
    for (const line of parsedLines().filter((l) => l.msg === 'mail sent')) {
      expect(line).not.toHaveProperty('reqId');
      expect(line.jobId).toEqual(expect.any(String));
    }

    const startUp: string[] = [];
    createLogger('info', { write: (text: string) => void startUp.push(text) }).info('started');
    expect(startUp).toHaveLength(1);
    expect(JSON.parse(startUp[0] as string)).not.toHaveProperty('reqId');
    expect(JSON.parse(startUp[0] as string)).not.toHaveProperty('jobId');
  });
});
