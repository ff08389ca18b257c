// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import nl from '../../../../locales/nl.json';
import { renderWithApp } from '../../test/render-app';
import { ErrorBoundary } from '../error-boundary';
import { ErrorPage, ErrorPageFailed } from './error-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('the error page broke');
}

describe('error page', () => {
  it('When nothing is given, then it shows "Error" and 500; a message and status show as given', () => {
    renderWithApp(<ErrorPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Error');
    expect(screen.getByText('500')).toBeTruthy();
    cleanup();
    renderWithApp(<ErrorPage status={503} message="Down for maintenance" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Down for maintenance');
    expect(screen.getByText('503')).toBeTruthy();
  });

  it('When the error page itself fails, then its own fallback says so with a link home, in the page language', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithApp(
      <ErrorBoundary fallback={() => <ErrorPageFailed />}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading').textContent).toBe('An error occurred while showing the error page');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    cleanup();
    renderWithApp(<ErrorPageFailed />, { locale: 'nl', messages: nl });
    expect(screen.getByRole('heading').textContent).toBe(nl['error.pageFailed']);
    expect(nl['error.pageFailed']).not.toBe('An error occurred while showing the error page');
  });
});
