import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPhpStandIn, runPhp, type PhpStandIn } from './support/php';
import { startSite, type RunningSite } from './support/server';

const TOKEN = 'e2e-operator-token-0123456789abcdef0123';

/**
 * An operator's setup with the real site: a routing table sends the PHP API's calls to the PHP stand-in and
 * the member search and profiles (which PHP lacks) to the embedded TypeScript backend started beside it; interests.php
 * is shadowed to the embedded backend; the operator reads metrics and the shadow report with his token.
 */
describe.skipIf(!runPhp)('the BFF routing between a PHP backend and the embedded backend', () => {
  let php: PhpStandIn | undefined;
  let site: RunningSite;

  beforeAll(async () => {
    php = await startPhpStandIn();
    const phpUrl = php.url;
    const file = join(mkdtempSync(join(tmpdir(), 'routes-')), 'routes.yaml');
    writeFileSync(
      file,
      [
        'backends:',
        `  php: ${phpUrl}`,
        '  embedded: embedded',
        'default: php',
        'media: embedded',
        'routes:',
        '  listMembers: embedded',
        '  getProfile: embedded',
        'shadow:',
        '  operations:',
        '    getInterests: { candidate: embedded }',
        '',
      ].join('\n'),
    );
    site = await startSite({ ROUTES_FILE: file, OPERATOR_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await site?.stop();
    php?.stop();
  });

  it('When pages and calls are made, then settings come from PHP and the routed search from the embedded backend', async () => {
    const page = await fetch(`${site.url}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('PHP Gay Dating');
    const members = await fetch(`${site.url}/api/members.php?limit=3`);
    expect(members.status).toBe(200);
    const body = (await members.json()) as { profiles: { id: number }[] };
    expect(body.profiles.length).toBeGreaterThan(0);
    const profile = await fetch(`${site.url}/api/profile.php?id=${body.profiles[0]!.id}`);
    expect(profile.status).toBe(200);
    // Not routed, and not in PHP: PHP's 404.
    expect((await fetch(`${site.url}/api/blocks.php`)).status).toBe(404);
    const search = await fetch(`${site.url}/members`, { headers: { accept: 'text/html' } });
    expect(search.status).toBe(200);
  });

  it('When a shadowed read is made, then the operator sees the comparison in the report and both backends in the metrics', async () => {
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${site.url}/api/interests.php`)).status).toBe(200);
    const auth = { authorization: `Bearer ${TOKEN}` };
    let report: { operations: { operation: string; requests: number; candidate: string; differences: { field: string }[] }[] } = {
      operations: [],
    };
    for (let i = 0; i < 50; i += 1) {
      report = (await (await fetch(`${site.url}/_ops/shadow`, { headers: auth })).json()) as typeof report;
      if ((report.operations.find((o) => o.operation === 'getInterests')?.requests ?? 0) >= 3) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const interests = report.operations.find((o) => o.operation === 'getInterests');
    expect(interests).toMatchObject({ candidate: 'embedded', requests: 3 });
    // The PHP stand-in knows 3 interests, the TypeScript backend its own list: real differences, reported.
    expect(interests!.differences.length).toBeGreaterThan(0);
    const metrics = await (await fetch(`${site.url}/_ops/metrics`, { headers: auth })).text();
    expect(metrics).toMatch(/bff_backend_requests_total\{backend="embedded",operation="listMembers",outcome="2xx"\} \d+/);
    expect(metrics).toMatch(/bff_backend_requests_total\{backend="php",operation="getSettings",outcome="2xx"\} \d+/);
    expect(metrics).toMatch(/bff_shadow_comparisons_total\{operation="getInterests",candidate="embedded",result="different"\} 3/);
    expect((await fetch(`${site.url}/_ops/metrics`)).status).toBe(401);
  });
});
