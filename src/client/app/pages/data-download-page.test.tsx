import { describe, expect, it } from 'vitest';
import { userFixture } from '../../test/fixtures';
import { dataDownloadLoader } from './data-download-page';

const KEY = 'a'.repeat(32);
const TOKEN = 'b'.repeat(32);

/** Runs the loader for `url` as a visitor with or without a live session; answers the redirect it throws, or its result. */
async function open(url: string, session: boolean): Promise<Response | unknown> {
  const context = { hasSession: session, user: Promise.resolve(session ? userFixture() : null) };
  try {
    return await dataDownloadLoader({ request: new Request(`http://localhost${url}`), params: {}, context } as never);
  } catch (thrown) {
    return thrown;
  }
}

describe('the mailed data download link', () => {
  it('When a logged-out visitor opens it, then the login page follows, and comes back to the link afterwards', async () => {
    const answer = (await open(`/data-export/download?key=${KEY}`, false)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe(`/login?return=${encodeURIComponent(`/data-export/download?key=${KEY}`)}`);
  });

  it('When the member opens it with his session, then the archive follows as a new document (the download)', async () => {
    const answer = (await open(`/data-export/download?key=${KEY}`, true)) as Response;
    expect(answer.headers.get('Location')).toBe(`/api/data-export-file.php?key=${KEY}`);
    expect(answer.headers.get('X-Remix-Reload-Document')).toBe('true');
  });

  it('When the link of an archive asked for while suspended carries its download token, then the archive follows at once', async () => {
    const answer = (await open(`/data-export/download?key=${KEY}&token=${TOKEN}`, false)) as Response;
    expect(answer.headers.get('Location')).toBe(`/api/data-export-file.php?key=${KEY}&token=${TOKEN}`);
  });

  it('When the link is malformed, then the page is a 404 and nothing is asked for', async () => {
    expect(await open('/data-export/download?key=nope', true)).toEqual({ status: 404 });
    expect(await open(`/data-export/download?key=${KEY}&token=x`, false)).toEqual({ status: 404 });
  });
});
