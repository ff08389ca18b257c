import { empty, join, raw, sql, statement, type Db, type Query, type Sql } from '../../lib/db';
import type { Schemas } from '../../lib/api-types';
import { bandCells, notBlocked } from '../privacy/index';

/** A member is online (the card's dot, the search's `online` filter) while his last activity is this recent. */
const ONLINE_MINUTES = 15;
/** A member is new (the search's `new` filter) for this many days after he signed up. */
const NEW_MEMBER_DAYS = 30;

/** Columns every profile summary needs; `u` = users, `p` = profiles, `ph` = main photo, `r` = region. */
export const SUMMARY_COLUMNS = raw(`
  u.id, p.name, p.country, r.name AS region,
  CASE WHEN p.birth_date IS NULL THEN NULL ELSE date_part('year', age(p.birth_date))::int END AS age,
  (u.last_active_at > now() - interval '${ONLINE_MINUTES} minutes' AND NOT p.invisible) AS online,
  u.paid_user AS premium, p.fictional, (ph.verified_by IS NOT NULL) AS verified,
  ph.id AS photo_id, ph.filename AS photo_filename, ph.thumb_filename AS photo_thumb, ph.status AS photo_status,
  p.lat AS loc_lat, p.lon AS loc_lon, p.looking_for, p.position, p.height_cm`);

/** Joins for SUMMARY_COLUMNS, starting from `users u`. */
export const SUMMARY_JOINS = raw(`
  JOIN profiles p ON p.user_id = u.id
  LEFT JOIN regions r ON r.id = p.region_id
  LEFT JOIN photos ph ON ph.user_id = u.id AND ph.is_main AND ph.status = 'approved'`);

/** Who other members may see: active, not deleted, profile enabled. */
export const VISIBLE = raw(`u.status = 'active' AND u.deleted_at IS NULL AND p.status = 'active'
  AND (u.suspended_until IS NULL OR u.suspended_until <= now())`);

export interface SummaryRow {
  id: number;
  name: string;
  country: string | null;
  region: string | null;
  age: number | null;
  online: boolean;
  premium: boolean;
  fictional: boolean;
  /** Verified: his approved main photo is one a moderator matched with his selfie (photos.verified_by). */
  verified: boolean;
  photo_id: number | null;
  photo_filename: string | null;
  photo_thumb: string | null;
  photo_status: 'approved' | 'pending' | 'rejected' | null;
  /** Snapped position (grid cell centre); only ever used to compute a distance band, never sent. */
  loc_lat: number | null;
  loc_lon: number | null;
  /** Whether the viewer likes this member (read only when there is a viewer; no likes list for the hearts). */
  liked?: boolean | null;
  /** The brief of his own words a card shows: what he is looking for, his position, his height (profiles, 044). */
  looking_for: LookingFor[];
  position: Position | null;
  height_cm: number | null;
}

/**
 * `liked` of the viewer (his id, bound as a parameter) for the row `u`: one probe of the likes' (liker_id, liked_id)
 * unique index. It says only what the viewer did himself, nothing about other members' likes.
 */
const likedByViewer = (viewer: number | null) =>
  sql`EXISTS (SELECT 1 FROM likes lk WHERE lk.liker_id = ${viewer}::int AND lk.liked_id = u.id)`;

export interface MemberCursor {
  ts: string;
  id: number;
  /** Distance band rank of the last row, when the page is sorted by distance. */
  band?: number;
}

/** "Nearby" is the distance bands under 50 km (lt5, 5to10, 10to25, 25to50): ranks 0–3 of BAND_RANKS. */
const NEARBY_MAX_BAND = 3;
/** The rank of members beyond the bands' cells (gt100), and of members without a position. */
const FAR_BAND = 5;
const UNKNOWN_BAND = 6;

/**
 * Members within 50 km of `near` (the viewer's snapped position): their cell is one of the cells of bands 0–3 around
 * it (privacy/geo.ts, the very bands of the cards), read from profiles_search_cell.
 */
