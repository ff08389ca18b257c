import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../mock-backend/seed/seed';
import { createTestContext, TEST_BACKEND_SECRET, type TestContext } from '../../mock-backend/test/context';
import type { BffApp } from '../../src/bff/app';
import { makeApp } from './helpers';

/**
 * THE INSTALLABLE CLIENT AS A THIRD PARTY GETS IT (packages/client, @manmatch/client): `npm pack` builds the package
 * (its prepack: scripts/build-client.ts) into a tarball, an empty project installs that tarball from its file
 * (openapi-fetch comes from the registry, or npm's cache), and a plain ESM script there imports the package by its
 * name and calls a running site — the BFF in front of the embedded backend on in-memory PGlite, both started here —:
 * the settings and interests, a wrong and a right login of a demo member, the member's own user and a members page
 * with the session cookie. A TypeScript file in that project is type-checked against the package's declarations.
 * The client's retry and key rules against a stand-in: tests/unit/client-retries.test.ts.
 */

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

let work: string;
let consumer: string;
let ctx: TestContext;
let backend: Server;
let bff: BffApp;
let site: Server;
let siteUrl: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'client-package-'));
  consumer = path.join(work, 'consumer');
  await mkdir(consumer);
  const [packed] = await Promise.all([
    run('npm', ['pack', '--workspace', '@manmatch/client', '--pack-destination', work, '--json', '--silent'], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    }),
    (async () => {
      ctx = await createTestContext({ members: 4 });
      backend = ctx.app.listen(0, '127.0.0.1');
      await new Promise<void>((resolve) => backend.once('listening', resolve));
      bff = makeApp(`http://127.0.0.1:${(backend.address() as AddressInfo).port}`, { backendSecret: TEST_BACKEND_SECRET });
      site = bff.listen(0, '127.0.0.1');
      await new Promise<void>((resolve) => site.once('listening', resolve));
      siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    })(),
  ]);
  const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as [{ filename: string }];
  await writeFile(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await run('npm', ['install', path.join(work, filename), '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock'], {
    cwd: consumer,
  });
}, 240_000);

afterAll(async () => {
  site?.closeAllConnections();
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  bff?.dispose();
  backend?.closeAllConnections();
  await new Promise<void>((resolve) => (backend ? backend.close(() => resolve()) : resolve()));
  await ctx?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** What a third party writes: plain JavaScript importing the package by its name. */
const SCRIPT = `
import { createManmatchClient, IDEMPOTENT_OPERATIONS } from '@manmatch/client';

const baseUrl = process.env.SITE_URL + '/api';
const api = createManmatchClient({ baseUrl });

const settings = await api.GET('/settings.php');
const interests = await api.GET('/interests.php');
const wrong = await api.POST('/user.php', { body: { email: process.env.EMAIL, password: 'not-the-password' } });
const login = await api.POST('/user.php', { body: { email: process.env.EMAIL, password: process.env.PASSWORD } });
// A server-side caller carries the session cookie itself.
const cookie = login.response.headers.getSetCookie().find((c) => c.startsWith('auth='))?.split(';')[0];
const member = createManmatchClient({ baseUrl, headers: { cookie } });
const me = await member.GET('/user.php');
const members = await member.GET('/members.php', { params: { query: { limit: 2 } } });

process.stdout.write(JSON.stringify({
  settings: { status: settings.response.status, signups: settings.data?.signups },
  interests: { status: interests.response.status, count: interests.data?.interests.length, first: interests.data?.interests[0] },
  wrong: { status: wrong.response.status, error: wrong.error },
  login: { status: login.response.status, email: login.data?.user?.email, cookie: Boolean(cookie) },
  me: { status: me.response.status, email: me.data?.user.email },
  members: { status: members.response.status, profiles: members.data?.profiles.length },
  idempotent: IDEMPOTENT_OPERATIONS,
}));
`;

/** What a TypeScript caller writes: checked against the package's declarations (its `exports` types). */
const TYPED = `
import { createManmatchClient, type ApiError, type ManmatchClient } from '@manmatch/client';

const api: ManmatchClient = createManmatchClient({ baseUrl: 'https://site.example/api', retries: 1 });

export async function firstInterest(): Promise<string | undefined> {
  const { data, error } = await api.GET('/interests.php');
  const failure: ApiError | undefined = error;
  if (failure) return failure.error.code;
  return data?.interests[0]?.key;
}

export async function logIn(email: string, password: string): Promise<number> {
  // @ts-expect-error a login needs a password
  await api.POST('/user.php', { body: { email } });
  // @ts-expect-error not an operation of the contract
  await api.GET('/no-such-call.php');
  return (await api.POST('/user.php', { body: { email, password } })).response.status;
}
`;

describe('the packed client installed into an empty project', () => {
  it('When a plain ESM script imports @manmatch/client and calls the running site, then it gets the settings, the interests, an error body for a wrong login, a session for a right one and that member’s data', async () => {
    await writeFile(path.join(consumer, 'check.mjs'), SCRIPT);
    const { stdout } = await run(process.execPath, ['check.mjs'], {
      cwd: consumer,
      env: { ...process.env, SITE_URL: siteUrl, EMAIL: DEMO_LOGINS.premium, PASSWORD: DEMO_PASSWORD },
    });
    const out = JSON.parse(stdout) as Record<string, unknown>;
    expect(out).toMatchObject({
      settings: { status: 200, signups: expect.any(String) },
      interests: { status: 200, count: expect.any(Number), first: { id: expect.any(Number), key: expect.any(String) } },
      wrong: { status: 401, error: { error: { code: expect.stringMatching(/^[a-z][a-z0-9_]*$/), message: expect.any(String) } } },
      login: { status: 200, email: DEMO_LOGINS.premium, cookie: true },
      me: { status: 200, email: DEMO_LOGINS.premium },
      members: { status: 200, profiles: 2 },
    });
    expect((out.interests as { count: number }).count).toBeGreaterThan(0);
    expect(out.idempotent).toContain('POST /payments.php');
    expect(out.idempotent).not.toContain('POST /user.php');
  });

  it('When a TypeScript file in that project uses the package, then it type-checks against the package’s declarations, and a wrong body or path does not', async () => {
    await writeFile(path.join(consumer, 'typed.ts'), TYPED);
    // TypeScript 7 (the repository's `typecheck`): the contract's declarations in a second where tsc 5 takes several.
    const tsc = path.join(ROOT, 'node_modules/typescript-native/bin/tsc');
    const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022'];
    await expect(run(process.execPath, [tsc, ...flags, '--lib', 'es2022,dom', 'typed.ts'], { cwd: consumer })).resolves.toBeDefined();
  });
});
