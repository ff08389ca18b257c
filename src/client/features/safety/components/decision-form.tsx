import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, FormGroup, Input, Label } from 'reactstrap';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { decideReports, SAFETY_ACTIONS, type ReportCase, type ReportDecisionRequest, type SafetyAction } from '../api/moderation';
import { REPORT_REASONS, type ReportReason } from '../api/reports';
import { safetyErrorText } from '../error-text';
import { ACTION_MESSAGES, REASON_MESSAGES } from '../safety-messages';
import { useHydrated } from '../../../components/progressive-form';

type Content = NonNullable<ReportDecisionRequest['content']>;

/** The content a removal can take: the photos and messages reports or notices name, and the profile text. */
function removableContent(reportCase: ReportCase): Content[] {
  const seen = new Set<string>();
  const items: Content[] = [];
  const targets = [...reportCase.reports.map((r) => r.target), ...(reportCase.notices ?? []).flatMap((n) => (n.target ? [n.target] : []))];
  for (const target of targets) {
    if (target.kind === 'profile') continue;
    const key = `${target.kind}-${target.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ kind: target.kind, id: target.id });
  }
  if (reportCase.member.about) items.push({ kind: 'profile_text' });
  return items;
}

const contentValue = (c: Content) => `${c.kind}:${c.id ?? ''}`;

export type DecisionOutcome = { kind: 'decided' } | { kind: 'conflict' };

/**
 * The moderator's decision about a reported member's open reports: the action (with the content to remove, or the
 * days of a restriction or suspension), the terms rule and the facts the member reads in the statement of reasons.
 * `onOutcome` hears of a decision, or of a conflict (another moderator decided one of the reports first).
 */
export function DecisionForm({ reportCase, onOutcome }: { reportCase: ReportCase; onOutcome: (outcome: DecisionOutcome) => void }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const api = useApi();
  const id = useId();
  const contents = removableContent(reportCase);
  const [action, setAction] = useState<SafetyAction>('dismiss');
  const [content, setContent] = useState(contents[0] ? contentValue(contents[0]) : '');
  const [days, setDays] = useState('7');
  const [rule, setRule] = useState<ReportReason>(reportCase.reports[0]?.reason ?? (reportCase.notices?.length ? 'illegal' : 'other'));
  const [facts, setFacts] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const needsDays = action === 'restrict' || action === 'suspend';
  const name = reportCase.member.name;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const dayCount = Number(days);
    if (facts.trim() === '') {
      setError(intl.formatMessage({ id: 'safety.decide.factsRequired', defaultMessage: 'Please describe the facts and circumstances.' }));
      return;
    }
    if (needsDays && !(Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= 365)) {
      setError(intl.formatMessage({ id: 'safety.decide.daysInvalid', defaultMessage: 'Please give a number of days from 1 to 365.' }));
      return;
    }
    const chosen = contents.find((c) => contentValue(c) === content);
    if (action === 'remove_content' && !chosen) {
      setError(intl.formatMessage({ id: 'safety.decide.contentRequired', defaultMessage: 'Please choose the content to remove.' }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await decideReports(api, {
        member: reportCase.member.id,
        reports: reportCase.reports.map((r) => r.id),
        ...(reportCase.notices && reportCase.notices.length > 0 ? { notices: reportCase.notices.map((n) => n.id) } : {}),
        action,
        rule,
        facts: facts.trim(),
        ...(action === 'remove_content' && chosen ? { content: chosen } : {}),
        ...(needsDays ? { days: dayCount } : {}),
      });
      onOutcome({ kind: 'decided' });
    } catch (err) {
      if (isApiRequestError(err) && err.status === 409) onOutcome({ kind: 'conflict' });
      else setError(safetyErrorText(intl, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    // The console works with JavaScript: before the page hydrated its button is off (nothing is posted).
    <form
      method="post"
      onSubmit={(event) => void submit(event)}
      noValidate
      className="surface-inset mt-3"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <h4 className="h6 fw-bold">
        <FormattedMessage id="safety.decide.title" defaultMessage="Decision about {name}" values={{ name }} />
      </h4>
      <div className="row g-2">
        <FormGroup className="col-sm-6">
          <Label for={`${id}-action`}>
            <FormattedMessage id="safety.decide.action" defaultMessage="Action" />
          </Label>
          <Input id={`${id}-action`} type="select" value={action} onChange={(e) => setAction(e.target.value as SafetyAction)}>
            {SAFETY_ACTIONS.map((a) => (
              <option key={a} value={a} disabled={a === 'remove_content' && contents.length === 0}>
                {intl.formatMessage(ACTION_MESSAGES[a])}
              </option>
            ))}
          </Input>
        </FormGroup>
        <FormGroup className="col-sm-6">
          <Label for={`${id}-rule`}>
            <FormattedMessage id="safety.decide.rule" defaultMessage="Rule of the terms" />
          </Label>
          <Input id={`${id}-rule`} type="select" value={rule} onChange={(e) => setRule(e.target.value as ReportReason)}>
            {REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {intl.formatMessage(REASON_MESSAGES[r])}
              </option>
            ))}
          </Input>
        </FormGroup>
        {action === 'remove_content' ? (
          <FormGroup className="col-sm-6">
            <Label for={`${id}-content`}>
              <FormattedMessage id="safety.decide.content" defaultMessage="Content to remove" />
            </Label>
            <Input id={`${id}-content`} type="select" value={content} onChange={(e) => setContent(e.target.value)}>
              {contents.map((c) => (
                <option key={contentValue(c)} value={contentValue(c)}>
                  {c.kind === 'photo'
                    ? intl.formatMessage({ id: 'safety.decide.contentPhoto', defaultMessage: 'Photo {id}' }, { id: c.id })
                    : c.kind === 'message'
                      ? intl.formatMessage({ id: 'safety.decide.contentMessage', defaultMessage: 'Message {id}' }, { id: c.id })
                      : intl.formatMessage({ id: 'safety.content.profileText', defaultMessage: 'the profile text' })}
                </option>
              ))}
            </Input>
          </FormGroup>
        ) : null}
        {needsDays ? (
          <FormGroup className="col-sm-6">
            <Label for={`${id}-days`}>
              <FormattedMessage id="safety.decide.days" defaultMessage="Number of days (1–365)" />
            </Label>
            <Input
              id={`${id}-days`}
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </FormGroup>
        ) : null}
      </div>
      <FormGroup>
        <Label for={`${id}-facts`}>
          <FormattedMessage id="safety.decide.facts" defaultMessage="Facts and circumstances (the member reads them)" />
        </Label>
        <Input
          id={`${id}-facts`}
          type="textarea"
          rows={3}
          maxLength={2000}
          required
          value={facts}
          onChange={(e) => setFacts(e.target.value)}
        />
      </FormGroup>
      {error ? (
        <Alert color="danger" fade={false} id={`${id}-error`}>
          {error}
        </Alert>
      ) : null}
      <Button type="submit" color={action === 'dismiss' ? 'secondary' : 'danger'} disabled={busy || !hydrated}>
        <FormattedMessage id="safety.decide.submit" defaultMessage="Decide" />
      </Button>
    </form>
  );
}
