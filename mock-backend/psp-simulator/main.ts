import { z } from 'zod';
import { createLogger } from '../lib/logger';
import { startSimulator } from './simulator';

/**
 * Process entry of the PSP simulator (`tsx mock-backend/psp-simulator/main.ts`). The backend starts it beside itself
 * when no PSP_URL is configured (like a real PSP would run elsewhere); it reports its port over IPC and stops when
 * its parent goes away.
 */
const Env = z.object({
  PSP_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  PSP_SIM_HOST: z.string().min(1).default('127.0.0.1'),
  PSP_API_KEY: z.string().min(16),
  PSP_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9+/=]{20,}$/),
  PSP_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  PSP_SIM_STATE_FILE: z.string().min(1).optional(),
  PSP_SIM_SETTLE_MS: z.coerce.number().int().min(0).default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

const parsed = Env.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
if (!parsed.success) {
  process.stderr.write(
    `Invalid environment for the PSP simulator:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}\n`,
  );
  process.exit(1);
}
const env = parsed.data;
const logger = createLogger(env.LOG_LEVEL).child({ component: 'psp-simulator' });

startSimulator({
  port: env.PSP_SIM_PORT,
  host: env.PSP_SIM_HOST,
  apiKey: env.PSP_API_KEY,
  webhookSecret: env.PSP_WEBHOOK_SECRET,
  publicUrl: env.PSP_PUBLIC_URL,
  stateFile: env.PSP_SIM_STATE_FILE,
  settleDelayMs: env.PSP_SIM_SETTLE_MS,
  logger,
}).then(
  ({ url, close }) => {
    const port = Number(new URL(url).port);
    logger.info({ url }, 'PSP simulator listening');
    if (process.send) process.send({ type: 'ready', port });
    const stop = () => {
      void close().then(() => process.exit(0));
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    process.on('disconnect', stop);
  },
  (err: unknown) => {
    logger.fatal({ err }, 'PSP simulator failed to start');
    process.exit(1);
  },
);
