import { createHash, randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { open, readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorObject } from 'ajv';
import type { Db } from '../../lib/db';
import { isLegacyMemberId, MAX_LEGACY_MEMBER_ID, speakForLegacy } from '../../lib/legacy-sync';
import { migrate } from '../../lib/migrate';
import { legacyPlaceholderEmail } from '../../lib/outbox';
import { putAll, type MediaStore } from '../../lib/media-store';
import { ensureMain, MAX_UPLOAD_BYTES, processPhoto } from '../photos/index';
import { snap } from '../privacy/index';
import {
  describeSchemaError,
  fileOf,
  FORMAT_VERSION,
  KINDS,
  keyText,
  loadValidators,
  MAX_LINE_BYTES,
  readLines,
  recordId,
  type Kind,
  type RecordOf,
  type Validators,
} from './format';
import * as repo from './repository';

/**
 * The bulk import (docs/import-format/README.md): reads a directory of the transfer format kind by kind, in batches.
 * Each batch is one transaction that writes its valid records, the refusals of the others and the run's checkpoint
 * together, so a record is written whole or refused whole, and a run killed between two batches continues after the
 * last committed one. Every write is an upsert on the PHP ids (or the natural key of a like or a block), so a second
 * run over the same files changes nothing.
 */

/** Why a record was refused: a stable code for the report, and what exactly was wrong. */
interface Refusal {
  file: string;
  line: number;
  kind: Kind;
  id: string | null;
  reason: string;
  detail: string;
}

type KindCounts = Record<Kind, { imported: number; refused: number }>;

export interface ImportProgress {
  kind: Kind;
  counts: KindCounts;
  /** Records read by this process (imported or refused). */
  records: number;
  seconds: number;
}

export interface ImportOptions {
  dir: string;
  /** Where photo files go (the backend's own store); a dry run stores nothing. */
  media: MediaStore;
  /** Validate everything, write nothing (the whole run is one transaction that is rolled back). */
  dryRun?: boolean;
  /** Records per batch (default 1000; photos go 20 at a time). */
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void;
  /** Runs after each committed batch: a test stops a run here to play a kill. */
  afterBatch?: (kind: Kind, batch: number) => void | Promise<void>;
}

export interface ImportResult {
  dryRun: boolean;
  /** Where a killed run was taken up again, if it was. */
  resumedFrom: { kind: string; line: number } | null;
  counts: KindCounts;
  /** Every refusal of the run, also those of a killed run's committed batches. */
  refusals: Refusal[];
  /** The id the next signup here will get. */
  nextMemberId: number | null;
  seconds: number;
}

/** The directory cannot be imported at all (no manifest, another format version). */
export class TransferFormatError extends Error {
  override readonly name = 'TransferFormatError';
}

const PHOTO_BATCH = 20;

/** The largest balance a member can have: `users.credits` and every ledger row's balance are 32-bit integers. */
const MAX_BALANCE = 2_147_483_647;

interface Entry<K extends Kind> {
  line: number;
  record: RecordOf[K];
}

interface Context {
  db: Db;
  dir: string;
  /** The export's media/ directory with its links resolved; null when it has none. */
  mediaRoot: string | null;
  media: MediaStore;
  dryRun: boolean;
  sites: Map<string, number>;
  defaultSite: number;
  regions: Map<string, number>;
  interests: Map<string, number>;
}

interface Applied {
  written: number;
  refused: Refusal[];
}

function refusal<K extends Kind>(kind: K, entry: Entry<K>, reason: string, detail: string): Refusal {
  return { file: fileOf(kind), line: entry.line, kind, id: recordId(kind, entry.record), reason, detail };
}

/**
 * Why a record breaks its kind's schema: `id_out_of_range` when it names a member id above the ceiling of PHP member
 * ids (every field of the schemas that names a member has that maximum), else `schema`.
 */
function schemaReason(errors: ErrorObject[] | null | undefined): string {
  const e = errors?.[0];
  return e?.keyword === 'maximum' && (e.params as { limit?: unknown }).limit === MAX_LEGACY_MEMBER_ID ? 'id_out_of_range' : 'schema';
}

/** Migrates the database first (a dry run only inside its transaction), then imports the directory. */
export async function runImport(db: Db, opts: ImportOptions): Promise<ImportResult> {
  const started = performance.now();
  const validators = await loadValidators();
  await readManifest(opts.dir, validators);
  const fingerprint = await fingerprintOf(opts.dir);
  if (!opts.dryRun) {
    await migrate(db);
    return importWith(db, opts, validators, fingerprint, started);
  }
  let result: ImportResult | undefined;
  await db
    .transaction(async (tx) => {
      // Even the migrations a dry run needs are rolled back with it.
      await migrate(tx);
      result = await importWith(tx, { ...opts, media: discardingStore }, validators, fingerprint, started);
      throw new DryRunDone();
    })
    .catch((err: unknown) => {
      if (!(err instanceof DryRunDone)) throw err;
    });
  if (!result) throw new Error('dry run ended without a result');
  return { ...result, dryRun: true, nextMemberId: null };
}

class DryRunDone extends Error {}

/** A dry run's photos are checked and re-encoded, never stored. */
const discardingStore: MediaStore = {
  kind: 'disk',
  put: async () => undefined,
  get: async () => null,
  exists: async () => false,
  remove: async () => false,
  // eslint-disable-next-line require-yield -- a store with nothing in it
  list: async function* () {
    return;
  },
};

async function importWith(
  db: Db,
  opts: ImportOptions,
  validators: Validators,
  fingerprint: string,
  started: number,
): Promise<ImportResult> {
  const ctx = await contextOf(db, opts);
  const run = await repo.openRun(db, fingerprint);
  const resumeAt = run.resumed && run.kind ? KINDS.indexOf(run.kind as Kind) : 0;
  const counts = Object.fromEntries(KINDS.map((k) => [k, { imported: 0, refused: 0 }])) as KindCounts;
  let records = 0;
  let batchNo = 0;
  const batchSize = opts.batchSize ?? 1000;

  for (const [index, kind] of KINDS.entries()) {
    if (index < resumeAt) continue;
    const file = path.join(opts.dir, fileOf(kind));
    if (!(await exists(file))) continue;
    const after = run.resumed && run.kind === kind ? run.line : 0;
    const size = kind === 'photos' ? Math.min(batchSize, PHOTO_BATCH) : batchSize;
    let entries: Entry<Kind>[] = [];
    let refused: Refusal[] = [];
    let lastLine = after;

    const flush = async (): Promise<void> => {
      if (entries.length === 0 && refused.length === 0) return;
      const applied = await commitBatch(ctx, run.id, kind, entries, refused, lastLine);
      counts[kind].imported += applied.written;
      counts[kind].refused += applied.refused.length;
      records += entries.length + refused.length;
      entries = [];
      refused = [];
      batchNo += 1;
      opts.onProgress?.({ kind, counts, records, seconds: (performance.now() - started) / 1000 });
      await opts.afterBatch?.(kind, batchNo);
    };

    const validate = validators.records[kind];
    for await (const read of readLines(file, after)) {
      const { line } = read;
      lastLine = line;
      if (read.text === null) {
        refused.push({
          file: fileOf(kind),
          line,
          kind,
          id: null,
          reason: 'line_too_long',
          detail: `line ${line} has ${read.bytes} bytes; a line may have at most ${MAX_LINE_BYTES}`,
        });
      } else {
        const parsed = parseLine(read.text);
        if ('error' in parsed) refused.push({ file: fileOf(kind), line, kind, id: null, reason: 'invalid_json', detail: parsed.error });
        else if (!validate(parsed.value))
          refused.push({
            file: fileOf(kind),
            line,
            kind,
            id: recordId(kind, parsed.value),
            reason: schemaReason(validate.errors),
            detail: describeSchemaError(validate.errors),
          });
        else entries.push({ line, record: parsed.value });
      }
      if (entries.length + refused.length >= size) await flush();
    }
    await flush();
  }

  await repo.finishRun(db, run.id);
  const nextMemberId = await repo.moveMemberIdsPastImported(db);
  const refusals = (await repo.listRefusals(db, run.id)).map((r) => ({ ...r, kind: r.kind as Kind }));
  return {
    dryRun: false,
    resumedFrom: run.resumed ? { kind: run.kind ?? KINDS[0], line: run.line } : null,
    counts,
    refusals,
    nextMemberId,
    seconds: (performance.now() - started) / 1000,
  };
}

function parseLine(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/**
 * A batch's transaction. It is the PHP service speaking (`speakForLegacy`): what it writes never counts as changed
 * here. In a dry run, which is one transaction, a batch is a savepoint of it, rolled back alone when it fails.
 */
async function inBatch<R>(ctx: Context, fn: (tx: Db) => Promise<R>): Promise<R> {
  const speaking = async (tx: Db): Promise<R> => {
    await speakForLegacy(tx);
    return fn(tx);
  };
  if (!ctx.dryRun) return ctx.db.transaction(speaking);
  await repo.openBatchSavepoint(ctx.db);
  let result: R;
  try {
    result = await speaking(ctx.db);
  } catch (err) {
    await repo.rollbackBatchSavepoint(ctx.db);
    throw err;
  }
  await repo.releaseBatchSavepoint(ctx.db);
  return result;
}

/**
 * One batch in one transaction with its refusals and the checkpoint. When the database refuses the batch as a whole
 * (a rule the checks before it did not foresee), each record goes again alone: the ones the database takes are written,
 * the others refused with its reason. A dry run does the same, so it reports what the real run would.
 */
async function commitBatch(
  ctx: Context,
  runId: number,
  kind: Kind,
  entries: Entry<Kind>[],
  refused: Refusal[],
  lastLine: number,
): Promise<Applied> {
  const prepared = kind === 'photos' ? await storePhotos(ctx, entries as Entry<'photos'>[]) : { entries, refused: [] };
  const attempt = (list: Entry<Kind>[], more: Refusal[], line: number): Promise<Applied> =>
    inBatch(ctx, async (tx) => {
      const applied = await APPLY[kind](ctx, tx, list as never);
      const all = [...more, ...applied.refused];
      await repo.insertRefusals(tx, runId, all);
      await repo.saveCheckpoint(tx, runId, kind, line, applied.written);
      return { written: applied.written, refused: all };
    });
  const before = [...refused, ...prepared.refused];
  try {
    return await attempt(prepared.entries, before, lastLine);
  } catch (err) {
    if (prepared.entries.length === 0) throw err;
    const total: Applied = { written: 0, refused: [] };
    for (const entry of prepared.entries) {
      const applied = await attempt([entry], [], entry.line).catch((one: unknown) =>
        attempt([], [refusal(kind, entry as never, 'database', (one as Error).message)], entry.line),
      );
      total.written += applied.written;
      total.refused.push(...applied.refused);
    }
    const rest = await attempt([], before, lastLine);
    total.refused.push(...rest.refused);
    return total;
  }
}

async function contextOf(db: Db, opts: ImportOptions): Promise<Context> {
  const sites = await repo.sitesByHost(db);
  const fallback = sites.find((s) => s.is_default) ?? sites[0];
  if (!fallback) throw new TransferFormatError('the database has no site');
  return {
    db,
    dir: opts.dir,
    mediaRoot: await realpath(path.join(opts.dir, 'media')).catch(() => null),
    media: opts.media,
    dryRun: Boolean(opts.dryRun),
    sites: new Map(sites.map((s) => [s.host, s.id])),
    defaultSite: fallback.id,
    regions: new Map((await repo.regionCodes(db)).map((r) => [`${r.country}:${r.code}`, r.id])),
    interests: new Map((await repo.interestKeys(db)).map((i) => [i.key, i.id])),
  };
}

async function readManifest(dir: string, validators: Validators): Promise<void> {
  let text: string;
  try {
    text = await readFile(path.join(dir, 'manifest.json'), 'utf8');
  } catch {
    throw new TransferFormatError(`${dir} has no manifest.json: not a directory of the transfer format (or not written to the end)`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new TransferFormatError(`manifest.json is not JSON: ${(err as Error).message}`);
  }
  if (!validators.manifest(value))
    throw new TransferFormatError(
      `manifest.json ${describeSchemaError(validators.manifest.errors)} (this import reads version ${FORMAT_VERSION})`,
    );
}

/** The files' names, sizes and contents: a run over the same files resumes; changed files start a new run. */
async function fingerprintOf(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const present = new Set(await readdir(dir));
  const names = ['manifest.json', ...KINDS.map(fileOf)].filter((n) => present.has(n));
  for (const name of names) {
    const file = path.join(dir, name);
    hash.update(`${name}\0${(await stat(file)).size}\0`);
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/**
 * Keeps the entries whose every member came from the PHP service (imported by this run or an earlier one, or learnt
 * on first sight: origin legacy). An entry naming a member who signed up here is refused (`local_member`), one naming
 * nobody too (`unknown_member`): nothing of the PHP service's history lands on a member it does not know.
 */
async function withMembers<K extends Kind, E extends Entry<K>>(
  tx: Db,
  kind: K,
  entries: E[],
  membersOf: (entry: E) => [field: string, id: number][],
): Promise<{ ok: E[]; refused: Refusal[] }> {
  const origins = await repo.memberOrigins(
    tx,
    entries.flatMap((e) => membersOf(e).map(([, id]) => id)),
  );
  const ok: E[] = [];
  const refused: Refusal[] = [];
  const named = (list: [string, number][]): string => list.map(([f, id]) => `${f} ${id}`).join(', ');
  for (const entry of entries) {
    const members = membersOf(entry);
    const local = members.filter(([, id]) => origins.get(id) === 'local');
    const missing = members.filter(([, id]) => !origins.has(id));
    if (local.length > 0) refused.push(refusal(kind, entry, 'local_member', `${named(local)} signed up here, not on the PHP service`));
    else if (missing.length > 0) refused.push(refusal(kind, entry, 'unknown_member', named(missing)));
    else ok.push(entry);
  }
  return { ok, refused };
}

type Apply<K extends Kind> = (ctx: Context, tx: Db, entries: Entry<K>[]) => Promise<Applied>;

const APPLY: { [K in Kind]: Apply<K> } = {
  members: applyMembers,
  photos: applyPhotos,
  likes: applyLikes,
  blocks: applyBlocks,
  conversations: applyConversations,
  messages: applyMessages,
  ledger: applyLedger,
};

async function applyMembers(ctx: Context, tx: Db, entries: Entry<'members'>[]): Promise<Applied> {
  const refused: Refusal[] = [];
  const checked: { entry: Entry<'members'>; site: number; region: number | null; interests: number[] }[] = [];
  const ids = new Set<number>();
  const addresses = new Map<string, number>();
  for (const entry of entries) {
    const { record: r } = entry;
    const site = r.site === undefined ? ctx.defaultSite : ctx.sites.get(r.site);
    const address = r.email === undefined ? null : `${site}:${r.email.toLowerCase()}`;
    const region = r.profile.region ? ctx.regions.get(`${r.profile.country ?? ''}:${r.profile.region}`) : null;
    const unknownInterests = (r.profile.interests ?? []).filter((k) => !ctx.interests.has(k));
    if (!isLegacyMemberId(r.id))
      refused.push(refusal('members', entry, 'id_out_of_range', `member ids from the PHP service go up to ${MAX_LEGACY_MEMBER_ID}`));
    else if (site === undefined) refused.push(refusal('members', entry, 'unknown_site', `no site has the host ${r.site}`));
    else if (region === undefined)
      refused.push(refusal('members', entry, 'unknown_region', `${r.profile.country ?? '(no country)'}-${r.profile.region}`));
    else if (unknownInterests.length > 0) refused.push(refusal('members', entry, 'unknown_interest', unknownInterests.join(', ')));
    else if (ids.has(r.id)) refused.push(refusal('members', entry, 'duplicate', `member ${r.id} comes twice in one batch`));
    else if (address && addresses.has(address))
      refused.push(refusal('members', entry, 'email_taken', `the address is member ${addresses.get(address)}'s in this file`));
    else {
      ids.add(r.id);
      if (address) addresses.set(address, r.id);
      checked.push({ entry, site, region, interests: (r.profile.interests ?? []).map((k) => ctx.interests.get(k) as number) });
    }
  }
  const existing = new Map((await repo.existingMembers(tx, [...ids])).map((m) => [m.id, m]));
  // An address changed here stays (it is not written), so only the PHP service's addresses that are written can collide.
  const holders = new Map(
    (
      await repo.addressHolders(
        tx,
        checked.flatMap((c) =>
          c.entry.record.email && !existing.get(c.entry.record.id)?.changed_here.includes('email')
            ? [{ id: c.entry.record.id, site_id: c.site, email: c.entry.record.email }]
            : [],
        ),
      )
    ).map((h) => [h.wanted_id, h]),
  );
  const inserts: repo.UserRow[] = [];
  const updates: repo.UserRow[] = [];
  const profiles: repo.ProfileRow[] = [];
  for (const { entry, site, region, interests } of checked) {
    const { record: r } = entry;
    const here = existing.get(r.id);
    const holder = holders.get(r.id);
    if (here?.origin === 'local') {
      refused.push(refusal('members', entry, 'local_member', `member ${r.id} signed up here: his id is not the PHP member's`));
      continue;
    }
    if (holder) {
      refused.push(refusal('members', entry, 'email_taken', `the address belongs to member ${holder.id} (${holder.origin})`));
      continue;
    }
    const user: repo.UserRow = {
      id: r.id,
      site_id: site,
      email: r.email ?? here?.email ?? legacyPlaceholderEmail(r.id),
      status: r.status,
      language: r.language ?? 'en',
      signup_date: r.signup_date,
      last_active_at: r.last_active_at ?? r.signup_date,
      deleted_at: r.deleted_at ?? null,
      paid_user: r.paid_user ?? false,
      mail_off: r.mail_off ?? [],
    };
    // The fields he changed here stay his (updateUsers and upsertProfiles write only the others).
    (here ? updates : inserts).push(user);
    const p = r.profile;
    profiles.push({
      user_id: r.id,
      name: p.name,
      status: p.status ?? 'active',
      country: p.country ?? null,
      region_id: region,
      birth_date: p.birth_date ?? null,
      about: p.about ?? '',
      gender: p.gender ?? null,
      sexuality: p.sexuality ?? null,
      relationship_status: p.relationship_status ?? null,
      hair_colour: p.hair_colour ?? null,
      eye_colour: p.eye_colour ?? null,
      body_type: p.body_type ?? null,
      tattoos: p.tattoos ?? null,
      looking_for: p.looking_for ?? [],
      position: p.position ?? null,
      tribes: p.tribes ?? [],
      height_cm: p.height_cm ?? null,
      weight_kg: p.weight_kg ?? null,
      pronouns: p.pronouns ?? null,
      invisible: p.invisible ?? false,
      fictional: p.fictional ?? false,
      // Stored snapped to the grid, like every position here: PHP's exact one is never kept.
      ...(p.lat != null && p.lon != null ? snap(p.lat, p.lon) : { lat: null, lon: null }),
      interests,
    });
  }
  await repo.insertUsers(tx, inserts);
  await repo.updateUsers(tx, updates);
  await repo.upsertProfiles(tx, profiles);
  return { written: inserts.length + updates.length, refused };
}

interface StoredPhoto extends Entry<'photos'> {
  files?: { filename: string; thumb: string; blurred: string };
}

/**
 * Before the batch's transaction: each photo of a PHP member seen for the first time is read from media/, checked and
 * re-encoded by the photos component (as an upload is) and stored under new random names. A photo imported before
 * keeps its files; a photo refused for its member is never read.
 */
async function storePhotos(ctx: Context, entries: Entry<'photos'>[]): Promise<{ entries: StoredPhoto[]; refused: Refusal[] }> {
  const members = await withMembers(ctx.db, 'photos', entries, (e) => [['member', e.record.member]]);
  const known = await repo.photoKeys(
    ctx.db,
    members.ok.map((e) => keyText(e.record.id)),
  );
  const refused: Refusal[] = [...members.refused];
  const stored: StoredPhoto[] = [];
  for (const entry of members.ok) {
    if (known.has(keyText(entry.record.id))) {
      stored.push(entry);
      continue;
    }
    const original = await readOriginal(ctx.mediaRoot, entry.record.file);
    if ('reason' in original) {
      refused.push(refusal('photos', entry, original.reason, original.detail));
      continue;
    }
    let variants: Awaited<ReturnType<typeof processPhoto>>;
    try {
      variants = await processPhoto(original.bytes);
    } catch {
      refused.push(refusal('photos', entry, 'photo_invalid', `media/${entry.record.file} is not an image the site accepts`));
      continue;
    }
    const name = randomBytes(16).toString('hex');
    const dir = `u/${name.slice(0, 2)}`;
    const files = { filename: `${dir}/${name}-full.jpg`, thumb: `${dir}/${name}-thumb.jpg`, blurred: `${dir}/${name}-blur.jpg` };
    await putAll(ctx.media, [
      [files.filename, variants.full],
      [files.thumb, variants.thumb],
      [files.blurred, variants.blurred],
    ]);
    stored.push({ ...entry, files });
  }
  return { entries: stored, refused };
}

/**
 * A photo's original, read only when it is a regular file inside the export's media/ directory once every link on its
 * way is resolved (`mediaRoot` is media/'s own resolved path): a link that stays inside media/ is followed, one that
 * leads out of it is refused before anything is read. At most one byte over the upload limit is read.
 */
async function readOriginal(mediaRoot: string | null, name: string): Promise<{ bytes: Buffer } | { reason: string; detail: string }> {
  const shown = `media/${name}`;
  if (mediaRoot === null) return { reason: 'photo_missing', detail: `${shown}: the export has no media/ directory` };
  let real: string;
  try {
    real = await realpath(path.resolve(mediaRoot, name));
  } catch {
    return { reason: 'photo_missing', detail: `${shown} cannot be read` };
  }
  if (!real.startsWith(mediaRoot + path.sep))
    return { reason: 'photo_outside_export', detail: `${shown} leads outside the export's media/ directory` };
  // The resolved path is opened without following a link there (one put in its place since) and without waiting on a FIFO.
  const handle = await open(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)).catch(() => null);
  if (!handle) return { reason: 'photo_missing', detail: `${shown} cannot be read` };
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { reason: 'photo_invalid', detail: `${shown} is not a regular file` };
    if (info.size > MAX_UPLOAD_BYTES) return { reason: 'photo_invalid', detail: `${shown} is larger than ${MAX_UPLOAD_BYTES} bytes` };
    const buffer = Buffer.alloc(info.size + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return { bytes: buffer.subarray(0, length) };
  } catch {
    return { reason: 'photo_missing', detail: `${shown} cannot be read` };
  } finally {
    await handle.close();
  }
}

async function applyPhotos(_ctx: Context, tx: Db, entries: StoredPhoto[]): Promise<Applied> {
  const { ok, refused } = await withMembers(tx, 'photos', entries, (e) => [['member', e.record.member]]);
  await repo.upsertPhotos(
    tx,
    ok.map((e) => ({
      key: keyText(e.record.id),
      user_id: e.record.member,
      status: e.record.status,
      main: e.record.main ?? false,
      position: e.record.position ?? 0,
      created_at: e.record.uploaded_at ?? new Date().toISOString(),
      ...(e.files ? { files: e.files } : {}),
    })),
  );
  // A member with photos has a main one, as after an upload (the first approved, else the first pending).
  for (const member of new Set(ok.map((e) => e.record.member))) await ensureMain(tx, member);
  return { written: ok.length, refused };
}

/** The last record of each pair in the batch (an earlier one of the same pair is the same like, said again). */
function lastOfEachPair<K extends 'likes' | 'blocks'>(entries: Entry<K>[], pair: (r: RecordOf[K]) => [number, number]): Entry<K>[] {
  return [...new Map(entries.map((e) => [pair(e.record).join(':'), e])).values()];
}

async function applyLikes(_ctx: Context, tx: Db, entries: Entry<'likes'>[]): Promise<Applied> {
  const self = entries.filter((e) => e.record.liker === e.record.liked);
  const refused = self.map((e) => refusal('likes', e, 'self_reference', 'a member cannot like himself'));
  const checked = await withMembers(
    tx,
    'likes',
    entries.filter((e) => e.record.liker !== e.record.liked),
    ({ record: r }) => [
      ['liker', r.liker],
      ['liked', r.liked],
    ],
  );
  const likes = lastOfEachPair(checked.ok, (r) => [r.liker, r.liked]);
  await repo.upsertLikes(
    tx,
    likes.map(({ record: r }) => ({
      liker: r.liker,
      liked: r.liked,
      created_at: r.created_at,
      is_new: !(r.seen ?? true),
      is_auto: r.auto ?? false,
    })),
  );
  return { written: checked.ok.length, refused: [...refused, ...checked.refused] };
}

async function applyBlocks(_ctx: Context, tx: Db, entries: Entry<'blocks'>[]): Promise<Applied> {
  const self = entries.filter((e) => e.record.blocker === e.record.blocked);
  const refused = self.map((e) => refusal('blocks', e, 'self_reference', 'a member cannot block himself'));
  const checked = await withMembers(
    tx,
    'blocks',
    entries.filter((e) => e.record.blocker !== e.record.blocked),
    ({ record: r }) => [
      ['blocker', r.blocker],
      ['blocked', r.blocked],
    ],
  );
  await repo.insertBlocks(
    tx,
    lastOfEachPair(checked.ok, (r) => [r.blocker, r.blocked]).map(({ record: r }) => r),
  );
  return { written: checked.ok.length, refused: [...refused, ...checked.refused] };
}

async function applyConversations(_ctx: Context, tx: Db, entries: Entry<'conversations'>[]): Promise<Applied> {
  const refused: Refusal[] = [];
  const pairs = new Set<string>();
  const keys = new Set<string>();
  const candidates: Entry<'conversations'>[] = [];
  for (const entry of entries) {
    const [a, b] = [...entry.record.members].sort((x, y) => x - y) as [number, number];
    const starter = entry.record.started_by;
    if (starter !== undefined && starter !== a && starter !== b)
      refused.push(refusal('conversations', entry, 'not_a_member', `started_by ${starter} is not one of its members`));
    else if (pairs.has(`${a}:${b}`) || keys.has(keyText(entry.record.id)))
      refused.push(refusal('conversations', entry, 'duplicate', `members ${a} and ${b} have one conversation in this batch already`));
    else {
      pairs.add(`${a}:${b}`);
      keys.add(keyText(entry.record.id));
      candidates.push(entry);
    }
  }
  const checked = await withMembers(tx, 'conversations', candidates, ({ record: r }) => [
    ...r.members.map((id) => ['member', id] as [string, number]),
    ...(r.started_by === undefined ? [] : [['started_by', r.started_by] as [string, number]]),
  ]);
  refused.push(...checked.refused);
  const wanted = checked.ok.map((e) => ({ key: keyText(e.record.id), a: e.record.members[0], b: e.record.members[1], entry: e }));
  const found = new Map((await repo.findConversations(tx, wanted)).map((m) => [m.key, m]));
  let written = 0;
  const adopt: { id: number; key: string }[] = [];
  const insert: { key: string; a: number; b: number; started_by: number | null; created_at: string }[] = [];
  for (const w of wanted) {
    const match = found.get(w.key);
    if (!match)
      insert.push({ key: w.key, a: w.a, b: w.b, started_by: w.entry.record.started_by ?? null, created_at: w.entry.record.created_at });
    else if (match.legacy_key === null) adopt.push({ id: match.id, key: w.key });
    else if (match.legacy_key !== w.key) {
      refused.push(
        refusal('conversations', w.entry, 'conversation_exists', `members ${w.a} and ${w.b} have conversation ${match.legacy_key} already`),
      );
      continue;
    }
    written += 1;
  }
  await repo.adoptConversations(tx, adopt);
  await repo.insertConversations(tx, insert);
  return { written, refused };
}

async function applyMessages(_ctx: Context, tx: Db, entries: Entry<'messages'>[]): Promise<Applied> {
  const conversations = new Map(
    (await repo.conversationsByKey(tx, [...new Set(entries.map((e) => keyText(e.record.conversation)))])).map((c) => [c.key, c]),
  );
  const refused: Refusal[] = [];
  const candidates: (Entry<'messages'> & { conversation: { id: number; members: number[] } })[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const { record: r } = entry;
    const conversation = conversations.get(keyText(r.conversation));
    if (!conversation) refused.push(refusal('messages', entry, 'unknown_conversation', `conversation ${keyText(r.conversation)}`));
    else if (!conversation.members.includes(r.sender))
      refused.push(refusal('messages', entry, 'not_a_member', `sender ${r.sender} is not in conversation ${keyText(r.conversation)}`));
    else if (seen.has(keyText(r.id)))
      refused.push(refusal('messages', entry, 'duplicate', `message ${keyText(r.id)} comes twice in one batch`));
    else {
      seen.add(keyText(r.id));
      candidates.push({ ...entry, conversation });
    }
  }
  // Its sender and the member it goes to: both must have come from the PHP service.
  const checked = await withMembers(tx, 'messages', candidates, (e) => [
    ['sender', e.record.sender],
    ...e.conversation.members.filter((id) => id !== e.record.sender).map((id) => ['recipient', id] as [string, number]),
  ]);
  refused.push(...checked.refused);
  const rows: repo.MessageRow[] = checked.ok.map(({ record: r, conversation }) => ({
    key: keyText(r.id),
    conversation_id: conversation.id,
    sender_id: r.sender,
    kind: r.kind ?? 'text',
    body: r.body,
    gift_key: r.gift_key ?? null,
    credits_cost: r.credits_cost ?? 0,
    created_at: r.sent_at,
  }));
  await repo.insertMessages(tx, rows);
  return { written: rows.length, refused };
}

/** What spending takes first: free credits, then promotional, then paid (oldest first within each). */
const LOT_RANK = { free: 0, promo: 1, paid: 2 } as const;

/** The lot a credit row brings: bought credits are a paid lot, signup credits free ones, anything else promotional. */
function lotKind(r: RecordOf['ledger']): repo.NewLot['kind'] {
  if (r.purchase) return 'paid';
  return r.reason.startsWith('signup') ? 'free' : 'promo';
}

/**
 * The ledger rows of a batch, member by member in the file's order: a credit brings a lot, a debit takes from the
 * member's lots in the order spending does, and every row carries the balance after it. A debit larger than the
 * balance is refused (the balance never goes below zero), and so is a credit that would take it past MAX_BALANCE, so
 * balance = sum of the ledger = sum of the lots' credits left holds after every batch. Rows imported before are skipped.
 */
async function applyLedger(_ctx: Context, tx: Db, entries: Entry<'ledger'>[]): Promise<Applied> {
  const refused: Refusal[] = [];
  const done = await repo.ledgerKeys(
    tx,
    entries.map((e) => keyText(e.record.id)),
  );
  const fresh: Entry<'ledger'>[] = [];
  let already = 0;
  const keys = new Set<string>();
  for (const entry of entries) {
    const key = keyText(entry.record.id);
    if (done.has(key)) {
      already += 1;
      continue;
    }
    if (keys.has(key)) refused.push(refusal('ledger', entry, 'duplicate', `ledger row ${key} comes twice in one batch`));
    else if (entry.record.purchase && entry.record.delta < 0)
      refused.push(refusal('ledger', entry, 'purchase_not_credit', 'a purchase brings credits: its delta must be positive'));
    else {
      keys.add(key);
      fresh.push(entry);
    }
  }
  const checked = await withMembers(tx, 'ledger', fresh, (e) => [['member', e.record.member]]);
  refused.push(...checked.refused);
  const members = [...new Set(checked.ok.map((e) => e.record.member))];
  const balances = await repo.lockBalances(tx, members);
  const lots = new Map<number, (repo.LotRow & { key?: string })[]>();
  for (const lot of await repo.spendableLots(tx, members)) lots.set(lot.user_id, [...(lots.get(lot.user_id) ?? []), lot]);

  const newLots = new Map<string, repo.NewLot>();
  const taken = new Map<string, number>();
  const rows: repo.NewLedgerRow[] = [];
  for (const entry of checked.ok) {
    const { record: r } = entry;
    const balance = balances.get(r.member) ?? 0;
    const own = lots.get(r.member) ?? [];
    if (balance + r.delta > MAX_BALANCE) {
      refused.push(
        refusal(
          'ledger',
          entry,
          'balance_out_of_range',
          `member ${r.member} has ${balance} credits; ${MAX_BALANCE} is the most a balance can be`,
        ),
      );
      continue;
    }
    if (r.delta > 0) {
      const key = keyText(r.id);
      const lot: repo.NewLot = {
        key,
        user_id: r.member,
        kind: lotKind(r),
        credits: r.delta,
        remaining: r.delta,
        amount_minor: r.purchase?.amount_minor ?? 0,
        currency: r.purchase?.currency ?? null,
        bought_at: r.created_at,
      };
      newLots.set(key, lot);
      own.push({ id: `new:${key}`, key, user_id: r.member, kind: lot.kind, remaining: lot.remaining, bought_at: lot.bought_at });
      own.sort((x, y) => LOT_RANK[x.kind] - LOT_RANK[y.kind] || new Date(x.bought_at).getTime() - new Date(y.bought_at).getTime());
      lots.set(r.member, own);
    } else {
      if (-r.delta > balance) {
        refused.push(
          refusal('ledger', entry, 'balance_below_zero', `member ${r.member} has ${balance} credits, the row takes ${-r.delta}`),
        );
        continue;
      }
      let need = -r.delta;
      for (const lot of own) {
        if (need === 0) break;
        const take = Math.min(need, lot.remaining);
        if (take === 0) continue;
        lot.remaining -= take;
        need -= take;
        if (lot.key) (newLots.get(lot.key) as repo.NewLot).remaining = lot.remaining;
        else taken.set(lot.id, lot.remaining);
      }
    }
    balances.set(r.member, balance + r.delta);
    rows.push({
      key: keyText(r.id),
      user_id: r.member,
      delta: r.delta,
      reason: r.reason,
      balance_after: balance + r.delta,
      lot_key: r.delta > 0 ? keyText(r.id) : null,
      ref: r.ref ?? r.purchase?.payment_ref ?? null,
      created_at: r.created_at,
    });
  }
  await repo.writeLedger(tx, {
    lots: [...newLots.values()],
    taken: [...taken].map(([id, remaining]) => ({ id, remaining })),
    entries: rows,
    balances: [...new Set(rows.map((r) => r.user_id))].map((id) => ({ id, credits: balances.get(id) ?? 0 })),
  });
  return { written: already + rows.length, refused };
}
