import { describe, expect, it } from 'vitest';
import { errorFromLegacy, profileFromLegacy, userAnswerFromLegacy } from './legacy-answers';

/** The PHP service's dialect (the specification's) read into the contract's shape, and the contract's own passed as it is. */

const SPEC_USER = {
  status: 'active',
  credits: '120',
  paid_user: 1,
  language: 'nl_NL',
  signup_date: '2024-03-01 09:00:00',
  fictional_icon: '1',
  notifications_disabled: ['bounce', 'something-else'],
  profile: {
    id: '900001',
    name: 'Jan',
    country: 'nl',
    status: 'active',
    main_image: { filename: 'a.jpg', thumb_filename: 'a_t.jpg', status: 'approved', match_path: 'm/a.jpg' },
  },
};

describe('reading the PHP service', () => {
  it('When GET user.php answers the user itself (his id in profile.id, no address), then it is the contract user with his id and no address', () => {
    const answer = userAnswerFromLegacy(SPEC_USER);
    expect(answer).toEqual({
      user: {
        id: 900001,
        status: 'active',
        credits: 120,
        paid_user: true,
        language: 'nl',
        signup_date: '2024-03-01T09:00:00.000Z',
        fictional_icon: true,
        notifications_disabled: ['bounce'],
        profile: {
          id: 900001,
          name: 'Jan',
          country: 'NL',
          status: 'active',
          main_image: { id: 0, filename: 'a.jpg', thumb_filename: 'a_t.jpg', status: 'approved', match_path: 'm/a.jpg' },
        },
      },
    });
    // The login answer wraps the same user: the same reading.
    expect(userAnswerFromLegacy({ user: SPEC_USER })).toEqual(answer);
  });

  it("When the answer is the contract's own, then it reads as it is, counts and fields the contract adds later included", () => {
    const contract = {
      user: { ...userAnswerFromLegacy(SPEC_USER)!.user, email: 'jan@example.test', role: 'moderator', later_field: 1 },
      counts: { unread_messages: 2, new_likes: 3 },
    };
    expect(userAnswerFromLegacy(contract)).toEqual(contract);
  });

  it('When no member id can be found, then nothing is read', () => {
    expect(userAnswerFromLegacy({ ...SPEC_USER, profile: { ...SPEC_USER.profile, id: null } })).toBeNull();
    expect(userAnswerFromLegacy({ success: true })).toBeNull();
    expect(userAnswerFromLegacy(null)).toBeNull();
  });

  it("When the PHP service answers an error its own way, then it is the contract's error: the code from the specification's text or the status, the member's message", () => {
    const login = { method: 'POST', path: '/api/user.php' };
    const get = { method: 'GET', path: '/api/chats.php' };
    expect(errorFromLegacy(401, { error: 'Login mislukt, probeer opnieuw' }, login, 'Fehler')).toEqual({
      error: { code: 'login_failed', message: 'Fehler' },
    });
    expect(errorFromLegacy(429, { error: 'Te veel foute pogingen, account voor 15 min geblokkeerd.' }, login, 'x')).toEqual({
      error: { code: 'login_blocked', message: 'x', params: { minutes: 15 } },
    });
    expect(errorFromLegacy(403, { authentication_required: true }, get, 'x')).toEqual({
      error: { code: 'authentication_required', message: 'x' },
      authentication_required: true,
    });
    expect(errorFromLegacy(403, { error: 'Je moet ingelogd zijn om te chatten' }, get, 'x')).toMatchObject({
      authentication_required: true,
    });
    expect(errorFromLegacy(403, { error: 'Geen toegang' }, get, 'x')).toEqual({ error: { code: 'forbidden', message: 'x' } });
    expect(errorFromLegacy(404, null, get, 'x')).toEqual({ error: { code: 'not_found', message: 'x' } });
    expect(errorFromLegacy(500, null, get, 'x')).toEqual({ error: { code: 'internal_error', message: 'x' } });
    expect(errorFromLegacy(402, { message: 'Je hebt onvoldoende credits' }, get, 'x').error.code).toBe('insufficient_credits');
    // The contract's own body is kept as it is.
    const own = { error: { code: 'swipe_limit', message: 'Nog niet', params: { limit: 4 } } };
    expect(errorFromLegacy(429, own, get, 'x')).toBe(own);
  });

  it('When another member is asked for, then only his own profile is read', () => {
    const body = { profile: { id: 900003, name: 'Klaas', country: 'be', about: 'Antwerp.', attributes: { gender: 'male' } } };
    expect(profileFromLegacy(body, 900003)).toEqual({ id: 900003, name: 'Klaas', country: 'BE', about: 'Antwerp.', gender: 'male' });
    expect(profileFromLegacy(body, 900004)).toBeNull();
  });
});
