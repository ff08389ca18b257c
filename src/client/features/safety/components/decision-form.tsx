import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, FormGroup, FormText, Input, Label } from 'reactstrap';
import { keywordsOf, TDB_CATEGORY_KEYWORDS } from '../../../../shared/transparency-keywords';
import {
  IdempotencyKeyField,
  IDEMPOTENCY_FIELD,
  useFormFailure,
  useHydrated,
  useIdempotencyKey,
} from '../../../components/progressive-form';
import { RouterForm, usePendingForm } from '../../../components/router-form';
import { isApiRequestError } from '../../../lib/api-error';
import { SAFETY_ACTIONS, TDB_CATEGORIES, type ReportCase, type ReportDecisionRequest, type SafetyAction } from '../api/moderation';
import { REPORT_REASONS, type ReportReason } from '../api/reports';
import { safetyErrorText } from '../error-text';
import { contentValue, decisionOf, DECISION_FORM, MAX_FACTS, REPORTS_PAGE, type DecisionProblem } from '../moderation-forms';
import { ACTION_MESSAGES, REASON_MESSAGES, TDB_CATEGORY_MESSAGES, TDB_KEYWORD_MESSAGES } from '../safety-messages';

type Content = NonNullable<ReportDecisionRequest['content']>;

/** "Other", a keyword of every category that has keywords (offered once without JavaScript, not in every group). */
const OTHER = 'KEYWORD_OTHER';

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

/**
 * The moderator's decision about a reported member's open reports (and the notices of his case): the action (with the
 * content to remove, or the days of a restriction or suspension), the ground (a rule of the terms, or illegal content),
 * the category the statement is filed under in the EU's DSA Transparency Database (from its list; illegal content needs
 * one, by its kind) and the facts the member reads in the statement of reasons. A form posted to /moderation/reports with its Idempotency-Key, whose route action decides —
 * through the router with JavaScript (its button busy meanwhile), by the browser itself without it (then every field
 * shows, and the action uses those the action needs): 303 to the queue saying it is decided, or that another
 * moderator was first; a refusal shows the form again with the reason in the moderator's language and the fields kept.
 */
