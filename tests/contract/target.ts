/**
 * Which backend the contract suites run against, and who they log in as — one place for every suite of
 * tests/contract.
 *
 * - `API_BASE_URL`: the backend, as an operator writes it — `https://legacy.example.com` or
 *   `https://legacy.example.com/api` (both mean the same; the suites add `/api/<name>.php` themselves). Unset: an
 *   in-process TypeScript backend on in-memory PGlite with the demo data.
 * - `CONTRACT_AUTH_COOKIE`: the backend's login cookie (default `auth`; `PHPSESSID` for a PHP session).
 * - Who logs in: the demo logins against the in-process backend; against any other backend the environment's
 *   `CONTRACT_FREE_EMAIL`/`CONTRACT_FREE_PASSWORD`, `CONTRACT_PREMIUM_…`, `CONTRACT_MODERATOR_…` and `CONTRACT_ADMIN_…`. Without free
 *   credentials a fresh member is created through the contract itself (`POST /api/signup.php`, which logs the new
 *   member in). A premium (paying) member without credentials is made the same way and buys a bundle through the
 *   contract (`POST /api/payments.php`, then "paid" on the provider's hosted checkout — the PSP simulator's form);
 *   a moderator or an admin cannot be made, so the moderation part reports what it could not run.
 * - `CONTRACT_MAIL_DIR`: a folder where the backend under test writes the mails it sends as `.eml` files (the
 *   TypeScript backend without SMTP_URL writes them to DATA_DIR/mail). With it, each member the report signs up is
 *   activated with the link of its activation mail (`POST /api/activate.php`) and then logs in with its password.
 * - `CONTRACT_REPORT_DIR`: where each suite writes its per-operation record of a run (tests/contract/run.ts reads them);
 *   set, the suites record every difference and go on instead of failing at the first.
 * - `CONTRACT_STRICT=1`: a field the contract does not name is a difference (always against the in-process backend).
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

type Role = 'free' | 'premium' | 'moderator' | 'admin';

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

const DEMO_PASSWORD = 'demo-password';
const DEMO_EMAILS: Record<string, Role> = {
  'free@demo.test': 'free',
  'premium@demo.test': 'premium',
  'moderator@demo.test': 'moderator',
  'admin@demo.test': 'admin',
};

const external = Boolean(process.env.API_BASE_URL?.trim());
export const authCookieName = process.env.CONTRACT_AUTH_COOKIE?.trim() || 'auth';

/** The role of a demo address the suites name (`free@demo.test` → free), or undefined for another address. */
function roleOf(email: string): Role | undefined {
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

const signedUp = new Map<Role, Promise<Credentials | undefined>>();

/** The token of the activation link mailed to `email`, from CONTRACT_MAIL_DIR (waits up to 20 s for the mail). */
async function mailedActivationToken(email: string): Promise<string | undefined> {
  const dir = process.env.CONTRACT_MAIL_DIR?.trim();
  if (!dir) return undefined;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const raw = await readFile(path.join(dir, file), 'utf8').catch(() => '');
      // Quoted-printable undone: soft line breaks and =XX escapes.
      const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue;
      const token = /\/activate\/done\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}

const json = (cookie?: string) => ({ 'content-type': 'application/json', ...(cookie ? { cookie } : {}) });

/**
 * A member created through the contract (POST /api/signup.php), once per run and role: activated when its mail can
 * be read (CONTRACT_MAIL_DIR), living in the Netherlands, and for the premium role paying — one bundle bought and settled.
 */
function signUpThroughContract(base: string, role: Role): Promise<Credentials | undefined> {
  let made = signedUp.get(role);
  if (made) return made;
  made = (async () => {
    const credentials = {
      email: `contract-${role}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`,
      password: 'contract-pass-2024',
    };
    const res = await fetch(`${base}/api/signup.php`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ ...credentials, name: 'Contract', date_of_birth: '1990-01-01' }),
    }).catch(() => undefined);
    await res?.arrayBuffer();
    if (!res?.ok) return undefined;
    const member: Credentials = { ...credentials, cookie: loginCookieOf(res.headers.getSetCookie()) };
    const token = await mailedActivationToken(credentials.email);
    if (token) {
      const activated = await fetch(`${base}/api/activate.php`, { method: 'POST', headers: json(), body: JSON.stringify({ token }) });
      await activated.arrayBuffer();
      // Activated: the password logs in (the suite's own login call), no session needs to stand in for it.
      if (activated.ok) delete member.cookie;
    }
    // A member in the Netherlands, as the demo members: every payment method the suite uses (iDEAL, direct debit) is
    // offered there.
    const cookie = await sessionOf(base, member);
    if (cookie) {
      const moved = await fetch(`${base}/api/profile.php`, {
        method: 'PUT',
        headers: json(cookie),
        body: JSON.stringify({ country: 'NL' }),
      });
      await moved.arrayBuffer();
    }
    if (role === 'premium' && !(await buyBundle(base, member))) return undefined;
    return member;
  })();
  signedUp.set(role, made);
  return made;
}

/** The member's session: the signup's, or a password login. */
async function sessionOf(base: string, member: Credentials): Promise<string | undefined> {
  if (member.cookie) return member.cookie;
  const res = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: json(),
    body: JSON.stringify({ email: member.email, password: member.password }),
  }).catch(() => undefined);
  await res?.arrayBuffer();
  return res?.ok ? loginCookieOf(res.headers.getSetCookie()) : undefined;
}

/**
 * Buys the first bundle with iDEAL and answers "paid" on the provider's hosted checkout (the PSP simulator's form posts
 * the tester's choice to its own URL); true once the backend has settled the payment from the provider's webhook.
 * Against a real provider's checkout this fails, and the premium role stays without a login.
 */
async function buyBundle(base: string, member: Credentials): Promise<boolean> {
  const cookie = await sessionOf(base, member);
  if (!cookie) return false;
  try {
    const packages = (await (await fetch(`${base}/api/credit-packages.php?country=NL`, { headers: json(cookie) })).json()) as {
      packages?: { id: number }[];
    };
    const pkg = packages.packages?.[0];
    if (!pkg) return false;
    const created = await fetch(`${base}/api/payments.php`, {
      method: 'POST',
      headers: { ...json(cookie), 'idempotency-key': randomUUID() },
      body: JSON.stringify({ package_id: pkg.id, method: 'ideal', issuer: 'ideal_INGBNL2A', country: 'NL' }),
    });
    if (created.status !== 201) return false;
    const { payment_id: id, checkout_url: checkoutUrl } = (await created.json()) as { payment_id: number; checkout_url: string };
    const chosen = await fetch(checkoutUrl, { method: 'POST', body: new URLSearchParams({ status: 'paid' }), redirect: 'manual' });
    await chosen.arrayBuffer();
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
      const payment = (await (await fetch(`${base}/api/payment.php?id=${id}`, { headers: json(cookie) })).json()) as { status?: string };
      if (payment.status === 'paid') return true;
      if (payment.status && !['open', 'pending'].includes(payment.status)) return false;
    }
    return false;
  } catch {
    return false;
  }
}

/**
 * The credentials to use where a suite names a demo address: the demo login itself against the in-process backend;
 * otherwise the environment's, or (free and premium members) one created through the contract. Undefined: none available.
 */
export async function credentialsFor(email: string, base: string): Promise<Credentials | undefined> {
  const role = roleOf(email);
  if (!role) return { email, password: DEMO_PASSWORD };
  if (!external) return { email, password: DEMO_PASSWORD };
  return fromEnv(role) ?? (role === 'moderator' || role === 'admin' ? undefined : signUpThroughContract(base, role));
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
