import { Router } from 'express';
import type { Logger } from 'pino';
import type { Bus } from '../../lib/bus';
import type { Db } from '../../lib/db';
import { getSite, getViewer } from '../../lib/context';
import { respondIdempotently } from '../../lib/idempotency';
import type { MediaStore } from '../../lib/media-store';
import type { Outbox } from '../../lib/outbox';
import { rateLimit } from '../../lib/rate-limit';
import * as service from './service';

interface UploadedFile {
  fieldname: string;
  buffer: Buffer;
}

export interface VerificationRouteDeps {
  db: Db;
  bus?: Bus;
  media: MediaStore;
  logger: Logger;
  outbox: Pick<Outbox, 'kick'>;
  publicUrl: string;
}

export function verificationRoutes(deps: VerificationRouteDeps): Router {
  const { db, media } = deps;
  const router = Router();
  // Uploads cost a decode and a re-encode: besides the daily selfie count (the service's), a short burst limit.
  const uploadLimit = rateLimit(db, { name: 'verification-selfie', points: 10, windowSeconds: 600, per: 'member' });
  const decisionLimit = rateLimit(db, { name: 'verification-decision', points: 120, windowSeconds: 60, per: 'member' });

  router.get('/verification.php', async (_req, res) => {
    res.json(await service.getVerification(db, getViewer(res)));
  });

  router.post('/verification.php', async (_req, res) => {
    const { created, verification } = await service.start(db, getViewer(res), getSite(res));
    res.status(created ? 201 : 200).json(verification);
  });

  router.post('/verification-selfie.php', uploadLimit, async (req, res) => {
    const files = ((req as unknown as { files?: UploadedFile[] }).files ?? []).filter((f) => f.fieldname === 'photo');
    await respondIdempotently(db, req, res, 201, async () => {
      const answer = await service.submitSelfie(db, media, getViewer(res), files[0]?.buffer, req.log);
      req.log.info({ member: getViewer(res)?.userId }, 'verification selfie sent');
      return answer;
    });
  });

  router.get('/verification-queue.php', async (_req, res) => {
    res.json(await service.listQueue(db, getViewer(res), getSite(res).id));
  });

  router.post('/verification-decision.php', decisionLimit, async (req, res) => {
    const body = req.body as service.VerificationDecision;
    const viewer = getViewer(res);
    const { member } = await service.decide({ ...deps, logger: req.log }, viewer, getSite(res), body);
    // The audit's log line: ids and the outcome only.
    req.log.info(
      { moderator: viewer?.userId, request: body.request, member, decision: body.decision, reason: body.reason },
      'verification decided',
    );
    res.json({ success: true });
  });

  return router;
}
