// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import useSWR from 'swr';
import { getMyProfile, MY_PROFILE_KEY, type MyProfile } from '../../features/profile-edit/api/get-my-profile';
import { useApi } from '../../lib/api-client';
import { userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { myProfileAction, myProfileLoader, MyProfilePage } from './my-profile-page';

/** The verification's line of the page: a member who never asked. */
const NOT_VERIFIED = {
  status: 'none',
  verified: false,
  lapsed: false,
  pose: null,
  selfie: null,
  reason: null,
  submitted_at: null,
  decided_at: null,
  selfie_kept_until: null,
  selfies_left: 3,
  next_selfie_at: null,
};

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
    if (path === '/api/verification.php') return json(200, NOT_VERIFIED);
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
    // Busy while the save is held (the router's state reaches the page in a render of its own, later on a slow machine).
    await waitFor(() => expect(form.getByRole('button', { name: /Save profile/ }).hasAttribute('disabled')).toBe(true));
    release();
    expect(await form.findByText('Your profile has been saved.')).toBeTruthy();
    expect(reads()).toBe(3);
    // The other part's cached copy is replaced once the form's answer reaches SWR (an effect, a tick later).
    await waitFor(() => expect(screen.getByTestId('cached-name').textContent).toBe('Jan B'));
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

describe("the own photos' buttons with JavaScript (the profile action through the router)", () => {
  const photo = (id: number, isMain: boolean) => ({
    id,
    filename: `p${id}.jpg`,
    thumb_filename: `p${id}-thumb.jpg`,
    status: 'approved' as const,
    match_path: `/media/p${id}.jpg`,
    is_main: isMain,
  });

  /** The own profile with two photos; make-main and delete answer the photos as they are then (or `refusal`). */
  function photosBackend(refusal?: unknown) {
    let photos = [photo(1, true), photo(2, false)];
    const calls: string[] = [];
    const fetch = vi.fn(async (input: Request | string | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const url = new URL(request.url);
      if (url.pathname === '/api/my-profile.php') return json(200, { profile: { ...saved, photos } });
      if (['/api/interests.php', '/api/regions.php', '/api/blocks.php'].includes(url.pathname))
        return json(200, { interests: [], regions: [], blocks: [] });
      if (url.pathname === '/api/verification.php') return json(200, NOT_VERIFIED);
      if (url.pathname === '/api/photos.php' && request.method !== 'GET') {
        const { id } = (await request.json()) as { id: number };
        calls.push(`${request.method} ${id}`);
        if (refusal) return json(404, refusal);
        photos =
          request.method === 'DELETE'
            ? photos.filter((p) => p.id !== id).map((p, i) => ({ ...p, is_main: i === 0 }))
            : photos.map((p) => ({ ...p, is_main: p.id === id }));
        return json(200, { photos, limit: 6 });
      }
      return json(500, {});
    });
    return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
  }

  it('When the member makes his second photo the main one and then deletes the first, then the page shows the photos as saved and the navigation follows the main photo', async () => {
    const { fetch, calls } = photosBackend();
    const { store } = renderPage(fetch);
    fireEvent.click(await screen.findByRole('button', { name: 'Make main photo' }));
    await waitFor(() => expect(store.getState().session.user?.profile.main_image?.id).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: 'Delete photo 1' }));
    expect(await screen.findByText('Photo deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^Delete photo/ })).toHaveLength(1));
    expect(calls).toHaveLength(2);
    expect(store.getState().session.user?.profile.main_image?.id).toBe(2);
  });

  it('When the backend refuses a deletion, then its message shows and the photos stay', async () => {
    const { fetch } = photosBackend({ error: { code: 'not_found', message: 'Deze foto bestaat niet meer.' } });
    renderPage(fetch);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete photo 2' }));
    expect(await screen.findByText('Deze foto bestaat niet meer.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Delete photo/ })).toHaveLength(2);
  });
});
