import type { Db } from '../../lib/db';
import { AppError, notFound } from '../../lib/errors';
import { snap } from './geo';
import * as repo from './repository';

export async function block(db: Db, siteId: number, me: number, other: number): Promise<void> {
  if (me === other) throw new AppError(400, 'block_self');
  if (!(await repo.memberExists(db, siteId, other))) throw notFound();
  await db.transaction(async (tx) => {
    await repo.insertBlock(tx, me, other);
    await repo.removeContact(tx, me, other);
  });
}

export async function unblock(db: Db, me: number, other: number): Promise<void> {
  await repo.deleteBlock(db, me, other);
}

export async function listBlocks(db: Db, me: number) {
  const rows = await repo.listBlocks(db, me);
  return { blocks: rows.map((r) => ({ id: r.id, name: r.name, blocked_at: new Date(r.blocked_at).toISOString() })) };
}

export async function setInvisible(db: Db, me: number, invisible: boolean) {
  await repo.setInvisible(db, me, invisible);
  return { invisible };
}

/** Stores only the centre of the 0.05° grid cell; the raw position is dropped here. */
export async function saveLocation(db: Db, me: number, lat: number, lon: number): Promise<void> {
  const cell = snap(lat, lon);
  await repo.setLocation(db, me, cell.lat, cell.lon);
}

export async function forgetLocation(db: Db, me: number): Promise<void> {
  await repo.setLocation(db, me, null, null);
}
