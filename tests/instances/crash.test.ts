/**
 * Nothing lost or doubled across a kill -9: backend processes on one PostgreSQL database (TEST_DATABASE_URL's
 * server), one of them started with FAULT_INJECTION (mock-backend/lib/fault-injection.ts) so that it kills itself
 * with SIGKILL at the worst moment — after its transaction committed, before anyone heard of it. The client's retry
 * (same Idempotency-Key), the provider's next webhook delivery or the other instance's mail job then goes to the
 * survivor, and the database holds exactly one effect:
 *
 * - a chat message with its credits spent: one message row, one debit, the balance equal to the ledger's sum;
 * - a payment: one payment row although its creation was answered by nobody, and one credit grant although the
 *   webhook that settled it was never answered;
 * - a mail: one outbox row; its send is repeated after the crash (SMTP has no exactly-once), and every copy carries
 *   the same Message-ID — the outbox row's — so receivers keep one.
 *
 * The PSP simulator runs as its own process; its webhooks reach the backends through a failover proxy in this test
 * (the first upstream that accepts a connection; a request cut off mid-way is answered 502 and redelivered).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerInvariantViolations } from '../../mock-backend/components/credits/ledger';
import { createPgDb } from '../../mock-backend/lib/db';
import { localSmtp, type LocalSmtp } from '../../mock-backend/test/smtp';
import { freePort } from '../e2e/support/server';
import { authCookieOf, freshDatabase, sqlOn, startProcess, stopAll, waitForLog, waitUntilUp, type Proc } from './harness';

const SECRET = randomBytes(32).toString('hex');
const PSP_KEY = `test_${randomBytes(24).toString('hex')}`;
const PSP_SECRET = `whsec_${randomBytes(24).toString('base64')}`;

const procs: Proc[] = [];
const dataDirs: string[] = [];
let databaseUrl = '';
let dropDatabase = async () => {};
let smtp: LocalSmtp | undefined;
let psp: Proc | undefined;
let proxy: Server | undefined;
let proxyUrl = '';
/** Where the failover proxy sends the provider's webhooks, in order. */
let webhookUpstreams: string[] = [];
/** What the proxy answered the provider, in order: the upstream that took the delivery (or none) and the status. */
const deliveries: { upstream: string | null; status: number }[] = [];
let survivor: Proc | undefined;

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sqlOn<T>(databaseUrl, text, params);

/** A backend on the shared database; `fault` names the point where it kills itself. */
async function backend(name: string, fault?: string): Promise<Proc> {
  const dataDir = mkdtempSync(join(tmpdir(), `crash-${name}-`));
  dataDirs.push(dataDir);
  const proc = startProcess(
    name,
    'mock-backend/main.ts',
    {
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DEMO_SEED: 'true',
      DATA_DIR: dataDir,
      BACKEND_SECRET: SECRET,
      SMTP_URL: `smtp://127.0.0.1:${smtp?.port}`,
      PUBLIC_URL: 'http://localhost:3000',
      PSP_URL: psp?.url as string,
      PSP_API_KEY: PSP_KEY,
      PSP_WEBHOOK_SECRET: PSP_SECRET,
      PAYMENT_WEBHOOK_URL: `${proxyUrl}/webhooks/psp`,
      ...(fault ? { FAULT_INJECTION: fault } : {}),
    },
    await freePort(),
  );
  procs.push(proc);
  await waitUntilUp(proc, '/readyz');
  return proc;
}

