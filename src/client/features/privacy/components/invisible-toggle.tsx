import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from 'reactstrap';
import { useFormFailure } from '../../../components/progressive-form';
import { SwitchField } from '../../../components/switch-field';
import { useRouterFetcher } from '../../../components/router-fetcher';
import { userChanged } from '../../../lib/store/session-slice';
import { useAppDispatch, useCurrentUser } from '../../../lib/store/store';

/** The switch's form (its route action: the own profile's, app/pages/my-profile-page.tsx). */
export const INVISIBLE_FORM = 'invisible';
/** The switch's field: invisible when sent (`invisible=on`). */
export const INVISIBLE_FIELD = 'invisible';
/** Where the switch's form posts: the own profile page, where it is shown. */
const INVISIBLE_ACTION = '/profile';

/** What the profile page's action answers the switch's fetcher in place: the state the backend stored. */
export interface InvisibleAnswer {
  invisible: boolean;
}

/**
 * Invisible mode on or off: a form posted to the own profile's action (`intent=invisible`), which stores the switch as
 * sent. With JavaScript the switch sends it through a fetcher at once and the answer goes into the current user (the
 * navigation shows the state through him); without, a Save button posts it and the action's 303 brings the page back.
 */
export function InvisibleToggle() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useCurrentUser();
  const id = useId();
  const fetcher = useRouterFetcher();
  const refused = useFormFailure(INVISIBLE_FORM);
  const [failed, setFailed] = useState(false);
  if (!user) return null;
  const sending = fetcher.formData;
  const invisible = sending ? sending.has(INVISIBLE_FIELD) : user.profile.invisible === true;

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailed(false);
    try {
      const answer = await fetcher.submit<InvisibleAnswer>(INVISIBLE_ACTION, new FormData(event.currentTarget));
      if (answer) dispatch(userChanged({ ...user, profile: { ...user.profile, invisible: answer.invisible } }));
    } catch {
      setFailed(true);
    }
  };

  return (
    <section className="surface" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5 fw-bold">
        <FormattedMessage id="invisible.title" defaultMessage="Invisible mode" />
      </h2>
      <form method="post" action={INVISIBLE_ACTION} onSubmit={(event) => void send(event)} data-testid="invisible-switch">
        <input type="hidden" name="intent" value={INVISIBLE_FORM} />
        <SwitchField
          id={id}
          name={INVISIBLE_FIELD}
          checked={invisible}
          disabled={sending !== undefined}
          label={<FormattedMessage id="invisible.label" defaultMessage="Be invisible" />}
          help={
            <FormattedMessage
              id="invisible.help"
              defaultMessage="While invisible you do not appear in search and nobody new can like or message you. Members you already chat with still see you."
            />
          }
          save={<FormattedMessage id="invisible.save" defaultMessage="Save" />}
        />
      </form>
      {failed || refused ? (
        <Alert color="danger" fade={false} className="mt-2 mb-0">
          {intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' })}
        </Alert>
      ) : null}
    </section>
  );
}
