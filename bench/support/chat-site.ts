/**
 * What bench/chat.ts and its sites share: the site the load generator drives (its base URLs, members and their login
 * cookies, and how each of its processes measures itself), a process's CPU and memory from /proc, and a fresh
 * PostgreSQL database beside the one a URL names, with the CPU of the server processes serving it.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';

const TICKS_PER_SECOND = 100;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const say = (line: string) => process.stdout.write(`${line}\n`);

export interface Member {
  id: number;
  email: string;
}

/** What the load generator needs of a running site, and how each variant measures itself. */
export interface Site {
  label: string;
  /** The BFFs' base URLs: streams and sends are spread over them in turn. */
  bases: string[];
  members: Member[];
  cookies: string[];
  /** Milliseconds of CPU so far, per part: all of it, and the part spent in the kernel (system calls, wake-ups). */
  cpu(): Promise<Record<string, Cpu>>;
  /** The backend's statements so far by text (BENCH_STATEMENTS=1 on PostgreSQL), else undefined. */
  statements?: () => Promise<Map<string, number>>;
  /**
   * Brings the planner's statistics up to date, as autovacuum does on a running site (PostgreSQL only: the embedded
   * backend analyzes its own database). Without it the tables look as empty as at the start, and every statement
   * planned meanwhile reads the growing messages table whole.
   */
  analyze?: () => Promise<void>;
  /** Bytes of memory now (after letting garbage settle), per part. */
  memory(): Promise<Record<string, number>>;
  /** What the processes noted of their pauses so far (BENCH_PAUSES=1), else undefined. */
  pauses?: () => Pause[];
  close(): Promise<void>;
}

/** A time a process stood still (bench/support/pauses.mjs): when (epoch ms), how long, and why. */
export interface Pause {
  part: string;
  at: number;
  ms: number;
  what: string;
}

export interface Cpu {
  ms: number;
  systemMs: number;
}

const ticksMs = (ticks: string | undefined) => (Number(ticks) / TICKS_PER_SECOND) * 1000;

export function procCpu(pid: number): Cpu {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const systemMs = ticksMs(fields[12]); // stime
  return { ms: ticksMs(fields[11]) + systemMs, systemMs }; // utime + stime
}

export function procRss(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
}

export function selfCpu(): Cpu {
  const c = process.cpuUsage();
  return { ms: (c.user + c.system) / 1000, systemMs: c.system / 1000 };
}

/**
 * A fresh PostgreSQL database next to the one the URL names; dropped by the returned function. `cpu`: the CPU so
 * far of the server processes serving its connections (when the server runs on this machine; a connection that
 * closes between two readings keeps its last reading, so the figure is a lower bound).
 */
export async function freshPgDatabase(
  url: string,
): Promise<{ url: string; drop: () => Promise<void>; cpu: () => Promise<Cpu>; analyze: () => Promise<void> }> {
  const name = `chatbench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const seen = new Map<number, Cpu>();
  return {
    url: target.toString(),
    cpu: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const rows = (await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name])).rows;
      await c.end();
      for (const { pid } of rows) {
        try {
          seen.set(pid, procCpu(pid));
        } catch {
          // gone meanwhile, or another machine's
        }
      }
      return [...seen.values()].reduce((a, b) => ({ ms: a.ms + b.ms, systemMs: a.systemMs + b.systemMs }), { ms: 0, systemMs: 0 });
    },
    analyze: async () => {
      const c = new pg.Client({ connectionString: target.toString() });
      await c.connect();
      await c.query('ANALYZE');
      await c.end();
    },
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
