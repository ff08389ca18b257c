import { useId, useState, type SubmitEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert, Button, FormText, Input, Label } from 'reactstrap';
import { Link } from '../../../components/link';
import { Loading } from '../../../components/loading';
import { useFormFailure } from '../../../components/progressive-form';
import { RouterForm, usePendingForm } from '../../../components/router-form';
import type { ApiRequestError } from '../../../lib/api-error';
import { useModeratorTeam, type RoleChange, type TeamMember } from '../api/team';
import { GRANT_FORM, TEAM_PAGE, teamOutcomeOf, WITHDRAW_FORM, type TeamOutcome } from '../team-forms';

type Role = RoleChange['to'];

const roleWord = (intl: IntlShape, role: Role): string =>
  role === 'admin'
    ? intl.formatMessage({ id: 'team.role.admin', defaultMessage: 'admin' })
    : role === 'moderator'
      ? intl.formatMessage({ id: 'team.role.moderator', defaultMessage: 'moderator' })
      : intl.formatMessage({ id: 'team.role.member', defaultMessage: 'member' });

const shownName = (m: { id: number; name: string }) => m.name || `#${m.id}`;

/**
 * The text of a refused form: "nobody has that id or address" for a 404, the backend's own message (already in the
 * admin's language) for another refusal he can act on, the generic one for anything else.
 */
function refusalText(intl: IntlShape, error: ApiRequestError): string {
  if (error.status === 404)
    return intl.formatMessage({ id: 'team.notFound', defaultMessage: 'No active member of this site has that id or e-mail address.' });
  if (error.status < 500 && error.code && !['bad_request', 'internal_error'].includes(error.code) && error.message) return error.message;
  return intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' });
}

function outcomeText(intl: IntlShape, outcome: TeamOutcome): string {
  switch (outcome.kind) {
    case 'granted':
      return intl.formatMessage({ id: 'team.granted', defaultMessage: '{name} is a moderator now.' }, { name: outcome.name });
    case 'withdrawn':
      return intl.formatMessage({ id: 'team.withdrawn', defaultMessage: '{name} is no longer a moderator.' }, { name: outcome.name });
    case 'unchanged':
      return intl.formatMessage(
        { id: 'team.unchanged', defaultMessage: '{name} had that role already; nothing was changed.' },
        { name: outcome.name },
      );
  }
}

/**
 * Makes a member a moderator, named by his id or his account's address: a form posted to /moderation/team, whose route
 * action asks the backend — through the router with JavaScript, by the browser itself without it. An empty field is
 * caught here and by the action; a refusal shows beside the field with what was typed.
 */
function GrantForm() {
  const intl = useIntl();
  const id = useId();
  const failure = useFormFailure(GRANT_FORM);
  const busy = usePendingForm(TEAM_PAGE, { intent: GRANT_FORM }) !== null;
  const [member, setMember] = useState(failure?.fields.member ?? '');
  const [missing, setMissing] = useState(false);
  const required = intl.formatMessage({ id: 'team.memberRequired', defaultMessage: 'Please give the member’s id or e-mail address.' });
  const error = missing ? required : failure ? (failure.error.status === 400 ? required : refusalText(intl, failure.error)) : null;

  const check = (event: SubmitEvent<HTMLFormElement>) => {
    const lacking = member.trim() === '';
    setMissing(lacking);
    if (lacking) event.preventDefault();
  };

  return (
    <RouterForm action={TEAM_PAGE} preventScrollReset onSubmit={check} noValidate className="surface mb-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5 fw-bold">
        <FormattedMessage id="team.grantTitle" defaultMessage="Make a member a moderator" />
      </h2>
      <input type="hidden" name="intent" value={GRANT_FORM} />
      <Label for={`${id}-member`}>
        <FormattedMessage id="team.memberLabel" defaultMessage="Member id or e-mail address" />
      </Label>
      <div className="d-flex flex-wrap gap-2">
        <Input
          id={`${id}-member`}
          name="member"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="flex-grow-1 w-auto"
          maxLength={254}
          required
          value={member}
          onChange={(e) => setMember(e.target.value)}
          invalid={error !== null}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <Button type="submit" color="primary" disabled={busy}>
          <FormattedMessage id="team.grant" defaultMessage="Make moderator" />
        </Button>
      </div>
      <FormText id={`${id}-hint`}>
        <FormattedMessage
          id="team.memberHint"
          defaultMessage="His id is the number in the address of his profile (/members/123). The role works from his next click."
        />
      </FormText>
      {error ? (
        <Alert color="danger" fade={false} id={`${id}-error`} className="mt-2 mb-0">
          {error}
        </Alert>
      ) : null}
    </RouterForm>
  );
}

/** When and by whom the member got his current role. */
function GrantedText({ member }: { member: TeamMember }) {
  if (!member.granted_at) return <FormattedMessage id="team.grantedBeforeAudit" defaultMessage="Role given before changes were recorded" />;
  const date = <FormattedDate value={member.granted_at} dateStyle="medium" />;
  return member.granted_by ? (
    <FormattedMessage
      id="team.grantedBy"
      defaultMessage="Since {date}, given by {name}"
      values={{ date, name: shownName(member.granted_by) }}
    />
  ) : (
    <FormattedMessage id="team.grantedByOperator" defaultMessage="Since {date}, given by the site’s operator" values={{ date }} />
  );
}

