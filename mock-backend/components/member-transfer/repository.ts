import { CHAT_EVENT_LOCK } from '../../lib/live-events';
import { join, raw, sql, type Db, type Sql } from '../../lib/db';
import { MAX_LEGACY_MEMBER_ID } from '../../lib/legacy-sync';

/**
 * The import's SQL. Every write is one set-based statement over a batch, its rows passed as one JSON parameter
 * (`jsonb_to_recordset`), so a batch of a thousand records is a handful of round trips on PGlite and PostgreSQL alike.
 */

const rows = (list: readonly object[]): string => JSON.stringify(list);

// ---- runs, checkpoints and refusals ----

export interface RunRow {
  id: number;
  kind: string | null;
  line: number;
}

/** The unfinished run of these files, or a new one. */
export async function openRun(db: Db, fingerprint: string): Promise<RunRow & { resumed: boolean }> {
  const [open] = await db.query<RunRow>(
    sql`SELECT id, kind, line FROM import_runs WHERE fingerprint = ${fingerprint} AND finished_at IS NULL ORDER BY id DESC LIMIT 1`,
  );
  if (open) return { ...open, resumed: true };
  const [row] = await db.query<RunRow>(sql`INSERT INTO import_runs (fingerprint) VALUES (${fingerprint}) RETURNING id, kind, line`);
  if (!row) throw new Error('import run insert returned nothing');
  return { ...row, resumed: false };
}

export async function saveCheckpoint(tx: Db, runId: number, kind: string, line: number, imported: number): Promise<void> {
  await tx.query(sql`UPDATE import_runs SET kind = ${kind}, line = ${line}, imported = imported + ${imported}, updated_at = now()
     WHERE id = ${runId}`);
}

export async function finishRun(db: Db, runId: number): Promise<void> {
  await db.query(sql`UPDATE import_runs SET finished_at = now(), updated_at = now() WHERE id = ${runId}`);
}

export interface RefusalRow {
  file: string;
  line: number;
  kind: string;
  id: string | null;
  reason: string;
  detail: string;
}

export async function insertRefusals(tx: Db, runId: number, refusals: readonly RefusalRow[]): Promise<void> {
  if (refusals.length === 0) return;
  await tx.query(sql`INSERT INTO import_refusals (run_id, file, line, kind, record_id, reason, detail)
     SELECT ${runId}::int, r.file, r.line, r.kind, r.id, r.reason, r.detail
     FROM jsonb_to_recordset(${rows(refusals)}::jsonb) AS r(file text, line int, kind text, id text, reason text, detail text)
     ON CONFLICT (run_id, file, line) DO UPDATE SET reason = EXCLUDED.reason, detail = EXCLUDED.detail, updated_at = now()`);
}

/**
 * A dry run is one transaction: each batch is a savepoint in it, so a batch the database refuses is rolled back alone
 * and goes again record by record, as in a real run, instead of ending the whole check.
 */
export async function openBatchSavepoint(tx: Db): Promise<void> {
  await tx.query(sql`SAVEPOINT import_batch`);
}

export async function releaseBatchSavepoint(tx: Db): Promise<void> {
  await tx.query(sql`RELEASE SAVEPOINT import_batch`);
}

export async function rollbackBatchSavepoint(tx: Db): Promise<void> {
  await tx.query(sql`ROLLBACK TO SAVEPOINT import_batch`);
  await tx.query(sql`RELEASE SAVEPOINT import_batch`);
}

export async function listRefusals(db: Db, runId: number): Promise<RefusalRow[]> {
  return db.query<RefusalRow>(sql`SELECT file, line, kind, record_id AS id, reason, detail FROM import_refusals
     WHERE run_id = ${runId} ORDER BY array_position(ARRAY['members','photos','likes','blocks','conversations','messages','ledger'], kind), line`);
}

// ---- reference data ----

export async function sitesByHost(db: Db): Promise<{ host: string; id: number; is_default: boolean }[]> {
  return db.query(sql`SELECT host, id, is_default FROM sites`);
}

export async function regionCodes(db: Db): Promise<{ id: number; country: string; code: string }[]> {
  return db.query(sql`SELECT id, country, code FROM regions`);
}

export async function interestKeys(db: Db): Promise<{ id: number; key: string }[]> {
  return db.query(sql`SELECT id, key FROM interests`);
}

