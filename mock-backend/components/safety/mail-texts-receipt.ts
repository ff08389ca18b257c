import type { Locale } from '../../../src/shared/locales';
import { message } from '../../lib/messages';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';

/** The receipt a reporter (`report`) or a notifier (`notice`) gets (`mail.receipt.*` in the catalogues). */
export function renderReceipt(kind: 'report' | 'notice', locale: Locale, vars: { site: string; reference: string }): RenderedMail {
  const v = { site: vars.site, reference: vars.reference };
  return renderMail({
    locale,
    subject: message(locale, `mail.receipt.${kind}.subject`, v),
    paragraphs: [message(locale, `mail.receipt.${kind}.body`, v), vars.site],
  });
}
