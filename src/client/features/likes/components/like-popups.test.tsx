// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import nl from '../../../../../locales/nl.json';
import type { User } from '../../../../shared/api/client';
import { chatAllowanceChanged } from '../../../lib/store/session-slice';
import { profileFixture, settingsFixture, userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { showLikePopup } from '../popup-events';
import { LikePopups } from './like-popups';

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