function nearbyWhere(near: { lat: number; lon: number }, maxBand = NEARBY_MAX_BAND): Sql {
  const cells = bandCells(near)
    .slice(0, maxBand + 1)
    .flat();
  return sql`p.cell = ANY(${cells}::int[])`;
}

export interface MemberFilters {
  siteId: number;
  viewerId: number | null;
  country: string | null;
  gender: 'male' | 'female' | null;
  regionId: number | null;
  minAge: number | null;
  maxAge: number | null;
  /** Online now: active in the last ONLINE_MINUTES (the card's dot; invisible members are never listed anyway). */
  online?: boolean;
  /** With an approved main photo. */
  withPhoto?: boolean;
  /** Signed up in the last NEW_MEMBER_DAYS. */
  newMembers?: boolean;
  /** Verified: the approved main photo is one a moderator matched with the member's selfie. */
  verified?: boolean;
  /** Within 50 km of this position (the viewer's snapped one): the distance bands under 5 km to 25–50 km. */
  nearby?: { lat: number; lon: number } | null;
  /**
   * With `nearby`: the farthest distance band (rank of BAND_RANKS, 0 lt5 … 4 50to100) instead of 25–50 km — the
   * search's `max_distance`. The cells of the bands, never a finer distance.
   */
  maxBand?: number | undefined;
  /** Any of these in the member's `looking_for` (array overlap). */
  lookingFor?: readonly string[] | undefined;
  /** His position is any of these. */
  position?: readonly string[] | undefined;
  /** Any of these in his `tribes` (array overlap). */
  tribes?: readonly string[] | undefined;
  /** Height range in centimetres (members without a height are left out when either is set). */
  minHeight?: number | null | undefined;
  maxHeight?: number | null | undefined;
  /** Online now and looking for `right_now`. */
  rightNow?: boolean | undefined;
  /** Leave these members out (the results already shown when listing similar ones). */
  excludeIds?: number[];
}

/**
 * WHERE clause of a search, built from the filters that are set only, so the planner can pick the index that fits
 * (profiles_search_country / _region / _recent: site, filter, last activity, id; users_signup for new members).
 */