/** Which of these members exist, and where each came from ('legacy': the PHP service; 'local': signed up here). */
export async function memberOrigins(db: Db, ids: readonly number[]): Promise<Map<number, 'local' | 'legacy'>> {
  if (ids.length === 0) return new Map();
  const found = await db.query<{ id: number; origin: 'local' | 'legacy' }>(
    sql`SELECT id, origin FROM users WHERE id = ANY(${[...new Set(ids)]}::int[])`,
  );
  return new Map(found.map((r) => [r.id, r.origin]));
}

// ---- members ----

export interface ExistingMember {
  id: number;
  origin: 'local' | 'legacy';
  email: string;
  /** His account's fields changed here (migration 039): the import leaves them as they are. */
  changed_here: string[];
}

export async function existingMembers(tx: Db, ids: readonly number[]): Promise<ExistingMember[]> {
  return tx.query<ExistingMember>(sql`SELECT id, origin, email, changed_here FROM users WHERE id = ANY(${ids}::int[]) FOR UPDATE`);
}

/** Members of another id holding one of these addresses on its site. */
export async function addressHolders(
  tx: Db,
  wanted: readonly { id: number; site_id: number; email: string }[],
): Promise<{ wanted_id: number; id: number; origin: string }[]> {
  if (wanted.length === 0) return [];
  return tx.query(sql`SELECT w.id AS wanted_id, u.id, u.origin
     FROM jsonb_to_recordset(${rows(wanted)}::jsonb) AS w(id int, site_id int, email text)
     JOIN users u ON u.site_id = w.site_id AND lower(u.email) = lower(w.email) AND u.id <> w.id`);
}

export interface UserRow {
  id: number;
  site_id: number;
  email: string;
  status: string;
  language: string;
  signup_date: string;
  last_active_at: string;
  deleted_at: string | null;
  paid_user: boolean;
  mail_off: string[];
}

const USER_COLUMNS = sql`r(id int, site_id int, email text, status text, language text, signup_date timestamptz,
  last_active_at timestamptz, deleted_at timestamptz, paid_user boolean, mail_off jsonb)`;

/** New members from the PHP service: their PHP id is their id, no password until their first login here. */
export async function insertUsers(tx: Db, users: readonly UserRow[]): Promise<void> {
  if (users.length === 0) return;
  await tx.query(sql`INSERT INTO users (id, site_id, email, password_hash, status, language, signup_date, last_active_at,
       deleted_at, paid_user, mail_off, origin, legacy_synced_at)
     OVERRIDING SYSTEM VALUE
     SELECT r.id, r.site_id, r.email, '', r.status, r.language, r.signup_date, r.last_active_at, r.deleted_at, r.paid_user,
       ARRAY(SELECT jsonb_array_elements_text(r.mail_off)), 'legacy', now()
     FROM jsonb_to_recordset(${rows(users)}::jsonb) AS ${USER_COLUMNS}`);
}

/**
 * `column` gets the PHP service's value unless the field was changed here (it is in the row's `changed_here`, kept by
 * the triggers of migration 039): then it keeps its own. `field` is the name the triggers list it by.
 */
function unlessChangedHere(table: string, column: string, from: string, field = column): Sql {
  return sql`${raw(column)} = CASE WHEN ${field}::text = ANY(${raw(table)}.changed_here) THEN ${raw(table)}.${raw(column)}
    ELSE ${raw(from)}.${raw(column)} END`;
}

/**
 * Members already here from the PHP service (learnt on first sight, or imported before): what the PHP service knows
 * is written over, what he did here is kept — his password, balance, role and sessions, a later last activity,
 * premium status bought here, and the fields he changed here (his address, language and status; the time of his
 * deletion goes with his status).
 */
export async function updateUsers(tx: Db, users: readonly UserRow[]): Promise<void> {
  if (users.length === 0) return;
  await tx.query(sql`UPDATE users u SET site_id = r.site_id, ${unlessChangedHere('u', 'email', 'r')}, ${unlessChangedHere('u', 'status', 'r')},
       ${unlessChangedHere('u', 'language', 'r')}, ${unlessChangedHere('u', 'deleted_at', 'r', 'status')},
       signup_date = r.signup_date, last_active_at = greatest(u.last_active_at, r.last_active_at),
       paid_user = u.paid_user OR r.paid_user, mail_off = ARRAY(SELECT jsonb_array_elements_text(r.mail_off)),
       legacy_synced_at = now(), updated_at = now()
     FROM jsonb_to_recordset(${rows(users)}::jsonb) AS ${USER_COLUMNS}
     WHERE u.id = r.id AND u.origin = 'legacy'`);
}

