// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { matchFinderAction } from '../../../app/pages/likes-pages';
import { profileFixture, userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { MatchFinder } from './match-finder';

afterEach(cleanup);

const UNSAVED = { gender: null, min_age: 18, max_age: 99, country: 'NL', region_id: 4, saved: false };

/** The finder's backend: the member's answers (unsaved), their saving (answered with `save`) and the members who fit. */
function backend(save: [number, unknown]) {
  const calls: string[] = [];
  const fetch = async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const call = `${request.method} ${new URL(request.url).pathname}`;
    calls.push(request.method === 'GET' ? call : `${call} ${await request.text()}`);
    const [status, body] =
      call === 'GET /api/match-preferences.php'
        ? [200, UNSAVED]
        : call === 'PUT /api/match-preferences.php'
          ? save
          : call === 'GET /api/match-finder.php'
            ? [
                200,
                {
                  preferences: save[1],
                  matches: [{ profile: profileFixture({ id: 8, name: 'Bram' }), likes_you: true, shared_interests: 2 }],
                },
              ]
            : [404, {}];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

/** Answers the three questions: men, 25 to 40, Belgium. */
async function answer() {
  fireEvent.click(await screen.findByLabelText('Men'));
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  fireEvent.change(await screen.findByLabelText('From (age)'), { target: { value: '25' } });
  fireEvent.change(screen.getByLabelText('To (age)'), { target: { value: '40' } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  fireEvent.change(await screen.findByLabelText('Country'), { target: { value: 'BE' } });
  fireEvent.click(screen.getByRole('button', { name: 'Show my matches' }));
}

describe('the match finder with JavaScript (its route action through the finder fetcher)', () => {
  it('When the member answers the three questions, then the route action saves them and the members who fit show in place', async () => {
    const saved = { gender: 'male', min_age: 25, max_age: 40, country: 'BE', region_id: null, saved: true };
    const api = backend([200, saved]);
    const page = renderWithApp(<MatchFinder />, {
      user: userFixture(),
      fetch: api.fetch,
      url: '/match-finder',
      path: '/match-finder',
      action: matchFinderAction,
    });
    await answer();
    await screen.findByText('You are looking for:', { exact: false });
    expect(screen.getByText('Men, 25 to 40 years, Belgium')).toBeTruthy();
    await screen.findByText('Bram');
    // A new country drops the saved region (it belongs to the old one).
    expect(api.calls).toContain(
      `PUT /api/match-preferences.php {"gender":"male","min_age":25,"max_age":40,"country":"BE","region_id":null}`,
    );
    expect(page.router.state.location.pathname).toBe('/match-finder');
  });

  it("When the backend refuses the answers, then its message shows on the last question in the member's language", async () => {
    const refusal = { error: { code: 'invalid_request', message: 'De leeftijden kloppen niet.' } };
    renderWithApp(<MatchFinder />, {
      user: userFixture(),
      fetch: backend([422, refusal]).fetch,
      url: '/match-finder',
      path: '/match-finder',
      action: matchFinderAction,
    });
    await answer();
    expect(await screen.findByText('De leeftijden kloppen niet.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Where do they live?' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show my matches' }).hasAttribute('disabled')).toBe(false));
  });
});
