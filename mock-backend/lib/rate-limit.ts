import type { Request, RequestHandler, Response } from 'express';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { clientIp } from './client';
import { getViewer } from './context';
import { raw, sql, type Db } from './db';
import { AppError } from './errors';

/**
 * Rate limits shared by every instance: rate-limiter-flexible's PostgreSQL store (RateLimiterPostgres) on the
 * `rate_limits` table of migration 007, reached through the backend's own Db — so the same code counts on PGlite
 * (the embedded default) and on PostgreSQL, and a deploy or a second instance changes no count. Expired rows are
 * removed by the cleanup job, not by a timer in each process.
 */

export interface LimitRule {
  /** Names the limiter; part of every key (`<name>:<subject>`). */
  name: string;
  /** Requests allowed per window. */
  points: number;
  windowSeconds: number;
  /** Whom the limit counts: the client address (default) or the logged-in member (visitors by address). */
  per?: 'ip' | 'member';
  /** Give the point back when the answer is an error (>= 400), e.g. refused signups. */
  skipFailedRequests?: boolean;
}

const TABLE = 'rate_limits';

/** rate-limiter-flexible talks to a `pg.Pool`-like client; this is the backend's Db dressed as one. */
/**
 * The store's few statements (fixed texts of the library) run on every limited request: each is a named prepared
 * statement, `rate_limit_<n>` in the order they first ran (see statement() in db.ts).
 */
const storeStatements = new Map<string, string>();
const storeStatementName = (text: string): string => {
  let name = storeStatements.get(text);
  if (!name) storeStatements.set(text, (name = `rate_limit_${storeStatements.size + 1}`));
  return name;
};

function storeClient(db: Db) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const rows = await db.query({ name: storeStatementName(q.text), text: q.text, values: q.values ?? [] });
      return { rows, rowCount: rows.length };
    },
  };
}

function subject(rule: LimitRule, req: Request, res: Response): string {
  if (rule.per === 'member') {
    const viewer = getViewer(res);
    if (viewer) return `member:${viewer.userId}`;
  }
  return `ip:${clientIp(req, res)}`;
}

export function createLimiter(db: Db, rule: LimitRule): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: storeClient(db),
    storeType: 'pool',
    tableName: TABLE,
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: rule.name,
    points: rule.points,
    duration: rule.windowSeconds,
  });
}

/** Express middleware for one rule: 429 `too_many_requests` with Retry-After once the window's points are spent. */
export function rateLimit(db: Db, rule: LimitRule): RequestHandler {
  const limiter = createLimiter(db, rule);
  return async (req, res, next) => {
    const key = subject(rule, req, res);
    try {
      const result = await limiter.consume(key);
      res.setHeader('RateLimit-Policy', `${rule.points};w=${rule.windowSeconds}`);
      res.setHeader(
        'RateLimit',
        `limit=${rule.points}, remaining=${result.remainingPoints}, reset=${Math.ceil(result.msBeforeNext / 1000)}`,
      );
      if (rule.skipFailedRequests) {
        res.once('finish', () => {
          if (res.statusCode >= 400)
            limiter.reward(key, 1).catch((err: unknown) => req.log?.warn({ err, limiter: rule.name }, 'rate limit refund failed'));
        });
      }
      next();
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      next(new AppError(429, 'too_many_requests', { headers: { 'Retry-After': String(seconds) } }));
    }
  };
}

/** Removes counters whose window ended (the cleanup job). */
export async function deleteExpiredLimits(db: Db): Promise<number> {
  const rows = await db.query(sql`DELETE FROM ${raw(TABLE)} WHERE expire < ${Date.now()} RETURNING 1`);
  return rows.length;
}
