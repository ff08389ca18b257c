import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from '../../../components/link';
import type { ApiRequestError } from '../../../lib/api-error';

/** A refused login of a suspended or banned member (423 `account_suspended` / `account_banned`). */
export const isSuspension = (error: ApiRequestError | null): error is ApiRequestError =>
  error !== null && error.status === 423 && (error.code === 'account_suspended' || error.code === 'account_banned');

/** The statement page for the login answer's statement and token (both checked: a number and a hex token). */
function suspensionStatementPath(error: ApiRequestError): string | null {
  const { statement, token } = error.params;
  if (typeof statement !== 'number' || !Number.isSafeInteger(statement) || statement <= 0) return null;
  return `/safety/statements/${statement}${typeof token === 'string' && /^[0-9a-f]{16,128}$/i.test(token) ? `?token=${token}` : ''}`;
}

/**
 * What a suspended or banned member reads when he logs in: that his account is suspended (until when) or banned, and
 * the link to the statement of reasons, where he can appeal.
 */
export function SuspensionNotice({ error }: { error: ApiRequestError }) {
  const until = typeof error.params.until === 'string' ? error.params.until : null;
  const banned = error.code === 'account_banned' || until === 'infinity' || until === null || Number.isNaN(Date.parse(until));
  const path = suspensionStatementPath(error);
  return (
    <div data-testid="login-suspended">
      <p className="fw-bold mb-1">
        {banned ? (
          <FormattedMessage id="safety.login.banned" defaultMessage="Your account has been banned." />
        ) : (
          <FormattedMessage
            id="safety.login.suspended"
            defaultMessage="Your account is suspended until {date}."
            values={{ date: <FormattedDate value={until as string} dateStyle="long" timeStyle="short" /> }}
          />
        )}
      </p>
      <p className="mb-0 small">
        <FormattedMessage
          id="safety.login.explain"
          defaultMessage="You cannot log in while it lasts. The statement of reasons tells you why; you can appeal against the decision there."
        />
      </p>
      {path ? (
        <p className="mb-0 mt-2">
          <Link to={path} className="alert-link">
            <FormattedMessage id="safety.login.statementLink" defaultMessage="Read the statement of reasons and appeal" />
          </Link>
        </p>
      ) : null}
    </div>
  );
}
