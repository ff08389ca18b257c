import type { Locale } from '../../../src/shared/locales';
import { message } from '../../lib/messages';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';

export type Rule = 'fake_scam_spam' | 'harassment_hate' | 'unwanted_sexual' | 'underage' | 'illegal' | 'other';
export type StatementAction = 'remove_content' | 'warn' | 'restrict' | 'suspend' | 'ban' | 'hide';
export type ContentKind = 'photo' | 'message' | 'profile_text';

/**
 * The statement of reasons mailed to the member a decision is about (`statement.*` in the catalogues): a removal names
 * the content it took, a restriction or suspension its end date in his language, a ban that it is permanent.
 */
export function renderStatement(
  locale: Locale,
  s: {
    site: string;
    action: StatementAction;
    /** ISO end, `infinity` for a ban, null without end date. */
    until: string | null;
    content?: ContentKind | null;
    facts: string;
    rule: Rule;
    source: 'report' | 'notice' | 'own_initiative';
    link: string;
    automated?: boolean;
  },
): RenderedMail {
  const source = message(locale, `statement.source.${s.source}`);
  // A hiding lasts until a moderator decides, which its text says; it has no date of its own. The end date is written
  // in the member's language, in UTC and saying so (the site knows no time zone of his); `infinity` is a ban.
  const duration =
    s.action === 'hide' || !s.until
      ? []
      : s.until === 'infinity' || Number.isNaN(Date.parse(s.until))
        ? [message(locale, 'statement.permanent')]
        : [message(locale, 'statement.until', { until: new Date(s.until) })];
  return renderMail({
    locale,
    subject: message(locale, 'statement.subject', { site: s.site }),
    paragraphs: [
      message(locale, `statement.action.${s.action}`),
      ...(s.action === 'remove_content' && s.content
        ? [message(locale, 'statement.content', { content: message(locale, `statement.content_kind.${s.content}`) })]
        : []),
      ...duration,
      `${message(locale, 'statement.facts')}:\n${s.facts}`,
      `${message(locale, 'statement.rule')}: ${message(locale, `statement.ground.${s.rule}`)}`,
      source,
      // An automated measure says so in its facts (`statement.automated`).
      ...(s.automated ? [] : [message(locale, 'statement.not_automated')]),
      message(locale, 'statement.redress'),
      s.site,
    ],
    button: { label: message(locale, 'statement.read'), href: s.link },
  });
}
