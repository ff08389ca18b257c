import { join, raw, sql, type Db } from '../../lib/db';
import { SUMMARY_COLUMNS, SUMMARY_JOINS, VISIBLE, type SummaryRow } from '../members/index';
import { notBlocked } from '../privacy/index';

/**
 * Locks the ordered pair (a, b) until the transaction ends, so two likes between the same two members never run
 * side by side: the second one always sees the first (no lost match when both like in the same instant).
 */
export async function lockPair(tx: Db, a: number, b: number): Promise<void> {
  await tx.query(sql`SELECT pg_advisory_xact_lock(${Math.min(a, b)}::int, ${Math.max(a, b)}::int)`);
}

/** Inserts the like (nothing when it exists); true when the other member already likes back. */
export async function insertLikeAndCheckMatch(tx: Db, likerId: number, likedId: number): Promise<boolean> {
  await tx.query(sql`INSERT INTO likes (liker_id, liked_id) VALUES (${likerId}, ${likedId}) ON CONFLICT (liker_id, liked_id) DO NOTHING`);
  const rows = await tx.query(sql`SELECT 1 FROM likes WHERE liker_id = ${likedId} AND liked_id = ${likerId}`);
  return rows.length > 0;
}

export async function likeExists(db: Db, likerId: number, likedId: number): Promise<boolean> {
  const rows = await db.query(sql`SELECT 1 FROM likes WHERE liker_id = ${likerId} AND liked_id = ${likedId}`);
  return rows.length > 0;
}

export async function deleteLike(db: Db, likerId: number, likedId: number): Promise<void> {
  await db.query(sql`DELETE FROM likes WHERE liker_id = ${likerId} AND liked_id = ${likedId}`);
}

/**
 * Who a member may like (and who may show up as a card): another member of the same site whom the viewer may see —
 * activated, not deleted, profile enabled, no block either way, and not invisible unless the two already share a chat
 * (the same rule as the profile view).
 */
export async function findLikeable(db: Db, siteId: number, viewerId: number, id: number): Promise<SummaryRow | null> {
  const [row] = await db.query<SummaryRow>(
    sql`SELECT ${SUMMARY_COLUMNS} FROM users u ${SUMMARY_JOINS}
     WHERE u.id = ${id} AND u.site_id = ${siteId} AND u.id <> ${viewerId} AND ${VISIBLE} AND ${notBlocked(viewerId, raw('u.id'))}
       AND (NOT p.invisible OR EXISTS (
         SELECT 1 FROM conversation_members x JOIN conversation_members y ON y.conversation_id = x.conversation_id
         WHERE x.user_id = ${viewerId} AND y.user_id = u.id AND x.deleted_at IS NULL AND y.deleted_at IS NULL))`,
  );
  return row ?? null;
}

export interface Preferences {
  gender: 'male' | 'female' | null;
  min_age: number;
  max_age: number;
  country: string | null;
  region_id: number | null;
}

export interface OwnFacts {
  gender: 'male' | 'female' | null;
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi' | null;
  age: number | null;
  country: string | null;
}

export async function findOwnFacts(db: Db, userId: number): Promise<OwnFacts | null> {
  const [row] = await db.query<OwnFacts>(
    sql`SELECT gender, sexuality, country,
            CASE WHEN birth_date IS NULL THEN NULL ELSE date_part('year', age(birth_date))::int END AS age
     FROM profiles WHERE user_id = ${userId}`,
  );
  return row ? { ...row, country: row.country?.trim() ?? null } : null;
}

export async function findPreferences(db: Db, userId: number): Promise<Preferences | null> {
  const [row] = await db.query<Preferences>(
    sql`SELECT gender, min_age, max_age, country, region_id FROM match_preferences WHERE user_id = ${userId}`,
  );
  return row ? { ...row, country: row.country?.trim() ?? null } : null;
}

export async function savePreferences(db: Db, userId: number, p: Preferences): Promise<void> {
  await db.query(
    sql`INSERT INTO match_preferences (user_id, gender, min_age, max_age, country, region_id)
     VALUES (${userId}, ${p.gender}, ${p.min_age}, ${p.max_age}, ${p.country}, ${p.region_id})
     ON CONFLICT (user_id) DO UPDATE SET gender = excluded.gender, min_age = excluded.min_age, max_age = excluded.max_age,
       country = excluded.country, region_id = excluded.region_id, updated_at = now()`,
  );
}

