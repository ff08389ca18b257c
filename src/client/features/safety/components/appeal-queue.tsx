import { useId, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, FormGroup, Input, Label } from 'reactstrap';
import { Link } from '../../../components/link';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { decideAppeal, useAppealQueue, type QueuedAppeal } from '../api/moderation';
import { safetyErrorText } from '../error-text';
import { ACTION_MESSAGES, REASON_MESSAGES } from '../safety-messages';
import { QueueList, type QueueNotice } from './queue-list';

type Outcome = 'upheld' | 'reversed';
type Notice = QueueNotice;

/** One appeal: the decision it contests, the appellant's text, and uphold or reverse with the explanation he is mailed. */
function AppealCard({ appeal, onDone }: { appeal: QueuedAppeal; onDone: (notice: Notice) => void }) {
  const intl = useIntl();
  const api = useApi();
  const id = useId();
  const [explanation, setExplanation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const decide = async (outcome: Outcome) => {
    if (explanation.trim() === '') {
      setError(
        intl.formatMessage({ id: 'safety.appeals.explanationRequired', defaultMessage: 'Please explain the outcome to the member.' }),
      );
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await decideAppeal(api, { appeal: appeal.id, outcome, explanation: explanation.trim() });
      onDone({
        tone: 'success',
        text:
          outcome === 'reversed'
            ? intl.formatMessage({ id: 'safety.appeals.reversed', defaultMessage: 'The decision is reversed and its effect lifted.' })
            : intl.formatMessage({ id: 'safety.appeals.upheld', defaultMessage: 'The decision stands.' }),
      });
    } catch (err) {
      if (isApiRequestError(err) && err.status === 409) {
        onDone({
          tone: 'warning',
          text: intl.formatMessage({
            id: 'safety.appeals.conflict',
            defaultMessage: 'Another moderator decided this appeal first. Nothing was changed.',
          }),
        });
      } else {
        setError(safetyErrorText(intl, err));
      }
    } finally {
      setBusy(false);
    }
  };

  const { decision } = appeal;
  return (
    <article className="surface mb-3" aria-labelledby={`${id}-title`} data-testid="queued-appeal">
      <h3 id={`${id}-title`} className="h6 fw-bold">
        {intl.formatMessage(ACTION_MESSAGES[decision.action])} · {intl.formatMessage(REASON_MESSAGES[decision.rule])}
      </h3>
      <p className="small text-body-secondary mb-1">
        <FormattedMessage
          id="safety.appeals.meta"
          defaultMessage="Decided {decided} about {member}; appealed {appealed} by {role, select, member {the member} other {a reporter}}"
          values={{
            decided: <FormattedDate value={decision.created_at} dateStyle="medium" />,
            appealed: <FormattedDate value={appeal.created_at} dateStyle="medium" />,
            member: <Link to={`/members/${decision.member}`}>#{decision.member}</Link>,
            role: appeal.role,
          }}
        />
      </p>
      <p className="small mb-1">
        <strong>
          <FormattedMessage id="safety.appeals.facts" defaultMessage="Facts given:" />
        </strong>{' '}
        {decision.facts}
      </p>
      <blockquote className="border-start ps-2 mb-2" style={{ whiteSpace: 'pre-line' }}>
        {appeal.text}
      </blockquote>
      {appeal.own_decision ? (
        <p className="small text-body-secondary mb-0" data-testid="appeal-own">
          <FormattedMessage id="safety.appeals.own" defaultMessage="You made this decision; another moderator decides the appeal." />
        </p>
      ) : (
        <>
          <FormGroup>
            <Label for={`${id}-explanation`}>
              <FormattedMessage id="safety.appeals.explanation" defaultMessage="Explanation for the member" />
            </Label>
            <Input
              id={`${id}-explanation`}
              type="textarea"
              rows={2}
              maxLength={2000}
              required
              value={explanation}
              onChange={(e) => setExplanation(e.target.value)}
            />
          </FormGroup>
          {error ? (
            <Alert color="danger" fade={false}>
              {error}
            </Alert>
          ) : null}
          <div className="d-flex flex-wrap gap-2">
            <Button color="secondary" disabled={busy} onClick={() => void decide('upheld')}>
              <FormattedMessage id="safety.appeals.uphold" defaultMessage="Keep the decision" />
            </Button>
            <Button color="primary" disabled={busy} onClick={() => void decide('reversed')}>
              <FormattedMessage id="safety.appeals.reverse" defaultMessage="Reverse the decision" />
            </Button>
          </div>
        </>
      )}
    </article>
  );
}

/** The open appeals, oldest first; the moderator who made a decision cannot decide its appeal. */
export function AppealQueueView() {
  const { data, error, mutate } = useAppealQueue();
  const [notice, setNotice] = useState<Notice | null>(null);
  const done = (n: Notice) => {
    setNotice(n);
    void mutate();
  };
  return (
    <QueueList
      data={data}
      error={error}
      notice={notice}
      noticeTestId="appeal-notice"
      isEmpty={(queue) => queue.appeals.length === 0}
      empty={<FormattedMessage id="safety.appeals.empty" defaultMessage="No open appeals." />}
    >
      {(queue) => queue.appeals.map((appeal) => <AppealCard key={appeal.id} appeal={appeal} onDone={done} />)}
    </QueueList>
  );
}
