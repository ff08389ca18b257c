// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useActionData, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RouterForm, useSubmitting } from './router-form';

afterEach(cleanup);

/** A page with a form posted to its own route; the action records what it got and refuses "no" (an answer as data). */
function renderPage(onSubmit?: (event: { preventDefault(): void }) => void) {
  const received: Array<Record<string, string>> = [];
  let release: () => void = () => undefined;
  function Page() {
    const answer = useActionData() as { refused: string } | undefined;
    const busy = useSubmitting('/page');
    const { pathname, search } = useLocation();
    return (
      <>
        <p data-testid="where">{`${pathname}${search}`}</p>
        <p data-testid="answer">{answer?.refused ?? ''}</p>
        <p data-testid="busy">{busy ? 'busy' : 'idle'}</p>
        <RouterForm action="/page?from=test" onSubmit={onSubmit}>
          <input name="word" defaultValue="yes" aria-label="word" />
          <button type="submit" name="intent" value="save">
            Save
          </button>
        </RouterForm>
      </>
    );
  }
  const router = createMemoryRouter(
    [
      {
        path: '/page',
        Component: Page,
        action: async ({ request }) => {
          const fields = Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, String(v)]));
          received.push(fields);
          await new Promise<void>((resolve) => (release = resolve));
          if (fields.word === 'no') return { refused: 'not like this' };
          return new Response(null, { status: 303, headers: { Location: '/page?done=1' } });
        },
      },
    ],
    { initialEntries: ['/page'] },
  );
  render(<RouterProvider router={router} />);
  return { received, release: () => release(), router };
}

describe('RouterForm', () => {
  it("When the form is sent, then the route's action runs in the page with its fields and the button pressed, the form is busy meanwhile, and its 303 is a navigation", async () => {
    const page = renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('busy').textContent).toBe('busy'));
    expect(page.received).toEqual([{ word: 'yes', intent: 'save' }]);
    page.release();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/page?done=1'));
    expect(screen.getByTestId('busy').textContent).toBe('idle');
  });

  it("When the action refuses, then its answer is the action data, on the action's page as after a post without JavaScript", async () => {
    const page = renderPage();
    fireEvent.change(screen.getByLabelText('word'), { target: { value: 'no' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(page.received).toHaveLength(1));
    page.release();
    await waitFor(() => expect(screen.getByTestId('answer').textContent).toBe('not like this'));
    expect(screen.getByTestId('where').textContent).toBe('/page?from=test');
  });

  it("When the form's own handler prevents the event (a check in the browser), then nothing is sent", async () => {
    const page = renderPage((event) => event.preventDefault());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.received).toEqual([]);
    expect(page.router.state.navigation.state).toBe('idle');
  });

  it('When rendered, then it is a plain POST form to its action, which the browser sends by itself without JavaScript', () => {
    renderPage();
    const form = screen.getByRole('button', { name: 'Save' }).closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/page?from=test');
  });
});
