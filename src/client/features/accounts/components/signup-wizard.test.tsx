// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import nl from '../../../../../locales/nl.json';
import { signupAction } from '../../../app/pages/signup-page';
import type { PageActionArgs, PageContext } from '../../../app/route-handle';
import { createApiClient } from '../../../../shared/api/create-client';
import { renderWithApp } from '../../../test/render-app';
import { settingsFixture } from '../../../test/fixtures';
import { SignupWizard, type SignupPhotoSlot } from './signup-wizard';

beforeEach(() => window.sessionStorage.clear());
afterEach(cleanup);

const calls: string[] = [];
const fetchNothing: typeof fetch = async (input) => {
  calls.push(String(input instanceof Request ? input.url : input));
  return new Response('{}', { status: 500 });
};

function fillStep0(email: string, password: string, labels = { email: 'E-mail address', password: 'Password', next: 'Continue' }) {
  fireEvent.change(screen.getByLabelText(labels.email), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(labels.password), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: labels.next }));
}

describe('SignupWizard step 0', () => {
  it('When the address is "not-an-address", then step 0 shows "Invalid e-mail" beside the field, focuses it and does not go on', () => {
    calls.length = 0;
    renderWithApp(<SignupWizard />, { url: '/signup', fetch: fetchNothing });
    fillStep0('not-an-address', 'a-good-password');
    const email = screen.getByLabelText('E-mail address');
    expect(screen.getByText('Invalid e-mail')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(screen.getByText('Invalid e-mail').id);
    expect(document.activeElement).toBe(email);
    expect(screen.getByTestId('signup-step-0')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('When a Dutch visitor enters "not-an-address", then the text "Ongeldige e-mail" is shown', () => {
    renderWithApp(<SignupWizard />, { url: '/signup', locale: 'nl', messages: nl, fetch: fetchNothing });
    fillStep0('not-an-address', 'a-good-password', { email: 'E-mailadres', password: 'Wachtwoord', next: 'Verder' });
    expect(screen.getByText('Ongeldige e-mail')).toBeTruthy();
    expect(screen.getByTestId('signup-step-0')).toBeTruthy();
  });

  it('When the password is too short, then step 0 says how long it must be; corrected, the visitor reaches the photo step', () => {
    renderWithApp(<SignupWizard />, { url: '/signup', fetch: fetchNothing });
    fillStep0('jan@example.test', 'short');
    expect(screen.getByText('Your password needs at least 8 characters.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough' } });
    expect(screen.queryByText('Your password needs at least 8 characters.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('signup-step-1')).toBeTruthy();
  });

  it('When the form shows, then its progress bar is named "Step 1 of 5"', () => {
    renderWithApp(<SignupWizard />, { url: '/signup', fetch: fetchNothing });
    const bar = screen.getByRole('progressbar', { name: 'Step 1 of 5' });
    expect(bar.getAttribute('aria-valuenow')).toBe('20');
  });
});

describe('SignupWizard step 1', () => {
  it('When the page passes in a photo picker, then step 1 offers it, and a chosen photo is previewed and lets the visitor go on', () => {
    const picked: File[] = [];
    const photo: SignupPhotoSlot = {
      renderPicker: ({ onPicked, label }) => (
        <button type="button" onClick={() => onPicked(new File(['x'], 'me.jpg', { type: 'image/jpeg' }))}>
          {label}
        </button>
      ),
      upload: async (file) => {
        picked.push(file);
      },
    };
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
    try {
      renderWithApp(<SignupWizard photo={photo} />, { url: '/signup', fetch: fetchNothing });
      fillStep0('jan@example.test', 'long-enough');
      expect(screen.getByRole('button', { name: 'Add a photo later' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Add a photo' }));
      expect(screen.getByRole('img', { name: 'Your chosen photo' }).getAttribute('src')).toBe('blob:preview');
      expect(screen.getByRole('button', { name: 'Choose another photo' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Add a photo later' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(screen.getByTestId('signup-step-2')).toBeTruthy();
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });
});

describe('SignupWizard checks each step before moving on', () => {
  it('When both the address and the password are wrong, then step 0 shows both at once and focuses the first', () => {
    calls.length = 0;
    renderWithApp(<SignupWizard />, { url: '/signup', fetch: fetchNothing });
    fillStep0('not-an-address', 'short');
    expect(screen.getByText('Invalid e-mail')).toBeTruthy();
    expect(screen.getByText('Your password needs at least 8 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail address'));
    expect(calls).toEqual([]);
  });

  it('When step 3 gets the name "@joris" and a 16-year-old\'s birth date, then both errors show there at once and the visitor stays; corrected, he goes on', () => {
    calls.length = 0;
    renderWithApp(<SignupWizard />, { url: '/signup', fetch: fetchNothing });
    fillStep0('jan@example.test', 'long-enough');
    fireEvent.click(screen.getByRole('button', { name: 'Add a photo later' }));
    expect(screen.getByTestId('signup-step-2')).toBeTruthy();
    const sixteen = new Date();
    sixteen.setUTCFullYear(sixteen.getUTCFullYear() - 16);
    fireEvent.change(screen.getByLabelText('Profile name'), { target: { value: '@joris' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: sixteen.toISOString().slice(0, 10) } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('signup-step-2')).toBeTruthy();
    expect(screen.getByText('Your profile name must not start with an @')).toBeTruthy();
    expect(screen.getByText('Fill in your date of birth (18+ years)')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Profile name'));

    fireEvent.change(screen.getByLabelText('Profile name'), { target: { value: 'Joris' } });
    expect(screen.queryByText('Your profile name must not start with an @')).toBeNull();
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-05-17' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('signup-step-3')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("When a Dutch visitor's name is his e-mail address, then the Dutch text shows at step 3", () => {
    renderWithApp(<SignupWizard />, { url: '/signup', locale: 'nl', messages: nl, fetch: fetchNothing });
    fillStep0('jan@example.test', 'long-enough', { email: 'E-mailadres', password: 'Wachtwoord', next: 'Verder' });
    fireEvent.click(screen.getByRole('button', { name: nl['signup.photo.skip'] }));
    fireEvent.change(screen.getByLabelText(nl['signup.name']), { target: { value: 'jan@example.test' } });
    fireEvent.change(screen.getByLabelText(nl['signup.birthDate']), { target: { value: '1990-05-17' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verder' }));
    expect(screen.getByText(nl['signup.error.nameIsEmail'])).toBeTruthy();
  });
});

describe('SignupWizard sending the signup (the page action through the router)', () => {
  /** The backend of a signup: POST /signup.php (its body recorded) answers `answer`; the new member's user after. */
  function signupBackend(answer: () => Response) {
    const sent: unknown[] = [];
    const fetch = async (input: Request | string | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const path = new URL(request.url).pathname;
      if (request.method === 'POST' && path === '/api/signup.php') {
        sent.push(await request.json());
        return answer();
      }
      if (path === '/api/user.php') return new Response('{}', { status: 403 });
      return new Response('{}', { status: 500 });
    };
    return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
  }

  function walkToTheEnd() {
    fillStep0('jan@example.test', 'a-good-password');
    fireEvent.click(screen.getByRole('button', { name: 'Add a photo later' }));
    fireEvent.change(screen.getByLabelText('Profile name'), { target: { value: ' Jan ' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.change(screen.getByLabelText('About me (optional)'), { target: { value: 'Cycling.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
  }

  it('When the last step is sent, then the action creates the account with every step and the traffic source kept from an earlier page, and the wizard goes on', async () => {
    window.localStorage.setItem('tracking', JSON.stringify({ network: 'ads' }));
    const { fetch, sent } = signupBackend(
      () => new Response('{"success":true}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    renderWithApp(<SignupWizard />, { url: '/signup', fetch, action: signupAction, path: '/signup' });
    walkToTheEnd();
    await waitFor(() => expect(screen.queryByTestId('signup-step-3')).toBeNull());
    expect(sent).toEqual([
      {
        email: 'jan@example.test',
        password: 'a-good-password',
        name: 'Jan',
        date_of_birth: '1990-05-01',
        about: 'Cycling.',
        country: 'NL',
        tracking: { network: 'ads' },
      },
    ]);
    window.localStorage.clear();
  });

  it('When the visitor gives his own words at the last step, then a height out of range stops him beside it, and the signup sends only what he said', async () => {
    const { fetch, sent } = signupBackend(
      () => new Response('{"success":true}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    renderWithApp(<SignupWizard />, { url: '/signup', fetch, action: signupAction, path: '/signup' });
    fillStep0('jan@example.test', 'a-good-password');
    fireEvent.click(screen.getByRole('button', { name: 'Add a photo later' }));
    fireEvent.change(screen.getByLabelText('Profile name'), { target: { value: 'Jan' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Right now' }));
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'bottom' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Otter' }));
    fireEvent.change(screen.getByLabelText('Height'), { target: { value: '1,80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(screen.getByText('Enter a height between 120 and 230 cm.')).toBeTruthy();
    expect(screen.getByTestId('signup-step-3')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Height'), { target: { value: '180' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(screen.queryByTestId('signup-step-3')).toBeNull());
    expect(sent).toEqual([expect.objectContaining({ looking_for: ['right_now'], position: 'bottom', tribes: ['otter'], height_cm: 180 })]);
    expect(sent[0]).not.toHaveProperty('weight_kg');
    expect(sent[0]).not.toHaveProperty('pronouns');
  });

  it('When the visitor changes the country the site derived from his address, then the signup sends the one he chose', async () => {
    const { fetch, sent } = signupBackend(
      () => new Response('{"success":true}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    renderWithApp(<SignupWizard />, { url: '/signup', fetch, action: signupAction, path: '/signup' });
    fillStep0('jan@example.test', 'a-good-password');
    fireEvent.click(screen.getByRole('button', { name: 'Add a photo later' }));
    fireEvent.change(screen.getByLabelText('Profile name'), { target: { value: 'Jan' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-05-01' } });
    fireEvent.change(screen.getByLabelText('Your country'), { target: { value: 'BE' } });
    // Changed by him: the hint about where it came from goes.
    expect(screen.queryByTestId('signup-country-hint')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { country?: string }).country).toBe('BE');
  });

  it('When the backend refuses the country, then the wizard goes back to the personal-info step with the message beside the country', async () => {
    const refusal = {
      error: { code: 'country_not_offered', message: 'Kies een van de landen uit de lijst.', params: { field: 'country' } },
    };
    const { fetch } = signupBackend(
      () => new Response(JSON.stringify(refusal), { status: 422, headers: { 'Content-Type': 'application/json' } }),
    );
    renderWithApp(<SignupWizard />, { url: '/signup', fetch, action: signupAction, path: '/signup' });
    walkToTheEnd();
    expect(await screen.findByText('Kies een van de landen uit de lijst.')).toBeTruthy();
    expect(screen.getByTestId('signup-step-2')).toBeTruthy();
    expect(screen.getByLabelText('Your country').getAttribute('aria-invalid')).toBe('true');
  });

  it('When the backend refuses the name, then the wizard goes back to its step with the message beside it', async () => {
    const refusal = { error: { code: 'name_taken', message: 'Deze naam is al in gebruik.', params: { field: 'name' } } };
    const { fetch } = signupBackend(
      () => new Response(JSON.stringify(refusal), { status: 422, headers: { 'Content-Type': 'application/json' } }),
    );
    renderWithApp(<SignupWizard />, { url: '/signup', fetch, action: signupAction, path: '/signup' });
    walkToTheEnd();
    expect(await screen.findByText('Deze naam is al in gebruik.')).toBeTruthy();
    expect(screen.getByTestId('signup-step-2')).toBeTruthy();
    expect(screen.getByLabelText('Profile name').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('SignupWizard says what signing up means', () => {
  it('When the visitor is at the first and at the last step, then beside the button he reads that signing up accepts the terms and the privacy notice, both opening in a new tab', () => {
    renderWithApp(<SignupWizard />, { url: '/signup', fetch: fetchNothing });
    const notice = () => screen.getByTestId('signup-terms');
    expect(notice().textContent).toContain('By signing up you accept our terms and conditions');
    const terms = screen.getByRole('link', { name: 'terms and conditions (opens in a new tab)' });
    const privacy = screen.getByRole('link', { name: 'privacy notice (opens in a new tab)' });
    expect([terms.getAttribute('href'), terms.getAttribute('target')]).toEqual(['/pages/terms', '_blank']);
    expect([privacy.getAttribute('href'), privacy.getAttribute('target')]).toEqual(['/pages/privacy', '_blank']);
    fillStep0('jan@example.test', 'a-good-password');
    fireEvent.click(screen.getByRole('button', { name: 'Add a photo later' }));
    fireEvent.change(screen.getByLabelText('Profile name'), { target: { value: 'Jan' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('button', { name: 'Create my account' })).toBeTruthy();
    expect(notice().textContent).toContain('privacy notice');
  });

  it('When a Dutch visitor signs up, then the notice is in Dutch', () => {
    renderWithApp(<SignupWizard />, { url: '/signup', locale: 'nl', messages: nl, fetch: fetchNothing });
    expect(screen.getByTestId('signup-terms').textContent).toContain('Door je aan te melden ga je akkoord met onze algemene voorwaarden');
  });

  it("When the site derived the country from his address, then the personal-info step shows it preselected among the site's countries and says where it came from", () => {
    renderWithApp(<SignupWizard />, { url: '/signup', fetch: fetchNothing, settings: { ...settingsFixture, geoip_country: 'BE' } });
    fillStep0('jan@example.test', 'a-good-password');
    fireEvent.click(screen.getByRole('button', { name: 'Add a photo later' }));
    const country = screen.getByLabelText('Your country') as HTMLSelectElement;
    expect(country.value).toBe('BE');
    expect([...country.options].map((o) => [o.value, o.textContent])).toEqual([
      ['BE', 'Belgium'],
      ['NL', 'Netherlands'],
    ]);
    expect(screen.getByTestId('signup-country-hint').textContent).toBe(
      'We chose it from your internet connection. Change it if it is not right.',
    );
    expect(country.getAttribute('aria-describedby')).toContain(screen.getByTestId('signup-country-hint').id);
  });

  it("When the address is in a country the site does not offer, then the site's first country is preselected, without saying it came from his address", () => {
    renderWithApp(<SignupWizard />, { url: '/signup', fetch: fetchNothing, settings: { ...settingsFixture, geoip_country: 'US' } });
    fillStep0('jan@example.test', 'a-good-password');
    fireEvent.click(screen.getByRole('button', { name: 'Add a photo later' }));
    expect((screen.getByLabelText('Your country') as HTMLSelectElement).value).toBe('NL');
    expect(screen.queryByTestId('signup-country-hint')).toBeNull();
  });
});

describe('the signup action with his own words (the form as the browser posts it without JavaScript)', () => {
  /** Runs the page's action on a posted form of `pairs` (a list ticked twice comes as two pairs of one name). */
  async function post(pairs: Array<[string, string]>) {
    const sent: unknown[] = [];
    const api = createApiClient({
      baseUrl: 'http://localhost/api',
      fetch: async (input) => {
        const request = input instanceof Request ? input : new Request(input);
        sent.push(await request.json());
        return new Response('{"success":true}', { status: 200, headers: { 'Content-Type': 'application/json' } });
      },
    });
    const request = new Request('http://localhost/signup', { method: 'POST', body: new URLSearchParams(pairs) });
    const context = { api, settings: settingsFixture, user: Promise.resolve(null), hasSession: false, locale: 'en' } as PageContext;
    const answer = await signupAction({ request, params: {}, context } as unknown as PageActionArgs);
    return { answer, sent };
  }
  const plain: Array<[string, string]> = [
    ['email', 'jan@example.test'],
    ['password', 'a-good-password'],
    ['name', 'Jan'],
    ['date_of_birth', '1990-05-01'],
    ['about', ''],
  ];

  it('When the lists come as repeated fields with the choices and measures, then the account is created with them in the contract’s order and without the ones left empty', async () => {
    const { answer, sent } = await post([
      ...plain,
      ['looking_for', 'right_now'],
      ['looking_for', 'chat'],
      ['position', 'vers_top'],
      ['tribes', 'wolf'],
      ['tribes', 'bear'],
      ['height_cm', '178'],
      ['weight_kg', '74'],
      ['pronouns', ''],
      ['words_shown', '1'],
    ]);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(303);
    expect(sent).toEqual([
      {
        email: 'jan@example.test',
        password: 'a-good-password',
        name: 'Jan',
        date_of_birth: '1990-05-01',
        about: '',
        looking_for: ['chat', 'right_now'],
        position: 'vers_top',
        tribes: ['bear', 'wolf'],
        height_cm: 178,
        weight_kg: 74,
        tracking: {},
      },
    ]);
  });

  it('When four tribes, a height out of range and a weight that is no number are posted, then nothing is sent and the refusal names each with his words as sent', async () => {
    const { answer, sent } = await post([
      ...plain,
      ['looking_for', 'dates'],
      ['position', 'side'],
      ['tribes', 'bear'],
      ['tribes', 'otter'],
      ['tribes', 'cub'],
      ['tribes', 'jock'],
      ['height_cm', '250'],
      ['weight_kg', '80kg'],
      ['pronouns', 'they_them'],
      ['words_shown', '1'],
    ]);
    expect(sent).toEqual([]);
    expect(answer).toMatchObject({
      form: 'signup',
      status: 422,
      body: {
        error: {
          code: 'invalid_fields',
          params: {
            field: 'tribes',
            field_errors: [
              { field: 'tribes', code: 'profile_tribes_too_many' },
              { field: 'height_cm', code: 'profile_height_range' },
              { field: 'weight_kg', code: 'profile_weight_range' },
            ],
          },
        },
      },
      fields: {
        email: 'jan@example.test',
        name: 'Jan',
        looking_for: 'dates',
        position: 'side',
        tribes: 'bear,otter,cub,jock',
        height_cm: '250',
        weight_kg: '80kg',
        pronouns: 'they_them',
      },
    });
    expect((answer as { fields: Record<string, string> }).fields).not.toHaveProperty('password');
  });

  it('When a form without the own words is posted (an older page), then the account is created without them', async () => {
    const { sent } = await post([...plain, ['tribes', 'bear']]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('tribes');
  });
});
