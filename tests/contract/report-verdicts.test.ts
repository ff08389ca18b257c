/**
 * The operator's report (tests/contract/run.ts) against this repository's backend behind small proxies that break its
 * answers the ways a PHP service or a new backend really goes wrong, one operation each: the report gives every broken
 * operation "differs" with the reason (never "not run"), and every other operation it reached still conforms. A
 * documented answer is a verdict like any other: the page-hidden beacon declined with 503 (which its description
 * allows) conforms. Each run is limited to the suites' tests that reach the broken operations (`testNamePattern`).
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswer } from './answer-checks';
import { badInputOf, contractReport, exitCodeOf, formatReport, heldToList, junitReport, verdictOf, type OperationResult } from './run';
import { startContractTarget, type ContractTarget } from './target';

let target: ContractTarget;

beforeAll(async () => {
  target = await startContractTarget();
}, 120_000);
afterAll(async () => {
  await target?.stop();
});

const demo = (role: string, email: string) => ({ [`CONTRACT_${role}_EMAIL`]: email, [`CONTRACT_${role}_PASSWORD`]: 'demo-password' });
const logins = { ...demo('FREE', 'free@demo.test'), ...demo('PREMIUM', 'premium@demo.test'), ...demo('MODERATOR', 'moderator@demo.test') };

/**
 * What a proxy does with one request: answer it itself (`answer`), or change the backend's answer (`change`: the
 * status, head and parsed body in, the same out); null passes it through untouched.
 */
type Breakage =
  | { answer: (req: IncomingMessage) => { status: number; headers: Record<string, string>; body: unknown } }
  | { change: (answer: { status: number; headers: Record<string, string>; body: unknown }) => void }
  | null;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
}

async function close(server: Server | undefined): Promise<void> {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
}

/** A proxy in front of `backend` that breaks what `breakage` says and passes everything else as it came. */
function proxy(backend: URL, breakage: (req: IncomingMessage) => Breakage): Server {
  return createServer((req, res: ServerResponse) => {
    const broken = breakage(req);
    if (broken && 'answer' in broken) {
      req.resume();
      const made = broken.answer(req);
      res.writeHead(made.status, made.headers);
      res.end(made.body === undefined ? undefined : JSON.stringify(made.body));
      return;
    }
    const headers = { ...req.headers, host: backend.host };
    const upstream = request(backend, { method: req.method, path: req.url, headers, agent: false }, (answer) => {
      if (!broken) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const changed = {
          status: answer.statusCode ?? 502,
          headers: Object.fromEntries(Object.entries(answer.headers).map(([k, v]) => [k, String(v)])),
          body: text ? (JSON.parse(text) as unknown) : undefined,
        };
        broken.change(changed);
        const body = changed.body === undefined ? '' : JSON.stringify(changed.body);
        delete changed.headers['transfer-encoding'];
        res.writeHead(changed.status, { ...changed.headers, 'content-length': String(Buffer.byteLength(body)) });
        res.end(body);
      });
    });
    upstream.on('error', () => res.destroy());
    // A client gone (the suite's event stream) ends the backend's answer too.
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
}

const pathOf = (req: IncomingMessage) => new URL(req.url ?? '/', 'http://proxy').pathname;
const errorBody = (code: string) => ({ error: { code, message: 'Something went wrong.' } });

