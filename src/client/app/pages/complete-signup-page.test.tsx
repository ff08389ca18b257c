// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { completeSignupAction, CompleteSignupPage } from './complete-signup-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** PUT /signup.php, recorded and held until `release`: refused while the name is blank. */
function backend() {
  const sent: unknown[] = [];
  let release: () => void = () => undefined;
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    if (request.method !== 'PUT' || new URL(request.url).pathname !== '/api/signup.php') return json(500, {});
    const body = (await request.json()) as { name: string };
    sent.push(body);
    await new Promise<void>((resolve) => (release = resolve));
    if (!body.name.trim())
      return json(422, { error: { code: 'name_required', message: 'Vul je profielnaam in', params: { field: 'name' } } });
    return json(200, { user: userFixture() });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent, release: () => release() };
}

describe('finishing a message-first signup with JavaScript (its action through the router)', () => {
  it('When the name is refused, then the message shows beside it with the fields as typed; saved, the members page loads as a new document', async () => {
    const { fetch, sent, release } = backend();
    const replace = vi.fn();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, assign });
    renderWithApp(<CompleteSignupPage />, { user: userFixture(), fetch, url: '/complete-signup', action: completeSignupAction });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-05-01' } });
    fireEvent.change(screen.getByLabelText('About me (optional)'), { target: { value: 'Hoi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my profile' }));
    await waitFor(() => expect(sent).toEqual([{ name: '', date_of_birth: '1990-05-01', about: 'Hoi' }]));
    // The router may render the submitting state a tick after the request left; the request is held until release().
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save my profile' }).hasAttribute('disabled')).toBe(true));
    release();
    expect(await screen.findByText('Vul je profielnaam in')).toBeTruthy();
    expect(screen.getByLabelText('Profile name').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('About me (optional)') as HTMLTextAreaElement).value).toBe('Hoi');

    fireEvent.change(screen.getByLabelText('Profile name'), { target: { value: 'Piet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my profile' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    release();
    await waitFor(() => expect([...replace.mock.calls, ...assign.mock.calls]).toEqual([['/members']]));
  });
});
