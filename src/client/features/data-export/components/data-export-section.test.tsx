// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../../../../locales/de.json';
import { accountSettingsLoader, settingsAction } from '../../../app/pages/account-settings-pages';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { dataExportKey, type DataExportState } from '../api/data-export';
import { DataExportSection } from './data-export-section';

afterEach(cleanup);

const NONE: DataExportState = {
  status: 'none',
  requested_at: null,
  ready_at: null,
  expires_at: null,
  next_request_at: null,
  download_path: null,
};
const READY: DataExportState = {
  status: 'ready',
  requested_at: '2026-11-23T10:00:00.000Z',
  ready_at: '2026-11-23T10:01:00.000Z',
  expires_at: '2026-11-25T10:01:00.000Z',
  next_request_at: '2026-11-24T10:00:00.000Z',
  download_path: '/api/data-export-file.php?key=0123456789abcdef0123456789abcdef',
};

/**
 * The settings page's section with its route (the settings action and loader) and a backend stub for the request
 * (method, path, key seen): after an accepted request GET answers what the request answered.
 */
function show(state: DataExportState, answer: { status: number; body: unknown }, locale: 'en' | 'de' = 'en') {
  const calls: { method: string; path: string; key: string | null }[] = [];
  let current = state;
  const fetchStub = (async (input: Request) => {
    calls.push({ method: input.method, path: new URL(input.url).pathname, key: input.headers.get('idempotency-key') });
    if (input.method === 'POST' && answer.status < 300) current = answer.body as DataExportState;
    return new Response(JSON.stringify(input.method === 'GET' ? current : answer.body), {
      status: input.method === 'GET' ? 200 : answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof fetch;
  renderWithApp(<DataExportSection page="/settings" />, {
    fetch: fetchStub,
    user: userFixture(),
    url: '/settings',
    path: '/settings',
    action: settingsAction,
    loader: accountSettingsLoader,
    fallback: { [dataExportKey()]: state },
    ...(locale === 'de' ? { locale: 'de', messages: de } : {}),
  });
  return calls;
}

describe('DataExportSection', () => {
  it('When he never asked, then "Download my data" asks with an Idempotency-Key and shows that it is being prepared', async () => {
    const calls = show(NONE, {
      status: 202,
      body: { ...NONE, status: 'pending', requested_at: READY.requested_at, next_request_at: READY.next_request_at },
    });
    fireEvent.click(await screen.findByTestId('data-export-request'));
    await waitFor(() => expect(screen.getByTestId('data-export').getAttribute('data-status')).toBe('pending'));
    expect(screen.getByRole('status').textContent).toContain('We are preparing your data');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/data-export.php');
    expect(post?.key).toMatch(/^[0-9a-f-]{36}$/);
    // Asked today: the button gives way to when he may ask again.
    expect(screen.queryByTestId('data-export-request')).toBeNull();
    expect(screen.getByTestId('data-export-wait')).toBeTruthy();
  });

  it('When the archive is ready, then the link to it and until when it works show, dates through Intl in his language', async () => {
    show(READY, { status: 500, body: {} }, 'de');
    const link = await screen.findByTestId('data-export-download');
    expect(link.getAttribute('href')).toBe(READY.download_path);
    expect(link.textContent).toBe('Deine Daten herunterladen (zip)');
    expect(screen.getByText(/Der Link funktioniert bis .*2026/)).toBeTruthy();
    expect(screen.getByTestId('data-export-wait').textContent).toMatch(/^Ab .*2026.* kannst du sie erneut anfordern\.$/);
  });

  it('When the backend refuses (once a day), then its message in his language shows and the state stays', async () => {
    const message = 'Du kannst deine Daten einmal am Tag anfordern, und deine letzte Anfrage ist keine 24 Stunden her.';
    show({ ...NONE, status: 'expired' }, { status: 429, body: { error: { code: 'data_export_daily', message } } }, 'de');
    fireEvent.click(await screen.findByTestId('data-export-request'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(screen.getByTestId('data-export').getAttribute('data-status')).toBe('expired');
  });
});
