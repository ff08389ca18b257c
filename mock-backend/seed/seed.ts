import { randomBytes } from 'node:crypto';
import {
  fakerDA,
  fakerDE,
  fakerDE_AT,
  fakerDE_CH,
  fakerEN,
  fakerEN_AU,
  fakerEN_CA,
  fakerEN_GB,
  fakerEN_IE,
  fakerEN_US,
  fakerES,
  fakerFI,
  fakerFR,
  fakerIT,
  fakerNB_NO,
  fakerNL,
  fakerNL_BE,
  fakerPL,
  fakerSV,
  type Faker,
} from '@faker-js/faker';
import { COUNTRY_LANGUAGES } from '../../src/shared/locales';
import { sql, type Db } from '../lib/db';
import type { MediaStore } from '../lib/media-store';
import { hashPassword } from '../lib/password';
import { generateAvatars, type AvatarFiles, type AvatarImages } from './avatars';
import { seedVerifications } from './verification';
import { seedGalleries } from './galleries';
import { DEMO_PLACE, placesOf, positionNear, type Place } from './places';
import { NO_WORDS, seedWords, type SeedWords } from './words';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_LOGINS = {
  free: 'free@demo.test',
  premium: 'premium@demo.test',
  moderator: 'moderator@demo.test',
  /** A second moderator: an appeal is decided by another moderator than the one who decided. */
  moderator2: 'moderator2@demo.test',
  /** Moderates too, and grants and withdraws the moderator role on /moderation/team. */
  admin: 'admin@demo.test',
} as const;

const FAKERS: Record<string, Faker> = {
  US: fakerEN_US,
  NL: fakerNL,
  BE: fakerNL_BE,
  FR: fakerFR,
  IT: fakerIT,
  ES: fakerES,
  DE: fakerDE,
  AT: fakerDE_AT,
  IE: fakerEN_IE,
  GB: fakerEN_GB,
  CA: fakerEN_CA,
  PL: fakerPL,
  AU: fakerEN_AU,
  NZ: fakerEN,
  CH: fakerDE_CH,
  DK: fakerDA,
  FI: fakerFI,
  NO: fakerNB_NO,
  SE: fakerSV,
};
/** Rough share of members per country (bigger markets get more members). */
const COUNTRY_WEIGHTS: [string, number][] = [
  ['NL', 14],
  ['DE', 12],
  ['US', 12],
  ['GB', 9],
  ['FR', 7],
  ['BE', 6],
  ['IT', 6],
  ['ES', 6],
  ['PL', 4],
  ['AT', 3],
  ['CH', 3],
  ['SE', 3],
  ['DK', 2],
  ['NO', 2],
  ['FI', 2],
  ['IE', 2],
  ['CA', 3],
  ['AU', 3],
  ['NZ', 1],
];

const ABOUT_OPENERS = [
  'Easy-going guy who loves a good laugh.',
  'Curious, honest and a bit of a romantic.',
  'Weekdays at work, weekends out exploring.',
  'New in town and keen to meet some nice men.',
  'Looking for someone to share good food and bad jokes with.',
  'Calm on the outside, adventurous on the inside.',
  'I believe in long walks, longer talks and great coffee.',
  'Not great at writing these, better in person.',
];
const ABOUT_CLOSERS = [
  'Say hi if you like what you see!',
  'Message me and let’s see where it goes.',
  'Looking for a real connection, no games.',
  'Open to dates, friendship or something more.',
  'Bonus points if you can make me laugh.',
];
const HAIR = ['black', 'brown', 'blond', 'red', 'grey', 'bald'];
const EYES = ['brown', 'blue', 'green', 'grey', 'hazel'];
const REASONS = ['relationship', 'dating', 'friendship', 'chat', 'fun'];
const RELATIONSHIP = ['single', 'single', 'single', 'unmarried', 'divorced', 'living_together', 'married', 'widowed'] as const;
const BODY = ['slim', 'normal', 'normal', 'fat'] as const;

