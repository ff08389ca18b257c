import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractReport, exitCodeOf, formatReport, junitReport, type OperationResult } from '../contract/run';
import { freePort } from '../e2e/support/server';

/**
 * The contract suites against the PHP stand-in: the operator's report lists every operation of openapi.yaml as
 * conforms / differs / not implemented, with what it did with bad input. The stand-in has only the PHP API calls,
 * answered as the specification describes them: most conform, `user.php` and `profile.php` differ (the user bare, no
 * id, no address, PHP's own error bodies — what the BFF's anti-corruption layer reads into the contract's shape, and
 * read through it they conform), the rest are not implemented; it takes bad input the contract refuses (a NUL
 * character in a query) — and the form of API_BASE_URL the README shows (`…/api`) is understood.
 */
const ROUTER = fileURLToPath(new URL('../fixtures/php-backend/router.php', import.meta.url));
const hasPhp = spawnSync('php', ['-v'], { stdio: 'ignore' }).status === 0;
const runHere = hasPhp || Boolean(process.env.CI);

describe.skipIf(!runHere)('contract report against the PHP stand-in', () => {
  let php: ChildProcess | undefined;
  let base = '';
  let results: OperationResult[] = [];

  const logins = {
    CONTRACT_AUTH_COOKIE: 'PHPSESSID',
    CONTRACT_FREE_EMAIL: 'free@demo.test',
    CONTRACT_FREE_PASSWORD: 'demo-password',
    CONTRACT_PREMIUM_EMAIL: 'premium@demo.test',
    CONTRACT_PREMIUM_PASSWORD: 'demo-password',
  };

  beforeAll(async () => {
    if (!hasPhp)
      throw new Error('CI is set but the `php` CLI is missing: install php-cli so the contract report can run against the PHP stand-in');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    php = spawn('php', ['-S', `127.0.0.1:${port}`, ROUTER], { stdio: 'ignore' });
    const started = Date.now();
    for (;;) {
      try {
        if ((await fetch(`${base}/api/settings.php`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 15_000) throw new Error(`php -S did not start on ${base}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    results = await contractReport(`${base}/api`, { quiet: true, env: logins });
  }, 180_000);

  afterAll(() => {
    php?.kill('SIGTERM');
  });

  it("When the report is made, then the PHP API calls of the stand-in conform, user.php and profile.php differ where the specification's dialect is not the contract's, and every other operation is not implemented", () => {
    const verdict = (id: string) => results.find((r) => r.operationId === id)?.verdict;
    for (const id of ['getSettings', 'logout', 'getInterests', 'getRegions', 'getCompanyInfo', 'listChats', 'listLikes']) {
      expect(verdict(id), id).toBe('conforms');
    }
    expect(results.filter((r) => r.verdict === 'differs').map((r) => [r.operationId, r.detail])).toEqual([
      ['getUser', "403: (body) must have required property 'error'"],
      ['postUser', "200: /user must have required property 'id'"],
      ['putUser', "200: (body) must have required property 'user'"],
      // PHP's own error body (`{"error": "Niet gevonden"}`) for a member who does not exist.
      ['getProfile', '404: /error must be object'],
    ]);
    for (const id of ['listMembers', 'signup', 'deleteAccount', 'uploadPhoto', 'listPendingPhotos', 'decidePhoto']) {
      expect(verdict(id), id).toBe('not implemented');
    }
    expect(results.filter((r) => r.verdict === 'not run')).toEqual([]);
  });

  it('When bad input is sent on purpose, then what the stand-in takes although the contract refuses it differs, apart from the verdict on its answers', () => {
    const badInput = (id: string) => results.find((r) => r.operationId === id)?.badInput;
    // The stand-in reads no query parameter of these: a NUL character in one is answered 200.
    expect(badInput('getSettings')).toEqual({
      verdict: 'differs',
      detail: '200 to query.host with a NUL character: accepted with 200; a request the contract does not take must get a documented 4xx',
    });
    expect(badInput('getRegions')?.verdict).toBe('differs');
    for (const id of ['getInterests', 'getCompanyInfo', 'listChats', 'listLikes', 'logout'])
      expect(badInput(id), id).toEqual({ verdict: 'none', detail: 'it takes no input' });
    expect(badInput('listMembers')).toEqual({ verdict: 'none', detail: 'not implemented' });
  });

  it('When the report is printed, then there is one line per operation of openapi.yaml and a summary of its answers and of bad input', () => {
    const text = formatReport(results);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(results.length + 2);
    expect(lines.find((l) => l.includes(' getSettings '))).toMatch(
      /^conforms +getSettings +GET \/api\/settings\.php +\d+ answer\(s\): 200 \| bad input differs: /,
    );
    expect(lines.find((l) => l.includes(' listMembers '))).toMatch(/^not implemented +listMembers +GET \/api\/members\.php +answers 404$/);
    expect(lines.at(-2)).toMatch(/^\d+ operations: 7 conform, 4 differ, \d+ not implemented, 0 not run$/);
    expect(lines.at(-1)).toMatch(/^bad input: \d+ refuse it, \d+ differ, 0 not run, \d+ take none or are not implemented$/);
  });

  it('When an answer breaks the contract, then the operation differs with its first schema error', async () => {
    const { verdictOf } = await import('../contract/run');
    const result = await verdictOf(base, { operationId: 'getUser', method: 'GET', path: '/api/user.php' }, [
      { check: 'answer', status: 200 },
      { check: 'answer', status: 200, error: '/user/credits must be integer' },
    ]);
    expect(result).toMatchObject({ verdict: 'differs', detail: '200: /user/credits must be integer' });
  });

  it('When no logins are given, then the public calls still conform, every operation that needs a member is not run naming the login, and the exit status fails', async () => {
    const bare = await contractReport(`${base}/api`, { quiet: true, env: { CONTRACT_AUTH_COOKIE: 'PHPSESSID' }, suites: ['answers'] });
    const verdict = (id: string) => bare.find((r) => r.operationId === id);
    for (const id of ['getSettings', 'getInterests', 'getRegions', 'getCompanyInfo']) expect(verdict(id)?.verdict, id).toBe('conforms');
    for (const id of ['listChats', 'listLikes']) {
      expect(verdict(id)?.verdict, id).toBe('not run');
      expect(verdict(id)?.detail, id).toContain('CONTRACT_FREE_EMAIL and CONTRACT_FREE_PASSWORD');
    }
    expect(exitCodeOf(bare)).toBe(1);
    expect(exitCodeOf(results)).toBe(1);
    expect(exitCodeOf(results.filter((r) => r.verdict !== 'differs' && r.badInput.verdict !== 'differs'))).toBe(0);
  }, 120_000);

  it('When the report reads the stand-in through the anti-corruption layer (--through-adapter), then user.php and profile.php conform as the site gets them, even in strict mode', async () => {
    const adapted = await contractReport(`${base}/api`, {
      quiet: true,
      env: logins,
      suites: ['answers'],
      throughAdapter: true,
      strict: true,
    });
    const verdict = (id: string) => adapted.find((r) => r.operationId === id);
    for (const id of ['getUser', 'postUser', 'putUser', 'getProfile', 'getSettings', 'logout', 'listChats', 'listLikes']) {
      expect(verdict(id)?.verdict, `${id}: ${verdict(id)?.detail}`).toBe('conforms');
    }
    expect(adapted.filter((r) => r.verdict === 'differs')).toEqual([]);
  }, 120_000);

  it('When the report is written as JUnit, then differs is a failure, not run an error and not implemented skipped', () => {
    const none = { verdict: 'none' as const };
    const text = junitReport(
      [
        {
          operationId: 'getUser',
          method: 'GET',
          path: '/api/user.php',
          verdict: 'differs',
          detail: '200: /user/credits must be integer',
          badInput: none,
        },
        { operationId: 'listChats', method: 'GET', path: '/api/chats.php', verdict: 'not run', detail: 'no login <free>', badInput: none },
        {
          operationId: 'listMembers',
          method: 'GET',
          path: '/api/members.php',
          verdict: 'not implemented',
          detail: 'answers 404',
          badInput: none,
        },
        { operationId: 'getSettings', method: 'GET', path: '/api/settings.php', verdict: 'conforms', badInput: none },
      ],
      'contract',
    );
    expect(text).toContain('<testsuite name="contract" tests="4" failures="1" errors="1" skipped="1">');
    expect(text).toContain('<failure message="200: /user/credits must be integer"/>');
    expect(text).toContain('<error message="no login &#60;free&#62;"/>');
    expect(text).toContain('<skipped message="answers 404"/>');
  });
});
