import type { Logger } from 'pino';
import type { Schemas } from '../../lib/api-types';
import type { Site } from '../../lib/context';
import type { Db } from '../../lib/db';
import { renderMail } from '../../lib/mail-layout';
import { enqueueMail, type Outbox } from '../../lib/outbox';
import * as repo from './repository';

/** The complaint form as the contract validated it (openapi.yaml ComplaintRequest). */
export type ComplaintInput = Schemas['ComplaintRequest'];

const complaintReference = (id: number) => `C-${String(id).padStart(6, '0')}`;

/**
 * Stores the complaint and, in the same transaction, the mail to the site's support address (the outbox sends it,
 * and its row `complaint:<id>` records when). The visitor gets the reference at once.
 */
export async function submitComplaint(
  deps: { db: Db; outbox: Pick<Outbox, 'kick'>; logger: Logger },
  ctx: { site: Site; userId: number | null; language: string },
  input: ComplaintInput,
): Promise<{ id: number; reference: string }> {
  const name = input.name.trim();
  const email = input.email.trim();
  const message = input.message.trim();
  const receipt = await deps.db.transaction(async (tx) => {
    const row = await repo.insertComplaint(tx, {
      siteId: ctx.site.id,
      userId: ctx.userId,
      profileId: input.profile_id ?? null,
      name,
      email,
      category: input.category,
      message,
      language: ctx.language,
    });
    const reference = complaintReference(row.id);
    const facts = [
      `Complaint ${reference} on ${ctx.site.name} (${ctx.site.domain})`,
      `From: ${name} <${email}>`,
      `Category: ${input.category}`,
      `Member account: ${ctx.userId ?? 'visitor (not logged in)'}`,
      `About profile: ${input.profile_id ?? '-'}`,
      `Language: ${ctx.language}`,
    ];
    await enqueueMail(tx, {
      topic: 'complaint',
      ref: `complaint:${row.id}`,
      to: ctx.site.support_email,
      from: `${ctx.site.mail_name || ctx.site.name} <no-reply@${ctx.site.domain}>`,
      // To the site's support, in English: the facts, then the visitor's own words.
      ...renderMail({
        locale: 'en',
        subject: `[${reference}] ${input.category} complaint from ${name}`,
        paragraphs: [facts.join('\n'), message],
      }),
    });
    return { id: row.id, reference };
  });
  deps.outbox.kick();
  return receipt;
}
