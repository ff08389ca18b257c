import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** The one schema for the backend's environment (docs/CONVENTIONS.md). */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  DATA_DIR: z.string().min(1).default('./var'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DEMO_SEED: bool.optional(),
  /** A MaxMind-format country database (.mmdb); default: the packaged CC0 one (see lib/geoip.ts). */
  GEOIP_DB: z.string().min(1).optional(),
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