export interface ProfileRow {
  user_id: number;
  name: string;
  status: string;
  country: string | null;
  region_id: number | null;
  birth_date: string | null;
  about: string;
  gender: string | null;
  sexuality: string | null;
  relationship_status: string | null;
  hair_colour: string | null;
  eye_colour: string | null;
  body_type: string | null;
  tattoos: boolean | null;
  looking_for: string[];
  position: string | null;
  tribes: string[];
  height_cm: number | null;
  weight_kg: number | null;
  pronouns: string | null;
  invisible: boolean;
  fictional: boolean;
  lat: number | null;
  lon: number | null;
  interests: number[];
}

const PROFILE_COLUMNS = sql`r(user_id int, name text, status text, country text, region_id int, birth_date date, about text,
  gender text, sexuality text, relationship_status text, hair_colour text, eye_colour text, body_type text, tattoos boolean,
  looking_for text[], position text, tribes text[], height_cm smallint, weight_kg smallint, pronouns text,
  invisible boolean, fictional boolean, lat double precision, lon double precision)`;

/** The profile columns the triggers of migration 039 mark when they are changed here. */
const PROFILE_FIELDS_MARKED = [
  'name',
  'status',
  'country',
  'region_id',
  'birth_date',
  'about',
  'gender',
  'sexuality',
  'relationship_status',
  'hair_colour',
  'eye_colour',
  'body_type',
  'tattoos',
  'looking_for',
  'position',
  'tribes',
  'height_cm',
  'weight_kg',
  'pronouns',
  'invisible',
  'lat',
  'lon',
] as const;

/**
 * Inserts the profiles, or writes over the fields of each that were not changed here (`changed_here`); `fictional`
 * is the PHP service's alone. Their interests are replaced unless `interests` is marked as changed here.
 */
export async function upsertProfiles(tx: Db, profiles: readonly ProfileRow[]): Promise<void> {
  if (profiles.length === 0) return;
  await tx.query(sql`INSERT INTO profiles (user_id, name, status, country, region_id, birth_date, about, gender, sexuality,
       relationship_status, hair_colour, eye_colour, body_type, tattoos, looking_for, position, tribes, height_cm, weight_kg,
       pronouns, invisible, fictional, lat, lon)
     SELECT r.user_id, r.name, r.status, r.country, r.region_id, r.birth_date, r.about, r.gender, r.sexuality,
       r.relationship_status, r.hair_colour, r.eye_colour, r.body_type, r.tattoos, coalesce(r.looking_for, '{}'), r.position,
       coalesce(r.tribes, '{}'), r.height_cm, r.weight_kg, r.pronouns, r.invisible, r.fictional, r.lat, r.lon
     FROM jsonb_to_recordset(${rows(profiles)}::jsonb) AS ${PROFILE_COLUMNS}
     ON CONFLICT (user_id) DO UPDATE SET ${join(
       PROFILE_FIELDS_MARKED.map((column) => unlessChangedHere('profiles', column, 'EXCLUDED')),
       ', ',
     )}, fictional = EXCLUDED.fictional, updated_at = now()`);
  const ids = profiles.map((p) => p.user_id);
  const pairs = profiles.flatMap((p) => p.interests.map((interest_id) => ({ user_id: p.user_id, interest_id })));
  const refreshed = await tx.query<{ user_id: number }>(sql`SELECT user_id FROM profiles
     WHERE user_id = ANY(${ids}::int[]) AND NOT ('interests' = ANY(changed_here))`);
  const own = new Set(refreshed.map((r) => r.user_id));
  await tx.query(sql`DELETE FROM profile_interests WHERE user_id = ANY(${[...own]}::int[])`);
  const wanted = pairs.filter((p) => own.has(p.user_id));
  if (wanted.length > 0)
    await tx.query(sql`INSERT INTO profile_interests (user_id, interest_id)
       SELECT r.user_id, r.interest_id FROM jsonb_to_recordset(${rows(wanted)}::jsonb) AS r(user_id int, interest_id int)`);
}

/**
 * Moves the members' id sequence past the highest id up to the ceiling of PHP member ids, so a signup here never takes
 * a PHP member's id. An id above the ceiling (the import refuses one; an older run may have let one in) never moves
 * it: the ids above the ceiling are the signups' own.
 */
