import type { Locale } from '../../../src/shared/locales';
import { message } from '../../lib/messages';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';

/**
 * To a reporter whose reports keep being found no violation: the warning before his reports wait behind others
 * (`mail.reporter_warning.*` in the catalogues).
 */
export function renderReporterWarning(locale: Locale, vars: { site: string }): RenderedMail {
  return renderMail({
    locale,
    subject: message(locale, 'mail.reporter_warning.subject', vars),
    paragraphs: [message(locale, 'mail.reporter_warning.body'), vars.site],
  });
}

/** The link to a member's data archive (`mail.export.*`); `hours` is a count (plural). */
export function renderExportReady(locale: Locale, vars: { site: string; hours: number; link: string }): RenderedMail {
  return renderMail({
    locale,
    subject: message(locale, 'mail.export.subject', { site: vars.site }),
    paragraphs: [message(locale, 'mail.export.body', { hours: vars.hours }), vars.site],
    button: { label: message(locale, 'mail.export.link'), href: vars.link },
  });
}
