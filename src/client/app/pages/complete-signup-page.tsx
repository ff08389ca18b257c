import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, FormGroup, Input, Label } from 'reactstrap';
import { MIN_AGE } from '../../../shared/account-rules';
import { useFormFailure } from '../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../components/router-form';
import { Seo } from '../../components/seo';
import { completeSignup } from '../../features/accounts/api/complete-signup';
import { Field } from '../../features/accounts/components/field';
import { toFormError } from '../../features/accounts/form-error';
import { LoginForm } from '../../features/session/components/login-form';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { runFormAction, seeOtherDocument, textField, type FormFailure } from '../form-action';
import type { PageActionArgs } from '../route-handle';

/** The form's name and the page it posts to (its route action below). */
const COMPLETE_SIGNUP_FORM = 'complete-signup';
const COMPLETE_SIGNUP_PATH = '/complete-signup';

/**
 * The finished profile, posted by the browser (without JavaScript, or before the page hydrated) or through the router:
 * saved, the members' page loads as a new document (the session's account is complete from its first render on);
 * refused, the page again with the backend's error beside its field and the fields as sent.
 */
export async function completeSignupAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  const values = { name: textField(form, 'name'), date_of_birth: textField(form, 'date_of_birth'), about: textField(form, 'about') };
  return runFormAction(
    COMPLETE_SIGNUP_FORM,
    values,
    () => completeSignup(context.api, values),
    () => seeOtherDocument('/members'),
  );
}

/** complete-signup: finishes an account that began with a message (name, date of birth, about me). */
export function CompleteSignupPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const refused = useFormFailure(COMPLETE_SIGNUP_FORM);
  const busy = useSubmitting(COMPLETE_SIGNUP_PATH);
  const [values, setValues] = useState({
    name: refused?.fields.name ?? '',
    date_of_birth: refused?.fields.date_of_birth ?? '',
    about: refused?.fields.about ?? '',
  });
  // The action's refusal (none while the form is sent again).
  const error = refused && !busy ? toFormError(intl, refused.error) : null;
  const title = intl.formatMessage({ id: 'complete.title', defaultMessage: 'Finish your profile' });

  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-3">{title}</h1>
        {!user ? (
          <LoginForm />
        ) : (
          <RouterForm action={COMPLETE_SIGNUP_PATH} noValidate>
            {error && !error.field ? (
              <Alert color="danger" fade={false}>
                {error.message}
              </Alert>
            ) : null}
            <Field
              label={<FormattedMessage id="signup.name" defaultMessage="Profile name" />}
              name="name"
              autoComplete="nickname"
              required
              maxLength={40}
              value={values.name}
              error={error?.field === 'name' ? error.message : null}
              onChange={set('name')}
            />
            <Field
              label={<FormattedMessage id="signup.birthDate" defaultMessage="Date of birth" />}
              type="date"
              name="date_of_birth"
              autoComplete="bday"
              required
              value={values.date_of_birth}
              error={error?.field === 'date_of_birth' ? error.message : null}
              hint={
                <FormattedMessage
                  id="signup.birthDateHint"
                  defaultMessage="You must be {min_age} or older."
                  values={{ min_age: MIN_AGE }}
                />
              }
              onChange={set('date_of_birth')}
            />
            <FormGroup>
              <Label for="complete-about">
                <FormattedMessage id="signup.about" defaultMessage="About me (optional)" />
              </Label>
              <Input
                id="complete-about"
                name="about"
                type="textarea"
                rows={4}
                maxLength={2000}
                value={values.about}
                onChange={set('about')}
              />
            </FormGroup>
            <Button type="submit" color="primary" size="lg" block disabled={busy}>
              <FormattedMessage id="complete.submit" defaultMessage="Save my profile" />
            </Button>
          </RouterForm>
        )}
      </div>
    </div>
  );
}
