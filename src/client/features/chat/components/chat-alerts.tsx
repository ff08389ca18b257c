import { FormattedMessage } from 'react-intl';
import { Link } from '../../../components/link';
import { CreditAlert } from '../../../components/credit-alert';
import type { SendProblem } from '../send-problem';

/**
 * The shared credit alert ('Je hebt onvoldoende credits', with the way to the credits page), or the
 * premium alert for a free member's third conversation, or the server's message.
 */
export function SendProblemAlert({ problem, onClose }: { problem: SendProblem; onClose: () => void }) {
  if (problem.kind === 'credits') return <CreditAlert onClose={onClose} className="mb-2" />;
  return (
    <div
      className="alert alert-warning d-flex flex-wrap align-items-center gap-2 mb-2"
      role="alert"
      data-testid={`chat-alert-${problem.kind}`}
    >
      <strong className="me-auto">
        {problem.kind === 'premium' ? (
          <FormattedMessage
            id="chat.alert.premium"
            defaultMessage="Free members can start {limit} conversations. Go premium to write to more members."
            values={{ limit: problem.limit }}
          />
        ) : problem.kind === 'empty' ? (
          <FormattedMessage id="chat.writeFirst" defaultMessage="Write a message first." />
        ) : (
          problem.message
        )}
      </strong>
      {problem.kind === 'premium' ? (
        <Link to="/premium" className="btn btn-primary btn-sm">
          <FormattedMessage id="chat.alert.goPremium" defaultMessage="Get Premium" />
        </Link>
      ) : null}
      <button type="button" className="btn btn-outline-dark btn-sm" onClick={onClose}>
        <FormattedMessage id="chat.alert.close" defaultMessage="Close" />
      </button>
    </div>
  );
}
