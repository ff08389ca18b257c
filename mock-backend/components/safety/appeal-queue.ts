import type { Schemas } from '../../lib/api-types';
import type { Viewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { requireModerator } from '../moderation/index';
import { iso } from './common';
import { appealMarks, ownAddressOf } from './conflicts';
import * as notices from './notice-repository';
import * as repo from './repository';
import { queuedNotice, queuedReport } from './service';
import { thresholdsOf } from './site-repository';
import { categoryOf } from './transparency';
import { reporterWeights } from './weighing';

/** The moderators' appeal queue: each open appeal with everything the moderator who decides it needs. */

type QueuedAppeal = Schemas['AppealQueue']['appeals'][number];
type Content = Schemas['AppealContent'];
type PhotoRow = Awaited<ReturnType<typeof repo.photosByIds>>[number];
type MessageRow = Awaited<ReturnType<typeof repo.messagesByIds>>[number];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A photo as the console shows it: its signed private URL (a removed one opens for moderators only). */
const photoImage = (p: PhotoRow): Schemas['Image'] => ({
  id: p.id,
  filename: p.filename,
  thumb_filename: p.thumb_filename,
  status: p.status,
  match_path: p.filename,
  locked: false,
});

/**
 * The content an appealed decision concerns, as far as it is kept: first what it removed (the photo, now rejected; the
 * message's or the profile's text as the decision kept it), then what its reports and notices named (a photo, a
 * message as filed with the report, the profile's text now), each once.
 */
function contentOf(
  a: repo.QueuedAppealRow,
  targets: readonly { kind: 'profile' | 'photo' | 'message'; id: number | null }[],
  evidence: ReadonlyMap<number, { body: string; created_at: string }>,
  photos: ReadonlyMap<number, PhotoRow>,
  messages: ReadonlyMap<number, MessageRow>,
): Content[] {
  const items: Content[] = [];
  const seen = new Set<string>();
  const add = (item: Content) => {
    const key = `${item.kind}:${item.id ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    items.push(item);
  };
  const photoItem = (id: number, removed: boolean): Content | null => {
    const photo = photos.get(id);
    // A photo of another member is not this decision's content (a notice's URL may have named anything).
    if (photo && photo.user_id !== a.member_id) return null;
    return { kind: 'photo', id, removed, photo: photo ? photoImage(photo) : null, text: null, sent_at: null };
  };
  if (a.content_kind === 'photo' && a.content_id !== null) {
    const item = photoItem(a.content_id, true);
    if (item) add(item);
  } else if (a.content_kind === 'message' && a.content_id !== null) {
    const message = messages.get(a.content_id);
    add({
      kind: 'message',
      id: a.content_id,
      removed: true,
      photo: null,
      text: text(a.removed?.body),
      sent_at: message ? iso(message.created_at) : null,
    });
  } else if (a.content_kind === 'profile_text') {
    add({ kind: 'profile_text', id: null, removed: true, photo: null, text: text(a.removed?.about), sent_at: null });
  }
  for (const target of targets) {
    if (target.kind === 'photo' && target.id !== null) {
      const photo = photos.get(target.id);
      const item = photoItem(target.id, photo?.status === 'rejected');
      if (item) add(item);
    } else if (target.kind === 'message' && target.id !== null) {
      const message = messages.get(target.id);
      if (message && message.sender_id !== a.member_id) continue;
      // The text as filed with the report (a removal empties the message itself).
      const filed = evidence.get(target.id);
      add({
        kind: 'message',
        id: target.id,
        removed: message?.removed_at != null,
        photo: null,
        text: filed?.body ?? message?.body ?? null,
        sent_at: filed?.created_at ?? (message ? iso(message.created_at) : null),
      });
    } else if (target.kind === 'profile' && a.content_kind !== 'profile_text' && a.member_about !== '') {
      add({ kind: 'profile_text', id: null, removed: false, photo: null, text: a.member_about, sent_at: null });
    }
  }
  return items;
}

/**
 * Open appeals, oldest first, each with what its moderator needs to decide it: the member the decision is about (his
 * name), the decision as its statement of reasons says it (action, rule, category, facts, how long, its source), the
 * content it concerns (what it removed and what its reports named, as far as it is kept), the reports it took with
 * their reporters' record and weight as the report queue shows them, the notices it handled, and the appeal's text.
 * Marked where the moderator asking may not decide it (conflicts.ts); an appeal of a decision about himself (or one he
 * filed) carries none of the reports, notices or content: a member never learns who reported him, nor what they wrote.
 */
export async function listAppealQueue(db: Db, viewer: Viewer | null, siteId: number): Promise<Schemas['AppealQueue']> {
  const moderator = await requireModerator(db, viewer);
  const rows = await repo.openAppeals(db, siteId);
  const parties = (a: repo.QueuedAppealRow) => ({ decisionId: a.decision_id, memberId: a.member_id, appellantId: a.appellant_id });
  const ownCase = (a: repo.QueuedAppealRow) => a.member_id === moderator.userId || a.appellant_id === moderator.userId;
  const shown = rows.filter((a) => !ownCase(a));
  const limits = await thresholdsOf(db, siteId);
  const decisions = [...new Map(shown.map((a) => [a.decision_id, { id: a.decision_id, member_id: a.member_id }])).values()];
  const [marks, reports, handled, own] = await Promise.all([
    appealMarks(db, moderator.userId, rows.map(parties)),
    repo.reportsOfDecisions(db, siteId, decisions, limits),
    notices.noticesOfDecisions(
      db,
      siteId,
      decisions.map((d) => d.id),
    ),
    ownAddressOf(db, moderator.userId),
  ]);
  const reporters = reports.flatMap((r) => (r.reporter_id === null ? [] : [r.reporter_id]));
  const photoIds = new Set<number>();
  const messageIds = new Set<number>();
  for (const a of shown) {
    if (a.content_kind === 'photo' && a.content_id !== null) photoIds.add(a.content_id);
    if (a.content_kind === 'message' && a.content_id !== null) messageIds.add(a.content_id);
  }
  for (const t of [
    ...reports.map((r) => ({ kind: r.target_kind, id: r.target_id })),
    ...handled.map((n) => ({ kind: n.target_kind, id: n.target_id })),
  ]) {
    if (t.kind === 'photo' && t.id !== null) photoIds.add(t.id);
    if (t.kind === 'message' && t.id !== null) messageIds.add(t.id);
  }
  const [weights, photos, messages] = await Promise.all([
    reporterWeights(db, siteId, reporters, limits),
    repo.photosByIds(db, [...photoIds]),
    repo.messagesByIds(db, [...messageIds]),
  ]);
  const photoById = new Map(photos.map((p) => [p.id, p]));
  const messageById = new Map(messages.map((m) => [m.id, m]));

  return {
    appeals: rows.map((a): QueuedAppeal => {
      const withheld = ownCase(a);
      const itsReports = withheld ? [] : reports.filter((r) => r.decision_id === a.decision_id);
      const itsNotices = withheld ? [] : handled.filter((n) => n.decision_id === a.decision_id);
      const evidence = new Map(itsReports.flatMap((r) => (r.evidence.messages ?? []).map((m) => [m.id, m] as const)));
      const targets = [
        ...itsReports.map((r) => ({ kind: r.target_kind, id: r.target_id })),
        ...itsNotices.flatMap((n) => (n.target_kind ? [{ kind: n.target_kind, id: n.target_id }] : [])),
      ];
      const filed = categoryOf(a);
      return {
        id: a.id,
        role: a.role,
        text: a.text,
        created_at: iso(a.created_at),
        own_decision: a.moderator_id === moderator.userId,
        own_case: withheld,
        own_report: marks.ownReport(a.decision_id),
        conflict_of_interest: marks.conflict(parties(a)),
        member: { id: a.member_id, name: a.member_name },
        decision: {
          id: a.decision_id,
          member: a.member_id,
          action: a.action,
          rule: a.rule,
          facts: a.facts,
          created_at: iso(a.decided_at),
          moderator: a.moderator_id,
          days: a.days,
          until: a.until,
          source: a.source,
          removed: a.content_kind,
          category: filed.category,
          category_specification: filed.keyword,
        },
        content: withheld ? [] : contentOf(a, targets, evidence, photoById, messageById),
        reports: itsReports.map((r) => queuedReport(r, weights)),
        notices: itsNotices.map((n) => queuedNotice(n, own)),
      };
    }),
  };
}
