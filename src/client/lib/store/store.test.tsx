// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { loggedOut, mainImageChanged, ownProfileSaved, sessionLoaded, sessionReducer, userChanged } from './session-slice';
import { dismissed, pageErrorSet, siteReducer } from './site-slice';
import { createAppStore, StoreProvider, useAppSelector } from './store';

afterEach(cleanup);

const site = { settings: settingsFixture, locale: 'en' as const, browserLanguage: null, pageError: null };

describe('store', () => {
  it('When an action changes the session, then the reducer returns a new state and leaves the old one as it was', () => {
    const user = userFixture();
    const before = { user, counts: { unread_messages: 3, new_likes: 1 } };
    const image = { id: 9, url: '/i/9.jpg' } as unknown as Parameters<typeof mainImageChanged>[0];
    const after = sessionReducer(before, mainImageChanged(image));
    expect(after.user?.profile.main_image).toBe(image);
    expect(before.user.profile.main_image).toBe(user.profile.main_image);
    expect(after.counts).toBe(before.counts);
    expect(sessionReducer(before, userChanged(userFixture({ id: 2 })))).toMatchObject({ user: { id: 2 }, counts: before.counts });
    expect(sessionReducer(before, userChanged(null))).toEqual({ user: null, counts: null });
    expect(sessionReducer(before, sessionLoaded(null))).toEqual({ user: null, counts: null });
    expect(sessionReducer(before, loggedOut())).toEqual({ user: null, counts: null });
    expect(sessionReducer(before, { type: 'other' })).toBe(before);
    expect(sessionReducer({ user: null, counts: null }, mainImageChanged(image)).user).toBeNull();
    const renamed = sessionReducer(before, ownProfileSaved({ name: 'Jan B', country: 'BE' }));
    expect(renamed.user?.profile).toMatchObject({ name: 'Jan B', country: 'BE', main_image: user.profile.main_image });
    expect(before.user.profile.name).toBe(user.profile.name);
    const same = { name: user.profile.name, country: user.profile.country };
    expect(sessionReducer(before, ownProfileSaved(same))).toBe(before);
  });

  it('When the session poll brings the same user and counts, then the state stays the same object; a change makes a new one', () => {
    const before = { user: userFixture(), counts: { unread_messages: 3, new_likes: 1 } };
    expect(sessionReducer(before, sessionLoaded({ user: userFixture(), counts: { unread_messages: 3, new_likes: 1 } }))).toBe(before);
    const counted = sessionReducer(before, sessionLoaded({ user: userFixture(), counts: { unread_messages: 4, new_likes: 1 } }));
    expect(counted.user).toBe(before.user);
    expect(counted.counts).toEqual({ unread_messages: 4, new_likes: 1 });
    const richer = sessionReducer(before, sessionLoaded({ user: userFixture({ credits: 99 }), counts: before.counts }));
    expect(richer.user?.credits).toBe(99);
    expect(richer.counts).toBe(before.counts);
  });

  it('When the site state changes, then dismissals add up and a page error is set', () => {
    const one = siteReducer(site, dismissed({ key: 'a', at: 1 }));
    const two = siteReducer(one, dismissed({ key: 'b', at: 2 }));
    expect(two.dismissals).toEqual({ a: 1, b: 2 });
    expect(one.dismissals).toEqual({ a: 1 });
    expect(siteReducer(two, pageErrorSet({ url: '/x', status: 404 })).pageError).toEqual({ url: '/x', status: 404 });
  });

  it('When the state changes, then components reading it render the new value', () => {
    const store = createAppStore({ session: { user: null, counts: null }, site });
    function Name() {
      const name = useAppSelector((s) => s.session.user?.profile.name ?? 'nobody');
      const pair = useAppSelector((s) => ({ locale: s.site.locale }));
      return <p>{`${name} ${pair.locale}`}</p>;
    }
    render(
      <StoreProvider store={store}>
        <Name />
      </StoreProvider>,
    );
    expect(screen.getByText('nobody en')).toBeTruthy();
    act(() => {
      store.dispatch(userChanged(userFixture()));
    });
    expect(screen.getByText(`${userFixture().profile.name} en`)).toBeTruthy();
  });
});
