import type { Response } from 'express';
import type { Db } from '../../lib/db';
import { requireViewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { message } from '../../lib/messages';
import { ANSWERED, type Answered, type Operations } from '../../lib/operations';
import { rateLimit } from '../../lib/rate-limit';
import * as repo from './repository';
import * as unsubscribeLinks from './unsubscribe';
import { escapeHtml } from '../../../src/shared/html';

function page(res: Response, lang: string, body: string): void {
  res.status(200).type('html').set('Cache-Control', 'no-store')
    .send(`<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${body.replace(/<[^>]+>/g, '').slice(0, 80)}</title></head>
<body style="font-family:sans-serif;line-height:1.5;max-width:36rem;margin:2rem auto;padding:0 1rem"><main>${body}</main></body></html>`);
}

export type PushOperations = 'getUnsubscribePage' | 'unsubscribeNotificationMails' | 'getPushSettings' | 'putPushSettings';

/** The one-click unsubscribe of notification e-mails (RFC 8058, no login) and the push-preview setting. */
export function pushOperations(db: Db): Operations<PushOperations> {
  // A stranger can call this: limited per address (a token is an HMAC, so guessing is hopeless anyway).
  const limit = rateLimit(db, { name: 'unsubscribe', points: 30, windowSeconds: 600 });

  const memberOf = async (token: string): Promise<number> => {
    const userId = await unsubscribeLinks.verifyUnsubscribeToken(db, token);
    if (userId === null) throw new AppError(400, 'unsubscribe_link_invalid', { params: { field: 'token' } });
    return userId;
  };

  return {
    // The link in the mail's body: a question with a button (a GET never unsubscribes — link scanners follow links).
    getUnsubscribePage: {
      use: [limit],
      handle: async ({ res, query }): Promise<Answered> => {
        const userId = await memberOf(query.token);
        const member = await unsubscribeLinks.memberSiteAndLanguage(db, userId);
        if (!member) throw new AppError(400, 'unsubscribe_link_invalid', { params: { field: 'token' } });
        const action = `unsubscribe.php?token=${encodeURIComponent(query.token)}`;
        page(
          res,
          member.language,
          `<h1 style="font-size:1.4rem">${escapeHtml(message(member.language, 'page.unsubscribe.question', { site: member.site }))}</h1>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="padding:10px 18px;font-size:1rem">${escapeHtml(message(member.language, 'mail.notification.unsubscribe'))}</button></form>`,
        );
        return ANSWERED;
      },
    },

    // RFC 8058 one-click (the mail client's POST) and the page's button.
    unsubscribeNotificationMails: {
      use: [limit],
      handle: async ({ req, res, query }): Promise<Answered> => {
        const userId = await memberOf(query.token);
        const member = await unsubscribeLinks.unsubscribe(db, userId);
        if (!member) throw new AppError(400, 'unsubscribe_link_invalid', { params: { field: 'token' } });
        req.log.info({ userId }, 'notification e-mails unsubscribed');
        page(
          res,
          member.language,
          `<h1 style="font-size:1.4rem">${escapeHtml(message(member.language, 'page.unsubscribe.done', { site: member.site }))}</h1>`,
        );
        return ANSWERED;
      },
    },

    getPushSettings: {
      handle: async ({ res }) => {
        const viewer = requireViewer(res);
        return { previews: await repo.readPushPreviews(db, viewer.userId) };
      },
    },

    putPushSettings: {
      handle: async ({ res, body }) => {
        const viewer = requireViewer(res);
        await repo.writePushPreviews(db, viewer.userId, body.previews);
        return { previews: await repo.readPushPreviews(db, viewer.userId) };
      },
    },
  };
}
