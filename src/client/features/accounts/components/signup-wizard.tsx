import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Link } from '../../../components/link';
import { Alert, Button, Form, FormFeedback, FormGroup, FormText, Input, Label, Progress } from 'reactstrap';
import { MIN_AGE, PASSWORD_MIN_LENGTH, signupStepErrors } from '../../../../shared/account-rules';
import { parseMeasure, profileWordsProblems, type WordsField } from '../../../../shared/profile-words';
import {
  EMPTY_WORDS,
  ProfileWordsFields,
  WORDS_SHOWN_FIELD,
  wordsAsSent,
  wordsErrorsOf,
  type WordsState,
} from '../../../components/profile-words-fields';
import { isApiRequestError } from '../../../lib/api-error';
import { useFormFailure } from '../../../components/progressive-form';
import { useRouterFetcher } from '../../../components/router-fetcher';
import { useApi } from '../../../lib/api-client';
import { userChanged } from '../../../lib/store/session-slice';
import { compareIn, regionName } from '../../../lib/region-names';
import { useAppDispatch, useSettings } from '../../../lib/store/store';
import { getUser } from '../../session/index';
import { toFormError, type FormError } from '../form-error';
import { draftInProgress, EMPTY_DRAFT, useSignupDraft, type SignupDraft } from '../hooks/use-signup-draft';
import { useSignupAllowed } from '../hooks/use-signup-allowed';
import { rememberTracking } from '../tracking';
import { CheckMail } from './check-mail';
import { Field } from './field';
import { PhotoOutcomeNotice, PushConsent, type PhotoOutcome } from './signup-steps';
import { fieldCodesOf, ruleMessage } from '../signup-field-errors';
import { signupCountry } from '../signup-country';

/** The signup form (its route action: app/pages/signup-page.tsx). */
export const SIGNUP_FORM = 'signup';

/** The query of the page after a signup posted without JavaScript: the address the confirmation went to. */
export const SIGNED_UP_PARAM = 'signed_up';

/** The fields of a posted signup the page shows again when it was refused (never the password). */
export const SIGNUP_KEPT_FIELDS = ['email', 'name', 'date_of_birth', 'about', 'signup_message', 'country'] as const;

/** Steps: 0 message or account, 1 photo, 2 personal info, 3 about me then push consent, 4 e-mail. */
const LAST_FORM_STEP = 3;
const PUSH_STEP = 3.5;
const MAIL_STEP = 4;

/** The words' fields as the signup posts them (the same names as the profile editor's). */
function appendWords(form: FormData, words: WordsState): void {
  form.set(WORDS_SHOWN_FIELD, '1');
  for (const v of words.looking_for) form.append('looking_for', v);
  for (const v of words.tribes) form.append('tribes', v);
  for (const name of ['position', 'height_cm', 'weight_kg', 'pronouns'] as const) form.set(name, words[name]);
}

/** The words' rules broken, by field (src/shared/profile-words.ts: the page's action checks them again). */
function wordsProblemsOf(words: WordsState): Partial<Record<WordsField, string>> {
  const found = profileWordsProblems({
    tribes: words.tribes,
    height_cm: parseMeasure(words.height_cm),
    weight_kg: parseMeasure(words.weight_kg),
  });
  return Object.fromEntries(found.map((p) => [p.field, p.code]));
}

function stepOfField(field: string | null): number {
  if (field === 'email' || field === 'password') return 0;
  if (field === 'name' || field === 'date_of_birth' || field === 'country') return 2;
  return LAST_FORM_STEP;
}

/** The page the signup form posts to: the site's, or the one that writes to a member first. */
const signupPath = (recipient: { id: number } | undefined) => `${recipient ? `/members/${recipient.id}` : ''}/signup`;

/** The latest birth date that is old enough, for the date picker's max. */
function latestBirthDate(): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - MIN_AGE);
  return d.toISOString().slice(0, 10);
}

/**
 * Step 1's photo, passed in by the page (feature folders do not import each other): a picker that hands over a
 * checked file — the account does not exist yet — and the upload that runs once signup has created the account.
 */
export interface SignupPhotoSlot {
  renderPicker: (props: { onPicked: (file: File) => void; label: string }) => ReactNode;
  upload: (file: File) => Promise<void>;
}

