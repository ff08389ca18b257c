// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Link, NavLink } from './link';

afterEach(cleanup);

// jsdom cannot load another document: links the app leaves to the browser stop at the document (after the app's
// own handlers decided, which is what these tests look at).
const stopDocumentNavigation = (event: Event) => event.preventDefault();
beforeAll(() => document.addEventListener('click', stopDocumentNavigation));
afterAll(() => document.removeEventListener('click', stopDocumentNavigation));

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}|${JSON.stringify(location.state)}`}</output>;
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