export interface SeedOptions {
  /** Where the avatars are drawn to (DATA_DIR/media or the bucket). */
  media: MediaStore;
  /** Members of the default site (the second demo site gets a sixth of that, at least 5). */
  members?: number;
  /** Distinct avatar images reused across members. */
  avatars?: number;
  /** Faker seed for reproducible demo data. */
  randomSeed?: number;
  /**
   * Work that comes out alike for every database, kept by a process that seeds many (the tests: createSeedReuse()):
   * the avatars' pictures and the two password hashes (a hash is salted, so any hash of the password serves).
   */
  reuse?: SeedReuse;
}

export interface SeedReuse {
  avatars: Map<number, Promise<AvatarImages>>;
  hashes: Map<string, Promise<string>>;
}

export function createSeedReuse(): SeedReuse {
  return { avatars: new Map(), hashes: new Map() };
}

interface MemberSpec {
  siteId: number;
  email: string;
  passwordHash: string;
  credits: number;
  paidUser: boolean;
  language: string;
  signupDate: Date;
  lastActive: Date;
  name: string;
  country: string;
  /** His region and where he lives in it (places.ts: one source for both). */
  place: Place | null;
  lat: number | null;
  lon: number | null;
  birthDate: string;
  about: string;
  sexuality: 'gay' | 'bi';
  relationship: string;
  hair: string;
  eyes: string;
  body: string;
  tattoos: boolean;
  reason: string;
  fictional: boolean;
  invisible: boolean;
  avatar: AvatarFiles | null;
  interests: number[];
  /** Looking for, position, tribes, height, weight and pronouns (words.ts). */
  words: SeedWords;
}

function weightedCountry(f: Faker, allowed: readonly string[]): string {
  const pool = COUNTRY_WEIGHTS.filter(([c]) => allowed.includes(c));
  return f.helpers.weightedArrayElement(pool.map(([value, weight]) => ({ value, weight })));
}

