import type { Db } from '../../lib/db';

export interface NewComplaint {
  siteId: number;
  userId: number | null;
  profileId: number | null;
  name: string;
  email: string;
  category: string;
  message: string;
  language: string;
}

/** Stores a complaint; a `profile_id` that is not a member of the site is dropped (no enumeration through errors). */
export async function insertComplaint(db: Db, c: NewComplaint): Promise<{ id: number; created_at: Date }> {
  const [row] = await db.query<{ id: number; created_at: Date }>(
    `INSERT INTO complaints (site_id, user_id, profile_id, name, email, category, message, language)
     VALUES ($1, $2, (SELECT id FROM users WHERE id = $3 AND site_id = $1), $4, $5, $6, $7, $8)
     RETURNING id, created_at`,
    [c.siteId, c.userId, c.profileId, c.name, c.email, c.category, c.message, c.language],
  );
  if (!row) throw new Error('complaint insert returned no row');
  return row;
}
