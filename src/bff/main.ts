import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { renderPage as RenderPage } from '../server/render';
import { createApp } from './app';
import { loadConfig, type Config } from './config';
import { contractIdempotentOperations, contractOperationIds } from './idempotent-operations';
import { createLogger } from './logging';
import { embeddedBackendEnv } from './embedded-env';
import { RoutingError, loadRoutingFile, needsEmbedded, resolveEmbedded, singleBackendPlan, type RoutingPlan } from './routing';
import { connectionDrain } from '../shared/connection-drain';
import { reportCrashes, startErrorReports } from '../shared/error-reports';
import { startTracing } from '../shared/trace-hooks';
import { keepIdleConnectionsOpen } from '../shared/keep-alive';
import { BFF_HEAP_GROWING_PERCENT, limitHeapGrowth } from '../shared/heap-growth';
import { logProcessWarnings } from '../shared/process-warnings';
import { IdentityKeyError, type AssertionSigner } from '../shared/member-assertion';
import { identitySigner } from './identity-key';

/**
 * Process entry (`node dist/server/bff.js` once built, `tsx src/bff/main.ts` in development): parse config, start the embedded TypeScript backend when no
 * BACKEND_URL is given (a separate process reached over HTTP — never imported; it listens on 127.0.0.1 only and
 * shares a secret with the BFF: BACKEND_SECRET, or one generated per start), load the SSR renderer, listen, and
 * shut down gracefully.
 */

const startedAt = performance.now();
// The compiled BFF (scripts/build-server.ts) names the compiled backend beside it and forks it with plain node; run from
// source, the backend's source runs through tsx.
const BACKEND_ENTRY = fileURLToPath(new URL('../../mock-backend/main.ts', import.meta.url));
const BACKEND_EXEC_ARGV = BACKEND_ENTRY.endsWith('.ts') ? ['--import', 'tsx'] : [];
const BACKEND_READY_TIMEOUT_MS = 120_000;
function startEmbeddedBackend(
  config: Config,
  plan: RoutingPlan,
  backendSecret: string,
  signer: AssertionSigner | undefined,
  logger: Logger,
): Promise<{ child: ChildProcess; url: string }> {
  const env = embeddedBackendEnv(process.env, config, plan, backendSecret, signer);
  const child = fork(BACKEND_ENTRY, [], { execArgv: BACKEND_EXEC_ARGV, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      child.kill('SIGTERM');
      reject(new Error(`The embedded backend did not report ready within ${BACKEND_READY_TIMEOUT_MS / 1000} s`));
    }, BACKEND_READY_TIMEOUT_MS);
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null) return;
      const { type, port } = message as { type?: unknown; port?: unknown };
      if (type !== 'ready' || typeof port !== 'number') return;
      cleanup();
      logger.info({ pid: child.pid, port }, 'embedded backend ready');
      resolve({ child, url: `http://127.0.0.1:${port}` });
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      cleanup();
      reject(new Error(`The embedded backend exited before it was ready (code ${code}, signal ${signal})`));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onError);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}

