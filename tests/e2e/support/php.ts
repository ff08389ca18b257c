import { execFileSync, spawn } from 'node:child_process';
import { freePort } from './server';

function hasPhp(): boolean {
  try {
    execFileSync('php', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** In CI php-cli is installed by .ci/run and the PHP stand-in suites must run; locally they are skipped without php. */
export const runPhp = hasPhp() || process.env.CI === 'true';

export interface PhpStandIn {
  url: string;
  stop(): void;
}

/** The PHP stand-in (tests/fixtures/php-backend/router.php) on a free port, once it answers settings.php. */
export async function startPhpStandIn(): Promise<PhpStandIn> {
  const port = await freePort();
  const php = spawn('php', ['-S', `127.0.0.1:${port}`, 'router.php'], { cwd: 'tests/fixtures/php-backend', stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/api/settings.php`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop: () => php.kill() };
}
