import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from 'reactstrap';
import { Link } from '../../components/link';
import { Loading } from '../../components/loading';
import { idempotencyKeyOf, IDEMPOTENCY_FIELD } from '../../components/progressive-form';
import { Seo } from '../../components/seo';
import { getVerification, sendSelfie, startVerification, useVerification } from '../../features/verification/api/verification';
import { VERIFICATION_KEY } from '../../features/verification/api/keys';
import { SELFIE_FORM, START_FORM, VERIFICATION_PAGE, VerificationPanel } from '../../features/verification/components/verification-panel';
import { useCurrentUser } from '../../lib/store/store';
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
  let body;
  if (!user)
    body = (
      <p>
        <Link to="/login" className="btn btn-primary">
          <FormattedMessage id="nav.login" defaultMessage="Log in" />
        </Link>
      </p>
    );
  else if (error)
    body = (
      <Alert color="danger" fade={false}>
        <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
      </Alert>
    );
  else if (!data) body = <Loading />;
  else body = <VerificationPanel verification={data} />;
  return (
    <section className="verification-page page-narrow my-4">
      <Seo title={title} />
      <h1 className="h3">{title}</h1>
      {body}
      <p className="mt-4">
        <Link to="/profile">
          <FormattedMessage id="verification.backToProfile" defaultMessage="Back to my profile" />
        </Link>
      </p>
    </section>
  );
}
