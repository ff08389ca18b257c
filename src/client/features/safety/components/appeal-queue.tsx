import { useId, useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert, Button, FormGroup, Input, Label } from 'reactstrap';
import { Link } from '../../../components/link';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { RouterForm, usePendingForm } from '../../../components/router-form';
import { isApiRequestError } from '../../../lib/api-error';
import { useAppealQueue, type QueuedAppeal } from '../api/moderation';
import { safetyErrorText } from '../error-text';
import { APPEAL_DECISION_FORM, APPEALS_PAGE, appealsOutcomeOf, MAX_FACTS } from '../moderation-forms';
import { ACTION_MESSAGES, REASON_MESSAGES } from '../safety-messages';
import { QueueList, type QueueNotice } from './queue-list';

/**
 * One appeal: the decision it contests, the appellant's text, and uphold or reverse with the explanation he is mailed
 * — a form posted to /moderation/appeals with its Idempotency-Key (the button pressed is the outcome), whose route
 * action decides it: through the router with JavaScript, by the browser itself without it. The moderator who made the
 * decision, the member it is about, the one who appealed, one whose report or notice led to the decision and one tied
 * to the member or the appellant (a block, a conversation) get no form but the reason: another moderator decides.
 */
function AppealCard({ appeal }: { appeal: QueuedAppeal }) {
  const intl = useIntl();
  const id = useId();
  const appealId = String(appeal.id);
  const failure = useFormFailure(APPEAL_DECISION_FORM);
  const refused = failure?.fields.appeal === appealId ? failure : null;
  const busy = usePendingForm(APPEALS_PAGE, { intent: APPEAL_DECISION_FORM })?.get('appeal') === appealId;
  const form = useIdempotencyKey(refused?.fields[IDEMPOTENCY_FIELD]);
  const [explanation, setExplanation] = useState(refused?.fields.explanation ?? '');
  const [missing, setMissing] = useState(false);
  const required = intl.formatMessage({
    id: 'safety.appeals.explanationRequired',
    defaultMessage: 'Please explain the outcome to the member.',
  });
  const error = missing
    ? required
    : refused
      ? isApiRequestError(refused.error) && refused.error.status === 400
        ? required
        : safetyErrorText(intl, refused.error)
      : null;

  // Checked here before anything is sent (the action checks again).
  const check = (event: FormEvent<HTMLFormElement>) => {
    setMissing(explanation.trim() === '');
    if (explanation.trim() === '') event.preventDefault();
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
      ) : appeal.own_case ? (
        <p className="small text-body-secondary mb-0" data-testid="appeal-own">
          <FormattedMessage
            id="safety.appeals.ownCase"
            defaultMessage="This decision is about you, or you filed the appeal; another moderator decides it."
          />
        </p>
      ) : appeal.own_report ? (
        <p className="small text-body-secondary mb-0" data-testid="appeal-own">
          <FormattedMessage
            id="safety.appeals.ownReport"
            defaultMessage="This decision followed your own report or notice; another moderator decides the appeal."
          />
        </p>
      ) : appeal.conflict_of_interest ? (
        <p className="small text-body-secondary mb-0" data-testid="appeal-own">
          <FormattedMessage
            id="safety.appeals.tied"
            defaultMessage="You blocked the member or the one who appealed, were blocked by him, or have a conversation with him; another moderator decides the appeal."
          />
        </p>
      ) : (
        <RouterForm
          action={APPEALS_PAGE}
          preventScrollReset
          onSubmit={check}
          noValidate
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <IdempotencyKeyField value={form.key} />
          <input type="hidden" name="intent" value={APPEAL_DECISION_FORM} />
          <input type="hidden" name="appeal" value={appealId} />
          <FormGroup>
            <Label for={`${id}-explanation`}>
              <FormattedMessage id="safety.appeals.explanation" defaultMessage="Explanation for the member" />
            </Label>
            <Input
              id={`${id}-explanation`}
              name="explanation"
              type="textarea"
              rows={2}
              maxLength={MAX_FACTS}
              required
              value={explanation}
              onChange={(e) => setExplanation(e.target.value)}
            />
          </FormGroup>
          {error ? (
            <Alert color="danger" fade={false} id={`${id}-error`}>
              {error}
            </Alert>
          ) : null}
          <div className="d-flex flex-wrap gap-2">
            <Button type="submit" name="outcome" value="upheld" color="secondary" disabled={busy}>
              <FormattedMessage id="safety.appeals.uphold" defaultMessage="Keep the decision" />
            </Button>
            <Button type="submit" name="outcome" value="reversed" color="primary" disabled={busy}>
              <FormattedMessage id="safety.appeals.reverse" defaultMessage="Reverse the decision" />
            </Button>
          </div>
        </RouterForm>
      )}
    </article>
  );
}

/**
 * The open appeals, oldest first; the moderator who made a decision cannot decide its appeal. After a decision the
 * page's address says how it ended (or that another moderator was first), and the queue is the current one.
 */
export function AppealQueueView() {
  const intl = useIntl();
  const { data, error } = useAppealQueue();
  const [search] = useSearchParams();
  const outcome = appealsOutcomeOf(search);
  const notice: QueueNotice | null =
    outcome === 'conflict'
      ? {
          tone: 'warning',
          text: intl.formatMessage({
            id: 'safety.appeals.conflict',
            defaultMessage: 'Another moderator decided this appeal first. Nothing was changed.',
          }),
        }
      : outcome === 'reversed'
        ? {
            tone: 'success',
            text: intl.formatMessage({ id: 'safety.appeals.reversed', defaultMessage: 'The decision is reversed and its effect lifted.' }),
          }
        : outcome === 'upheld'
          ? { tone: 'success', text: intl.formatMessage({ id: 'safety.appeals.upheld', defaultMessage: 'The decision stands.' }) }
          : null;
  return (
    <QueueList
      data={data}
      error={error}
      notice={notice}
      noticeTestId="appeal-notice"
      isEmpty={(queue) => queue.appeals.length === 0}
      empty={<FormattedMessage id="safety.appeals.empty" defaultMessage="No open appeals." />}
    >
      {(queue) => queue.appeals.map((appeal) => <AppealCard key={appeal.id} appeal={appeal} />)}
    </QueueList>
  );
}
