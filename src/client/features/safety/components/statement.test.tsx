// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../../../../../locales/de.json';
import { ApiRequestError } from '../../../lib/api-error';
import { statementAction, statementLoader, StatementPage } from '../../../app/pages/statement-page';
import { renderWithApp } from '../../../test/render-app';
import type { Statement } from '../api/statements';
import { AppealForm } from './appeal-form';
import { StatementView } from './statement-view';
import { SuspensionNotice } from './suspension-notice';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const STATEMENT: Statement = {
  id: 12,
  action: 'suspend',
  content: null,
  days: 7,
  until: '2026-11-30T12:00:00Z',
  facts: 'Insulted another member.',
  rule: 'harassment_hate',
  source: 'report',
  automated: false,
  created_at: '2026-11-23T12:00:00Z',
  reversed_at: null,
  appeal_until: '2027-05-23T12:00:00Z',
  appeal: null,
  redress: ['internal_appeal', 'out_of_court_settlement', 'court'],
};

describe('SuspensionNotice', () => {
  it('When a login answers 423 account_suspended, then the end date and the statement link with its token show, in the member’s language', () => {
    const error = new ApiRequestError(423, {
      error: {
        code: 'account_suspended',
        message: 'x',
        params: { until: '2026-11-30T12:00:00Z', statement: 12, token: 'ab12cd34ef56ab12' },
      },
    });
    renderWithApp(<SuspensionNotice error={error} />, { locale: 'de', messages: de });
    // The date in German words, whatever the time zone the test runs in.
    expect(screen.getByTestId('login-suspended').textContent).toMatch(/Dein Konto ist bis \d+\. (November|Dezember) 2026/);
    expect(screen.getByRole('link', { name: 'Begründung lesen und Einspruch einlegen' }).getAttribute('href')).toBe(
      '/safety/statements/12?token=ab12cd34ef56ab12',
    );
  });

  it('When the account is banned, then it says so without an end date', () => {
    const error = new ApiRequestError(423, {
      error: { code: 'account_banned', message: 'x', params: { until: 'infinity', statement: 3 } },
    });
    renderWithApp(<SuspensionNotice error={error} />);
    expect(screen.getByTestId('login-suspended').textContent).toContain('Your account has been banned.');
  });
});

describe('StatementView and AppealForm', () => {
  it('When a statement is shown, then the measure, duration, facts, rule, source, automation and ways to contest are all there', () => {
    renderWithApp(<StatementView statement={STATEMENT} />);
    const text = screen.getByTestId('statement').textContent ?? '';
    for (const part of [
      'Suspension',
      '7 days',
      'Insulted another member.',
      'Harassment or hate',
      'Following a report by another person',
      'No automated means were used',
      'A certified out-of-court dispute settlement body',
      'A court',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('When the member appeals with the mail’s token, then the statement page’s action files it with the token; after six months the form is gone', async () => {
    const bodies: string[] = [];
    const fetch = vi.fn(async (input: Request | string | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      if (request.method === 'POST') bodies.push(await request.clone().text());
      return json(201, { id: 5, status: 'open' });
    }) as unknown as typeof globalThis.fetch;
    renderWithApp(<AppealForm statement={STATEMENT} token="ab12cd34ef56ab12" now={Date.parse('2026-11-24T00:00:00Z')} />, {
      fetch,
      url: '/safety/statements/12?token=ab12cd34ef56ab12',
      path: '/safety/statements/:id',
      action: statementAction,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please explain why the decision is wrong.');
    expect(bodies).toEqual([]);
    fireEvent.change(screen.getByLabelText('Why should we change the decision?'), { target: { value: 'It was a joke.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(JSON.parse(bodies[0] ?? '{}')).toEqual({ decision: 12, text: 'It was a joke.', token: 'ab12cd34ef56ab12' });

    cleanup();
    renderWithApp(<AppealForm statement={STATEMENT} token={null} now={Date.parse('2027-06-01T00:00:00Z')} />);
    expect(screen.getByTestId('appeal-over').textContent).toContain('The period for an appeal ended on');
    expect(screen.queryByRole('button', { name: 'Send appeal' })).toBeNull();
  });
});

describe('the statement page of a suspended member without a session', () => {
  const render = (dataExport: Response) => {
    const fetch = async (input: RequestInfo | URL) => {
      const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname;
      if (path === '/api/statement.php') return json(200, { ...STATEMENT, until: '2099-01-01T00:00:00Z' });
      if (path === '/api/data-export.php') return dataExport.clone();
      if (path === '/api/refund.php') return json(404, { error: { code: 'not_found', message: 'x' } });
      return json(404, { error: { code: 'not_found', message: 'x' } });
    };
    renderWithApp(<StatementPage />, {
      url: '/safety/statements/12?token=ab12cd34ef56ab12',
      path: '/safety/statements/:id',
      loader: statementLoader,
      fetch,
    });
  };

  it('When he opens the mail’s link (its token reads the statement only), then the statement shows and, instead of the refund and the data, the way to them: logging in', async () => {
    render(json(404, { error: { code: 'not_found', message: 'x' } }));
    const hint = await screen.findByTestId('still-yours-login');
    expect(hint.textContent).toContain('log in with your password');
    expect(hint.querySelector('a')?.getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('still-yours')).toBeNull();
    expect(screen.getByTestId('statement-facts').textContent).toContain('Insulted another member.');
  });

  it('When he comes from his refused login (its token refunds and exports), then the refund and the data are offered', async () => {
    render(json(200, { status: 'none', requested_at: null, ready_at: null, expires_at: null, next_request_at: null, download_path: null }));
    expect(await screen.findByTestId('still-yours')).toBeTruthy();
    expect(screen.queryByTestId('still-yours-login')).toBeNull();
  });
});
