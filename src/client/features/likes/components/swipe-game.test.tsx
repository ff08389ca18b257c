// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { swipeAction } from '../../../app/pages/likes-pages';
import { profileFixture, settingsFixture, userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { onLikePopup, type LikePopup } from '../popup-events';
import { SwipeGameView } from './swipe-game';

afterEach(cleanup);

const [anna, bea] = [profileFixture({ id: 5, name: 'Anna' }), profileFixture({ id: 6, name: 'Bea' })];

/** The game's backend: the deck, and the answers of POST /swipe.php (by default a like back) and DELETE /swipe.php. */
function backend(
  swipe: [number, unknown] = [200, { match: true, likes_left: 3, resets_in_seconds: 3600 }],
  cards: ReturnType<typeof profileFixture>[] = [anna, bea],
) {
  const calls: string[] = [];
  const fetch = async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const call = `${request.method} ${new URL(request.url).pathname}`;
    calls.push(request.method === 'GET' ? call : `${call} ${await request.text()}`);
    const [status, body] =
      call === 'GET /api/swipe-game.php'
        ? [200, { cards, likes_left: 4, likes_per_day: 4, resets_in_seconds: 3600, can_undo: false }]
        : call === 'POST /api/swipe.php'
          ? swipe
          : call === 'DELETE /api/swipe.php'
            ? [200, { profile: anna }]
            : [404, {}];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

function play(api: ReturnType<typeof backend>, settings = settingsFixture) {
  return renderWithApp(<SwipeGameView />, {
    user: userFixture(),
    fetch: api.fetch,
    url: '/swipe-game',
    path: '/swipe-game',
    action: swipeAction,
    settings,
  });
}

/** A site that declares hosts: its fictional icon and warning. */
const hostSite = {
  ...settingsFixture,
  fictional_icon: '★',
  fictional_warning: 'Profiles marked with ★ are fictional hosts who chat for entertainment; you will not meet them.',
  fictional_singular: 'host profile',
};

const shownName = () => screen.getByTestId('swipe-card').querySelector('h2')?.textContent;

describe('the swipe game with JavaScript (its route action through the deck fetcher)', () => {
  it("When the member likes a card, then the game's action swipes it, the likes left and the next card follow in place and a like back opens the match pop-up", async () => {
    const popups: LikePopup[] = [];
    const stop = onLikePopup((popup) => popups.push(popup));
    const api = backend();
    const page = play(api);
    await screen.findByText('4 likes left today');
    expect(shownName()).toContain('Anna');
    fireEvent.click(screen.getByRole('button', { name: /^Like$/ }));
    await screen.findByText('3 likes left today');
    expect(shownName()).toContain('Bea');
    expect(api.calls).toEqual(['GET /api/swipe-game.php', `POST /api/swipe.php {"profile_id":5,"like":true}`]);
    expect(popups).toEqual([{ kind: 'match', profile: anna }]);
    expect(page.router.state.location.pathname).toBe('/swipe-game');
    stop();
  });

  it('When the member passes with the arrow key, then the next card shows, and undo brings the passed one back', async () => {
    const api = backend([200, { match: false, likes_left: 4, resets_in_seconds: 3600 }]);
    play(api);
    await screen.findByText('4 likes left today');
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    await waitFor(() => expect(shownName()).toContain('Bea'));
    fireEvent.click(screen.getByRole('button', { name: /Undo pass/ }));
    await waitFor(() => expect(shownName()).toContain('Anna'));
    expect(api.calls.slice(1)).toEqual([`POST /api/swipe.php {"profile_id":5,"like":false}`, 'DELETE /api/swipe.php ']);
    expect(screen.getByRole('button', { name: /Undo pass/ }).hasAttribute('disabled')).toBe(true);
  });

  it("When the day's likes are used, then the refusal stops the like button, keeps the card and starts the countdown", async () => {
    const limit = { error: { code: 'swipe_limit', message: 'Limit', params: { resets_in_seconds: 120 } } };
    play(backend([429, limit]));
    await screen.findByText('4 likes left today');
    fireEvent.click(screen.getByRole('button', { name: /^Like$/ }));
    await screen.findByText('You have used all your likes for today. You can still pass.');
    expect(screen.getByRole('timer').textContent).toMatch(/^00:0[12]:\d\d$/);
    expect(screen.getByRole('button', { name: /^Like$/ }).hasAttribute('disabled')).toBe(true);
    expect(shownName()).toContain('Anna');
  });

  it("When a host's card is on top, then his notice is on the card before any like, and the first Like — button, → or swipe — only asks; the next one sends it", async () => {
    const hosts = [1, 2, 3].map((id) => profileFixture({ id, name: `Host ${id}`, fictional: true }));
    const api = backend([200, { match: false, likes_left: 3, resets_in_seconds: 3600 }], hosts);
    play(api, hostSite);
    await screen.findByText('4 likes left today');
    const likes = () => api.calls.filter((c) => c.includes('"like":true'));
    const notice = () => screen.getByTestId('swipe-card').querySelector('[data-testid="host-notice"]')?.textContent ?? '';
    const ask = () => screen.getByTestId('host-ask').textContent;

    // By button: the notice is there from the start; the first Like asks beside it, "Like anyway" sends.
    expect(notice()).toContain('fictional hosts who chat for entertainment');
    expect(ask()).toBe('');
    const like = screen.getByRole('button', { name: /^Like$/ });
    expect(like.getAttribute('aria-describedby')).toBe('sg-host-1');
    fireEvent.click(like);
    expect(ask()).toBe('Still want to like Host 1? Like again to send it.');
    expect(likes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /^Like anyway$/ }));
    await waitFor(() => expect(shownName()).toContain('Host 2'));
    expect(likes()).toEqual([`POST /api/swipe.php {"profile_id":1,"like":true}`]);

    // By the arrow key, alike, once Host 2's card is the one the game plays (its Like button names him, and is free).
    await waitFor(() => {
      const next = screen.getByRole('button', { name: /^Like$/ });
      expect(next.getAttribute('aria-describedby')).toBe('sg-host-2');
      expect((next as HTMLButtonElement).disabled).toBe(false);
    });
    expect(ask()).toBe('');
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(ask()).toBe('Still want to like Host 2? Like again to send it.');
    expect(likes()).toHaveLength(1);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    await waitFor(() => expect(shownName()).toContain('Host 3'));
    expect(likes()).toHaveLength(2);

    // By a swipe to the right, alike; a pass stays one step.
    const swipe = () => {
      const card = screen.getByTestId('swipe-card');
      // jsdom has no pointer capture; the browser's card keeps the pointer while it is dragged.
      card.setPointerCapture = () => undefined;
      fireEvent.pointerDown(card, { pointerId: 1, clientX: 10 });
      fireEvent.pointerMove(card, { pointerId: 1, clientX: 150 });
      fireEvent.pointerUp(card, { pointerId: 1, clientX: 150 });
    };
    swipe();
    expect(ask()).toBe('Still want to like Host 3? Like again to send it.');
    expect(likes()).toHaveLength(2);
    swipe();
    await waitFor(() => expect(likes()).toHaveLength(3));
  });

  it("When a host's card is passed, then it goes at once, without a question", async () => {
    const api = backend(
      [200, { match: false, likes_left: 4, resets_in_seconds: 3600 }],
      [profileFixture({ id: 1, name: 'Host', fictional: true }), bea],
    );
    play(api, hostSite);
    await screen.findByText('4 likes left today');
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    await waitFor(() => expect(shownName()).toContain('Bea'));
    expect(api.calls.slice(1)).toEqual([`POST /api/swipe.php {"profile_id":1,"like":false}`]);
    // A real member's card carries no notice and no question.
    expect(screen.queryByTestId('host-notice')).toBeNull();
  });

  it('When the card was gone in the meantime, then the game moves on to the next one without a message', async () => {
    play(backend([404, { error: { code: 'not_found', message: 'Gone' } }]));
    await screen.findByText('4 likes left today');
    fireEvent.click(screen.getByRole('button', { name: /Pass/ }));
    await waitFor(() => expect(shownName()).toContain('Bea'));
    expect(screen.queryByText('Gone')).toBeNull();
  });
});
