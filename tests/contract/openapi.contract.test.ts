/**
 * Runs every operation of openapi.yaml against API_BASE_URL (any backend: the TypeScript mock-backend or a PHP
 * service; who logs in is decided in target.ts), or, without it, against an in-process mock-backend on in-memory
 * PGlite. Each answer is checked as answer-checks.ts says — its status, content type, documented headers, body and the
 * fields the contract does not name — a GET's answer with an ETag is asked again with `If-None-Match` (its 304 is
 * checked too), and every answer is recorded per operation for the operator's report (`npm run contract:report`).
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contractSchemas } from '../../mock-backend/lib/openapi';
import { checkAnswer, type ObservedAnswer } from './answer-checks';
import { noteNotRun, recordAnswer, reporting, strictFields, writeRecord } from './operation-record';
import { authCookieName, credentialsFor, credentialsHint, loginCookieOf, startContractTarget } from './target';

const spec = contractSchemas().contract;

const operations = new Map<string, { path: string; method: string }>();
for (const [path, item] of Object.entries(spec.paths)) {
  for (const [method, op] of Object.entries(item)) operations.set(op.operationId, { path, method });
}
const covered = new Set<string>();

/**
 * The operations each test of this file calls, read from its source: a test that stops (no login for a role, a step it
 * needs that did not happen) names them in the report, which says "not run" with the reason for those it did not reach.
 */
const operationsOfTest = new Map<string, string[]>();
{
  const source = readFileSync(fileURLToPath(import.meta.url), 'utf8');
  const tests = [...source.matchAll(/^ {2}it\(\s*(['"])((?:\\.|(?!\1).)*)\1/gm)];
  tests.forEach((test, i) => {
    const text = source.slice(test.index, tests[i + 1]?.index ?? source.length);
    const named = [...text.matchAll(/'([a-z][A-Za-z]+)'/g)].map((m) => m[1] as string).filter((id) => operations.has(id));
    operationsOfTest.set((test[2] as string).replace(/\\(.)/g, '$1'), [...new Set(named)]);
  });
}

/**
 * Checks one answer of operationId (answer-checks.ts), and the answer to asking again with its ETag, and records them
 * for the report. As a test it fails at once; making the operator's report, the difference is recorded (the report
 * says `differs`) and the test goes on with the answer it got, so one difference hides nothing after it.
 */
function expectMatchesContract(operationId: string, status: number, body: unknown, from: Pick<Answer, 'headers' | 'revalidated'>): void {
  if (!operations.has(operationId)) throw new Error(`unknown operation ${operationId}`);
  covered.add(operationId);
  for (const observed of [{ status, body, headers: from.headers }, ...(from.revalidated ? [from.revalidated] : [])]) {
    const finding = checkAnswer(operationId, observed, strictFields);
    recordAnswer(operationId, { check: 'answer', status: observed.status, ...finding });
    if (!reporting)
      expect(finding.error, `${operationId} ${observed.status}: ${JSON.stringify(observed.body)?.slice(0, 300)}`).toBeUndefined();
  }
}

/**
 * What this repository's backend answers here, and later steps rely on: a test fails when it answers otherwise.
 * Making the report, another backend may answer another status (the answer's own check says whether the contract
 * documents it), and the steps after go on with what they got.
 */
function expectStatus(got: { status: number }, ...expected: number[]): void {
  if (!reporting) expect(expected, `answered ${got.status}`).toContain(got.status);
}

/** A value deep in an answer's body, or undefined where the body has none: later steps go on with what they got. */
function pick(body: unknown, ...keys: (string | number)[]): unknown {
  return keys.reduce<unknown>(
    (at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined),
    body,
  );
}

/** The list under `key` of an answer's body, or none. */
function listOf(body: unknown, key: string): unknown[] {
  const list = pick(body, key);
  return Array.isArray(list) ? list : [];
}

let base = '';
let stop: () => Promise<void> = async () => {};

beforeAll(async () => {
  ({ base, stop } = await startContractTarget());
});
afterAll(async () => {
  writeRecord('answers');
  await stop();
});
// A test that stops leaves the operations it had not reached yet without an answer: the report says why.
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(({ task: failed }) => {
    const error = failed.result?.errors?.[0];
    const reason = (error?.message ?? 'its test failed').split('\n')[0] as string;
    noteNotRun('answer', operationsOfTest.get(task.name) ?? [], reason);
  });
});

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
  cookie: string | undefined;
  /** A GET's answer to asking again with its ETag in `If-None-Match` (a 304 while unchanged). */
  revalidated?: ObservedAnswer;
}

/** Status, head and body of a fetch answer: the body parsed as JSON, else its text (a PHP error page fails the checks). */
async function observe(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers, cookie: loginCookieOf(res.headers.getSetCookie()) };
}

/**
 * A GET asked again with the ETag of its answer, over node:http — not fetch, which adds `Cache-Control: no-cache` to a
 * request that carries `If-None-Match` and so never gets a 304.
 */
function revalidate(path: string, headers: Record<string, string>, etag: string): Promise<ObservedAnswer> {
  const url = new URL(`${base}/api${path}`);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers: { ...headers, 'if-none-match': etag } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = text;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function call(method: string, path: string, opts: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = {
    'request-type': 'client',
    ...(opts.cookie ? { cookie: opts.cookie } : {}),
    ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
  };
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  }).catch((error: unknown) => {
    throw new Error(`${method} /api${path}: the backend did not answer (${error instanceof Error ? error.message : String(error)})`);
  });
  const answer = await observe(res);
  const etag = res.headers.get('etag');
  if (method === 'GET' && res.status === 200 && etag) answer.revalidated = await revalidate(path, headers, etag);
  return answer;
}

const answer = (a: Answer): [number, unknown, Answer] => [a.status, a.body, a];

async function login(email: string): Promise<string> {
  const credentials = await credentialsFor(email, base);
  if (!credentials) throw new Error(`no login for ${email} on this backend: set ${credentialsHint(email)}`);
  const res = await call('POST', '/user.php', { body: credentials });
  expectMatchesContract('postUser', ...answer(res));
  const cookie = res.cookie ?? credentials.cookie;
  if (!cookie)
    throw new Error(
      `no ${authCookieName} cookie after logging in as ${credentials.email} (postUser answered ${res.status}; set CONTRACT_AUTH_COOKIE to the backend's login cookie)`,
    );
  return cookie;
}

