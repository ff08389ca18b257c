// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import useSWR from 'swr';
import { getMyProfile, MY_PROFILE_KEY, type MyProfile } from '../../features/profile-edit/api/get-my-profile';
import { useApi } from '../../lib/api-client';
import { userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { myProfileAction, myProfileLoader, MyProfilePage } from './my-profile-page';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const saved: MyProfile = {
  id: 7,
  name: 'Jan',
  about: 'Cycling.',
  birth_date: '1990-05-17',
  age: 35,
  country: 'NL',
  region_id: null,
  attributes: {},
  interests: [],
  photos: [],
  photo_limit: 6,
  invisible: false,
  has_location: false,
} as unknown as MyProfile;

/**
 * The backend of the own profile: GET my-profile.php answers the saved profile; PUT profile.php (recorded, held until
 * `release`) saves it — the backend tidies the text (trims it) — or answers `refusal` when given.
 */
function backend(refusal?: unknown) {
  let profile = saved;
  const updates: Array<Record<string, unknown>> = [];
  let reads = 0;
  let release: () => void = () => undefined;
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const path = new URL(request.url).pathname;
    if (path === '/api/my-profile.php') {
      reads++;
      return json(200, { profile });
    }
    if (path === '/api/interests.php') return json(200, { interests: [] });
    if (path === '/api/regions.php') return json(200, { regions: [] });
    if (path === '/api/blocks.php') return json(200, { blocks: [] });
    if (request.method === 'PUT' && path === '/api/profile.php') {
      const body = (await request.json()) as Record<string, unknown>;
      updates.push(body);
      await new Promise<void>((resolve) => (release = resolve));
      if (refusal) return json(422, refusal);
      profile = { ...profile, name: String(body.name).trim(), about: String(body.about).trim() };
      return json(200, { profile });
    }
    return json(500, {});
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, updates, reads: () => reads, release: () => release() };
}

/** Another part of the page that shows the own profile from SWR's cache (it asks the backend itself). */
function CachedName() {
  const api = useApi();
  const { data } = useSWR(MY_PROFILE_KEY, () => getMyProfile(api));
  return <p data-testid="cached-name">{data?.name}</p>;
}

function renderPage(fetch: typeof globalThis.fetch) {
  const user = userFixture({ profile: { id: 7, name: 'Jan', country: 'NL', status: 'active', main_image: null } });
  const page = (
    <>
      <MyProfilePage />
      <CachedName />
    </>
  );
  return renderWithApp(page, { user, fetch, url: '/profile', loader: myProfileLoader, action: myProfileAction });
}

describe('the profile form with JavaScript (the profile action through the router)', () => {
  it('When the member saves his profile, then the button is busy meanwhile; saved, the form, the cached profile and the navigation show the saved profile', async () => {
    const { fetch, updates, reads, release } = backend();
    const { store } = renderPage(fetch);
    const form = within(await screen.findByTestId('profile-form'));
    await waitFor(() => expect(screen.getByTestId('cached-name').textContent).toBe('Jan'));
    fireEvent.change(form.getByLabelText('Profile name'), { target: { value: ' Jan B ' } });
    fireEvent.change(form.getByLabelText('About me'), { target: { value: ' Tandem rides. ' } });
    fireEvent.click(form.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ name: ' Jan B ', about: ' Tandem rides. ' });
    expect(form.getByRole('button', { name: /Save profile/ }).hasAttribute('disabled')).toBe(true);
    release();
    expect(await form.findByText('Your profile has been saved.')).toBeTruthy();
    expect(reads()).toBe(3);
    expect(screen.getByTestId('cached-name').textContent).toBe('Jan B');
    expect((form.getByLabelText('Profile name') as HTMLInputElement).value).toBe('Jan B');
    expect((form.getByLabelText('About me') as HTMLTextAreaElement).value).toBe('Tandem rides.');
    expect(form.getByRole('button', { name: 'Save profile' }).hasAttribute('disabled')).toBe(false);
    await waitFor(() => expect(store.getState().session.user?.profile.name).toBe('Jan B'));
  });

  it('When the backend refuses the name, then its message shows beside the name and the fields stay as typed', async () => {
    const refusal = { error: { code: 'name_invalid', message: 'Je profielnaam mag niet beginnen met een @', params: { field: 'name' } } };
    const { fetch, updates, release } = backend(refusal);
    const { store } = renderPage(fetch);
    const form = within(await screen.findByTestId('profile-form'));
    fireEvent.change(form.getByLabelText('Profile name'), { target: { value: '@jan' } });
    fireEvent.change(form.getByLabelText('About me'), { target: { value: 'Tandem rides.' } });
    fireEvent.click(form.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    release();
    expect(await form.findByText('Je profielnaam mag niet beginnen met een @')).toBeTruthy();
    expect(form.getByLabelText('Profile name').getAttribute('aria-describedby')).toBe('name-error');
    expect((form.getByLabelText('Profile name') as HTMLInputElement).value).toBe('@jan');
    expect((form.getByLabelText('About me') as HTMLTextAreaElement).value).toBe('Tandem rides.');
    expect(form.queryByText('Your profile has been saved.')).toBeNull();
    expect(store.getState().session.user?.profile.name).toBe('Jan');
  });
});
