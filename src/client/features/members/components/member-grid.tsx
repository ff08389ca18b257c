import type { ReactNode } from 'react';
import { MemberCard, type ProfileSummary } from './member-card';

/**
 * The member cards of a search; `action` adds a control beside each card (e.g. the like heart), never inside its link.
 * The first two photos are the page's largest paint on a phone and are fetched first, unless the grid is lower down
 * the page (`belowFold`).
 */
export function MemberGrid({
  profiles,
  cdnPrefix,
  action,
  belowFold = false,
}: {
  profiles: ProfileSummary[];
  cdnPrefix: string;
  action?: (profile: ProfileSummary) => ReactNode;
  belowFold?: boolean;
}) {
  return (
    <ul className="member-grid">
      {profiles.map((profile, index) => (
        <li key={profile.id}>
          {action ? (
            <div className="like-card">
              <MemberCard profile={profile} cdnPrefix={cdnPrefix} eager={!belowFold && index < 4} priority={!belowFold && index < 2} />
              {action(profile)}
            </div>
          ) : (
            <MemberCard profile={profile} cdnPrefix={cdnPrefix} eager={!belowFold && index < 4} priority={!belowFold && index < 2} />
          )}
        </li>
      ))}
    </ul>
  );
}
