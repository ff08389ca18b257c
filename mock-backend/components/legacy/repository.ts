import { sql } from '../../lib/db';
import type { Db } from '../../lib/db';
import { speakForLegacy } from '../../lib/legacy-sync';
import { legacyPlaceholderEmail } from '../../lib/outbox';

/** What is known here of a member id: nothing, a member who signed up here, or one who came from the PHP service. */
export type Origin = 'local' | 'legacy' | null;

export async function originOf(db: Db, userId: number): Promise<Origin> {
  const [row] = await db.query<{ origin: 'local' | 'legacy' }>(sql`SELECT origin FROM users WHERE id = ${userId}`);
  return row?.origin ?? null;
}

/** A member as the PHP service describes him, in the columns this backend keeps. */
export interface LearntMember {
  id: number;
  siteId: number;
  /** His address, or null when only another member's view of him is known (the placeholder stays). */
  email: string | null;
  status: 'active' | 'not_confirmed';
  language: string | null;
  signupDate: string | null;
  name: string;
  country: string | null;
  about: string | null;
  gender: 'male' | 'female' | null;
}

const country = (c: string | null) => (c && /^[A-Z]{2}$/.test(c) ? c : null);

/**
 * Writes a member learnt from the PHP service under his PHP id: new, or the same member again (origin legacy) with
 * what the PHP service says now. A field changed here since he came (`changed_here`, kept by the triggers of migration
 * 039) keeps its value here: the PHP service refreshes only what was never edited here, so an address, a language or a
 * status changed here is never put back. A member id that belongs to someone who signed up here is never touched:
 * answers false. An address another member here already has keeps the placeholder. The caller checks the id against
 * MAX_LEGACY_MEMBER_ID (the sequence moves past it, below).
 */
export async function learnMember(db: Db, m: LearntMember): Promise<boolean> {
  return db.transaction(async (tx) => {
    await speakForLegacy(tx);
    const [known] = await tx.query<{ origin: string }>(sql`SELECT origin FROM users WHERE id = ${m.id} FOR UPDATE`);
    if (known && known.origin !== 'legacy') return false;
    const [taken] =
      m.email === null
        ? []
        : await tx.query<{ id: number }>(
            sql`SELECT id FROM users WHERE site_id = ${m.siteId} AND lower(email) = lower(${m.email}) AND id <> ${m.id} LIMIT 1`,
          );
    const email = m.email !== null && !taken ? m.email : null;
    await tx.query(
      sql`INSERT INTO users (id, site_id, email, password_hash, status, language, signup_date, origin, legacy_synced_at)
          OVERRIDING SYSTEM VALUE
          VALUES (${m.id}, ${m.siteId}, ${email ?? legacyPlaceholderEmail(m.id)}, '', ${m.status}, ${m.language ?? 'en'},
                  COALESCE(${m.signupDate}::timestamptz, now()), 'legacy', now())
          ON CONFLICT (id) DO UPDATE SET
            email = CASE WHEN 'email' = ANY(users.changed_here) THEN users.email ELSE COALESCE(${email}::text, users.email) END,
            status = CASE WHEN 'status' = ANY(users.changed_here) OR users.status = 'deleted' THEN users.status ELSE EXCLUDED.status END,
            language = CASE WHEN 'language' = ANY(users.changed_here) THEN users.language ELSE COALESCE(${m.language}::text, users.language) END,
            legacy_synced_at = now(), updated_at = now()`,
    );
    if (!known) {
      await tx.query(
        sql`INSERT INTO profiles (user_id, name, country, about, gender, status)
            VALUES (${m.id}, ${m.name}, ${country(m.country)}, ${m.about ?? ''}, ${m.gender ?? 'male'}, 'active')
            ON CONFLICT (user_id) DO NOTHING`,
      );
    } else {
      await tx.query(
        sql`UPDATE profiles SET
              name = CASE WHEN 'name' = ANY(changed_here) THEN name ELSE ${m.name} END,
              country = CASE WHEN 'country' = ANY(changed_here) THEN country ELSE ${country(m.country)} END,
              about = CASE WHEN 'about' = ANY(changed_here) THEN about ELSE COALESCE(${m.about}::text, about) END,
              updated_at = now()
            WHERE user_id = ${m.id}`,
      );
    }
    // Ids handed out here from now on start above every id learnt: a member who signs up here never takes one.
    await tx.query(sql`SELECT setval(pg_get_serial_sequence('users', 'id'), GREATEST(${m.id}, (SELECT max(id) FROM users)))`);
    return true;
  });
}

/** A legacy member's first password here (Argon2id), after the PHP service accepted it; his address is confirmed there. */
export async function adoptPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.query(
    sql`UPDATE users SET password_hash = ${passwordHash}, status = CASE WHEN status = 'deleted' THEN status ELSE 'active' END,
               updated_at = now()
        WHERE id = ${userId} AND origin = 'legacy' AND password_hash = ''`,
  );
}