/** The SSR renderer, once the contract (openapi.yaml) is parsed: the backend client and the metrics need it first. */
async function loadRenderer(): Promise<typeof RenderPage> {
  const { renderPage } = await import('../server/render');
  contractIdempotentOperations();
  contractOperationIds();
  return renderPage;
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Traces first (only with an OTLP endpoint in the environment; otherwise nothing is loaded): the logger made next
  // puts the trace's id on every line written in a span.
  const tracing = await startTracing('bff');
  const logger = createLogger(config.LOG_LEVEL);
  logProcessWarnings(logger);
  limitHeapGrowth(BFF_HEAP_GROWING_PERCENT);
  const errorReports = await startErrorReports(config, 'bff');
  reportCrashes(errorReports, logger);
  let child: ChildProcess | undefined;
  const state: { server?: Server; closeStreams?: () => void; drain?: () => void } = {};
  let shuttingDown = false;

  const shutdown = (reason: string, exitCode: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ reason }, 'shutting down');
    const force = setTimeout(() => {
      logger.warn('graceful shutdown timed out; exiting');
      child?.kill('SIGKILL');
      process.exit(exitCode || 1);
    }, 10_000);
    force.unref();
    // Reports and spans still queued go out first (at most a moment: each flush has its own time limit).
    const exit = () => void Promise.all([errorReports.flush(), tracing.flush()]).then(() => process.exit(exitCode));
    const stopChild = () => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return exit();
      child.once('exit', exit);
      child.kill('SIGTERM');
    };
    // /readyz answers 503 draining: a load balancer stops sending new requests here; the listener closes and the
    // requests in flight finish. Open event streams end first with a retry hint (browsers resume them with
    // Last-Event-ID), or close() would wait for them. Then the embedded backend stops its workers and exits.
    state.drain?.();
    state.closeStreams?.();
    if (state.server) {
      state.server.close(() => stopChild());
      state.server.closeIdleConnections();
    } else {
      stopChild();
    }
  };
  process.once('SIGINT', () => shutdown('SIGINT', 0));
  process.once('SIGTERM', () => shutdown('SIGTERM', 0));
  process.once('exit', () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });

  let plan: RoutingPlan;
  try {
    plan = config.ROUTES_FILE ? loadRoutingFile(config.ROUTES_FILE) : singleBackendPlan(config.BACKEND_URL);
  } catch (error) {
    if (!(error instanceof RoutingError)) throw error;
    process.stderr.write(`${error.message}\nFix ROUTES_FILE (see the README's migration guide) and start again.\n`);
    process.exit(1);
  }
  let signer: AssertionSigner | undefined;
  try {
    signer = await identitySigner(config, plan);
  } catch (error) {
    if (!(error instanceof IdentityKeyError)) throw error;
    process.stderr.write(
      `IDENTITY_SIGNING_KEY: ${error.message}\nFix the environment variable (see the README's migration guide) and start again.\n`,
    );
    process.exit(1);
  }
  let embeddedUrl: string | undefined;
  let backendSecret = config.BACKEND_SECRET;
  // The embedded TypeScript backend runs when the plan names it: alone (no BACKEND_URL, no ROUTES_FILE), or beside a
  // legacy backend when the routing table sends some operations to it.
  let renderer: Promise<typeof RenderPage> | undefined;
  if (needsEmbedded(plan)) {
    backendSecret ??= randomBytes(32).toString('hex');
    // The backend starts in a process of its own; meanwhile this one loads the renderer and reads the contract, which
    // it would otherwise do only once the backend is ready (about a second of a start).
    const starting = startEmbeddedBackend(config, plan, backendSecret, signer, logger);
    renderer = loadRenderer();
    const [embedded] = await Promise.all([starting, renderer]);
    child = embedded.child;
    embeddedUrl = embedded.url;
    child.once('exit', (code, signal) => {
      if (shuttingDown) return;
      logger.fatal({ code, signal }, 'the embedded backend died; exiting');
      child = undefined;
      shutdown('backend exited', 1);
    });
  }

  const renderPage = await (renderer ?? loadRenderer());
  // The generated secret goes to the embedded backend only; other backends get BACKEND_SECRET (when set).
  const routing = resolveEmbedded(plan, embeddedUrl, backendSecret);
  const app = createApp({ config, routing, logger, render: renderPage, identitySigner: signer, errorReports });
  const backends = Object.fromEntries([...routing.backends].map(([name, target]) => [name, target.url]));
  const server = app.listen(config.PORT, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    logger.info(
      {
        url: `http://localhost:${port}`,
        publicUrl: config.PUBLIC_URL,
        backends,
        defaultBackend: routing.defaultBackend,
        routes: routing.routes.size,
        shadowed: routing.shadow.size,
        embeddedBackend: child !== undefined,
        startupMs: Math.round(performance.now() - startedAt),
      },
      `BFF listening on http://localhost:${port}`,
    );
  });
  keepIdleConnectionsOpen(server);
  state.server = server;
  state.closeStreams = () => app.closeStreams();
  const connections = connectionDrain(server);
  state.drain = () => {
    app.drain();
    connections.drain();
  };
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'the BFF cannot listen');
    shutdown('listen error', 1);
  });
  server.on('close', () => app.dispose());
}

main().catch((error: unknown) => {
  process.stderr.write(`BFF failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
