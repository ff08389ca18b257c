import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Button } from 'reactstrap';
import { Loading } from '../../../components/loading';
import { useFormFailure } from '../../../components/progressive-form';
import { RouterForm, usePendingForm } from '../../../components/router-form';
import { useBlocks } from '../api/list-blocks';

/** The unblock form (its route action: app/pages/my-profile-page.tsx, `intent=unblock`). */
export const UNBLOCK_FORM = 'unblock';

/**
 * The members the viewer blocked, each with an undo button: a form posted to /profile whose route action unblocks —
 * through the router with JavaScript (the button busy meanwhile; the page's loader then brings the list without him),
 * by the browser itself without it (303 back to /profile). A refusal shows the backend's message.
 */
export function BlockedList() {
  const intl = useIntl();
  const { data, error } = useBlocks(true);
  const pending = usePendingForm('/profile', { intent: UNBLOCK_FORM, withReload: true });
  const refused = useFormFailure(UNBLOCK_FORM);
  const busy = pending !== null;
  const refusal = refused
    ? refused.error.status < 500 && refused.error.code
      ? refused.error.message
      : intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' })
    : null;

  return (
    <section className="surface" aria-labelledby="blocked-heading">
      <h2 id="blocked-heading" className="h5 fw-bold">
        <FormattedMessage id="blocked.title" defaultMessage="Blocked members" />
      </h2>
      {refusal && !busy ? (
        <p className="text-danger" role="alert">
          {refusal}
        </p>
      ) : null}
      {error ? (
        <p className="text-danger mb-0">
          <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
        </p>
      ) : !data ? (
        <Loading />
      ) : data.length === 0 ? (
        <p className="text-body-secondary mb-0">
          <FormattedMessage id="blocked.none" defaultMessage="You have not blocked anyone." />
        </p>
      ) : (
        <ul className="list-unstyled mb-0 blocked-list">
          {data.map((member) => (
            <li key={member.id} className="d-flex justify-content-between align-items-center gap-2 py-2">
              <span>
                <strong>{member.name}</strong>{' '}
                <span className="text-body-secondary small">
                  <FormattedDate value={member.blocked_at} dateStyle="medium" />
                </span>
              </span>
              <RouterForm action="/profile" preventScrollReset replace>
                <input type="hidden" name="intent" value={UNBLOCK_FORM} />
                <input type="hidden" name="id" value={member.id} />
                <Button type="submit" size="sm" color="outline-primary" disabled={busy}>
                  <FormattedMessage id="blocked.unblock" defaultMessage="Unblock {name}" values={{ name: member.name }} />
                </Button>
              </RouterForm>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
