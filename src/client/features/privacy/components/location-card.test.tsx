// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myProfileAction } from '../../../app/pages/my-profile-page';
import { createApiClient } from '../../../../shared/api/create-client';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { LocationCard } from './location-card';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The location calls as the backend saw them (method and body), each answered 204, or `refusal` for a PUT. */
function backend(refusal?: Response) {
  const calls: Array<{ method: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    if (new URL(request.url).pathname !== '/api/location.php') return json(404, { error: { code: 'not_found', message: 'x' } });
    const text = await request.text();
    calls.push({ method: request.method, body: text ? (JSON.parse(text) as unknown) : null });
    if (refusal && request.method === 'PUT') return refusal;
    return new Response(null, { status: 204 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

beforeEach(() => {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 52.37, longitude: 4.89 } } as GeolocationPosition) },
  });
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'geolocation');
});

const render = (fetch: typeof globalThis.fetch, hasLocation: boolean, onChange: () => void) =>
  renderWithApp(<LocationCard hasLocation={hasLocation} onChange={onChange} />, {
    user: userFixture(),
    url: '/profile',
    path: '/profile',
    action: myProfileAction,
    fetch,
  });

describe('LocationCard', () => {
  it('When he shares his location, then the browser’s position goes to the profile page’s action through a fetcher, the backend stores it, and the page is told', async () => {
    const { fetch, calls } = backend();
    const onChange = vi.fn();
    const { router } = render(fetch, false, onChange);
    fireEvent.click(screen.getByRole('button', { name: 'Share my location' }));
    expect(await screen.findByText('Location saved.')).toBeTruthy();
    expect(calls).toEqual([{ method: 'PUT', body: { lat: 52.37, lon: 4.89 } }]);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('When the backend refuses the position, then he reads that it could not be saved and the page is not told', async () => {
    const { fetch } = backend(json(422, { error: { code: 'invalid_value', message: 'x' } }));
    const onChange = vi.fn();
    render(fetch, false, onChange);
    fireEvent.click(screen.getByRole('button', { name: 'Share my location' }));
    expect(await screen.findByText('Your location could not be determined.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('When he forgets his location, then its form (a plain form without JavaScript) makes the backend forget it', async () => {
    const { fetch, calls } = backend();
    const onChange = vi.fn();
    render(fetch, true, onChange);
    const forget = screen.getByRole('button', { name: 'Forget my location' });
    expect(forget.closest('form')?.getAttribute('method')).toBe('post');
    fireEvent.click(forget);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ method: 'DELETE', body: null }]);
  });

  it('When the location form is posted without JavaScript or without a position, then the action answers 303 to his profile or refuses it without a call', async () => {
    const { fetch, calls } = backend();
    const context = { api: createApiClient({ baseUrl: 'http://localhost/api', fetch }) };
    const post = (fields: Record<string, string>) =>
      myProfileAction({
        request: new Request('http://localhost/profile', { method: 'POST', body: new URLSearchParams(fields) }),
        params: {},
        context,
      } as unknown as Parameters<typeof myProfileAction>[0]);
    const forgotten = (await post({ intent: 'forget_location' })) as Response;
    expect(forgotten.status).toBe(303);
    expect(forgotten.headers.get('Location')).toBe('/profile');
    expect(await post({ intent: 'location', lat: '', lon: '4.89' })).toMatchObject({ form: 'location', status: 400 });
    expect(calls).toEqual([{ method: 'DELETE', body: null }]);
  });
});
