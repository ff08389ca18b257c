import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Alert, Button } from 'reactstrap';
import { useSWRConfig } from 'swr';
import { useFormFailure } from '../../../components/progressive-form';
import { RouterForm, useFormRedirect, useSubmitting } from '../../../components/router-form';
import { isMemberListKey } from '../../../lib/swr-key';

/** The block form (its route action: app/pages/profile-page.tsx, `intent=block`). */
export const BLOCK_FORM = 'block';

/**
 * Block a member from their profile, after a confirmation; then back to the search, where they no longer appear. The
 * confirmation's Block button posts a form to the profile whose route action blocks — through the router with
 * JavaScript (the buttons busy meanwhile; the lists loaded before are dropped before the search shows), by the browser
 * itself without it: 303 to the search, or the profile again with the backend's refusal. Without JavaScript the block
 * button is a link to the profile with the confirmation open (`?block=confirm`). On a phone the confirmation is a sheet
 * over the profile's action bar, on the tab bar (styles/_profile.scss), so its buttons are never behind a bar; opened
 * with a click it takes the focus, and Escape (or Cancel) closes it, back to the block button.
 */
export function BlockButton({ memberId, name }: { memberId: number; name: string }) {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const { mutate } = useSWRConfig();
  const action = `/members/${memberId}`;
  const refused = useFormFailure(BLOCK_FORM);
  const blocked = useFormRedirect(action, BLOCK_FORM) !== null;
  const busy = useSubmitting(action, BLOCK_FORM) || blocked;
  const [confirming, setConfirming] = useState(refused !== null || new URLSearchParams(search).get('block') === 'confirm');
  // Set by the member's own click: the confirmation then takes the focus, and closing it gives it back to the button.
  const opened = useRef(false);
  const sheet = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLAnchorElement>(null);
  const error =
    !refused || busy
      ? null
      : refused.error.status < 500 && refused.error.code
        ? refused.error.message
        : intl.formatMessage({ id: 'error.generic', defaultMessage: 'An error occurred.' });

  useEffect(() => {
    if (!opened.current) return;
    if (confirming) sheet.current?.focus({ preventScroll: true });
    else opener.current?.focus({ preventScroll: true });
  }, [confirming]);

  const open = () => {
    opened.current = true;
    setConfirming(true);
  };
  const close = () => {
    if (busy) return;
    opened.current = true;
    setConfirming(false);
  };

  useEffect(() => {
    if (!blocked) return;
    // Lists loaded before the block still hold the member: drop them so every list is asked again.
    void mutate(isMemberListKey, undefined, { revalidate: true });
  }, [blocked, mutate]);

  if (!confirming) {
    return (
      <a
        ref={opener}
        href={`${pathname}?block=confirm`}
        role="button"
        className="btn btn-link text-danger px-0"
        onClick={(event) => {
          event.preventDefault();
          open();
        }}
        onKeyDown={(event) => {
          if (event.key !== ' ') return;
          event.preventDefault();
          open();
        }}
      >
        <FormattedMessage id="block.button" defaultMessage="Block {name}" values={{ name }} />
      </a>
    );
  }
  return (
    <RouterForm
      ref={sheet}
      action={action}
      className="block-confirm"
      role="group"
      aria-labelledby={`block-${memberId}`}
      tabIndex={-1}
      data-testid="block-confirm"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        close();
      }}
    >
      <input type="hidden" name="intent" value={BLOCK_FORM} />
      <p id={`block-${memberId}`} className="mb-2">
        <FormattedMessage
          id="block.confirm"
          defaultMessage="Block {name}? Your chats and likes with {name} are removed and you will no longer see each other."
          values={{ name }}
        />
      </p>
      <div className="block-confirm-actions">
        <Button type="submit" color="danger" disabled={busy}>
          <FormattedMessage id="block.confirmButton" defaultMessage="Block" />
        </Button>
        <a
          href={pathname}
          role="button"
          className={`btn btn-outline-secondary text-body${busy ? ' disabled' : ''}`}
          aria-disabled={busy || undefined}
          onClick={(event) => {
            event.preventDefault();
            close();
          }}
        >
          <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
        </a>
      </div>
      {error ? (
        <Alert color="danger" fade={false} className="mt-2 mb-0">
          {error}
        </Alert>
      ) : null}
    </RouterForm>
  );
}
