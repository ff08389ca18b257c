import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Logger } from 'pino';
import { generateWebhookSecret } from '../../psp-simulator/simulator';
import type { PaymentProvider } from './provider';
import { createHttpProvider } from './simulator-provider';

// The compiled backend (scripts/build-server.ts) names the compiled simulator beside it and forks it with plain node;
// run from source, the simulator's source runs through tsx.
const SIMULATOR_ENTRY = fileURLToPath(new URL('../../psp-simulator/main.ts', import.meta.url));
const SIMULATOR_EXEC_ARGV = SIMULATOR_ENTRY.endsWith('.ts') ? ['--import', 'tsx'] : [];

export interface ProviderSetup {
  provider: PaymentProvider;
  /** The simulator process this backend started, if any. */
  child?: ChildProcess;
}

/**
 * The payment provider of this backend: the configured PSP, or — without PSP_URL — the PSP simulator as its own
 * process beside the backend (like a real PSP elsewhere), with a generated API key and webhook secret, its state in
 * DATA_DIR/psp. It stops when the backend goes away (IPC disconnect).
 */
export async function setUpProvider(
  config: {
    PSP_URL?: string | undefined;
    PSP_API_KEY?: string | undefined;
    PSP_WEBHOOK_SECRET?: string | undefined;
    PSP_PUBLIC_URL?: string | undefined;
    PSP_SIM_SETTLE_MS: number;
    LOG_LEVEL: string;
  },
  dataDir: string,
  logger: Logger,
): Promise<ProviderSetup> {
  if (config.PSP_URL && config.PSP_API_KEY && config.PSP_WEBHOOK_SECRET) {
    return {
      provider: createHttpProvider({ baseUrl: config.PSP_URL, apiKey: config.PSP_API_KEY, webhookSecret: config.PSP_WEBHOOK_SECRET }),
    };
  }
  const apiKey = `test_${randomBytes(24).toString('hex')}`;
  const webhookSecret = generateWebhookSecret();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: process.env.NODE_ENV,
    PSP_SIM_PORT: '0',
    PSP_API_KEY: apiKey,
    PSP_WEBHOOK_SECRET: webhookSecret,
    PSP_SIM_STATE_FILE: path.join(dataDir, 'psp', 'simulator.json'),
    PSP_SIM_SETTLE_MS: String(config.PSP_SIM_SETTLE_MS),
    LOG_LEVEL: config.LOG_LEVEL,
    ...(config.PSP_PUBLIC_URL ? { PSP_PUBLIC_URL: config.PSP_PUBLIC_URL } : {}),
  };
  const child = fork(SIMULATOR_ENTRY, [], { execArgv: SIMULATOR_EXEC_ARGV, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the PSP simulator did not start within 60 s')), 60_000);
    child.on('message', (m: unknown) => {
      const msg = m as { type?: unknown; port?: unknown };
      if (msg?.type === 'ready' && typeof msg.port === 'number') {
        clearTimeout(timer);
        resolve(msg.port);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the PSP simulator exited (code ${code})`));
    });
  });
  logger.info({ port, pid: child.pid }, 'PSP simulator started beside the backend');
  return { provider: createHttpProvider({ baseUrl: `http://127.0.0.1:${port}`, apiKey, webhookSecret }), child };
}
