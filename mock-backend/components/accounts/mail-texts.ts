import type { Locale } from '../../../src/shared/locales';
import { escapeHtml } from '../../../src/shared/html';
import { message } from '../../lib/messages';

export type MailKind =
  'activate' | 'reset_password' | 'mail_change' | 'account_deleted' | 'signup_duplicate' | 'mail_change_notice' | 'login_link';

/**
 * Subject, plain text and HTML of an account mail in the member's language, from the catalogues (`mail.account.<kind>.*`,
 * mock-backend/locales): `{site}` and the counts `hours`, `minutes` and `days` (plurals) are filled in.
 */
export function renderAccountMail(
  kind: MailKind,
  locale: Locale,
  vars: { site: string; link: string; hours: number; minutes: number; days: number },
): { subject: string; text: string; html: string } {
  const values = { site: vars.site, hours: vars.hours, minutes: vars.minutes, days: vars.days };
  const [subject, intro, action, outro] = (['subject', 'intro', 'action', 'outro'] as const).map((part) =>
    message(locale, `mail.account.${kind}.${part}`, values),
  ) as [string, string, string, string];
  const text = `${intro}\n\n${action}: ${vars.link}\n\n${outro}\n\n${vars.site}\n`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(vars.link)}" style="display:inline-block;padding:12px 20px;background:#f47c20;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#555">${escapeHtml(outro)}</p>
<p>${escapeHtml(vars.site)}</p>
</body></html>`;
  return { subject, text, html };
}
