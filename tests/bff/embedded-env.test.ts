/**
 * The environment the BFF gives the backend it forks, and the malloc settings each server starts with wherever the
 * repository starts one: the BFF's own in `npm start`, the Docker image and the cluster script, the backend's in
 * `npm run backend`, the compose file, the cluster script and the forked backend (src/shared/malloc-tunables.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/bff/config';
import { embeddedBackendEnv } from '../../src/bff/embedded-env';
import { routingPlanOf, singleBackendPlan } from '../../src/bff/routing';
import { BACKEND_MALLOC_TUNABLES, BFF_MALLOC_TUNABLES } from '../../src/shared/malloc-tunables';
import { createAssertionSigner, generateIdentityKeys, parseVerifyKeys } from '../../src/shared/member-assertion';

const config = loadConfig({ DATA_DIR: '/srv/site-data', PUBLIC_URL: 'https://site.example', LOG_LEVEL: 'info' });

describe('the embedded backend environment', () => {
  it("gives the backend its own malloc settings, not the BFF's, and no BACKEND_URL", () => {
    const env = embeddedBackendEnv(
      { GLIBC_TUNABLES: BFF_MALLOC_TUNABLES, BACKEND_URL: 'http://elsewhere:3001', NODE_ENV: 'production' },
      config,
      singleBackendPlan(undefined),
      'shared-secret',
    );
    expect(env).toMatchObject({
      GLIBC_TUNABLES: BACKEND_MALLOC_TUNABLES,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      BACKEND_SECRET: 'shared-secret',
      DATA_DIR: '/srv/site-data',
      PUBLIC_URL: 'https://site.example',
      LOG_LEVEL: 'info',
    });
    expect(env).not.toHaveProperty('BACKEND_URL');
    expect(env).not.toHaveProperty('LEGACY_API_URL');
  });

  it("passes the trace variables on, the service's name with -backend appended (its spans are the backend's)", () => {
    const parent = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SERVICE_NAME: 'manmatch' };
    const env = embeddedBackendEnv(parent, config, singleBackendPlan(undefined), 'shared-secret');
    expect(env).toMatchObject({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SERVICE_NAME: 'manmatch-backend' });
    const unnamed = embeddedBackendEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, config, singleBackendPlan(undefined), 's');
    expect(unnamed).not.toHaveProperty('OTEL_SERVICE_NAME');
  });

  it('names the PHP service of a session bridge, so the embedded backend can learn its members', () => {
    const plan = routingPlanOf({
      backends: { legacy: 'http://php.internal', next: 'embedded' },
      default: 'legacy',
      routes: { listLikes: 'next' },
      session_bridge: { backend: 'legacy', cookie: 'PHPSESSID' },
    });
    expect(embeddedBackendEnv({}, config, plan, 'shared-secret')).toMatchObject({
      LEGACY_API_URL: 'http://php.internal',
      LEGACY_SESSION_COOKIE: 'PHPSESSID',
    });
  });

  it("hands the embedded backend the identity bridge's public keys and its name, never the BFF's private key", async () => {
    const plan = routingPlanOf({
      backends: { legacy: 'http://php.internal', next: 'embedded' },
      default: 'legacy',
      routes: { listLikes: 'next' },
      session_bridge: { backend: 'legacy' },
    });
    const { privateJwk } = await generateIdentityKeys('k1');
    const signer = await createAssertionSigner(privateJwk);
    const env = embeddedBackendEnv({ IDENTITY_SIGNING_KEY: JSON.stringify(privateJwk) }, config, plan, 'shared-secret', signer);
    expect(env).not.toHaveProperty('IDENTITY_SIGNING_KEY');
    expect(env.IDENTITY_AUDIENCE).toBe('next');
    const keys = parseVerifyKeys(env.IDENTITY_VERIFY_KEYS!);
    expect(keys.keys).toEqual([expect.objectContaining({ kid: 'k1', x: privateJwk.x })]);
    expect(env.IDENTITY_VERIFY_KEYS).not.toContain(privateJwk.d);
  });
});

describe('the malloc settings where the repository starts a server', () => {
  it("are the BFF's for a BFF and the backend's for a backend", () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toContain(`GLIBC_TUNABLES=${BFF_MALLOC_TUNABLES} exec node dist/server/bff.js`);
    expect(scripts.backend).toContain(`GLIBC_TUNABLES=${BACKEND_MALLOC_TUNABLES} exec node dist/server/backend.js`);
    // The image's default command is the BFF; the compose file runs the same image as the backend too.
    expect(/^\s+GLIBC_TUNABLES=(\S+)$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1]).toBe(BFF_MALLOC_TUNABLES);
    expect(readFileSync('docker-compose.yml', 'utf8')).toContain(`GLIBC_TUNABLES: ${BACKEND_MALLOC_TUNABLES}\n`);
    const cluster = readFileSync('scripts/cluster.sh', 'utf8');
    expect(cluster).toContain(`BACKEND_TUNABLES=${BACKEND_MALLOC_TUNABLES}\n`);
    expect(cluster).toContain(`BFF_TUNABLES=${BFF_MALLOC_TUNABLES}\n`);
    expect(cluster).toMatch(/launch "backend-\$i" [^\n]*GLIBC_TUNABLES="\$BACKEND_TUNABLES"/);
    expect(cluster).toMatch(/launch "bff-\$i" [^\n]*GLIBC_TUNABLES="\$BFF_TUNABLES"/);
  });
});
