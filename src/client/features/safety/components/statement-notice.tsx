import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import type { User } from '../../../../shared/api/client';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { Link } from '../../../components/link';
import { useDismissal } from '../../../hooks/use-dismissal';
import { useCurrentUser } from '../../../lib/store/store';

/** Where he reads his statements already: no notice there. */
const QUIET = /^\/safety(\/|$)/;

type Unread = NonNullable<User['unread_statement']>;

/**
 * The statement of reasons the notice names on this page, or null: his newest decision that stands and that he has not
 * opened yet (GET user.php `unread_statement`, read server-side: it goes once he has opened it), unless he closed the
 * notice of that statement on this device (a newer decision has a notice of its own). A dismissal has no statement,
 * so it never shows.
 */
export function useStatementNotice(): Unread | null {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const unread = user?.unread_statement ?? null;
  const [closedAt] = useDismissal(unread ? `statement_alert_${unread.id}` : null);
  if (!unread || closedAt !== null || QUIET.test(pathname)) return null;
  return unread;
}

/**
 * The notice of a decision about the member, in his language, on every page of his until he opens its statement of
 * reasons (the link) or closes it here: one of the member layout's prompts, in their slot and their order
 * (app/layouts/member-parts.tsx). His open pages show it as soon as the decision is taken (the live channel's
 * `statement` event reloads his user).
 */
export function StatementNotice() {
  const unread = useStatementNotice();
  if (!unread) return null;
  return (
    <DismissibleAlert dismissKey={`statement_alert_${unread.id}`} tone="warning" testId="statement-notice">
      <strong className="d-block">
        <FormattedMessage id="safety.decisionNotice.title" defaultMessage="A decision about your account" />
      </strong>
      <FormattedMessage
        id="safety.decisionNotice.body"
        defaultMessage="{action, select, warn {A moderator has given you a warning.} remove_content {A moderator has removed something you posted.} restrict {A moderator has restricted your account for a while.} hide {Your profile is hidden from search until a moderator has looked at reports about it.} other {A moderator has taken a decision about your account.}} The statement of reasons says what was decided, why, and how you can appeal."
        values={{ action: unread.action }}
      />{' '}
      <Link to={`/safety/statements/${unread.id}`} className="alert-link">
        <FormattedMessage id="safety.decisionNotice.read" defaultMessage="Read the statement of reasons" />
      </Link>
    </DismissibleAlert>
  );
}