function searchWhere(f: MemberFilters): Sql {
  const where = [
    sql`p.site_id = ${f.siteId}`,
    sql`p.status = 'active'`,
    sql`NOT p.invisible`,
    // The account is active and not deleted (users.status, users.deleted_at, copied by triggers; 015_search_statistics.sql).
    sql`p.listed`,
    // Not restricted, suspended or banned (the safety component keeps hidden_until).
    sql`(p.hidden_until IS NULL OR p.hidden_until <= now())`,
  ];
  if (f.viewerId !== null) {
    const viewer = f.viewerId;
    // Blocks either way (privacy/repository.ts notBlocked), as one uncorrelated set the planner hashes once per
    // search instead of probing blocks for every candidate row (the capped count reads up to 1,001 of them).
    where.push(
      sql`p.user_id <> ${viewer}`,
      sql`p.user_id NOT IN (SELECT bl.blocked_id FROM blocks bl WHERE bl.blocker_id = ${viewer}::int
                         UNION ALL SELECT bl.blocker_id FROM blocks bl WHERE bl.blocked_id = ${viewer}::int)`,
    );
  }
  if (f.country) where.push(sql`p.country = ${f.country}`);
  if (f.gender) where.push(sql`p.gender = ${f.gender}`);
  if (f.regionId) where.push(sql`p.region_id = ${f.regionId}`);
  if (f.minAge) where.push(sql`p.birth_date <= (current_date - ${f.minAge}::int * interval '1 year')::date`);
  if (f.maxAge) where.push(sql`p.birth_date > (current_date - (${f.maxAge}::int + 1) * interval '1 year')::date`);
  // A range on the search indexes' own activity column: the scan of (site[, country|region], last activity) stops
  // at the first member who is not online.
  if (f.online) where.push(sql`p.last_active_at > now() - ${ONLINE_MINUTES}::int * interval '1 minute'`);
  // One probe of the main photo's unique index (photos_one_main) per candidate row.
  if (f.withPhoto) where.push(sql`EXISTS (SELECT 1 FROM photos ph WHERE ph.user_id = p.user_id AND ph.is_main AND ph.status = 'approved')`);
  // Verified: the same probe of the main photo, which an approval marked as matched (035_verification.sql).
  if (f.verified)
    where.push(
      sql`EXISTS (SELECT 1 FROM photos ph WHERE ph.user_id = p.user_id AND ph.is_main AND ph.status = 'approved' AND ph.verified_by IS NOT NULL)`,
    );
  // The signup date copied into profiles (033_search_quick_filters.sql): profiles_search_new when new members are few.
  if (f.newMembers) where.push(sql`p.signup_date > now() - ${NEW_MEMBER_DAYS}::int * interval '1 day'`);
  if (f.nearby) where.push(nearbyWhere(f.nearby, f.maxBand));
  // The profile's own words (044_profile_vocabulary.sql): array overlap (`&&`) for "any of", which the GIN index
  // profiles_search_words answers when the choice is rare (049_search_profile_words.sql, docs/benchmarks.md "Search
  // filters"); a common one stays a check on the rows the search's own index reads in activity order.
  if (f.lookingFor?.length) where.push(sql`p.looking_for && ${f.lookingFor}::text[]`);
  if (f.position?.length) where.push(sql`p.position = ANY(${f.position}::text[])`);
  if (f.tribes?.length) where.push(sql`p.tribes && ${f.tribes}::text[]`);
  if (f.minHeight) where.push(sql`p.height_cm >= ${f.minHeight}::int`);
  if (f.maxHeight) where.push(sql`p.height_cm <= ${f.maxHeight}::int`);
  // Right now: online now (the same range as `online`) and looking for a meeting today.
  if (f.rightNow)
    where.push(
      sql`p.last_active_at > now() - ${ONLINE_MINUTES}::int * interval '1 minute'`,
      sql`p.looking_for @> ARRAY['right_now']::text[]`,
    );
  if (f.excludeIds && f.excludeIds.length > 0) where.push(sql`p.user_id <> ALL(${f.excludeIds}::int[])`);
  return join(where, ' AND ');
}

/**
 * The columns of a page of results, joined to the few rows a search picked (`picked`, a subquery over profiles
 * alone that already holds the page's order and LIMIT): users, regions and photos are read for those rows only,
 * never for every match.
 */
function pageOf(picked: Sql, order: Sql, extra: Sql = empty): Sql {
  return sql`SELECT ${SUMMARY_COLUMNS}, p.last_active_at::text AS cursor_ts${extra}
     FROM (${picked}) p
     JOIN users u ON u.id = p.user_id
     LEFT JOIN regions r ON r.id = p.region_id
     LEFT JOIN photos ph ON ph.user_id = p.user_id AND ph.is_main AND ph.status = 'approved'
     ORDER BY ${order}`;
}

/** The newest-activity page of a search (keyset after `after`), `liked` of the viewer when there is one. */
function newestPage(f: MemberFilters, after: MemberCursor | null, limit: number): Sql {
  let where = searchWhere(f);
  if (after) where = sql`${where} AND (p.last_active_at, p.user_id) < (${after.ts}::timestamptz, ${after.id}::int)`;
  const picked = sql`SELECT p.* FROM profiles p WHERE ${where}
     ORDER BY p.last_active_at DESC, p.user_id DESC
     LIMIT ${limit}`;
  const liked = f.viewerId !== null ? sql`, ${likedByViewer(f.viewerId)} AS liked` : empty;
  return pageOf(picked, sql`p.last_active_at DESC, p.user_id DESC`, liked);
}

