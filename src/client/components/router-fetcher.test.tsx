// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { runFormAction, seeOther } from '../app/form-action';
import { pageRoute } from '../app/page-route';
import type { PageActionArgs } from '../app/route-handle';
import { ApiRequestError } from '../lib/api-error';
import { answerInPlace, FETCHER_FIELD, useRouterFetcher } from './router-fetcher';

afterEach(cleanup);

/**
 * Two pages of the app's kind (`pageRoute`, with its revalidation rule): the list, whose loader is counted and whose
 * form sends `word` to the item's route action through a fetcher; the item, whose action records what it got, waits
 * for `release` and answers by `word`: "no" is refused, "leave" answers a 303, anything else works (the word back).
 */
function renderPages() {
  const received: Array<Record<string, string>> = [];
  let loads = 0;
  let release: () => void = () => undefined;
  const outcomes: string[] = [];

  function List() {
    const fetcher = useRouterFetcher();
    const { pathname } = useLocation();
    const [word, setWord] = useState('yes');
    const send = async () => {
      const form = new FormData();
      form.set('word', word);
      try {
        outcomes.push(`result ${String(await fetcher.submit<string>('/items/7', form))}`);
      } catch (error) {
        outcomes.push(error instanceof ApiRequestError ? `refused ${error.status} ${error.message}` : 'error');
      }
    };
    return (
      <>
        <p data-testid="where">{pathname}</p>
        <p data-testid="state">{fetcher.state}</p>
        <p data-testid="sending">{String(fetcher.formData?.get('word') ?? '')}</p>
        <input aria-label="word" value={word} onChange={(e) => setWord(e.target.value)} />
        <button type="button" onClick={() => void send()}>
          Send
        </button>
      </>
    );
  }

  async function itemAction({ request }: PageActionArgs) {
    const form = await request.formData();
    received.push(Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file ${v.name}`])));
    await new Promise<void>((resolve) => (release = resolve));
    const word = String(form.get('word'));
    if (word === 'leave') return seeOther('/login');
    return runFormAction(
      'word',
      { word },
      async () => {
        if (word === 'no') throw new ApiRequestError(422, { error: { code: 'invalid', message: 'Niet zo.' } });
        return word;
      },
      (result) => answerInPlace(form, result, seeOther('/list')),
    );
  }

  const router = createMemoryRouter(
    [
      {
        path: '/list',
        ...pageRoute(
          'list',
          async () => ({}),
          () => ({
            Component: List,
            loader: async () => {
              loads++;
              return {};
            },
          }),
        ),
      },
      {
        path: '/items/:id',
        ...pageRoute(
          'item',
          async () => ({}),
          () => ({ Component: () => null, action: itemAction }),
        ),
      },
      { path: '/login', element: <p data-testid="where">/login</p> },
    ],
    { initialEntries: ['/list'] },
  );
  render(<RouterProvider router={router} />);
  return { router, received, outcomes, loads: () => loads, release: () => release() };
}

describe('useRouterFetcher', () => {
  it("When a form is sent, then the route's action runs in the page with the fetcher's field, the fetcher is busy with the form meanwhile, and the result comes back in place: no navigation, no loader again", async () => {
    const page = renderPages();
    await screen.findByRole('button', { name: 'Send' });
    expect(page.loads()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(page.received).toEqual([{ word: 'yes', [FETCHER_FIELD]: '1' }]));
    expect(screen.getByTestId('state').textContent).toBe('submitting');
    expect(screen.getByTestId('sending').textContent).toBe('yes');
    page.release();
    await waitFor(() => expect(page.outcomes).toEqual(['result yes']));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('idle'));
    expect(screen.getByTestId('where').textContent).toBe('/list');
    expect(page.router.state.navigation.state).toBe('idle');
    expect(page.loads()).toBe(1);
  });

  it("When the backend refuses, then the submission rejects with its error in the member's language and the page's loader does not run again", async () => {
    const page = renderPages();
    fireEvent.change(await screen.findByLabelText('word'), { target: { value: 'no' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(page.received).toHaveLength(1));
    page.release();
    await waitFor(() => expect(page.outcomes).toEqual(['refused 422 Niet zo.']));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('idle'));
    expect(page.loads()).toBe(1);
  });

  it('When the action answers a 303 (the session ended), then the router follows it and the submission has no result', async () => {
    const page = renderPages();
    fireEvent.change(await screen.findByLabelText('word'), { target: { value: 'leave' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(page.received).toHaveLength(1));
    page.release();
    await waitFor(() => expect(page.outcomes).toEqual(['result undefined']));
    expect(page.router.state.location.pathname).toBe('/login');
  });

  it('When the component unmounts, then its fetcher leaves the router', async () => {
    const page = renderPages();
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(page.received).toHaveLength(1));
    expect(page.router.state.fetchers.size).toBe(1);
    page.release();
    await waitFor(() => expect(page.outcomes).toHaveLength(1));
    await act(async () => {
      await page.router.navigate('/login');
    });
    expect(page.router.state.fetchers.size).toBe(0);
  });

  it('When the browser posts the same form (no fetcher field), then the action answers its 303', async () => {
    const form = new FormData();
    form.set('word', 'yes');
    const answer = answerInPlace(form, 'yes', seeOther('/list'));
    expect(answer instanceof Response && answer.status).toBe(303);
    form.set(FETCHER_FIELD, '1');
    expect(answerInPlace(form, 'yes', seeOther('/list'))).toEqual({ inPlace: true, result: 'yes' });
  });
});
