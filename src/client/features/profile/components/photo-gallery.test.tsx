// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('When a member views another’s photos, then each photo he sees unblurred carries a link to its report page (it works without JavaScript), which with JavaScript opens the dialog', () => {
    const open = vi.fn();
    const second = { ...main, id: 9, filename: 'c.jpg', thumb_filename: 'thumbs/c.jpg', match_path: 'photos/c.jpg' };
    renderWithApp(
      <PhotoGallery
        profile={{ ...profile, images: [main, second, blurred] }}
        cdnPrefix="/media/"
        reportPhoto={{ path: (id) => `/members/42/report?photo=${id}`, open }}
      />,
      { url: '/members/42' },
    );
    const links = screen.getAllByTestId('gallery-report');
    expect(links.map((a) => [a.tagName, a.getAttribute('href'), a.getAttribute('aria-label')])).toEqual([
      ['A', '/members/42/report?photo=7', 'Report photo 1 of Mark'],
      ['A', '/members/42/report?photo=9', 'Report photo 2 of Mark'],
    ]);
    // Each lies on its own photo, so the strip scrolls it along with that photo.
    expect(links[1]?.closest('.gallery-slide')?.querySelector('img')?.getAttribute('src')).toContain('c.jpg');
    fireEvent.click(links[1] as HTMLElement);
    expect(open).toHaveBeenCalledWith(9);
  });

  it('When nobody may report (a visitor, his own profile), then no photo has a report link', () => {
    renderWithApp(<PhotoGallery profile={profile} cdnPrefix="/media/" loggedIn={false} />, { url: '/members/42' });
    expect(screen.queryByTestId('gallery-report')).toBeNull();
  });
});
