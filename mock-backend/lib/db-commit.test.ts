import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { sql } from './db';

/**
 * A transaction's last statement sent with its COMMIT (commitWith), on the project's database (PGlite, or PostgreSQL
 * where the statement and the COMMIT share one round trip).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 0 });
});
afterAll(() => ctx?.close());

const counter = (key: string) => sql`SELECT points FROM rate_limits WHERE key = ${key}`;
const insert = (key: string) => sql`INSERT INTO rate_limits (key, points, expire) VALUES (${key}, 1, 0)`;

describe('commitWith', () => {
  it('When a transaction gives its last statement to commitWith, then that statement runs after the others and commits with them', async () => {
    const result = await ctx.db.transaction(async (tx) => {
      await tx.query(insert('commit-with-1'));
      tx.commitWith(sql`UPDATE rate_limits SET points = points + 1 WHERE key = ${'commit-with-1'}`);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await ctx.db.query(counter('commit-with-1'))).toEqual([{ points: 2 }]);
  });

  it('When the last statement raises, then nothing of the transaction is kept and the transaction rejects with its error', async () => {
    const failing = ctx.db.transaction(async (tx) => {
      await tx.query(insert('commit-with-2'));
      tx.commitWith(
        sql`SELECT raise_error('IK409', 'refused at commit') WHERE NOT EXISTS (SELECT 1 FROM rate_limits WHERE key = ${'nobody'})`,
      );
    });
    await expect(failing).rejects.toMatchObject({ code: 'IK409', message: 'refused at commit' });
    expect(await ctx.db.query(counter('commit-with-2'))).toEqual([]);
    // The connection is usable again.
    expect(await ctx.db.query(sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });

  it('When a transaction runs no statement but its last one, then that one alone commits', async () => {
    await ctx.db.transaction(async (tx) => {
      tx.commitWith(insert('commit-with-3'));
    });
    expect(await ctx.db.query(counter('commit-with-3'))).toEqual([{ points: 1 }]);
  });

  it('When commitWith is called outside a transaction or twice in one, then it throws', async () => {
    expect(() => ctx.db.commitWith(sql`SELECT 1`)).toThrow(/inside a transaction/);
    await expect(
      ctx.db.transaction(async (tx) => {
        tx.commitWith(sql`SELECT 1`);
        tx.commitWith(sql`SELECT 2`);
      }),
    ).rejects.toThrow(/twice/);
  });

  it('When a statement failed and the work went on regardless, then the transaction rejects instead of reporting a commit', async () => {
    const swallowed = ctx.db.transaction(async (tx) => {
      await tx.query(insert('commit-with-5'));
      await tx.query(sql`SELECT 1 / 0`).catch(() => undefined);
    });
    await expect(swallowed).rejects.toThrow();
    expect(await ctx.db.query(counter('commit-with-5'))).toEqual([]);
  });
});

describe('statements started in one turn', () => {
  it('When a transaction starts two statements before awaiting either, then each answers its own, in order, in one write on PostgreSQL', async () => {
    const writes = { count: 0 };
    const socket = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
    const original = { write: socket._write, writev: socket._writev };
    const [first, second] = await ctx.db.transaction(async (tx) => {
      await tx.query(insert('one-turn-1'));
      socket._write = function (this: unknown, ...args: unknown[]) {
        writes.count += 1;
        return original.write.apply(this, args);
      };
      socket._writev = function (this: unknown, ...args: unknown[]) {
        writes.count += 1;
        return original.writev.apply(this, args);
      };
      try {
        return await Promise.all([
          tx.query(sql`UPDATE rate_limits SET points = points + 1 WHERE key = ${'one-turn-1'} RETURNING points`),
          tx.query(sql`SELECT points FROM rate_limits WHERE key = ${'one-turn-1'}`),
        ]);
      } finally {
        socket._write = original.write;
        socket._writev = original.writev;
      }
    });
    expect(first).toEqual([{ points: 2 }]);
    // The second ran after the first, in the same transaction.
    expect(second).toEqual([{ points: 2 }]);
    if (ctx.db.dialect === 'pg') expect(writes.count).toBe(1);
  });

  it('When the first of two statements started together fails, then the transaction rejects and keeps neither', async () => {
    const failing = ctx.db.transaction(async (tx) => {
      const [a, b] = await Promise.allSettled([tx.query(sql`SELECT 1 / 0`), tx.query(insert('one-turn-2'))]);
      if (a.status === 'rejected') throw a.reason;
      return b;
    });
    await expect(failing).rejects.toThrow(/division by zero/);
    expect(await ctx.db.query(counter('one-turn-2'))).toEqual([]);
    expect(await ctx.db.query(sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });
});