/** The search asks for the profile's own words, which the GIN index profiles_search_words can answer (049). */
const wordsAsked = (f: MemberFilters) => Boolean(f.lookingFor?.length || f.tribes?.length || f.rightNow);

/** The search without the profile's own words (right now keeps its "online now"): what a count without their bitmap reads. */
const withoutWords = (f: MemberFilters): MemberFilters => ({
  ...f,
  lookingFor: undefined,
  tribes: undefined,
  rightNow: false,
  online: f.online || f.rightNow,
});

/** The capped count: the first `cap + 1` matches, read the way the planner chooses. */
function countOf(f: MemberFilters, cap: number): Sql {
  return sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM profiles p WHERE ${searchWhere(f)} LIMIT ${cap + 1}) matching`;
}

/** No filter but the site and the viewer's blocks: the member list as it opens. */
const UNFILTERED = { country: null, gender: null, regionId: null, minAge: null, maxAge: null } as const;
const unfiltered = (f: MemberFilters) =>
  !f.country &&
  !f.gender &&
  !f.regionId &&
  !f.minAge &&
  !f.maxAge &&
  !f.online &&
  !f.withPhoto &&
  !f.newMembers &&
  !f.verified &&
  !f.nearby &&
  !f.lookingFor?.length &&
  !f.position?.length &&
  !f.tribes?.length &&
  !f.minHeight &&
  !f.maxHeight &&
  !f.rightNow &&
  !f.excludeIds?.length;

/**
 * The member list as it opens — its first page and its count, for a member and for a visitor — is most of the
 * searches: prepared once (statement()), so PostgreSQL (and PGlite) plan them once per connection instead of per page.
 */
const firstPageForMember = statement('members_first_page_member', (siteId: number, viewerId: number, limit: number) =>
  newestPage({ ...UNFILTERED, siteId, viewerId }, null, limit),
);
const firstPageForVisitor = statement('members_first_page_visitor', (siteId: number, limit: number) =>
  newestPage({ ...UNFILTERED, siteId, viewerId: null }, null, limit),
);
const countForMember = statement('members_count_member', (siteId: number, viewerId: number, cap: number) =>
  countOf({ ...UNFILTERED, siteId, viewerId }, cap),
);
const countForVisitor = statement('members_count_visitor', (siteId: number, cap: number) =>
  countOf({ ...UNFILTERED, siteId, viewerId: null }, cap),
);

type SearchRow = SummaryRow & { cursor_ts: string; band_rank?: number };

/**
 * A search by the profile's own words (the lists of profiles_search_words, 049) that the planner expects to match at
 * most this many members of the site is "rare": its page by distance reads them all through that GIN index at once
 * (rareNearestFirst) instead of band by band and cell by cell. At 100,000 members "leather or sober, and right now"
 * matches some 1,500 (the planner says 1,479): cell by cell, a band of 92 cells read all its 5,600 members for 88
 * matches (6,100 buffers), the page three statements and 7 ms; all 1,500 at once are 1,200 buffers, one statement and
 * 4 ms with the estimate (docs/benchmarks.md, "Search filters"). The same choice matches 150,000 of ten million, some
 * 90 in each cell, which the cells' own index finds sooner: so the rule is the matches, not the words.
 */
const RARE_MATCHES = 3000;

/**
 * The planner's estimates for a search by the profile's own words (nothing is read): how many members it matches,
 * and how many the same search matches without the words — the members a read in the search index's order walks
 * through, checking each for the words. Null when no words are asked.
 */
export interface WordsEstimate {
  matches: number;
  withoutWords: number;
}

type PlanNode = { 'Plan Rows': number; 'Parent Relationship'?: string; Plans?: PlanNode[] };

export async function wordsEstimate(db: Db, q: MemberFilters): Promise<WordsEstimate | null> {
  if (!wordsAsked(q)) return null;
  // Without the viewer's blocks, which are few, but which the planner guesses keep half of any search (NOT IN).
  const all = { ...q, viewerId: null };
  // One EXPLAIN for both: the two searches as the members of one Append.
  const [row] = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM profiles p WHERE ${searchWhere(all)}
        UNION ALL SELECT 1 FROM profiles p WHERE ${searchWhere(withoutWords(all))}`,
  );
  const [words, without] = (row?.['QUERY PLAN'][0]?.Plan.Plans ?? []).filter((n) => n['Parent Relationship'] === 'Member');
  return { matches: words?.['Plan Rows'] ?? Infinity, withoutWords: without?.['Plan Rows'] ?? Infinity };
}

