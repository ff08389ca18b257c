// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import type { ProfileDetail } from '../api/get-profile';
import { PhotoGallery } from './photo-gallery';

afterEach(cleanup);

/** The thumbnail of photo `n` (the arrows beside the big photo carry the same names). */
const thumb = (n: number) => within(screen.getByRole('list', { name: 'Photos' })).getByRole('button', { name: `Show photo ${n}` });

const main = {
  id: 7,
  filename: 'a.jpg',
  thumb_filename: 'thumbs/a.jpg',
  status: 'approved' as const,
  match_path: 'photos/a.jpg',
  locked: false,
};
const blurred = {
  id: 8,
  filename: 'b.jpg',
  thumb_filename: 'blurred/b.jpg',
  status: 'approved' as const,
  match_path: 'blurred/b.jpg',
  locked: true,
};
const profile: ProfileDetail = {
  ...profileFixture({ name: 'Mark' }),
  about: '',
  images: [main, blurred],
  interests: [],
  attributes: {},
  last_active: null,
};

describe('PhotoGallery', () => {
  it('When a visitor opens a locked photo, then he is told he must be logged in, with the signup and login links', () => {
    renderWithApp(<PhotoGallery profile={profile} cdnPrefix="/media/" loggedIn={false} />, { url: '/members/42' });
    expect(screen.queryByText(/logged in to see more photos/)).toBeNull();
    fireEvent.click(thumb(2));
    const prompt = screen.getByRole('status');
    expect(prompt.textContent).toContain('You need to be logged in to see more photos of Mark.');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/members/42#signup');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('When a visitor reaches the locked photo with the arrow beside the big photo, then he is told too', () => {
    renderWithApp(<PhotoGallery profile={profile} cdnPrefix="/media/" loggedIn={false} />, { url: '/members/42' });
    const next = screen.getAllByRole('button', { name: 'Show photo 2' }).find((b) => b.classList.contains('is-next'));
    fireEvent.click(next as HTMLElement);
    expect(screen.getByRole('status').textContent).toContain('You need to be logged in to see more photos of Mark.');
  });

  it('When a visitor opens the unlocked main photo, or a member opens a locked one, then nobody is asked to log in', () => {
    renderWithApp(<PhotoGallery profile={profile} cdnPrefix="/media/" loggedIn={false} />, { url: '/members/42' });
    fireEvent.click(thumb(1));
    expect(screen.queryByText(/logged in to see more photos/)).toBeNull();
    cleanup();
    renderWithApp(<PhotoGallery profile={profile} cdnPrefix="/media/" loggedIn />, { url: '/members/42' });
    fireEvent.click(thumb(2));
    expect(screen.queryByText(/logged in to see more photos/)).toBeNull();
    expect(screen.getByText('Premium members see all photos unblurred.')).toBeTruthy();
  });
});
