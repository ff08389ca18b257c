import { z } from 'zod';
import { AUTH_COOKIE } from '../shared/constants';
import { SHARED_ENV } from '../shared/env';

/**
 * The BFF's configuration: ONE zod schema, parsed once at start (`loadConfig`); the variables it shares with the
 * backend are src/shared/env.ts's, with the same rules in both. Nothing here reaches the browser except the keys of
 * `PUBLIC_CONFIG_KEYS` (see `toPublicConfig`).
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const optionalUrl = (what: string) =>
  optionalString.refine((v) => v === undefined || URL.canParse(v), { message: `${what} must be an absolute URL` });

/** `TRUST_PROXY` as Express understands it: false (default), true, a hop count, or a list of addresses/subnets. */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((v): boolean | number | string => {
    if (v === undefined || v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return v;
  });

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    ...SHARED_ENV,
    BACKEND_URL: optionalUrl('BACKEND_URL'),
    TRUST_PROXY: trustProxy,
    AUTH_COOKIE_NAME: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]+$/, 'AUTH_COOKIE_NAME may only hold letters, digits, _ and -')
      .default(AUTH_COOKIE),
    RENDER_DEADLINE_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** A page that can show a skeleton sends it only when its data has not come within this many ms (server/render.tsx). */
    RENDER_STREAM_AFTER_MS: z.coerce.number().int().min(0).max(10_000).default(150),
    DIST_DIR: z.string().trim().min(1).default('./dist/client'),
    /** The routing table (routing.ts): which backend answers which operation, shadow reads. Replaces BACKEND_URL. */
    ROUTES_FILE: optionalString,
    /** Time for one backend attempt to bring the answer's head (and the longest silence inside a body), ms. */
    BACKEND_ATTEMPT_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(5_000),
    /** Time for a whole backend call, every retry included, ms. */
    BACKEND_DEADLINE_MS: z.coerce.number().int().min(50).max(300_000).default(10_000),
    /**
     * The private key (an Ed25519 JWK, as JSON) the identity bridge signs its assertions with; its public half goes to
     * the backends that accept them (IDENTITY_VERIFY_KEYS). Used for nothing else and sent nowhere. Unset: a key is
     * made per start when only the embedded backend needs one.
     */
    IDENTITY_SIGNING_KEY: optionalString,
  })
  .refine((c) => !(c.BACKEND_URL && c.ROUTES_FILE), {
    message: 'set BACKEND_URL or ROUTES_FILE, not both (name the backend of BACKEND_URL in the routing file)',
    path: ['ROUTES_FILE'],
  })
  .transform((c) => ({
    ...c,
    BACKEND_URL: c.BACKEND_URL?.replace(/\/+$/, ''),
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
  }));

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid BFF configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  return result.data;
}

/** Parse at process start; on error print a clear message and exit(1). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  try {
    return parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nFix the environment variables above and start again.\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** The explicit allow-list of configuration values that may reach the browser. Nothing else ever does. */
const PUBLIC_CONFIG_KEYS = ['PUBLIC_URL'] as const;
export type PublicConfig = Pick<Config, (typeof PUBLIC_CONFIG_KEYS)[number]>;

export function toPublicConfig(config: Config): PublicConfig {
  return Object.fromEntries(PUBLIC_CONFIG_KEYS.map((k) => [k, config[k]])) as PublicConfig;
}
