import { useIntl } from 'react-intl';
import { useCurrentUser } from '../../../lib/store/store';
import { ReportMenu } from './report-menu';
import { reportPagePath } from '../report-path';

/** The "…" menu on a member's card in the grid (beside its link, never inside): report the profile. Members only. */
export function MemberCardReportMenu({ profile }: { profile: { id: number; name: string } }) {
  const intl = useIntl();
  const user = useCurrentUser();
  if (!user || user.id === profile.id) return null;
  return (
    <ReportMenu
      name={profile.name}
      className="member-card-menu"
      items={[
        {
          label: intl.formatMessage({ id: 'safety.report.profileItem', defaultMessage: 'Report {name}' }, { name: profile.name }),
          target: { kind: 'profile', id: profile.id },
          href: reportPagePath(profile.id, { kind: 'profile', id: profile.id }),
        },
      ]}
    />
  );
}