/** Whether a page by distance takes the rare words' way: words are asked and the planner expects few matches. */
const rareWords = (estimate: WordsEstimate | null) => estimate !== null && estimate.matches <= RARE_MATCHES;

/**
 * Whether the capped count of a search by words must not take the GIN index's bitmap. The bitmap holds every match (M)
 * before it counts the first; without it the count reads members (in the table's order, or an index's) until `cap + 1`
 * matched, about (cap + 1) · N / M of the N members the search matches without its words. When M is the larger of the
 * two, the bitmap is the longer way: at ten million members "leather + sober, right now" has 146,539 matches, whose
 * bitmap took 142 ms where the table read in its order until 1,001 matched (66,000 rows) takes 38 ms. The planner
 * does not tell them apart itself: without GIN's pending list (052) the bitmap's estimated cost is that of the read,
 * and the two plans changed places between two fills of the same ten million (docs/benchmarks.md, "ten million
 * again"). Rare words (few matches) keep the bitmap, which then reads only them.
 */
export function countWithoutBitmap(estimate: WordsEstimate | null, cap: number): boolean {
  return estimate !== null && estimate.matches * estimate.matches > (cap + 1) * estimate.withoutWords;
}

/**
 * A page sorted by distance: nearest band first, newest activity within a band, keyset-paged on (band, activity, id).
 * Band by band from the cursor's, until the page is full: a band under 100 km is its cells (privacy/geo.ts), each read
 * newest first from profiles_search_cell for at most the rows the page still needs, so a page costs the same at ten
 * million members as at a thousand; beyond them the members further away (gt100), then those without a position.
 * With rare words (rareWords) the same page in one statement: rareNearestFirst. `rare` says which way (the tests
 * compare the two); without it, rareWords decides.
 */
async function nearestFirst(
  db: Db,
  q: MemberFilters & {
    limit: number;
    after: MemberCursor | null;
    near: { lat: number; lon: number };
    rare?: boolean | undefined;
    estimate?: WordsEstimate | null | undefined;
  },
): Promise<SearchRow[]> {
  if (q.rare ?? rareWords(q.estimate === undefined ? await wordsEstimate(db, q) : q.estimate))
    return db.query<SearchRow>(rareNearestFirst(q));
  // "Nearby" is bands 0–3, which the loop reads cell by cell: as a condition too, its list of cells would keep
  // PostgreSQL from reading each cell in index order.
  const where = searchWhere({ ...q, nearby: null });
  const bands = bandCells(q.near);
  const order = sql`p.last_active_at DESC, p.user_id DESC`;
  const liked = q.viewerId !== null ? sql`, ${likedByViewer(q.viewerId)} AS liked` : empty;
  const rows: SearchRow[] = [];
  // With "nearby" only the bands under 50 km can hold anyone (with `max_distance`, those up to its band).
  const lastBand = q.nearby ? (q.maxBand ?? NEARBY_MAX_BAND) : UNKNOWN_BAND;
  for (let band = q.after?.band ?? 0; band <= lastBand && rows.length < q.limit; band++) {
    const n = q.limit - rows.length;
    const keyset =
      q.after && band === q.after.band ? sql`AND (p.last_active_at, p.user_id) < (${q.after.ts}::timestamptz, ${q.after.id}::int)` : empty;
    let picked: Sql;
    if (band < FAR_BAND) {
      const cells = bands[band] ?? [];
      if (cells.length === 0) continue;
      picked = sql`SELECT x.* FROM unnest(${cells}::int[]) AS c(cell)
         CROSS JOIN LATERAL (SELECT p.* FROM profiles p WHERE ${where} AND p.cell = c.cell ${keyset} ORDER BY ${order} LIMIT ${n}) x
         ORDER BY x.last_active_at DESC, x.user_id DESC LIMIT ${n}`;
    } else {
      const position = band === FAR_BAND ? sql`p.cell IS NOT NULL AND p.cell <> ALL(${bands.flat()}::int[])` : sql`p.cell IS NULL`;
      picked = sql`SELECT p.* FROM profiles p WHERE ${where} AND ${position} ${keyset} ORDER BY ${order} LIMIT ${n}`;
    }
    rows.push(...(await db.query<SearchRow>(pageOf(picked, order, sql`, ${band}::int AS band_rank${liked}`))));
  }
  return rows;
}

