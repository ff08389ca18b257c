// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import nl from '../../../../../locales/nl.json';
import { profileFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import type { ProfileDetail } from '../api/get-profile';
import { ProfileView } from './profile-view';

afterEach(cleanup);

const detail = (premium: boolean): ProfileDetail => ({
  ...profileFixture({ premium, name: 'Mark' }),
  about: '',
  images: [],
  interests: [],
  attributes: {},
  last_active: null,
});

describe('ProfileView', () => {
  it('When the member is premium, then his name carries the premium badge; a free member has none', () => {
    renderWithApp(<ProfileView profile={detail(true)} cdnPrefix="/media/" loggedIn />);
    const badge = screen.getByRole('heading', { level: 1 }).querySelector('.premium-badge');
    expect(badge?.textContent).toBe('Premium');
    cleanup();
    renderWithApp(<ProfileView profile={detail(false)} cdnPrefix="/media/" loggedIn />);
    expect(document.querySelector('.premium-badge')).toBeNull();
  });

  it('When the page is Dutch, then the badge is translated', () => {
    renderWithApp(<ProfileView profile={detail(true)} cdnPrefix="/media/" loggedIn />, { locale: 'nl', messages: nl });
    expect(document.querySelector('.premium-badge')?.textContent).toBe(nl['member.premium']);
  });
});
