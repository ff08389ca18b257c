import type { Locale } from '../../../src/shared/locales';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';
import { message } from '../../lib/messages';

export type MailKind =
  'activate' | 'reset_password' | 'mail_change' | 'account_deleted' | 'signup_duplicate' | 'mail_change_notice' | 'login_link';

/**
 * Subject, plain text and HTML of an account mail in the member's language, from the catalogues (`mail.account.<kind>.*`,
 * mock-backend/locales): `{site}` and the counts `hours`, `minutes` and `days` (plurals) are filled in, and the one mail
 * layout writes them: the intro, the link as a button, the outro under it, the site's name.
 */
export function renderAccountMail(
  kind: MailKind,
  locale: Locale,
  vars: { site: string; link: string; hours: number; minutes: number; days: number },
): RenderedMail {
  const values = { site: vars.site, hours: vars.hours, minutes: vars.minutes, days: vars.days };
  const [subject, intro, action, outro] = (['subject', 'intro', 'action', 'outro'] as const).map((part) =>
    message(locale, `mail.account.${kind}.${part}`, values),
  ) as [string, string, string, string];
  return renderMail({
    locale,
    subject,
    paragraphs: [intro],
    button: { label: action, href: vars.link },
    footer: [{ text: outro }],
    site: vars.site,
  });
}
