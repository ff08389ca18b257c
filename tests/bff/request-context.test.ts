import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { httpLogger } from '../../src/bff/logging';
import { openRequestContext, requestIdOf, requestLog } from '../../src/bff/request-context';

/** The request's context: every part logs through the request's logger and never passes the request id itself. */
function appWithLines() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const app = express();
  app.use(openRequestContext(logger));
  app.use(httpLogger(logger));
  app.get('/twice', (req, res) => {
    requestLog(req).warn({ step: 1 }, 'first line');
    requestLog(req).warn('second line');
    res.json({ id: requestIdOf(req) });
  });
  return { app, lines };
}

describe('the request context', () => {
  it("When a part logs about a request, then each line carries the request's id, the one echoed in x-request-id", async () => {
    const { app, lines } = appWithLines();
    const res = await request(app).get('/twice').set('x-request-id', 'ctx-7');
    expect(res.headers['x-request-id']).toBe('ctx-7');
    expect(res.body).toEqual({ id: 'ctx-7' });
    expect(lines.find((l) => l.msg === 'first line')).toMatchObject({ reqId: 'ctx-7', step: 1 });
    expect(lines.find((l) => l.msg === 'second line')).toMatchObject({ reqId: 'ctx-7' });
  });

  it('When two requests log, then each line has its own id', async () => {
    const { app, lines } = appWithLines();
    const [a, b] = await Promise.all([request(app).get('/twice'), request(app).get('/twice')]);
    const ids = lines.filter((l) => l.msg === 'first line').map((l) => l.reqId);
    expect(ids.sort()).toEqual([a!.headers['x-request-id'], b!.headers['x-request-id']].sort());
    expect(new Set(ids).size).toBe(2);
  });

  it('When a request never had its context opened, then asking for its logger is an error, not a line without an id', async () => {
    const app = express();
    let failure: unknown;
    app.get('/', (req, res) => {
      try {
        requestLog(req);
      } catch (error) {
        failure = error;
      }
      res.end();
    });
    await request(app).get('/');
    expect(String(failure)).toMatch(/request context was not opened/);
  });
});
