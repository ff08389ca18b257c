import { FormattedMessage, useIntl } from 'react-intl';
import { Seo } from '../../components/seo';
import { listPendingPhotos, MODERATION_QUEUE_KEY } from '../../features/moderation/api/list-pending-photos';
import { decidePhoto } from '../../features/moderation/api/decide-photo';
import {
  DECIDED_BEFORE,
  ModerationQueueGrid,
  PHOTO_DECISION_FORM,
  PHOTO_QUEUE_PAGE,
} from '../../features/moderation/components/moderation-queue';
import { ModerationNav } from '../../features/moderation/components/moderation-nav';
import { answerInPlace, FETCHER_FIELD } from '../../components/router-fetcher';
import { idempotencyKeyOf, IDEMPOTENCY_FIELD } from '../../components/progressive-form';
import {
  APPEAL_QUEUE_KEY,
  decideAppeal,
  decideNotice,
  decideReports,
  listAppealQueue,
  listReportQueue,
  REPORT_QUEUE_KEY,
} from '../../features/safety/api/moderation';
import { AppealQueueView } from '../../features/safety/components/appeal-queue';
import { ReportQueueView } from '../../features/safety/components/report-queue';
import {
  APPEAL_DECISION_FORM,
  APPEALS_PAGE,
  appealsPageWith,
  decisionOf,
  DECISION_FORM,
  idOf,
  isConflict,
  localFailure,
  MAX_FACTS,
  NOTICE_DECISION_FORM,
  REPORTS_PAGE,
  reportsPageWith,
} from '../../features/safety/moderation-forms';
import { isModerator } from '../../lib/roles';
import { useCurrentUser } from '../../lib/store/store';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import { prefetchKey, type PageActionArgs, type PageContext, type PageLoaderArgs, type PrefetchResult } from '../route-handle';
import { NotFoundPage } from './not-found-page';

type Tab = 'photos' | 'reports' | 'appeals';

/** Visitors and members who are not moderators (or admins) get the 404 page: the route does not reveal that it exists. */
async function moderatorOnly(ctx: PageContext, load: () => Promise<PrefetchResult>): Promise<PrefetchResult> {
  // The queue goes out with the user call; the backend refuses it to anyone but a moderator.
  const [user, result] = await Promise.all([ctx.user, ctx.hasSession ? load() : null]);
  if (!isModerator(user) || !result) return { status: 404 };
  return result;
}

export const moderationLoader = ({ context: ctx }: PageLoaderArgs) =>
  moderatorOnly(ctx, () => prefetchKey(MODERATION_QUEUE_KEY, () => listPendingPhotos(ctx.api)));

export const reportModerationLoader = ({ context: ctx }: PageLoaderArgs) =>
  moderatorOnly(ctx, () => prefetchKey(REPORT_QUEUE_KEY, () => listReportQueue(ctx.api)));

export const appealModerationLoader = ({ context: ctx }: PageLoaderArgs) =>
  moderatorOnly(ctx, () => prefetchKey(APPEAL_QUEUE_KEY, () => listAppealQueue(ctx.api)));

/**
 * The photo decisions of /moderation (`intent` approve or reject, the photo and its member's name): taken, 303 back to
 * the queue saying so (to the grid's fetcher: in place, the grid has already dropped the photo); about a photo another
 * moderator decided first (404, 409), 303 back to the queue saying that; any other refusal, the page with its message.
 */
export async function photoModerationAction({ request, context }: PageActionArgs): Promise<unknown> {
  const form = await request.formData();
  const decision = textField(form, 'intent');
  const photo = idOf(textField(form, 'photo_id'));
  const name = textField(form, 'name').slice(0, 100);
  if ((decision !== 'approve' && decision !== 'reject') || photo === null) return seeOther(PHOTO_QUEUE_PAGE);
  const answer = await runFormAction(
    PHOTO_DECISION_FORM,
    { name },
    () => decidePhoto(context.api, photo, decision),
    () => answerInPlace(form, { decision }, seeOther(`${PHOTO_QUEUE_PAGE}?${new URLSearchParams({ [decision]: name }).toString()}`)),
  );
  if (answer instanceof Response || !('status' in answer) || form.has(FETCHER_FIELD)) return answer;
  return answer.status === 404 || answer.status === 409
    ? seeOther(`${PHOTO_QUEUE_PAGE}?${new URLSearchParams({ [DECIDED_BEFORE]: name }).toString()}`)
    : answer;
}

/**
 * Runs a moderator's decision: 303 to `done` when it is taken, to `conflict` when another moderator (or an earlier
 * attempt) was first — the queue is then loaded again and says so — or the form's refusal in the moderator's language.
 */
async function decideOrConflict<T>(
  form: string,
  fields: Record<string, string>,
  call: () => Promise<T>,
  done: string,
  conflict: string,
): Promise<Response | FormFailure> {
  const answer = await runFormAction(form, fields, call, () => seeOther(done));
  return answer instanceof Response || !isConflict(answer) ? answer : seeOther(conflict);
}

/**
 * The forms of /moderation/reports, by `intent`, each with its Idempotency-Key (a repeated post decides once): a
 * decision about a member's case, or the handling of a notice that names nobody (`decide` = assign or dismiss). What a
 * form lacks comes back without a call; the backend decides who may (moderators only).
 */