export interface SignupWizardProps {
  /** The member the visitor writes to (members/{id}/signup): step 0 offers a message first. */
  recipient?: { id: number; name: string } | undefined;
  /** Tells the modal whether the visitor is in the middle of signing up. */
  onProgress?: (inProgress: boolean) => void;
  /** Lets step 1 add a photo; without it step 1 only points to the profile page. */
  photo?: SignupPhotoSlot | undefined;
}

/**
 * The signup, step by step. The form is posted to its page: without JavaScript (or before the page hydrated) the first
 * step carries every plain field at once (the later steps' fields, his own words among them, come in a <noscript>;
 * photos wait for the profile),
 * and the route's action creates the account on the server — 303 to the page with the e-mail step, or the page again
 * with the backend's error beside its field and the fields as sent (never the password). With JavaScript this
 * handler runs the steps.
 */
export function SignupWizard({ recipient, onProgress, photo }: SignupWizardProps) {
  const intl = useIntl();
  const api = useApi();
  const dispatch = useAppDispatch();
  const settings = useSettings();
  const allowed = useSignupAllowed();
  const { search } = useLocation();
  const fetcher = useRouterFetcher();
  const refused = useFormFailure(SIGNUP_FORM);
  const stored = useSignupDraft(recipient ? `m${recipient.id}` : 'site');
  const { update, clear } = stored;
  // A refused post shows its fields as sent until the visitor has a draft of his own (they join it on mount).
  const sent = refused?.fields ?? null;
  const draft = useMemo<SignupDraft>(
    () => (sent && !draftInProgress(stored.draft) ? { ...EMPTY_DRAFT, ...keptFields(sent) } : stored.draft),
    [sent, stored.draft],
  );
  const signedUp = new URLSearchParams(search).get(SIGNED_UP_PARAM);
  // A refusal of every wrong field at once (the route action's check) shows beside each; another, as the server's error.
  const refusedFields = refused ? fieldCodesOf(refused.error) : null;
  const [error, setError] = useState<FormError | null>(() => (refused && !refusedFields ? toFormError(intl, refused.error) : null));
  /** The current step's own check (every wrong field at once); the server's answer is `error`. */
  const [stepErrors, setStepErrors] = useState<Partial<Record<string, string>>>(() =>
    Object.fromEntries((refusedFields ?? []).map((e) => [e.field, ruleMessage(intl, e.code)])),
  );
  const [busy, setBusy] = useState(false);
  /** The "about me" step's own words that break a rule, by field (checked when he goes on, or by the refused post's action). */
  const [wordsErrors, setWordsErrors] = useState<Partial<Record<WordsField, string>>>(() =>
    refused ? wordsErrorsOf(refused.error.params) : {},
  );
  // The photo chosen at step 1 stays in this page (a File cannot go into the stored draft) until the account exists.
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const [photoOutcome, setPhotoOutcome] = useState<PhotoOutcome>(null);
  const progressLabelId = useId();
  // The country the site derived from his address (or its first), shown preselected at the personal-info step.
  const countryChoice = signupCountry(settings);
  const countries = useMemo(
    () => [...settings.countries].sort((a, b) => compareIn(intl.locale)(regionName(intl.locale, a), regionName(intl.locale, b))),
    [settings.countries, intl.locale],
  );
  /** The country the signup sends: the one he picked (while the site still offers it), else the preselected one. */
  const chosenCountry = (d: SignupDraft): string | null =>
    countryChoice ? (d.country && settings.countries.includes(d.country) ? d.country : countryChoice.preselected) : null;

  // Each preview URL is released when another photo is chosen or the wizard goes away.
  useEffect(() => {
    if (!picked) return undefined;
    return () => URL.revokeObjectURL(picked.url);
  }, [picked]);

  useEffect(() => {
    rememberTracking(new URLSearchParams(search), window.localStorage);
  }, [search]);
  useEffect(() => onProgress?.(draftInProgress(draft) && draft.step < MAIL_STEP), [draft, onProgress]);
  useEffect(() => {
    if (refused && !draftInProgress(stored.draft)) update(keptFields(refused.fields));
    // Once, on mount: the fields of the post this page answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!allowed) {
    return (
      <Alert color="info" fade={false} data-testid="invite-only">
        <FormattedMessage
          id="signup.inviteOnly"
          defaultMessage="Signing up is by invitation only at the moment. Do you have an invitation? Open its link to sign up."
        />
      </Alert>
    );
  }

  const go = (step: number) => {
    setError(null);
    setStepErrors({});
    update({ step });
  };
  const fieldError = (field: string) => stepErrors[field] ?? (error?.field === field ? error.message : null);
  const clearFieldError = (field: string) => {
    if (error?.field === field) setError(null);
    if (stepErrors[field]) setStepErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const onPicked = (file: File) => setPicked({ file, url: URL.createObjectURL(file) });

  /**
   * The step's own fields checked right here, all at once, by the shared rules the server applies too: shown, the
   * first one focused; true when the step may move on.
   */
  const checkStep = (d: SignupDraft, step: number, form: HTMLFormElement | null): boolean => {
    const found =
      step === 0
        ? signupStepErrors({ step: 'account', email: d.email, password: d.password })
        : step === 2
          ? signupStepErrors({ step: 'personal', email: d.email, name: d.name, date_of_birth: d.date_of_birth })
          : [];
    if (step === LAST_FORM_STEP) {
      const wrong = wordsProblemsOf(d.words);
      setWordsErrors(wrong);
      const field = Object.keys(wrong)[0];
      if (field) {
        const input = form?.querySelector<HTMLElement>(`[name="${field}"]`);
        input?.focus();
        return false;
      }
    }
    setStepErrors(Object.fromEntries(found.map((e) => [e.field, ruleMessage(intl, e.code)])));
    const [first] = found;
    if (!first) return true;
    setError(null);
    const input = form?.elements.namedItem(first.field);
    if (input instanceof HTMLElement) {
      input.focus();
      input.scrollIntoView?.({ block: 'center' });
    }
    return false;
  };

  /**
   * The signup, sent to the page's route action through the router (the action the browser's own post of this form runs
   * without JavaScript): the fields of every step at once, the traffic source remembered from an earlier page in the
   * action's query. Once the account exists, the photo chosen at step 1 goes up with its session.
   */
  const submit = async (d: SignupDraft, messageFirst: boolean) => {
    setBusy(true);
    setError(null);
    const form = new FormData();
    form.set('email', d.email.trim());
    form.set('password', d.password);
    if (!messageFirst) {
      form.set('name', d.name.trim());
      form.set('date_of_birth', d.date_of_birth);
      form.set('about', d.about);
      appendWords(form, d.words);
      const country = chosenCountry(d);
      if (country) form.set('country', country);
    }
    if (recipient && d.signup_message.trim()) form.set('signup_message', d.signup_message.trim());
    const query = new URLSearchParams(search);
    for (const [key, value] of Object.entries(rememberTracking(query, window.localStorage))) query.set(key, value);
    try {
      await fetcher.submit(`${signupPath(recipient)}?${query.toString()}`, form);
      let user = await getUser(api).catch(() => null);
      if (picked && !messageFirst) {
        // The photo goes up with the new account's session; the user is read again so the store knows the main
        // photo before any page could show "Add a profile photo".
        if (!user) setPhotoOutcome('later');
        else {
          try {
            await photo?.upload(picked.file);
            setPhotoOutcome('saved');
            user = (await getUser(api).catch(() => null)) ?? user;
          } catch {
            setPhotoOutcome('failed');
          }
        }
      }
      // The password leaves the draft at once; only the address stays for the confirmation step.
      update({ ...d, password: '', step: messageFirst ? MAIL_STEP : PUSH_STEP });
      if (user) dispatch(userChanged(user));
    } catch (err) {
      const fields = fieldCodesOf(err);
      if (fields) {
        setStepErrors(Object.fromEntries(fields.map((e) => [e.field, ruleMessage(intl, e.code)])));
        setWordsErrors(wordsErrorsOf(isApiRequestError(err) ? err.params : undefined));
        update({ step: stepOfField(fields[0]!.field) });
      } else {
        const e = toFormError(intl, err);
        setError(e);
        update({ step: e.field ? stepOfField(e.field) : d.step });
      }
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checkStep(draft, Math.max(Math.floor(draft.step), 0), event.currentTarget)) return;
    if (draft.step < LAST_FORM_STEP) go(draft.step + 1);
    else void submit(draft, false);
  };

  const sendMessageFirst = (form: HTMLFormElement | null) => {
    if (checkStep(draft, 0, form)) void submit(draft, true);
  };

  const notSaid = intl.formatMessage({ id: 'profileEdit.notSaid', defaultMessage: 'Not specified' });
  const outcome = photoOutcome ? <PhotoOutcomeNotice outcome={photoOutcome} /> : null;
  if (draft.step === PUSH_STEP) {
    return (
      <>
        {outcome}
        <PushConsent onDone={() => go(MAIL_STEP)} />
      </>
    );
  }
  if (draft.step >= MAIL_STEP) {
    return (
      <>
        {outcome}
        <CheckMail email={draft.email} onLeave={clear} />
      </>
    );
  }
  if (signedUp !== null && !draftInProgress(draft)) return <CheckMail email={signedUp} onLeave={clear} />;

  const step = Math.min(Math.max(Math.floor(draft.step), 0), LAST_FORM_STEP);
  const progressText = intl.formatMessage(
    { id: 'signup.progress', defaultMessage: 'Step {step} of {total}' },
    { step: step + 1, total: MAIL_STEP + 1 },
  );
  const back =
    step > 0 ? (
      <Button type="button" color="link" onClick={() => go(step - 1)} disabled={busy}>
        <FormattedMessage id="signup.back" defaultMessage="Back" />
      </Button>
    ) : null;

  return (
    <Form method="post" action={`${signupPath(recipient)}${search}`} onSubmit={onSubmit} noValidate data-testid={`signup-step-${step}`}>
      <p id={progressLabelId} className="small text-body-secondary mb-1">
        {progressText}
      </p>
      <Progress
        value={((step + 1) / (MAIL_STEP + 1)) * 100}
        className="signup-progress mb-3"
        barAriaLabelledBy={progressLabelId}
        barAriaValueText={progressText}
      />
      {error && !error.field ? (
        <Alert color="danger" fade={false}>
          {error.message}
        </Alert>
      ) : null}

      {step === 0 ? (
        <>
          {recipient ? (
            <FormGroup>
              <Label for="signup-message">
                <FormattedMessage id="signup.message" defaultMessage="Your message to {name}" values={{ name: recipient.name }} />
              </Label>
              <Input
                id="signup-message"
                name="signup_message"
                type="textarea"
                rows={3}
                maxLength={1000}
                value={draft.signup_message}
                onChange={(e) => update({ signup_message: e.target.value })}
              />
            </FormGroup>
          ) : null}
          <Field
            label={<FormattedMessage id="signup.email" defaultMessage="E-mail address" />}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={draft.email}
            error={fieldError('email')}
            onChange={(e) => {
              clearFieldError('email');
              update({ email: e.target.value });
            }}
          />
          <Field
            label={<FormattedMessage id="signup.password" defaultMessage="Password" />}
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            value={draft.password}
            error={fieldError('password')}
            hint={
              <FormattedMessage
                id="signup.passwordHint"
                defaultMessage="At least {min} characters."
                values={{ min: PASSWORD_MIN_LENGTH }}
              />
            }
            onChange={(e) => {
              clearFieldError('password');
              update({ password: e.target.value });
            }}
          />
          <noscript>
            <Field
              label={<FormattedMessage id="signup.name" defaultMessage="Profile name" />}
              name="name"
              autoComplete="nickname"
              maxLength={40}
              defaultValue={draft.name}
              error={fieldError('name')}
              onChange={ignoreChange}
            />
            <Field
              label={<FormattedMessage id="signup.birthDate" defaultMessage="Date of birth" />}
              type="date"
              name="date_of_birth"
              autoComplete="bday"
              max={latestBirthDate()}
              defaultValue={draft.date_of_birth}
              error={fieldError('date_of_birth')}
              hint={
                <FormattedMessage
                  id="signup.birthDateHint"
                  defaultMessage="You must be {min_age} or older."
                  values={{ min_age: MIN_AGE }}
                />
              }
              onChange={ignoreChange}
            />
            {countryChoice ? (
              <CountryField
                countries={countries}
                value={chosenCountry(draft) ?? countryChoice.preselected}
                derived={countryChoice.derived && !draft.country}
                error={fieldError('country')}
              />
            ) : null}
            {/* His own words, the profile editor's fields (a refused post shows them as sent, each wrong one beside it). */}
            <div className="row g-3 mb-3">
              <ProfileWordsFields words={draft.words} onChange={ignoreChange} errors={wordsErrors} notSaid={notSaid} />
            </div>
            <FormGroup>
              <Label for="signup-about-at-once">
                <FormattedMessage id="signup.about" defaultMessage="About me (optional)" />
              </Label>
              <Input id="signup-about-at-once" name="about" type="textarea" rows={4} maxLength={2000} defaultValue={draft.about} />
            </FormGroup>
            <p className="small text-body-secondary">
              <FormattedMessage
                id="signup.photo.later"
                defaultMessage="You can add your photos on your profile as soon as your account is ready."
              />
            </p>
          </noscript>
        </>
      ) : null}

      {step === 1 ? (
        <div className="signup-photo text-center py-2" data-testid="signup-photo">
          <p className="fw-semibold mb-2">
            <FormattedMessage id="signup.photo.title" defaultMessage="A photo gets you far more replies" />
          </p>
          {photo ? (
            <>
              {picked ? (
                <img
                  className="signup-photo-preview mb-2"
                  src={picked.url}
                  alt={intl.formatMessage({ id: 'signup.photo.previewAlt', defaultMessage: 'Your chosen photo' })}
                  width={128}
                  height={160}
                />
              ) : null}
              {photo.renderPicker({
                onPicked,
                label: picked
                  ? intl.formatMessage({ id: 'signup.photo.change', defaultMessage: 'Choose another photo' })
                  : intl.formatMessage({ id: 'photos.add', defaultMessage: 'Add a photo' }),
              })}
              <p className="small text-body-secondary mt-2 mb-0">
                <FormattedMessage id="signup.photo.whenSaved" defaultMessage="Your photo is saved as soon as your account is created." />
              </p>
            </>
          ) : (
            <p className="text-body-secondary">
              <FormattedMessage
                id="signup.photo.later"
                defaultMessage="You can add your photos on your profile as soon as your account is ready."
              />
            </p>
          )}
        </div>
      ) : null}

      {step === 2 ? (
        <>
          <Field
            label={<FormattedMessage id="signup.name" defaultMessage="Profile name" />}
            name="name"
            autoComplete="nickname"
            required
            maxLength={40}
            value={draft.name}
            error={fieldError('name')}
            onChange={(e) => {
              clearFieldError('name');
              update({ name: e.target.value });
            }}
          />
          <Field
            label={<FormattedMessage id="signup.birthDate" defaultMessage="Date of birth" />}
            type="date"
            name="date_of_birth"
            autoComplete="bday"
            required
            max={latestBirthDate()}
            value={draft.date_of_birth}
            error={fieldError('date_of_birth')}
            hint={
              <FormattedMessage id="signup.birthDateHint" defaultMessage="You must be {min_age} or older." values={{ min_age: MIN_AGE }} />
            }
            onChange={(e) => {
              clearFieldError('date_of_birth');
              update({ date_of_birth: e.target.value });
            }}
          />
          {countryChoice ? (
            <CountryField
              countries={countries}
              value={chosenCountry(draft) ?? countryChoice.preselected}
              derived={countryChoice.derived && !draft.country}
              error={fieldError('country')}
              onChange={(country) => {
                clearFieldError('country');
                update({ country });
              }}
            />
          ) : null}
        </>
      ) : null}

      {step === 3 ? (
        <div className="row g-3 mb-3">
          <ProfileWordsFields words={draft.words} onChange={(words) => update({ words })} errors={wordsErrors} notSaid={notSaid} />
        </div>
      ) : null}
      {step === 3 ? (
        <FormGroup>
          <Label for="signup-about">
            <FormattedMessage id="signup.about" defaultMessage="About me (optional)" />
          </Label>
          <Input
            id="signup-about"
            type="textarea"
            rows={4}
            maxLength={2000}
            value={draft.about}
            onChange={(e) => update({ about: e.target.value })}
          />
        </FormGroup>
      ) : null}

      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mt-3">
        {back ?? <span />}
        <div className="d-flex flex-wrap gap-2">
          {step === 0 && recipient && draft.signup_message.trim() ? (
            <Button type="button" color="primary" outline disabled={busy} onClick={(e) => sendMessageFirst(e.currentTarget.form)}>
              <FormattedMessage id="signup.sendNow" defaultMessage="Send now, finish my profile later" />
            </Button>
          ) : null}
          <Button type="submit" color={step === 1 && photo && !picked ? 'link' : 'primary'} size="lg" disabled={busy}>
            {step === 1 && !picked ? (
              <FormattedMessage id="signup.photo.skip" defaultMessage="Add a photo later" />
            ) : step === LAST_FORM_STEP ? (
              <FormattedMessage id="signup.create" defaultMessage="Create my account" />
            ) : (
              <FormattedMessage id="signup.next" defaultMessage="Continue" />
            )}
          </Button>
        </div>
      </div>
      {step === 0 || step === LAST_FORM_STEP ? <TermsNotice /> : null}
      {step === 0 ? (
        <p className="small text-body-secondary mt-3 mb-0">
          <FormattedMessage
            id="signup.haveAccount"
            defaultMessage="Already a member? <link>Log in</link>"
            values={{ link: (chunks) => <Link to="/login">{chunks}</Link> }}
          />
        </p>
      ) : null}
    </Form>
  );
}

/** The fields of a refused post that belong in the draft, his own words too when the post had them. */
function keptFields(fields: Record<string, string>): Partial<SignupDraft> {
  const kept: Partial<SignupDraft> = Object.fromEntries(
    SIGNUP_KEPT_FIELDS.filter((k) => typeof fields[k] === 'string').map((k) => [k, fields[k]]),
  );
  return 'looking_for' in fields ? { ...kept, words: wordsAsSent(EMPTY_WORDS, fields) } : kept;
}

/** The fields shown only without JavaScript are read from the posted form, never from the page's state. */
const ignoreChange = () => undefined;

/**
 * The country at the personal-info step: a select of the site's countries (by name in his language), preselected with
 * the one the site derived from his address, which the hint says while he has not changed it. Without JavaScript it is
 * a plain field of the posted form (its value is read from the form, never from the page's state).
 */
function CountryField({
  countries,
  value,
  derived,
  error,
  onChange,
}: {
  countries: readonly string[];
  value: string;
  derived: boolean;
  error: string | null;
  onChange?: (country: string) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const hint = error ? null : derived;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const options = countries.map((code) => (
    <option key={code} value={code}>
      {regionName(intl.locale, code)}
    </option>
  ));
  return (
    <FormGroup>
      <Label for={id}>
        <FormattedMessage id="signup.country" defaultMessage="Your country" />
      </Label>
      {onChange ? (
        <Input
          id={id}
          name="country"
          type="select"
          bsSize="lg"
          value={value}
          invalid={Boolean(error)}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
          data-testid="signup-country"
        >
          {options}
        </Input>
      ) : (
        <Input
          id={id}
          name="country"
          type="select"
          bsSize="lg"
          defaultValue={value}
          invalid={Boolean(error)}
          aria-describedby={describedBy}
        >
          {options}
        </Input>
      )}
      {error ? <FormFeedback id={`${id}-error`}>{error}</FormFeedback> : null}
      {hint ? (
        <FormText id={`${id}-hint`} data-testid="signup-country-hint">
          <FormattedMessage
            id="signup.countryHint"
            defaultMessage="We chose it from your internet connection. Change it if it is not right."
          />
        </FormText>
      ) : null}
    </FormGroup>
  );
}

/**
 * Beside the button that creates the account: that signing up accepts the terms and the privacy notice. Both open in a
 * new tab, so the form and what he typed stay where they are.
 */
function TermsNotice() {
  const intl = useIntl();
  const newTab = intl.formatMessage({ id: 'signup.opensInNewTab', defaultMessage: '(opens in a new tab)' });
  // The link's name says it opens a new tab (the words of the link first, as they show).
  const link = (to: string) => (chunks: ReactNode[]) => (
    <Link
      to={to}
      target="_blank"
      rel="noopener"
      aria-label={`${chunks.filter((c): c is string => typeof c === 'string').join('')} ${newTab}`}
    >
      {chunks}
    </Link>
  );
  return (
    <p className="small text-body-secondary mt-3 mb-0" data-testid="signup-terms">
      <FormattedMessage
        id="signup.terms"
        defaultMessage="By signing up you accept our <terms>terms and conditions</terms> and our <privacy>privacy notice</privacy>."
        values={{ terms: link('/pages/terms'), privacy: link('/pages/privacy') }}
      />
    </p>
  );
}
