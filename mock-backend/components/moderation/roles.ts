import type { Schemas } from '../../lib/api-types';
import type { Viewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { AppError, authenticationRequired, notFound } from '../../lib/errors';
import { roleOf, type StaffRole } from './repository';
import * as repo from './roles-repository';

/**
 * The moderators' team: members are moderators or admins by `users.role`. An admin moderates like a moderator and
 * grants and withdraws the moderator role in the console; admins themselves are made by the operator
 * (scripts/site-admin.ts). Every change is audited. The role is read on every request, so a withdrawal counts at once.
 */

export type ModeratorTeam = Schemas['ModeratorTeam'];
export type ModeratorRoleRequest = Schemas['ModeratorRoleRequest'];
export type ModeratorRoleResult = Schemas['ModeratorRoleResult'];

/** How many audit rows the team list shows. */
const AUDIT_ROWS = 100;

/** Visitors get authentication_required; members who are not moderators or admins get forbidden. Checked on every call. */
export async function requireModerator(db: Db, viewer: Viewer | null): Promise<Viewer> {
  if (!viewer) throw authenticationRequired();
  const role = await roleOf(db, viewer.userId);
  if (role !== 'moderator' && role !== 'admin') throw new AppError(403, 'forbidden');
  return viewer;
}

/** Visitors get authentication_required; everybody but an admin (moderators too) gets forbidden. */
async function requireAdmin(db: Db, viewer: Viewer | null): Promise<Viewer> {
  if (!viewer) throw authenticationRequired();
  if ((await roleOf(db, viewer.userId)) !== 'admin') throw new AppError(403, 'forbidden');
  return viewer;
}

const iso = (d: Date) => new Date(d).toISOString();
const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

/** The site's moderators and admins, with who granted each his role and when, and the audit of role changes. */
export async function listModerators(db: Db, viewer: Viewer | null, siteId: number): Promise<ModeratorTeam> {
  await requireAdmin(db, viewer);
  const [team, changes] = await Promise.all([repo.listTeam(db, siteId), repo.listRoleChanges(db, siteId, AUDIT_ROWS)]);
  return {
    moderators: team.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      role: m.role,
      granted_at: m.granted_at ? iso(m.granted_at) : null,
      granted_by: ref(m.granted_by_id, m.granted_by_name),
    })),
    changes: changes.map((c) => ({
      id: c.id,
      member: { id: c.member_id, name: c.member_name },
      changed_by: ref(c.changed_by, c.changed_by_name),
      via: c.via,
      from: c.from_role,
      to: c.to_role,
      created_at: iso(c.created_at),
    })),
  };
}

/**
 * An admin grants (`moderator`) or withdraws (`member`) the moderator role of a member named by id or address. The
 * admin is checked before anything is looked up, so nobody else learns whether a member exists. An admin's role —
 * his own or another's — is the operator's to change (403 admin_role_fixed). Asking for the role he has already
 * changes and audits nothing.
 */
export async function setModeratorRole(
  db: Db,
  viewer: Viewer | null,
  siteId: number,
  input: ModeratorRoleRequest,
): Promise<ModeratorRoleResult> {
  const admin = await requireAdmin(db, viewer);
  const email = input.email?.trim();
  if ((input.member === undefined) === (email === undefined || email === ''))
    throw new AppError(422, 'invalid_value', { params: { field: 'member' } });
  const who = input.member !== undefined ? { id: input.member } : { email: email as string };
  return db.transaction(async (tx) => {
    const target = await repo.lockRoleTarget(tx, siteId, who);
    if (!target) throw notFound();
    if (target.role === 'admin') throw new AppError(403, 'admin_role_fixed');
    const member = { id: target.id, name: target.name };
    if (target.role === input.role) return { member, role: input.role, changed: false };
    await repo.changeRole(tx, { siteId, memberId: target.id, changedBy: admin.userId, via: 'console', from: target.role, to: input.role });
    return { member, role: input.role, changed: true };
  });
}

/**
 * The operator makes a member of a site an admin, or makes an admin a member again (scripts/site-admin.ts); audited
 * with `via: operator`. Answers his role before and after, or null when the site has no active member at that address.
 */
export async function setRoleByOperator(
  db: Db,
  q: { host: string | null; email: string; role: 'admin' | 'member' },
): Promise<{ memberId: number; from: StaffRole; to: StaffRole } | null> {
  const siteId = await repo.siteIdByHost(db, q.host);
  if (siteId === null) return null;
  return db.transaction(async (tx) => {
    const target = await repo.lockRoleTarget(tx, siteId, { email: q.email.trim() });
    if (!target) return null;
    if (target.role !== q.role)
      await repo.changeRole(tx, { siteId, memberId: target.id, changedBy: null, via: 'operator', from: target.role, to: q.role });
    return { memberId: target.id, from: target.role, to: q.role };
  });
}
