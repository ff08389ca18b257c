// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app';
import { SignupModal } from './signup-modal';

beforeEach(() => window.sessionStorage.clear());
afterEach(cleanup);

function Where() {
  const { pathname, hash } = useLocation();
  return <output data-testid="where">{`${pathname}${hash}`}</output>;
}

const ui = (
  <>
    <SignupModal />
    <Where />
  </>
);
const esc = () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
const backdrop = () => fireEvent.click(document.querySelector('.app-modal-backdrop') as Element);

describe('SignupModal', () => {
  it('When nothing is entered yet, then Esc closes the modal', async () => {
    renderWithApp(ui, { url: '/members#signup' });
    await screen.findByLabelText('E-mail address', {}, { timeout: 10_000 });
    esc();
    await waitFor(() => expect(screen.queryByTestId('signup-modal')).toBeNull());
    expect(screen.getByTestId('where').textContent).toBe('/members');
  });

  it('When the visitor is in the middle of signing up, then neither Esc nor the backdrop closes the modal; its Close button does', async () => {
    renderWithApp(ui, { url: '/members#signup' });
    fireEvent.change(await screen.findByLabelText('E-mail address', {}, { timeout: 10_000 }), { target: { value: 'jan@example.test' } });
    await waitFor(() => expect(document.querySelector('.app-modal-backdrop')).toBeTruthy());
    esc();
    backdrop();
    expect(screen.getByTestId('signup-modal')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/members#signup');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('signup-modal')).toBeNull());
  });
});
