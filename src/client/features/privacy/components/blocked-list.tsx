import { useState } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Button } from 'reactstrap';
import { Loading } from '../../../components/loading';
import { useApi } from '../../../lib/api-client';
import { useBlocks } from '../api/list-blocks';
import { unblockMember } from '../api/unblock-member';

/** The members the viewer blocked, each with an undo button. */
export function BlockedList() {
  const api = useApi();
  const { data, error, mutate } = useBlocks(true);
  const [busy, setBusy] = useState<number | null>(null);

  const unblock = async (id: number) => {
    setBusy(id);
    try {
      await unblockMember(api, id);
      await mutate();
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="surface" aria-labelledby="blocked-heading">
      <h2 id="blocked-heading" className="h5 fw-bold">
        <FormattedMessage id="blocked.title" defaultMessage="Blocked members" />
      </h2>
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
              <Button size="sm" color="outline-primary" disabled={busy !== null} onClick={() => void unblock(member.id)}>
                <FormattedMessage id="blocked.unblock" defaultMessage="Unblock {name}" values={{ name: member.name }} />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
