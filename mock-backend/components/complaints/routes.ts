import { Router } from 'express';
import type { Logger } from 'pino';
import { getSite, getViewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { localeFromAcceptLanguage } from '../../lib/i18n';
import { respondIdempotently } from '../../lib/idempotency';
import type { Outbox } from '../../lib/outbox';
import { rateLimit } from '../../lib/rate-limit';
import * as service from './service';

export interface ComplaintRouteOptions {
  /** Complaints per IP address per hour before 429 (default 5). */
  perHour?: number;
}

export function complaintsRoutes(deps: { db: Db; outbox: Pick<Outbox, 'kick'>; logger: Logger }, opts: ComplaintRouteOptions = {}): Router {
  const router = Router();
  router.post(
    '/complaints.php',
    rateLimit(deps.db, { name: 'complaints', points: opts.perHour ?? 5, windowSeconds: 3600 }),
    async (req, res) => {
      const viewer = getViewer(res);
      await respondIdempotently(deps.db, req, res, 201, () =>
        service.submitComplaint(
          deps,
          {
            site: getSite(res),
            userId: viewer?.userId ?? null,
            // The language of the page the form was on, which support answers in (a member's too, whatever he saved).
            language: localeFromAcceptLanguage(req.get('accept-language')),
          },
          req.body as service.ComplaintInput,
        ),
      );
    },
  );
  return router;
}
