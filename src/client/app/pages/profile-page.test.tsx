// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import useSWR from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FETCHER_FIELD } from '../../components/router-fetcher';
import { BlockButton } from '../../features/privacy/components/block-button';
import { userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { createApiClient } from '../../../shared/api/create-client';
import { profileAction } from './profile-page';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The backend of the block: POST /block.php (recorded, held until `release`) answers `answer`; the chats list is read. */
function backend(answer: () => Response) {
  const blocks: unknown[] = [];
  let chatReads = 0;
  let release: () => void = () => undefined;
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const path = new URL(request.url).pathname;
    if (path === '/api/chats.php') {
      chatReads++;
      return json(200, { conversations: [] });
    }
    if (request.method === 'POST' && path === '/api/block.php') {
      blocks.push(await request.json());
      await new Promise<void>((resolve) => (release = resolve));
      return answer();
    }
    return json(500, {});
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, blocks, chatReads: () => chatReads, release: () => release() };
}

/** The profile page's block button beside a list the page loaded before (the chats) and the address shown. */
function Page() {
  const { pathname, search } = useLocation();
  useSWR('/chats.php', async () => (await fetch('http://localhost/api/chats.php')).json());
  return (
    <>
      <p data-testid="where">{`${pathname}${search}`}</p>
      <BlockButton memberId={42} name="Jan" />
    </>
  );
}

describe('the block button with JavaScript (the profile action through the router)', () => {
  it('When the member confirms the block, then the profile action blocks him, the buttons are busy, the lists loaded before are asked again and the search shows', async () => {
    const { fetch, blocks, chatReads, release } = backend(() => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    try {
      // Every page of the app loads its data (here: none, in a while) before it shows.
      const loader = async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return {};
      };
      renderWithApp(<Page />, { user: userFixture(), fetch, url: '/members/42', path: '/members/:id', action: profileAction, loader });
      await waitFor(() => expect(chatReads()).toBe(1));
      fireEvent.click(screen.getByRole('button', { name: 'Block Jan' }));
      fireEvent.click(screen.getByRole('button', { name: 'Block' }));
      await waitFor(() => expect(blocks).toEqual([{ id: 42 }]));
      expect(screen.getByRole('button', { name: 'Block' }).hasAttribute('disabled')).toBe(true);
      release();
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/members?blocked=1'));
      await waitFor(() => expect(chatReads()).toBe(2));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('When the backend refuses the block, then its message shows in the confirmation and the buttons work again', async () => {
    const refusal = { error: { code: 'not_found', message: 'Dit profiel bestaat niet.' } };
    const { fetch, release } = backend(() => json(404, refusal));
    renderWithApp(<BlockButton memberId={42} name="Jan" />, {
      user: userFixture(),
      fetch,
      url: '/members/42?block=confirm',
      path: '/members/:id',
      action: profileAction,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Block' }).hasAttribute('disabled')).toBe(true));
    release();
    expect(await screen.findByText('Dit profiel bestaat niet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Block' }).hasAttribute('disabled')).toBe(false);
  });
});

describe("the like heart's action", () => {
  /** profileAction for a heart posted to /members/42 with `fields`, the backend answering the like with `answer`. */
  async function postLike(fields: Record<string, string>, answer: Response) {
    const calls: string[] = [];
    const fetch = (async (input: Request | string | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      return answer;
    }) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ baseUrl: 'http://localhost/api', fetch });
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const request = new Request('http://localhost/members/42', { method: 'POST', body });
    const result = await profileAction({ params: { id: '42' }, request, context: { api } } as unknown as Parameters<
      typeof profileAction
    >[0]);
    return { result, calls };
  }
  const liked = { match: true, profile: { id: 42, name: 'Mark' } };

  it('When the browser posts the heart (no JavaScript), then the member is liked and the answer is a 303 back to the page it was sent from', async () => {
    const { result, calls } = await postLike({ intent: 'like', profile_id: '42', return: '/members?page=2' }, json(200, liked));
    expect(calls).toEqual(['POST /api/like.php']);
    expect(result instanceof Response && [result.status, result.headers.get('Location')]).toEqual([303, '/members?page=2']);
  });

  it("When the heart's fetcher sends it, then the answer is the like's result in place (null for an unlike), and a refusal its failure", async () => {
    const like = await postLike({ intent: 'like', profile_id: '42', return: '/members', [FETCHER_FIELD]: '1' }, json(200, liked));
    expect(like.result).toEqual({ inPlace: true, result: liked });
    const unlike = await postLike({ intent: 'unlike', profile_id: '42', [FETCHER_FIELD]: '1' }, new Response(null, { status: 204 }));
    expect(unlike.calls).toEqual(['DELETE /api/like.php']);
    expect(unlike.result).toEqual({ inPlace: true, result: null });
    const refusal = { error: { code: 'like_limit', message: 'Te veel likes.' } };
    const refused = await postLike({ intent: 'like', profile_id: '42', [FETCHER_FIELD]: '1' }, json(429, refusal));
    expect(refused.result).toEqual({ form: 'like', status: 429, body: refusal, fields: { profile_id: '42', intent: 'like' } });
  });

  it('When the album share form is posted to the profile, then the album is shared with the member of the form and the answer is a 303 to his profile; refused, its failure', async () => {
    const shared = await postLike({ intent: 'album-share', member_id: '42', share: '1' }, json(200, { shared: true }));
    expect(shared.calls).toEqual(['POST /api/album-share.php']);
    expect(shared.result instanceof Response && [shared.result.status, shared.result.headers.get('Location')]).toEqual([
      303,
      '/members/42',
    ]);
    const self = { error: { code: 'album_share_self', message: 'Je kunt je privéalbum niet met jezelf delen.' } };
    const refused = await postLike({ intent: 'album-share', member_id: '42', share: '0' }, json(422, self));
    expect(refused.calls).toEqual(['DELETE /api/album-share.php']);
    expect(refused.result).toEqual({ form: 'album-share', status: 422, body: self, fields: {} });
  });
});
