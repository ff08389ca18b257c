import { randomBytes } from 'node:crypto';
import { sql, type Db } from '../lib/db';
import type { MediaStore } from '../lib/media-store';
import { VERIFICATION_POSES } from '../../src/shared/verification';

/** How many demo members are verified. */
const VERIFIED = 4;
const DAY = 86_400_000;

/**
 * Verified members for the demo, so a newcomer sees the badge at once: a few members with an approved request (decided
 * 40 days ago by the second moderator, their selfies deleted by the retention purge since, their approved photos
 * matched), and one pending request whose selfie waits in the console's queue for `moderator@demo.test` beside the
 * member's approved photos, the ones it showed. The waiting selfie is a copy of the member's own drawn avatar (nothing
 * personal), stored under verify/ like any selfie.
 */
export async function seedVerifications(
  db: Db,
  media: MediaStore,
  q: { siteId: number; moderatorId: number; members: { id: number; photo: string }[]; now: number },
): Promise<void> {
  const verified = q.members.slice(0, VERIFIED);
  for (const [i, m] of verified.entries()) {
    const [request] = await db.query<{ id: number }>(
      sql`INSERT INTO verification_requests (site_id, user_id, pose, status, submitted_at, moderator_id, decided_at, selfie_deleted_at)
          VALUES (${q.siteId}, ${m.id}, ${VERIFICATION_POSES[i % VERIFICATION_POSES.length]}, 'approved',
                  ${new Date(q.now - 41 * DAY)}, ${q.moderatorId}, ${new Date(q.now - 40 * DAY)}, ${new Date(q.now - 10 * DAY)})
          RETURNING id`,
    );
    await db.query(sql`UPDATE photos SET verified_by = ${request?.id} WHERE user_id = ${m.id} AND status = 'approved'`);
  }
  const waiting = q.members[VERIFIED];
  if (!waiting) return;
  const avatar = await media.get(waiting.photo);
  if (!avatar) return;
  const chunks: Buffer[] = [];
  for await (const chunk of avatar.body) chunks.push(chunk as Buffer);
  const name = randomBytes(16).toString('hex');
  const full = `verify/${name.slice(0, 2)}/${name}-full.jpg`;
  await media.put(full, Buffer.concat(chunks));
  await media.put(full.replace(/-full\.jpg$/, '-thumb.jpg'), Buffer.concat(chunks));
  const [request] = await db.query<{ id: number }>(
    sql`INSERT INTO verification_requests (site_id, user_id, pose, status, selfie, submitted_at)
        VALUES (${q.siteId}, ${waiting.id}, 'peace', 'pending', ${full}, ${new Date(q.now - 3_600_000)}) RETURNING id`,
  );
  // The photos the moderator sees beside it (and an approval marks): his approved photos when he sent it.
  await db.query(
    sql`INSERT INTO verification_request_photos (request_id, photo_id)
        SELECT ${request?.id}, id FROM photos WHERE user_id = ${waiting.id} AND status = 'approved'`,
  );
}
