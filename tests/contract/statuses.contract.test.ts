/**
 * Every status the backend answers is in the contract: for each operation of openapi.yaml, the answers a client
 * can get by itself — a revalidation (`If-None-Match` → 304), a body of a type the operation does not take (415), a
 * JSON body over the size limit (413), a query parameter the operation does not have (400) — are documented for that
 * operation, with the `ETag` header on a 304. Runs against API_BASE_URL (any backend) or an in-process mock-backend:
 * what a backend does not answer is not asked of it, only that what it answers is written down. Every answer is also
 * checked as answer-checks.ts says and recorded for the operator's report: the body of a wrong type and the one over
 * the limit are bad input (a documented 4xx, never accepted, never a server error).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { load as parse } from 'js-yaml';
import { checkAnswer, checkRefusal } from './answer-checks';
import { noteNotRun, recordAnswer, reporting, strictFields, writeRecord } from './operation-record';
import { operationSamples, queryPairs, requestOf, type Sample, type Who } from './samples';
import { credentialsFor, loginCookieOf, startContractTarget } from './target';

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  requestBody?: { content?: Json };
  responses: Record<string, Json & { $ref?: string; headers?: Json }>;
}
const spec = parse(readFileSync(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Json & { headers?: Json }> };
};
const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
);

/** The response object of a status, its `$ref` followed. */
function responseOf(op: Operation, status: number): (Json & { headers?: Json }) | undefined {
  const response = op.responses[String(status)];
  const ref = response?.$ref?.split('/').pop();
  return ref ? spec.components.responses[ref] : response;
}

let base = '';
let stop: () => Promise<void> = async () => {};
const cookies: Record<Who, string> = { visitor: '', free: '', moderator: '' };
let memberId = 1;

beforeAll(async () => {
  ({ base, stop } = await startContractTarget());
  for (const [who, email] of [
    ['free', 'free@demo.test'],
    ['moderator', 'moderator@demo.test'],
  ] as const) {
    const credentials = await credentialsFor(email, base);
    if (!credentials) continue;
    const res = await fetch(`${base}/api/user.php`, {
      method: 'POST',
      headers: { 'request-type': 'client', 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    await res.arrayBuffer();
    cookies[who] = loginCookieOf(res.headers.getSetCookie()) ?? credentials.cookie ?? '';
  }
  const page = await fetch(`${base}/api/members.php?limit=1`, { headers: { cookie: cookies.free } });
  const listed = ((await page.json().catch(() => null)) as { profiles?: { id?: unknown }[] } | null)?.profiles?.[0]?.id;
  memberId = typeof listed === 'number' ? listed : 1;
});
afterAll(async () => {
  writeRecord('statuses');
  await stop();
});
// A test that stops (the backend no longer answers) names why in the report, for the operations it asks about.
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(({ task: failed }) => {
    const reason = (failed.result?.errors?.[0]?.message ?? 'its test failed').split('\n')[0] as string;
    noteNotRun(
      task.name.includes('refuses it') ? 'bad input' : 'answer',
      operations.map((op) => op.operationId),
      reason,
    );
  });
});

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  /** Parsed JSON, else the text; undefined when empty or an event stream. */
  body: unknown;
}

/**
 * One request over node:http — not fetch, which adds `Cache-Control: no-cache` to a request that carries
 * `If-None-Match` and so never gets a 304. An event stream is closed as soon as its head arrives.
 */
