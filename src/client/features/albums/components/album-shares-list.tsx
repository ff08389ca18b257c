import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { MemberPhoto } from '../../../components/member-photo';
import { useFormFailure } from '../../../components/progressive-form';
import { RouterForm, usePendingForm } from '../../../components/router-form';
import { RelativeTime } from '../../../components/relative-time';
import type { AlbumShare } from '../api/albums';
import { ALBUM_SHARE_FORM } from './album-share-button';

/**
 * The members the member shares his private album with, newest first: photo and name (to his profile), when he shared
 * it ("3 days ago", the date and time in its title) and a "Take back" button — the album share form with `share=0`,
 * posted to `action` (the list's page, whose route action takes it back and answers the page again): through the router
 * with JavaScript (the buttons busy meanwhile), by the browser without it. A refusal shows the backend's message above.
 * `now` is the moment the relative times count from (the page's first render).
 */
export function AlbumSharesList({
  shares,
  limit,
  cdnPrefix,
  action,
  now,
}: {
  shares: AlbumShare[];
  limit: number;
  cdnPrefix: string;
  action: string;
  now: number;
}) {
  const intl = useIntl();
  const id = useId();
  const busy = usePendingForm(action, { intent: ALBUM_SHARE_FORM, withReload: true }) !== null;
  const refused = useFormFailure(ALBUM_SHARE_FORM);
  const refusal = !refused
    ? null
    : refused.error.status < 500 && refused.error.message
      ? refused.error.message
      : intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' });

  return (
    <section className="surface" aria-labelledby={`${id}-count`} data-testid="album-shares">
      <p id={`${id}-count`} className="text-body-secondary mb-3">
        <FormattedMessage
          id="albums.shares.count"
          defaultMessage="You share your private album with {count, plural, one {# member} other {# members}} (at most {limit})."
          values={{ count: shares.length, limit }}
        />
      </p>
      <div role="status" aria-live="polite">
        {refusal && !busy ? (
          <p className="text-danger" role="alert">
            {refusal}
          </p>
        ) : null}
      </div>
      <ul className="list-unstyled mb-0 album-shares-list">
        {shares.map((share) => (
          <li key={share.id} className="d-flex align-items-center gap-2 py-2" data-testid="album-share-row">
            <Link to={`/members/${share.id}`} className="album-share-photo" tabIndex={-1} aria-hidden="true">
              <MemberPhoto cdnPrefix={cdnPrefix} image={share.main_image ?? null} alt="" name={share.name} thumb />
            </Link>
            <span className="album-share-text">
              <Link to={`/members/${share.id}`} id={`${id}-name-${share.id}`} className="fw-bold d-block text-truncate">
                {share.name}
              </Link>
              <span className="small text-body-secondary">
                <FormattedMessage
                  id="albums.shares.since"
                  defaultMessage="Shared {when}"
                  values={{
                    when: <RelativeTime key="when" at={share.shared_at} now={now} />,
                  }}
                />
              </span>
            </span>
            <RouterForm action={action} replace preventScrollReset>
              <input type="hidden" name="intent" value={ALBUM_SHARE_FORM} />
              <input type="hidden" name="member_id" value={share.id} />
              <input type="hidden" name="share" value="0" />
              <button
                type="submit"
                className="btn btn-sm btn-outline-secondary text-body"
                disabled={busy}
                aria-describedby={`${id}-name-${share.id}`}
              >
                <FormattedMessage id="albums.shares.takeBack" defaultMessage="Take back" />
              </button>
            </RouterForm>
          </li>
        ))}
      </ul>
    </section>
  );
}
