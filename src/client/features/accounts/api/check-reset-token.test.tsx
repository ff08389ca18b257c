// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import nl from '../../../../../locales/nl.json';
import { ResetPasswordDoPage } from '../../../app/pages/reset-password-pages';
import { renderWithApp } from '../../../test/render-app';

afterEach(cleanup);

const TOKEN = 'ab'.repeat(32);
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The reset page opened from a mailed link, with the backend answering the token check by `status`. */
function openLink(status: number) {
  const calls: string[] = [];
  renderWithApp(<ResetPasswordDoPage />, {
    url: `/reset-password/do?token=${TOKEN}`,
    locale: 'nl',
    messages: nl,
    fetch: async (input) => {
      const request = input as Request;
      const url = new URL(request.url);
      calls.push(`${request.method} ${url.pathname}${url.search}`);
      return status === 200 ? json(200, { success: true }) : json(status, { error: { code: 'token_invalid', message: 'x' } });
    },
  });
  return calls;
}

describe('the reset page checks its link when it opens (checkResetToken)', () => {
  it('When the mailed link was already used, then the invalid-link state shows at once, without the new-password form', async () => {
    const calls = openLink(410);
    expect((await screen.findByTestId('reset-link-invalid')).textContent).toContain(
      'Link verlopen of invalide, vraag een nieuwe e-mail aan',
    );
    expect(screen.queryByLabelText('Nieuw wachtwoord')).toBeNull();
    // Checked, not spent: one GET with the token, no PUT.
    expect(calls).toEqual([`GET /api/reset-password.php?token=${TOKEN}`]);
  });

  it('When the mailed link still works, then the new-password form shows', async () => {
    openLink(200);
    expect(await screen.findByLabelText('Nieuw wachtwoord')).toBeTruthy();
    expect(screen.queryByTestId('reset-link-invalid')).toBeNull();
  });
});