/** Fills a new database with demo sites, members, photos, likes, chats and the two demo logins. */
export async function seed(db: Db, opts: SeedOptions): Promise<{ members: number }> {
  const f = fakerEN;
  const randomSeed = opts.randomSeed ?? 20250;
  f.seed(randomSeed);
  const memberCount = opts.members ?? 300;
  const hashOnce = (key: string, password: () => string): Promise<string> => {
    const hashes = opts.reuse?.hashes;
    if (!hashes) return hashPassword(password());
    let hash = hashes.get(key);
    if (!hash) hashes.set(key, (hash = hashPassword(password())));
    return hash;
  };
  const [avatars, randomHash, demoHash] = await Promise.all([
    generateAvatars(opts.media, opts.avatars ?? 24, opts.reuse?.avatars),
    hashOnce('random', () => randomBytes(24).toString('hex')),
    hashOnce('demo', () => DEMO_PASSWORD),
  ]);

  return db.transaction(async (tx) => {
    const [defaultSite] = await tx.query<{ id: number; countries: string[] }>(sql`SELECT id, countries FROM sites WHERE is_default`);
    if (!defaultSite) throw new Error('the default site is missing; run the migrations first');
    const [nlSite] = await tx.query<{ id: number; countries: string[] }>(
      sql`INSERT INTO sites (host, name, domain, domain_language, niche, cdn_prefix, countries, signups, logged_out_search,
         enable_site_entry_popup, index_title, description, support_phone, support_email, minimum_message_costs,
         fictional_icon, fictional_warning, fictional_singular, fictional_plural, visible_profile_fields,
         visible_profile_notes, search_fields, company_id, mail_name)
       SELECT 'nl.localhost', 'Mannenmatch', 'mannenmatch.example', 'nl', 7, '/media/', ARRAY['NL','BE'],
         'with_trafficsource', false, 'NL', 'Mannenmatch – daten en chatten voor mannen',
         'Ontmoet homo- en bi-mannen bij jou in de buurt. Gratis inschrijven, geen abonnement.',
         '+31 20 808 4101', 'support@mannenmatch.example', '{"NL":{"costs":99,"currency":"EUR"},"BE":{"costs":99,"currency":"EUR"}}',
         fictional_icon, 'Profielen met ★ zijn fictieve gastheren die chatten voor vermaak; je kunt ze niet ontmoeten.',
         'gastheerprofiel', 'gastheerprofielen', visible_profile_fields, visible_profile_notes, search_fields,
         company_id, 'Mannenmatch'
       FROM sites WHERE is_default
       ON CONFLICT (host) DO UPDATE SET updated_at = now()
       RETURNING id, countries`,
    );
    if (!nlSite) throw new Error('could not create the second demo site');
    // Its texts in every interface language: the default site's, under its own brand.
    await tx.query(
      sql`UPDATE sites n SET texts = replace(d.texts::text, 'ManMatch', 'Mannenmatch')::jsonb
          FROM sites d WHERE d.is_default AND n.id = ${nlSite.id}`,
    );

    const regionRows = await tx.query<{ id: number; country: string; code: string }>(
      sql`SELECT id, country, code FROM regions WHERE country = ANY(${defaultSite.countries}::text[])`,
    );
    const regionIds = new Map(regionRows.map((r) => [`${r.country}:${r.code}`, r.id]));
    const regionOf = (place: Place | null): number | null => (place ? (regionIds.get(`${place.country}:${place.region}`) ?? null) : null);
    const interestIds = (await tx.query<{ id: number }>(sql`SELECT id FROM interests ORDER BY id`)).map((r) => r.id);

    const now = Date.now();
    const member = (siteId: number, countries: readonly string[], i: number): MemberSpec => {
      const country = weightedCountry(f, countries);
      const local = FAKERS[country] ?? fakerEN;
      const age = Math.round(18 + Math.pow(f.number.float({ min: 0, max: 1 }), 1.6) * 52);
      const birth = new Date(now - (age * 365.25 + f.number.int({ min: 1, max: 360 })) * 86_400_000);
      const places = placesOf(country);
      const email = `member${siteId}-${i}@seed.invalid`;
      const fictional = f.datatype.boolean({ probability: 0.15 });
      const spec: Omit<MemberSpec, 'lat' | 'lon' | 'words'> = {
        siteId,
        email,
        passwordHash: randomHash,
        credits: 0,
        paidUser: f.datatype.boolean({ probability: 0.3 }),
        language: COUNTRY_LANGUAGES[country]?.[0] ?? 'en',
        signupDate: new Date(now - f.number.int({ min: 31, max: 700 }) * 86_400_000),
        lastActive: new Date(now - f.number.int({ min: 0, max: 30 * 86_400 }) * 1000),
        name: local.person.firstName('male'),
        country,
        // Drawn where the region was drawn before, so the rest of the demo stays as it was.
        place: places.length ? f.helpers.arrayElement(places) : null,
        birthDate: birth.toISOString().slice(0, 10),
        about: `${f.helpers.arrayElement(ABOUT_OPENERS)} ${f.helpers.arrayElement(ABOUT_CLOSERS)}`,
        sexuality: f.datatype.boolean({ probability: 0.8 }) ? 'gay' : 'bi',
        relationship: f.helpers.arrayElement(RELATIONSHIP),
        hair: f.helpers.arrayElement(HAIR),
        eyes: f.helpers.arrayElement(EYES),
        body: f.helpers.arrayElement(BODY),
        tattoos: f.datatype.boolean({ probability: 0.3 }),
        reason: f.helpers.arrayElement(REASONS),
        fictional,
        invisible: !fictional && f.datatype.boolean({ probability: 0.02 }),
        avatar: f.datatype.boolean({ probability: 0.9 }) ? f.helpers.arrayElement(avatars) : null,
        interests: f.helpers.arrayElements(interestIds, { min: 3, max: 7 }),
      };
      return {
        ...spec,
        ...(spec.place ? positionNear(spec.place, email) : { lat: null, lon: null }),
        // His own generator's, so the words leave the draws above (and the demo drawn after them) as they were.
        words: seedWords(email, randomSeed, spec.body),
      };
    };

    const specs: MemberSpec[] = [];
    for (let i = 0; i < memberCount; i++) specs.push(member(defaultSite.id, defaultSite.countries, i));
    for (let i = 0; i < Math.max(5, Math.round(memberCount / 6)); i++) specs.push(member(nlSite.id, nlSite.countries, i));
    // The demo logins and the staff live in Amsterdam, at the city's centre.
    const demo = (email: string, premium: boolean): MemberSpec => ({
      ...member(defaultSite.id, ['NL'], 0),
      email,
      place: DEMO_PLACE,
      ...positionNear(DEMO_PLACE, email, 0),
      passwordHash: demoHash,
      credits: premium ? 120 : 0,
      paidUser: premium,
      language: 'en',
      signupDate: premium ? new Date(now - 60 * 86_400_000) : new Date(now),
      lastActive: new Date(now),
      name: premium ? 'Premium Pieter' : 'Free Floris',
      fictional: false,
      invisible: false,
      avatar: avatars[premium ? 1 : 0] ?? null,
      // Their own words are the tests' to fill in (the editor, the filters).
      words: NO_WORDS,
    });
    specs.push(demo(DEMO_LOGINS.free, false), demo(DEMO_LOGINS.premium, true));
    // The demo moderator approves and rejects photos on /moderation.
    specs.push({ ...demo(DEMO_LOGINS.moderator, false), name: 'Moderator Mats', avatar: avatars[2] ?? null });

    const ids = await insertMembers(tx, specs, regionOf);
    const byEmail = new Map(specs.map((s, i) => [s.email, ids[i] as number]));
    const freeId = byEmail.get(DEMO_LOGINS.free) as number;
    const premiumId = byEmail.get(DEMO_LOGINS.premium) as number;
    await tx.query(sql`UPDATE users SET role = 'moderator' WHERE id = ${byEmail.get(DEMO_LOGINS.moderator)}`);
    await seedGalleries(tx, avatars, [freeId, premiumId]);
    // The demo balance is one promotional lot with its ledger row, as credits/ledger.ts keeps the books.
    await tx.query(
      sql`WITH lot AS (INSERT INTO credit_lots (user_id, kind, credits, remaining) VALUES (${premiumId}, 'promo', 120, 120) RETURNING id)
       INSERT INTO credit_ledger (user_id, delta, reason, idempotency_key, balance_after, lot_id)
       SELECT ${premiumId}, 120, 'demo_purchase', 'seed-premium-credits', 120, id FROM lot`,
    );

    const others = specs
      .map((s, i) => ({ s, id: ids[i] as number }))
      .filter(({ s }) => s.siteId === defaultSite.id && !s.invisible && s.passwordHash === randomHash);
    for (const me of [freeId, premiumId])
      await seedSocial(
        tx,
        f,
        defaultSite.id,
        me,
        others.map((o) => o.id),
        now,
      );

    await tx.query(
      sql`INSERT INTO discount_codes (code, value_percentage, status, validity, expires_at, currency, minimum_order_value, paymentmethods)
       VALUES ('WELCOME10', 10, 'active', 'unlimited', NULL, NULL, NULL, '{}'),
              ('SPRING20', 20, 'active', 'once-per-user', now() + interval '90 days', 'EUR', 1995, ARRAY['ideal','creditcard']),
              ('ONCE50', 50, 'active', 'once', NULL, NULL, NULL, '{}')
       ON CONFLICT DO NOTHING`,
    );
    await tx.query(
      sql`INSERT INTO discount_code_uses (discount_code_id, user_id)
       SELECT id, ${premiumId} FROM discount_codes WHERE code = 'ONCE50' ON CONFLICT DO NOTHING`,
    );

    // The second moderator and the admin, made last so that the demo data drawn before them stays as it was.
    const staff = [
      { ...demo(DEMO_LOGINS.moderator2, false), name: 'Moderator Morten', avatar: avatars[3] ?? null },
      { ...demo(DEMO_LOGINS.admin, false), name: 'Admin Arend', avatar: avatars[4] ?? null },
    ];
    const [moderator2Id, adminId] = await insertMembers(tx, staff, regionOf);
    await tx.query(sql`UPDATE users SET role = 'moderator' WHERE id = ${moderator2Id}`);
    await tx.query(sql`UPDATE users SET role = 'admin' WHERE id = ${adminId}`);
    // The demo's roles were given by the operator, as the team's audit shows them.
    const moderatorId = byEmail.get(DEMO_LOGINS.moderator) as number;
    await tx.query(
      sql`INSERT INTO moderator_role_changes (site_id, member_id, changed_by, via, from_role, to_role)
          VALUES (${defaultSite.id}, ${adminId}, NULL, 'operator', 'member', 'admin'),
                 (${defaultSite.id}, ${moderatorId}, NULL, 'operator', 'member', 'moderator'),
                 (${defaultSite.id}, ${moderator2Id}, NULL, 'operator', 'member', 'moderator')`,
    );
    // Verified members and one selfie waiting for a moderator (decided by the second moderator; the demo moderator
    // finds the waiting one in his queue).
    await seedVerifications(tx, opts.media, {
      siteId: defaultSite.id,
      moderatorId: moderator2Id as number,
      members: others.flatMap(({ s, id }) => (s.avatar && !s.fictional ? [{ id, photo: s.avatar.filename }] : [])),
      now,
    });
    return { members: specs.length + staff.length };
  });
}