describe('contract report: the page-hidden beacon declined', () => {
  let beacons: Server | undefined;
  let results: OperationResult[] = [];

  beforeAll(async () => {
    // `POST /api/page-hidden.php` answers 503 with the one error body and Retry-After, as its description allows.
    beacons = proxy(new URL(target.base), (req) =>
      req.method === 'POST' && pathOf(req) === '/api/page-hidden.php'
        ? {
            answer: () => ({
              status: 503,
              headers: { 'content-type': 'application/json', 'retry-after': '30' },
              body: { error: { code: 'service_unavailable', message: 'Busy, try again later.' } },
            }),
          }
        : null,
    );
    results = await contractReport(await listen(beacons), {
      quiet: true,
      env: logins,
      suites: ['answers'],
      // The beacon is asked by the session test; the rest of the suite has nothing to say here.
      testNamePattern: 'When session endpoints are called',
    });
  }, 240_000);
  afterAll(() => close(beacons));

  it('When the backend answers the beacon 503, then pageHidden conforms on that answer instead of not being run', () => {
    const pageHidden = results.find((r) => r.operationId === 'pageHidden');
    expect(pageHidden).toMatchObject({ verdict: 'conforms', detail: '1 answer(s): 503' });
    // The rest of the session test still ran after it.
    expect(results.find((r) => r.operationId === 'putUser')?.verdict).toBe('conforms');
  });
});

/** The operations the breaking proxy breaks, and how. */
const BROKEN = {
  getRegions: 'a server error (500)',
  getInterests: 'an undocumented status (418)',
  getSettings: 'a content type the contract does not name (text/plain)',
  listMembers: "an age out of the contract's bounds (-3)",
  listLikes: 'fields the contract does not name (debug_sql, internal_score)',
  getCompanyInfo: 'a 304 without its ETag',
  sendTyping: 'a 429 without Retry-After',
} as const;

/** A backend gone wrong in every way the report must catch, one operation each (BROKEN). */
function breakingEverything(req: IncomingMessage): Breakage {
  const path = pathOf(req);
  const json = { 'content-type': 'application/json; charset=utf-8' };
  if (req.method === 'GET' && path === '/api/regions.php')
    return { answer: () => ({ status: 500, headers: json, body: errorBody('internal_error') }) };
  if (req.method === 'GET' && path === '/api/interests.php')
    return { answer: () => ({ status: 418, headers: json, body: errorBody('teapot') }) };
  if (req.method === 'GET' && path === '/api/settings.php')
    return { change: (a) => void (a.headers['content-type'] = 'text/plain; charset=utf-8') };
  if (req.method === 'GET' && path === '/api/members.php') {
    return {
      change: (a) => {
        const first = (a.body as { profiles?: { age?: number }[] } | undefined)?.profiles?.[0];
        if (first) first.age = -3;
      },
    };
  }
  if (req.method === 'GET' && path === '/api/likes.php') {
    return {
      change: (a) => {
        const body = a.body as { profiles?: Record<string, unknown>[] } & Record<string, unknown>;
        if (a.status !== 200 || !body) return;
        body.debug_sql = 'SELECT * FROM likes WHERE liker = 2';
        for (const profile of body.profiles ?? []) profile.internal_score = 0.93;
      },
    };
  }
  if (req.method === 'GET' && path === '/api/companyinfo.php' && req.headers['if-none-match'])
    return { change: (a) => void delete a.headers.etag };
  if (req.method === 'POST' && path === '/api/typing.php')
    return { answer: () => ({ status: 429, headers: json, body: errorBody('too_many_requests') }) };
  // Bad input on purpose: geocode.php fails on a latitude that is no number in its range.
  if (req.method === 'GET' && path === '/api/geocode.php') {
    const lat = Number(new URL(req.url ?? '/', 'http://proxy').searchParams.get('lat'));
    if (!(lat >= -90 && lat <= 90)) return { answer: () => ({ status: 500, headers: json, body: errorBody('internal_error') }) };
  }
  return null;
}

