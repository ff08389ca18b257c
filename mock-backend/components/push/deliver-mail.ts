import type { Db } from '../../lib/db';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';
import { enqueueMail, undeliverable } from '../../lib/outbox';
import * as repo from './repository';
import type { MailMember } from './repository';
import type { NotificationKind, NotifyDeps, ProcessResult } from './types';
import { message } from '../../lib/messages';
import type { Locale } from '../../../src/shared/locales';
import { toLocale } from './texts';
import { unsubscribeKeyLoaded, unsubscribeToken } from './unsubscribe';

/** The notification e-mails of events that found no push and waited out the delay (one per member, kind and quiet period). */

const MAIL_KIND: Record<NotificationKind, 'messages' | 'likes' | 'matches'> = { message: 'messages', like: 'likes', match: 'matches' };
const MAIL_PATH: Record<'messages' | 'likes' | 'matches', string> = { messages: '/chats', likes: '/likes', matches: '/likes/matches' };

export async function mailPass(deps: NotifyDeps, result: ProcessResult): Promise<void> {
  const { db } = deps;
  const delay = deps.mailDelaySeconds ?? 120;
  const quiet = deps.quietMinutes ?? 30;
  const due = await repo.claimMailEvents(db, delay);
  const seen = new Set<string>();
  let queued = 0;
  // The link key is loaded before any transaction: on PGlite a transaction holds the one connection.
  if (due.length > 0) await unsubscribeKeyLoaded(db);
  for (const { user_id: userId, kind } of due) {
    const mailKind = MAIL_KIND[kind];
    if (seen.has(`${userId}:${mailKind}`)) continue;
    seen.add(`${userId}:${mailKind}`);
    const sent = await db.transaction(async (tx) => {
      const m = await repo.findMailMember(tx, userId);
      // A spam flag, a bounce or a list-unsubscribe stops every notification e-mail; the member's kinds too.
      if (!m || m.notifications_disabled.length > 0 || m.mail_off.includes(mailKind) || undeliverable(m.email)) return false;
      // Read or seen in the meantime: nothing to tell.
      const counts = await repo.badgeCounts(tx, userId);
      if ((mailKind === 'messages' && counts.unread === 0) || (mailKind === 'likes' && counts.new_likes === 0)) return false;
      if (!(await repo.claimMailSlot(tx, userId, mailKind, quiet))) return false;
      await enqueueNotificationMail(deps, tx, m, mailKind);
      return true;
    });
    if (sent) queued += 1;
  }
  result.mailed += queued;
  if (queued > 0) deps.kickOutbox();
}

function siteOrigin(publicUrl: string, m: { host: string; is_default: boolean }): string {
  if (m.is_default) return publicUrl;
  const url = new URL(publicUrl);
  url.hostname = m.host;
  return url.origin;
}

/** A notification mail (`mail.notification.*` in the catalogues): what waits, the link to it, and the unsubscribe link. */
export function renderNotificationMail(
  kind: 'messages' | 'likes' | 'matches',
  locale: Locale,
  vars: { site: string; origin: string; unsubscribe: string },
): RenderedMail {
  const { site } = vars;
  return renderMail({
    locale,
    subject: message(locale, `mail.notification.${kind}.subject`, { site }),
    paragraphs: [message(locale, `mail.notification.${kind}.intro`, { site })],
    button: { label: message(locale, `mail.notification.${kind}.action`), href: `${vars.origin}${MAIL_PATH[kind]}` },
    footer: [
      {
        text: message(locale, 'mail.notification.footer'),
        link: { label: message(locale, 'mail.notification.unsubscribe'), href: vars.unsubscribe },
      },
    ],
    site,
  });
}

async function enqueueNotificationMail(deps: NotifyDeps, tx: Db, m: MailMember, kind: 'messages' | 'likes' | 'matches'): Promise<void> {
  const site = m.mail_name || m.site_name;
  const origin = siteOrigin(deps.publicUrl, m);
  const unsubscribe = `${origin}/api/unsubscribe.php?token=${encodeURIComponent(await unsubscribeToken(deps.db, m.id))}`; // key cached (mailPass)
  const rendered = renderNotificationMail(kind, toLocale(m.language), { site, origin, unsubscribe });
  const fromAddress = m.support_email || `no-reply@${m.domain}`;
  await enqueueMail(tx, {
    topic: `notify_${kind}`,
    ref: `user:${m.id}`,
    to: m.email,
    from: `"${site.replace(/"/g, '')}" <${fromAddress}>`,
    ...rendered,
    // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` to the https URL; no login needed.
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}
