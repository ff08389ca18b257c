import type { Config } from './config';
import type { RoutingPlan } from './routing';
import { BACKEND_MALLOC_TUNABLES } from '../shared/malloc-tunables';

/**
 * Where the embedded backend learns members from while their sessions live on another backend (the routing table's
 * `session_bridge`): that backend's URL and session cookie, as LEGACY_API_URL and LEGACY_SESSION_COOKIE.
 */
function legacyEnv(plan: RoutingPlan, identity: EmbeddedIdentity | undefined): NodeJS.ProcessEnv {
  const bridge = plan.sessionBridge;
  const target = bridge ? plan.backends.get(bridge.backend) : undefined;
  if (!bridge || !target || target.url === 'embedded') return {};
  const audience = [...plan.backends.values()].find((b) => b.url === 'embedded')?.name;
  return {
    LEGACY_API_URL: target.url,
    LEGACY_SESSION_COOKIE: bridge.cookie,
    ...(identity && audience ? { IDENTITY_VERIFY_KEYS: JSON.stringify(identity.publicKeys), IDENTITY_AUDIENCE: audience } : {}),
  };
}

/** The public keys of the identity bridge's signer: the embedded backend verifies the assertions with them. */
export interface EmbeddedIdentity {
  publicKeys: { keys: unknown[] };
}

/**
 * The environment of the backend the BFF forks: the BFF's own, with the backend's port (any free one, on loopback),
 * the secret the two share, the BFF's data directory, site address, log level and database, and the backend's malloc
 * settings rather than the BFF's (src/shared/malloc-tunables.ts). Never a BACKEND_URL (that names the BFF's backends)
 * nor the identity bridge's signing key (the backend verifies with its public half only).
 */
export function embeddedBackendEnv(
  parent: NodeJS.ProcessEnv,
  config: Config,
  plan: RoutingPlan,
  backendSecret: string,
  identity?: EmbeddedIdentity,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...parent,
    PORT: '0',
    HOST: '127.0.0.1',
    BACKEND_SECRET: backendSecret,
    DATA_DIR: config.DATA_DIR,
    PUBLIC_URL: config.PUBLIC_URL,
    LOG_LEVEL: config.LOG_LEVEL,
    GLIBC_TUNABLES: BACKEND_MALLOC_TUNABLES,
    ...legacyEnv(plan, identity),
  };
  delete env.BACKEND_URL;
  // The identity bridge's private key is the BFF's alone: a backend gets the public half (IDENTITY_VERIFY_KEYS).
  delete env.IDENTITY_SIGNING_KEY;
  // Its spans under a service name of its own (the BFF's own is OTEL_SERVICE_NAME, or `bff`; the backend's default is
  // `backend`).
  if (parent.OTEL_SERVICE_NAME?.trim()) env.OTEL_SERVICE_NAME = `${parent.OTEL_SERVICE_NAME.trim()}-backend`;
  if (config.DATABASE_URL) env.DATABASE_URL = config.DATABASE_URL;
  if (config.SMTP_URL) env.SMTP_URL = config.SMTP_URL;
  if (config.DEMO_SEED !== undefined) env.DEMO_SEED = String(config.DEMO_SEED);
  return env;
}
