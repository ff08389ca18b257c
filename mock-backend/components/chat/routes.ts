import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { CONVERSATION_PAGE_SIZE, MESSAGES_PER_MINUTE } from '../../../src/shared/chat';
import { GIFT_KEYS, giftImagePath } from '../../../src/shared/gifts';
import { MEMBER_STREAM_HEADER } from '../../../src/shared/member-stream';
import type { Bus } from '../../lib/bus';
import type { MediaStore } from '../../lib/media-store';
import { getSite, requireViewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { idempotencyKeyOf, respondIdempotently } from '../../lib/idempotency';
import { ANSWERED, type Answered, type Operations } from '../../lib/operations';
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

export type ChatOperations =
  | 'getConversation'
  | 'sendMessage'
  | 'sendPhotoMessage'
  | 'listGifts'
  | 'sendGift'
  | 'markConversationRead'
  | 'sendTyping'
  | 'streamEvents';

/** Conversations, sending, read markers, typing and the event stream. */
export function chatOperations(deps: ChatRouteDeps): Operations<ChatOperations> {
  const { db } = deps;
  const stream = streamHandler(deps);
  // Texts, photos and gifts count against one limit per member.
  const sendLimit = rateLimit(db, { name: 'chat-send', points: MESSAGES_PER_MINUTE, windowSeconds: 60, per: 'member' });
  const readLimit = rateLimit(db, { name: 'chat-read', points: 240, windowSeconds: 60, per: 'member' });
  const typingLimit = rateLimit(db, { name: 'chat-typing', points: 40, windowSeconds: 60, per: 'member' });
  const streamLimit = rateLimit(db, { name: 'chat-stream', points: 120, windowSeconds: 60, per: 'member' });
  /**
   * A text's or gift's answer, once per Idempotency-Key: the send's first step is its context statement, which goes
   * out with the key's lock (a photo is checked and held first, its upload processed after: not this way).
   */
  const answerSend = (req: Request, res: Response, send: () => Promise<unknown>) =>
    respondIdempotently(db, req, res, 201, send, { firstStepIsStatement: true });

  return {
    getConversation: {
      handle: async ({ res, query }) => {
        const viewer = requireViewer(res);
        return service.getConversation(deps, getSite(res), viewer, {
          conversation: query.conversation,
          profileId: query.profile_id,
          before: query.before,
          limit: query.limit ?? CONVERSATION_PAGE_SIZE,
        });
      },
    },
    sendMessage: {
      use: [sendLimit],
      handle: async ({ req, res, body }): Promise<Answered> => {
        const viewer = requireViewer(res);
        const key = idempotencyKeyOf(req);
        await answerSend(req, res, () =>
          service.sendMessage(deps, getSite(res), viewer, { profileId: body.profile_id, text: body.text, idempotencyKey: key }),
        );
        return ANSWERED;
      },
    },
    sendPhotoMessage: {
      use: [sendLimit],
      handle: async ({ req, res, body, files }): Promise<Answered> => {
        const viewer = requireViewer(res);
        const photos = files.filter((f) => f.fieldname === 'photo');
        const key = idempotencyKeyOf(req);
        await respondIdempotently(db, req, res, 201, () =>
          service.sendPhotoMessage(deps, getSite(res), viewer, {
            // A form's field is text: the contract allows digits only (a member id).
            profileId: Number(body.profile_id),
            text: body.text ?? '',
            file: photos[0]?.buffer,
            idempotencyKey: key,
          }),
        );
        return ANSWERED;
      },
    },
    listGifts: {
      handle: ({ res }) => {
        requireViewer(res);
        const credits = getSite(res).gift_credits;
        return { gifts: GIFT_KEYS.map((key) => ({ key, credits, image: giftImagePath(key) })) };
      },
    },
    sendGift: {
      use: [sendLimit],
      handle: async ({ req, res, body }): Promise<Answered> => {
        const viewer = requireViewer(res);
        const key = idempotencyKeyOf(req);
        await answerSend(req, res, () =>
          service.sendGift(deps, getSite(res), viewer, { profileId: body.profile_id, gift: body.gift, idempotencyKey: key }),
        );
        return ANSWERED;
      },
    },
    markConversationRead: {
      use: [readLimit],
      handle: async ({ res, body }) => {
        await service.markRead(deps, requireViewer(res), body.conversation, body.seq);
        return { success: true };
      },
    },
    sendTyping: {
      use: [typingLimit],
      handle: async ({ res, body }) => {
        const viewer = requireViewer(res);
        await service.typing(deps, getSite(res), viewer, body.conversation);
        return { success: true };
      },
    },
    streamEvents: {
      use: [streamLimit],
      handle: async ({ req, res, query }): Promise<Answered> => {
        const viewer = requireViewer(res);
        // A member's stream, of a live session: the BFF does not count it against the visitors' per-address cap.
        res.setHeader(MEMBER_STREAM_HEADER, 'member');
        await stream(req, res, viewer, query.last_event_id);
        return ANSWERED;
      },
    },
  };
}
