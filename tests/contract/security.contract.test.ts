/**
 * The contract's `security` is what the backend does: every operation that openapi.yaml marks login-required
 * (`[{cookieAuth: []}]`) answers 403 `authentication_required` to a visitor — a valid request but for the missing
 * session — and no operation marked anonymous (`[]`) or optional (`[{}, {cookieAuth: []}]`) does. Runs against
 * API_BASE_URL (any backend) or an in-process mock-backend, like the other suites here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load as parse } from 'js-yaml';
import { contractLoginOperationsOf } from '../../src/bff/idempotent-operations';
import { queryPairs, requestOf, type Request } from './samples';
import { credentialsFor, credentialsHint, loginCookieOf, startContractTarget } from './target';

const contractText = readFileSync(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)), 'utf8');
const spec = parse(contractText) as { paths: Record<string, Record<string, { operationId: string }>> };

interface Operation {
  operationId: string;
  method: string;
  /** `/user.php`, without the server's `/api`. */
  path: string;
  session: 'required' | 'optional' | 'anonymous';
}

const login = contractLoginOperationsOf(parse(contractText));
const operations: Operation[] = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({
    operationId: op.operationId,
    method: method.toUpperCase(),
    path,
    session: login.get(`${method.toUpperCase()} /api${path}`) ?? 'anonymous',
  })),
);

let base = '';
let stop: () => Promise<void> = async () => {};
let memberId = 1;

beforeAll(async () => {
  ({ base, stop } = await startContractTarget());
  // A member the free demo member may see, for the requests that name one.
  const credentials = await credentialsFor('free@demo.test', base);
  if (!credentials) throw new Error(`no login for free@demo.test on this backend: set ${credentialsHint('free@demo.test')}`);
  const res = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'request-type': 'client', 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  await res.arrayBuffer();
  const cookie = loginCookieOf(res.headers.getSetCookie()) ?? credentials.cookie;
  if (!cookie) throw new Error(`login of ${credentials.email} failed: ${res.status}`);
  const page = await fetch(`${base}/api/members.php?limit=1`, { headers: { cookie } });
  memberId = ((await page.json()) as { profiles?: { id: number }[] }).profiles?.[0]?.id ?? 1;
});
afterAll(() => stop());

/** What a visitor (no cookie) gets for the operation's valid request: the status and the error code, if any. */
async function asVisitor(op: Operation): Promise<{ status: number; code: string | undefined }> {
  const request: Request = requestOf(op.operationId, memberId);
  const query = new URLSearchParams(queryPairs(request.query)).toString();
  const json = request.body !== undefined && !request.form;
  const res = await fetch(`${base}/api${op.path}${query ? `?${query}` : ''}`, {
    method: op.method,
    headers: { 'request-type': 'client', ...(json ? { 'content-type': 'application/json' } : {}) },
    ...(request.form ? { body: request.form() } : json ? { body: JSON.stringify(request.body) } : {}),
  });
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, code: undefined };
  }
  const text = await res.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    code = undefined;
  }
  return { status: res.status, code };
}

describe('the security the contract declares', () => {
  it('When the contract is read, then it declares how each operation uses the session', () => {
    expect(operations.length).toBeGreaterThan(90);
    const count = (session: Operation['session']) => operations.filter((op) => op.session === session).length;
    expect(count('required')).toBeGreaterThan(40);
    expect(count('anonymous')).toBeGreaterThan(5);
    expect(count('optional')).toBeGreaterThan(5);
  });

  it('When a visitor sends each operation a valid request, then exactly the login-required ones answer 403 authentication_required', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const { status, code } = await asVisitor(op);
      const refused = status === 403 && code === 'authentication_required';
      if (refused !== (op.session === 'required')) wrong.push(`${op.operationId} (${op.session}): ${status} ${code ?? ''}`.trimEnd());
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
