import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Logger } from 'pino';
import { getSite, getViewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { localeFromAcceptLanguage } from '../../lib/i18n';
import type { Mailer } from '../../lib/mail';
import * as service from './service';

export interface ComplaintRouteOptions {
  /** Complaints per IP address per hour before 429 (default 5). */
  perHour?: number;
}

export function complaintsRoutes(deps: { db: Db; mailer: Mailer; logger: Logger }, opts: ComplaintRouteOptions = {}): Router {
  const router = Router();
  const windowMs = 3_600_000;
  router.post(
    '/complaints.php',
    rateLimit({
      windowMs,
      limit: opts.perHour ?? 5,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      handler: (_req, _res, next) => next(new AppError(429, 'too_many_requests', { headers: { 'Retry-After': String(windowMs / 1000) } })),
    }),
    async (req, res) => {
      const viewer = getViewer(res);
      const receipt = await service.submitComplaint(
        deps,
        { site: getSite(res), userId: viewer?.userId ?? null, language: viewer?.language ?? localeFromAcceptLanguage(req.get('accept-language')) },
        req.body as service.ComplaintInput,
      );
      res.status(201).json(receipt);
    },
  );
  return router;
}
