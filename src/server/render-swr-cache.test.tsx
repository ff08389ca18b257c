import { PassThrough } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../shared/api/create-client';
import { profileFixture, settingsFixture } from '../client/test/fixtures';
import { renderPage } from './render';

/** The HTML of /members for a visitor, with the backend's answer to members.php (every other call: 404). */
async function membersPage(members: { status: number; body: unknown }): Promise<string> {
  const fetch = async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const answer = new URL(request.url).pathname === '/api/members.php' ? members : { status: 404, body: { error: { code: 'not_found' } } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  };
  const res = new PassThrough() as PassThrough & { statusCode: number; setHeader: () => void };
  Object.assign(res, { statusCode: 200, setHeader: () => res });
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  await renderPage(
    {
      url: '/members',
      locale: 'en',
      settings: settingsFixture,
      api: createApiClient({ baseUrl: 'http://backend.test/api', fetch: fetch as typeof globalThis.fetch }),
      isBot: true,
      assets: { scripts: [], styles: [] },
      browserLanguage: null,
      log: { warn: () => undefined, error: () => undefined },
    },
    res as unknown as ServerResponse,
  );
  await new Promise((resolve) => setImmediate(resolve));
  return Buffer.concat(chunks).toString('utf8');
}

describe("the render's SWR cache", () => {
  it("When two requests render the same page one after the other, then the second never shows the first's answers: each render has SWR's cache of its own", async () => {
    const page = { profiles: [profileFixture({ id: 44, name: 'Ansgar Quist' })], next_cursor: null, total: 1 };
    // The page reads its members through SWR: the loader's answer is in the request's cache from the first render.
    expect(await membersPage({ status: 200, body: page })).toContain('<span class="name">Ansgar Quist</span>');
    const unavailable = { error: { code: 'backend_unavailable', message: 'Try later' } };
    expect(await membersPage({ status: 503, body: unavailable })).not.toContain('Ansgar Quist');
  });
});