export async function moveMemberIdsPastImported(db: Db): Promise<number> {
  const [row] = await db.query<{ next: string }>(sql`SELECT setval(pg_get_serial_sequence('users', 'id'),
       greatest((SELECT coalesce(max(id), 1) FROM users WHERE id <= ${MAX_LEGACY_MEMBER_ID}), (SELECT last_value FROM users_id_seq))) + 1 AS next`);
  return Number(row?.next ?? 1);
}

// ---- photos ----

export async function photoKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const found = await db.query<{ legacy_key: string }>(sql`SELECT legacy_key FROM photos WHERE legacy_key = ANY(${keys}::text[])`);
  return new Set(found.map((r) => r.legacy_key));
}

export interface PhotoRow {
  key: string;
  user_id: number;
  status: string;
  main: boolean;
  position: number;
  created_at: string;
  /** Present for a photo seen for the first time (its files were just stored). */
  files?: { filename: string; thumb: string; blurred: string };
}

/** New photos are inserted with their files; known ones get the PHP service's status and order again. */
export async function upsertPhotos(tx: Db, photos: readonly PhotoRow[]): Promise<void> {
  const flat = photos.map((p) => ({
    ...p,
    filename: p.files?.filename ?? '',
    thumb: p.files?.thumb ?? '',
    blurred: p.files?.blurred ?? '',
  }));
  await tx.query(sql`INSERT INTO photos (user_id, filename, thumb_filename, blurred_filename, status, is_main, position,
       created_at, legacy_key)
     SELECT r.user_id, r.filename, r.thumb, r.blurred, r.status, false, r.position, r.created_at, r.key
     FROM jsonb_to_recordset(${rows(flat.filter((p) => p.files))}::jsonb)
       AS r(key text, user_id int, filename text, thumb text, blurred text, status text, position int, created_at timestamptz)
     ON CONFLICT (legacy_key) WHERE legacy_key IS NOT NULL DO NOTHING`);
  await tx.query(sql`UPDATE photos p SET status = r.status, position = r.position, updated_at = now()
     FROM jsonb_to_recordset(${rows(flat)}::jsonb) AS r(key text, status text, position int)
     WHERE p.legacy_key = r.key`);
  const mains = photos.filter((p) => p.main && p.status !== 'rejected');
  if (mains.length > 0) {
    // One main photo per member: the others' flag goes first (a unique index holds it).
    await tx.query(sql`UPDATE photos SET is_main = false, updated_at = now()
       WHERE is_main AND user_id = ANY(${mains.map((m) => m.user_id)}::int[])`);
    await tx.query(sql`UPDATE photos SET is_main = true, updated_at = now()
       WHERE legacy_key = ANY(${[...new Map(mains.map((m) => [m.user_id, m.key])).values()]}::text[])`);
  }
}

// ---- likes and blocks ----

export async function upsertLikes(
  tx: Db,
  likes: readonly { liker: number; liked: number; created_at: string; is_new: boolean; is_auto: boolean }[],
): Promise<void> {
  if (likes.length === 0) return;
  // Seen here stays seen; the first like's time stays.
  await tx.query(sql`INSERT INTO likes (liker_id, liked_id, is_new, is_auto, created_at)
     SELECT r.liker, r.liked, r.is_new, r.is_auto, r.created_at
     FROM jsonb_to_recordset(${rows(likes)}::jsonb) AS r(liker int, liked int, is_new boolean, is_auto boolean, created_at timestamptz)
     ON CONFLICT (liker_id, liked_id) DO UPDATE SET is_new = likes.is_new AND EXCLUDED.is_new,
       created_at = least(likes.created_at, EXCLUDED.created_at), updated_at = now()
     WHERE likes.is_new IS DISTINCT FROM (likes.is_new AND EXCLUDED.is_new) OR likes.created_at > EXCLUDED.created_at`);
}

export async function insertBlocks(tx: Db, blocks: readonly { blocker: number; blocked: number; created_at: string }[]): Promise<void> {
  if (blocks.length === 0) return;
  await tx.query(sql`INSERT INTO blocks (blocker_id, blocked_id, created_at)
     SELECT r.blocker, r.blocked, r.created_at
     FROM jsonb_to_recordset(${rows(blocks)}::jsonb) AS r(blocker int, blocked int, created_at timestamptz)
     ON CONFLICT (blocker_id, blocked_id) DO NOTHING`);
}

// ---- conversations and messages ----

export interface ConversationMatch {
  key: string;
  id: number;
  legacy_key: string | null;
}