/**
 * One of the team: name, address, role and its grant. A moderator's role is withdrawn with the form below his name (no
 * confirmation: granting it again undoes it, and both are recorded); an admin's role is the operator's to change.
 */
function TeamMemberCard({ member }: { member: TeamMember }) {
  const intl = useIntl();
  const id = useId();
  const memberId = String(member.id);
  const failure = useFormFailure(WITHDRAW_FORM);
  const refused = failure?.fields.member_id === memberId ? failure : null;
  const busy = usePendingForm(TEAM_PAGE, { intent: WITHDRAW_FORM })?.get('member_id') === memberId;
  return (
    <article className="surface mb-2" aria-labelledby={`${id}-name`} data-testid="team-member">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
        <h3 id={`${id}-name`} className="h6 fw-bold mb-0">
          <Link to={`/members/${member.id}`}>{shownName(member)}</Link>
        </h3>
        <span className={`badge ${member.role === 'admin' ? 'text-bg-primary' : 'text-bg-secondary'}`}>{roleWord(intl, member.role)}</span>
      </div>
      <p className="small mb-1 text-break">{member.email}</p>
      <p className="small text-body-secondary mb-0">
        <GrantedText member={member} />
      </p>
      {member.role === 'moderator' ? (
        <RouterForm action={TEAM_PAGE} preventScrollReset className="mt-2">
          <input type="hidden" name="intent" value={WITHDRAW_FORM} />
          <input type="hidden" name="member_id" value={memberId} />
          <input type="hidden" name="name" value={member.name} />
          <Button type="submit" color="outline-danger" size="sm" disabled={busy} aria-describedby={refused ? `${id}-error` : undefined}>
            <FormattedMessage id="team.withdraw" defaultMessage="Withdraw the moderator role" />
          </Button>
          {refused ? (
            <Alert color="danger" fade={false} id={`${id}-error`} className="mt-2 mb-0">
              {refusalText(intl, refused.error)}
            </Alert>
          ) : null}
        </RouterForm>
      ) : (
        <p className="small text-body-secondary mt-2 mb-0">
          <FormattedMessage id="team.adminFixed" defaultMessage="An admin’s role is changed by the site’s operator." />
        </p>
      )}
    </article>
  );
}

/** One line of the audit: when, whose role went from what to what, and who changed it. */
function ChangeItem({ change }: { change: RoleChange }) {
  const intl = useIntl();
  const by = change.changed_by
    ? intl.formatMessage({ id: 'team.changeBy', defaultMessage: 'by {name}' }, { name: shownName(change.changed_by) })
    : change.via === 'operator'
      ? intl.formatMessage({ id: 'team.changeByOperator', defaultMessage: 'by the site’s operator' })
      : intl.formatMessage({ id: 'team.changeByGone', defaultMessage: 'by an account that no longer exists' });
  return (
    <li className="border-top py-2" data-testid="role-change">
      <span className="text-body-secondary">
        <FormattedDate value={change.created_at} dateStyle="medium" timeStyle="short" />
      </span>{' '}
      ·{' '}
      {intl.formatMessage(
        { id: 'team.change', defaultMessage: '{member}: from {from} to {to}' },
        { member: shownName(change.member), from: roleWord(intl, change.from), to: roleWord(intl, change.to) },
      )}{' '}
      · {by}
    </li>
  );
}

/**
 * The team page's content (admins): what the last form came to, the form that makes a member a moderator, the site's
 * moderators and admins, and the audit of role changes, newest first.
 */
export function TeamView() {
  const intl = useIntl();
  const { data, error } = useModeratorTeam();
  const [search] = useSearchParams();
  const outcome = teamOutcomeOf(search);
  return (
    <>
      <div role="status" aria-live="polite">
        {outcome ? (
          <Alert color={outcome.kind === 'unchanged' ? 'info' : 'success'} fade={false} className="mb-3" data-testid="team-notice">
            {outcomeText(intl, outcome)}
          </Alert>
        ) : null}
      </div>
      {/* A new answer is a new attempt: the field starts empty again. */}
      <GrantForm key={search.toString()} />
      {error && !data ? (
        <Alert color="danger" fade={false}>
          <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
        </Alert>
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <section aria-labelledby="team-members" className="mb-4">
            <h2 id="team-members" className="h5 fw-bold">
              <FormattedMessage id="team.membersTitle" defaultMessage="Moderators and admins" />
            </h2>
            <ul className="list-unstyled mb-0">
              {data.moderators.map((member) => (
                <li key={member.id}>
                  <TeamMemberCard member={member} />
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="team-changes">
            <h2 id="team-changes" className="h5 fw-bold">
              <FormattedMessage id="team.changesTitle" defaultMessage="Changes of roles" />
            </h2>
            {data.changes.length === 0 ? (
              <p className="small text-body-secondary">
                <FormattedMessage id="team.noChanges" defaultMessage="No role has been changed yet." />
              </p>
            ) : (
              <ol className="list-unstyled small mb-0">
                {data.changes.map((change) => (
                  <ChangeItem key={change.id} change={change} />
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </>
  );
}
