// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app';
import { BalanceLink, CreditsLink, creditsBadgeTone } from './credits-link';

afterEach(cleanup);

describe('CreditsLink', () => {
  it('When the site offers members the repeat order (member_resell), then the credits link goes to it; otherwise to the bundles', () => {
    renderWithApp(<CreditsLink paidUser credits={50} resell />);
    expect(screen.getByRole('link', { name: /Credits/ }).getAttribute('href')).toBe('/credits/repeat-order');
    cleanup();
    renderWithApp(<CreditsLink paidUser credits={50} resell={false} />);
    expect(screen.getByRole('link', { name: /Credits/ }).getAttribute('href')).toBe('/credits');
  });

  it('When a paid member has 10 credits or fewer, then the badge shows: warning above zero, danger at zero; a free member gets Get Premium', () => {
    expect([creditsBadgeTone(11), creditsBadgeTone(10), creditsBadgeTone(1), creditsBadgeTone(0)]).toEqual([
      null,
      'warning',
      'warning',
      'danger',
    ]);
    renderWithApp(<CreditsLink paidUser credits={0} />);
    expect(screen.getByTestId('credits-badge').className).toContain('text-bg-danger');
    cleanup();
    renderWithApp(<CreditsLink paidUser={false} credits={0} />);
    expect(screen.getByRole('link', { name: /Get Premium/ }).getAttribute('href')).toBe('/premium');
  });

  it('When the balance shows, then it is always there: a plain number above 10 credits, the toned badge at 10 or fewer, and its name says the credits left', () => {
    renderWithApp(<BalanceLink credits={11} to="/credits" />);
    const plain = screen.getByRole('link', { name: 'Credits 11 credits left' });
    expect(plain.querySelector('.nav-balance')?.className).toBe('nav-balance');
    expect(screen.queryByTestId('credits-badge')).toBeNull();
    cleanup();
    renderWithApp(<BalanceLink credits={10} to="/credits" />);
    expect(screen.getByTestId('credits-badge').className).toContain('text-bg-warning');
    expect(screen.getByTestId('credits-badge').textContent).toBe('10');
    cleanup();
    renderWithApp(<BalanceLink credits={0} to="/credits" />);
    expect(screen.getByTestId('credits-badge').className).toContain('text-bg-danger');
    expect(screen.getByRole('link', { name: 'Credits 0 credits left' })).toBeTruthy();
  });
});
