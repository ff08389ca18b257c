// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileAction } from '../../../app/pages/profile-page';
import { ApiRequestError } from '../../../lib/api-error';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';
import { profileFixture, userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { onLikePopup, type LikePopup } from '../popup-events';
import { LikeButton } from './like-button';

/**
 * A fake backend recording "METHOD /path" of every call; an answer may be a status with a body, and `hold` keeps the
 * answers of that call until `release`.
 */
function backend(answers: Record<string, unknown>, { hold }: { hold?: string } = {}) {
  const calls: string[] = [];
  let release: () => void = () => undefined;
  const fetch = async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const call = `${request.method} ${new URL(request.url).pathname}`;
    calls.push(call);
    if (call === hold) await new Promise<void>((resolve) => (release = resolve));
    const answer = answers[call];
    const [status, body] = answer instanceof Array ? (answer as [number, unknown]) : [call in answers ? 200 : 404, answer ?? {}];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch, release: () => release() };
}

type Profile = ReturnType<typeof profileFixture>;
const profileKey = (id: number) => swrKey('/profile.php', { id });

/** The member's card as a page shows it: his profile as the page's loader answered it, read through SWR. */
function Card({ id, variant }: { id: number; variant: 'icon' | 'full' }) {
  const { data } = useApiSWR<Profile>(profileKey(id), () => Promise.reject(new Error('the page had his profile')));
  return data ? <LikeButton profile={data} variant={variant} /> : null;
}

/**
 * The heart on the search (/members): its form goes to the profile's route action, /members/:id, through the router.
 * (Which loaders run again after it is the page route's rule: app/page-route.test.tsx, components/router-fetcher.test.tsx.)
 */
function showHeart(profile: Profile, api: ReturnType<typeof backend>, variant: 'icon' | 'full' = 'icon') {
  return renderWithApp(<Card id={profile.id} variant={variant} />, {
    user: userFixture(),
    fetch: api.fetch,
    url: '/members',
    path: '/members/:id',
    action: profileAction,
    fallback: { [profileKey(profile.id)]: profile },
  });
}

const heart = () => screen.getByRole('button', { name: 'Like Mark' });

afterEach(cleanup);

describe('like heart', () => {
  it('When the card says the member liked him, then the heart is pressed without loading the likes list, and an unlike releases it at once', async () => {
    const api = backend({ 'DELETE /api/like.php': {} });
    showHeart(profileFixture({ id: 42, liked: true }), api);
    const pressed = await screen.findByRole('button', { name: 'Like Mark' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(pressed);
    });
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    expect(api.calls).toEqual(['DELETE /api/like.php']);
  });

  it('When the card says not liked, then a like presses the heart at once through the profile action, and the search stays', async () => {
    const liked = profileFixture({ id: 42 });
    const api = backend({ 'POST /api/like.php': { profile: liked, match: false } });
    const page = showHeart(profileFixture({ id: 42, liked: false }), api);
    expect((await screen.findByRole('button', { name: 'Like Mark' })).getAttribute('aria-pressed')).toBe('false');
    await act(async () => {
      fireEvent.click(heart());
    });
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(page.router.state.fetchers.size).toBe(0));
    expect(api.calls).toEqual(['POST /api/like.php']);
    expect(page.router.state.location.pathname).toBe('/members');
  });

  it('When the like is under way, then the heart shows it as done and is busy; a like back opens the match pop-up', async () => {
    const popups: LikePopup[] = [];
    const stop = onLikePopup((popup) => popups.push(popup));
    const liker = profileFixture({ id: 42 });
    const api = backend({ 'POST /api/like.php': { profile: liker, match: true } }, { hold: 'POST /api/like.php' });
    showHeart(profileFixture({ id: 42, liked: false }), api, 'full');
    fireEvent.click(await screen.findByRole('button', { name: 'Like' }));
    await waitFor(() => expect(api.calls).toEqual(['POST /api/like.php']));
    const busy = screen.getByRole('button', { name: 'Liked' });
    expect(busy.getAttribute('aria-pressed')).toBe('true');
    expect(busy.hasAttribute('disabled')).toBe(true);
    api.release();
    await waitFor(() => expect(popups).toEqual([{ kind: 'match', profile: liker }]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Match' }).hasAttribute('disabled')).toBe(false));
    stop();
  });

  it("When the backend refuses the like, then its message shows beside the heart in the member's language and the heart is released", async () => {
    const refusal = { error: { code: 'like_limit', message: 'Je hebt vandaag al te veel likes gegeven.' } };
    const api = backend({ 'POST /api/like.php': [429, refusal] });
    showHeart(profileFixture({ id: 42, liked: false }), api);
    fireEvent.click(await screen.findByRole('button', { name: 'Like Mark' }));
    expect(await screen.findByText('Je hebt vandaag al te veel likes gegeven.')).toBeTruthy();
    expect(heart().getAttribute('aria-pressed')).toBe('false');
    expect(heart().hasAttribute('disabled')).toBe(false);
  });

  it("When the profile page answers his heart posted without JavaScript and refused, then the backend's message shows beside it", async () => {
    const refusal = new ApiRequestError(429, { error: { code: 'like_limit', message: 'Je hebt vandaag al te veel likes gegeven.' } });
    renderWithApp(<LikeButton profile={profileFixture({ id: 42, liked: false })} refused={refusal} />, { user: userFixture() });
    expect((await screen.findByRole('status')).textContent).toBe('Je hebt vandaag al te veel likes gegeven.');
  });

  it('When the backend sends no liked (an older one), then the heart reads the likes list', async () => {
    const api = backend({
      'GET /api/likes.php': {
        profiles: [
          { profile: profileFixture({ id: 42 }), like_new: false, direction: 'given', match: false, created_at: '2026-01-01T00:00:00Z' },
        ],
        liked_by: [],
        total_new: 0,
      },
    });
    renderWithApp(<LikeButton profile={profileFixture({ id: 42 })} variant="icon" />, { user: userFixture(), fetch: api.fetch });
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    expect(api.calls).toContain('GET /api/likes.php');
  });
});
