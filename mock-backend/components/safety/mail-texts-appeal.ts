import type { Locale } from '../../../src/shared/locales';
import { message } from '../../lib/messages';
import { render, type RenderedMail } from './mail-render';

/** The decision on an appeal, to whoever appealed (`mail.appeal.*` in the catalogues). */
export function renderAppealOutcome(locale: Locale, vars: { site: string; reversed: boolean; explanation: string }): RenderedMail {
  return render(locale, message(locale, 'mail.appeal.subject', { site: vars.site }), [
    message(locale, vars.reversed ? 'mail.appeal.reversed' : 'mail.appeal.upheld'),
    vars.explanation,
    vars.site,
  ]);
}
