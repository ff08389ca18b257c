import { sql, type Db } from '../../lib/db';
import type { StaffRole } from './repository';

/** SQL of the moderators' team: who has a role, the audit of role changes, and changing a role. */

export interface TeamRow {
  id: number;
  name: string;
  email: string;
  role: 'moderator' | 'admin';
  granted_at: Date | null;
  granted_by_id: number | null;
  granted_by_name: string | null;
}

/**
 * The site's moderators and admins with an active account, admins first, then by name; each with the last change that
 * gave him his current role (none for a role given before the audit began).
 */
export async function listTeam(db: Db, siteId: number): Promise<TeamRow[]> {
  return db.query<TeamRow>(
    sql`SELECT u.id, coalesce(p.name, '') AS name, u.email, u.role, g.created_at AS granted_at, g.changed_by AS granted_by_id,
               CASE WHEN g.changed_by IS NULL THEN NULL ELSE coalesce(gp.name, '') END AS granted_by_name
        FROM users u
        LEFT JOIN profiles p ON p.user_id = u.id
        LEFT JOIN LATERAL (
          SELECT c.created_at, c.changed_by FROM moderator_role_changes c
          WHERE c.member_id = u.id AND c.to_role = u.role ORDER BY c.id DESC LIMIT 1
        ) g ON true
        LEFT JOIN profiles gp ON gp.user_id = g.changed_by
        WHERE u.site_id = ${siteId} AND u.role <> 'member' AND u.status = 'active'
        ORDER BY u.role = 'admin' DESC, lower(coalesce(p.name, '')), u.id`,
  );
}

export interface RoleChangeRow {
  id: number;
  member_id: number;
  member_name: string;
  changed_by: number | null;
  changed_by_name: string | null;
  via: 'console' | 'operator';
  from_role: StaffRole;
  to_role: StaffRole;
  created_at: Date;
}

/** The audit of the site's role changes, newest first. */
export async function listRoleChanges(db: Db, siteId: number, limit: number): Promise<RoleChangeRow[]> {
  return db.query<RoleChangeRow>(
    sql`SELECT c.id, c.member_id, coalesce(mp.name, '') AS member_name, c.changed_by,
               CASE WHEN c.changed_by IS NULL THEN NULL ELSE coalesce(bp.name, '') END AS changed_by_name,
               c.via, c.from_role, c.to_role, c.created_at
        FROM moderator_role_changes c
        LEFT JOIN profiles mp ON mp.user_id = c.member_id
        LEFT JOIN profiles bp ON bp.user_id = c.changed_by
        WHERE c.site_id = ${siteId} ORDER BY c.id DESC LIMIT ${limit}`,
  );
}

export interface RoleTarget {
  id: number;
  name: string;
  role: StaffRole;
}

/**
 * The active member of the site with that id or account address, his row locked until the change commits (two
 * admins changing one role at once take turns); null for anyone else (unknown, another site's, deleted, unconfirmed).
 */
export async function lockRoleTarget(db: Db, siteId: number, who: { id: number } | { email: string }): Promise<RoleTarget | null> {
  const match = 'id' in who ? sql`u.id = ${who.id}` : sql`lower(u.email) = lower(${who.email})`;
  const [row] = await db.query<RoleTarget>(
    sql`SELECT u.id, coalesce(p.name, '') AS name, u.role FROM users u LEFT JOIN profiles p ON p.user_id = u.id
        WHERE ${match} AND u.site_id = ${siteId} AND u.status = 'active'
        FOR UPDATE OF u`,
  );
  return row ?? null;
}

/** Sets the member's role and records the change in the audit, in the caller's transaction. */
export async function changeRole(
  db: Db,
  c: { siteId: number; memberId: number; changedBy: number | null; via: 'console' | 'operator'; from: StaffRole; to: StaffRole },
): Promise<void> {
  await db.query(sql`UPDATE users SET role = ${c.to}, updated_at = now() WHERE id = ${c.memberId}`);
  await db.query(
    sql`INSERT INTO moderator_role_changes (site_id, member_id, changed_by, via, from_role, to_role)
        VALUES (${c.siteId}, ${c.memberId}, ${c.changedBy}, ${c.via}, ${c.from}, ${c.to})`,
  );
}

/** The site of a host (the default site for none), for the operator's script; null for an unknown host. */
export async function siteIdByHost(db: Db, host: string | null): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    host === null ? sql`SELECT id FROM sites WHERE is_default` : sql`SELECT id FROM sites WHERE host = lower(${host})`,
  );
  return row?.id ?? null;
}