/**
 * The page of nearestFirst for rare words, in one statement: every match of the search (through the GIN index of
 * 049, which holds few of them) with its band — the band whose cells hold his cell, gt100 beyond them, unknown without
 * a position — sorted by band and activity. The same members in the same order as band by band (a test compares them).
 */
function rareNearestFirst(q: MemberFilters & { limit: number; after: MemberCursor | null; near: { lat: number; lon: number } }): Sql {
  const bands = bandCells(q.near);
  const rank = sql`CASE ${join(
    bands.map((cells, band) => sql`WHEN p.cell = ANY(${cells}::int[]) THEN ${band}::int`),
    ' ',
  )} WHEN p.cell IS NULL THEN ${UNKNOWN_BAND}::int ELSE ${FAR_BAND}::int END`;
  // With "nearby" (and `max_distance`) searchWhere keeps the cells of the bands up to its last one.
  const keyset = q.after
    ? sql`WHERE x.band_rank > ${q.after.band ?? 0}::int OR (x.band_rank = ${q.after.band ?? 0}::int
         AND (x.last_active_at, x.user_id) < (${q.after.ts}::timestamptz, ${q.after.id}::int))`
    : empty;
  const picked = sql`SELECT x.* FROM (SELECT p.*, ${rank} AS band_rank FROM profiles p WHERE ${searchWhere(q)}) x ${keyset}
     ORDER BY x.band_rank, x.last_active_at DESC, x.user_id DESC LIMIT ${q.limit}`;
  const liked = q.viewerId !== null ? sql`, ${likedByViewer(q.viewerId)} AS liked` : empty;
  return pageOf(picked, sql`p.band_rank, p.last_active_at DESC, p.user_id DESC`, sql`, p.band_rank${liked}`);
}

/**
 * One page of a search, newest activity first, keyset-paged on (last activity, id) — or, with `near` (the viewer's
 * snapped position), nearest distance band first and then newest activity, keyset-paged on (band, activity, id).
 */
export async function listMembers(
  db: Db,
  q: MemberFilters & {
    limit: number;
    after: MemberCursor | null;
    near?: { lat: number; lon: number } | null;
    rare?: boolean;
    /** The planner's estimate for the words (wordsEstimate), when the caller has it already. */
    estimate?: WordsEstimate | null;
  },
): Promise<SearchRow[]> {
  if (q.near) return nearestFirst(db, { ...q, near: q.near });
  let query: Query = newestPage(q, q.after, q.limit);
  if (!q.after && unfiltered(q))
    query = q.viewerId !== null ? firstPageForMember(q.siteId, q.viewerId, q.limit) : firstPageForVisitor(q.siteId, q.limit);
  return db.query(query);
}

