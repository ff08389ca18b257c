import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Alert, Button, Form, FormGroup, Input, Label } from 'reactstrap';
import { MIN_AGE } from '../../../shared/account-rules';
import { useFormFailure } from '../../components/progressive-form';
import { Seo } from '../../components/seo';
import { completeSignup } from '../../features/accounts/api/complete-signup';
import { Field } from '../../features/accounts/components/field';
import { toFormError, type FormError } from '../../features/accounts/form-error';
import { LoginForm } from '../../features/session/components/login-form';
import { useApi } from '../../lib/api-client';
import { userChanged } from '../../lib/store/session-slice';
import { useAppDispatch, useCurrentUser, useSettings } from '../../lib/store/store';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import type { PageActionArgs } from '../route-handle';

/** The form's name (its route action below). */
const COMPLETE_SIGNUP_FORM = 'complete-signup';

/**
 * The form posted without JavaScript (or before the page hydrated): saved on the server, then 303 to the members;
 * refused, the page again with the backend's error beside its field and the fields as sent.
 */
export async function completeSignupAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  const values = { name: textField(form, 'name'), date_of_birth: textField(form, 'date_of_birth'), about: textField(form, 'about') };
  return runFormAction(
    COMPLETE_SIGNUP_FORM,
    values,
    () => completeSignup(context.api, values),
    () => seeOther('/members'),
  );
}

/** complete-signup: finishes an account that began with a message (name, date of birth, about me). */
export function CompleteSignupPage() {
  const intl = useIntl();
  const api = useApi();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const settings = useSettings();
  const user = useCurrentUser();
  const refused = useFormFailure(COMPLETE_SIGNUP_FORM);
  const [values, setValues] = useState({
    name: refused?.fields.name ?? '',
    date_of_birth: refused?.fields.date_of_birth ?? '',
    about: refused?.fields.about ?? '',
  });
  const [error, setError] = useState<FormError | null>(() => (refused ? toFormError(intl, refused.error) : null));
  const [busy, setBusy] = useState(false);
  const title = intl.formatMessage({ id: 'complete.title', defaultMessage: 'Finish your profile' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      dispatch(userChanged(await completeSignup(api, values)));
      navigate('/members');
    } catch (err) {
      setError(toFormError(intl, err));
      setBusy(false);
    }
  };
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-3">{title}</h1>
        {!user ? (
          <LoginForm />
        ) : (
          <Form method="post" action="/complete-signup" onSubmit={onSubmit} noValidate>
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
          </Form>
        )}
      </div>
    </div>
  );
}
