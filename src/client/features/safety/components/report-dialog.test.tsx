// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import nl from '../../../../../locales/nl.json';
import { reportAction } from '../../../app/pages/report-page';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import type { ReportTarget } from '../api/reports';
import { reportPagePath } from '../report-path';
import { ReportDialog } from './report-dialog';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function backend(answer: () => Response) {
  const calls: { method: string; path: string; body: string; key: string | null }[] = [];
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const url = new URL(request.url);
    calls.push({
      method: request.method,
      path: url.pathname,
      body: request.method === 'GET' ? '' : await request.clone().text(),
      key: request.headers.get('Idempotency-Key'),
    });
    return answer();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const receipt = { id: 7, reference: 'R-000007', status: 'open', blocked: false };

/** The dialog of member 5's content on his profile, beside the address shown. */
function Page({ target, onClose = () => undefined }: { target: ReportTarget; onClose?: () => void }) {
  const { pathname, search } = useLocation();
  return (
    <>
      <p data-testid="where">{`${pathname}${search}`}</p>
      <ReportDialog target={target} page={reportPagePath(5, target)} name="Jan" onClose={onClose} />
    </>
  );
}

/** The dialog on a profile, with the report page's route action (its form posts there). */
const renderDialog = (target: ReportTarget, options: { fetch?: typeof globalThis.fetch; onClose?: () => void; locale?: 'nl' } = {}) =>
  renderWithApp(<Page target={target} onClose={options.onClose} />, {
    user: userFixture(),
    url: '/members/5',
    path: '/members/:id/report',
    action: reportAction,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.locale ? { locale: options.locale, messages: nl } : {}),
  });

describe('ReportDialog', () => {
  it('When it opens, then it is a labelled modal dialog with the reasons as a labelled group, and Esc closes it', () => {
    const onClose = vi.fn();
    renderDialog({ kind: 'profile', id: 5 }, { onClose });
    const dialog = screen.getByRole('dialog', { name: 'Report Jan' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('group', { name: 'What is wrong?' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(6);
    expect(screen.getByLabelText('Anything we should know? (optional)')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Also block Jan' })).toBeTruthy();
    // Its form posts to the report page (the page's route action files it, with or without JavaScript).
    expect(dialog.querySelector('form')?.getAttribute('action')).toBe('/members/5/report');
    expect(dialog.querySelector('form')?.getAttribute('method')).toBe('post');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('When no reason is chosen, or illegal content comes without details, then it says so and sends nothing', async () => {
    const { fetch, calls } = backend(() => json(201, receipt));
    renderDialog({ kind: 'message', id: 9 }, { fetch });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please choose a reason.');
    fireEvent.click(screen.getByRole('radio', { name: 'Illegal content' }));
    expect(screen.getByLabelText('Why is it illegal? (required)').getAttribute('aria-required')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please explain why the content is illegal.');
    expect(calls).toEqual([]);
  });

  it('When a report is sent with "also block", then the report page’s action files the body with an Idempotency-Key and the search follows; a repeat leads to the same receipt', async () => {
    const { fetch, calls } = backend(() => json(201, { ...receipt, blocked: true }));
    renderDialog({ kind: 'message', id: 9 }, { fetch });
    expect(screen.getByRole('dialog', { name: 'Report a message from Jan' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Harassment or hate' }));
    fireEvent.change(screen.getByLabelText('Anything we should know? (optional)'), { target: { value: ' He keeps insulting me ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Also block Jan' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/members?blocked=1&reported=R-000007'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.path).toBe('/api/report.php');
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({
      target: { kind: 'message', id: 9 },
      reason: 'harassment_hate',
      details: 'He keeps insulting me',
      also_block: true,
    });

    cleanup();
    // The backend answers a repeat while the first report is open with 200 and the same receipt: its page shows it.
    const repeat = backend(() => json(200, receipt));
    renderDialog({ kind: 'message', id: 9 }, { fetch: repeat.fetch });
    fireEvent.click(screen.getByRole('radio', { name: 'Harassment or hate' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/members/5/report?message=9&sent=R-000007'));
  });

  it('When the backend refuses (reporting himself), then its message shows with the form', async () => {
    const { fetch } = backend(() => json(422, { error: { code: 'report_self', message: 'You cannot report yourself.' } }));
    renderDialog({ kind: 'profile', id: 1 }, { fetch });
    fireEvent.click(screen.getByRole('radio', { name: 'Something else' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You cannot report yourself.');
    expect(screen.getByTestId('where').textContent).not.toContain('sent=');
  });

  it('When the member reads Dutch, then the dialog is in Dutch', () => {
    renderDialog({ kind: 'photo', id: 3 }, { locale: 'nl' });
    expect(screen.getByRole('dialog', { name: 'Een foto van Jan melden' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Iemand onder de 18' })).toBeTruthy();
  });
});
