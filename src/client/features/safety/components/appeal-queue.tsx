import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert, Button, FormGroup, Input, Label } from 'reactstrap';
import { Link } from '../../../components/link';
import { photoUrl } from '../../../components/member-photo';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { RouterForm, usePendingForm } from '../../../components/router-form';
import { isApiRequestError } from '../../../lib/api-error';
import { useSettings } from '../../../lib/store/store';
import { useAppealQueue, type QueuedAppeal } from '../api/moderation';
import { safetyErrorText } from '../error-text';
import { APPEAL_DECISION_FORM, APPEALS_PAGE, appealsOutcomeOf, MAX_FACTS } from '../moderation-forms';
import { ACTION_MESSAGES, REASON_MESSAGES, SOURCE_MESSAGES, TDB_CATEGORY_MESSAGES, TDB_KEYWORD_MESSAGES } from '../safety-messages';
import { NoticeItem } from './notice-item';
import { QueueList, type QueueNotice } from './queue-list';
import { ReportItem } from './report-case';
import { EndDate } from './statement-view';

/** The decision appealed, as its statement of reasons says it: the measure and how long, the rule, the category, the source, when, and the facts. */
function AppealedDecision({ appeal }: { appeal: QueuedAppeal }) {
  const intl = useIntl();
  const { decision } = appeal;
  const rows: { label: string; value: ReactNode }[] = [
    {
      label: intl.formatMessage({ id: 'safety.statement.measure', defaultMessage: 'Measure' }),
      value: (
        <>
          {intl.formatMessage(ACTION_MESSAGES[decision.action])}
          {decision.days !== null
            ? ` · ${intl.formatMessage({ id: 'safety.statement.days', defaultMessage: '{days, plural, one {# day} other {# days}}' }, { days: decision.days })}`
            : null}
          {decision.until ? (
            <>
              {' · '}
              <FormattedMessage
                id="safety.mine.until"
                defaultMessage="until {date}"
                values={{ date: <EndDate until={decision.until} /> }}
              />
            </>
          ) : null}
        </>
      ),
    },
    {
      label: intl.formatMessage({ id: 'safety.statement.rule', defaultMessage: 'Rule of our terms' }),
      value: intl.formatMessage(REASON_MESSAGES[decision.rule]),
    },
    {
      label: intl.formatMessage({ id: 'safety.appeals.category', defaultMessage: 'Category' }),
      value: (
        <>
          {intl.formatMessage(TDB_CATEGORY_MESSAGES[decision.category])}
          {decision.category_specification ? ` · ${intl.formatMessage(TDB_KEYWORD_MESSAGES[decision.category_specification])}` : null}
        </>
      ),
    },
    {
      label: intl.formatMessage({ id: 'safety.statement.source', defaultMessage: 'How we learned of it' }),
      value: intl.formatMessage(SOURCE_MESSAGES[decision.source]),
    },
    {
      label: intl.formatMessage({ id: 'safety.statement.decided', defaultMessage: 'Decided on' }),
      value: <FormattedDate value={decision.created_at} dateStyle="medium" timeStyle="short" />,
    },
  ];
  return (
    <section className="mb-2" aria-labelledby={`appeal-${appeal.id}-decision`} data-testid="appeal-decision">
      <h4 id={`appeal-${appeal.id}-decision`} className="h6 fw-bold mb-1">
        <FormattedMessage id="safety.appeals.decisionTitle" defaultMessage="The decision appealed" />
      </h4>
      <dl className="small mb-1">
        {rows.map((row) => (
          <div key={row.label} className="d-sm-flex gap-3">
            <dt className="flex-shrink-0" style={{ minWidth: '11rem' }}>
              {row.label}
            </dt>
            <dd className="mb-1">{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className="small mb-0" data-testid="appeal-facts">
        <strong>
          <FormattedMessage id="safety.appeals.facts" defaultMessage="Facts given:" />
        </strong>{' '}
        <span style={{ whiteSpace: 'pre-line' }}>{decision.facts}</span>
      </p>
    </section>
  );
}

/**
 * The content the decision concerns, as far as it is kept: what it removed (a photo through the moderators' private
 * URL, a message's or the profile's text as the decision kept it) and what its reports named.
 */
function AppealedContent({ appeal }: { appeal: QueuedAppeal }) {
  const intl = useIntl();
  const settings = useSettings();
  const name = appeal.member.name;
  const stateOf = (item: QueuedAppeal['content'][number]) =>
    item.removed
      ? intl.formatMessage({ id: 'safety.appeals.removed', defaultMessage: 'removed' })
      : intl.formatMessage({ id: 'safety.appeals.kept', defaultMessage: 'still online' });
  const photos = appeal.content.filter((item) => item.kind === 'photo');
  const texts = appeal.content.filter((item) => item.kind !== 'photo');
  return (
    <section className="mb-2" aria-labelledby={`appeal-${appeal.id}-content`} data-testid="appeal-content">
      <h4 id={`appeal-${appeal.id}-content`} className="h6 fw-bold mb-1">
        <FormattedMessage id="safety.statement.content" defaultMessage="Content concerned" />
      </h4>
      {appeal.content.length === 0 ? (
        <p className="small text-body-secondary mb-0">
          <FormattedMessage id="safety.appeals.noContent" defaultMessage="No single content: the decision is about his conduct." />
        </p>
      ) : null}
      {photos.length > 0 ? (
        <ul className="safety-case-photos mb-2">
          {photos.map((item) => (
            <li key={item.id}>
              {item.photo ? (
                <img
                  src={photoUrl(settings.cdn_prefix, item.photo, true)}
                  alt={intl.formatMessage(
                    { id: 'safety.appeals.photoAlt', defaultMessage: 'Photo of {name} ({state})' },
                    { name, state: stateOf(item) },
                  )}
                  loading="lazy"
                />
              ) : (
                <span className="small text-body-secondary">
                  <FormattedMessage id="safety.appeals.photoGone" defaultMessage="The photo was deleted since." />
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {texts.length > 0 ? (
        <ul className="list-unstyled mb-0">
          {texts.map((item) => (
            <li key={`${item.kind}-${item.id ?? 'profile'}`} className="mb-2" data-testid="appeal-content-text">
              <span className="small fw-bold">
                {item.kind === 'message'
                  ? intl.formatMessage({ id: 'safety.appeals.message', defaultMessage: 'Message by {name}' }, { name })
                  : intl.formatMessage({ id: 'safety.appeals.profileText', defaultMessage: 'Profile text of {name}' }, { name })}
                {` · ${stateOf(item)}`}
                {item.sent_at ? (
                  <>
                    {' · '}
                    <FormattedDate value={item.sent_at} dateStyle="short" timeStyle="short" />
                  </>
                ) : null}
              </span>
              <blockquote className="border-start ps-2 mb-0" style={{ whiteSpace: 'pre-line' }}>
                {item.text ?? ''}
              </blockquote>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The original reports (as the report queue shows them) and the notices the decision handled. */
function AppealedReports({ appeal }: { appeal: QueuedAppeal }) {
  return (
    <section className="mb-2" aria-labelledby={`appeal-${appeal.id}-reports`} data-testid="appeal-reports">
      <h4 id={`appeal-${appeal.id}-reports`} className="h6 fw-bold mb-0">
        <FormattedMessage
          id="safety.appeals.reports"
          defaultMessage="{count, plural, =0 {No report: the decision was taken without one} one {The original report} other {The # original reports}}"
          values={{ count: appeal.reports.length }}
        />
      </h4>
      {appeal.reports.length > 0 ? (
        <ul className="list-unstyled mb-0">
          {appeal.reports.map((report) => (
            <ReportItem key={report.id} report={report} name={appeal.member.name} />
          ))}
        </ul>
      ) : null}
      {appeal.notices.length > 0 ? (
        <ul className="list-unstyled mt-2 mb-0">
          {appeal.notices.map((n) => (
            <NoticeItem key={n.id} notice={n} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * One appeal with what deciding it takes: the member (his name), the decision it contests as its statement says it,
 * the content it concerns, the original reports and notices, the appellant's text, and uphold or reverse with the
 * explanation he is mailed — a form posted to /moderation/appeals with its Idempotency-Key (the button pressed is the
 * outcome), whose route action decides it: through the router with JavaScript, by the browser itself without it. The
 * moderator who made the decision, the member it is about, the one who appealed, one whose report or notice led to the
 * decision and one tied to the member or the appellant (a block, a conversation) get no form but the reason: another
 * moderator decides. An appeal about himself comes without the reports and the content (the backend sends none).
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
    <article className="surface safety-case mb-3" aria-labelledby={`${id}-title`} data-testid="queued-appeal">
      <header className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-2">
        <h3 id={`${id}-title`} className="h5 fw-bold mb-0">
          {intl.formatMessage(ACTION_MESSAGES[decision.action])} ·{' '}
          <Link to={`/members/${appeal.member.id}`} className="text-decoration-underline">
            {appeal.member.name}
          </Link>
        </h3>
        <span className="small text-body-secondary">
          <FormattedMessage
            id="safety.appeals.appealedBy"
            defaultMessage="Appealed {date} by {role, select, member {the member} other {a reporter}}"
            values={{ date: <FormattedDate value={appeal.created_at} dateStyle="medium" />, role: appeal.role }}
          />
        </span>
      </header>
      <AppealedDecision appeal={appeal} />
      {appeal.own_case ? null : (
        <>
          <AppealedContent appeal={appeal} />
          <AppealedReports appeal={appeal} />
        </>
      )}
      <section className="mb-2" aria-labelledby={`${id}-text`}>
        <h4 id={`${id}-text`} className="h6 fw-bold mb-1">
          <FormattedMessage
            id="safety.appeals.text"
            defaultMessage="{role, select, member {The member’s appeal} other {The reporter’s appeal}}"
            values={{ role: appeal.role }}
          />
        </h4>
        <blockquote className="border-start ps-2 mb-0" style={{ whiteSpace: 'pre-line' }} data-testid="appeal-text">
          {appeal.text}
        </blockquote>
      </section>
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
