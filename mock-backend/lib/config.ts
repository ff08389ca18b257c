import { z } from 'zod';
import { parseVerifyKeys } from '../../src/shared/member-assertion';
import { SHARED_ENV } from '../../src/shared/env';

/**
 * The one schema for the backend's environment; the variables it shares with the BFF are src/shared/env.ts's (the
 * same rules in both processes).
 */
const ConfigSchema = z.object({
  ...SHARED_ENV,
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Interface to listen on: loopback by default (the BFF beside it); `0.0.0.0` behind a load balancer. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** A MaxMind-format country database (.mmdb); default: the packaged CC0 one (see lib/geoip.ts). */
  GEOIP_DB: z.string().min(1).optional(),
  /** Cron schedules (UTC) of the jobs: the 14-day purge of deleted accounts and the cleanup of expired rows. */
  PURGE_CRON: z.string().min(9).default('17 * * * *'),
  CLEANUP_CRON: z.string().min(9).default('*/10 * * * *'),
  /**
   * The payment provider (Mollie-style API). Unset: the backend starts the PSP simulator beside itself with generated
   * keys (development, tests, demos). Set PSP_URL with PSP_API_KEY and PSP_WEBHOOK_SECRET for another provider.
   */
  PSP_URL: z.url({ protocol: /^https?$/ }).optional(),
  PSP_API_KEY: z.string().min(16).optional(),
  PSP_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]{20,}$/, 'PSP_WEBHOOK_SECRET must be whsec_<base64>')
    .optional(),
  /** The embedded simulator: the origin browsers reach its checkout at (default its loopback address) and its settle delay. */
  PSP_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  PSP_SIM_SETTLE_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** Where the provider reaches this backend's webhook receiver (…/webhooks/psp); default: this backend's own address. */
  PAYMENT_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** A real SMS gateway (JSON POST {to, text}); unset = every SMS is written as a file into DATA_DIR/sms. */
  SMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Web Push (components/push): the VAPID key pair (both or neither; unset = generated once and kept in the database),
   * the contact push services may reach (mailto: or https:), and more push-service hosts to accept as subscription
   * endpoints besides the built-in list (comma-separated, `*.` for subdomains).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'VAPID_PUBLIC_KEY must be the URL-safe base64 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'VAPID_PRIVATE_KEY must be the URL-safe base64 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: URL')
    .optional(),
  PUSH_ALLOWED_HOSTS: z.string().optional(),
  /**
   * Photos in an S3-compatible object store instead of DATA_DIR/media (lib/media-store.ts): the bucket, the endpoint of
   * a store other than AWS S3 (MinIO, Ceph RGW, R2, …), path-style addressing, and the standard AWS variables for the
   * region and the key pair (both or neither; unset = the SDK's default chain, e.g. the instance's role).
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' }).optional(),
  S3_FORCE_PATH_STYLE: z.stringbool({ error: 'S3_FORCE_PATH_STYLE must be true/false (or 1/0, yes/no, on/off)' }).optional(),
  AWS_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, 'AWS_REGION must be a region name such as eu-central-1 (or auto)')
    .optional(),
  AWS_ACCESS_KEY_ID: z.string().min(3).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(8).optional(),
  /**
   * The PHP service the site moves off (components/legacy): members it vouches for are learnt from it on first sight,
   * and a member without a password here is checked against it once at login. Its session cookie's name. Unset: no
   * member is ever learnt, and the identity bridge's assertions are not accepted.
   */
  LEGACY_API_URL: z.url({ protocol: /^https?$/, error: 'LEGACY_API_URL must be an http:// or https:// URL' }).optional(),
  LEGACY_SESSION_COOKIE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'LEGACY_SESSION_COOKIE may only hold letters, digits, _ and -')
    .default('PHPSESSID'),
  /**
   * The identity bridge's public keys (a JWK Set of Ed25519 keys, as JSON): an assertion of a PHP member signed by the
   * BFF's private key (its IDENTITY_SIGNING_KEY) is accepted when one of these verifies it. Several keys while the BFFs'
   * key rotates. Unset: no assertion is accepted (LEGACY_API_URL still serves the first login here).
   */
  IDENTITY_VERIFY_KEYS: z.string().optional(),
  /** This backend's name in the BFFs' routing table: an assertion made for another backend is refused. */
  IDENTITY_AUDIENCE: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,39}$/, "IDENTITY_AUDIENCE is this backend's name in the routing table (lower-case letters, digits, _ and -)")
    .optional(),
  /**
   * The EU's DSA Transparency Database (its API's origin and the platform's token, both or neither): statements of
   * reasons are delivered there by a job (components/safety/transparency-delivery.ts). Unset: moderators download
   * them from the transparency export only.
   */
  DSA_TDB_URL: z.url({ protocol: /^https?$/, error: 'DSA_TDB_URL must be an http:// or https:// URL' }).optional(),
  DSA_TDB_TOKEN: z.string().min(8).optional(),
  /**
   * `off`: the database adapter uses only its libraries' public API (lib/library-internals.ts): PGlite's answers read
   * by PGlite's own reader, a PostgreSQL transaction's statements a write each. Default `on`, the measured fast paths;
   * docs/operations.md, "Private paths of libraries", has what switching off costs. For a library update that breaks one.
   */
  LIBRARY_INTERNALS: z.enum(['on', 'off'], { error: 'LIBRARY_INTERNALS must be on or off' }).default('on'),
  /**
   * Backups of the RUNNING embedded site (lib/embedded-backup.ts, the `site-backup` job): a directory they are written
   * into, a new one per run named after its UTC time, on the BACKUP_CRON schedule (UTC; default daily at 03:23), the
   * newest BACKUP_KEEP kept. Unset: no backup is made while the site runs (`npm run backup` backs up a stopped one).
   * The embedded database only: PostgreSQL is backed up with its own tools.
   */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_CRON: z.string().min(9).default('23 3 * * *'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
});

