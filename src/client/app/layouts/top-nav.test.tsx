// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { preloadMemberParts } from './member-shell';
import { TopNav } from './top-nav';

// A member's items come from the members' chunk, loaded before rendering as the server and hydration do.
beforeAll(() => preloadMemberParts());
afterEach(cleanup);

describe('TopNav', () => {
  it('When logged out, then it shows the Login link, the logo leads to / and no member links', () => {
    renderWithApp(<TopNav unread={0} newLikes={0} />);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: /Gay Date Test/ }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: /Messages/ })).toBeNull();
    expect(screen.queryByText('Get Premium')).toBeNull();
  });

  it('When a visitor may sign up, then "Sign up" comes before "Log in" and keeps his traffic source; invite-only without one, only "Log in"', () => {
    const { unmount } = renderWithApp(<TopNav unread={0} newLikes={0} />, { url: '/?network=tj&utm_source=x' });
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links.indexOf('Sign up')).toBeGreaterThan(-1);
    expect(links.indexOf('Sign up')).toBeLessThan(links.indexOf('Log in'));
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup?network=tj');
    unmount();
    renderWithApp(<TopNav unread={0} newLikes={0} />, { settings: { ...settingsFixture, signups: 'with_trafficsource' } });
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('When logged in, then it shows search, messages and likes with capped badges, the account menu and Get Premium for free members', () => {
    renderWithApp(<TopNav unread={120} newLikes={3} />, { user: userFixture({ paid_user: false }) });
    expect(screen.getByRole('link', { name: /Gay Date Test/ }).getAttribute('href')).toBe('/members');
    expect(screen.getByRole('link', { name: /Search members/ }).getAttribute('href')).toBe('/members');
    const messages = screen.getByRole('link', { name: /Messages/ });
    expect(messages.getAttribute('href')).toBe('/chats');
    expect(within(messages).getByText('99+')).toBeTruthy();
    expect(within(messages).getByText('120 unread messages')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: /Likes/ })).getByText('3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe('/premium');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/notifications');
    expect(screen.getByRole('link', { name: 'Language' }).getAttribute('href')).toBe('/lang-config');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    const account = screen.getByRole('button', { name: 'Account of Jan' });
    expect(account.getAttribute('aria-expanded')).toBe('false');
  });

  it.each([
    [25, null],
    [11, null],
    [10, 'warning'],
    [1, 'warning'],
    [0, 'danger'],
  ])('When a paid user has %i credits, then the credits badge is %s', (credits, tone) => {
    // The site offers the one-step repeat order (member_resell).
    renderWithApp(<TopNav unread={0} newLikes={0} />, {
      user: userFixture({ paid_user: true, credits }),
      settings: { ...settingsFixture, member_resell: true },
    });
    const link = screen.getByRole('link', { name: /Credits/ });
    expect(link.getAttribute('href')).toBe('/credits/repeat-order');
    expect(screen.queryByText('Get Premium')).toBeNull();
    const badge = screen.queryByTestId('credits-badge');
    if (tone === null) expect(badge).toBeNull();
    else {
      expect(badge?.className).toContain(`text-bg-${tone}`);
      expect(badge?.textContent).toContain(String(credits));
    }
  });

  it.each([
    [true, 120, '/credits/repeat-order'],
    [false, 25, '/credits'],
    [false, 0, '/credits'],
  ])('When a member (paid: %s) has %i credits, then the header shows his balance on every page, leading to %s', (paid, credits, href) => {
    renderWithApp(<TopNav unread={0} newLikes={0} />, {
      user: userFixture({ paid_user: paid, credits }),
      settings: { ...settingsFixture, member_resell: true },
    });
    const balance = screen.getByTestId('nav-balance');
    expect(balance.getAttribute('href')).toBe(href);
    expect(balance.querySelector('.nav-balance')?.textContent).toBe(String(credits));
    expect(balance.textContent).toContain(credits === 1 ? '1 credit left' : `${credits} credits left`);
    // A free member keeps Get Premium beside it.
    expect(screen.queryAllByRole('link', { name: 'Get Premium' })).toHaveLength(paid ? 0 : 1);
  });

  it('When a Dutch member has 2,500 credits, then the header writes the balance as Dutch numbers are written', () => {
    renderWithApp(<TopNav unread={0} newLikes={0} />, { user: userFixture({ paid_user: true, credits: 2500 }), locale: 'nl' });
    expect(screen.getByTestId('nav-balance').querySelector('.nav-balance')?.textContent).toBe('2.500');
  });

  it('When there are no unread messages, then no badge is shown', () => {
    renderWithApp(<TopNav unread={0} newLikes={0} />, { user: userFixture() });
    expect(within(screen.getByRole('link', { name: /Messages/ })).queryByText('0')).toBeNull();
  });
});
