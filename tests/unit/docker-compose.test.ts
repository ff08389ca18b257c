/**
 * docker-compose.yml, read as Docker Compose reads it (YAML with `<<` merge keys; Docker itself is not needed): the
 * backends keep photos in MinIO's bucket and share no volume, MinIO is up and its bucket made before a backend starts,
 * and every secret the file requires is one the `.env` recipe at its top generates.
 */
import { readFileSync } from 'node:fs';
import { load as parse } from 'js-yaml';
import { describe, expect, it } from 'vitest';

interface Service {
  image?: string;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

const text = readFileSync('docker-compose.yml', 'utf8');
// js-yaml resolves the anchors' merge keys (`<<: *app`) by default.
const compose = parse(text) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const services = compose.services;
const backends = Object.entries(services).filter(([, s]) => s.command?.includes('dist/server/backend.js'));
/** The volume (named) or host path of a `source:target[:mode]` entry. */
const sourceOf = (entry: string) => entry.split(':')[0] as string;
/** The variable a `${NAME…}` value comes from. */
const variableOf = (value: string | undefined) => /^\$\{([A-Z0-9_]+)[:}]/.exec(value ?? '')?.[1];

describe('docker-compose.yml', () => {
  it('runs two backends that share no volume, each with its own DATA_DIR volume and no media volume', () => {
    expect(backends.map(([name]) => name)).toEqual(['backend-1', 'backend-2']);
    const [first, second] = backends.map(([, s]) => (s.volumes ?? []).map(sourceOf));
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(first?.filter((v) => second?.includes(v))).toEqual([]);
    for (const [name, backend] of backends) {
      expect(backend.environment?.DATA_DIR, name).toBe('/data');
      expect(backend.volumes, name).toEqual([`${name}-data:/data`]);
    }
    expect(Object.keys(compose.volumes)).not.toContain('media');
  });

  it('gives both backends the bucket in MinIO, with path-style addressing, a region and a key pair', () => {
    for (const [name, backend] of backends) {
      const env = backend.environment ?? {};
      expect(env.S3_BUCKET, name).toMatch(/^\$\{S3_BUCKET:-[a-z0-9][a-z0-9.-]+\}$/);
      expect(env.S3_ENDPOINT, name).toBe('http://minio:9000');
      expect(env.S3_FORCE_PATH_STYLE, name).toBe('true');
      expect(env.AWS_REGION, name).toMatch(/^\$\{AWS_REGION:-[a-z0-9-]+\}$/);
      expect(env.AWS_ACCESS_KEY_ID, name).toMatch(/^\$\{S3_ACCESS_KEY_ID:-[\w-]+\}$/);
      expect(env.AWS_SECRET_ACCESS_KEY, name).toMatch(/^\$\{S3_SECRET_ACCESS_KEY:\?.+\}$/);
    }
  });

  it("starts MinIO with a healthcheck, makes the bucket and the backends' user in a one-shot service, and starts the backends after both", () => {
    const { minio, 'minio-setup': setup } = services;
    expect(minio?.image).toMatch(/^minio\/minio(:|$)/);
    expect(minio?.healthcheck?.test).toEqual(['CMD', 'mc', 'ready', 'local']);
    expect((minio?.volumes ?? []).map(sourceOf)).toEqual(['minio-data']);
    expect(setup?.image).toMatch(/^minio\/mc(:|$)/);
    expect(setup?.depends_on?.minio?.condition).toBe('service_healthy');
    const script = setup?.entrypoint?.at(-1) ?? '';
    expect(script).toMatch(/mc mb --ignore-existing "store\/\$\$BUCKET"/);
    expect(script).toMatch(/mc admin user add store "\$\$APP_KEY" "\$\$APP_SECRET"/);
    expect(script).toMatch(/mc admin policy attach store photos-rw --user "\$\$APP_KEY"/);
    // The bucket and the user it makes are the ones the backends use.
    const backendEnv = backends[0]?.[1].environment ?? {};
    expect(setup?.environment?.BUCKET).toBe(backendEnv.S3_BUCKET);
    expect(variableOf(setup?.environment?.APP_KEY)).toBe(variableOf(backendEnv.AWS_ACCESS_KEY_ID));
    expect(variableOf(setup?.environment?.APP_SECRET)).toBe(variableOf(backendEnv.AWS_SECRET_ACCESS_KEY));
    expect(variableOf(setup?.environment?.MINIO_ROOT_PASSWORD)).toBe(variableOf(minio?.environment?.MINIO_ROOT_PASSWORD));
    for (const [name, backend] of backends) {
      expect(backend.depends_on?.['minio-setup']?.condition, name).toBe('service_completed_successfully');
    }
  });

  it('declares every named volume it mounts, and the .env recipe at the top generates every variable it requires', () => {
    const named = Object.values(services)
      .flatMap((s) => s.volumes ?? [])
      .map(sourceOf)
      .filter((v) => !v.startsWith('.') && !v.startsWith('/'));
    expect([...new Set(named)].sort()).toEqual(Object.keys(compose.volumes).sort());
    const required = new Set([...text.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((m) => m[1]));
    const recipe = /^# {3}printf '([^']+)'/m.exec(text)?.[1] ?? '';
    const generated = new Set([...recipe.matchAll(/(?:^|\\n)([A-Z0-9_]+)=/g)].map((m) => m[1]));
    expect([...required].sort()).toEqual([...generated].sort());
  });
});