describe('contract report: a backend that breaks its answers', () => {
  let breaking: Server | undefined;
  let results: OperationResult[] = [];
  const result = (id: string) => results.find((r) => r.operationId === id);

  beforeAll(async () => {
    breaking = proxy(new URL(target.base), breakingEverything);
    results = await contractReport(await listen(breaking), {
      quiet: true,
      strict: true,
      env: logins,
      // The tests that reach the broken operations: the site's calls, the member search, likes, the chat, every GET asked
      // again with its ETag, and every operation's request broken on purpose.
      testNamePattern: [
        'When the site endpoints are called',
        'When member endpoints are called',
        'When social and credit endpoints are called',
        'When chat endpoints are called',
        'When a GET is asked again with the ETag',
        'When each request is broken against its schema',
      ].join('|'),
    });
  }, 300_000);
  afterAll(() => close(breaking));

  it('When regions.php answers 500, then getRegions differs as a server error naming what the contract documents', () => {
    expect(result('getRegions')).toMatchObject({
      verdict: 'differs',
      detail: '500: a server error: 500 is not an answer the contract documents (it documents 200, 304, 400)',
    });
  });

  it('When interests.php answers 418, then getInterests differs on a status the contract does not document', () => {
    expect(result('getInterests')).toMatchObject({
      verdict: 'differs',
      detail: '418: status 418 is not documented (the contract documents 200, 304, 400)',
    });
  });

  it('When settings.php is sent as text/plain, then getSettings differs on its content type', () => {
    expect(result('getSettings')).toMatchObject({
      verdict: 'differs',
      detail: "200: Content-Type text/plain is not the contract's application/json",
    });
  });

  it("When a member's age is -3, then listMembers differs on the age's bounds", () => {
    expect(result('listMembers')).toMatchObject({ verdict: 'differs', detail: '200: /profiles/0/age must be >= 18' });
  });

  it('When likes.php carries fields the contract does not name, then listLikes differs naming them (--strict)', () => {
    expect(result('listLikes')?.verdict).toBe('differs');
    expect(result('listLikes')?.detail).toMatch(/^200: fields? the contract does not name: /);
    expect(result('listLikes')?.detail).toContain('/profiles/*/internal_score');
    expect(result('listLikes')?.detail).toContain('/debug_sql');
  });

  it('When a 304 comes without its ETag, then getCompanyInfo differs on the missing header', () => {
    expect(result('getCompanyInfo')).toMatchObject({
      verdict: 'differs',
      detail: '304: the ETag header is missing (the contract promises it with 304)',
    });
  });

  it('When a 429 comes without Retry-After, then sendTyping differs on the missing header', () => {
    expect(result('sendTyping')).toMatchObject({
      verdict: 'differs',
      detail: '429: the Retry-After header is missing (the contract promises it with 429)',
    });
  });

  it('When geocode.php fails on bad input, then its answers conform and its bad input differs as a server error', () => {
    expect(result('geocode')?.verdict).toBe('conforms');
    expect(result('geocode')?.badInput.verdict).toBe('differs');
    expect(result('geocode')?.badInput.detail).toMatch(/^500 to query\.lat = .*: a server error \(500\) instead of a documented 4xx$/);
  });

  it('When everything else passes as the backend answered it, then every other operation the run reached conforms and refuses bad input', () => {
    const others = results.filter((r) => !(r.operationId in BROKEN));
    // An operation the run asked only about things that do not exist (the statuses suite's samples) answered 404 only,
    // which reads as not implemented: reached are the ones with a verdict on their answers.
    const reached = others.filter((r) => r.verdict === 'conforms' || r.verdict === 'differs');
    expect(reached.length).toBeGreaterThan(30);
    expect(reached.filter((r) => r.verdict !== 'conforms').map((r) => [r.operationId, r.detail])).toEqual([]);
    expect(
      others
        .filter((r) => r.operationId !== 'geocode' && r.badInput.verdict !== 'refused' && r.badInput.verdict !== 'none')
        .map((r) => [r.operationId, r.badInput.detail]),
    ).toEqual([]);
    // Nothing broken is "not run": a broken answer is a verdict.
    expect(Object.keys(BROKEN).filter((id) => result(id)?.verdict !== 'differs')).toEqual([]);
    expect(exitCodeOf(results)).toBe(1);
  });
});

