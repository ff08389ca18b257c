import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button } from 'reactstrap';
import { useFormFailure } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';

/** The form that shares the member's own private album with another member or takes it back (`share` 1 or 0). */
export const ALBUM_SHARE_FORM = 'album-share';

/**
 * "Share my private album" / "Take my private album back" for member `memberId`: a form posted to `action` (the page
 * whose route action shares: the profile or the conversation), through the router with JavaScript, by the browser
 * without it; the page then shows the new state. A refusal (a limit, too many shares) shows its message below.
 */
export function AlbumShareButton({ memberId, name, shared, action }: { memberId: number; name: string; shared: boolean; action: string }) {
  const intl = useIntl();
  const refused = useFormFailure(ALBUM_SHARE_FORM);
  const busy = useSubmitting(action, ALBUM_SHARE_FORM);
  const error =
    !refused || busy
      ? null
      : refused.error.status < 500 && refused.error.message
        ? refused.error.message
        : intl.formatMessage({ id: 'error.generic', defaultMessage: 'An error occurred.' });
  return (
    <RouterForm action={action} replace preventScrollReset className="album-share" data-testid="album-share">
      <input type="hidden" name="intent" value={ALBUM_SHARE_FORM} />
      <input type="hidden" name="member_id" value={memberId} />
      <input type="hidden" name="share" value={shared ? '0' : '1'} />
      {/* The light blue outline's text in the body colour: light blue text would lack contrast on the page. */}
      <Button
        type="submit"
        size="sm"
        color={shared ? 'outline-secondary' : 'outline-primary'}
        className={shared ? 'text-body' : undefined}
        disabled={busy}
      >
        {shared ? (
          <FormattedMessage id="albums.unshare" defaultMessage="Take my private album back from {name}" values={{ name }} />
        ) : (
          <FormattedMessage id="albums.share" defaultMessage="Share my private album with {name}" values={{ name }} />
        )}
      </Button>
      <div role="status" aria-live="polite">
        {error ? (
          <Alert color="danger" fade={false} className="mt-2 mb-0">
            {error}
          </Alert>
        ) : null}
      </div>
    </RouterForm>
  );
}
