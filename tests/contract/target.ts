/**
 * Which backend the contract suites run against, and who they log in as — one place for every suite of
 * tests/contract.
 *
 * - `API_BASE_URL`: the backend, as an operator writes it — `https://legacy.example.com` or
 *   `https://legacy.example.com/api` (both mean the same; the suites add `/api/<name>.php` themselves). Unset: an
 *   in-process TypeScript backend on in-memory PGlite with the demo data.
 * - `CONTRACT_AUTH_COOKIE`: the backend's login cookie (default `auth`; `PHPSESSID` for a PHP session).
 * - Who logs in: the demo logins against the in-process backend; against any other backend the environment's
 *   `CONTRACT_FREE_EMAIL`/`CONTRACT_FREE_PASSWORD`, `CONTRACT_PREMIUM_…` and `CONTRACT_MODERATOR_…`. Without free
 *   credentials a fresh member is created through the contract itself (`POST /api/signup.php`, which logs the new
 *   member in); premium and moderator members cannot be made that way, so their parts report what they could not run.
 * - `CONTRACT_REPORT_FILE`: where the per-operation record of a run is written (tests/contract/run.ts reads it).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Role = 'free' | 'premium' | 'moderator';

export interface Credentials {
  email: string;
  password: string;
  /**
   * The session the backend gave at signup (a member created through the contract). A new account cannot log in with
   * its password until its address is confirmed, which a report cannot do, so that session stands in for the login.
   */
  cookie?: string | undefined;
}

/** `https://x.test/api/` → `https://x.test`; `http://h:1/base/api` → `http://h:1/base`. */
export function apiOrigin(value: string): string {
  return value
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api$/, '');
}

export const DEMO_PASSWORD = 'demo-password';
const DEMO_EMAILS: Record<string, Role> = { 'free@demo.test': 'free', 'premium@demo.test': 'premium', 'moderator@demo.test': 'moderator' };

export const external = Boolean(process.env.API_BASE_URL?.trim());
export const authCookieName = process.env.CONTRACT_AUTH_COOKIE?.trim() || 'auth';

/** The role of a demo address the suites name (`free@demo.test` → free), or undefined for another address. */
export function roleOf(email: string): Role | undefined {
  return DEMO_EMAILS[email];
}

function fromEnv(role: Role): Credentials | undefined {
  const prefix = `CONTRACT_${role.toUpperCase()}`;
  const email = process.env[`${prefix}_EMAIL`]?.trim();
  const password = process.env[`${prefix}_PASSWORD`];
  return email && password ? { email, password } : undefined;
}

export interface ContractTarget {
  /** Origin (and base path) without `/api`. */
  base: string;
  stop(): Promise<void>;
}

/** Starts the in-process backend, or names the operator's one. */
export async function startContractTarget(): Promise<ContractTarget> {
  if (external) return { base: apiOrigin(process.env.API_BASE_URL!), stop: async () => {} };
  const { createTestContext } = await import('../../mock-backend/test/context');
  const ctx = await createTestContext({ members: 20 });
  const server: Server = await new Promise((resolve) => {
    const s = ctx.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      await new Promise((r) => server.close(r));
      await ctx.close();
    },
  };
}

let signedUp: Promise<Credentials | undefined> | undefined;

/** A member created through the contract (POST /api/signup.php), once per run. */
function signUpThroughContract(base: string): Promise<Credentials | undefined> {
  signedUp ??= (async () => {
    const credentials = {
      email: `contract-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`,
      password: 'contract-pass-2024',
    };
    const res = await fetch(`${base}/api/signup.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...credentials, name: 'Contract', date_of_birth: '1990-01-01' }),
    }).catch(() => undefined);
    await res?.arrayBuffer();
    return res?.ok ? { ...credentials, cookie: loginCookieOf(res.headers.getSetCookie()) } : undefined;
  })();
  return signedUp;
}

/**
 * The credentials to use where a suite names a demo address: the demo login itself against the in-process backend;
 * otherwise the environment's, or (free member only) one created through the contract. Undefined: none available.
 */
export async function credentialsFor(email: string, base: string): Promise<Credentials | undefined> {
  const role = roleOf(email);
  if (!role) return { email, password: DEMO_PASSWORD };
  if (!external) return { email, password: DEMO_PASSWORD };
  return fromEnv(role) ?? (role === 'free' ? signUpThroughContract(base) : undefined);
}

/** The environment variables that give a role's credentials (for messages). */
export function credentialsHint(email: string): string {
  const role = roleOf(email) ?? 'free';
  return `CONTRACT_${role.toUpperCase()}_EMAIL and CONTRACT_${role.toUpperCase()}_PASSWORD`;
}

/** The login cookie (`name=value`) among an answer's Set-Cookie headers. */
export function loginCookieOf(setCookies: string[]): string | undefined {
  return setCookies.find((c) => c.startsWith(`${authCookieName}=`) && !/^[^=]+=(?:;|$)/.test(c))?.split(';')[0];
}