function send(method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  const url = new URL(`${base}/api${path}`);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    // A body's length always: node sends a DELETE's body unframed otherwise, and the server reads it as a broken request.
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = request(url, { method, headers: { 'request-type': 'client', ...headers, ...length } }, (res) => {
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: undefined });
        res.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = text;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** An answer to a request the contract describes, checked and recorded: its difference, if any. */
function checked(operationId: string, answer: Answer): string | undefined {
  const finding = checkAnswer(operationId, answer, strictFields);
  recordAnswer(operationId, { check: 'answer', status: answer.status, ...finding });
  return finding.error;
}

/** An answer to a request the contract does not take, checked and recorded: why it is not a refusal, if it is not. */
function refused(operationId: string, answer: Answer, request: string): string | undefined {
  const error = checkRefusal(operationId, answer, strictFields);
  recordAnswer(operationId, { check: 'bad input', status: answer.status, request, ...(error ? { error } : {}) });
  return error;
}

const queryOf = (sample: Sample | undefined, extra: Record<string, string> = {}) => {
  const query = new URLSearchParams([...queryPairs(sample?.query), ...Object.entries(extra)]);
  return query.size > 0 ? `?${query}` : '';
};

/** Operations that would end the member's session for the calls after them: sent by a visitor. */
const ENDS_SESSION = new Set(['logout']);

/** The first sample of an operation, and the cookie of who sends it (a member when the sample names none). */
function sampleOf(operationId: string): { sample: Sample | undefined; cookie: string } {
  const sample = operationSamples(memberId)[operationId]?.[0];
  const cookie = ENDS_SESSION.has(operationId) ? '' : cookies[sample?.who ?? 'free'];
  return { sample, cookie };
}

describe('every status the backend answers is documented', () => {
  it('When a GET is asked again with the ETag of its answer, then a 304 it answers is documented, with the ETag header', async () => {
    const wrong: string[] = [];
    let revalidated = 0;
    for (const op of operations.filter((o) => o.method === 'GET')) {
      const { sample, cookie } = sampleOf(op.operationId);
      const path = `${op.path}${queryOf(sample)}`;
      const first = await send('GET', path, cookie ? { cookie } : {});
      const firstError = checked(op.operationId, first);
      if (firstError) wrong.push(`${op.operationId} ${first.status}: ${firstError}`);
      const etag = first.headers.etag;
      if (first.status !== 200 || typeof etag !== 'string') continue;
      const again = await send('GET', path, { ...(cookie ? { cookie } : {}), 'if-none-match': etag });
      const againError = checked(op.operationId, again);
      if (againError) wrong.push(`${op.operationId} ${again.status} to If-None-Match: ${againError}`);
      if (again.status !== 304) continue;
      revalidated += 1;
      const documented = responseOf(op, 304);
      if (!documented) wrong.push(`${op.operationId}: 304 not documented`);
      else if (!documented.headers?.ETag) wrong.push(`${op.operationId}: its 304 does not declare ETag`);
      if (!responseOf(op, 200)?.headers?.ETag) wrong.push(`${op.operationId}: its 200 does not declare ETag`);
    }
    if (!reporting) expect(wrong).toEqual([]);
    // The in-process backend sends an ETag with every JSON answer of a GET: the check above ran.
    if (!process.env.API_BASE_URL) expect(revalidated).toBeGreaterThan(20);
  }, 120_000);

  it('When an operation gets a body of a type it does not take, then it refuses it with a documented 4xx', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.requestBody)) {
      const { sample, cookie } = sampleOf(op.operationId);
      const answer = await send(
        op.method,
        `${op.path}${queryOf(sample)}`,
        { ...(cookie ? { cookie } : {}), 'content-type': 'application/xml' },
        '<x/>',
      );
      const error = refused(op.operationId, answer, 'a body of type application/xml');
      if (error) wrong.push(`${op.operationId}: ${answer.status} ${error}`);
    }
    if (!reporting) expect(wrong).toEqual([]);
  }, 120_000);

  it('When an operation that takes JSON gets a JSON body over 64 KB, then it refuses it with a documented 4xx', async () => {
    const wrong: string[] = [];
    const big = JSON.stringify({ padding: 'x'.repeat(70_000) });
    for (const op of operations.filter((o) => o.requestBody?.content?.['application/json'])) {
      const { sample, cookie } = sampleOf(op.operationId);
      const answer = await send(
        op.method,
        `${op.path}${queryOf(sample)}`,
        { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
        big,
      );
      const error = refused(op.operationId, answer, 'a JSON body of 70 KB');
      if (error) wrong.push(`${op.operationId}: ${answer.status} ${error}`);
    }
    if (!reporting) expect(wrong).toEqual([]);
  }, 120_000);

  it('When an operation answers under a rate limit (RateLimit-Policy), then its 429 is documented, with Retry-After', async () => {
    const wrong: string[] = [];
    let limited = 0;
    for (const op of operations) {
      const request = requestOf(op.operationId, memberId);
      const cookie = ENDS_SESSION.has(op.operationId) ? '' : cookies[request.who ?? 'free'];
      const form = request.form?.();
      const encoded = form ? new Response(form) : undefined;
      const body = form ? Buffer.from(await encoded!.arrayBuffer()) : request.body !== undefined ? JSON.stringify(request.body) : undefined;
      const type = form ? encoded!.headers.get('content-type')! : body !== undefined ? 'application/json' : undefined;
      const answer = await send(
        op.method,
        `${op.path}${queryOf(request)}`,
        { ...(cookie ? { cookie } : {}), ...(type ? { 'content-type': type } : {}) },
        body,
      );
      const error = checked(op.operationId, answer);
      if (error) wrong.push(`${op.operationId} ${answer.status}: ${error}`);
      if (answer.headers['ratelimit-policy'] === undefined) continue;
      limited += 1;
      const documented = responseOf(op, 429);
      if (!documented) wrong.push(`${op.operationId}: 429 not documented`);
      else if (!documented.headers?.['Retry-After']) wrong.push(`${op.operationId}: its 429 does not declare Retry-After`);
    }
    if (!reporting) expect(wrong).toEqual([]);
    if (!process.env.API_BASE_URL) expect(limited).toBeGreaterThan(20);
  }, 120_000);

  it('When an operation gets a query parameter it does not have, then the status it answers is documented', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const { sample, cookie } = sampleOf(op.operationId);
      const json = sample?.body !== undefined;
      const answer = await send(
        op.method,
        `${op.path}${queryOf(sample, { zz_not_in_the_contract: '1' })}`,
        { ...(cookie ? { cookie } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
        json ? JSON.stringify(sample.body) : undefined,
      );
      const error = checked(op.operationId, answer);
      if (error) wrong.push(`${op.operationId} ${answer.status}: ${error}`);
    }
    if (!reporting) expect(wrong).toEqual([]);
  }, 120_000);
});