export function DecisionForm({ reportCase }: { reportCase: ReportCase }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const id = useId();
  const memberId = String(reportCase.member.id);
  const failure = useFormFailure(DECISION_FORM);
  const refused = failure?.fields.member === memberId ? failure : null;
  const kept = refused?.fields;
  const busy = usePendingForm(REPORTS_PAGE, { intent: DECISION_FORM })?.get('member') === memberId;
  const form = useIdempotencyKey(kept?.[IDEMPOTENCY_FIELD]);
  const contents = removableContent(reportCase);
  const [action, setAction] = useState<SafetyAction>(SAFETY_ACTIONS.find((a) => a === kept?.action) ?? 'dismiss');
  const [content, setContent] = useState(kept?.content ?? (contents[0] ? contentValue(contents[0]) : ''));
  const [days, setDays] = useState(kept?.days ?? '7');
  const [rule, setRule] = useState<ReportReason>(
    REPORT_REASONS.find((r) => r === kept?.rule) ?? reportCase.reports[0]?.reason ?? (reportCase.notices?.length ? 'illegal' : 'other'),
  );
  const [category, setCategory] = useState(TDB_CATEGORIES.find((c) => c === kept?.category) ?? '');
  const [specification, setSpecification] = useState(kept?.category_specification ?? '');
  const [facts, setFacts] = useState(kept?.facts ?? '');
  const [missing, setMissing] = useState<DecisionProblem | null>(null);
  const name = reportCase.member.name;
  // Without JavaScript every field shows (a choice of action cannot show its own); with it, those of the action.
  const showDays = !hydrated || action === 'restrict' || action === 'suspend';
  const showContent = !hydrated || action === 'remove_content';
  // The specification offers the chosen category's keywords; without JavaScript (the category cannot narrow the list)
  // every category's, grouped under their category ("Other" once), and the action refuses one of another category.
  const keywords = keywordsOf(category);
  // One of another category (kept from a refused post without JavaScript) is not offered, so it is not chosen either.
  const chosenSpecification = !hydrated || (keywords as readonly string[]).includes(specification) ? specification : '';
  const chooseCategory = (next: string) => {
    setCategory(next);
    if (!(keywordsOf(next) as readonly string[]).includes(specification)) setSpecification('');
  };

  const problemText = (problem: string | undefined) =>
    problem === 'facts_required'
      ? intl.formatMessage({ id: 'safety.decide.factsRequired', defaultMessage: 'Please describe the facts and circumstances.' })
      : problem === 'days_invalid'
        ? intl.formatMessage({ id: 'safety.decide.daysInvalid', defaultMessage: 'Please give a number of days from 1 to 365.' })
        : problem === 'content_required'
          ? intl.formatMessage({ id: 'safety.decide.contentRequired', defaultMessage: 'Please choose the content to remove.' })
          : problem === 'category_required'
            ? intl.formatMessage({
                id: 'safety.decide.categoryRequired',
                defaultMessage: 'Please choose the kind of illegal content (the category).',
              })
            : problem === 'specification_mismatch'
              ? intl.formatMessage({
                  id: 'safety.decide.specificationMismatch',
                  defaultMessage: 'Please choose a specification of the chosen category (or none).',
                })
              : null;
  const error = missing
    ? problemText(missing)
    : refused
      ? isApiRequestError(refused.error) && refused.error.status === 400
        ? (problemText(refused.error.code) ?? safetyErrorText(intl, refused.error))
        : safetyErrorText(intl, refused.error)
      : null;

  // Checked here before anything is sent (the action checks again): a decision without its facts is not posted.
  const check = (event: FormEvent<HTMLFormElement>) => {
    const fields = {
      member: memberId,
      name,
      reports: '',
      notices: '',
      action,
      rule,
      content,
      days,
      facts,
      category,
      category_specification: chosenSpecification,
    };
    const outcome = decisionOf(fields);
    const problem = outcome && 'problem' in outcome ? outcome.problem : null;
    setMissing(problem);
    if (problem) event.preventDefault();
  };

  return (
    <RouterForm
      action={REPORTS_PAGE}
      preventScrollReset
      onSubmit={check}
      noValidate
      className="surface-inset mt-3"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <IdempotencyKeyField value={form.key} />
      <input type="hidden" name="intent" value={DECISION_FORM} />
      <input type="hidden" name="member" value={memberId} />
      <input type="hidden" name="name" value={name} />
      <input type="hidden" name="reports" value={reportCase.reports.map((r) => r.id).join(',')} />
      <input type="hidden" name="notices" value={(reportCase.notices ?? []).map((n) => n.id).join(',')} />
      <h4 className="h6 fw-bold">
        <FormattedMessage id="safety.decide.title" defaultMessage="Decision about {name}" values={{ name }} />
      </h4>
      <div className="row g-2">
        <FormGroup className="col-sm-6">
          <Label for={`${id}-action`}>
            <FormattedMessage id="safety.decide.action" defaultMessage="Action" />
          </Label>
          <Input id={`${id}-action`} name="action" type="select" value={action} onChange={(e) => setAction(e.target.value as SafetyAction)}>
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
          <Input id={`${id}-rule`} name="rule" type="select" value={rule} onChange={(e) => setRule(e.target.value as ReportReason)}>
            {REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {intl.formatMessage(REASON_MESSAGES[r])}
              </option>
            ))}
          </Input>
        </FormGroup>
        <FormGroup className="col-sm-6">
          <Label for={`${id}-category`}>
            <FormattedMessage id="safety.decide.category" defaultMessage="Category (EU transparency database)" />
          </Label>
          <Input id={`${id}-category`} name="category" type="select" value={category} onChange={(e) => chooseCategory(e.target.value)}>
            <option value="">
              {intl.formatMessage({ id: 'safety.decide.categoryOfRule', defaultMessage: 'The rule’s own category' })}
            </option>
            {TDB_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {intl.formatMessage(TDB_CATEGORY_MESSAGES[c])}
              </option>
            ))}
          </Input>
        </FormGroup>
        <FormGroup className="col-sm-6">
          <Label for={`${id}-specification`}>
            <FormattedMessage id="safety.decide.specification" defaultMessage="Specification (optional)" />
          </Label>
          <Input
            id={`${id}-specification`}
            name="category_specification"
            type="select"
            value={chosenSpecification}
            disabled={hydrated && keywords.length === 0}
            aria-describedby={`${id}-specification-help`}
            onChange={(e) => setSpecification(e.target.value)}
          >
            <option value="">{intl.formatMessage({ id: 'safety.decide.specificationNone', defaultMessage: 'No specification' })}</option>
            {hydrated
              ? keywords.map((k) => (
                  <option key={k} value={k}>
                    {intl.formatMessage(TDB_KEYWORD_MESSAGES[k])}
                  </option>
                ))
              : [
                  <option key={OTHER} value={OTHER}>
                    {intl.formatMessage(TDB_KEYWORD_MESSAGES[OTHER])}
                  </option>,
                  ...TDB_CATEGORIES.filter((c) => TDB_CATEGORY_KEYWORDS[c].length > 0).map((c) => (
                    <optgroup key={c} label={intl.formatMessage(TDB_CATEGORY_MESSAGES[c])}>
                      {TDB_CATEGORY_KEYWORDS[c]
                        .filter((k) => k !== OTHER)
                        .map((k) => (
                          <option key={k} value={k}>
                            {intl.formatMessage(TDB_KEYWORD_MESSAGES[k])}
                          </option>
                        ))}
                    </optgroup>
                  )),
                ]}
          </Input>
          <FormText id={`${id}-specification-help`}>
            <FormattedMessage
              id="safety.decide.specificationHelp"
              defaultMessage="Only with a chosen category: one of its keywords in the database."
            />
          </FormText>
        </FormGroup>
        {showContent && contents.length > 0 ? (
          <FormGroup className="col-sm-6">
            <Label for={`${id}-content`}>
              <FormattedMessage id="safety.decide.content" defaultMessage="Content to remove" />
            </Label>
            <Input id={`${id}-content`} name="content" type="select" value={content} onChange={(e) => setContent(e.target.value)}>
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
        {showDays ? (
          <FormGroup className="col-sm-6">
            <Label for={`${id}-days`}>
              <FormattedMessage id="safety.decide.days" defaultMessage="Number of days (1–365)" />
            </Label>
            <Input
              id={`${id}-days`}
              name="days"
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
          name="facts"
          type="textarea"
          rows={3}
          maxLength={MAX_FACTS}
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
      <Button type="submit" color={action === 'dismiss' ? 'secondary' : 'danger'} disabled={busy}>
        <FormattedMessage id="safety.decide.submit" defaultMessage="Decide" />
      </Button>
    </RouterForm>
  );
}
