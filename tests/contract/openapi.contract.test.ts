/**
 * Runs every operation of openapi.yaml against API_BASE_URL (any backend: the TypeScript mock-backend or a PHP
 * service; who logs in is decided in target.ts), or, without it, against an in-process mock-backend on in-memory
 * PGlite. Each answer body is validated against the contract's schema for its status, and recorded per operation for
 * the operator's report (`npx tsx tests/contract/run.ts <URL>`: conforms, differs, not implemented).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractSchemas, firstSchemaError } from '../../mock-backend/lib/openapi';
import { noteNotRun, recordAnswer, writeRecord } from './operation-record';
import { authCookieName, credentialsFor, credentialsHint, loginCookieOf, startContractTarget } from './target';

const schemas = contractSchemas();
const spec = schemas.contract;

const operations = new Map<string, { path: string; method: string }>();
for (const [path, item] of Object.entries(spec.paths)) {
  for (const [method, op] of Object.entries(item)) operations.set(op.operationId, { path, method });
}
const covered = new Set<string>();

/**
 * Making the operator's report (CONTRACT_REPORT_FILE set), a difference is recorded (the report says `differs`) and
 * the test goes on with the answer it got, so one difference hides nothing after it; as a test, it fails at once.
 */
const reporting = Boolean(process.env.CONTRACT_REPORT_FILE);