export async function regionCountry(db: Db, regionId: number): Promise<string | null> {
  const [row] = await db.query<{ country: string }>(sql`SELECT country FROM regions WHERE id = ${regionId}`);
  return row?.country.trim() ?? null;
}

export interface CandidateRow extends SummaryRow {
  likes_you: boolean;
  shared_interests: number;
}

/** Passed cards stay away this long; liked ones stay away as long as the like exists. */
const PASS_QUIET_DAYS = 30;

/**
 * Members who fit the preferences and whom the viewer may see and has not liked yet, for the match finder, the
 * signup suggestions and the swipe game (`skipSwiped`: leave out cards passed in the last PASS_QUIET_DAYS days).
 * Ordered as a member hopes: those who already like him first (a like back is a match), then most shared interests,
 * with a photo, most recently active.
 */
export async function listCandidates(
  db: Db,
  q: { siteId: number; viewerId: number; prefs: Preferences; limit: number; skipSwiped: boolean },
): Promise<CandidateRow[]> {
  const viewer = q.viewerId;
  const where = [
    sql`u.site_id = ${q.siteId}`,
    sql`u.id <> ${viewer}`,
    VISIBLE,
    sql`NOT p.invisible`,
    notBlocked(viewer, raw('u.id')),
    sql`NOT EXISTS (SELECT 1 FROM likes g WHERE g.liker_id = ${viewer} AND g.liked_id = u.id)`,
    sql`p.birth_date <= (current_date - ${q.prefs.min_age}::int * interval '1 year')::date`,
    sql`p.birth_date > (current_date - (${q.prefs.max_age}::int + 1) * interval '1 year')::date`,
  ];
  if (q.prefs.gender) where.push(sql`p.gender = ${q.prefs.gender}`);
  if (q.prefs.country) where.push(sql`p.country = ${q.prefs.country}`);
  if (q.prefs.region_id) where.push(sql`p.region_id = ${q.prefs.region_id}`);
  if (q.skipSwiped) {
    where.push(
      sql`NOT EXISTS (SELECT 1 FROM swipes s WHERE s.user_id = ${viewer} AND s.target_id = u.id
                   AND (s.liked OR s.created_at > now() - make_interval(days => ${PASS_QUIET_DAYS})))`,
    );
  }
  return db.query<CandidateRow>(
    sql`SELECT ${SUMMARY_COLUMNS},
            EXISTS (SELECT 1 FROM likes r WHERE r.liker_id = u.id AND r.liked_id = ${viewer}) AS likes_you,
            (SELECT count(*)::int FROM profile_interests a JOIN profile_interests b ON b.interest_id = a.interest_id
             WHERE a.user_id = u.id AND b.user_id = ${viewer}) AS shared_interests
     FROM users u ${SUMMARY_JOINS}
     WHERE ${join(where, ' AND ')}
     ORDER BY likes_you DESC, shared_interests DESC, (ph.id IS NOT NULL) DESC, u.last_active_at DESC, u.id DESC
     LIMIT ${q.limit}`,
  );
}

/**
 * One swipe-game like, in ONE statement: the day's counter goes up only while it is under the limit, and the swipe
 * row and the like are written only when it did. Null when the day's likes are used up (nothing written).
 */
export async function swipeLike(tx: Db, userId: number, targetId: number, day: string, limit: number): Promise<number | null> {
  const [row] = await tx.query<{ likes: number }>(
    sql`WITH quota AS (
       INSERT INTO swipe_quota (user_id, day, likes) VALUES (${userId}::int, ${day}::date, 1)
       ON CONFLICT (user_id, day) DO UPDATE SET likes = swipe_quota.likes + 1 WHERE swipe_quota.likes < ${limit}::int
       RETURNING likes
     ), swiped AS (
       INSERT INTO swipes (user_id, target_id, liked) SELECT ${userId}::int, ${targetId}::int, true FROM quota
       ON CONFLICT (user_id, target_id) DO UPDATE SET liked = true, created_at = now()
       RETURNING 1
     ), liked AS (
       INSERT INTO likes (liker_id, liked_id) SELECT ${userId}::int, ${targetId}::int FROM quota
       ON CONFLICT (liker_id, liked_id) DO NOTHING
       RETURNING 1
     )
     SELECT likes FROM quota`,
  );
  return row?.likes ?? null;
}

