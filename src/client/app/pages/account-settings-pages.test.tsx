// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteAccountForm } from '../../features/accounts/components/delete-account-form';
import { userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { settingsAction } from './account-settings-pages';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The backend of the deletion: `answer` for DELETE /account.php, which it records (body and all) until `release`. */
function backend(answer: () => Response) {
  const deletions: unknown[] = [];
  let release: () => void = () => undefined;
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    if (request.method === 'DELETE' && new URL(request.url).pathname === '/api/account.php') {
      deletions.push(await request.json());
      await new Promise<void>((resolve) => (release = resolve));
      return answer();
    }
    return json(500, {});
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, deletions, release: () => release() };
}

function fillIn(password: string) {
  fireEvent.click(screen.getByLabelText('I want to take a break'));
  fireEvent.change(screen.getByLabelText('Anything else you want to tell us? (optional)'), { target: { value: ' bye ' } });
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
}

describe('the deletion form with JavaScript (the settings action through the router)', () => {
  it('When the backend refuses the password, then its message shows beside the password, the button is busy only meanwhile, and the reasons and comment stay', async () => {
    const refusal = { error: { code: 'password_wrong', message: 'Het wachtwoord klopt niet.', params: { field: 'password' } } };
    const { fetch, deletions, release } = backend(() => json(403, refusal));
    const sessionEnded = vi.fn();
    renderWithApp(<DeleteAccountForm />, {
      user: userFixture(),
      fetch,
      url: '/settings',
      action: settingsAction,
      context: { sessionEnded },
    });
    fillIn('wrong');
    await waitFor(() => expect(deletions).toEqual([{ password: 'wrong', reasons: ['taking_break'], comment: 'bye' }]));
    expect(screen.getByRole('button', { name: 'Delete my account' }).hasAttribute('disabled')).toBe(true);
    release();
    expect(await screen.findByText('Het wachtwoord klopt niet.')).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Delete my account' }).hasAttribute('disabled')).toBe(false);
    expect((screen.getByLabelText('I want to take a break') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Anything else you want to tell us? (optional)') as HTMLTextAreaElement).value).toBe(' bye ');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('When the account is deleted, then the page holds its calls and live updates, and the browser loads /account-deleted as a whole page in place of the settings', async () => {
    const { fetch, deletions, release } = backend(() => new Response(null, { status: 204 }));
    const sessionEnded = vi.fn();
    const replace = vi.fn();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, assign });
    renderWithApp(<DeleteAccountForm />, {
      user: userFixture(),
      fetch,
      url: '/settings',
      action: settingsAction,
      context: { sessionEnded },
    });
    fillIn('right');
    await waitFor(() => expect(deletions).toHaveLength(1));
    release();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/account-deleted'));
    expect(sessionEnded).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
  });
});
