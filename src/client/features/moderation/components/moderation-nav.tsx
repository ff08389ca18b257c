import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from '../../../components/link';
import { isAdmin } from '../../../lib/roles';
import { useCurrentUser } from '../../../lib/store/store';

/** The tabs of the moderators' console: photos, reports, verifications, appeals, the transparency report and (admins) the team. */
export function ModerationNav() {
  const intl = useIntl();
  const user = useCurrentUser();
  return (
    <nav
      className="nav nav-pills tab-bar mb-3 flex-wrap"
      aria-label={intl.formatMessage({ id: 'safety.moderation.nav', defaultMessage: 'Moderation' })}
    >
      <NavLink className="nav-link" to="/moderation" end>
        <FormattedMessage id="safety.moderation.tabPhotos" defaultMessage="Photos" />
      </NavLink>
      <NavLink className="nav-link" to="/moderation/reports" end>
        <FormattedMessage id="safety.moderation.reportsTitle" defaultMessage="Reports" />
      </NavLink>
      <NavLink className="nav-link" to="/moderation/verifications" end>
        <FormattedMessage id="verification.queue.tab" defaultMessage="Verifications" />
      </NavLink>
      <NavLink className="nav-link" to="/moderation/appeals" end>
        <FormattedMessage id="safety.moderation.appealsTitle" defaultMessage="Appeals" />
      </NavLink>
      <NavLink className="nav-link" to="/moderation/transparency" end>
        <FormattedMessage id="safety.moderation.tabTransparency" defaultMessage="Transparency report" />
      </NavLink>
      {isAdmin(user) ? (
        <NavLink className="nav-link" to="/moderation/team" end>
          <FormattedMessage id="team.tab" defaultMessage="Team" />
        </NavLink>
      ) : null}
    </nav>
  );
}