/** Validates a body against the schema of operationId's answer for status. */
function expectMatchesContract(operationId: string, status: number, body: unknown): void {
  const op = operations.get(operationId);
  if (!op) throw new Error(`unknown operation ${operationId}`);
  covered.add(operationId);
  const answer = schemas.answer(op.path, op.method, status);
  // Exactly this status: a class (`4XX`) or `default` does not document it.
  const documented = answer?.documented === String(status);
  if (!documented) recordAnswer(operationId, status, `status ${status} is not documented`);
  if (!reporting) expect(documented, `${operationId} documents status ${status}`).toBe(true);
  if (!answer || !documented) return;
  const validate = answer.body;
  if (!validate) {
    const empty = body === undefined || body === '' || (typeof body === 'object' && body !== null && Object.keys(body).length === 0);
    recordAnswer(operationId, status, empty ? undefined : `status ${status} must have no body`);
    if (!reporting) expect(empty).toBe(true);
    return;
  }
  const ok = validate(body);
  recordAnswer(operationId, status, ok ? undefined : (firstSchemaError(validate.errors) ?? 'does not match'));
  if (!reporting) expect(ok ? [] : validate.errors, `${operationId} ${status}: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
}

let base = '';
let stop: () => Promise<void> = async () => {};

beforeAll(async () => {
  ({ base, stop } = await startContractTarget());
});
afterAll(async () => {
  writeRecord(base);
  await stop();
});

interface Answer {
  status: number;
  body: unknown;
  cookie: string | undefined;
}

async function call(method: string, path: string, opts: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      'request-type': 'client',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text; // not JSON (a PHP error page): fails the schema, and says so in the report
  }
  return { status: res.status, body, cookie: loginCookieOf(res.headers.getSetCookie()) };
}

const answer = (a: Answer): [number, unknown] => [a.status, a.body];

async function login(email: string): Promise<string> {
  const credentials = await credentialsFor(email, base);
  if (!credentials) throw new Error(`no login for ${email} on this backend: set ${credentialsHint(email)}`);
  const res = await call('POST', '/user.php', { body: credentials });
  expectMatchesContract('postUser', res.status, res.body);
  const cookie = res.cookie ?? credentials.cookie;
  if (!cookie)
    throw new Error(
      `no ${authCookieName} cookie after logging in as ${credentials.email} (set CONTRACT_AUTH_COOKIE to the backend's login cookie)`,
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
      loginError = error instanceof Error ? error : new Error(String(error));
      noteNotRun(loginError.message);
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
      expect(res.status, id).toBe(200);
      expectMatchesContract(id, res.status, res.body);
    }
    const bad = await call('GET', '/regions.php?country=Netherlands');
    expectMatchesContract('getRegions', bad.status, bad.body);
  });

  it('When session endpoints are called, then their answers match the contract', async () => {
    needsLogin();
    const anon = await call('GET', '/user.php');
    expectMatchesContract('getUser', anon.status, anon.body);
    const me = await call('GET', '/user.php', { cookie: free });
    expectMatchesContract('getUser', me.status, me.body);
    const put = await call('PUT', '/user.php', { cookie: free, body: { language: 'en' } });
    expectMatchesContract('putUser', put.status, put.body);
    const wrong = await call('POST', '/user.php', { body: { email: 'free@demo.test', password: 'wrong' } });
    expectMatchesContract('postUser', wrong.status, wrong.body);
    const push = await call('POST', '/user.php?push=1', {
      cookie: free,
      body: { subscription: JSON.stringify({ endpoint: 'https://push.example/contract', keys: {} }) },
    });
    expectMatchesContract('postUser', push.status, push.body);
    // A beacon a backend may decline with 503 (see its description): the answer is recorded (and checked against the
    // contract) before our backend is held to recording it.
    const hidden = await call('POST', '/page-hidden.php', { cookie: free, body: {} });
    expectMatchesContract('pageHidden', hidden.status, hidden.body);
    expect(hidden.status).toBe(204);
  });

  it('When a visitor files a complaint, or sends an incomplete one, then both answers match the contract', async () => {
    const body = {
      name: 'Contract Tester',
      email: 'contract@example.test',
      category: 'technical',
      message: 'The pricing page did not load on my phone.',
    };
    const filed = await call('POST', '/complaints.php', { body });
    expect(filed.status).toBe(201);
    expectMatchesContract('submitComplaint', filed.status, filed.body);
    const invalid = await call('POST', '/complaints.php', { body: { ...body, email: 'nope' } });
    expectMatchesContract('submitComplaint', invalid.status, invalid.body);
  });

  it('When member endpoints are called, then their answers match the contract', async () => {
    needsLogin();
    const page = await call('GET', '/members.php?limit=5', { cookie: free });
    expectMatchesContract('listMembers', page.status, page.body);
  });

  it('When a profile is asked for, then the answer matches the contract (a member from the search, else the member himself)', async () => {
    needsLogin();
    const page = await call('GET', '/members.php?limit=5', { cookie: free });
    const listed = page.status === 200 ? (page.body as { profiles: { id: number }[] }).profiles[0]?.id : undefined;
    // A backend without the member search (a PHP service moving off) is asked for the member's own profile.
    const id =
      listed ?? ((await call('GET', '/user.php', { cookie: free })).body as { user?: { profile?: { id?: number } } }).user?.profile?.id;
    const profile = await call('GET', `/profile.php?id=${id}`, { cookie: free });
    expectMatchesContract('getProfile', profile.status, profile.body);
    const missing = await call('GET', '/profile.php?id=987654321');
    expectMatchesContract('getProfile', missing.status, missing.body);
  });

  it('When social and credit endpoints are called, then their answers match the contract', async () => {
    needsLogin();
    let chats = await call('GET', '/chats.php', { cookie: premium });
    expectMatchesContract('listChats', chats.status, chats.body);
    if (chats.status === 200 && (chats.body as { chats?: unknown[] }).chats?.length === 0 && premium !== free) {
      // A member the report made has no conversation yet: one message to the free member opens one to remove.
      const freeId = ((await call('GET', '/user.php', { cookie: free })).body as { user?: { id: number } }).user?.id;
      await call('POST', '/message.php', { cookie: premium, body: { profile_id: freeId, text: 'Contract check' } });
      chats = await call('GET', '/chats.php', { cookie: premium });
    }
    const likes = await call('GET', '/likes.php', { cookie: premium });
    expectMatchesContract('listLikes', likes.status, likes.body);
    const auto = await call('GET', '/auto-like.php', { cookie: premium });
    expectMatchesContract('autoLike', auto.status, auto.body);
    const anonAuto = await call('GET', '/auto-like.php');
    expectMatchesContract('autoLike', anonAuto.status, anonAuto.body);
    const conversation = (chats.body as { chats: { conversation: number }[] }).chats[0]?.conversation ?? 1;
    const del = await call('DELETE', '/chat.php', { cookie: premium, body: { conversation } });
    expectMatchesContract('deleteChat', del.status, del.body);
    const again = await call('DELETE', '/chat.php', { cookie: premium, body: { conversation } });
    expect(again.status).toBe(404);
    expectMatchesContract('deleteChat', again.status, again.body);
    const welcome = await call('GET', '/discountcode.php?welcome=true', { cookie: free });
    expectMatchesContract('getDiscountCode', welcome.status, welcome.body);
    const unknown = await call('GET', '/discountcode.php?code=DOES-NOT-EXIST', { cookie: free });
    expectMatchesContract('getDiscountCode', unknown.status, unknown.body);
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
    for (const [id, res] of answers) expectMatchesContract(id, res.status, res.body);
  });

  it('When profile, photo, block, invisible and location endpoints are called, then their answers match the contract', async () => {
    needsLogin();
    const free = await login('free@demo.test');
    const premium = await login('premium@demo.test');
    const mine = await call('GET', '/my-profile.php', { cookie: free });
    expectMatchesContract('getMyProfile', mine.status, mine.body);
    expectMatchesContract('getMyProfile', (await call('GET', '/my-profile.php')).status, (await call('GET', '/my-profile.php')).body);
    const edit = await call('PUT', '/profile.php', { cookie: free, body: { about: 'Contract check', interests: [] } });
    expectMatchesContract('updateProfile', edit.status, edit.body);
    const badEdit = await call('PUT', '/profile.php', { cookie: free, body: { name: '@contract' } });
    expectMatchesContract('updateProfile', badEdit.status, badEdit.body);

    const { default: sharp } = await import('sharp');
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a35' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'contract.jpg');
    const up = await fetch(`${base}/api/photos.php`, { method: 'POST', headers: { cookie: free }, body: form });
    const upBody = (await up.json()) as { photos: { id: number }[] };
    expectMatchesContract('uploadPhoto', up.status, upBody);
    const photoId = upBody.photos[upBody.photos.length - 1]?.id ?? 1;
    const main = await call('PUT', '/photos.php', { cookie: free, body: { id: photoId } });
    expectMatchesContract('setMainPhoto', main.status, main.body);
    const del = await call('DELETE', '/photos.php', { cookie: free, body: { id: photoId } });
    expectMatchesContract('deletePhoto', del.status, del.body);
    const gone = await call('DELETE', '/photos.php', { cookie: free, body: { id: photoId } });
    expectMatchesContract('deletePhoto', gone.status, gone.body);

    const premiumId = ((await call('GET', '/user.php', { cookie: premium })).body as { user: { id: number } }).user.id;
    expectMatchesContract('blockMember', ...answer(await call('POST', '/block.php', { cookie: free, body: { id: premiumId } })));
    expectMatchesContract('listBlocks', ...answer(await call('GET', '/blocks.php', { cookie: free })));
    expectMatchesContract('unblockMember', ...answer(await call('DELETE', '/block.php', { cookie: free, body: { id: premiumId } })));
    expectMatchesContract('setInvisible', ...answer(await call('PUT', '/invisible.php', { cookie: free, body: { invisible: false } })));
    expectMatchesContract('saveLocation', ...answer(await call('PUT', '/location.php', { cookie: free, body: { lat: 52.37, lon: 4.89 } })));
    expectMatchesContract('forgetLocation', ...answer(await call('DELETE', '/location.php', { cookie: free })));
    expectMatchesContract(
      'listMembers',
      ...answer(await call('GET', '/members.php?gender=male&min_age=20&max_age=60&sort=last_active', { cookie: free })),
    );
  });

  it('When the moderation queue is read and photos are decided, then every answer matches the contract', async () => {
    needsLogin();
    const moderator = await login('moderator@demo.test');
    const { default: sharp } = await import('sharp');
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#35a' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'moderation.jpg');
    const up = (await (await fetch(`${base}/api/photos.php`, { method: 'POST', headers: { cookie: premium }, body: form })).json()) as {
      photos: { id: number }[];
    };
    const photoId = Math.max(...up.photos.map((p) => p.id));

    expectMatchesContract('listPendingPhotos', ...answer(await call('GET', '/moderation.php')));
    expectMatchesContract('listPendingPhotos', ...answer(await call('GET', '/moderation.php', { cookie: free })));
    const queue = await call('GET', '/moderation.php?limit=10', { cookie: moderator });
    expect(queue.status).toBe(200);
    expectMatchesContract('listPendingPhotos', ...answer(queue));
    expectMatchesContract(
      'decidePhoto',
      ...answer(await call('PUT', '/moderation.php', { cookie: free, body: { photo: photoId, decision: 'approve' } })),
    );
    const approved = await call('PUT', '/moderation.php', { cookie: moderator, body: { photo: photoId, decision: 'approve' } });
    expect(approved.status).toBe(200);
    expectMatchesContract('decidePhoto', ...answer(approved));
    const again = await call('PUT', '/moderation.php', { cookie: moderator, body: { photo: photoId, decision: 'reject' } });
    expect(again.status).toBe(404);
    expectMatchesContract('decidePhoto', ...answer(again));
    expectMatchesContract(
      'decidePhoto',
      ...answer(await call('PUT', '/moderation.php', { cookie: moderator, body: { photo: photoId, decision: 'maybe' } })),
    );
    await call('DELETE', '/photos.php', { cookie: premium, body: { id: photoId } });
  });

  it('When a member asks for verification, sends a selfie and a moderator decides it, then every answer matches the contract', async () => {
    needsLogin();
    const moderator = await login('moderator@demo.test');
    expectMatchesContract('getVerification', ...answer(await call('GET', '/verification.php')));
    expectMatchesContract('listVerificationQueue', ...answer(await call('GET', '/verification-queue.php', { cookie: free })));
    expectMatchesContract('getVerification', ...answer(await call('GET', '/verification.php', { cookie: premium })));
    const early = await fetch(`${base}/api/verification-selfie.php`, {
      method: 'POST',
      headers: { cookie: premium },
      body: new FormData(),
    });
    expectMatchesContract('submitVerificationSelfie', early.status, await early.json());
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
      const res = await fetch(`${base}/api/verification-selfie.php`, { method: 'POST', headers: { cookie: premium }, body: form });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const sent = await selfie();
    expectMatchesContract('submitVerificationSelfie', sent.status, sent.body);
    const second = await selfie();
    expectMatchesContract('submitVerificationSelfie', second.status, second.body);
    expectMatchesContract('startVerification', ...answer(await call('POST', '/verification.php', { cookie: premium })));

    const queue = await call('GET', '/verification-queue.php', { cookie: moderator });
    expectMatchesContract('listVerificationQueue', ...answer(queue));
    const premiumId = ((await call('GET', '/user.php', { cookie: premium })).body as { user: { id: number } }).user.id;
    const request = (queue.body as { requests?: { id: number; member: { id: number } }[] }).requests?.find(
      (r) => r.member.id === premiumId,
    );
    const id = request?.id ?? 987654;
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
    expect(team.status).toBe(200);
    expectMatchesContract('listModerators', ...answer(team));

    const member = ((await call('GET', '/user.php', { cookie: premium })).body as { user: { id: number } }).user.id;
    expectMatchesContract('setModeratorRole', ...answer(await call('PUT', '/moderators.php', { body: { member, role: 'moderator' } })));
    expectMatchesContract(
      'setModeratorRole',
      ...answer(await call('PUT', '/moderators.php', { cookie: moderator, body: { member, role: 'moderator' } })),
    );
    const granted = await call('PUT', '/moderators.php', { cookie: admin, body: { member, role: 'moderator' } });
    try {
      expect(granted.status).toBe(200);
      expectMatchesContract('setModeratorRole', ...answer(granted));
    } finally {
      // The member he was, whatever the checks above found.
      const withdrawn = await call('PUT', '/moderators.php', { cookie: admin, body: { member, role: 'member' } });
      expect(withdrawn.status).toBe(200);
      expectMatchesContract('setModeratorRole', ...answer(withdrawn));
    }
    const unknown = { email: 'nobody-contract@example.test', role: 'moderator' };
    expectMatchesContract('setModeratorRole', ...answer(await call('PUT', '/moderators.php', { cookie: admin, body: unknown })));
    expectMatchesContract('setModeratorRole', ...answer(await call('PUT', '/moderators.php', { cookie: admin, body: { role: 'member' } })));
    const self = ((await call('GET', '/user.php', { cookie: admin })).body as { user: { id: number } }).user.id;
    const fixed = await call('PUT', '/moderators.php', { cookie: admin, body: { member: self, role: 'member' } });
    expect(fixed.status).toBe(403);
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
    const target = (finder.body as { matches: { profile: { id: number } }[] }).matches[0]?.profile.id ?? 1;
    expectMatchesContract('likeProfile', ...answer(await call('POST', '/like.php', { cookie: free, body: { profile_id: target } })));
    expectMatchesContract('likeProfile', ...answer(await call('POST', '/like.php', { cookie: free, body: { profile_id: 987654321 } })));
    expectMatchesContract('likeProfile', ...answer(await call('POST', '/like.php', { body: { profile_id: target } })));
    expectMatchesContract('unlikeProfile', ...answer(await call('DELETE', '/like.php', { cookie: free, body: { profile_id: target } })));
    const game = await call('GET', '/swipe-game.php', { cookie: free });
    expectMatchesContract('getSwipeGame', ...answer(game));
    const cards = (game.body as { cards: { id: number }[] }).cards;
    expectMatchesContract(
      'swipe',
      ...answer(await call('POST', '/swipe.php', { cookie: free, body: { profile_id: cards[0]?.id, like: false } })),
    );
    expectMatchesContract('undoSwipe', ...answer(await call('DELETE', '/swipe.php', { cookie: free })));
    expectMatchesContract('undoSwipe', ...answer(await call('DELETE', '/swipe.php', { cookie: free })));
    let last: Answer | undefined;
    for (const card of cards.slice(1, 6))
      last = await call('POST', '/swipe.php', { cookie: free, body: { profile_id: card.id, like: true } });
    if (!last) throw new Error('too few cards');
    expect(last.status).toBe(429);
    expectMatchesContract('swipe', ...answer(last));
  });

  it('When chat endpoints are called (conversation, send, read, typing, events), then their answers match the contract', async () => {
    needsLogin();
    const page = (await call('GET', '/members.php', { cookie: premium })).body as { profiles: { id: number }[] };
    const other = page.profiles[0]?.id as number;
    expectMatchesContract('getConversation', ...answer(await call('GET', `/conversation.php?profile_id=${other}`)));
    expectMatchesContract('getConversation', ...answer(await call('GET', `/conversation.php?profile_id=${other}`, { cookie: premium })));
    expectMatchesContract(
      'getConversation',
      ...answer(await call('GET', '/conversation.php?conversation=2147483647', { cookie: premium })),
    );
    expectMatchesContract('getConversation', ...answer(await call('GET', '/conversation.php?profile_id=0', { cookie: premium })));
    const sent = await call('POST', '/message.php', { cookie: premium, body: { profile_id: other, text: 'Hi from the contract test' } });
    expect(sent.status).toBe(201);
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
    const { message } = sent.body as { message: { conversation: number; seq: number } };
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
    expect(gift.status).toBe(201);
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
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    aborter.abort();
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
    expect(packages.status).toBe(200);
    expectMatchesContract('listCreditPackages', ...answer(packages));
    const pkg = (packages.body as { packages: { id: number }[] }).packages[0] as { id: number };
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
    expect(created.status).toBe(201);
    expectMatchesContract('createPayment', ...answer(created));
    const { payment_id: paymentId, checkout_url: checkoutUrl } = created.body as { payment_id: number; checkout_url: string };
    expectMatchesContract('getPayment', ...answer(await call('GET', `/payment.php?id=${paymentId}`, { cookie: buyer })));
    expectMatchesContract('getPayment', ...answer(await call('GET', '/payment.php?id=2147483647', { cookie: buyer })));
    // The tester's choice on the provider's hosted checkout; the webhook settles the payment.
    await fetch(checkoutUrl, { method: 'POST', body: new URLSearchParams({ status: 'paid' }), redirect: 'manual' });
    await expect
      .poll(async () => ((await call('GET', `/payment.php?id=${paymentId}`, { cookie: buyer })).body as { status: string }).status, {
        timeout: 10_000,
      })
      .toBe('paid');
    expectMatchesContract('listTransactions', ...answer(await call('GET', '/transactions.php', { cookie: buyer })));
    expectMatchesContract('listTransactions', ...answer(await call('GET', '/transactions.php')));
    expectMatchesContract('getRefundQuote', ...answer(await call('GET', '/refund.php', { cookie: buyer })));
    const refund = await call('POST', '/refund.php', { cookie: buyer, body: { payment_id: paymentId } });
    expect(refund.status).toBe(200);
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
    expect(started.status).toBe(201);
    expectMatchesContract('startDirectDebit', ...answer(started));
    const mandateId = (started.body as { mandate_id: number }).mandate_id;
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
    expect(resent.status).toBe(200);
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
    expect(refused.status).toBe(400);
    expectMatchesContract('postUser', ...answer(refused));
  });

  it('When a photo message is sent (a photo, a caption, a bad file, no login), then every answer of sendPhotoMessage matches the contract', async () => {
    needsLogin();
    const page = (await call('GET', '/members.php', { cookie: premium })).body as { profiles: { id: number }[] };
    const other = page.profiles[1]?.id ?? (page.profiles[0]?.id as number);
    const { default: sharp } = await import('sharp');
    const image = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#36c' } })
      .jpeg()
      .toBuffer();
    const post = async (cookie: string | undefined, file: Uint8Array<ArrayBuffer>, fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('photo', new Blob([file], { type: 'image/jpeg' }), 'contract.jpg');
      const res = await fetch(`${base}/api/photo-message.php`, { method: 'POST', headers: cookie ? { cookie } : {}, body: form });
      return [res.status, (await res.json()) as unknown] as [number, unknown];
    };
    const sent = await post(premium, new Uint8Array(image), { profile_id: String(other), text: 'A photo from the contract test' });
    expect(sent[0]).toBe(201);
    expectMatchesContract('sendPhotoMessage', ...sent);
    expect((sent[1] as { message: { kind: string; photo: unknown } }).message).toMatchObject({ kind: 'photo', photo: expect.any(Object) });
    expectMatchesContract(
      'sendPhotoMessage',
      ...(await post(premium, new TextEncoder().encode('not an image'), { profile_id: String(other) })),
    );
    expectMatchesContract('sendPhotoMessage', ...(await post(undefined, new Uint8Array(image), { profile_id: String(other) })));
    expectMatchesContract('sendPhotoMessage', ...(await post(premium, new Uint8Array(image), { profile_id: 'x' })));
  });

  it('When a member reports, a visitor sends a notice, a moderator decides and the member reads and appeals the statement, then every answer matches the contract', async () => {
    needsLogin();
    const moderator = await login('moderator@demo.test');
    const premiumId = ((await call('GET', '/user.php', { cookie: premium })).body as { user: { id: number } }).user.id;
    const target = { kind: 'profile', id: premiumId };
    expectMatchesContract('reportContent', ...answer(await call('POST', '/report.php', { body: { target, reason: 'other' } })));
    const filed = await call('POST', '/report.php', {
      cookie: free,
      body: { target, reason: 'fake_scam_spam', details: 'Contract check' },
    });
    expect([200, 201]).toContain(filed.status);
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
    const queue = await call('GET', '/report-queue.php?limit=50', { cookie: moderator });
    expect(queue.status).toBe(200);
    expectMatchesContract('listReportQueue', ...answer(queue));

    const reportId = (filed.body as { id: number }).id;
    const decision = { member: premiumId, reports: [reportId], action: 'warn', rule: 'fake_scam_spam', facts: 'Contract check.' };
    expectMatchesContract('decideReports', ...answer(await call('POST', '/report-decision.php', { cookie: free, body: decision })));
    const decided = await call('POST', '/report-decision.php', { cookie: moderator, body: decision });
    expect(decided.status).toBe(201);
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

    const statementId = (decided.body as { decision: number }).decision;
    expectMatchesContract('listStatements', ...answer(await call('GET', '/statements.php', { cookie: premium })));
    expectMatchesContract('listStatements', ...answer(await call('GET', '/statements.php')));
    const statement = await call('GET', `/statement.php?id=${statementId}`, { cookie: premium });
    expect(statement.status).toBe(200);
    expectMatchesContract('getStatement', ...answer(statement));
    expectMatchesContract('getStatement', ...answer(await call('GET', `/statement.php?id=${statementId}`, { cookie: free })));
    expectMatchesContract('getStatement', ...answer(await call('GET', `/statement.php?id=${statementId}`)));
    expectMatchesContract('getStatement', ...answer(await call('GET', '/statement.php?id=x', { cookie: premium })));

    const appeal = await call('POST', '/appeal.php', { cookie: premium, body: { decision: statementId, text: 'I did nothing wrong.' } });
    expect(appeal.status).toBe(201);
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
    expect(appeals.status).toBe(200);
    expectMatchesContract('listAppealQueue', ...answer(appeals));
    const appealId = (appeal.body as { id: number }).id;
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
    const moderator = await login('moderator@demo.test');
    expectMatchesContract('getDataExport', ...answer(await call('GET', '/data-export.php')));
    expectMatchesContract('getDataExport', ...answer(await call('GET', '/data-export.php', { cookie: premium })));
    const asked = await call('POST', '/data-export.php', { cookie: premium, body: {} });
    expect([201, 202, 429]).toContain(asked.status);
    expectMatchesContract('requestDataExport', ...answer(asked));
    expectMatchesContract('requestDataExport', ...answer(await call('POST', '/data-export.php', { body: {} })));
    expectMatchesContract('getDataExport', ...answer(await call('GET', '/data-export.php', { cookie: premium })));
    const unknownKey = '0'.repeat(32);
    expectMatchesContract(
      'downloadDataExport',
      ...answer(await call('GET', `/data-export-file.php?key=${unknownKey}`, { cookie: premium })),
    );
    expectMatchesContract('downloadDataExport', ...answer(await call('GET', `/data-export-file.php?key=${unknownKey}`)));

    const statements = await call('GET', '/transparency-statements.php', { cookie: moderator });
    expect(statements.status).toBe(200);
    expectMatchesContract('exportTransparencyStatements', ...answer(statements));
    expectMatchesContract('exportTransparencyStatements', ...answer(await call('GET', '/transparency-statements.php', { cookie: free })));
    const counts = await call('GET', '/transparency-counts.php', { cookie: moderator });
    expect(counts.status).toBe(200);
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
    expectMatchesContract('logout', out.status, out.body);
    expect([...operations.keys()].filter((id) => !covered.has(id))).toEqual([]);
  });
});