/**
 * How many members match, counted up to `cap` only: the count stops at the first `cap + 1` matching rows, so a
 * search of 100,000 members costs as little as one of 1,000; a search by many members' words does so without their
 * GIN index's bitmap (countWithoutBitmap). `capped` says that there are more than `cap` (the page shows "1,000+").
 * `how.estimate`: the words' estimate when the caller has it; `how.withoutBitmap` decides (the tests compare both).
 */
export async function countMembers(
  db: Db,
  q: MemberFilters,
  cap: number,
  how: { estimate?: WordsEstimate | null; withoutBitmap?: boolean } = {},
): Promise<{ total: number; capped: boolean }> {
  const withoutBitmap =
    how.withoutBitmap ?? countWithoutBitmap(how.estimate === undefined ? await wordsEstimate(db, q) : how.estimate, cap);
  let query: Query = countOf(q, cap);
  if (unfiltered(q)) query = q.viewerId !== null ? countForMember(q.siteId, q.viewerId, cap) : countForVisitor(q.siteId, cap);
  // For this statement only (SET LOCAL ends with its transaction).
  const [row] = withoutBitmap
    ? await db.transaction(async (tx) => {
        await tx.exec('SET LOCAL enable_bitmapscan = off');
        return tx.query<{ n: number }>(query);
      })
    : await db.query<{ n: number }>(query);
  const n = row?.n ?? 0;
  return { total: Math.min(n, cap), capped: n > cap };
}

type LookingFor = Schemas['LookingFor'][number];
type Position = NonNullable<Schemas['Position']>;

/** The profile attribute columns, as read for the profile view and the profile editor. */
export interface AttributeColumns {
  gender: 'male' | 'female' | null;
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi' | null;
  relationship_status: 'divorced' | 'living_together' | 'married' | 'unmarried' | 'single' | 'widowed' | null;
  hair_colour: string | null;
  eye_colour: string | null;
  body_type: 'slim' | 'normal' | 'fat' | null;
  tattoos: boolean | null;
  signup_reason: string | null;
  /** The profile in his own words (044_profile_vocabulary.sql); empty lists and nulls when he has not said. */
  looking_for: LookingFor[];
  position: Position | null;
  tribes: Schemas['Tribes'];
  height_cm: number | null;
  weight_kg: number | null;
  pronouns: Schemas['Pronouns'];
}

export interface DetailRow extends SummaryRow, AttributeColumns {
  about: string;
  last_active_at: Date | null;
  /** The member likes the viewer (null without a viewer), and that like is still new (before this view clears it). */
  likes_me: boolean | null;
  like_new: boolean | null;
}

/**
 * A member's profile as the viewer (null: a visitor) may see it (profile.php, a profile page): prepared once, so it is
 * planned once per connection, not on every view (planning was most of its 1.3 ms on the embedded database).
 */
const profileDetail = statement('members_profile_detail', (siteId: number, id: number, viewerId: number | null) => {
  const viewer = sql`${viewerId}::int`;
  return sql`SELECT ${SUMMARY_COLUMNS}, p.about, p.gender, p.sexuality, p.relationship_status, p.hair_colour,
            p.eye_colour, p.body_type, p.tattoos, p.signup_reason, p.tribes, p.weight_kg, p.pronouns,
            CASE WHEN ${viewer} IS NULL THEN NULL ELSE ${likedByViewer(viewerId)} END AS liked,
            CASE WHEN ${viewer} IS NULL THEN NULL ELSE EXISTS (SELECT 1 FROM likes lm WHERE lm.liker_id = u.id AND lm.liked_id = ${viewer}) END AS likes_me,
            (SELECT lm.is_new FROM likes lm WHERE lm.liker_id = u.id AND lm.liked_id = ${viewer}) AS like_new,
            CASE WHEN p.invisible AND u.id IS DISTINCT FROM ${viewer} THEN NULL ELSE u.last_active_at END AS last_active_at
     FROM users u ${SUMMARY_JOINS}
     WHERE u.id = ${id} AND u.site_id = ${siteId} AND (
       (u.id = ${viewer} AND u.status <> 'deleted')
       OR (${VISIBLE} AND ${notBlocked(viewerId, raw('u.id'))}
           AND (NOT p.invisible OR EXISTS (
             SELECT 1 FROM conversation_members x JOIN conversation_members y ON y.conversation_id = x.conversation_id
             WHERE x.user_id = ${viewer} AND y.user_id = u.id AND x.deleted_at IS NULL AND y.deleted_at IS NULL))))`;
});

