/**
 * The chat's shape with nothing of the site in it, for `BENCH_FLOOR=1 npm run bench:chat` (bench/support/chat-floor.ts
 * starts it): what the processes and round trips of a message cost on this machine before any code of ours runs.
 *
 * `backend`: a bare `node:http` server on PostgreSQL that does what a send does in the same round trips — the session
 * (one statement), the rate limit (an upsert on an unlogged table), then one transaction: BEGIN with the
 * Idempotency-Key's advisory lock and stored answer and the send's context in one write; the spend (balance and a
 * ledger row), the message (its conversation's date, the chat's sequence under the lock that keeps the sequence in
 * commit order, as the site's event lock does) and the NOTIFY in one statement; the answer
 * stored with the COMMIT. Its event streams read the new messages after each notification in one statement, as the
 * site's do, and write each to every open stream of its members. No routing, validation, logging, security headers,
 * business rules or heartbeats.
 * `bff`: a bare `node:http` proxy in front of it: a send's body and answer buffered and passed on over a keep-alive
 * agent, an event stream piped on its own connection.
 *
 * Run as a child: `node --import tsx bench/support/chat-floor-server.ts backend|bff`; it answers its port over IPC.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

const role = process.argv[2];

function cookieToken(header: string | undefined): string | null {
  return /(?:^|;\s*)auth=([^;]+)/.exec(header ?? '')?.[1] ?? null;
}

function readAll(stream: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function listen(server: http.Server): void {
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port }));
  process.on('SIGTERM', () => process.exit(0));
}

async function backend(): Promise<void> {
  const connectionString = process.env.FLOOR_DATABASE_URL as string;
  const pool = new pg.Pool({ connectionString, max: 10, pipeline: true } as pg.PoolConfig);
  const q = (name: string, text: string) => ({ name, text });
  const SESSION = q('floor_session', 'SELECT user_id FROM sessions WHERE id = $1');
  const LIMIT = q(
    'floor_limit',
    `INSERT INTO rate_limits (key, points, expire) VALUES ($1, 1, $2) ON CONFLICT (key) DO UPDATE
     SET points = CASE WHEN rate_limits.expire <= $3 THEN 1 ELSE rate_limits.points + 1 END,
         expire = CASE WHEN rate_limits.expire <= $3 THEN $2 ELSE rate_limits.expire END RETURNING points`,
  );
  const LOCK = q(
    'floor_lock',
    'SELECT pg_try_advisory_xact_lock(hashtextextended($1, 7)) AS locked, (SELECT answer FROM idempotency_keys WHERE key = $1) AS answer',
  );
  const CONTEXT = q(
    'floor_context',
    `SELECT u.credits, (SELECT id FROM conversations WHERE a = least($1::int, $2::int) AND b = greatest($1::int, $2::int)) AS conversation
     FROM users u WHERE u.id = $1 FOR NO KEY UPDATE`,
  );
  const SEND = q(
    'floor_send',
    `WITH ordered AS (SELECT pg_advisory_xact_lock(7) AS locked),
          c AS (INSERT INTO conversations (a, b, last_message_at) SELECT least($1::int, $2::int), greatest($1::int, $2::int), now() FROM ordered
                ON CONFLICT (a, b) DO UPDATE SET last_message_at = now() RETURNING id),
          spent AS (UPDATE users SET credits = credits - 1 WHERE id = $1 RETURNING id),
          ledger AS (INSERT INTO ledger (user_id, delta) SELECT id, -1 FROM spent),
          m AS (INSERT INTO messages (conversation_id, seq, sender_id, body) SELECT id, nextval('chat_seq'), $1, $3 FROM c RETURNING id, seq),
          n AS (SELECT pg_notify('floor_events', $1::text || ',' || $2::text))
     SELECT m.id, m.seq FROM m, n`,
  );
  const STORE = q('floor_store', 'INSERT INTO idempotency_keys (key, answer) VALUES ($1, $2)');
  const EVENTS = q(
    'floor_events',
    `SELECT m.id, m.seq, m.sender_id, c.a, c.b FROM messages m JOIN conversations c ON c.id = m.conversation_id
     WHERE m.seq > $2 AND (c.a = ANY($1::int[]) OR c.b = ANY($1::int[])) ORDER BY m.seq`,
  );

  const session = async (req: http.IncomingMessage): Promise<number | null> => {
    const token = cookieToken(req.headers.cookie);
    if (!token) return null;
    const { rows } = await pool.query<{ user_id: number }>({ ...SESSION, values: [token] });
    return rows[0]?.user_id ?? null;
  };

  const send = async (userId: number, to: number, text: string, key: string): Promise<string> => {
    const now = Date.now();
    const limited = await pool.query<{ points: number }>({ ...LIMIT, values: [`chat-send:member:${userId}`, now + 60_000, now] });
    if ((limited.rows[0]?.points ?? 0) > 1_000_000) throw new Error('limited');
    const client = await pool.connect();
    try {
      // One write: BEGIN, the key's lock with its stored answer, and the send's context (pipelined).
      const [, lock, context] = await Promise.all([
        client.query('BEGIN'),
        client.query<{ locked: boolean; answer: string | null }>({ ...LOCK, values: [key] }),
        client.query<{ credits: number }>({ ...CONTEXT, values: [userId, to] }),
      ]);
      if (!lock.rows[0]?.locked || lock.rows[0].answer || (context.rows[0]?.credits ?? 0) < 1) throw new Error('refused');
      const { rows } = await client.query<{ id: string; seq: string }>({ ...SEND, values: [userId, to, text] });
      const answer = JSON.stringify({ message: { id: Number(rows[0]?.id), seq: Number(rows[0]?.seq) } });
      // The answer stored with the COMMIT, in one write.
      await Promise.all([client.query({ ...STORE, values: [key, answer] }), client.query('COMMIT')]);
      return answer;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };

  // The event streams: per member, his open streams and how far each has read.
  const streams = new Map<number, Set<{ res: http.ServerResponse; position: number }>>();
  const due = new Set<number>();
  let reading = false;
  const readDue = async (): Promise<void> => {
    if (reading) return;
    reading = true;
    try {
      while (due.size > 0) {
        const members = [...due].filter((m) => streams.has(m));
        due.clear();
        if (members.length === 0) continue;
        const after = Math.min(...members.flatMap((m) => [...(streams.get(m) ?? [])].map((st) => st.position)));
        const { rows } = await pool.query<{ id: string; seq: string; sender_id: number; a: number; b: number }>({
          ...EVENTS,
          values: [members, after],
        });
        for (const row of rows) {
          const seq = Number(row.seq);
          for (const member of [row.a, row.b]) {
            for (const st of streams.get(member) ?? []) {
              if (seq <= st.position) continue;
              st.res.write(
                `id: ${seq}\nevent: message\ndata: ${JSON.stringify({ id: Number(row.id), mine: row.sender_id === member })}\n\n`,
              );
              st.position = seq;
            }
          }
        }
      }
    } finally {
      reading = false;
    }
  };
  const listener = new pg.Client({ connectionString });
  await listener.connect();
  await listener.query('LISTEN floor_events');
  listener.on('notification', (msg) => {
    for (const id of (msg.payload ?? '').split(',')) due.add(Number(id));
    setImmediate(() => void readDue());
  });

  const server = http.createServer((req, res) => {
    void (async () => {
      const userId = await session(req);
      if (userId === null) {
        res.writeHead(403).end();
        return;
      }
      if (req.method === 'GET' && req.url?.startsWith('/api/events.php')) {
        const { rows } = await pool.query<{ seq: string }>('SELECT last_value AS seq FROM chat_seq');
        res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
        req.socket.setNoDelay(true);
        res.write(': stream\n\n');
        const stream = { res, position: Number(rows[0]?.seq ?? 0) };
        const mine = streams.get(userId) ?? new Set();
        mine.add(stream);
        streams.set(userId, mine);
        res.once('close', () => {
          mine.delete(stream);
          if (mine.size === 0) streams.delete(userId);
        });
        return;
      }
      const body = JSON.parse((await readAll(req)).toString('utf8')) as { profile_id: number; text: string };
      const answer = await send(userId, body.profile_id, body.text, String(req.headers['idempotency-key']));
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) }).end(answer);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  listen(server);
}

function bff(): void {
  const target = new URL(process.env.FLOOR_BACKEND_URL as string);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const server = http.createServer((req, res) => {
    const streaming = req.method === 'GET' && req.url?.startsWith('/api/events.php');
    void (async () => {
      const body = streaming ? undefined : await readAll(req);
      const headers: http.OutgoingHttpHeaders = { cookie: req.headers.cookie ?? '' };
      if (body) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = body.length;
        headers['idempotency-key'] = req.headers['idempotency-key'];
      }
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent: streaming ? streamAgent : agent },
        (answer) => {
          if (streaming) {
            res.writeHead(answer.statusCode ?? 502, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
            req.socket.setNoDelay(true);
            answer.on('data', (chunk: Buffer) => res.write(chunk));
            answer.on('end', () => res.end());
            return;
          }
          void readAll(answer).then((payload) => {
            res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json', 'content-length': payload.length }).end(payload);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      res.once('close', () => {
        if (streaming) upstream.destroy();
      });
      upstream.end(body);
    })();
  });
  listen(server);
}

if (role === 'backend') await backend();
else if (role === 'bff') bff();
else throw new Error('chat-floor-server: backend or bff');
