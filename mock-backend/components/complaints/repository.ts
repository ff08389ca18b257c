import { type Db, sql } from '../../lib/db';

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
  const [row] = await db.query<{
    id: number;
    created_at: Date;
  }>(sql`INSERT INTO complaints (site_id, user_id, profile_id, name, email, category, message, language)
     VALUES (${c.siteId}, ${c.userId}, (SELECT id FROM users WHERE id = ${c.profileId} AND site_id = ${c.siteId}), ${c.name}, ${c.email}, ${c.category}, ${c.message}, ${c.language})
     RETURNING id, created_at`);
  if (!row) throw new Error('complaint insert returned no row');
  return row;
}
