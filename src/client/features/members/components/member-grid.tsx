import type { ReactNode } from 'react';
import { MemberCard, type ProfileSummary } from './member-card';

/** The member cards of a search; `action` adds a control beside each card (e.g. the like heart), never inside its link. */
export function MemberGrid({ profiles, cdnPrefix, action }: { profiles: ProfileSummary[]; cdnPrefix: string; action?: (profile: ProfileSummary) => ReactNode }) {
  return (
    <ul className="member-grid">
      {profiles.map((profile, index) => (
        <li key={profile.id}>
          {action ? (
            <div className="like-card">
              <MemberCard profile={profile} cdnPrefix={cdnPrefix} eager={index < 4} />
              {action(profile)}
            </div>
          ) : (
            <MemberCard profile={profile} cdnPrefix={cdnPrefix} eager={index < 4} />
          )}
        </li>
      ))}
    </ul>
  );
}
