// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import nl from '../../../../../locales/nl.json';
import { renderWithApp } from '../../../test/render-app';
import { transparencyCountsKey, type TransparencyCounts } from '../api/transparency';
import { TransparencyReport } from './transparency-report';

afterEach(cleanup);

const COUNTS: TransparencyCounts = {
  from: '2026-06-01',
  to: '2026-11-30',
  reports_by_reason: { fake_scam_spam: 1234, harassment_hate: 5, unwanted_sexual: 0, underage: 1, illegal: 2, other: 3 },
  notices: 4,
  actions_by_kind: { dismiss: 10, remove_content: 7, warn: 1, restrict: 2, suspend: 3, ban: 1, hide: 2 },
  automated_actions: 2,
  median_hours_to_decision: 5.5,
  appeals: { filed: 6, upheld: 3, reversed: 2, open: 1 },
  reversals: 2,
};

describe('TransparencyReport', () => {
  it('When a moderator opens a period, then its counts show with numbers through Intl in his language, and the download names the same period', () => {
    const period = { from: '2026-06-01', to: '2026-11-30' };
    renderWithApp(<TransparencyReport period={period} />, {
      fallback: { [transparencyCountsKey(period)]: COUNTS },
      locale: 'nl',
      messages: nl,
    });
    const counts = screen.getByTestId('transparency-counts');
    const reasons = within(counts).getByRole('table', { name: 'Meldingen per reden' });
    expect(within(reasons).getByRole('row', { name: /Nepprofiel, oplichting of spam/ }).textContent).toContain('1.234');
    const actions = within(counts).getByRole('table', { name: 'Besluiten per soort' });
    expect(within(actions).getByRole('row', { name: /Verborgen in het zoeken/ }).textContent).toContain('2');
    expect(screen.getByTestId('transparency-median').textContent).toBe('5,5 uur');
    expect(screen.getByTestId('transparency-download').getAttribute('href')).toBe(
      '/api/transparency-statements.php?from=2026-06-01&to=2026-11-30&download=true',
    );
    expect((screen.getByLabelText('Van') as HTMLInputElement).value).toBe('2026-06-01');
  });
});
