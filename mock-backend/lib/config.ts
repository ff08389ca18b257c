import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** The one schema for the backend's environment (docs/CONVENTIONS.md). */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Interface to listen on: loopback by default (the BFF beside it); `0.0.0.0` behind a load balancer. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Shared with the BFF: only a request carrying it may name the visitor's address (`x-client-ip`) and country
   * (`x-client-country`). The BFF generates one for the embedded backend; operators set the same value on both.
   */
  BACKEND_SECRET: z.string().min(32, 'BACKEND_SECRET must be at least 32 characters').optional(),
  DATA_DIR: z.string().min(1).default('./var'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DEMO_SEED: bool.optional(),
  /** A MaxMind-format country database (.mmdb); default: the packaged CC0 one (see lib/geoip.ts). */
  GEOIP_DB: z.string().min(1).optional(),
  /** Cron schedules (UTC) of the jobs: the 14-day purge of deleted accounts and the cleanup of expired rows. */
  PURGE_CRON: z.string().min(9).default('17 * * * *'),
  CLEANUP_CRON: z.string().min(9).default('*/10 * * * *'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  return { ok: true, config: { ...c, PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}` } };
}
