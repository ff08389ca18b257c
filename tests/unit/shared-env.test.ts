import { describe, expect, it } from 'vitest';
import { parseConfig as parseBackendConfig, wantsDemoSeed } from '../../mock-backend/lib/config';
import { parseConfig as parseBffConfig } from '../../src/bff/config';

/** Whether each process accepts an environment, and what it makes of the shared variables. */
function bothParse(env: Record<string, string>) {
  let bff: ReturnType<typeof parseBffConfig> | undefined;
  try {
    bff = parseBffConfig(env);
  } catch {
    bff = undefined;
  }
  const backend = parseBackendConfig(env);
  return { bff, backend: backend.ok ? backend.config : undefined };
}

describe('the variables the BFF and the backend share: one schema', () => {
  it('When a shared value is valid, then both processes read it the same way', () => {
    const env = {
      BACKEND_SECRET: ` ${'s'.repeat(32)} `,
      DATA_DIR: './data',
      DATABASE_URL: 'postgresql://u@db/site',
      SMTP_URL: 'smtps://u:p@mail.test',
      DEMO_SEED: 'Yes',
      LOG_LEVEL: 'warn',
    };
    const { bff, backend } = bothParse(env);
    for (const parsed of [bff, backend]) {
      expect(parsed).toMatchObject({
        BACKEND_SECRET: 's'.repeat(32),
        DATA_DIR: './data',
        DATABASE_URL: 'postgresql://u@db/site',
        SMTP_URL: 'smtps://u:p@mail.test',
        DEMO_SEED: true,
        LOG_LEVEL: 'warn',
      });
    }
  });

  it('When a shared value is empty, then both treat it as unset and apply the same default', () => {
    const { bff, backend } = bothParse({ BACKEND_SECRET: '', DATA_DIR: ' ', DEMO_SEED: '', LOG_LEVEL: '' });
    for (const parsed of [bff, backend]) {
      expect(parsed).toMatchObject({ DATA_DIR: './var', LOG_LEVEL: 'info' });
      expect(parsed?.BACKEND_SECRET).toBeUndefined();
      expect(parsed?.DEMO_SEED).toBeUndefined();
    }
  });

  it.each([
    ['BACKEND_SECRET', 'short'],
    ['DATABASE_URL', 'mysql://u@db/site'],
    ['SMTP_URL', 'http://mail.test'],
    ['PUBLIC_URL', 'ftp://site.test'],
    ['DEMO_SEED', 'maybe'],
    ['LOG_LEVEL', 'loud'],
  ])('When %s is %s, then both processes refuse to start', (name, value) => {
    const { bff, backend } = bothParse({ [name]: value });
    expect(bff).toBeUndefined();
    expect(backend).toBeUndefined();
  });

  it('When DEMO_SEED is unset, then a new database gets the demo whatever the database (PGlite or PostgreSQL); false keeps it empty', () => {
    const seedOf = (env: NodeJS.ProcessEnv) => {
      const parsed = parseBackendConfig(env);
      if (!parsed.ok) throw new Error(parsed.message);
      return wantsDemoSeed(parsed.config);
    };
    expect(seedOf({})).toBe(true);
    expect(seedOf({ DATABASE_URL: 'postgresql://u@db/site' })).toBe(true);
    expect(seedOf({ DATABASE_URL: 'postgresql://u@db/site', DEMO_SEED: 'false' })).toBe(false);
    expect(seedOf({ DEMO_SEED: 'false' })).toBe(false);
  });
});

describe('the error reports variables', () => {
  it('When SENTRY_DSN is a DSN and SENTRY_ENVIRONMENT a name, then both processes read them the same way', () => {
    const { bff, backend } = bothParse({ SENTRY_DSN: ' https://public@errors.example.test/42 ', SENTRY_ENVIRONMENT: 'staging' });
    for (const parsed of [bff, backend])
      expect(parsed).toMatchObject({ SENTRY_DSN: 'https://public@errors.example.test/42', SENTRY_ENVIRONMENT: 'staging' });
  });

  it.each([
    ['SENTRY_DSN', 'https://errors.example.test/42'],
    ['SENTRY_DSN', 'https://public@errors.example.test/'],
    ['SENTRY_DSN', 'ftp://public@errors.example.test/42'],
    ['SENTRY_ENVIRONMENT', 'two words'],
  ])('When %s is %s, then both processes refuse to start', (name, value) => {
    const { bff, backend } = bothParse({ [name]: value });
    expect(bff).toBeUndefined();
    expect(backend).toBeUndefined();
  });
});
