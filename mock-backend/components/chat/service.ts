import { FREE_MESSAGES, freeMessagesLeft } from '../../../src/shared/chat';
import { isMessageTooLong, messageTextProblem } from '../../../src/shared/chat-text';
import { hasVisibleText } from '../../../src/shared/visible-text';
import { FREE_CONVERSATION_LIMIT } from '../../../src/shared/constants';
import { isGiftKey, type GiftKey } from '../../../src/shared/gifts';
import type { Schemas } from '../../lib/api-types';
import type { MediaStore } from '../../lib/media-store';
import type { Bus } from '../../lib/bus';
import type { Site, Viewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { secondsToNextUtcDay } from '../../lib/utc-day';
import { AppError, notFound } from '../../lib/errors';
import { processPhoto } from '../photos/index';
import { toSummary } from '../members/index';
import { albumsBetween } from '../albums/index';
import { chargeMessage, postMessage, reserveMessage, voidMessage } from './charge';
import { photoImage, removeChatPhoto, storeChatPhoto } from '../media/index';
import { notificationInsert, type Notifier } from '../push/index';
import { assertMayStartConversation, screenMessage, type Screened } from '../safety/index';
import * as repo from './repository';

export interface ChatDeps {
  db: Db;
  bus: Bus;
  /** Push / notification e-mail trigger (components/push); absent in tools that only read. */
  notifier?: Notifier | undefined;
}

type Message = Schemas['Message'];
type Allowance = Schemas['ChatAllowance'];

const LOOK = { type: 'look' } as const;

/**
 * A message as the API shows it. A message moderation removed keeps its place (the app shows a placeholder in its
 * kind: "This photo was removed") but carries nothing of what was removed: no text and no photo.
 */
export function toMessage(row: repo.MessageRow, viewerId: number): Message {
  return {
    id: row.id,
    conversation: row.conversation_id,
    seq: repo.seqOf(row.seq),
    sender: row.sender_id,
    mine: row.sender_id === viewerId,
    kind: row.kind,
    text: row.removed_at ? '' : row.body,
    gift: row.gift_key,
    photo: row.kind === 'photo' && row.photo_filename && !row.removed_at ? photoImage(row.id, row.photo_filename) : null,
    created_at: new Date(row.created_at).toISOString(),
    held: row.held,
    removed_at: row.removed_at ? new Date(row.removed_at).toISOString() : null,
  };
}

async function allowanceOf(db: Db, site: Site, userId: number): Promise<Allowance> {
  // One query: the counts and the balance together.
  return allowanceFrom(site, await repo.useAndBalance(db, userId));
}

/** The allowance from the member's counts and balance (a send knows them without asking the database again). */
function allowanceFrom(site: Site, state: repo.Counts & { credits: number; paid_user: boolean }): Allowance {
  const dailyCap = dailyConversationCap(site, state.paid_user);
  return {
    message_credits: site.message_credits,
    message_length: site.message_length,
    credits: state.credits,
    free_messages_left: freeMessagesLeft(state.paid_user, state.free_used),
    conversations_left: state.paid_user ? null : Math.max(0, FREE_CONVERSATION_LIMIT - state.started),
    first_messages_left: dailyCap === null ? null : Math.max(0, dailyCap - state.started_today),
    first_messages_per_day: dailyCap,
  };
}

/**
 * New conversations a member may start per UTC day: the site's premium_conversations_per_day for premium members
 * (none when it sets none); free members have no daily cap, only their FREE_CONVERSATION_LIMIT conversations in all.
 */
function dailyConversationCap(site: Pick<Site, 'premium_conversations_per_day'>, paidUser: boolean): number | null {
  return paidUser ? (site.premium_conversations_per_day ?? null) : null;
}

function toPartner(row: repo.PartnerRow): Schemas['ChatPartner'] {
  const summary = toSummary(row);
  // Invisible members show no online state and no last activity.
  return row.invisible
    ? { ...summary, online: false, last_active: null }
    : { ...summary, last_active: row.last_active_at ? new Date(row.last_active_at).toISOString() : null };
}

/** A conversation page, named by its id or by the other member (the page that starts one). */
export async function getConversation(
  deps: ChatDeps,
  site: Site,
  viewer: Viewer,
  q: { conversation?: number | undefined; profileId?: number | undefined; before?: number | undefined; limit: number },
): Promise<Schemas['Conversation']> {
  const { db } = deps;
  let membership: repo.MembershipRow | null;
  let otherId: number;
  if (q.conversation !== undefined) {
    membership = await repo.findMembership(db, q.conversation, viewer.userId);
    if (!membership) throw notFound();
    otherId = membership.other_id;
    if (q.profileId !== undefined && q.profileId !== otherId) throw notFound();
  } else if (q.profileId !== undefined) {
    otherId = q.profileId;
    membership = await repo.findConversationBetween(db, viewer.userId, otherId);
  } else {
    throw new AppError(400, 'bad_request', { params: { field: 'conversation' } });
  }
  const partner = await repo.findPartner(db, site.id, viewer.userId, otherId);
  // Deleted, blocked (either way) or another site's member: the conversation is gone for the viewer. An invisible
  // member can only be reached where a conversation exists already.
  if (!partner || (partner.invisible && !membership)) throw notFound();
  const limit = q.limit;
  const rows = membership
    ? await repo.listMessages(db, {
        conversationId: membership.conversation_id,
        viewerId: viewer.userId,
        clearedSeq: repo.seqOf(membership.cleared_seq),
        before: q.before ?? null,
        limit: limit + 1,
      })
    : [];
  const page = rows.slice(0, limit);
  const oldest = page[page.length - 1];
  // The private albums between the two, for the chat's album menu and link: on the newest page only (paging back
  // needs messages only), and not while the other member is suspended or banned (nothing can be shared with him then).
  const [allowance, albums] = await Promise.all([
    allowanceOf(db, site, viewer.userId),
    q.before === undefined && !partner.unavailable ? albumsBetween(db, viewer.userId, otherId) : null,
  ]);
  return {
    conversation: membership?.conversation_id ?? null,
    profile: toPartner(partner),
    messages: page.reverse().map((r) => toMessage(r, viewer.userId)),
    older: rows.length > limit && oldest ? repo.seqOf(oldest.seq) : null,
    partner_read_seq: membership ? repo.seqOf(membership.other_read_seq) : 0,
    read_seq: membership ? repo.seqOf(membership.read_seq) : 0,
    partner_available: !partner.unavailable,
    allowance,
    ...(albums ? { private_album: albums } : {}),
  };
}

export interface SendRequest {
  profileId: number;
  text: string;
  idempotencyKey: string | null;
}

/** What is sent: a text (free messages, then message_credits), a gift (gift_credits) or a photo (photo_credits). */
type Payload = { kind: 'text'; text: string } | { kind: 'gift'; gift: GiftKey } | { kind: 'photo'; text: string; photo: string };

/**
 * Sends a text message: the send rules in one transaction with the charge, so a refused send
 * stores and charges nothing and a charged one is delivered. The sender's row is locked first, which serialises
 * his parallel sends: 50 at once against a balance for one send one.
 */
export async function sendMessage(deps: ChatDeps, site: Site, viewer: Viewer, req: SendRequest): Promise<Schemas['SentMessage']> {
  const text = req.text.trim();
  // Empty, nothing visible (zero-width, format or blank characters only) or too long: refused before anything is charged.
  const problem = messageTextProblem(text, site.message_length);
  if (problem === 'message_too_long') throw new AppError(422, problem, { params: { field: 'text', max: site.message_length } });
  if (problem) throw new AppError(422, problem, { params: { field: 'text' } });
  return send(deps, site, viewer, req.profileId, { kind: 'text', text }, req.idempotencyKey);
}

/** Sends a gift of the catalogue for the site's gift_credits (reserved, then posted when the gift is stored). */
export async function sendGift(
  deps: ChatDeps,
  site: Site,
  viewer: Viewer,
  req: { profileId: number; gift: string; idempotencyKey: string | null },
): Promise<Schemas['SentMessage']> {
  if (!isGiftKey(req.gift)) throw new AppError(422, 'gift_unknown', { params: { field: 'gift' } });
  return send(deps, site, viewer, req.profileId, { kind: 'gift', gift: req.gift }, req.idempotencyKey);
}

export interface PhotoRequest {
  profileId: number;
  text: string;
  file: Buffer | undefined;
  idempotencyKey: string | null;
}

/**
 * Sends a photo for the site's photo_credits. The rules are checked and the price held first (committed, so the
 * hold is visible while the upload is processed without holding the sender's row); then the file is checked by
 * content, re-encoded without metadata and stored; then the message is stored and the hold posted in one
 * transaction (the rules checked again). Anything refused on the way voids the hold and removes the files.
 */
export async function sendPhotoMessage(
  deps: ChatDeps & { media: MediaStore },
  site: Site,
  viewer: Viewer,
  req: PhotoRequest,
): Promise<Schemas['SentMessage']> {
  const text = req.text.trim();
  if (isMessageTooLong(text, site.message_length)) {
    throw new AppError(422, 'message_too_long', { params: { field: 'text', max: site.message_length } });
  }
  // A caption is optional, but one of invisible characters only is refused (before the price is held).
  if (text !== '' && !hasVisibleText(text)) throw new AppError(422, 'text_invisible', { params: { field: 'text' } });
  if (!req.file) throw new AppError(400, 'bad_request', { params: { field: 'photo' } });
  if (req.profileId === viewer.userId) throw new AppError(422, 'message_self', { params: { field: 'profile_id' } });
  const { db } = deps;
  const payload = { kind: 'photo', text, photo: '' } as const;
  // The first-message screening's count is committed with the hold: a photo refused later gives it back.
  let screened: Screened | null = null;
  const hold = await db.transaction(async (tx) => {
    const checked = await checkSend(tx, site, viewer, req.profileId, payload);
    screened = checked.screened;
    if (site.photo_credits <= 0) return null;
    const ref = checked.conversationId !== null ? `conversation:${checked.conversationId}` : `member:${req.profileId}`;
    // The HTTP layer answers repeats of the Idempotency-Key; a hold of a refused attempt is voided, so none is keyed.
    return reserveMessage(tx, { userId: viewer.userId, credits: site.photo_credits, reason: 'photo_message', ref, idempotencyKey: null });
  });
  let files: string[] = [];
  try {
    const variants = await processPhoto(req.file);
    const stored = await storeChatPhoto(deps.media, variants);
    files = [stored.full, stored.thumb];
    return await send(deps, site, viewer, req.profileId, { ...payload, photo: stored.full }, null, hold);
  } catch (err) {
    let delivered = false;
    if (hold) {
      try {
        await voidMessage(db, viewer.userId, hold);
      } catch (voidErr) {
        // Posted already: the message was stored, and its files stay with it.
        if (voidErr instanceof AppError && voidErr.code === 'reservation_settled') delivered = true;
        else throw voidErr;
      }
    }
    if (!delivered) {
      await removeChatPhoto(deps.media, files);
      await (screened as Screened | null)?.release();
    }
    throw err;
  }
}

/**
 * The rules of a send, inside the caller's transaction: answers the existing conversation (if
 * any), whether the message is held and free, and the sender and his counts as they are under his lock (for the
 * allowance; null when the rules did not need them), or throws the reason it is refused. One statement for the
 * sender's lock with the partner and the conversation, then the counts (read after the lock, so parallel sends count
 * each other; for a first message with the second look under the pair lock) unless a premium member writes in an
 * existing conversation.
 */
async function checkSend(tx: Db, site: Site, viewer: Viewer, profileId: number, payload: Payload) {
  const sender = await repo.sendContext(tx, site.id, viewer.userId, profileId);
  if (!sender) throw new AppError(403, 'authentication_required');
  if (!sender.partner_found) throw notFound();
  // The pair lock serialises only the creation of their conversation: once it exists (the usual case), no lock.
  let conversationId = sender.conversation_id;
  // The sender's counts, read after his lock (so parallel sends count each other): with the second look below when
  // there is one, else in a statement of their own when the rules need them.
  let use: repo.Counts | null = null;
  if (conversationId === null) {
    await repo.lockPair(tx, viewer.userId, profileId);
    ({ conversationId, use } = await repo.conversationAndUse(tx, viewer.userId, profileId));
    // A restricted or suspended member starts no new conversation; a suspended one receives none.
    if (conversationId === null) await assertMayStartConversation(tx, viewer.userId, profileId);
  }
  // Every text is screened by trust and safety before anything is stored or charged (a new account's link or phone
  // number in any message; the same text starting many conversations); its count is part of this transaction, so a
  // refused send keeps none.
  const text = payload.kind === 'gift' ? '' : payload.text;
  const screened =
    text !== ''
      ? await screenMessage(tx, { siteId: site.id, senderId: viewer.userId, recipientId: profileId, text, first: conversationId === null })
      : null;
  // A suspended or banned member receives no messages, gifts or photos in his existing conversations either.
  if (sender.partner_unavailable) throw new AppError(409, 'partner_unavailable');
  // A premium member's send in an existing conversation is ruled without his counts (nothing is free for him, and
  // the conversation limits apply to new conversations only): they are read later for the answer (see send).
  if (use === null && !(sender.paid_user && conversationId !== null)) use = await repo.countUse(tx, viewer.userId);
  if (conversationId === null && use) {
    // Invisible members receive no new conversations; answered like an unknown member.
    if (sender.partner_invisible) throw notFound();
    if (!sender.paid_user && use.started >= FREE_CONVERSATION_LIMIT) {
      throw new AppError(422, 'conversation_limit_reached', { params: { limit: FREE_CONVERSATION_LIMIT } });
    }
    const dailyCap = dailyConversationCap(site, sender.paid_user);
    if (dailyCap !== null && use.started_today >= dailyCap) {
      throw new AppError(429, 'first_message_limit', {
        params: { limit: dailyCap },
        headers: { 'Retry-After': String(secondsToNextUtcDay()) },
      });
    }
  }
  const held = sender.status !== 'active';
  const free = payload.kind === 'text' && !sender.paid_user && use !== null && use.free_used < FREE_MESSAGES;
  // A member who has not confirmed his address sends only his free messages; they wait for the confirmation.
  if (held && !free) throw new AppError(403, 'account_not_activated');
  return { conversationId, held, free, sender, use, screened };
}

/**
 * `prepaid`: a hold made before this call (photo messages reserve before the upload is processed); it is posted
 * here instead of a new charge.
 */
async function send(
  deps: ChatDeps,
  site: Site,
  viewer: Viewer,
  profileId: number,
  payload: Payload,
  idempotencyKey: string | null,
  prepaid: string | null = null,
): Promise<Schemas['SentMessage']> {
  if (profileId === viewer.userId) throw new AppError(422, 'message_self', { params: { field: 'profile_id' } });
  const { db, bus } = deps;
  const { row, notified, allowance } = await db.transaction(async (tx) => {
    const { conversationId: existing, held, free, sender, use } = await checkSend(tx, site, viewer, profileId, payload);
    const conversationId = existing ?? (await repo.insertConversation(tx, site.id, viewer.userId, profileId));
    const cost =
      free || held ? 0 : payload.kind === 'gift' ? site.gift_credits : payload.kind === 'photo' ? site.photo_credits : site.message_credits;
    const reason = payload.kind === 'gift' ? 'gift' : payload.kind === 'photo' ? 'photo_message' : 'message';
    // Paid in this transaction with the message, so a failure anywhere leaves neither a message nor a charge.
    const pay = async (): Promise<number> => {
      if (prepaid) await postMessage(tx, viewer.userId, prepaid);
      else if (cost > 0) {
        return chargeMessage(tx, { userId: viewer.userId, credits: cost, reason, ref: `conversation:${conversationId}`, idempotencyKey });
      }
      return sender.credits;
    };
    // A delivered message tells both members' streams in its own statement where the bus can (PostgreSQL).
    const notify = held ? null : bus.notification([viewer.userId, profileId], LOOK);
    const store = () =>
      repo.insertMessage(tx, {
        conversationId,
        recipientId: profileId,
        notify,
        notification: (e) => notificationInsert({ ...e, kind: 'message' }),
        senderId: viewer.userId,
        kind: payload.kind,
        body: payload.kind === 'gift' ? '' : payload.text,
        giftKey: payload.kind === 'gift' ? payload.gift : null,
        photoFilename: payload.kind === 'photo' ? payload.photo : null,
        held,
        free,
        creditsCost: cost,
        countUse: use === null,
      });
    // The message takes the site-wide event lock, held until the commit. When the spend cannot be refused — the
    // balance covers the price, read under the sender's row lock, which no other payment of his passes before this
    // transaction ends — the spend and the message go out together: one round trip (a spend that failed after all
    // rolls the message back with it). Otherwise (a short balance, a photo's hold) the spend runs first, so a refusal
    // answers before the event lock is taken.
    const [credits, { message: row, use: usedBefore }] =
      !prepaid && sender.credits >= cost ? await inOrder(pay(), store()) : [await pay(), await store()];
    // The allowance after this send, from what the transaction knows (his sends are serialised by his lock). Counts
    // read after the insert (not expected: a held message takes no count-less path) include the message already.
    const started = existing === null ? 1 : 0;
    const before = use ?? usedBefore;
    const counts = before
      ? { free_used: before.free_used + (free ? 1 : 0), started: before.started + started, started_today: before.started_today + started }
      : await repo.countUse(tx, viewer.userId);
    return { row, notified: notify !== null, allowance: allowanceFrom(site, { credits, paid_user: sender.paid_user, ...counts }) };
  });
  if (!notified) await bus.publish(row.held ? [viewer.userId] : [viewer.userId, profileId], LOOK);
  if (!row.held) deps.notifier?.kick();
  return { message: toMessage(row, viewer.userId), allowance };
}

/**
 * Awaits two statements started together (one round trip on PostgreSQL): the first one's failure wins, and neither
 * is left rejected unheard.
 */
async function inOrder<A, B>(first: Promise<A>, second: Promise<B>): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled([first, second]);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  return [a.value, b.value];
}

/** Moves the viewer's read marker (never past the newest delivered message) and tells both members' streams. */
export async function markRead(deps: ChatDeps, viewer: Viewer, conversationId: number, seq: number): Promise<void> {
  const { db, bus } = deps;
  const marker = await repo.moveReadMarker(db, conversationId, viewer.userId, seq);
  if (!marker) throw notFound();
  if (marker.moved) await bus.publish([viewer.userId, marker.other_id], { type: 'look' });
}

/** "Typing": passed to the other member's streams, never stored. */
export async function typing(deps: ChatDeps, site: Site, viewer: Viewer, conversationId: number): Promise<void> {
  const membership = await repo.findMembership(deps.db, conversationId, viewer.userId);
  if (!membership) throw notFound();
  const partner = await repo.findPartner(deps.db, site.id, viewer.userId, membership.other_id);
  if (!partner) throw notFound();
  await deps.bus.publish([membership.other_id], { type: 'typing', conversation: conversationId, from: viewer.userId });
}
