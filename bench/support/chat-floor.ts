/**
 * The floor of the chat's shape (`BENCH_FLOOR=1 npm run bench:chat`): a bare backend and a bare BFF
 * (bench/support/chat-floor-server.ts) on a fresh PostgreSQL database, driven by the same load generator as the site.
 * Its CPU per message is what four processes, their wake-ups and a send's round trips cost on this machine; the site's
 * own figure beside it says how much of a message is the site's code.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freshPgDatabase, procCpu, procRss, selfCpu, stopChild, type Member, type Site } from './chat-site';

const SERVER = fileURLToPath(new URL('chat-floor-server.ts', import.meta.url));

const SCHEMA = `
  CREATE TABLE users (id int PRIMARY KEY, credits int NOT NULL);
  CREATE TABLE sessions (id text PRIMARY KEY, user_id int NOT NULL REFERENCES users);
  CREATE UNLOGGED TABLE rate_limits (key text PRIMARY KEY, points int NOT NULL, expire bigint NOT NULL);
  CREATE TABLE conversations (id serial PRIMARY KEY, a int NOT NULL REFERENCES users, b int NOT NULL REFERENCES users,
    last_message_at timestamptz NOT NULL, UNIQUE (a, b));
  CREATE INDEX conversations_b ON conversations (b);
  CREATE SEQUENCE chat_seq;
  CREATE TABLE messages (id bigserial PRIMARY KEY, conversation_id int NOT NULL REFERENCES conversations, seq bigint NOT NULL,
    sender_id int NOT NULL REFERENCES users, body text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
  CREATE INDEX messages_conversation_seq ON messages (conversation_id, seq);
  CREATE INDEX messages_seq ON messages (seq);
  CREATE TABLE ledger (id bigserial PRIMARY KEY, user_id int NOT NULL REFERENCES users, delta int NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now());
  CREATE INDEX ledger_user ON ledger (user_id);
  CREATE TABLE idempotency_keys (key text PRIMARY KEY, answer text NOT NULL);
`;

function start(role: 'backend' | 'bff', env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const { NODE_OPTIONS: _n, ...inherited } = process.env;
  const child = fork(SERVER, [role], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...inherited,
      NODE_ENV: 'production',
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (m: { type?: string; port?: number }) => {
      if (m.type === 'ready' && typeof m.port === 'number') resolve({ child, port: m.port });
    });
    child.once('exit', (code) => reject(new Error(`the floor's ${role} exited (code ${code})`)));
  });
}

export async function startFloor(pgUrl: string, memberCount: number): Promise<Site> {
  const fresh = await freshPgDatabase(pgUrl);
  const children: ChildProcess[] = [];
  try {
    const db = new pg.Client({ connectionString: fresh.url });
    await db.connect();
    await db.query(SCHEMA);
    await db.query('INSERT INTO users (id, credits) SELECT i, 100000 FROM generate_series(1, $1::int) i', [memberCount]);
    const members: Member[] = [];
    const cookies: string[] = [];
    for (let id = 1; id <= memberCount; id++) {
      const token = randomBytes(16).toString('hex');
      await db.query('INSERT INTO sessions (id, user_id) VALUES ($1, $2)', [token, id]);
      members.push({ id, email: `floor${id}@bench.test` });
      cookies.push(`auth=${token}`);
    }
    await db.query('ANALYZE');
    await db.end();
    const backend = await start('backend', { FLOOR_DATABASE_URL: fresh.url });
    children.push(backend.child);
    const bff = await start('bff', { FLOOR_BACKEND_URL: `http://127.0.0.1:${backend.port}` });
    children.push(bff.child);
    const pids = { BFF: bff.child.pid as number, backend: backend.child.pid as number };
    return {
      label: `PostgreSQL, ${process.version}, the floor: a bare node:http backend and proxy with a send's round trips and nothing of the site`,
      bases: [`http://127.0.0.1:${bff.port}`],
      members,
      cookies,
      cpu: async () => ({
        BFF: procCpu(pids.BFF),
        backend: procCpu(pids.backend),
        'PostgreSQL (its connections of this database, about)': await fresh.cpu(),
        'load generator': selfCpu(),
      }),
      analyze: fresh.analyze,
      memory: async () => ({ BFF: procRss(pids.BFF), backend: procRss(pids.backend) }),
      close: async () => {
        for (const child of children.reverse()) await stopChild(child);
        await fresh.drop();
      },
    };
  } catch (error) {
    for (const child of children.reverse()) await stopChild(child);
    await fresh.drop();
    throw error;
  }
}
