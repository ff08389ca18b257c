import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from 'reactstrap';
import { useApi } from '../../../lib/api-client';
import { userChanged } from '../../../lib/store/session-slice';
import { useAppDispatch, useCurrentUser } from '../../../lib/store/store';
import { setInvisible } from '../api/set-invisible';

/** Invisible mode switch; the navigation shows the state through the current user. */
export function InvisibleToggle() {
  const intl = useIntl();
  const api = useApi();
  const dispatch = useAppDispatch();
  const user = useCurrentUser();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  if (!user) return null;
  const invisible = user.profile.invisible === true;

  const toggle = async () => {
    setBusy(true);
    setError(false);
    try {
      const next = await setInvisible(api, !invisible);
      dispatch(userChanged({ ...user, profile: { ...user.profile, invisible: next } }));
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="surface" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5 fw-bold">
        <FormattedMessage id="invisible.title" defaultMessage="Invisible mode" />
      </h2>
      <div className="form-check form-switch">
        <input
          id={id}
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={invisible}
          disabled={busy}
          onChange={() => void toggle()}
        />
        <label className="form-check-label" htmlFor={id}>
          <FormattedMessage id="invisible.label" defaultMessage="Be invisible" />
        </label>
      </div>
      <p className="form-text mb-0">
        <FormattedMessage
          id="invisible.help"
          defaultMessage="While invisible you do not appear in search and nobody new can like or message you. Members you already chat with still see you."
        />
      </p>
      {error ? (
        <Alert color="danger" fade={false} className="mt-2 mb-0">
          {intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' })}
        </Alert>
      ) : null}
    </section>
  );
}