export async function findProfile(db: Db, siteId: number, id: number, viewerId: number | null): Promise<DetailRow | null> {
  const [row] = await db.query<DetailRow>(profileDetail(siteId, id, viewerId));
  return row ?? null;
}

export interface PhotoRow {
  id: number;
  filename: string;
  thumb_filename: string;
  status: 'approved' | 'pending' | 'rejected';
}

export interface GalleryRow extends PhotoRow {
  blurred_filename: string;
  is_main: boolean;
}

/** A profile's photos and its interests (with the profile, on every profile view): prepared once, as profileDetail. */
const photosOf = statement(
  'members_photos_of',
  (userId: number, includeUnapproved: boolean) =>
    sql`SELECT id, filename, thumb_filename, blurred_filename, status, is_main FROM photos
     WHERE user_id = ${userId} AND NOT private
       AND ((${includeUnapproved}::boolean AND status <> 'rejected') OR status = 'approved')
     ORDER BY is_main DESC, position, id`,
);
const interestKeysOf = statement(
  'members_interest_keys_of',
  (userId: number) =>
    sql`SELECT i.key FROM profile_interests pi JOIN interests i ON i.id = pi.interest_id
     WHERE pi.user_id = ${userId} ORDER BY i.key`,
);

/**
 * A member's private album as another member's profile view shows it: how many approved private photos it holds,
 * whether he shares it with the viewer, and whether the viewer shares his own with him.
 */
const privateAlbumOf = statement(
  'members_private_album_of',
  (userId: number, viewerId: number) =>
    sql`SELECT (SELECT count(*)::int FROM photos WHERE user_id = ${userId} AND private AND status = 'approved') AS count,
            EXISTS (SELECT 1 FROM album_shares WHERE owner_id = ${userId} AND viewer_id = ${viewerId}) AS shared_with_me,
            EXISTS (SELECT 1 FROM album_shares WHERE owner_id = ${viewerId} AND viewer_id = ${userId}) AS shared_by_me`,
);

export async function findPrivateAlbum(
  db: Db,
  userId: number,
  viewerId: number,
): Promise<{ count: number; shared_with_me: boolean; shared_by_me: boolean }> {
  const [row] = await db.query<{ count: number; shared_with_me: boolean; shared_by_me: boolean }>(privateAlbumOf(userId, viewerId));
  return row ?? { count: 0, shared_with_me: false, shared_by_me: false };
}

/** Public photos of a profile (never private ones): the owner gets pending ones too, everybody else approved ones only. */
export async function listPhotos(db: Db, userId: number, includeUnapproved: boolean): Promise<GalleryRow[]> {
  return db.query<GalleryRow>(photosOf(userId, includeUnapproved));
}

export async function listInterestKeys(db: Db, userId: number): Promise<string[]> {
  const rows = await db.query<{ key: string }>(interestKeysOf(userId));
  return rows.map((r) => r.key);
}

/** Opening a profile clears the new-like flag of its like to the viewer. */
export async function markLikeSeen(db: Db, likerId: number, likedId: number): Promise<void> {
  await db.query(sql`UPDATE likes SET is_new = false, updated_at = now() WHERE liker_id = ${likerId} AND liked_id = ${likedId} AND is_new`);
}
