import path from 'node:path';
import { ZipFile } from 'yazl';
import type { Db } from '../../lib/db';
import type { MediaStore } from '../../lib/media-store';
import { sexualHealthExport } from '../sexual-health/index';
import * as data from './export-repository';
import { footprintsForExport } from '../footprints/index';

/**
 * A member's data as a zip of JSON files and his photos (the layout is documented in docs/trust-and-safety.md):
 *
 *   account.json, profile.json, photos.json + photos/<id><ext>, conversations.json, likes.json, album-shares.json,
 *   payments.json, credit-ledger.json, consents.json, devices.json, decisions.json, verification.json + verification/<id>.jpg,
 *   sexual-health.json (his consent and values; null when he never consented or withdrew it)
 *   footprints.json (the profiles he opened and who opened his, the last 30 days)
 *
 * Other members appear only by their profile name. Photo files are read through the media store; one that is gone is
 * listed with `file: null`, and so is a verification selfie whose kept period is over.
 */

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

function conversations(rows: data.MessageData[]) {
  const byId = new Map<number, { conversation: number; partner: { name: string | null }; messages: unknown[] }>();
  for (const m of rows) {
    let c = byId.get(m.conversation_id);
    if (!c) byId.set(m.conversation_id, (c = { conversation: m.conversation_id, partner: { name: m.partner_name }, messages: [] }));
    c.messages.push({
      id: m.id,
      from: m.mine ? 'me' : 'partner',
      kind: m.kind,
      text: m.text,
      gift: m.gift,
      photo: m.has_photo,
      sent_at: m.sent_at,
      removed_at: m.removed_at,
      held: m.held,
    });
  }
  return [...byId.values()];
}

/** Builds the archive of the member in memory (a member's data is small: texts and a handful of photos). */
export async function buildArchive(db: Db, media: MediaStore, userId: number): Promise<Buffer> {
  const zip = new ZipFile();
  const mtime = new Date();
  const add = (name: string, value: unknown) => zip.addBuffer(json(value), name, { mtime });
  const [account, profile, photos, messages, likes, payments, ledger, consents, devices, decisions, verifications, shares] =
    await Promise.all([
      data.accountData(db, userId),
      data.profileData(db, userId),
      data.photoData(db, userId),
      data.messageData(db, userId),
      data.likeData(db, userId),
      data.paymentData(db, userId),
      data.ledgerData(db, userId),
      data.consentData(db, userId),
      data.deviceData(db, userId),
      data.decisionData(db, userId),
      data.verificationData(db, userId),
      data.albumShareData(db, userId),
    ]);
  add('account.json', account);
  add('profile.json', profile);
  const listed = [];
  for (const photo of photos) {
    const stored = await media.get(photo.filename);
    const file = stored ? `photos/${photo.id}${path.extname(photo.filename) || '.jpg'}` : null;
    if (stored && file) zip.addReadStream(stored.body, file, { mtime: stored.lastModified });
    listed.push({
      id: photo.id,
      status: photo.status,
      main: photo.is_main,
      private: photo.private,
      position: photo.position,
      uploaded_at: photo.created_at,
      file,
    });
  }
  add('photos.json', listed);
  add('conversations.json', conversations(messages));
  add('likes.json', {
    given: likes.filter((l) => l.given).map((l) => ({ name: l.name, at: l.created_at })),
    received: likes.filter((l) => !l.given).map((l) => ({ name: l.name, at: l.created_at })),
  });
  add('footprints.json', await footprintsForExport(db, userId));
  add('album-shares.json', {
    given: shares.filter((s) => s.given).map((s) => ({ name: s.name, at: s.created_at })),
    received: shares.filter((s) => !s.given).map((s) => ({ name: s.name, at: s.created_at })),
  });
  add('payments.json', payments);
  add('credit-ledger.json', ledger);
  add('consents.json', consents);
  add('devices.json', devices);
  add('decisions.json', decisions);
  const requests = [];
  for (const v of verifications) {
    const stored = v.selfie ? await media.get(v.selfie) : null;
    const file = stored ? `verification/${v.id}.jpg` : null;
    if (stored && file) zip.addReadStream(stored.body, file, { mtime: stored.lastModified });
    requests.push({
      id: v.id,
      pose: v.pose,
      status: v.status,
      reason: v.reason,
      asked_at: v.created_at,
      sent_at: v.submitted_at,
      decided_at: v.decided_at,
      selfie_deleted_at: v.selfie_deleted_at,
      file,
    });
  }
  add('verification.json', requests);
  add('sexual-health.json', await sexualHealthExport(db, userId));
  zip.end();
  return collect(zip.outputStream);
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
