import type { Logger } from 'pino';
import { getSite, getViewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { localeFromAcceptLanguage } from '../../lib/i18n';
import { respondIdempotently } from '../../lib/idempotency';
import { ANSWERED, type Answered, type Operations } from '../../lib/operations';
import type { Outbox } from '../../lib/outbox';
import { rateLimit } from '../../lib/rate-limit';
import * as service from './service';

export interface ComplaintRouteOptions {
  /** Complaints per IP address per hour before 429 (default 5). */
  perHour?: number;
}

export type ComplaintOperations = 'submitComplaint';

export function complaintsOperations(
  deps: { db: Db; outbox: Pick<Outbox, 'kick'>; logger: Logger },
  opts: ComplaintRouteOptions = {},
): Operations<ComplaintOperations> {
  return {
    submitComplaint: {
      use: [rateLimit(deps.db, { name: 'complaints', points: opts.perHour ?? 5, windowSeconds: 3600 })],
      handle: async ({ req, res, body }): Promise<Answered> => {
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
            body,
          ),
        );
        return ANSWERED;
      },
    },
  };
}
