import { readFileSync } from 'node:fs';
import { load as parseYaml } from 'js-yaml';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractLoginOperationsOf } from '../../src/shared/contract-sessions';
import { DEMO_LOGINS } from '../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../test/context';
import { OPENAPI_PATH } from './openapi';

/**
 * A member's answers are his alone: every answer to an operation of the contract that needs or uses the session says
 * `Cache-Control: private, no-store` — refusals included — except the revalidated `GET user.php` (`private,
 * no-cache`, with its 304); the anonymous operations keep the caching their routes give them.
 */

let ctx: TestContext;
let member: string;

const contract = parseYaml(readFileSync(OPENAPI_PATH, 'utf8'));
const sessionOperations = [...contractLoginOperationsOf(contract).entries()].map(([key, use]) => {
  const [method = '', path = ''] = key.split(' ');
  return { method: method.toLowerCase() as 'get' | 'post' | 'put' | 'delete', path, use };
});

beforeAll(async () => {
  ctx = await createTestContext({ members: 4 });
  member = await loginCookie(ctx.app, DEMO_LOGINS.free);
});
afterAll(() => ctx?.close());

/** The operation's answer to `cookie` (or a visitor): its request carries no parameters, so most are refusals. */
function ask(op: (typeof sessionOperations)[number], cookie?: string) {
  const call = request(ctx.app)[op.method](op.path).set('accept-language', 'nl');
  if (cookie) call.set('cookie', cookie);
  return op.method === 'get' ? call : call.send({});
}

describe('the caching of a member’s answers', () => {
  it('When a member or a visitor calls any operation that needs or uses the session, then the answer is private, no-store — GET user.php private, no-cache', async () => {
    expect(sessionOperations.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    // Logging out ends the session the other calls use: last.
    const ordered = [
      ...sessionOperations.filter((op) => op.path !== '/api/logout.php'),
      ...sessionOperations.filter((op) => op.path === '/api/logout.php'),
    ];
    for (const op of ordered) {
      // The event stream stays open and says its own caching to the proxies (no-cache, no-transform): a stream is never stored.
      if (op.path === '/api/events.php') continue;
      const expected = op.method === 'get' && op.path === '/api/user.php' ? 'private, no-cache' : 'private, no-store';
      for (const cookie of [member, undefined]) {
        const res = await ask(op, cookie);
        if (res.headers['cache-control'] !== expected)
          wrong.push(
            `${op.method.toUpperCase()} ${op.path} (${cookie ? 'member' : 'visitor'}, ${res.status}): ${res.headers['cache-control']}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('When the member asks GET user.php again with its ETag, then 304 without a body, private, no-cache', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const first = await request(ctx.app).get('/api/user.php').set('cookie', cookie);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await request(ctx.app)
      .get('/api/user.php')
      .set('cookie', cookie)
      .set('if-none-match', first.headers.etag as string);
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it('When anyone asks the site’s public data, then its own caching stays and nothing says private', async () => {
    const interests = await request(ctx.app).get('/api/interests.php').set('cookie', member);
    expect(interests.headers['cache-control']).toBe('public, max-age=3600');
    const settings = await request(ctx.app).get('/api/settings.php').set('cookie', member);
    expect(settings.status).toBe(200);
    expect(settings.headers['cache-control']).toBeUndefined();
  });
});
