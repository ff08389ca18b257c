import type { Request, Response } from 'express';

/**
 * A further check of a correctly signed path: `public` (anyone with the URL), `private` (this visitor only, not
 * cached by shared caches) or `refused` (answered 404, so nobody learns the file exists).
 */
export type MediaGuard = (req: Request, res: Response, stored: string) => Promise<'public' | 'private' | 'refused'>;
