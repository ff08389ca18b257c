// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../../../locales/de.json';
import { renderWithApp } from '../../test/render-app';
import { SiteFooter } from './site-footer';

afterEach(cleanup);

describe('SiteFooter', () => {
  it('When the footer shows, then it carries the rights line for 2025 with the site name, in the page language', () => {
    renderWithApp(<SiteFooter />);
    expect(screen.getByText('© 2025 Gay Date Test. All rights reserved.')).toBeTruthy();
    cleanup();
    renderWithApp(<SiteFooter />, { locale: 'de', messages: de });
    const line = de['footer.rights'].replace('{year}', '2025').replace('{site}', 'Gay Date Test');
    expect(screen.getByText(line)).toBeTruthy();
    expect(line).not.toBe('© 2025 Gay Date Test. All rights reserved.');
  });
});
