// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import nl from '../../../../../locales/nl.json';
import { renderWithApp } from '../../../test/render-app';
import { PartnerUnavailableNotice } from './partner-unavailable';

afterEach(cleanup);

describe('PartnerUnavailableNotice', () => {
  it('When the partner is suspended or banned, then the notice says he is no longer available and offers no way to send', () => {
    renderWithApp(<PartnerUnavailableNotice />);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('This member is no longer available');
    expect(notice.textContent).toContain('no longer send messages, gifts or photos');
    expect(screen.getByRole('link', { name: 'Back to messages' }).getAttribute('href')).toBe('/chats');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('When the member reads Dutch, then the notice is in Dutch', () => {
    renderWithApp(<PartnerUnavailableNotice />, { locale: 'nl', messages: nl });
    expect(screen.getByRole('status').textContent).toContain('Dit lid is niet meer beschikbaar');
  });
});
