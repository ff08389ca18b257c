import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractResponses } from './contract-responses';
import { operationValidator } from './operation-router';

/** The breach as the error handler gets it (the backend's own handler answers every error 500 internal_error). */
const breachAs500: ErrorRequestHandler = (err: Error, _req, res, _next) => void res.status(500).json({ breach: err.message });

/** An app whose one route answers `answer`, its operation found as the backend finds it (lib/operation-router.ts). */
function appAnswering(answer: RequestHandler) {
  const app = express();
  app.use(express.json());
  app.use(operationValidator({ maxUploadBytes: 1024 }));
  app.use(contractResponses());
  app.post('/api/:name', answer);
  app.post('/other/:name', answer);
  app.use(breachAs500);
  return app;
}

const typing = (answer: RequestHandler) => request(appAnswering(answer)).post('/api/typing.php').send({ conversation: 1 });

describe('the contract check of answers (tests)', () => {
  it('When a route answers what the contract documents, then the answer goes out unchanged', async () => {
    const ok = await typing((_req, res) => void res.json({ success: true }));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true });
    // An error answer through a shared response of the contract.
    const notFound = await typing((_req, res) => void res.status(404).json({ error: { code: 'not_found', message: 'Not found' } }));
    expect(notFound.status).toBe(404);
  });

  it('When a body breaks its schema, then the request fails with a 500 that names the field', async () => {
    const res = await typing((_req, res) => void res.json({ success: 'yes' }));
    expect(res.status).toBe(500);
    expect(res.body.breach).toBe('POST /api/typing.php answered 200: /success must be boolean');
    const missing = await typing((_req, res) => void res.status(404).json({ error: { code: 'not_found' } }));
    expect(missing.status).toBe(500);
    expect(missing.body.breach).toBe("POST /api/typing.php answered 404: /error must have required property 'message'");
  });

  it('When a route answers a status the contract does not document, or a body where it documents none, then the request fails with a 500', async () => {
    const undocumented = await typing((_req, res) => void res.status(402).json({ error: { code: 'x', message: 'y' } }));
    expect(undocumented.status).toBe(500);
    expect(undocumented.body.breach).toBe('POST /api/typing.php answered 402: no such status is documented');
    const bodyOnEmpty = await request(appAnswering((_req, res) => void res.status(204).json({ ok: true }))).post('/api/page-hidden.php');
    expect(bodyOnEmpty.status).toBe(500);
    expect(bodyOnEmpty.body.breach).toBe('POST /api/page-hidden.php answered 204: must have no body');
  });

  it('When a route is not in the contract, then its answer is not checked', async () => {
    const res = await request(appAnswering((_req, res) => void res.status(418).json({ anything: 1 }))).post('/other/teapot');
    expect(res.status).toBe(418);
  });
});
