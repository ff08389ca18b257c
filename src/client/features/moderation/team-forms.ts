import type { ModeratorRoleRequest } from './api/team';

/**
 * The forms of the team page (/moderation/team, its route action in app/pages/team-page.tsx): an admin makes a member a
 * moderator (by his id or e-mail address) or withdraws the role. What the page says after one is in its address (the
 * 303's query), so it shows without JavaScript too.
 */
export const TEAM_PAGE = '/moderation/team';
export const GRANT_FORM = 'grant';
export const WITHDRAW_FORM = 'withdraw';

const ID = /^\d{1,9}$/;
const NAME_LIMIT = 100;

/** The member a grant names, as typed: digits are his id, anything else his address; null when empty. */
export function memberOf(typed: string): Pick<ModeratorRoleRequest, 'member' | 'email'> | null {
  const value = typed.trim().slice(0, 254);
  if (value === '') return null;
  return ID.test(value) ? { member: Number(value) } : { email: value };
}

/** What the team page says after a form: the role granted, withdrawn, or already as asked. */
export type TeamOutcome = { kind: 'granted' | 'withdrawn' | 'unchanged'; name: string };

export const teamPageWith = (outcome: TeamOutcome): string =>
  `${TEAM_PAGE}?${new URLSearchParams({ [outcome.kind]: outcome.name.slice(0, NAME_LIMIT) }).toString()}`;

export function teamOutcomeOf(search: URLSearchParams): TeamOutcome | null {
  for (const kind of ['granted', 'withdrawn', 'unchanged'] as const) {
    const name = search.get(kind);
    if (name !== null) return { kind, name: name.slice(0, NAME_LIMIT) };
  }
  return null;
}