/** The conversations these records name: by their key, else the one the two members already have here. */
export async function findConversations(tx: Db, wanted: readonly { key: string; a: number; b: number }[]): Promise<ConversationMatch[]> {
  if (wanted.length === 0) return [];
  return tx.query<ConversationMatch>(sql`SELECT w.key, c.id, c.legacy_key
     FROM jsonb_to_recordset(${rows(wanted)}::jsonb) AS w(key text, a int, b int)
     CROSS JOIN LATERAL (
       SELECT c.id, c.legacy_key FROM conversations c WHERE c.legacy_key = w.key
       UNION ALL
       SELECT c.id, c.legacy_key FROM conversation_members ma
         JOIN conversation_members mb ON mb.conversation_id = ma.conversation_id AND mb.user_id = w.b
         JOIN conversations c ON c.id = ma.conversation_id
       WHERE ma.user_id = w.a
       LIMIT 1) c`);
}

/** A conversation the two members already had here becomes the PHP one: it takes its key. */
export async function adoptConversations(tx: Db, adopted: readonly { id: number; key: string }[]): Promise<void> {
  if (adopted.length === 0) return;
  await tx.query(sql`UPDATE conversations c SET legacy_key = r.key, updated_at = now()
     FROM jsonb_to_recordset(${rows(adopted)}::jsonb) AS r(id int, key text) WHERE c.id = r.id AND c.legacy_key IS NULL`);
}

export async function insertConversations(
  tx: Db,
  conversations: readonly { key: string; a: number; b: number; started_by: number | null; created_at: string }[],
): Promise<void> {
  if (conversations.length === 0) return;
  await tx.query(sql`WITH r AS (
       SELECT * FROM jsonb_to_recordset(${rows(conversations)}::jsonb)
         AS r(key text, a int, b int, started_by int, created_at timestamptz)),
     c AS (
       INSERT INTO conversations (site_id, started_by, created_at, legacy_key)
       SELECT u.site_id, r.started_by, r.created_at, r.key FROM r JOIN users u ON u.id = r.a
       RETURNING id, legacy_key, created_at)
     INSERT INTO conversation_members (conversation_id, user_id, created_at)
     SELECT c.id, m.user_id, c.created_at FROM c JOIN r ON r.key = c.legacy_key
       CROSS JOIN LATERAL (VALUES (r.a), (r.b)) AS m(user_id)`);
}

/** The conversations with these keys, with their two members. */
export async function conversationsByKey(tx: Db, keys: readonly string[]): Promise<{ key: string; id: number; members: number[] }[]> {
  if (keys.length === 0) return [];
  return tx.query(sql`SELECT c.legacy_key AS key, c.id, array_agg(m.user_id ORDER BY m.user_id) AS members
     FROM conversations c JOIN conversation_members m ON m.conversation_id = c.id
     WHERE c.legacy_key = ANY(${keys}::text[]) GROUP BY c.id`);
}

export interface MessageRow {
  key: string;
  conversation_id: number;
  sender_id: number;
  kind: string;
  body: string;
  gift_key: string | null;
  credits_cost: number;
  created_at: string;
}

/**
 * Messages the conversation does not have yet, in the file's order (their numbers of the chat's event sequence follow
 * it, drawn under the chat's event lock). They arrive read: the members' read markers move past them, so history
 * from the PHP service is not announced as new.
 */
export async function insertMessages(tx: Db, messages: readonly MessageRow[]): Promise<number> {
  if (messages.length === 0) return 0;
  await tx.query(sql`SELECT pg_advisory_xact_lock(${CHAT_EVENT_LOCK}::bigint)`);
  const [row] = await tx.query<{ inserted: number }>(sql`WITH ins AS (
       INSERT INTO messages (conversation_id, sender_id, kind, body, gift_key, credits_cost, created_at, legacy_key)
       SELECT r.conversation_id, r.sender_id, r.kind, r.body, r.gift_key, r.credits_cost, r.created_at, r.key
       FROM jsonb_to_recordset(${rows(messages.map((m, ord) => ({ ...m, ord })))}::jsonb)
         AS r(key text, conversation_id int, sender_id int, kind text, body text, gift_key text, credits_cost int, created_at timestamptz, ord int)
       ORDER BY r.ord
       ON CONFLICT (legacy_key) WHERE legacy_key IS NOT NULL DO NOTHING
       RETURNING conversation_id, seq, created_at),
     per AS (SELECT conversation_id, max(seq) AS seq, max(created_at) AS at, count(*) AS n FROM ins GROUP BY conversation_id),
     conv AS (
       UPDATE conversations c SET last_message_at = greatest(c.last_message_at, per.at), updated_at = now()
       FROM per WHERE c.id = per.conversation_id RETURNING c.id),
     marks AS (
       UPDATE conversation_members m SET read_seq = greatest(m.read_seq, per.seq), updated_at = now()
       FROM per WHERE m.conversation_id = per.conversation_id RETURNING m.conversation_id)
     SELECT coalesce(sum(n), 0)::int AS inserted FROM per`);
  return row?.inserted ?? 0;
}