/** The first upstream that accepts the connection gets the request; one that dies during it is answered 502. */
function failoverProxy(): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
        ) as Record<string, string>;
        for (const upstream of webhookUpstreams) {
          try {
            const answer = await fetch(`${upstream}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
            const body = Buffer.from(await answer.arrayBuffer());
            deliveries.push({ upstream, status: answer.status });
            res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
            res.end(body);
            return;
          } catch (err) {
            // Refused: nothing reached this upstream, the next may take it. Anything else: it may have acted.
            if ((err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') continue;
            deliveries.push({ upstream, status: 502 });
            res.writeHead(502).end();
            return;
          }
        }
        deliveries.push({ upstream: null, status: 502 });
        res.writeHead(502).end();
      })();
    });
  });
}

const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function login(base: string, email: string): Promise<string> {
  return authCookieOf(await post(base, '/user.php', { email, password: 'demo-password' }));
}

/** Expects the request to get no answer (the process died under it) and the process to have been killed. */
async function expectKilledDuring(victim: Proc, request: Promise<Response>): Promise<void> {
  await expect(request).rejects.toThrow();
  expect((await victim.exited).signal).toBe('SIGKILL');
}

/** The member's balance, the sum and count of his ledger rows, and the books' invariants. */
async function books(userId: number) {
  const [user] = await sql<{ credits: number }>('SELECT credits FROM users WHERE id = $1', [userId]);
  const [ledger] = await sql<{ total: number }>('SELECT coalesce(sum(delta), 0)::int AS total FROM credit_ledger WHERE user_id = $1', [
    userId,
  ]);
  const db = createPgDb(databaseUrl, { max: 1 });
  try {
    return { balance: user?.credits, ledgerSum: ledger?.total, violations: await ledgerInvariantViolations(db) };
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  ({ url: databaseUrl, drop: dropDatabase } = await freshDatabase('crash'));
  smtp = await localSmtp();
  await smtp.start();
  proxy = failoverProxy();
  await new Promise<void>((resolve) => proxy?.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  psp = startProcess(
    'psp',
    'mock-backend/psp-simulator/main.ts',
    { PSP_SIM_PORT: '0', PSP_API_KEY: PSP_KEY, PSP_WEBHOOK_SECRET: PSP_SECRET },
    0,
  );
  procs.push(psp);
  await waitForLog(psp, 'PSP simulator listening');
  const listening = psp.output().match(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/);
  psp.url = listening?.[1] as string;
}, 240_000);

afterAll(async () => {
  await stopAll(procs);
  await new Promise((resolve) => proxy?.close(resolve));
  await smtp?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await dropDatabase();
}, 60_000);

describe('a backend killed with SIGKILL at the worst moment', () => {
  it('When the only instance dies after the SMTP server accepted a mail but before the outbox recorded it, then the other instance sends it again with the same Message-ID and the outbox holds it once, sent', async () => {
    // Alone on the database, so its job worker is the one that sends the activation mail.
    const victim = await backend('backend-mail', 'outbox-after-send');
    const email = `crash-mail-${randomBytes(3).toString('hex')}@example.test`;
    const signup = await post(victim.url, '/signup.php', {
      email,
      password: 'a-long-password',
      name: 'Crash',
      date_of_birth: '1990-05-17',
    });
    expect(signup.status).toBe(200);
    expect((await victim.exited).signal).toBe('SIGKILL');
    expect(smtp?.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    const [row] = await sql<{ id: string; status: string }>(`SELECT id::text, status FROM mail_outbox WHERE to_address = $1`, [email]);
    expect(row?.status).toBe('pending');

    survivor = await backend('backend-survivor');
    // The dead instance's lease runs out (120 s; shortened here), and a mail job run on the survivor takes the row —
    // kicked by the next signup through it rather than waiting for the one-minute schedule.
    await sql(`UPDATE mail_outbox SET claimed_until = now() - interval '1 second' WHERE id = $1`, [row?.id]);
    const next = await post(survivor.url, '/signup.php', {
      email: `crash-kick-${randomBytes(3).toString('hex')}@example.test`,
      password: 'a-long-password',
      name: 'Kick',
      date_of_birth: '1990-05-17',
    });
    expect(next.status).toBe(200);
    await vi.waitFor(
      async () => {
        const [after] = await sql<{ status: string }>('SELECT status FROM mail_outbox WHERE id = $1', [row?.id]);
        expect(after?.status).toBe('sent');
      },
      { timeout: 90_000, interval: 250 },
    );

    const rows = await sql<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = $1', [email]);
    expect(rows[0]?.n).toBe(1);
    const users = await sql<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
    expect(users[0]?.n).toBe(1);
    const copies = smtp?.received.filter((m) => m.to.includes(email)) ?? [];
    expect(copies).toHaveLength(2);
    expect(new Set(copies.map((m) => m.messageId)).size).toBe(1);
    expect(copies[0]?.messageId.startsWith(`<outbox-${row?.id}.`)).toBe(true);
  }, 300_000);

  it('When an instance dies after a paid chat message committed but before it answered, then the retry with the same key on the other instance replays it: one message, one debit, balance equal to the ledger', async () => {
    const victim = await backend('backend-chat', 'idempotency-after-commit');
    const live = survivor as Proc;
    const cookie = await login(victim.url, 'premium@demo.test');
    const [sender] = await sql<{ id: number; site_id: number; credits: number }>(
      'SELECT id, site_id, credits FROM users WHERE email = $1',
      ['premium@demo.test'],
    );
    const [recipient] = await sql<{ id: number }>(
      `SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
       WHERE u.status = 'active' AND p.status = 'active' AND NOT p.invisible AND u.site_id = $1 AND u.id <> $2
         AND u.email NOT LIKE '%@demo.test'
       ORDER BY u.id LIMIT 1`,
      [sender?.site_id, sender?.id],
    );
    const key = randomUUID();
    const text = `Sent once across a crash ${randomBytes(3).toString('hex')}`;
    const send = (base: string) => post(base, '/message.php', { profile_id: recipient?.id, text }, { cookie, 'idempotency-key': key });

    await expectKilledDuring(victim, send(victim.url));
    const retry = await send(live.url);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');

    const [messages] = await sql<{ n: number; cost: number }>(
      'SELECT count(*)::int AS n, coalesce(sum(credits_cost), 0)::int AS cost FROM messages WHERE sender_id = $1 AND body = $2',
      [sender?.id, text],
    );
    expect(messages?.n).toBe(1);
    expect(messages?.cost).toBeGreaterThan(0);
    const after = await books(sender?.id as number);
    expect(after.balance).toBe((sender?.credits ?? 0) - (messages?.cost ?? 0));
    expect(after.ledgerSum).toBe(after.balance);
    expect(after.violations).toEqual([]);
  }, 300_000);

  it('When an instance dies after creating a payment and another after settling it from the webhook, each before answering, then there is one payment and one credit grant', async () => {
    const [creator, settler] = await Promise.all([
      backend('backend-payment', 'idempotency-after-commit'),
      backend('backend-webhook', 'webhook-after-commit'),
    ]);
    const live = survivor as Proc;
    webhookUpstreams = [live.url];
    const cookie = await login(creator.url, 'free@demo.test');
    const [buyer] = await sql<{ id: number; credits: number }>('SELECT id, credits FROM users WHERE email = $1', ['free@demo.test']);
    const packages = (await (await fetch(`${creator.url}/api/credit-packages.php`, { headers: { cookie } })).json()) as {
      packages: { id: number; credits: number }[];
    };
    const pkg = packages.packages[0] as { id: number; credits: number };
    const key = randomUUID();
    const buy = (base: string) =>
      post(base, '/payments.php', { package_id: pkg.id, method: 'creditcard' }, { cookie, 'idempotency-key': key });

    await expectKilledDuring(creator, buy(creator.url));
    const retry = await buy(live.url);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const created = (await retry.json()) as { payment_id: number; checkout_url: string };
    const payments = await sql<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE user_id = $1', [buyer?.id]);
    expect(payments[0]?.n).toBe(1);

    // The provider's webhook goes to the instance that dies after settling; its next delivery to the survivor.
    webhookUpstreams = [settler.url, live.url];
    const paid = await fetch(created.checkout_url, { method: 'POST', body: new URLSearchParams({ status: 'paid' }), redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect((await settler.exited).signal).toBe('SIGKILL');
    await vi.waitFor(() => expect(deliveries.some((d) => d.upstream === live.url && d.status === 200)).toBe(true), {
      timeout: 60_000,
      interval: 200,
    });
    expect(deliveries.find((d) => d.upstream === settler.url)?.status).toBe(502);

    const [payment] = await sql<{ status: string }>('SELECT status FROM payments WHERE id = $1', [created.payment_id]);
    expect(payment?.status).toBe('paid');
    const [grants] = await sql<{ n: number; credits: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(delta), 0)::int AS credits FROM credit_ledger WHERE user_id = $1 AND reason = 'purchase'`,
      [buyer?.id],
    );
    expect(grants).toEqual({ n: 1, credits: pkg.credits });
    const after = await books(buyer?.id as number);
    expect(after.balance).toBe((buyer?.credits ?? 0) + pkg.credits);
    expect(after.ledgerSum).toBe(after.balance);
    expect(after.violations).toEqual([]);
  }, 300_000);
});
