import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Db } from '../../lib/db';
import * as repo from './export-repository';
import { exportKey, fileOf, FORMAT_VERSION, newKey, type Kind, type Manifest, type RecordOf } from './format';

/**
 * The export for the way back (docs/import-format/README.md, "Exporting"): what members did on this backend since a
 * time, in the import's own format, so an operator who moves an operation back to the PHP service can load it there.
 * The manifest is written last: a directory without one is an export that did not finish.
 */

export interface ExportOptions {
  dir: string;
  since: Date;
  /** Written into the manifest. */
  source?: string;
  /** Rows per page read (default 1000). */
  pageSize?: number;
}

export type ExportCounts = Record<Exclude<Kind, 'photos'>, number>;

const iso = (value: Date | string): string => new Date(value).toISOString();
const isPlaceholder = (email: string): boolean => email.toLowerCase().endsWith('.invalid');

/** Lines of one file, written with back-pressure. */
class JsonLines {
  private readonly out: WriteStream;
  count = 0;

  constructor(file: string) {
    this.out = createWriteStream(file, { encoding: 'utf8' });
  }

  async write(record: object): Promise<void> {
    this.count += 1;
    if (!this.out.write(`${JSON.stringify(record)}\n`)) await once(this.out, 'drain');
  }

  async close(): Promise<void> {
    this.out.end();
    await once(this.out, 'finish');
  }
}

/** A row of a reader of the export repository. */
type RowOf<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];

async function pages<R>(read: (after: R | undefined) => Promise<R[]>, each: (row: R) => Promise<void>): Promise<void> {
  let after: R | undefined;
  for (;;) {
    const rows = await read(after);
    for (const row of rows) await each(row);
    if (rows.length === 0) return;
    after = rows[rows.length - 1];
  }
}

export async function runExport(db: Db, opts: ExportOptions): Promise<ExportCounts> {
  const limit = opts.pageSize ?? 1000;
  const since = opts.since;
  await mkdir(opts.dir, { recursive: true });
  await rm(path.join(opts.dir, 'manifest.json'), { force: true });
  const open = (kind: Kind): JsonLines => new JsonLines(path.join(opts.dir, fileOf(kind)));

  const members = open('members');
  await pages<RowOf<typeof repo.membersSince>>(
    (after) => repo.membersSince(db, since, after?.id ?? 0, limit),
    (m) => members.write(memberRecord(m)),
  );
  await members.close();

  const likes = open('likes');
  await pages<RowOf<typeof repo.likesSince>>(
    (after) => repo.likesSince(db, since, after?.id ?? 0, limit),
    (l) =>
      likes.write({
        liker: l.liker_id,
        liked: l.liked_id,
        created_at: iso(l.created_at),
        seen: !l.is_new,
        auto: l.is_auto,
      } satisfies RecordOf['likes']),
  );
  await likes.close();

  const blocks = open('blocks');
  await pages<RowOf<typeof repo.blocksSince>>(
    (after) => repo.blocksSince(db, since, { blocker: after?.blocker_id ?? 0, blocked: after?.blocked_id ?? 0 }, limit),
    (b) => blocks.write({ blocker: b.blocker_id, blocked: b.blocked_id, created_at: iso(b.created_at) } satisfies RecordOf['blocks']),
  );
  await blocks.close();

  const conversations = open('conversations');
  await pages<RowOf<typeof repo.conversationsSince>>(
    (after) => repo.conversationsSince(db, since, after?.id ?? 0, limit),
    (c) =>
      conversations.write({
        id: exportKey(c.legacy_key, c.id),
        members: c.members as [number, number],
        ...(c.started_by === null ? {} : { started_by: c.started_by }),
        created_at: iso(c.created_at),
      } satisfies RecordOf['conversations']),
  );
  await conversations.close();

  const messages = open('messages');
  await pages<RowOf<typeof repo.messagesSince>>(
    (after) => repo.messagesSince(db, since, after?.seq ?? '0', limit),
    (m) =>
      messages.write({
        id: newKey(m.id),
        conversation: exportKey(m.conversation_key, m.conversation_id),
        sender: m.sender_id,
        kind: m.kind,
        body: m.body,
        ...(m.gift_key === null ? {} : { gift_key: m.gift_key }),
        credits_cost: m.credits_cost,
        sent_at: iso(m.created_at),
      } satisfies RecordOf['messages']),
  );
  await messages.close();

  const ledger = open('ledger');
  await pages<RowOf<typeof repo.ledgerSince>>(
    (after) => repo.ledgerSince(db, since, { userId: after?.user_id ?? 0, id: after?.id ?? 0 }, limit),
    (g) =>
      ledger.write({
        id: newKey(g.id),
        member: g.user_id,
        delta: g.delta,
        reason: g.reason,
        created_at: iso(g.created_at),
        ...(g.currency === null ? {} : { purchase: { amount_minor: g.amount_minor ?? 0, currency: g.currency } }),
        ...(g.ref === null ? {} : { ref: g.ref.slice(0, 100) }),
      } satisfies RecordOf['ledger']),
  );
  await ledger.close();

  const manifest: Manifest = {
    format: 'manmatch-members',
    version: FORMAT_VERSION,
    created_at: new Date().toISOString(),
    since: since.toISOString(),
    ...(opts.source ? { source: opts.source } : {}),
  };
  await writeFile(path.join(opts.dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return {
    members: members.count,
    likes: likes.count,
    blocks: blocks.count,
    conversations: conversations.count,
    messages: messages.count,
    ledger: ledger.count,
  };
}

function memberRecord(m: repo.MemberExportRow): RecordOf['members'] {
  return {
    id: m.id,
    site: m.host,
    ...(isPlaceholder(m.email) ? {} : { email: m.email }),
    status: m.status,
    language: m.language,
    signup_date: iso(m.signup_date),
    last_active_at: iso(m.last_active_at),
    ...(m.deleted_at === null ? {} : { deleted_at: iso(m.deleted_at) }),
    paid_user: m.paid_user,
    mail_off: m.mail_off,
    profile: {
      name: m.name,
      status: m.profile_status,
      country: m.country,
      region: m.region,
      birth_date: m.birth_date,
      about: m.about,
      gender: m.gender,
      sexuality: m.sexuality,
      relationship_status: m.relationship_status,
      hair_colour: m.hair_colour,
      eye_colour: m.eye_colour,
      body_type: m.body_type,
      tattoos: m.tattoos,
      looking_for: m.looking_for,
      position: m.position,
      tribes: m.tribes,
      height_cm: m.height_cm,
      weight_kg: m.weight_kg,
      pronouns: m.pronouns,
      invisible: m.invisible,
      fictional: m.fictional,
      interests: m.interests,
      lat: m.lat,
      lon: m.lon,
    },
  };
}
