import type { Locale } from '../../../src/shared/locales';
import { message } from '../../lib/messages';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';

/** The decision on an appeal, to whoever appealed (`mail.appeal.*` in the catalogues). */
export function renderAppealOutcome(locale: Locale, vars: { site: string; reversed: boolean; explanation: string }): RenderedMail {
  return renderMail({
    locale,
    subject: message(locale, 'mail.appeal.subject', { site: vars.site }),
    paragraphs: [message(locale, vars.reversed ? 'mail.appeal.reversed' : 'mail.appeal.upheld'), vars.explanation, vars.site],
  });
}
