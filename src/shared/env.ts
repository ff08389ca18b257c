import { z } from 'zod';

/**
 * The environment variables the BFF and the backend share, with one rule each: both configuration schemas
 * (src/bff/config.ts and mock-backend/lib/config.ts) take these entries as they are, so a value one process accepts
 * the other accepts too (the BFF hands them on to the backend it starts itself). Values are trimmed; an empty value
 * counts as unset.
 */

/** A trimmed string; an empty one (or only blanks) becomes undefined, so defaults and `.optional()` apply. */
function unsetWhenEmpty<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }, schema);
}

const FLAG_TRUE = ['1', 'true', 'yes', 'on'];
const FLAG_FALSE = ['0', 'false', 'no', 'off'];

/** A yes/no switch: true/false, 1/0, yes/no or on/off (any case). */
const flag = (name: string) =>
  z.string().transform((value, ctx): boolean => {
    const lower = value.toLowerCase();
    if (FLAG_TRUE.includes(lower)) return true;
    if (FLAG_FALSE.includes(lower)) return false;
    ctx.addIssue({ code: 'custom', message: `${name} must be true/false (or 1/0, yes/no, on/off)` });
    return z.NEVER;
  });

const url = (name: string, protocols: RegExp, what: string) => z.url({ protocol: protocols, error: `${name} must be ${what}` });

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const SHARED_ENV = {
  /**
   * The secret the BFF sends as `x-backend-secret` on every backend call; only a request carrying it may name the
   * visitor's address and country. Unset with the embedded backend (the BFF generates one per start).
   */
  BACKEND_SECRET: unsetWhenEmpty(z.string().min(32, 'BACKEND_SECRET must be at least 32 characters long').optional()),
  /** Where the embedded database, uploads, outgoing mail and SMS files live. */
  DATA_DIR: unsetWhenEmpty(z.string().default('./var')),
  /** PostgreSQL instead of the embedded PGlite database. */
  DATABASE_URL: unsetWhenEmpty(url('DATABASE_URL', /^postgres(ql)?$/, 'a postgres:// or postgresql:// URL').optional()),
  /** An SMTP server for outgoing mail; unset = mails are written as files into DATA_DIR. */
  SMTP_URL: unsetWhenEmpty(url('SMTP_URL', /^smtps?$/, 'an smtp:// or smtps:// URL').optional()),
  /** The site's public origin (links in mails, HSTS); default http://localhost:<PORT>. */
  PUBLIC_URL: unsetWhenEmpty(url('PUBLIC_URL', /^https?$/, 'an http:// or https:// URL').optional()),
  /** Whether a new, empty database gets the demo members and sites. */
  DEMO_SEED: unsetWhenEmpty(flag('DEMO_SEED').optional()),
  LOG_LEVEL: unsetWhenEmpty(z.enum(LOG_LEVELS).default('info')),
  /**
   * The bearer token of the operator's endpoints (`/_ops/metrics` of both, the BFF's `/_ops/shadow`), the same for both
   * processes; unset = those endpoints do not exist. Never logged, never sent to the browser.
   */
  OPERATOR_TOKEN: unsetWhenEmpty(z.string().min(32, 'OPERATOR_TOKEN must be at least 32 characters long').optional()),
  /**
   * Where unexpected errors are reported (a Sentry DSN, `https://<key>@<host>/<project>`; src/shared/error-reports.ts);
   * unset = none is, and the SDK is not loaded. The environment the reports are filed under (default: NODE_ENV).
   */
  SENTRY_DSN: unsetWhenEmpty(
    url('SENTRY_DSN', /^https?$/, 'a Sentry DSN (https://<key>@<host>/<project>)')
      .refine((dsn) => URL.canParse(dsn) && new URL(dsn).username !== '' && /\/\d+$/.test(new URL(dsn).pathname), {
        message: 'SENTRY_DSN must be a Sentry DSN (https://<key>@<host>/<project>)',
      })
      .optional(),
  ),
  SENTRY_ENVIRONMENT: unsetWhenEmpty(
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'SENTRY_ENVIRONMENT may only hold letters, digits, _, . and - (at most 64)')
      .optional(),
  ),
};