describe('contract report: verdicts and their forms', () => {
  it('When the report holds a backend to the embedded list (--embedded), then a listed operation it does not answer differs and an unlisted one stays not implemented', () => {
    const at = (operationId: string, verdict: OperationResult['verdict'], detail: string): OperationResult => ({
      operationId,
      method: 'GET',
      path: `/api/${operationId}.php`,
      verdict,
      detail,
      badInput: { verdict: 'none', detail: 'not implemented' },
    });
    const held = heldToList(
      [
        at('getInterests', 'not implemented', 'answers 404'),
        at('getFuture', 'not implemented', 'answers 404'),
        at('getSettings', 'conforms', '1 answer(s): 200'),
      ],
      new Set(['getInterests', 'getSettings']),
    );
    expect(held.map((r) => [r.operationId, r.verdict, r.detail])).toEqual([
      ['getInterests', 'differs', 'listed as implemented (EMBEDDED_OPERATIONS) but answers 404'],
      ['getFuture', 'not implemented', 'answers 404'],
      ['getSettings', 'conforms', '1 answer(s): 200'],
    ]);
  });

  it('When an answer carries a field the contract does not name, then it is listed, and a difference only in strict mode', () => {
    const answer = {
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      body: {
        interests: [
          { id: 1, key: 'gym', weight: 3 },
          { id: 2, key: 'kissing', weight: 1 },
        ],
        debug: true,
      },
    };
    expect(checkAnswer('getInterests', answer, false)).toEqual({ unnamed: ['/interests/*/weight', '/debug'] });
    expect(checkAnswer('getInterests', answer, true)).toEqual({
      error: 'fields the contract does not name: /interests/*/weight, /debug',
      unnamed: ['/interests/*/weight', '/debug'],
    });
  });

  it('When an operation conforms but names unknown fields, then the report says so and that --strict makes them differences', async () => {
    const result = await verdictOf('http://127.0.0.1:9', { operationId: 'getInterests', method: 'GET', path: '/api/interests.php' }, [
      { check: 'answer', status: 200, unnamed: ['/debug'] },
    ]);
    expect(result).toMatchObject({
      verdict: 'conforms',
      detail: '1 answer(s): 200; fields the contract does not name: /debug (a difference with --strict)',
      unnamed: ['/debug'],
    });
  });

  it('When bad input is accepted, then the bad-input verdict differs, the exit status fails, and JUnit has a failing case for it', () => {
    const badInput = badInputOf(
      { operationId: 'signup', takesInput: true },
      'conforms',
      [
        { check: 'bad input', status: 400, request: 'body.email left out (required)' },
        {
          check: 'bad input',
          status: 201,
          request: 'body.name = 12345 (a number, not a string)',
          error: 'accepted with 201; a request the contract does not take must get a documented 4xx',
        },
      ],
      [],
      true,
    );
    expect(badInput).toEqual({
      verdict: 'differs',
      detail:
        '201 to body.name = 12345 (a number, not a string): accepted with 201; a request the contract does not take must get a documented 4xx',
    });
    const results: OperationResult[] = [
      { operationId: 'signup', method: 'POST', path: '/api/signup.php', verdict: 'conforms', detail: '2 answer(s): 201, 422', badInput },
      {
        operationId: 'getInterests',
        method: 'GET',
        path: '/api/interests.php',
        verdict: 'conforms',
        badInput: { verdict: 'none', detail: 'it takes no input' },
      },
    ];
    expect(exitCodeOf(results)).toBe(1);
    expect(exitCodeOf([{ ...results[0]!, badInput: { verdict: 'refused', detail: '2 refused: 400' } }, results[1]!])).toBe(0);
    const xml = junitReport(results, 'contract');
    expect(xml).toContain('<testsuite name="contract" tests="3" failures="1" errors="0" skipped="0">');
    expect(xml).toContain(
      '<testcase classname="contract" name="signup bad input (POST /api/signup.php)"><failure message="201 to body.name',
    );
    const text = formatReport(results);
    expect(text).toContain('| bad input differs: 201 to body.name = 12345');
    expect(text.trimEnd().split('\n').at(-1)).toBe('bad input: 0 refuse it, 1 differ, 0 not run, 1 take none or are not implemented');
  });
});
