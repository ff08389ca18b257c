import { useIntl } from 'react-intl';
import { idempotencyKeyOf, IDEMPOTENCY_FIELD } from '../../components/progressive-form';
import { getVerification, sendSelfie, startVerification, useVerification } from '../../features/verification/api/verification';
import { VERIFICATION_KEY } from '../../features/verification/api/keys';
import { SELFIE_FORM, START_FORM, VERIFICATION_PAGE, VerificationPanel } from '../../features/verification/components/verification-panel';
import { useCurrentUser } from '../../lib/store/store';
import { MemberPage } from '../member-page';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import { prefetchForMember, prefetchKey, type PageActionArgs, type PageLoaderArgs, type PrefetchResult } from '../route-handle';

/** The member's verification, so the page is complete in its first render (also without JavaScript). */
export function verificationLoader({ context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  return prefetchForMember(ctx, () => prefetchKey(VERIFICATION_KEY, () => getVerification(ctx.api)));
}

/**
 * The verification's forms, by `intent`: `start` asks for a pose; `selfie` (multipart, with the attempt's
 * Idempotency-Key) sends the selfie in it. Both answer 303 back to the page, which shows the new state; a refusal (no
 * approved photo, not an image, the daily limit…) renders the page again with the backend's message in his language.
 */
export async function verificationAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  if (textField(form, 'intent') === SELFIE_FORM) {
    const photo = form.get('photo');
    const key = idempotencyKeyOf(form);
    return runFormAction(
      SELFIE_FORM,
      { [IDEMPOTENCY_FIELD]: key },
      () => sendSelfie(context.api, photo instanceof Blob ? photo : new Blob([]), photo instanceof File ? photo.name : 'selfie', key),
      () => seeOther(VERIFICATION_PAGE),
    );
  }
  return runFormAction(
    START_FORM,
    {},
    () => startVerification(context.api),
    () => seeOther(VERIFICATION_PAGE),
  );
}

/** /verification: a member shows that he is the man in his photos (a selfie in a pose, reviewed by a moderator). */
export function VerificationPage() {
  const intl = useIntl();
  const user = useCurrentUser();
  const { data, error } = useVerification(user !== null);
  const title = intl.formatMessage({ id: 'verification.title', defaultMessage: 'Verify your profile' });
  return (
    <MemberPage className="verification-page" title={title} member={user !== null} data={data} error={error}>
      {(verification) => <VerificationPanel verification={verification} />}
    </MemberPage>
  );
}
