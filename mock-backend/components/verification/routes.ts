import type { Logger } from 'pino';
import type { Bus } from '../../lib/bus';
import type { Db } from '../../lib/db';
import { getSite, getViewer } from '../../lib/context';
import { respondIdempotently } from '../../lib/idempotency';
import type { MediaStore } from '../../lib/media-store';
import { ANSWERED, type Answered, type Operations } from '../../lib/operations';
import type { Outbox } from '../../lib/outbox';
import { rateLimit } from '../../lib/rate-limit';
import * as service from './service';

export interface VerificationRouteDeps {
  db: Db;
  bus?: Bus;
  media: MediaStore;
  logger: Logger;
  outbox: Pick<Outbox, 'kick'>;
  publicUrl: string;
}

export type VerificationOperations =
  'getVerification' | 'startVerification' | 'submitVerificationSelfie' | 'listVerificationQueue' | 'decideVerification';

export function verificationOperations(deps: VerificationRouteDeps): Operations<VerificationOperations> {
  const { db, media } = deps;
  // Uploads cost a decode and a re-encode: besides the daily selfie count (the service's), a short burst limit.
  const uploadLimit = rateLimit(db, { name: 'verification-selfie', points: 10, windowSeconds: 600, per: 'member' });
  const decisionLimit = rateLimit(db, { name: 'verification-decision', points: 120, windowSeconds: 60, per: 'member' });

  return {
    getVerification: { handle: async ({ res }) => service.getVerification(db, getViewer(res)) },

    startVerification: {
      handle: async ({ res }) => {
        const { created, verification } = await service.start(db, getViewer(res), getSite(res));
        res.status(created ? 201 : 200);
        return verification;
      },
    },

    submitVerificationSelfie: {
      use: [uploadLimit],
      handle: async ({ req, res, files }): Promise<Answered> => {
        const photos = files.filter((f) => f.fieldname === 'photo');
        await respondIdempotently(db, req, res, 201, async () => {
          const answer = await service.submitSelfie(db, media, getViewer(res), photos[0]?.buffer, req.log);
          req.log.info({ member: getViewer(res)?.userId }, 'verification selfie sent');
          return answer;
        });
        return ANSWERED;
      },
    },

    listVerificationQueue: { handle: async ({ res }) => service.listQueue(db, getViewer(res), getSite(res).id) },

    decideVerification: {
      use: [decisionLimit],
      handle: async ({ req, res, body }) => {
        const viewer = getViewer(res);
        const { member } = await service.decide({ ...deps, logger: req.log }, viewer, getSite(res), body);
        // The audit's log line: ids and the outcome only.
        req.log.info(
          { moderator: viewer?.userId, request: body.request, member, decision: body.decision, reason: body.reason },
          'verification decided',
        );
        return { success: true };
      },
    },
  };
}
