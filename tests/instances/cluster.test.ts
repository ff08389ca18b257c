/**
 * scripts/cluster.sh, the docker-compose topology as local processes: a balancer in front of two BFFs, a balancer in
 * front of two backends on one fresh PostgreSQL database (TEST_DATABASE_URL's server), the PSP simulator and a local
 * S3-compatible server (s3rver) holding the photos. The test starts it, loads pages through the front balancer (both
 * BFFs answer), uploads a photo through the balancer and fetches it from each backend (no folder is shared between
 * them), checks each app process is node running compiled JavaScript itself (no npm, sh or tsx in between, so a
 * signal reaches it), and stops it: every process exits on SIGTERM by itself.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ADMIN_URL = process.env.TEST_DATABASE_URL as string;
const APP_PROCESSES = {
  psp: 'psp-simulator.js',
  'backend-1': 'backend.js',
  'backend-2': 'backend.js',
  'bff-1': 'bff.js',
  'bff-2': 'bff.js',
};
const dir = mkdtempSync(join(tmpdir(), 'cluster-'));
const database = `cluster_${randomBytes(5).toString('hex')}`;
let port = 0;
let basePort = 0;
let stopped = false;

const portFree = (p: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(p, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * The start of the kernel's ephemeral port range (Linux: /proc/sys/net/ipv4/ip_local_port_range, 32768 by default):
 * ports from there up are handed to any `listen(0)` and outgoing connection of the other test files running beside
 * this one, so a block chosen there could be taken between the check and the cluster's start (EADDRINUSE).
 */
function ephemeralStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 21_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * A base port whose block (base … base+12) is free, and a free port for the front balancer (base+20), all below the
 * ephemeral range.
 */
async function choosePorts(): Promise<void> {
  const span = ephemeralStart() - 20_000 - 21;
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * span);
    const wanted = [base, base + 1, base + 2, base + 3, base + 4, base + 11, base + 12, base + 20];
    if ((await Promise.all(wanted.map(portFree))).every(Boolean)) {
      basePort = base;
      port = base + 20;
      return;
    }
  }
  throw new Error('no free block of ports');
}

function cluster(command: 'start' | 'stop'): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _d, BACKEND_URL: _b, ...inherited } = process.env;
  const child = spawn('bash', ['scripts/cluster.sh', command], {
    env: {
      ...inherited,
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      CLUSTER_DIR: dir,
      CLUSTER_PORT: String(port),
      CLUSTER_BASE_PORT: String(basePort),
      CLUSTER_ADMIN_URL: ADMIN_URL,
      CLUSTER_DB: database,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const pidOf = (name: string) => Number(readFileSync(join(dir, `${name}.pid`), 'utf8').trim());
const log = (name: string) => (existsSync(join(dir, `${name}.log`)) ? readFileSync(join(dir, `${name}.log`), 'utf8') : '');
const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  await choosePorts();
  const started = await cluster('start');
  if (started.code !== 0)
    throw new Error(`cluster.sh start failed (${started.code}):\n${started.output}\n${log('backend-1').slice(-3000)}`);
}, 240_000);

afterAll(async () => {
  if (!stopped) await cluster('stop');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('scripts/cluster.sh', () => {
  it('serves pages and the API through the balancer from both BFFs', async () => {
    for (let i = 0; i < 4; i++) {
      const page = await fetch(`http://127.0.0.1:${port}/members`, { headers: { cookie: 'locale=de' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      // Rendered in the member's language from the compiled catalogues (found at run time beside the bundle).
      expect((await page.text()).match(/<html[^>]*>/)?.[0]).toContain('lang="de"');
    }
    const settings = await fetch(`http://127.0.0.1:${port}/api/settings.php`);
    expect(settings.status).toBe(200);
    expect(await settings.json()).toMatchObject({ name: expect.any(String) });
    // Round robin: each BFF rendered the page at least once, and both backends answered calls.
    for (const bff of ['bff-1', 'bff-2']) expect(log(bff)).toMatch(/"url":"\/members"/);
    for (const backend of ['backend-1', 'backend-2']) expect(log(backend)).toMatch(/"url":"\/api\//);
  });

  it('serves a photo uploaded through one backend from either backend, out of the bucket, with no media folder on disk', async () => {
    const login = await fetch(`http://127.0.0.1:${port}/api/user.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The premium member: room for 25 photos, whatever the demo gave him.
      body: JSON.stringify({ email: 'premium@demo.test', password: 'demo-password' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'cluster.jpg');
    const upload = await fetch(`http://127.0.0.1:${port}/api/photos.php`, { method: 'POST', headers: { cookie }, body: form });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const { photos } = (await upload.json()) as { photos: { id: number; match_path: string }[] };
    const matchPath = photos.reduce((newest, p) => (p.id > newest.id ? p : newest)).match_path;
    expect(matchPath).toMatch(/^s\/\d+\/[^/]+\/u\//);

    // Each backend directly (not through a balancer): both answer the signed URL with the same bytes.
    const served: Buffer[] = [];
    for (const backend of [basePort + 1, basePort + 2]) {
      const res = await fetch(`http://127.0.0.1:${backend}/media/${matchPath}`);
      expect(res.status, `backend on ${backend}`).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/image\/jpeg/);
      served.push(Buffer.from(await res.arrayBuffer()));
    }
    expect(served[0]?.length).toBeGreaterThan(0);
    expect(served[1]?.equals(served[0] as Buffer)).toBe(true);
    expect((await sharp(served[0]).metadata()).format).toBe('jpeg');

    // The object is in s3rver's bucket (its folder under CLUSTER_DIR), byte for byte what the backends served.
    const key = matchPath.split('/').slice(3).join('/');
    expect(readFileSync(join(dir, 's3', 'media', `${key}._S3rver_object`)).equals(served[0] as Buffer)).toBe(true);
    // Each backend has its own DATA_DIR, and neither (nor the old shared one) holds a media folder.
    for (const name of ['backend-1', 'backend-2']) {
      expect(existsSync(join(dir, name)), name).toBe(true);
      expect(readdirSync(join(dir, name)), name).not.toContain('media');
    }
    expect(existsSync(join(dir, 'data', 'media'))).toBe(false);
    for (const backend of ['backend-1', 'backend-2']) expect(log(backend)).toMatch(/"media":"s3"/);
  });

  it('runs each app process as node on compiled JavaScript, with no wrapper in between', () => {
    for (const [name, bundle] of Object.entries(APP_PROCESSES)) {
      const pid = pidOf(name);
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(argv[0], name).toBe(process.execPath);
      expect(argv.slice(1), name).toEqual([`dist/server/${bundle}`]);
    }
  });

  it('stops every process with SIGTERM alone', async () => {
    const pids = ['lb', 'backend-lb', 's3', ...Object.keys(APP_PROCESSES)].map(pidOf);
    const result = await cluster('stop');
    stopped = true;
    expect(result.code, result.output).toBe(0);
    expect(result.output).not.toMatch(/killed/);
    expect(pids.filter(running)).toEqual([]);
    for (const name of ['bff-1', 'bff-2']) expect(log(name)).toMatch(/SIGTERM/);
    for (const name of ['backend-1', 'backend-2']) expect(log(name)).toMatch(/SIGTERM/);
  }, 120_000);
});