describe('contract of openapi.yaml', () => {
  let free = '';
  let premium = '';
  // A missing login stops only the tests that need one (the public calls still run); the report names it.
  let loginError: Error | undefined;
  beforeAll(async () => {
    try {
      free = await login('free@demo.test');
    } catch (error) {
      // Each test that needs the login stops at needsLogin(), and the report names this reason for its operations.
      loginError = error instanceof Error ? error : new Error(String(error));
      return;
    }
    // A backend without a premium login (see target.ts) still gets every call, as the free member.
    premium = await login('premium@demo.test').catch(() => free);
  });
  const needsLogin = () => {
    if (loginError) throw loginError;
  };

  it('When the site endpoints are called, then their answers match the contract', async () => {
    for (const [id, path] of [
      ['getSettings', '/settings.php?country=NL&network=test'],
      ['getInterests', '/interests.php'],
      ['getRegions', '/regions.php?country=DE'],
      ['getCompanyInfo', '/companyinfo.php'],
      ['geocode', '/geocode.php?lat=48.85&lon=2.35'],
    ] as const) {
      const res = await call('GET', path);
      expectMatchesContract(id, ...answer(res));
      expectStatus(res, 200);
    }
    const bad = await call('GET', '/regions.php?country=Netherlands');
    expectMatchesContract('getRegions', ...answer(bad));
  });

  it('When session endpoints are called, then their answers match the contract', async () => {
    needsLogin();
    const anon = await call('GET', '/user.php');
    expectMatchesContract('getUser', ...answer(anon));
    const me = await call('GET', '/user.php', { cookie: free });
    expectMatchesContract('getUser', ...answer(me));
    const put = await call('PUT', '/user.php', { cookie: free, body: { language: 'en' } });
    expectMatchesContract('putUser', ...answer(put));
    const wrong = await call('POST', '/user.php', { body: { email: 'free@demo.test', password: 'wrong' } });
    expectMatchesContract('postUser', ...answer(wrong));
    const push = await call('POST', '/user.php?push=1', {
      cookie: free,
      body: { subscription: JSON.stringify({ endpoint: 'https://push.example/contract', keys: {} }) },
    });
    expectMatchesContract('postUser', ...answer(push));
    // A beacon a backend may decline with 503 (see its description): the answer is recorded (and checked against the
    // contract) before our backend is held to recording it.
    const hidden = await call('POST', '/page-hidden.php', { cookie: free, body: {} });
    expectMatchesContract('pageHidden', ...answer(hidden));
    expectStatus(hidden, 204);
  });

  it('When a visitor files a complaint, or sends an incomplete one, then both answers match the contract', async () => {
    const body = {
      name: 'Contract Tester',
      email: 'contract@example.test',
      category: 'technical',
      message: 'The pricing page did not load on my phone.',
    };
    const filed = await call('POST', '/complaints.php', { body });
    expectStatus(filed, 201);
    expectMatchesContract('submitComplaint', ...answer(filed));
    const invalid = await call('POST', '/complaints.php', { body: { ...body, email: 'nope' } });
    expectMatchesContract('submitComplaint', ...answer(invalid));
  });

  it('When member endpoints are called, then their answers match the contract', async () => {
    needsLogin();
    const page = await call('GET', '/members.php?limit=5', { cookie: free });
    expectMatchesContract('listMembers', ...answer(page));
  });

  it('When a profile is asked for, then the answer matches the contract (a member from the search, else the member himself)', async () => {
    needsLogin();
    const page = await call('GET', '/members.php?limit=5', { cookie: free });
    const listed = page.status === 200 ? pick(page.body, 'profiles', 0, 'id') : undefined;
    // A backend without the member search (a PHP service moving off) is asked for the member's own profile.
    const id = listed ?? pick((await call('GET', '/user.php', { cookie: free })).body, 'user', 'profile', 'id');
    const profile = await call('GET', `/profile.php?id=${id}`, { cookie: free });
    expectMatchesContract('getProfile', ...answer(profile));
    const missing = await call('GET', '/profile.php?id=987654321');
    expectMatchesContract('getProfile', ...answer(missing));
  });

  it('When social and credit endpoints are called, then their answers match the contract', async () => {
    needsLogin();
    let chats = await call('GET', '/chats.php', { cookie: premium });
    expectMatchesContract('listChats', ...answer(chats));
    if (chats.status === 200 && listOf(chats.body, 'chats').length === 0 && premium !== free) {
      // A member the report made has no conversation yet: one message to the free member opens one to remove.
      const freeId = pick((await call('GET', '/user.php', { cookie: free })).body, 'user', 'id');
      await call('POST', '/message.php', { cookie: premium, body: { profile_id: freeId, text: 'Contract check' } });
      chats = await call('GET', '/chats.php', { cookie: premium });
    }
    const likes = await call('GET', '/likes.php', { cookie: premium });
    expectMatchesContract('listLikes', ...answer(likes));
    const auto = await call('GET', '/auto-like.php', { cookie: premium });
    expectMatchesContract('autoLike', ...answer(auto));
    const anonAuto = await call('GET', '/auto-like.php');
    expectMatchesContract('autoLike', ...answer(anonAuto));
    const conversation = pick(chats.body, 'chats', 0, 'conversation') ?? 1;
    const del = await call('DELETE', '/chat.php', { cookie: premium, body: { conversation } });
    expectMatchesContract('deleteChat', ...answer(del));
    const again = await call('DELETE', '/chat.php', { cookie: premium, body: { conversation } });
    expectStatus(again, 404);
    expectMatchesContract('deleteChat', ...answer(again));
    const welcome = await call('GET', '/discountcode.php?welcome=true', { cookie: free });
    expectMatchesContract('getDiscountCode', ...answer(welcome));
    const unknown = await call('GET', '/discountcode.php?code=DOES-NOT-EXIST', { cookie: free });
    expectMatchesContract('getDiscountCode', ...answer(unknown));
  });

  it('When account endpoints are called, then their answers match the contract', async () => {
    needsLogin();
    const noToken = { token: '0'.repeat(64) };
    const answers: [string, Answer][] = [
      [
        'signup',
        await call('POST', '/signup.php', {
          body: { email: `contract-${Date.now()}@example.test`, password: 'contract-pass', name: 'Contract', date_of_birth: '1990-01-01' },
        }),
      ],
      [
        'signup',
        await call('POST', '/signup.php', {
          body: { email: 'not-an-address', password: 'contract-pass', name: 'Contract', date_of_birth: '1990-01-01' },
        }),
      ],
      ['completeSignup', await call('PUT', '/signup.php', { body: { name: 'Contract', date_of_birth: '1990-01-01' } })],
      ['activate', await call('POST', '/activate.php', { body: noToken })],
      ['resendActivationMail', await call('POST', '/activation-mail.php', { body: {} })],
      ['requestPasswordReset', await call('POST', '/reset-password.php', { body: { email: 'nobody@example.test' } })],
      ['checkResetToken', await call('GET', `/reset-password.php?token=${noToken.token}`)],
      ['requestLoginLink', await call('POST', '/login-link.php', { body: { email: 'nobody@example.test' } })],
      ['loginWithLink', await call('PUT', '/login-link.php', { body: noToken })],
      [
        'resetPassword',
        await call('PUT', '/reset-password.php', { body: { ...noToken, password: 'contract-pass', password_repeat: 'contract-pass' } }),
      ],
      [
        'changePassword',
        await call('PUT', '/password.php', {
          cookie: free,
          body: { old_password: 'wrong', password: 'contract-pass', password_repeat: 'contract-pass' },
        }),
      ],
      [
        'requestMailChange',
        await call('POST', '/mail-change.php', { cookie: free, body: { password: 'wrong', email: 'new@example.test' } }),
      ],
      ['confirmMailChange', await call('PUT', '/mail-change.php', { body: noToken })],
      ['deleteAccount', await call('DELETE', '/account.php', { body: { password: 'x', reasons: [] } })],
      ['claimDeleteDiscount', await call('POST', '/delete-discount.php', { cookie: free })],
      ['claimDeleteDiscount', await call('POST', '/delete-discount.php')],
      ['reactivateAccount', await call('POST', '/account.php', { body: noToken })],
      ['getNotificationSettings', await call('GET', '/notifications.php', { cookie: free })],
      [
        'putNotificationSettings',
        await call('PUT', '/notifications.php', {
          cookie: free,
          body: { mail: { messages: true, likes: true, matches: true, news: false } },
        }),
      ],
    ];
    for (const [id, res] of answers) expectMatchesContract(id, ...answer(res));
  });

  it('When profile, photo, block, invisible and location endpoints are called, then their answers match the contract', async () => {
    needsLogin();
    const free = await login('free@demo.test');
    const premium = await login('premium@demo.test');
    const mine = await call('GET', '/my-profile.php', { cookie: free });
    expectMatchesContract('getMyProfile', ...answer(mine));
    expectMatchesContract('getMyProfile', ...answer(await call('GET', '/my-profile.php')));
    const edit = await call('PUT', '/profile.php', { cookie: free, body: { about: 'Contract check', interests: [] } });
    expectMatchesContract('updateProfile', ...answer(edit));
    const badEdit = await call('PUT', '/profile.php', { cookie: free, body: { name: '@contract' } });
    expectMatchesContract('updateProfile', ...answer(badEdit));

    const { default: sharp } = await import('sharp');
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a35' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'contract.jpg');
    const up = await observe(await fetch(`${base}/api/photos.php`, { method: 'POST', headers: { cookie: free }, body: form }));
    expectMatchesContract('uploadPhoto', ...answer(up));
    const photoId = pick(listOf(up.body, 'photos').at(-1), 'id') ?? 1;
    const main = await call('PUT', '/photos.php', { cookie: free, body: { id: photoId } });
    expectMatchesContract('setMainPhoto', ...answer(main));
    const del = await call('DELETE', '/photos.php', { cookie: free, body: { id: photoId } });
    expectMatchesContract('deletePhoto', ...answer(del));
    const gone = await call('DELETE', '/photos.php', { cookie: free, body: { id: photoId } });
    expectMatchesContract('deletePhoto', ...answer(gone));

    const premiumId = pick((await call('GET', '/user.php', { cookie: premium })).body, 'user', 'id');
    expectMatchesContract('blockMember', ...answer(await call('POST', '/block.php', { cookie: free, body: { id: premiumId } })));
    expectMatchesContract('listBlocks', ...answer(await call('GET', '/blocks.php', { cookie: free })));
    expectMatchesContract('unblockMember', ...answer(await call('DELETE', '/block.php', { cookie: free, body: { id: premiumId } })));
    expectMatchesContract('setInvisible', ...answer(await call('PUT', '/invisible.php', { cookie: free, body: { invisible: false } })));
    await call('GET', `/profile.php?id=${premiumId}`, { cookie: free });
    expectMatchesContract('listFootprints', ...answer(await call('GET', '/footprints.php?limit=1', { cookie: premium })));
    expectMatchesContract('getFootprintSettings', ...answer(await call('GET', '/footprints-settings.php', { cookie: free })));
    expectMatchesContract(
      'setFootprintSettings',
      ...answer(await call('PUT', '/footprints-settings.php', { cookie: free, body: { enabled: true } })),
    );
    expectMatchesContract('saveLocation', ...answer(await call('PUT', '/location.php', { cookie: free, body: { lat: 52.37, lon: 4.89 } })));
    expectMatchesContract('forgetLocation', ...answer(await call('DELETE', '/location.php', { cookie: free })));
    expectMatchesContract(
      'listMembers',
      ...answer(await call('GET', '/members.php?gender=male&min_age=20&max_age=60&sort=last_active', { cookie: free })),
    );
  });

  it('When a member makes a photo private, shares his album, the other member reads it and it is taken back, then every answer matches the contract', async () => {
    needsLogin();
    const freeId = pick((await call('GET', '/user.php', { cookie: free })).body, 'user', 'id') ?? 987654;
    const premiumId = pick((await call('GET', '/user.php', { cookie: premium })).body, 'user', 'id') ?? 987654;
    const { default: sharp } = await import('sharp');
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#5a3' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'private.jpg');
    const up = await observe(await fetch(`${base}/api/photos.php`, { method: 'POST', headers: { cookie: free }, body: form }));
    expectStatus(up, 201);
    expectMatchesContract('uploadPhoto', ...answer(up));
    const photoId = Math.max(0, ...listOf(up.body, 'photos').map((p) => Number(pick(p, 'id')) || 0)) || 987654;

    const made = await call('PUT', '/photo-private.php', { cookie: free, body: { id: photoId, private: true } });
    expectStatus(made, 200);
    expectMatchesContract('setPhotoPrivate', ...answer(made));
    if (!reporting) expect(listOf(made.body, 'photos').find((p) => pick(p, 'id') === photoId)).toMatchObject({ private: true });
    expectMatchesContract('setPhotoPrivate', ...answer(await call('PUT', '/photo-private.php', { body: { id: photoId, private: true } })));
    // The album shows approved photos only: the moderator approves this one, when the backend has his login.
    const moderator = await login('moderator@demo.test').catch(() => undefined);
    if (moderator) await call('PUT', '/moderation.php', { cookie: moderator, body: { photo: photoId, decision: 'approve' } });

    // Not shared yet: the other member may see the owner but not his album; nobody's album is 404.
    const notYet = await call('GET', `/album.php?id=${freeId}`, { cookie: premium });
    expectStatus(notYet, 403);
    expectMatchesContract('getAlbum', ...answer(notYet));
    expectMatchesContract('getAlbum', ...answer(await call('GET', '/album.php?id=2000000000', { cookie: premium })));
    expectMatchesContract('getAlbum', ...answer(await call('GET', `/album.php?id=${freeId}`)));

    const shared = await call('POST', '/album-share.php', { cookie: free, body: { id: premiumId } });
    expectStatus(shared, 200);
    expectMatchesContract('shareAlbum', ...answer(shared));
    expectMatchesContract('shareAlbum', ...answer(await call('POST', '/album-share.php', { cookie: free, body: { id: premiumId } })));
    expectMatchesContract('shareAlbum', ...answer(await call('POST', '/album-share.php', { cookie: free, body: { id: freeId } })));
    expectMatchesContract('shareAlbum', ...answer(await call('POST', '/album-share.php', { cookie: free, body: { id: 2_000_000_000 } })));
    expectMatchesContract('shareAlbum', ...answer(await call('POST', '/album-share.php', { body: { id: premiumId } })));

    const shares = await call('GET', '/album-shares.php', { cookie: free });
    expectStatus(shares, 200);
    expectMatchesContract('listAlbumShares', ...answer(shares));
    if (!reporting) expect(listOf(shares.body, 'shares').map((s) => pick(s, 'id'))).toContain(premiumId);
    expectMatchesContract('listAlbumShares', ...answer(await call('GET', '/album-shares.php')));

    // The conversation between the two says what the chat needs of both albums (optional: another backend may not).
    const ownersChat = await call('GET', `/conversation.php?profile_id=${premiumId}`, { cookie: free });
    expectStatus(ownersChat, 200);
    expectMatchesContract('getConversation', ...answer(ownersChat));
    const viewersChat = await call('GET', `/conversation.php?profile_id=${freeId}`, { cookie: premium });
    expectStatus(viewersChat, 200);
    expectMatchesContract('getConversation', ...answer(viewersChat));
    if (!reporting) {
      expect(pick(ownersChat.body, 'private_album')).toMatchObject({ shared_by_me: true, shared_with_me: false });
      expect(pick(viewersChat.body, 'private_album')).toMatchObject({ shared_by_me: false, shared_with_me: true });
      if (moderator) {
        expect(pick(ownersChat.body, 'private_album', 'own_count')).toBeGreaterThanOrEqual(1);
        expect(pick(viewersChat.body, 'private_album', 'count')).toBeGreaterThanOrEqual(1);
      }
    }

    const album = await call('GET', `/album.php?id=${freeId}`, { cookie: premium });
    expectStatus(album, 200);
    expectMatchesContract('getAlbum', ...answer(album));
    if (!reporting && moderator) expect(listOf(album.body, 'photos').map((p) => pick(p, 'id'))).toContain(photoId);
    expectMatchesContract('getAlbum', ...answer(await call('GET', `/album.php?id=${freeId}`, { cookie: free })));

    const unshared = await call('DELETE', `/album-share.php?id=${premiumId}`, { cookie: free });
    expectStatus(unshared, 200);
    expectMatchesContract('unshareAlbum', ...answer(unshared));
    expectMatchesContract('unshareAlbum', ...answer(await call('DELETE', `/album-share.php?id=${premiumId}`, { cookie: free })));
    expectMatchesContract('unshareAlbum', ...answer(await call('DELETE', `/album-share.php?id=${premiumId}`)));
    const takenBack = await call('GET', `/album.php?id=${freeId}`, { cookie: premium });
    expectStatus(takenBack, 403);
    expectMatchesContract('getAlbum', ...answer(takenBack));
    const closedChat = await call('GET', `/conversation.php?profile_id=${freeId}`, { cookie: premium });
    expectMatchesContract('getConversation', ...answer(closedChat));
    if (!reporting) expect(pick(closedChat.body, 'private_album', 'shared_with_me')).toBe(false);

    const back = await call('PUT', '/photo-private.php', { cookie: free, body: { id: photoId, private: false } });
    expectStatus(back, 200);
    expectMatchesContract('setPhotoPrivate', ...answer(back));
    await call('DELETE', '/photos.php', { cookie: free, body: { id: photoId } });
    const gone = await call('PUT', '/photo-private.php', { cookie: free, body: { id: photoId, private: true } });
    expectStatus(gone, 404);
    expectMatchesContract('setPhotoPrivate', ...answer(gone));
  });

  it('When the moderation queue is read and photos are decided, then every answer matches the contract', async () => {
    needsLogin();
    const { default: sharp } = await import('sharp');
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#35a' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'moderation.jpg');
    const up = await observe(await fetch(`${base}/api/photos.php`, { method: 'POST', headers: { cookie: premium }, body: form }));
    expectMatchesContract('uploadPhoto', ...answer(up));
    const photoId = Math.max(0, ...listOf(up.body, 'photos').map((p) => Number(pick(p, 'id')) || 0)) || 987654;

    expectMatchesContract('listPendingPhotos', ...answer(await call('GET', '/moderation.php')));
    expectMatchesContract('listPendingPhotos', ...answer(await call('GET', '/moderation.php', { cookie: free })));
    // The moderator's login only now: the steps before it need none.
    const moderator = await login('moderator@demo.test');
    const queue = await call('GET', '/moderation.php?limit=10', { cookie: moderator });
    expectStatus(queue, 200);
    expectMatchesContract('listPendingPhotos', ...answer(queue));
    expectMatchesContract(
      'decidePhoto',
      ...answer(await call('PUT', '/moderation.php', { cookie: free, body: { photo: photoId, decision: 'approve' } })),
    );
    const approved = await call('PUT', '/moderation.php', { cookie: moderator, body: { photo: photoId, decision: 'approve' } });
    expectStatus(approved, 200);
    expectMatchesContract('decidePhoto', ...answer(approved));
    const again = await call('PUT', '/moderation.php', { cookie: moderator, body: { photo: photoId, decision: 'reject' } });
    expectStatus(again, 404);
    expectMatchesContract('decidePhoto', ...answer(again));
    expectMatchesContract(
      'decidePhoto',
      ...answer(await call('PUT', '/moderation.php', { cookie: moderator, body: { photo: photoId, decision: 'maybe' } })),
    );
    await call('DELETE', '/photos.php', { cookie: premium, body: { id: photoId } });
  });

  it('When a member consents to sexual health details, sets them, shows them and withdraws, then every answer matches the contract', async () => {
    needsLogin();
    expectMatchesContract('getSexualHealth', ...answer(await call('GET', '/sexual-health.php')));
    expectMatchesContract('getSexualHealth', ...answer(await call('GET', '/sexual-health.php', { cookie: premium })));
    const refused = await call('PUT', '/sexual-health.php', { cookie: premium, body: { hiv_status: 'negative' } });
    expectStatus(refused, 409);
    expectMatchesContract('putSexualHealth', ...answer(refused));
    const body = { consent: true, hiv_status: 'negative', on_prep: true, last_test: '2026-01-10', visibility: 'everyone' };
    expectMatchesContract('putSexualHealth', ...answer(await call('PUT', '/sexual-health.php', { cookie: premium, body })));
    expectMatchesContract(
      'putSexualHealth',
      ...answer(await call('PUT', '/sexual-health.php', { cookie: premium, body: { last_test: '2999-01-01' } })),
    );
    const premiumId = pick((await call('GET', '/user.php', { cookie: premium })).body, 'user', 'id');
    expectMatchesContract('getProfile', ...answer(await call('GET', `/profile.php?id=${String(premiumId)}`, { cookie: free })));
    expectMatchesContract('getSexualHealth', ...answer(await call('GET', '/sexual-health.php', { cookie: premium })));
    expectMatchesContract('deleteSexualHealth', ...answer(await call('DELETE', '/sexual-health.php')));
    expectMatchesContract('deleteSexualHealth', ...answer(await call('DELETE', '/sexual-health.php', { cookie: premium })));
  });

  it('When a member asks for verification, sends a selfie and a moderator decides it, then every answer matches the contract', async () => {
    needsLogin();
    expectMatchesContract('getVerification', ...answer(await call('GET', '/verification.php')));
    expectMatchesContract('listVerificationQueue', ...answer(await call('GET', '/verification-queue.php', { cookie: free })));
    expectMatchesContract('getVerification', ...answer(await call('GET', '/verification.php', { cookie: premium })));
    const early = await fetch(`${base}/api/verification-selfie.php`, {
      method: 'POST',
      headers: { cookie: premium },
      body: new FormData(),
    });
    expectMatchesContract('submitVerificationSelfie', ...answer(await observe(early)));
    const started = await call('POST', '/verification.php', { cookie: premium });
    expectMatchesContract('startVerification', ...answer(started));
    expectMatchesContract('startVerification', ...answer(await call('POST', '/verification.php', { cookie: premium })));

    const { default: sharp } = await import('sharp');
    const selfie = async () => {
      const image = await sharp({ create: { width: 48, height: 64, channels: 3, background: '#c96' } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'selfie.jpg');
      return observe(await fetch(`${base}/api/verification-selfie.php`, { method: 'POST', headers: { cookie: premium }, body: form }));
    };
    const sent = await selfie();
    expectMatchesContract('submitVerificationSelfie', ...answer(sent));
    const second = await selfie();
    expectMatchesContract('submitVerificationSelfie', ...answer(second));
    expectMatchesContract('startVerification', ...answer(await call('POST', '/verification.php', { cookie: premium })));

    // The moderator's login only now: the steps before it need none.
    const moderator = await login('moderator@demo.test');
    const queue = await call('GET', '/verification-queue.php', { cookie: moderator });
    expectMatchesContract('listVerificationQueue', ...answer(queue));
    const premiumId = pick((await call('GET', '/user.php', { cookie: premium })).body, 'user', 'id');
    const request = listOf(queue.body, 'requests').find((r) => pick(r, 'member', 'id') === premiumId);
    const id = pick(request, 'id') ?? 987654;
    const decide = (cookie: string, body: Record<string, unknown>) => call('POST', '/verification-decision.php', { cookie, body });
    expectMatchesContract('decideVerification', ...answer(await decide(free, { request: id, decision: 'approve' })));
    expectMatchesContract('decideVerification', ...answer(await decide(moderator, { request: id, decision: 'refuse' })));
    expectMatchesContract(
      'decideVerification',
      ...answer(await decide(moderator, { request: id, decision: 'refuse', reason: 'pose_wrong' })),
    );
    expectMatchesContract('decideVerification', ...answer(await decide(moderator, { request: id, decision: 'approve' })));
    expectMatchesContract('decideVerification', ...answer(await decide(moderator, { request: 987654, decision: 'approve' })));
    expectMatchesContract('decideVerification', ...answer(await decide(moderator, { request: id, decision: 'maybe' })));
    expectMatchesContract('getVerification', ...answer(await call('GET', '/verification.php', { cookie: premium })));
    expectMatchesContract('listMembers', ...answer(await call('GET', '/members.php?verified=true&limit=5', { cookie: free })));
  });

  it('When the team is listed and a member is made a moderator and a member again, then every answer matches the contract', async () => {
    needsLogin();
    const moderator = await login('moderator@demo.test');
    const admin = await login('admin@demo.test');
    for (const cookie of [undefined, free, moderator])
      expectMatchesContract('listModerators', ...answer(await call('GET', '/moderators.php', cookie ? { cookie } : {})));
    const team = await call('GET', '/moderators.php', { cookie: admin });
    expectStatus(team, 200);
    expectMatchesContract('listModerators', ...answer(team));

    const member = pick((await call('GET', '/user.php', { cookie: premium })).body, 'user', 'id');
    expectMatchesContract('setModeratorRole', ...answer(await call('PUT', '/moderators.php', { body: { member, role: 'moderator' } })));
    expectMatchesContract(
      'setModeratorRole',
      ...answer(await call('PUT', '/moderators.php', { cookie: moderator, body: { member, role: 'moderator' } })),
    );
    const granted = await call('PUT', '/moderators.php', { cookie: admin, body: { member, role: 'moderator' } });
    try {
      expectStatus(granted, 200);
      expectMatchesContract('setModeratorRole', ...answer(granted));
    } finally {
      // The member he was, whatever the checks above found.
      const withdrawn = await call('PUT', '/moderators.php', { cookie: admin, body: { member, role: 'member' } });
      expectStatus(withdrawn, 200);
      expectMatchesContract('setModeratorRole', ...answer(withdrawn));
    }
    const unknown = { email: 'nobody-contract@example.test', role: 'moderator' };
    expectMatchesContract('setModeratorRole', ...answer(await call('PUT', '/moderators.php', { cookie: admin, body: unknown })));
    expectMatchesContract('setModeratorRole', ...answer(await call('PUT', '/moderators.php', { cookie: admin, body: { role: 'member' } })));
    const self = pick((await call('GET', '/user.php', { cookie: admin })).body, 'user', 'id');
    const fixed = await call('PUT', '/moderators.php', { cookie: admin, body: { member: self, role: 'member' } });
    expectStatus(fixed, 403);
    expectMatchesContract('setModeratorRole', ...answer(fixed));
    expectMatchesContract(
      'setModeratorRole',
      ...answer(await call('PUT', '/moderators.php', { cookie: admin, body: { member: self, role: 'admin' } })),
    );
  });

  it('When likes, the swipe game and the match finder are used, then every answer matches the contract', async () => {
    needsLogin();
    const wide = { gender: null, min_age: 18, max_age: 99, country: null, region_id: null };
    expectMatchesContract('getMatchPreferences', ...answer(await call('GET', '/match-preferences.php', { cookie: free })));
    expectMatchesContract('saveMatchPreferences', ...answer(await call('PUT', '/match-preferences.php', { cookie: free, body: wide })));
    expectMatchesContract(
      'saveMatchPreferences',
      ...answer(await call('PUT', '/match-preferences.php', { cookie: free, body: { ...wide, min_age: 60, max_age: 20 } })),
    );
    const finder = await call('GET', '/match-finder.php?limit=5', { cookie: free });
    expectMatchesContract('findMatches', ...answer(finder));
    const target = pick(finder.body, 'matches', 0, 'profile', 'id') ?? 1;
    expectMatchesContract('likeProfile', ...answer(await call('POST', '/like.php', { cookie: free, body: { profile_id: target } })));
    expectMatchesContract('likeProfile', ...answer(await call('POST', '/like.php', { cookie: free, body: { profile_id: 987654321 } })));
    expectMatchesContract('likeProfile', ...answer(await call('POST', '/like.php', { body: { profile_id: target } })));
    expectMatchesContract('unlikeProfile', ...answer(await call('DELETE', '/like.php', { cookie: free, body: { profile_id: target } })));
    const game = await call('GET', '/swipe-game.php', { cookie: free });
    expectMatchesContract('getSwipeGame', ...answer(game));
    const cards = listOf(game.body, 'cards').map((card) => pick(card, 'id'));
    expectMatchesContract(
      'swipe',
      ...answer(await call('POST', '/swipe.php', { cookie: free, body: { profile_id: cards[0], like: false } })),
    );
    expectMatchesContract('undoSwipe', ...answer(await call('DELETE', '/swipe.php', { cookie: free })));
    expectMatchesContract('undoSwipe', ...answer(await call('DELETE', '/swipe.php', { cookie: free })));
    let last: Answer | undefined;
    for (const card of cards.slice(1, 6)) last = await call('POST', '/swipe.php', { cookie: free, body: { profile_id: card, like: true } });
    // The demo data has cards enough for the day's swipe likes; another backend's answers are checked as they come.
    if (!last) {
      if (!reporting) throw new Error('too few cards');
      return;
    }
    expectMatchesContract('swipe', ...answer(last));
    expectStatus(last, 429);
  });

  it('When chat endpoints are called (conversation, send, read, typing, events), then their answers match the contract', async () => {
    needsLogin();
    const other = pick((await call('GET', '/members.php', { cookie: premium })).body, 'profiles', 0, 'id') ?? 987654;
    expectMatchesContract('getConversation', ...answer(await call('GET', `/conversation.php?profile_id=${other}`)));
    expectMatchesContract('getConversation', ...answer(await call('GET', `/conversation.php?profile_id=${other}`, { cookie: premium })));
    expectMatchesContract(
      'getConversation',
      ...answer(await call('GET', '/conversation.php?conversation=2147483647', { cookie: premium })),
    );
    expectMatchesContract('getConversation', ...answer(await call('GET', '/conversation.php?profile_id=0', { cookie: premium })));
    const sent = await call('POST', '/message.php', { cookie: premium, body: { profile_id: other, text: 'Hi from the contract test' } });
    expectStatus(sent, 201);
    expectMatchesContract('sendMessage', ...answer(sent));
    expectMatchesContract('sendMessage', ...answer(await call('POST', '/message.php', { body: { profile_id: other, text: 'hi' } })));
    expectMatchesContract('sendMessage', ...answer(await call('POST', '/message.php', { cookie: premium, body: { profile_id: other } })));
    expectMatchesContract(
      'sendMessage',
      ...answer(await call('POST', '/message.php', { cookie: premium, body: { profile_id: 2147483647, text: 'hi' } })),
    );
    expectMatchesContract(
      'sendMessage',
      ...answer(await call('POST', '/message.php', { cookie: premium, body: { profile_id: other, text: 'x'.repeat(5000) } })),
    );
    const message = { conversation: pick(sent.body, 'message', 'conversation') ?? 987654, seq: pick(sent.body, 'message', 'seq') ?? 1 };
    expectMatchesContract(
      'getConversation',
      ...answer(await call('GET', `/conversation.php?conversation=${message.conversation}&limit=1`, { cookie: premium })),
    );
    expectMatchesContract(
      'markConversationRead',
      ...answer(
        await call('POST', '/conversation-read.php', { cookie: premium, body: { conversation: message.conversation, seq: message.seq } }),
      ),
    );
    expectMatchesContract(
      'markConversationRead',
      ...answer(await call('POST', '/conversation-read.php', { cookie: free, body: { conversation: message.conversation, seq: 1 } })),
    );
    expectMatchesContract(
      'markConversationRead',
      ...answer(await call('POST', '/conversation-read.php', { body: { conversation: 1, seq: 1 } })),
    );
    expectMatchesContract(
      'sendTyping',
      ...answer(await call('POST', '/typing.php', { cookie: premium, body: { conversation: message.conversation } })),
    );
    expectMatchesContract(
      'sendTyping',
      ...answer(await call('POST', '/typing.php', { cookie: free, body: { conversation: message.conversation } })),
    );
    expectMatchesContract('sendTyping', ...answer(await call('POST', '/typing.php', { cookie: premium, body: {} })));
    expectMatchesContract('listGifts', ...answer(await call('GET', '/gifts.php', { cookie: premium })));
    expectMatchesContract('listGifts', ...answer(await call('GET', '/gifts.php')));
    const gift = await call('POST', '/gift.php', { cookie: premium, body: { profile_id: other, gift: 'rose' } });
    expectStatus(gift, 201);
    expectMatchesContract('sendGift', ...answer(gift));
    expectMatchesContract(
      'sendGift',
      ...answer(await call('POST', '/gift.php', { cookie: premium, body: { profile_id: other, gift: 'unicorn' } })),
    );
    expectMatchesContract('sendGift', ...answer(await call('POST', '/gift.php', { body: { profile_id: other, gift: 'rose' } })));
    expectMatchesContract('streamEvents', ...answer(await call('GET', '/events.php')));
    expectMatchesContract('streamEvents', ...answer(await call('GET', '/events.php?last_event_id=-1', { cookie: premium })));
    // The stream itself (text/event-stream): its head, then the test hangs up.
    const aborter = new AbortController();
    const stream = await fetch(`${base}/api/events.php`, { headers: { cookie: premium }, signal: aborter.signal });
    const opened: Answer = stream.headers.get('content-type')?.startsWith('text/event-stream')
      ? { status: stream.status, body: undefined, headers: stream.headers, cookie: undefined }
      : await observe(stream);
    aborter.abort();
    expectMatchesContract('streamEvents', ...answer(opened));
    expectStatus(opened, 200);
  });

  it('When bundles are listed, a bundle is bought on the hosted checkout, and its unused credits are refunded, then every answer matches the contract', async () => {
    needsLogin();
    const buyer = await login('free@demo.test');
    expectMatchesContract('listCreditPackages', ...answer(await call('GET', '/credit-packages.php?country=PL')));
    expectMatchesContract(
      'listCreditPackages',
      ...answer(await call('GET', '/credit-packages.php?country=NL&discount_code=NOPE-NOPE', { cookie: buyer })),
    );
    const packages = await call('GET', '/credit-packages.php?country=NL', { cookie: buyer });
    expectStatus(packages, 200);
    expectMatchesContract('listCreditPackages', ...answer(packages));
    const pkg = { id: pick(packages.body, 'packages', 0, 'id') ?? 1 };
    expectMatchesContract(
      'createPayment',
      ...answer(await call('POST', '/payments.php', { body: { package_id: pkg.id, method: 'ideal', issuer: 'ideal_INGBNL2A' } })),
    );
    expectMatchesContract(
      'createPayment',
      ...answer(await call('POST', '/payments.php', { cookie: buyer, body: { package_id: pkg.id, method: 'blik', country: 'NL' } })),
    );
    const created = await call('POST', '/payments.php', {
      cookie: buyer,
      body: { package_id: pkg.id, method: 'ideal', issuer: 'ideal_INGBNL2A', country: 'NL' },
    });
    expectStatus(created, 201);
    expectMatchesContract('createPayment', ...answer(created));
    const paymentId = pick(created.body, 'payment_id') ?? 987654;
    const checkoutUrl = pick(created.body, 'checkout_url');
    expectMatchesContract('getPayment', ...answer(await call('GET', `/payment.php?id=${paymentId}`, { cookie: buyer })));
    expectMatchesContract('getPayment', ...answer(await call('GET', '/payment.php?id=2147483647', { cookie: buyer })));
    // The unpaid order: back to its checkout, or cancelled (an order that is not the member's own is 404).
    expectMatchesContract(
      'resumePayment',
      ...answer(await call('POST', '/payment-resume.php', { cookie: buyer, body: { payment_id: paymentId } })),
    );
    expectMatchesContract(
      'resumePayment',
      ...answer(await call('POST', '/payment-resume.php', { cookie: buyer, body: { payment_id: 2147483647 } })),
    );
    expectMatchesContract(
      'cancelPayment',
      ...answer(await call('POST', '/payment-cancel.php', { cookie: buyer, body: { payment_id: 2147483647 } })),
    );
    // The tester's choice on the provider's hosted checkout; the webhook settles the payment.
    if (typeof checkoutUrl === 'string' && URL.canParse(checkoutUrl)) {
      await fetch(checkoutUrl, { method: 'POST', body: new URLSearchParams({ status: 'paid' }), redirect: 'manual' })
        .then((res) => res.arrayBuffer())
        .catch(() => undefined);
    }
    const paid = async () => pick((await call('GET', `/payment.php?id=${paymentId}`, { cookie: buyer })).body, 'status') === 'paid';
    if (!reporting) await expect.poll(paid, { timeout: 10_000 }).toBe(true);
    // Making the report, a payment that does not settle leaves the refund's answers to say so.
    else for (const until = Date.now() + 10_000; Date.now() < until && !(await paid());) await new Promise((r) => setTimeout(r, 250));
    expectMatchesContract(
      'cancelPayment',
      ...answer(await call('POST', '/payment-cancel.php', { cookie: buyer, body: { payment_id: paymentId } })),
    );
    expectMatchesContract('listTransactions', ...answer(await call('GET', '/transactions.php', { cookie: buyer })));
    expectMatchesContract('listTransactions', ...answer(await call('GET', '/transactions.php')));
    expectMatchesContract('getRefundQuote', ...answer(await call('GET', '/refund.php', { cookie: buyer })));
    const refund = await call('POST', '/refund.php', { cookie: buyer, body: { payment_id: paymentId } });
    expectStatus(refund, 200);
    expectMatchesContract('requestRefund', ...answer(refund));
    expectMatchesContract(
      'requestRefund',
      ...answer(await call('POST', '/refund.php', { cookie: buyer, body: { payment_id: paymentId } })),
    );
    // Direct debit: the form (the code goes out by SMS), then a wrong code.
    const form = {
      package_id: pkg.id,
      account_holder: 'Jan de Vries',
      iban: 'NL91ABNA0417164300',
      street: 'Herengracht',
      house_number: '420',
      postcode: '1017 BZ',
      city: 'Amsterdam',
      mobile: '+31612345678',
      consent: true,
    };
    expectMatchesContract(
      'startDirectDebit',
      ...answer(await call('POST', '/directdebit.php', { cookie: buyer, body: { ...form, iban: 'NL00' } })),
    );
    const started = await call('POST', '/directdebit.php', { cookie: buyer, body: form });
    expectStatus(started, 201);
    expectMatchesContract('startDirectDebit', ...answer(started));
    const mandateId = pick(started.body, 'mandate_id') ?? 987654;
    expectMatchesContract(
      'confirmDirectDebit',
      ...answer(await call('POST', '/directdebit-confirm.php', { cookie: buyer, body: { mandate_id: mandateId, code: '000000' } })),
    );
    expectMatchesContract(
      'confirmDirectDebit',
      ...answer(await call('POST', '/directdebit-confirm.php', { body: { mandate_id: mandateId, code: '000000' } })),
    );
    // A new code for the mandate (the old one void), for nobody's mandate, and logged out.
    const resent = await call('POST', '/directdebit-resend.php', { cookie: buyer, body: { mandate_id: mandateId } });
    expectStatus(resent, 200);
    expectMatchesContract('resendDirectDebitCode', ...answer(resent));
    expectMatchesContract(
      'resendDirectDebitCode',
      ...answer(await call('POST', '/directdebit-resend.php', { cookie: buyer, body: { mandate_id: 987654 } })),
    );
    expectMatchesContract(
      'resendDirectDebitCode',
      ...answer(await call('POST', '/directdebit-resend.php', { body: { mandate_id: mandateId } })),
    );
  });

  it('When push settings are read and saved, and a forged unsubscribe link is used, then every answer matches the contract', async () => {
    needsLogin();
    expectMatchesContract('getPushSettings', ...answer(await call('GET', '/push-settings.php', { cookie: free })));
    expectMatchesContract('getPushSettings', ...answer(await call('GET', '/push-settings.php')));
    expectMatchesContract(
      'putPushSettings',
      ...answer(await call('PUT', '/push-settings.php', { cookie: free, body: { previews: true } })),
    );
    expectMatchesContract(
      'putPushSettings',
      ...answer(await call('PUT', '/push-settings.php', { cookie: free, body: { previews: 'yes' } })),
    );
    expectMatchesContract(
      'putPushSettings',
      ...answer(await call('PUT', '/push-settings.php', { cookie: free, body: { previews: false } })),
    );
    const forged = `/unsubscribe.php?token=1.${'A'.repeat(43)}`;
    expectMatchesContract('getUnsubscribePage', ...answer(await call('GET', forged)));
    expectMatchesContract('unsubscribeNotificationMails', ...answer(await call('POST', forged)));
    const refused = await call('POST', '/user.php?push=1', {
      cookie: free,
      body: { subscription: { endpoint: 'https://10.0.0.1/push', keys: { p256dh: 'x', auth: 'y' } } },
    });
    expectStatus(refused, 400);
    expectMatchesContract('postUser', ...answer(refused));
  });

  it('When a photo message is sent (a photo, a caption, a bad file, no login), then every answer of sendPhotoMessage matches the contract', async () => {
    needsLogin();
    const page = (await call('GET', '/members.php', { cookie: premium })).body;
    const other = pick(page, 'profiles', 1, 'id') ?? pick(page, 'profiles', 0, 'id') ?? 987654;
    const { default: sharp } = await import('sharp');
    const image = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#36c' } })
      .jpeg()
      .toBuffer();
    const post = async (cookie: string | undefined, file: Uint8Array<ArrayBuffer>, fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('photo', new Blob([file], { type: 'image/jpeg' }), 'contract.jpg');
      return observe(await fetch(`${base}/api/photo-message.php`, { method: 'POST', headers: cookie ? { cookie } : {}, body: form }));
    };
    const sent = await post(premium, new Uint8Array(image), { profile_id: String(other), text: 'A photo from the contract test' });
    expectMatchesContract('sendPhotoMessage', ...answer(sent));
    expectStatus(sent, 201);
    if (!reporting) expect(pick(sent.body, 'message')).toMatchObject({ kind: 'photo', photo: expect.any(Object) });
    expectMatchesContract(
      'sendPhotoMessage',
      ...answer(await post(premium, new TextEncoder().encode('not an image'), { profile_id: String(other) })),
    );
    expectMatchesContract('sendPhotoMessage', ...answer(await post(undefined, new Uint8Array(image), { profile_id: String(other) })));
    expectMatchesContract('sendPhotoMessage', ...answer(await post(premium, new Uint8Array(image), { profile_id: 'x' })));
  });

  it('When a member reports, a visitor sends a notice, a moderator decides and the member reads and appeals the statement, then every answer matches the contract', async () => {
    needsLogin();
    const premiumId = pick((await call('GET', '/user.php', { cookie: premium })).body, 'user', 'id');
    const target = { kind: 'profile', id: premiumId };
    expectMatchesContract('reportContent', ...answer(await call('POST', '/report.php', { body: { target, reason: 'other' } })));
    const filed = await call('POST', '/report.php', {
      cookie: free,
      body: { target, reason: 'fake_scam_spam', details: 'Contract check' },
    });
    expectStatus(filed, 200, 201);
    expectMatchesContract('reportContent', ...answer(filed));
    expectMatchesContract(
      'reportContent',
      ...answer(await call('POST', '/report.php', { cookie: free, body: { target, reason: 'other' } })),
    );
    expectMatchesContract(
      'reportContent',
      ...answer(await call('POST', '/report.php', { cookie: free, body: { target, reason: 'illegal' } })),
    );
    expectMatchesContract(
      'reportContent',
      ...answer(
        await call('POST', '/report.php', { cookie: free, body: { target: { kind: 'photo', id: 2_000_000_000 }, reason: 'other' } }),
      ),
    );
    expectMatchesContract(
      'reportContent',
      ...answer(await call('POST', '/report.php', { cookie: free, body: { target, reason: 'weather' } })),
    );
    expectMatchesContract('listMyReports', ...answer(await call('GET', '/report.php', { cookie: free })));
    expectMatchesContract('listMyReports', ...answer(await call('GET', '/report.php')));

    const notice = {
      name: 'Contract',
      email: 'notice@example.test',
      content_url: '/profile/1',
      explanation: 'A contract check notice.',
      good_faith: true,
    };
    expectMatchesContract('submitNotice', ...answer(await call('POST', '/notice.php', { body: notice })));
    expectMatchesContract('submitNotice', ...answer(await call('POST', '/notice.php', { body: { ...notice, good_faith: false } })));

    expectMatchesContract('listReportQueue', ...answer(await call('GET', '/report-queue.php')));
    expectMatchesContract('listReportQueue', ...answer(await call('GET', '/report-queue.php', { cookie: free })));
    // The moderator's login only now: the steps before it need none.
    const moderator = await login('moderator@demo.test');
    const queue = await call('GET', '/report-queue.php?limit=50', { cookie: moderator });
    expectStatus(queue, 200);
    expectMatchesContract('listReportQueue', ...answer(queue));

    const reportId = pick(filed.body, 'id') ?? 987654;
    const decision = { member: premiumId, reports: [reportId], action: 'warn', rule: 'fake_scam_spam', facts: 'Contract check.' };
    expectMatchesContract('decideReports', ...answer(await call('POST', '/report-decision.php', { cookie: free, body: decision })));
    const decided = await call('POST', '/report-decision.php', { cookie: moderator, body: decision });
    expectStatus(decided, 201);
    expectMatchesContract('decideReports', ...answer(decided));
    expectMatchesContract('decideReports', ...answer(await call('POST', '/report-decision.php', { cookie: moderator, body: decision })));
    expectMatchesContract(
      'decideReports',
      ...answer(
        await call('POST', '/report-decision.php', { cookie: moderator, body: { ...decision, reports: [], action: 'remove_content' } }),
      ),
    );
    expectMatchesContract(
      'decideReports',
      ...answer(
        await call('POST', '/report-decision.php', { cookie: moderator, body: { ...decision, reports: [], member: 2_000_000_000 } }),
      ),
    );
    expectMatchesContract(
      'decideReports',
      ...answer(await call('POST', '/report-decision.php', { cookie: moderator, body: { member: premiumId } })),
    );

    const statementId = pick(decided.body, 'decision') ?? 987654;
    expectMatchesContract('listStatements', ...answer(await call('GET', '/statements.php', { cookie: premium })));
    expectMatchesContract('listStatements', ...answer(await call('GET', '/statements.php')));
    const statement = await call('GET', `/statement.php?id=${statementId}`, { cookie: premium });
    expectStatus(statement, 200);
    expectMatchesContract('getStatement', ...answer(statement));
    expectMatchesContract('getStatement', ...answer(await call('GET', `/statement.php?id=${statementId}`, { cookie: free })));
    expectMatchesContract('getStatement', ...answer(await call('GET', `/statement.php?id=${statementId}`)));
    expectMatchesContract('getStatement', ...answer(await call('GET', '/statement.php?id=x', { cookie: premium })));

    const appeal = await call('POST', '/appeal.php', { cookie: premium, body: { decision: statementId, text: 'I did nothing wrong.' } });
    expectStatus(appeal, 201);
    expectMatchesContract('fileAppeal', ...answer(appeal));
    expectMatchesContract(
      'fileAppeal',
      ...answer(await call('POST', '/appeal.php', { cookie: premium, body: { decision: statementId, text: 'Again.' } })),
    );
    expectMatchesContract(
      'fileAppeal',
      ...answer(await call('POST', '/appeal.php', { body: { decision: statementId, text: 'No login.' } })),
    );
    expectMatchesContract(
      'fileAppeal',
      ...answer(await call('POST', '/appeal.php', { cookie: premium, body: { decision: 2_000_000_000, text: 'x' } })),
    );
    expectMatchesContract('fileAppeal', ...answer(await call('POST', '/appeal.php', { cookie: premium, body: { decision: statementId } })));

    expectMatchesContract('listAppealQueue', ...answer(await call('GET', '/appeal-queue.php', { cookie: free })));
    const appeals = await call('GET', '/appeal-queue.php', { cookie: moderator });
    expectStatus(appeals, 200);
    expectMatchesContract('listAppealQueue', ...answer(appeals));
    const appealId = pick(appeal.body, 'id') ?? 987654;
    const ruling = { appeal: appealId, outcome: 'upheld', explanation: 'Contract check.' };
    expectMatchesContract('decideAppeal', ...answer(await call('PUT', '/appeal.php', { cookie: free, body: ruling })));
    // The moderator who decided may not decide the appeal.
    expectMatchesContract('decideAppeal', ...answer(await call('PUT', '/appeal.php', { cookie: moderator, body: ruling })));
    expectMatchesContract(
      'decideAppeal',
      ...answer(await call('PUT', '/appeal.php', { cookie: moderator, body: { ...ruling, appeal: 2_000_000_000 } })),
    );
    expectMatchesContract(
      'decideAppeal',
      ...answer(await call('PUT', '/appeal.php', { cookie: moderator, body: { ...ruling, outcome: 'maybe' } })),
    );

    // A notice: members may not decide one; an unknown notice, an unknown action and a URL naming nobody are refused.
    const dismissal = { notice: 2_000_000_000, action: 'dismiss' };
    expectMatchesContract('decideNotice', ...answer(await call('PUT', '/notice.php', { cookie: free, body: dismissal })));
    expectMatchesContract('decideNotice', ...answer(await call('PUT', '/notice.php', { cookie: moderator, body: dismissal })));
    expectMatchesContract(
      'decideNotice',
      ...answer(await call('PUT', '/notice.php', { cookie: moderator, body: { ...dismissal, action: 'forget' } })),
    );
  });

  it('When a member asks for his data and a moderator reads the transparency figures, then every answer matches the contract', async () => {
    needsLogin();
    expectMatchesContract('getDataExport', ...answer(await call('GET', '/data-export.php')));
    expectMatchesContract('getDataExport', ...answer(await call('GET', '/data-export.php', { cookie: premium })));
    const asked = await call('POST', '/data-export.php', { cookie: premium, body: {} });
    expectStatus(asked, 201, 202, 429);
    expectMatchesContract('requestDataExport', ...answer(asked));
    expectMatchesContract('requestDataExport', ...answer(await call('POST', '/data-export.php', { body: {} })));
    expectMatchesContract('getDataExport', ...answer(await call('GET', '/data-export.php', { cookie: premium })));
    const unknownKey = '0'.repeat(32);
    expectMatchesContract(
      'downloadDataExport',
      ...answer(await call('GET', `/data-export-file.php?key=${unknownKey}`, { cookie: premium })),
    );
    expectMatchesContract('downloadDataExport', ...answer(await call('GET', `/data-export-file.php?key=${unknownKey}`)));

    // The moderator's login only now: the steps before it need none.
    const moderator = await login('moderator@demo.test');
    const statements = await call('GET', '/transparency-statements.php', { cookie: moderator });
    expectStatus(statements, 200);
    expectMatchesContract('exportTransparencyStatements', ...answer(statements));
    expectMatchesContract('exportTransparencyStatements', ...answer(await call('GET', '/transparency-statements.php', { cookie: free })));
    const counts = await call('GET', '/transparency-counts.php', { cookie: moderator });
    expectStatus(counts, 200);
    expectMatchesContract('getTransparencyCounts', ...answer(counts));
    expectMatchesContract(
      'getTransparencyCounts',
      ...answer(await call('GET', '/transparency-counts.php?from=2026-02-01&to=2026-01-01', { cookie: moderator })),
    );
    expectMatchesContract('getTransparencyCounts', ...answer(await call('GET', '/transparency-counts.php')));
  });

  it('When a member logs out, then the answer matches and every operation was exercised', async () => {
    needsLogin();
    const out = await call('GET', '/logout.php', { cookie: free });
    expectMatchesContract('logout', ...answer(out));
    if (!reporting) expect([...operations.keys()].filter((id) => !covered.has(id))).toEqual([]);
  });
});