// ---- the credit ledger ----

export async function ledgerKeys(tx: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const found = await tx.query<{ legacy_key: string }>(sql`SELECT legacy_key FROM credit_ledger WHERE legacy_key = ANY(${keys}::text[])`);
  return new Set(found.map((r) => r.legacy_key));
}

/** The members' balances, locked until the batch commits (a spend here waits for it). */
export async function lockBalances(tx: Db, ids: readonly number[]): Promise<Map<number, number>> {
  const found = await tx.query<{ id: number; credits: number }>(
    sql`SELECT id, credits FROM users WHERE id = ANY(${ids}::int[]) ORDER BY id FOR UPDATE`,
  );
  return new Map(found.map((r) => [r.id, r.credits]));
}

export interface LotRow {
  id: string;
  user_id: number;
  kind: 'free' | 'promo' | 'paid';
  remaining: number;
  bought_at: string;
}

/** The members' lots with credits left, in the order spending takes them (free, promo, paid; oldest first). */
export async function spendableLots(tx: Db, ids: readonly number[]): Promise<LotRow[]> {
  return tx.query<LotRow>(sql`SELECT id::text, user_id, kind, remaining, bought_at FROM credit_lots
     WHERE user_id = ANY(${ids}::int[]) AND remaining > 0
     ORDER BY user_id, CASE kind WHEN 'free' THEN 0 WHEN 'promo' THEN 1 ELSE 2 END, bought_at, id FOR UPDATE`);
}

export interface NewLot {
  key: string;
  user_id: number;
  kind: 'free' | 'promo' | 'paid';
  credits: number;
  remaining: number;
  amount_minor: number;
  currency: string | null;
  bought_at: string;
}

export interface NewLedgerRow {
  key: string;
  user_id: number;
  delta: number;
  reason: string;
  balance_after: number;
  lot_key: string | null;
  ref: string | null;
  created_at: string;
}

/** Writes a batch of the ledger: the new lots, what it took from lots, its rows and the balances, together. */
export async function writeLedger(
  tx: Db,
  batch: {
    lots: readonly NewLot[];
    taken: readonly { id: string; remaining: number }[];
    entries: readonly NewLedgerRow[];
    balances: readonly { id: number; credits: number }[];
  },
): Promise<void> {
  if (batch.lots.length > 0)
    await tx.query(sql`INSERT INTO credit_lots (user_id, kind, credits, remaining, amount_minor, currency, bought_at, legacy_key)
       SELECT r.user_id, r.kind, r.credits, r.remaining, r.amount_minor, r.currency, r.bought_at, r.key
       FROM jsonb_to_recordset(${rows(batch.lots)}::jsonb)
         AS r(key text, user_id int, kind text, credits int, remaining int, amount_minor int, currency text, bought_at timestamptz)`);
  if (batch.taken.length > 0)
    await tx.query(sql`UPDATE credit_lots l SET remaining = r.remaining, updated_at = now()
       FROM jsonb_to_recordset(${rows(batch.taken)}::jsonb) AS r(id bigint, remaining int) WHERE l.id = r.id`);
  if (batch.entries.length > 0)
    await tx.query(sql`INSERT INTO credit_ledger (user_id, delta, reason, balance_after, lot_id, ref, created_at, legacy_key)
       SELECT r.user_id, r.delta, r.reason, r.balance_after, l.id, r.ref, r.created_at, r.key
       FROM jsonb_to_recordset(${rows(batch.entries)}::jsonb)
         AS r(key text, user_id int, delta int, reason text, balance_after int, lot_key text, ref text, created_at timestamptz)
       LEFT JOIN credit_lots l ON l.legacy_key = r.lot_key`);
  if (batch.balances.length > 0)
    await tx.query(sql`UPDATE users u SET credits = r.credits
       FROM jsonb_to_recordset(${rows(batch.balances)}::jsonb) AS r(id int, credits int) WHERE u.id = r.id`);
}
