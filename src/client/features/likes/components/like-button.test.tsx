// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileFixture, userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { LikeButton } from './like-button';

/** A fake backend recording "METHOD /path" of every call. */
function backend(answers: Record<string, unknown>) {
  const calls: string[] = [];
  const fetch = async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const call = `${request.method} ${new URL(request.url).pathname}`;
    calls.push(call);
    return new Response(JSON.stringify(answers[call] ?? {}), {
      status: call in answers ? 200 : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

afterEach(cleanup);

describe('like heart', () => {
  it('When the card says the member liked him, then the heart is pressed without loading the likes list, and an unlike releases it at once', async () => {
    const api = backend({ 'DELETE /api/like.php': {} });
    renderWithApp(<LikeButton profile={profileFixture({ id: 42, liked: true })} variant="icon" />, {
      user: userFixture(),
      fetch: api.fetch,
    });
    const heart = screen.getByRole('button', { name: 'Like Mark' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(heart);
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like Mark' }).getAttribute('aria-pressed')).toBe('false'));
    expect(api.calls).toEqual(['DELETE /api/like.php']);
  });

  it('When the card says not liked, then a like presses the heart at once', async () => {
    const liked = profileFixture({ id: 42 });
    const api = backend({ 'POST /api/like.php': { profile: liked, match: false } });
    renderWithApp(<LikeButton profile={profileFixture({ id: 42, liked: false })} variant="icon" />, {
      user: userFixture(),
      fetch: api.fetch,
    });
    expect(screen.getByRole('button', { name: 'Like Mark' }).getAttribute('aria-pressed')).toBe('false');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Like Mark' }));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like Mark' }).getAttribute('aria-pressed')).toBe('true'));
    expect(api.calls).toEqual(['POST /api/like.php']);
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
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like Mark' }).getAttribute('aria-pressed')).toBe('true'));
    expect(api.calls).toContain('GET /api/likes.php');
  });
});
