import { sql, type Db } from './db';

/**
 * The highest member id the PHP service may hand this backend (learnt through the identity bridge, seen through another
 * member, or brought by the import). Members keep their PHP id here, and the id sequence then moves past the highest
 * one, so a member who signs up here never takes an id the PHP service gave. `users.id` is a 32-bit integer: an id
 * near its end (2,147,483,647) would leave the sequence nothing to hand out and every later signup would fail. Ids
 * above this ceiling are refused, which keeps 147,483,647 ids for signups here.
 */
export const MAX_LEGACY_MEMBER_ID = 2_000_000_000;

/** Whether `id` may be a member id that came from the PHP service. */
export const isLegacyMemberId = (id: unknown): id is number =>
  typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= MAX_LEGACY_MEMBER_ID;

/**
 * Says, for the rest of the transaction `tx`, that its writes are the PHP service speaking: the triggers of migration
 * 039 then do not count them as changes made here (`changed_here`), so the PHP service can refresh those fields again
 * later. Every write of what the PHP service says (learning a member, the import) runs inside such a transaction, and
 * writes only the fields not in `changed_here`.
 */
export async function speakForLegacy(tx: Db): Promise<void> {
  await tx.query(sql`SELECT set_config('app.legacy_sync', 'on', true)`);
}