async function insertMembers(db: Db, specs: MemberSpec[], regionOf: (place: Place | null) => number | null): Promise<number[]> {
  const col = <K extends keyof MemberSpec>(k: K) => specs.map((s) => s[k]);
  const users = await db.query<{ id: number; email: string }>(
    sql`INSERT INTO users (site_id, email, password_hash, status, credits, paid_user, language, signup_date, last_active_at)
     SELECT site_id, email, hash, 'active', credits, paid, lang, signup, active
     FROM unnest(${col('siteId')}::int[], ${col('email')}::text[], ${col('passwordHash')}::text[], ${col('credits')}::int[],
                 ${col('paidUser')}::bool[], ${col('language')}::text[], ${col('signupDate')}::timestamptz[], ${col('lastActive')}::timestamptz[])
       AS t(site_id, email, hash, credits, paid, lang, signup, active)
     RETURNING id, email`,
  );
  const idOf = new Map(users.map((u) => [u.email, u.id]));
  const ids = specs.map((s) => idOf.get(s.email) as number);
  // The lists go as comma-joined texts (unnest flattens an array of arrays): '' is an empty list.
  const words = col('words');
  await db.query(
    sql`INSERT INTO profiles (user_id, name, country, region_id, birth_date, about, gender, sexuality, relationship_status,
       hair_colour, eye_colour, body_type, tattoos, signup_reason, status, fictional, invisible, lat, lon, looking_for, position,
       tribes, height_cm, weight_kg, pronouns)
     SELECT uid, name, country, region, birth::date, about, 'male', sexuality, rel, hair, eyes, body, tattoos, reason,
       'active', fictional, invisible, lat, lon, string_to_array(looking, ','), pos, string_to_array(tribes, ','), height, weight,
       pronouns
     FROM unnest(${ids}::int[], ${col('name')}::text[], ${col('country')}::text[], ${specs.map((s) => regionOf(s.place))}::int[],
                 ${col('birthDate')}::text[], ${col('about')}::text[], ${col('sexuality')}::text[], ${col('relationship')}::text[],
                 ${col('hair')}::text[], ${col('eyes')}::text[], ${col('body')}::text[], ${col('tattoos')}::bool[], ${col('reason')}::text[],
                 ${col('fictional')}::bool[], ${col('invisible')}::bool[], ${col('lat')}::float8[], ${col('lon')}::float8[],
                 ${words.map((w) => w.lookingFor.join(','))}::text[], ${words.map((w) => w.position)}::text[],
                 ${words.map((w) => w.tribes.join(','))}::text[], ${words.map((w) => w.heightCm)}::int[],
                 ${words.map((w) => w.weightKg)}::int[], ${words.map((w) => w.pronouns)}::text[])
       AS t(uid, name, country, region, birth, about, sexuality, rel, hair, eyes, body, tattoos, reason, fictional, invisible, lat, lon,
            looking, pos, tribes, height, weight, pronouns)`,
  );
  const withPhoto = specs.map((s, i) => ({ a: s.avatar, id: ids[i] as number })).filter((x) => x.a !== null);
  await db.query(
    sql`INSERT INTO photos (user_id, filename, thumb_filename, blurred_filename, status, is_main, position)
     SELECT uid, fn, th, bl, 'approved', true, 0
     FROM unnest(${withPhoto.map((x) => x.id)}::int[], ${withPhoto.map((x) => x.a?.filename)}::text[],
                 ${withPhoto.map((x) => x.a?.thumb_filename)}::text[], ${withPhoto.map((x) => x.a?.blurred_filename)}::text[]) AS t(uid, fn, th, bl)`,
  );
  const pairs = specs.flatMap((s, i) => s.interests.map((interest) => [ids[i] as number, interest] as const));
  await db.query(
    sql`INSERT INTO profile_interests (user_id, interest_id)
     SELECT * FROM unnest(${pairs.map((p) => p[0])}::int[], ${pairs.map((p) => p[1])}::int[])`,
  );
  return ids;
}