export async function swipePass(db: Db, userId: number, targetId: number): Promise<void> {
  await db.query(
    sql`INSERT INTO swipes (user_id, target_id, liked) VALUES (${userId}, ${targetId}, false)
     ON CONFLICT (user_id, target_id) DO UPDATE SET liked = false, created_at = now()`,
  );
}

export async function likesUsed(db: Db, userId: number, day: string): Promise<number> {
  const [row] = await db.query<{ likes: number }>(sql`SELECT likes FROM swipe_quota WHERE user_id = ${userId} AND day = ${day}::date`);
  return row?.likes ?? 0;
}

/** The member's last swipe, when it was a pass within `seconds`: the one an undo brings back. */
export async function lastUndoablePass(db: Db, userId: number, seconds: number): Promise<number | null> {
  const [row] = await db.query<{ target_id: number; liked: boolean }>(
    sql`SELECT target_id, liked FROM swipes WHERE user_id = ${userId} AND created_at > now() - make_interval(secs => ${seconds})
     ORDER BY created_at DESC LIMIT 1`,
  );
  return row && !row.liked ? row.target_id : null;
}

/** Removes that pass (only if it is still a pass), so the card comes back. */
export async function deletePass(db: Db, userId: number, targetId: number): Promise<boolean> {
  const rows = await db.query(sql`DELETE FROM swipes WHERE user_id = ${userId} AND target_id = ${targetId} AND NOT liked RETURNING 1`);
  return rows.length > 0;
}

/** Fictional profiles that may like the member automatically (see README, "Auto-like"): never real members. */
export async function pickFictionalLiker(db: Db, siteId: number, userId: number, prefs: Preferences): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.site_id = ${siteId} AND u.id <> ${userId} AND ${VISIBLE} AND p.fictional AND NOT p.invisible
       AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = u.id AND l.liked_id = ${userId})
       AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = ${userId} AND l.liked_id = u.id)
       AND NOT EXISTS (SELECT 1 FROM swipes s WHERE s.user_id = ${userId} AND s.target_id = u.id)
       AND ${notBlocked(userId, raw('u.id'))}
     ORDER BY ((${prefs.gender}::text IS NULL OR p.gender = ${prefs.gender})
               AND p.birth_date <= (current_date - ${prefs.min_age}::int * interval '1 year')::date
               AND p.birth_date > (current_date - (${prefs.max_age}::int + 1) * interval '1 year')::date) DESC,
              random()
     LIMIT 1`,
  );
  return row?.id ?? null;
}

/** Serialises the auto-like decision of one member (key space: a fixed tag and the member's id). */
export async function lockAutoLike(tx: Db, userId: number): Promise<void> {
  await tx.query(sql`SELECT pg_advisory_xact_lock(hashtext('auto-like'), ${userId}::int)`);
}

export async function insertAutoLike(tx: Db, likerId: number, likedId: number): Promise<void> {
  await tx.query(
    sql`INSERT INTO likes (liker_id, liked_id, is_auto) VALUES (${likerId}, ${likedId}, true) ON CONFLICT (liker_id, liked_id) DO NOTHING`,
  );
}

/** Auto-likes the member received since `seconds` ago, newest first. */
export async function recentAutoLikes(db: Db, userId: number, seconds: number): Promise<{ liker_id: number; age_seconds: number }[]> {
  return db.query(
    sql`SELECT liker_id, extract(epoch FROM now() - created_at)::int AS age_seconds FROM likes
     WHERE liked_id = ${userId} AND is_auto AND created_at > now() - make_interval(secs => ${seconds})
     ORDER BY created_at DESC`,
  );
}

export async function isInvisible(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.query<{ invisible: boolean }>(sql`SELECT invisible FROM profiles WHERE user_id = ${userId}`);
  return row?.invisible ?? false;
}
