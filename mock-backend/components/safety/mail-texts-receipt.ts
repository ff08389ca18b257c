import type { Locale } from '../../../src/shared/locales';
import { message } from '../../lib/messages';
import { render, type RenderedMail } from './mail-render';

/** The receipt a reporter (`report`) or a notifier (`notice`) gets (`mail.receipt.*` in the catalogues). */
export function renderReceipt(kind: 'report' | 'notice', locale: Locale, vars: { site: string; reference: string }): RenderedMail {
  const v = { site: vars.site, reference: vars.reference };
  return render(locale, message(locale, `mail.receipt.${kind}.subject`, v), [message(locale, `mail.receipt.${kind}.body`, v), vars.site]);
}
