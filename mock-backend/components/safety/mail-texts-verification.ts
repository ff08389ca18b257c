import type { Locale } from '../../../src/shared/locales';
import type { VerificationRefusalReason } from '../../../src/shared/verification';
import { message } from '../../lib/messages';
import { render, type RenderedMail } from './mail-render';

/**
 * The statement of reasons of a refused verification selfie (`verification.refused.*` in the catalogues), mailed in
 * the member's language: what was decided (no badge; nothing else changes), the reason from the moderators' short
 * list, that a person decided, how he tries again and how long the selfie is kept, and his ways to contest it.
 */
export function renderVerificationRefusal(
  locale: Locale,
  s: { site: string; reason: VerificationRefusalReason; selfiesPerDay: number; keepDays: number; link: string },
): RenderedMail {
  return render(
    locale,
    message(locale, 'verification.refused.subject', { site: s.site }),
    [
      message(locale, 'verification.refused.action'),
      `${message(locale, 'statement.facts')}:\n${message(locale, `verification.refused.reason.${s.reason}`)}`,
      message(locale, 'statement.not_automated'),
      message(locale, 'verification.refused.retry', { count: s.selfiesPerDay }),
      message(locale, 'verification.refused.kept', { days: s.keepDays }),
      message(locale, 'verification.refused.redress'),
      s.site,
    ],
    { label: message(locale, 'verification.refused.link'), href: s.link },
  );
}
