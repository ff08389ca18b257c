import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Alert, Button } from 'reactstrap';
import { useSWRConfig } from 'swr';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { blockMember } from '../api/block-member';

/** Block a member from their profile, after a confirmation; then back to the search, where they no longer appear. */
export function BlockButton({ memberId, name }: { memberId: number; name: string }) {
  const intl = useIntl();
  const api = useApi();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await blockMember(api, memberId);
      // Lists loaded before the block still hold the member: drop them so every list is asked again.
      await mutate((key) => typeof key === 'string' && /^\/(members|likes|chats|profile|blocks)\.php/.test(key), undefined, {
        revalidate: true,
      });
      await navigate('/members?blocked=1');
    } catch (err) {
      setError(
        isApiRequestError(err) && err.status < 500
          ? err.message
          : intl.formatMessage({ id: 'error.generic', defaultMessage: 'An error occurred.' }),
      );
      setBusy(false);
    }
  };

  if (!confirming) {
    return (
      <Button color="link" className="text-danger px-0" onClick={() => setConfirming(true)}>
        <FormattedMessage id="block.button" defaultMessage="Block {name}" values={{ name }} />
      </Button>
    );
  }
  return (
    <div className="surface-inset mt-2" role="group" aria-labelledby={`block-${memberId}`}>
      <p id={`block-${memberId}`} className="mb-2">
        <FormattedMessage
          id="block.confirm"
          defaultMessage="Block {name}? Your chats and likes with {name} are removed and you will no longer see each other."
          values={{ name }}
        />
      </p>
      <div className="d-flex gap-2">
        <Button color="danger" disabled={busy} onClick={() => void confirm()}>
          <FormattedMessage id="block.confirmButton" defaultMessage="Block" />
        </Button>
        <Button color="secondary" outline disabled={busy} onClick={() => setConfirming(false)}>
          <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
        </Button>
      </div>
      {error ? (
        <Alert color="danger" fade={false} className="mt-2 mb-0">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
