import { FormattedMessage, useIntl } from 'react-intl';
import { WORDS_SHOWN_FIELD } from '../../components/profile-words-fields';
import { profileWordsFieldsOf, profileWordsOf, profileWordsProblemsOf } from '../../features/profile-edit/profile-update';
import { useParams } from 'react-router';
import { Link } from '../../components/link';
import { Seo } from '../../components/seo';
import { signup } from '../../features/accounts/api/signup';
import { SIGNED_UP_PARAM, SIGNUP_FORM, SignupWizard } from '../../features/accounts/components/signup-wizard';
import { rememberTracking } from '../../features/accounts/tracking';
import { parseProfileId, useProfile } from '../../features/profile/api/get-profile';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { signupStepErrors } from '../../../shared/account-rules';
import { answerInPlace, type InPlaceAnswer } from '../../components/router-fetcher';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import { searchOf, type PageActionArgs } from '../route-handle';
import { useSignupPhoto } from '../signup-photo';

/**
 * The signup posted by the browser (without JavaScript, or before the page hydrated: every plain field at once, his own
 * words as the profile editor posts them; the photo waits for the profile) or sent by the wizard through the router once it has every step. A message to a member
 * with neither name nor birth date is the "message first" signup. Every field is checked at once by the rules the
 * backend applies (which stays the authority), so a refused post shows each wrong field beside it. Done: the backend's
 * auth cookie goes out with a 303 to the page's e-mail step (to the wizard: the address, in place); refused: the page
 * again with the errors and the fields as sent, never the password.
 */
export async function signupAction({
  request,
  params,
  context,
}: PageActionArgs): Promise<Response | FormFailure | InPlaceAnswer<SignedUp>> {
  const form = await request.formData();
  const recipientId = parseProfileId(params.id);
  const email = textField(form, 'email').trim();
  const password = textField(form, 'password');
  const name = textField(form, 'name').trim();
  const dateOfBirth = textField(form, 'date_of_birth');
  const about = textField(form, 'about');
  // The country he kept or changed at the personal-info step (the backend refuses one the site does not offer).
  const country = textField(form, 'country').trim().toUpperCase();
  const message = recipientId === null ? '' : textField(form, 'signup_message').trim();
  const messageFirst = message !== '' && name === '' && dateOfBirth === '';
  // Shown again when the post is refused (never the password), his own words too: the lists joined by commas.
  const kept = { email, name, date_of_birth: dateOfBirth, about, signup_message: message, country, ...profileWordsFieldsOf(form) };
  const wrong = [
    ...signupStepErrors({ step: 'account', email, password }),
    ...(messageFirst ? [] : signupStepErrors({ step: 'personal', email, name, date_of_birth: dateOfBirth })),
  ];
  // His own words from the "about me" step, by the profile editor's rules (checked again by the backend's contract).
  const wordsWrong = messageFirst ? [] : profileWordsProblemsOf(form);
  if (wrong.length > 0 || wordsWrong.length > 0) {
    const [first] = [...wrong, ...wordsWrong];
    const error = { code: 'invalid_fields', message: '', params: { field: first?.field, field_errors: [...wrong, ...wordsWrong] } };
    return { form: SIGNUP_FORM, status: 422, body: { error }, fields: kept };
  }
  const query = searchOf(request);
  const body = {
    email,
    password,
    ...(messageFirst ? {} : { name, date_of_birth: dateOfBirth, about, ...(country ? { country } : {}) }),
    // Only what he said: a new member who filled in none of his own words sends none.
    ...(messageFirst || !form.has(WORDS_SHOWN_FIELD)
      ? {}
      : Object.fromEntries(Object.entries(profileWordsOf(form)).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0)))),
    ...(message && recipientId !== null ? { signup_message: message, recipient_id: recipientId } : {}),
    tracking: rememberTracking(query, null),
  };
  query.set(SIGNED_UP_PARAM, email);
  return runFormAction(
    SIGNUP_FORM,
    kept,
    () => signup(context.api, body),
    () => answerInPlace(form, { email }, seeOther(`${new URL(request.url).pathname}?${query.toString()}`)),
  );
}

/** The wizard's answer from the action: the address the confirmation went to. */
interface SignedUp {
  email: string;
}

/** Routes signup and members/{id}/signup (the latter offers a message to that member first). */
export function SignupPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const recipientId = parseProfileId(useParams().id);
  const { data: recipient } = useProfile(recipientId);
  const photo = useSignupPhoto();
  const title = intl.formatMessage({ id: 'signup.title', defaultMessage: 'Sign up for free' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-3">{title}</h1>
        {user && user.status === 'active' ? (
          <p>
            <FormattedMessage
              id="login.already"
              defaultMessage="You are already logged in as {name}."
              values={{ name: user.profile.name }}
            />{' '}
            <Link to="/members">
              <FormattedMessage id="index.goToMembers" defaultMessage="Go to members" />
            </Link>
          </p>
        ) : (
          <SignupWizard recipient={recipient ? { id: recipient.id, name: recipient.name } : undefined} photo={photo} />
        )}
      </div>
    </div>
  );
}
