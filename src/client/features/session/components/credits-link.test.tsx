// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app';
import { CreditsLink, creditsBadgeTone } from './credits-link';

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
});
