// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import useSWR from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportPageForm } from '../../features/safety/components/report-page-form';
import { userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { reportAction } from './report-page';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The report page's form beside a list the member loaded before (the chats), and the address shown. */
function Page() {
  const { pathname, search } = useLocation();
  useSWR('/chats.php', async () => (await fetch('http://localhost/api/chats.php')).json());
  return (
    <>
      <p data-testid="where">{`${pathname}${search}`}</p>
      <ReportPageForm action="/members/42/report" name="Jan" />
    </>
  );
}

describe('the report page with JavaScript (its action through the router)', () => {
  it('When the member reports and also blocks, then the lists loaded before are asked again while the search loads', async () => {
    const reports: unknown[] = [];
    let chatReads = 0;
    const fetch = vi.fn(async (input: Request | string | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const path = new URL(request.url).pathname;
      if (path === '/api/chats.php') {
        chatReads++;
        return json(200, { conversations: [] });
      }
      if (request.method === 'POST' && path === '/api/report.php') {
        reports.push(await request.json());
        return json(201, { id: 7, reference: 'R-000007', status: 'open', blocked: true });
      }
      return json(500, {});
    }) as unknown as typeof globalThis.fetch;
    vi.stubGlobal('fetch', fetch);
    try {
      // Every page of the app loads its data before it shows (here: none, in a while).
      const loader = async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return {};
      };
      renderWithApp(<Page />, {
        user: userFixture(),
        fetch,
        url: '/members/42/report',
        path: '/members/:id/report',
        action: reportAction,
        loader,
      });
      await waitFor(() => expect(chatReads).toBe(1));
      fireEvent.click(screen.getByLabelText('Fake profile, scam or spam'));
      fireEvent.click(screen.getByLabelText('Also block Jan'));
      fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/members?blocked=1&reported=R-000007'));
      expect(reports).toEqual([{ target: { kind: 'profile', id: 42 }, reason: 'fake_scam_spam', also_block: true }]);
      await waitFor(() => expect(chatReads).toBe(2));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