export type Config = z.infer<typeof ConfigSchema> & { PUBLIC_URL: string };

export function parseConfig(env: NodeJS.ProcessEnv): { ok: true; config: Config } | { ok: false; message: string } {
  const empty = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ConfigSchema.safeParse(empty);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    return { ok: false, message: `Invalid environment for mock-backend:\n${lines.join('\n')}` };
  }
  const c = parsed.data;
  if (c.PSP_URL && (!c.PSP_API_KEY || !c.PSP_WEBHOOK_SECRET)) {
    return { ok: false, message: 'Invalid environment for mock-backend:\n  PSP_URL needs PSP_API_KEY and PSP_WEBHOOK_SECRET' };
  }
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
    return { ok: false, message: 'Invalid environment for mock-backend:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together' };
  }
  if (c.BACKUP_DIR && c.DATABASE_URL) {
    return {
      ok: false,
      message:
        'Invalid environment for mock-backend:\n  BACKUP_DIR backs up the embedded database; with DATABASE_URL use pg_dump or a base backup (docs/operations.md)',
    };
  }
  if (c.S3_BUCKET && !c.S3_ENDPOINT && !c.AWS_REGION) {
    return {
      ok: false,
      message: 'Invalid environment for mock-backend:\n  S3_BUCKET needs AWS_REGION (AWS S3) or S3_ENDPOINT (another S3-compatible store)',
    };
  }
  if (!c.S3_BUCKET && (c.S3_ENDPOINT || c.S3_FORCE_PATH_STYLE !== undefined)) {
    return { ok: false, message: 'Invalid environment for mock-backend:\n  S3_ENDPOINT and S3_FORCE_PATH_STYLE need S3_BUCKET' };
  }
  if (c.S3_BUCKET && Boolean(c.AWS_ACCESS_KEY_ID) !== Boolean(c.AWS_SECRET_ACCESS_KEY)) {
    return { ok: false, message: 'Invalid environment for mock-backend:\n  AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together' };
  }
  if (c.IDENTITY_VERIFY_KEYS !== undefined) {
    if (!c.IDENTITY_AUDIENCE || !c.LEGACY_API_URL) {
      return {
        ok: false,
        message:
          "Invalid environment for mock-backend:\n  IDENTITY_VERIFY_KEYS needs IDENTITY_AUDIENCE (this backend's name in the routing table) and LEGACY_API_URL",
      };
    }
    try {
      parseVerifyKeys(c.IDENTITY_VERIFY_KEYS);
    } catch (error) {
      return { ok: false, message: `Invalid environment for mock-backend:\n  IDENTITY_VERIFY_KEYS: ${(error as Error).message}` };
    }
  }
  if (Boolean(c.DSA_TDB_URL) !== Boolean(c.DSA_TDB_TOKEN)) {
    return { ok: false, message: 'Invalid environment for mock-backend:\n  DSA_TDB_URL and DSA_TDB_TOKEN go together' };
  }
  return { ok: true, config: { ...c, PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}` } };
}

/** One seed rule for PGlite and PostgreSQL: a new, empty database gets the demo members unless DEMO_SEED=false. */
export function wantsDemoSeed(config: Pick<Config, 'DEMO_SEED'>): boolean {
  return config.DEMO_SEED ?? true;
}
