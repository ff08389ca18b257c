import { FormattedMessage, useIntl } from 'react-intl';
import { ConsolePage } from '../../features/moderation/components/console-page';
import { decideVerification, listVerificationQueue, VERIFICATION_QUEUE_KEY } from '../../features/verification/api/verification';
import {
  REASON_REQUIRED,
  VERIFICATION_DECISION_FORM,
  VERIFICATION_QUEUE_PAGE,
  VerificationQueueView,
} from '../../features/verification/components/verification-queue';
import { isModerator } from '../../lib/roles';
import { useCurrentUser } from '../../lib/store/store';
import { VERIFICATION_REFUSAL_REASONS, type VerificationRefusalReason } from '../../../shared/verification';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import { prefetchKey, type PageActionArgs, type PageLoaderArgs, type PrefetchResult } from '../route-handle';
import { NotFoundPage } from './not-found-page';

/** Visitors and members who are not moderators get the 404 page: the route does not reveal that it exists. */
export async function verificationQueueLoader({ context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  const [user, result] = await Promise.all([
    ctx.user,
    ctx.hasSession ? prefetchKey(VERIFICATION_QUEUE_KEY, () => listVerificationQueue(ctx.api)) : null,
  ]);
  if (!isModerator(user) || !result) return { status: 404 };
  return result;
}

const isReason = (value: string): value is VerificationRefusalReason => (VERIFICATION_REFUSAL_REASONS as readonly string[]).includes(value);

/**
 * A moderator's decision on a selfie (the button pressed: `decision` approve or refuse, with `reason` for a refusal):
 * 303 back to the queue saying what happened; another moderator first (404, 409), 303 saying so; a refusal without a
 * reason, or any refusal of the backend (own case, conflict of interest…), the page again with its message.
 */
export async function verificationQueueAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  const id = Number(textField(form, 'request'));
  const decision = textField(form, 'decision');
  const reason = textField(form, 'reason');
  const name = textField(form, 'name').slice(0, 100);
  if (!Number.isInteger(id) || id < 1 || id > 2147483647 || (decision !== 'approve' && decision !== 'refuse'))
    return seeOther(VERIFICATION_QUEUE_PAGE);
  const fields = { request: String(id), reason, name };
  // A refusal needs its reason: the form comes back without a call, saying so (verification-queue.tsx `Notice`).
  if (decision === 'refuse' && !isReason(reason))
    return { form: VERIFICATION_DECISION_FORM, status: 422, body: { error: { code: REASON_REQUIRED, message: '' } }, fields };
  const answer = await runFormAction(
    VERIFICATION_DECISION_FORM,
    fields,
    () => decideVerification(context.api, { request: id, decision, ...(decision === 'refuse' && isReason(reason) ? { reason } : {}) }),
    () =>
      seeOther(`${VERIFICATION_QUEUE_PAGE}?${new URLSearchParams({ [decision === 'approve' ? 'approved' : 'refused']: name }).toString()}`),
  );
  if (!(answer instanceof Response) && (answer.status === 404 || answer.status === 409))
    return seeOther(`${VERIFICATION_QUEUE_PAGE}?conflict=1`);
  return answer;
}

/** /moderation/verifications: the console's tab of verification selfies waiting for a moderator. */
export function VerificationQueuePage() {
  const intl = useIntl();
  const user = useCurrentUser();
  if (!isModerator(user)) return <NotFoundPage />;
  const title = intl.formatMessage({ id: 'verification.queue.title', defaultMessage: 'Verification selfies' });
  return (
    <ConsolePage
      title={title}
      intro={
        <FormattedMessage
          id="verification.queue.intro"
          defaultMessage="Compare each selfie with the pose asked for and the member’s approved photos. Approve only when it is clearly the same man, in the pose, photographed now."
        />
      }
    >
      <VerificationQueueView />
    </ConsolePage>
  );
}
