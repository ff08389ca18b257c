import type { Locale } from '../../../src/shared/locales';
import { message } from '../../lib/messages';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';

/**
 * What a reporter or a notifier learns of a decision (`mail.outcome.*` in the catalogues): action taken, or no violation
 * found — never what was done to whom.
 */
export function renderOutcome(locale: Locale, vars: { site: string; reference: string; actionTaken: boolean }): RenderedMail {
  const v = { site: vars.site, reference: vars.reference };
  return renderMail({
    locale,
    subject: message(locale, 'mail.outcome.subject', v),
    paragraphs: [message(locale, vars.actionTaken ? 'mail.outcome.action_taken' : 'mail.outcome.no_violation', v), vars.site],
  });
}