export async function reportModerationAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  const key = idempotencyKeyOf(form);
  if (textField(form, 'intent') === NOTICE_DECISION_FORM) {
    const notice = idOf(textField(form, 'notice'));
    if (notice === null) return seeOther(REPORTS_PAGE);
    const reference = textField(form, 'reference');
    const decide = textField(form, 'decide') === 'dismiss' ? 'dismiss' : 'assign';
    const contentUrl = textField(form, 'content_url').trim().slice(0, 2000);
    const fields = { notice: String(notice), content_url: contentUrl, [IDEMPOTENCY_FIELD]: key };
    if (decide === 'assign' && contentUrl === '') return localFailure(NOTICE_DECISION_FORM, 'url_required', fields);
    return decideOrConflict(
      NOTICE_DECISION_FORM,
      fields,
      () => decideNotice(context.api, { notice, action: decide, ...(decide === 'assign' ? { content_url: contentUrl } : {}) }, key),
      reportsPageWith({ kind: decide === 'assign' ? 'notice-assigned' : 'notice-dismissed', reference }),
      reportsPageWith({ kind: 'notice-conflict', reference }),
    );
  }
  const posted = {
    member: textField(form, 'member'),
    name: textField(form, 'name'),
    reports: textField(form, 'reports'),
    notices: textField(form, 'notices'),
    action: textField(form, 'action'),
    rule: textField(form, 'rule'),
    content: textField(form, 'content'),
    days: textField(form, 'days'),
    facts: textField(form, 'facts').slice(0, MAX_FACTS),
    category: textField(form, 'category'),
    category_specification: textField(form, 'category_specification'),
  };
  const decision = decisionOf(posted);
  if (!decision) return seeOther(REPORTS_PAGE);
  const { name, reports: _reports, notices: _notices, ...kept } = posted;
  const fields = { ...kept, [IDEMPOTENCY_FIELD]: key };
  if ('problem' in decision) return localFailure(DECISION_FORM, decision.problem, fields);
  const shown = name.trim() || `#${posted.member}`;
  return decideOrConflict(
    DECISION_FORM,
    fields,
    () => decideReports(context.api, decision.request, key),
    reportsPageWith({ kind: 'decided', name: shown }),
    reportsPageWith({ kind: 'conflict', name: shown }),
  );
}

/** The appeal decisions of /moderation/appeals (`outcome` upheld or reversed), with the form's Idempotency-Key. */
export async function appealModerationAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  const key = idempotencyKeyOf(form);
  const appeal = idOf(textField(form, 'appeal'));
  const outcome = textField(form, 'outcome');
  if (appeal === null || (outcome !== 'upheld' && outcome !== 'reversed')) return seeOther(APPEALS_PAGE);
  const explanation = textField(form, 'explanation').trim().slice(0, MAX_FACTS);
  const fields = { appeal: String(appeal), explanation, [IDEMPOTENCY_FIELD]: key };
  if (explanation === '') return localFailure(APPEAL_DECISION_FORM, 'explanation_required', fields);
  return decideOrConflict(
    APPEAL_DECISION_FORM,
    fields,
    () => decideAppeal(context.api, { appeal, outcome, explanation }, key),
    appealsPageWith(outcome),
    appealsPageWith('conflict'),
  );
}

/**
 * /moderation (photos), /moderation/reports and /moderation/appeals: the moderators' console. Photos are approved or
 * rejected; reports are decided per reported member with their context; appeals are upheld or reversed.
 */
export function ModerationPage({ tab = 'photos' }: { tab?: Tab }) {
  const intl = useIntl();
  const user = useCurrentUser();
  if (!isModerator(user)) return <NotFoundPage />;
  const titles: Record<Tab, string> = {
    photos: intl.formatMessage({ id: 'moderation.title', defaultMessage: 'Photo moderation' }),
    reports: intl.formatMessage({ id: 'safety.moderation.reportsTitle', defaultMessage: 'Reports' }),
    appeals: intl.formatMessage({ id: 'safety.moderation.appealsTitle', defaultMessage: 'Appeals' }),
  };
  const title = titles[tab];
  return (
    <section className="my-4">
      <Seo title={title} />
      <ModerationNav />
      <h1 className="h3">{title}</h1>
      {tab === 'photos' ? (
        <>
          <p className="text-body-secondary">
            <FormattedMessage
              id="moderation.intro"
              defaultMessage="Photos awaiting moderation, oldest first. Other members only see a photo once it is approved; a rejected photo is deleted."
            />
          </p>
          <ModerationQueueGrid />
        </>
      ) : tab === 'reports' ? (
        <>
          <p className="text-body-secondary">
            <FormattedMessage
              id="safety.moderation.reportsIntro"
              defaultMessage="Open reports per reported member: members hidden before review first, then the heaviest reports, then the longest waiting. Every decision but a dismissal sends the member a statement of reasons."
            />
          </p>
          <ReportQueueView />
        </>
      ) : (
        <>
          <p className="text-body-secondary">
            <FormattedMessage
              id="safety.moderation.appealsIntro"
              defaultMessage="Open appeals, oldest first. A decision's appeal is decided by another moderator than the one who made it."
            />
          </p>
          <AppealQueueView />
        </>
      )}
    </section>
  );
}