/** A few likes (one mutual) and chats with unread messages, so a demo login's lists are not empty. */
async function seedSocial(db: Db, f: Faker, siteId: number, me: number, pool: number[], now: number): Promise<void> {
  const picks = f.helpers.arrayElements(pool, Math.min(pool.length, 12));
  const likers = picks.slice(0, 6);
  const liked = picks.slice(5, 8);
  for (const [i, liker] of likers.entries()) {
    const at = new Date(now - (i + 1) * 3_600_000);
    await db.query(
      sql`INSERT INTO likes (liker_id, liked_id, is_new, created_at) VALUES (${liker}, ${me}, ${i < 3}, ${at}) ON CONFLICT DO NOTHING`,
    );
  }
  for (const [i, target] of liked.entries()) {
    const at = new Date(now - (i + 2) * 5_400_000);
    await db.query(
      sql`INSERT INTO likes (liker_id, liked_id, is_new, created_at) VALUES (${me}, ${target}, true, ${at}) ON CONFLICT DO NOTHING`,
    );
  }
  const lines = [
    'Hey! Nice profile 😊',
    'Hi, how is your week going?',
    'Haha, same here. What do you do for fun?',
    'Mostly gym and cooking. You?',
    'Would love to hear more about your travels.',
  ];
  for (const [i, other] of picks.slice(8, 11).entries()) {
    const sentAt = new Date(now - (i * 7 + 1) * 3_600_000);
    const [conv] = await db.query<{ id: number }>(
      sql`INSERT INTO conversations (site_id, last_message_at) VALUES (${siteId}, ${sentAt}) RETURNING id`,
    );
    if (!conv) continue;
    const count = 2 + (i % 3);
    const unread = i === 0 ? 0 : 1 + (i % 2);
    await db.query(
      sql`INSERT INTO conversation_members (conversation_id, user_id, unread_count)
          VALUES (${conv.id}, ${me}, ${unread}), (${conv.id}, ${other}, 0)`,
    );
    for (let m = 0; m < count; m++) {
      const sender = m % 2 === 0 ? other : me;
      const at = new Date(sentAt.getTime() - (count - m) * 60_000);
      await db.query(
        sql`INSERT INTO messages (conversation_id, sender_id, body, created_at) VALUES (${conv.id}, ${sender}, ${lines[m % lines.length]}, ${at})`,
      );
    }
    // Read markers (migration 013): the demo member has read all but his `unread` newest received messages.
    await db.query(
      sql`UPDATE conversation_members cm SET read_seq = coalesce((
         SELECT m.seq FROM messages m WHERE m.conversation_id = cm.conversation_id AND m.sender_id <> cm.user_id
         ORDER BY m.seq DESC OFFSET cm.unread_count LIMIT 1), 0)
       WHERE cm.conversation_id = ${conv.id}`,
    );
  }
}
