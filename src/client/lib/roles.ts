import type { Schemas } from '../../shared/api/client';

type Who = Pick<Schemas['User'], 'role'> | null | undefined;

/** Moderators and admins work in the moderators' console (an admin moderates too). */
export const isModerator = (user: Who): boolean => user?.role === 'moderator' || user?.role === 'admin';

/** Admins alone see and change the moderators' team. */
export const isAdmin = (user: Who): boolean => user?.role === 'admin';
