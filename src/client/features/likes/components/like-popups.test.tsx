// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import nl from '../../../../../locales/nl.json';
import type { User } from '../../../../shared/api/client';
import { chatAllowanceChanged } from '../../../lib/store/session-slice';
import { profileFixture, settingsFixture, userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { showLikePopup } from '../popup-events';
import { LikePopups } from './like-popups';
import { profileAction } from '../../../app/pages/profile-page';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** The layout's pop-ups for `user` on a site whose message costs 10 credits; the pop-up of `kind` opened for Mark. */
function open(user: User, kind: 'match' | 'new-like', locale: 'en' | 'nl' = 'en') {
  const view = renderWithApp(<LikePopups />, {
    user,
    url: '/members',
    settings: { ...settingsFixture, message_credits: 10 },
    ...(locale === 'nl' ? { locale, messages: nl } : {}),
  });
  act(() => showLikePopup({ kind, profile: profileFixture({ name: 'Mark' }) }));
  return view;
}

describe('the match and new-like pop-up says what writing costs', () => {
  it('When a free member gets a match, then before he writes the pop-up says how many free messages he has left and what a message costs after them; after a send, one fewer', () => {
    const { store } = open(userFixture({ paid_user: false, credits: 0, free_messages_left: 3 }), 'match');
    expect(screen.getByRole('link', { name: 'Send Mark a message' })).toBeTruthy();
    expect(screen.getByTestId('like-popup-free-left').textContent).toBe('3 free messages left, then 10 credits a message');
    act(() => {
      store.dispatch(chatAllowanceChanged({ credits: 0, free_messages_left: 2 }));
    });
    expect(screen.getByTestId('like-popup-free-left').textContent).toBe('2 free messages left, then 10 credits a message');
  });

  it('When a premium member gets a new like, then the pop-up says what his next message costs and his balance', () => {
    open(userFixture({ paid_user: true, credits: 120, free_messages_left: 0 }), 'new-like');
    expect(screen.getByRole('button', { name: 'Like Mark back' })).toBeTruthy();
    expect(screen.getByTestId('like-popup-price').textContent).toBe('Your next message costs 10 credits · you have 120 credits');
  });

  it('When a Dutch free member has used his free messages, then the pop-up says it in Dutch', () => {
    open(userFixture({ paid_user: false, credits: 4, free_messages_left: 0 }), 'match', 'nl');
    expect(screen.getByTestId('like-popup-price').textContent).toBe('Je volgende bericht kost 10 credits · je hebt 4 credits');
  });
});

describe('liking back from the pop-up', () => {
  it('When he likes Mark back from the new-like pop-up, then the like goes to the profile’s route action through a fetcher (as the heart’s does) and the match opens the match pop-up', async () => {
    const mark = profileFixture({ id: 5, name: 'Mark' });
    const likes: string[] = [];
    const fetch = async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const url = new URL(request.url);
      if (request.method === 'POST' && url.pathname === '/api/like.php') {
        likes.push(String(((await request.json()) as { profile_id: number }).profile_id));
        return new Response(JSON.stringify({ match: true, profile: mark }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return new Response(JSON.stringify({ profiles: [], liked_by: [], total_new: 0 }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    };
    const { router } = renderWithApp(<LikePopups />, {
      user: userFixture({ paid_user: true, credits: 120 }),
      url: '/likes',
      path: '/members/:id',
      action: profileAction,
      fetch,
    });
    act(() => showLikePopup({ kind: 'new-like', profile: mark }));
    fireEvent.click(screen.getByRole('button', { name: 'Like Mark back' }));
    expect(await screen.findByRole('link', { name: 'Send Mark a message' })).toBeTruthy();
    expect(likes).toEqual(['5']);
    expect(router.state.location.pathname).toBe('/likes');
  });
});
