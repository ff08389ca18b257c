import type { Request, Response } from 'express';

/**
 * A further check of a correctly signed path: `public` (anyone with the URL), `private` (this visitor only, not
 * cached by shared caches) or `refused` (answered 404, so nobody learns the file exists).
 */
export type MediaGuard = (req: Request, res: Response, stored: string) => Promise<'public' | 'private' | 'refused'>;

/**
 * Verification selfies (components/verification) live under this prefix: never public, served only to their member and
 * to moderators by the verification component's guard; the profile-photo guard leaves them to it.
 */
export const VERIFICATION_MEDIA_PREFIX = 'verify/';
