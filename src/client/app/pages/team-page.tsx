import { FormattedMessage, useIntl } from 'react-intl';
import { listModerators, setModeratorRole, TEAM_KEY } from '../../features/moderation/api/team';
import { ConsolePage } from '../../features/moderation/components/console-page';
import { TeamView } from '../../features/moderation/components/team';
import { GRANT_FORM, memberOf, TEAM_PAGE, teamPageWith, WITHDRAW_FORM } from '../../features/moderation/team-forms';
import { isAdmin } from '../../lib/roles';
import { useCurrentUser } from '../../lib/store/store';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import { prefetchKey, type PageActionArgs, type PageLoaderArgs, type PrefetchResult } from '../route-handle';
import { NotFoundPage } from './not-found-page';

/** Visitors and members who are not admins (moderators too) get the 404 page: the route does not reveal that it exists. */
export async function teamLoader({ context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  // The team goes out with the user call; the backend refuses it to anyone but an admin.
  const [user, result] = await Promise.all([ctx.user, ctx.hasSession ? prefetchKey(TEAM_KEY, () => listModerators(ctx.api)) : null]);
  if (!isAdmin(user) || !result) return { status: 404 };
  return result;
}

/**
 * The forms of /moderation/team, by `intent`: `grant` makes the member typed in `member` (an id or an address) a
 * moderator; `withdraw` takes the role of `member_id` back. 303 to the page saying what happened, or the form again
 * with the refusal (in the admin's language) and what was typed; an empty field comes back without a call. The
 * backend decides who may (admins only).
 */
export async function teamAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  const intent = textField(form, 'intent');
  if (intent === WITHDRAW_FORM) {
    const memberId = textField(form, 'member_id');
    if (!/^\d{1,9}$/.test(memberId)) return seeOther(TEAM_PAGE);
    const name = textField(form, 'name').trim() || `#${memberId}`;
    return runFormAction(
      WITHDRAW_FORM,
      { member_id: memberId },
      () => setModeratorRole(context.api, { member: Number(memberId), role: 'member' }),
      (result) => seeOther(teamPageWith({ kind: result.changed ? 'withdrawn' : 'unchanged', name })),
    );
  }
  if (intent !== GRANT_FORM) return seeOther(TEAM_PAGE);
  const typed = textField(form, 'member').slice(0, 254);
  const member = memberOf(typed);
  const fields = { member: typed };
  if (!member) return { form: GRANT_FORM, status: 400, body: { error: { code: 'member_required', message: '' } }, fields };
  return runFormAction(
    GRANT_FORM,
    fields,
    () => setModeratorRole(context.api, { ...member, role: 'moderator' }),
    (result) =>
      seeOther(teamPageWith({ kind: result.changed ? 'granted' : 'unchanged', name: result.member.name || `#${result.member.id}` })),
  );
}

/** /moderation/team (admins): the site's moderators and admins, making a member a moderator or withdrawing the role, and the audit. */
export function TeamPage() {
  const intl = useIntl();
  const user = useCurrentUser();
  if (!isAdmin(user)) return <NotFoundPage />;
  const title = intl.formatMessage({ id: 'team.title', defaultMessage: 'Moderators’ team' });
  return (
    <ConsolePage
      title={title}
      intro={
        <FormattedMessage
          id="team.intro"
          defaultMessage="Who moderates the site. Make a member a moderator or withdraw the role; every change is recorded below with who made it. Admins moderate too; the site’s operator makes them."
        />
      }
    >
      <TeamView />
    </ConsolePage>
  );
}
