import type { Locale } from '../../../src/shared/locales';
import type { VerificationRefusalReason } from '../../../src/shared/verification';
import { message } from '../../lib/messages';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';

/**
 * The statement of reasons of a refused verification selfie (`verification.refused.*` in the catalogues), mailed in
 * the member's language: what was decided (no badge; nothing else changes), the reason from the moderators' short
 * list, that a person decided, how he tries again and how long the selfie is kept, and his ways to contest it.
 */
export function renderVerificationRefusal(
  locale: Locale,
  s: { site: string; reason: VerificationRefusalReason; selfiesPerDay: number; keepDays: number; link: string },
): RenderedMail {
  return renderMail({
    locale,
    subject: message(locale, 'verification.refused.subject', { site: s.site }),
    paragraphs: [
      message(locale, 'verification.refused.action'),
      `${message(locale, 'statement.facts')}:\n${message(locale, `verification.refused.reason.${s.reason}`)}`,
      message(locale, 'statement.not_automated'),
      message(locale, 'verification.refused.retry', { count: s.selfiesPerDay }),
      message(locale, 'verification.refused.kept', { days: s.keepDays }),
      message(locale, 'verification.refused.redress'),
      s.site,
    ],
    button: { label: message(locale, 'verification.refused.link'), href: s.link },
  });
}
