import { describe, expect, it } from 'vitest';
import { profileFixture, userFixture } from '../../test/fixtures';
import type { ProfileDetail } from './api/get-profile';
import { socialImage } from './social-image';

const profile = (overrides: Partial<ProfileDetail> = {}): ProfileDetail => ({
  ...profileFixture({ id: 42 }),
  about: '',
  images: [],
  interests: [],
  attributes: {},
  last_active: null,
  ...overrides,
});

describe('socialImage', () => {
  it('When the profile has an approved main photo, then the preview is its absolute URL under the public origin', () => {
    expect(socialImage(profile(), null, '/media/', 'https://gaydate.example')).toBe('https://gaydate.example/media/photos/a.jpg');
  });

  it('When the cdn_prefix is absolute, then the photo URL is used as it is', () => {
    expect(socialImage(profile(), null, 'https://cdn.example/m/', undefined)).toBe('https://cdn.example/m/photos/a.jpg');
  });

  it('When the viewer gets the blurred copy, then the preview is the blurred copy', () => {
    const main = {
      id: 7,
      filename: 'b.jpg',
      thumb_filename: 'b.jpg',
      status: 'approved' as const,
      match_path: 'blurred/b.jpg',
      locked: true,
    };
    expect(socialImage(profile({ main_image: main }), null, '/media/', 'https://gaydate.example')).toBe(
      'https://gaydate.example/media/blurred/b.jpg',
    );
  });

  it('When there is no photo, it awaits moderation, or no absolute URL can be built, then there is no preview', () => {
    expect(socialImage(profile({ main_image: null }), null, '/media/', 'https://gaydate.example')).toBeNull();
    const pending = { id: 7, filename: 'a.jpg', thumb_filename: 'a.jpg', status: 'pending' as const, match_path: 'photos/a.jpg' };
    expect(socialImage(profile({ main_image: pending }), null, '/media/', 'https://gaydate.example')).toBeNull();
    expect(socialImage(profile(), null, '/media/', undefined)).toBeNull();
  });

  it('When a member views his own disabled or invisible profile, then it has no preview; his active public one has', () => {
    const own = (status: string, invisible?: boolean) =>
      userFixture({
        id: 42,
        profile: {
          id: 42,
          name: 'Mark',
          country: 'NL',
          status,
          main_image: null,
          ...(invisible !== undefined ? { invisible } : {}),
        } as never,
      });
    expect(socialImage(profile(), own('disabled'), '/media/', 'https://gaydate.example')).toBeNull();
    expect(socialImage(profile(), own('active', true), '/media/', 'https://gaydate.example')).toBeNull();
    expect(socialImage(profile(), own('active', false), '/media/', 'https://gaydate.example')).toBe(
      'https://gaydate.example/media/photos/a.jpg',
    );
  });
});
