// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { EntryWarning } from './entry-warning';
import { WarningsArea } from './warnings-area';

afterEach(() => {
  cleanup();
  for (const c of document.cookie.split(';')) document.cookie = `${c.split('=')[0]?.trim()}=; Max-Age=0; Path=/`;
});

const nlSite = { ...settingsFixture, enable_site_entry_popup: 'NL,DE', geoip_selected_country: 'NL' };

describe('site-entry warning modal', () => {
  it('When an NL visitor arrives, then a labelled modal dialog takes the focus, Tab stays inside, Esc does not close it, and entering stores the skipped marker with the time', () => {
    const { store } = renderWithApp(<EntryWarning layout="default" />, { settings: nlSite });
    const dialog = screen.getByRole('dialog', { name: 'Adults only (18+)' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const leave = screen.getByRole('link', { name: 'Leave' });
    const enter = screen.getByRole('button', { name: /I am 18 or older/ });
    expect(document.activeElement).toBe(leave);
    enter.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(leave);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(enter);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeNull();

    const before = Date.now();
    fireEvent.click(enter);
    expect(screen.queryByRole('dialog')).toBeNull();
    const at = store.getState().site.dismissals?.entry_warning ?? 0;
    expect(at).toBeGreaterThanOrEqual(before);
    expect(document.cookie).toContain(`dismissed_entry_warning=${at}`);
  });

  it('When a logged-in member or an FR visitor comes, then no warning shows', () => {
    renderWithApp(<EntryWarning layout="default" />, { settings: nlSite, user: userFixture() });
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    renderWithApp(<EntryWarning layout="default" />, { settings: { ...nlSite, geoip_selected_country: 'FR' } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('warnings banner area', () => {
  it('When a member has no main photo and notifications are off because of a bounce, then one notice shows at a time: closing the first stores its time and brings the next', () => {
    const user = userFixture({ notifications_disabled: ['bounce'] });
    const { store } = renderWithApp(<WarningsArea />, { user, url: '/members' });
    const notifications = screen.getByTestId('notifications-alert');
    expect(notifications.textContent).toContain('bounced');
    expect(screen.queryByTestId('photo-alert')).toBeNull();
    fireEvent.click(notifications.querySelector('button')!);
    expect(screen.queryByTestId('notifications-alert')).toBeNull();
    expect(store.getState().site.dismissals?.[`notifications_alert_${user.id}`]).toBeGreaterThan(0);
    const photo = screen.getByTestId('photo-alert');
    expect(photo.querySelector('a')?.getAttribute('href')).toBe('/profile');
    fireEvent.click(photo.querySelector('button')!);
    expect(screen.queryByTestId('photo-alert')).toBeNull();
    expect(store.getState().site.dismissals?.[`photo_alert_${user.id}`]).toBeGreaterThan(0);
  });

  it('When nobody is logged in or the member has a photo and notifications on, then no banner shows', () => {
    renderWithApp(<WarningsArea />, { url: '/members' });
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();
    const withPhoto = userFixture();
    withPhoto.profile.main_image = { filename: 'a.jpg', thumb_filename: 'a_t.jpg', status: 'approved', match: 'u/a.jpg' } as never;
    renderWithApp(<WarningsArea />, { url: '/members', user: withPhoto });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
