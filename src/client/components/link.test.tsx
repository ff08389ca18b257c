// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, RouterProvider, Routes, createMemoryRouter, useLocation, useNavigationType } from 'react-router';
import { Link, NavLink } from './link';

afterEach(cleanup);

// jsdom cannot load another document: links the app leaves to the browser stop at the document (after the app's
// own handlers decided, which is what these tests look at).
const stopDocumentNavigation = (event: Event) => event.preventDefault();
beforeAll(() => document.addEventListener('click', stopDocumentNavigation));
afterAll(() => document.removeEventListener('click', stopDocumentNavigation));

function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <output
      data-testid="where"
      data-type={type}
    >{`${location.pathname}${location.search}${location.hash}|${JSON.stringify(location.state)}`}</output>
  );
}

function renderAt(url: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('When clicked, then it navigates inside the app with its state, and its href is the resolved URL', () => {
    renderAt(
      '/members/12',
      <Link to="/chats?x=1" state={{ from: 'card' }} className="btn">
        Chats
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Chats' });
    expect(link.getAttribute('href')).toBe('/chats?x=1');
    expect(link.className).toBe('btn');
    expect(link.hasAttribute('data-discover')).toBe(false);
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/chats?x=1|{"from":"card"}');
  });

  it('When the click is modified, opens a new tab, or the handler prevents it, then the app does not navigate', () => {
    const onClick = vi.fn((e: React.MouseEvent) => e.preventDefault());
    renderAt(
      '/',
      <>
        <Link to="/a">A</Link>
        <Link to="/b" target="_blank">
          B
        </Link>
        <Link to="/c" onClick={onClick}>
          C
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'A' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'B' }));
    fireEvent.click(screen.getByRole('link', { name: 'C' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByTestId('where').textContent).toBe('/|null');
  });

  it('When the target is another site or a full page load is asked for, then the browser handles the click', () => {
    renderAt(
      '/',
      <>
        <Link to="https://example.org/x">Out</Link>
        <Link to="/locale/nl" reloadDocument>
          NL
        </Link>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Out' }).getAttribute('href')).toBe('https://example.org/x');
    fireEvent.click(screen.getByRole('link', { name: 'Out' }));
    fireEvent.click(screen.getByRole('link', { name: 'NL' }));
    expect(screen.getByTestId('where').textContent).toBe('/|null');
  });
});

describe('Link: relative paths, the same page, a data router', () => {
  it('When the path is relative, then it resolves against the route it renders in, for its href and its navigation', () => {
    renderAt(
      '/members/12',
      <>
        <Link to="#signup">Sign up</Link>
        <Link to="../7" relative="path">
          Other
        </Link>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/members/12#signup');
    expect(screen.getByRole('link', { name: 'Other' }).getAttribute('href')).toBe('/members/7');
    fireEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(screen.getByTestId('where').textContent).toBe('/members/12#signup|null');
    fireEvent.click(screen.getByRole('link', { name: 'Other' }));
    expect(screen.getByTestId('where').textContent).toBe('/members/7|null');
  });

  it('When it points where the page already is, then the click replaces the history entry; elsewhere it pushes one', () => {
    renderAt(
      '/members?x=1',
      <>
        <Link to="/members?x=1">Here</Link>
        <Link to="/chats">There</Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Here' }));
    expect(screen.getByTestId('where').dataset.type).toBe('REPLACE');
    fireEvent.click(screen.getByRole('link', { name: 'There' }));
    expect(screen.getByTestId('where').dataset.type).toBe('PUSH');
    expect(screen.getByTestId('where').textContent).toBe('/chats|null');
  });

  it('When the app runs on a data router under a basename, then the href carries the basename and the click navigates inside the app', async () => {
    const page = (
      <>
        <Link to="/chats?x=1" state={{ from: 'nav' }}>
          Chats
        </Link>
        <Where />
      </>
    );
    const router = createMemoryRouter([{ path: '*', element: page }], { basename: '/app', initialEntries: ['/app/members'] });
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Chats' });
    expect(link.getAttribute('href')).toBe('/app/chats?x=1');
    fireEvent.click(link);
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/chats?x=1|{"from":"nav"}'));
    expect(router.state.location.pathname).toBe('/app/chats');
    expect(router.state.historyAction).toBe('PUSH');
    // Where the page already is: the entry is replaced.
    fireEvent.click(screen.getByRole('link', { name: 'Chats' }));
    await vi.waitFor(() => expect(router.state.historyAction).toBe('REPLACE'));
    expect(router.state.location.search).toBe('?x=1');
  });
});

describe('NavLink', () => {
  it('When it points at the current page or an ancestor of it, then it is active with aria-current; `end` limits that to the page itself', () => {
    renderAt(
      '/members/12',
      <>
        <NavLink to="/members" end className="nav-icon-link">
          Search
        </NavLink>
        <NavLink to="/members" className="nav-icon-link">
          Members
        </NavLink>
        <NavLink to="/chats" className="nav-icon-link">
          Chats
        </NavLink>
      </>,
    );
    const search = screen.getByRole('link', { name: 'Search' });
    expect(search.className).toBe('nav-icon-link');
    expect(search.getAttribute('aria-current')).toBeNull();
    const members = screen.getByRole('link', { name: 'Members' });
    expect(members.className).toBe('nav-icon-link active');
    expect(members.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Chats' }).className).toBe('nav-icon-link');
  });
});
