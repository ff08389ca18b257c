// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { loggedOut, userChanged } from '../../lib/store/session-slice';
import { MemberNavItems } from './member-shell';

afterEach(cleanup);

const items = (user = userFixture()) => (
  <ul>
    <MemberNavItems user={user} unread={2} newLikes={0} cdnPrefix="" />
  </ul>
);

describe('member parts of the layouts', () => {
  it('When a visitor logs in on the page, then the member part appears once its chunk is loaded, and goes again on logout', async () => {
    const { store } = renderWithApp(items());
    expect(screen.queryByRole('link', { name: /Messages/ })).toBeNull();
    await act(async () => {
      store.dispatch(userChanged(userFixture()));
    });
    // The chunk is a dynamic import (a module transform in the test runner, which takes its time the first time).
    expect((await screen.findByRole('link', { name: /Messages/ }, { timeout: 15_000 })).getAttribute('href')).toBe('/chats');
    expect(screen.getByText('2 unread messages')).toBeTruthy();
    act(() => {
      store.dispatch(loggedOut());
    });
    expect(screen.queryByRole('link', { name: /Messages/ })).toBeNull();
  });

  it('When the chunk is already loaded (server render, hydration), then a member gets the part at the first render', async () => {
    const { preloadMemberParts } = await import('./member-shell');
    await preloadMemberParts();
    renderWithApp(items(), { user: userFixture() });
    expect(screen.getByRole('link', { name: /Messages/ }).getAttribute('href')).toBe('/chats');
  });
});
