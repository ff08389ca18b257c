import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { CONVERSATION_PAGE_SIZE, MESSAGES_PER_MINUTE } from '../../../src/shared/chat';
import { GIFT_KEYS, giftImagePath } from '../../../src/shared/gifts';
import { MEMBER_STREAM_HEADER } from '../../../src/shared/member-stream';
import type { Bus } from '../../lib/bus';
import type { MediaStore } from '../../lib/media-store';
import { getSite, requireViewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { idempotencyKeyOf, respondIdempotently } from '../../lib/idempotency';
import { rateLimit } from '../../lib/rate-limit';
import type { Notifier } from '../push/index';
import type { MediaSigner } from '../photos/index';
import * as service from './service';
import { streamHandler } from './stream';

export interface ChatRouteDeps {
  db: Db;
  bus: Bus;
  logger: Logger;
  notifier?: Notifier | undefined;
  /** The media store: photo messages are stored under its chat/ prefix. */
  media: MediaStore;
  /** Signs the photo URLs that the event stream carries (JSON answers are signed by the API's middleware). */
  getSigner: () => Promise<MediaSigner>;
  /** How often open streams read the tables without a "look" (default STREAM_CATCH_UP_MS). */
  catchUpMs?: number | undefined;
  /** How long an open stream may stay quiet before it gets a comment line (default STREAM_HEARTBEAT_MS). */
  heartbeatMs?: number | undefined;
}

interface UploadedFile {
  fieldname: string;
  buffer: Buffer;
}

/** A query integer (the contract validator has checked it, and may have coerced it already). */
const optionalInt = (value: unknown): number | undefined =>
  typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : undefined;

/** Conversations, sending, read markers, typing and the event stream. */
export function chatRoutes(deps: ChatRouteDeps): Router {
  const { db } = deps;
  const router = Router();
  const stream = streamHandler(deps);
  // Texts, photos and gifts count against one limit per member.
  const sendLimit = rateLimit(db, { name: 'chat-send', points: MESSAGES_PER_MINUTE, windowSeconds: 60, per: 'member' });
  /**
   * A text's or gift's answer, once per Idempotency-Key: the send's first step is its context statement, which goes
   * out with the key's lock (a photo is checked and held first, its upload processed after: not this way).
   */
  const answerSend = (req: Request, res: Response, send: () => Promise<unknown>) =>
    respondIdempotently(db, req, res, 201, send, { firstStepIsStatement: true });

  router.get('/conversation.php', async (req, res) => {
    const viewer = requireViewer(res);
    res.json(
      await service.getConversation(deps, getSite(res), viewer, {
        conversation: optionalInt(req.query.conversation),
        profileId: optionalInt(req.query.profile_id),
        before: optionalInt(req.query.before),
        limit: optionalInt(req.query.limit) ?? CONVERSATION_PAGE_SIZE,
      }),
    );
  });

  router.post('/message.php', sendLimit, async (req, res) => {
    const viewer = requireViewer(res);
    const body = req.body as { profile_id: number; text: string };
    const key = idempotencyKeyOf(req);
    await answerSend(req, res, () =>
      service.sendMessage(deps, getSite(res), viewer, { profileId: body.profile_id, text: body.text, idempotencyKey: key }),
    );
  });

  router.post('/photo-message.php', sendLimit, async (req, res) => {
    const viewer = requireViewer(res);
    const body = req.body as { profile_id: string; text?: string };
    const files = ((req as unknown as { files?: UploadedFile[] }).files ?? []).filter((f) => f.fieldname === 'photo');
    const key = idempotencyKeyOf(req);
    await respondIdempotently(db, req, res, 201, () =>
      service.sendPhotoMessage(deps, getSite(res), viewer, {
        profileId: Number(body.profile_id),
        text: body.text ?? '',
        file: files[0]?.buffer,
        idempotencyKey: key,
      }),
    );
  });

  router.get('/gifts.php', (_req, res) => {
    requireViewer(res);
    const credits = getSite(res).gift_credits;
    res.json({ gifts: GIFT_KEYS.map((key) => ({ key, credits, image: giftImagePath(key) })) });
  });

  router.post('/gift.php', sendLimit, async (req, res) => {
    const viewer = requireViewer(res);
    const body = req.body as { profile_id: number; gift: string };
    const key = idempotencyKeyOf(req);
    await answerSend(req, res, () =>
      service.sendGift(deps, getSite(res), viewer, { profileId: body.profile_id, gift: body.gift, idempotencyKey: key }),
    );
  });

  router.post(
    '/conversation-read.php',
    rateLimit(db, { name: 'chat-read', points: 240, windowSeconds: 60, per: 'member' }),
    async (req, res) => {
      const viewer = requireViewer(res);
      const body = req.body as { conversation: number; seq: number };
      await service.markRead(deps, viewer, body.conversation, body.seq);
      res.json({ success: true });
    },
  );

  router.post('/typing.php', rateLimit(db, { name: 'chat-typing', points: 40, windowSeconds: 60, per: 'member' }), async (req, res) => {
    const viewer = requireViewer(res);
    await service.typing(deps, getSite(res), viewer, (req.body as { conversation: number }).conversation);
    res.json({ success: true });
  });

  router.get('/events.php', rateLimit(db, { name: 'chat-stream', points: 120, windowSeconds: 60, per: 'member' }), async (req, res) => {
    const viewer = requireViewer(res);
    // A member's stream, of a live session: the BFF does not count it against the visitors' per-address cap.
    res.setHeader(MEMBER_STREAM_HEADER, 'member');
    await stream(req, res, viewer);
  });

  return router;
}
