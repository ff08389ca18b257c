import { MemberCard, type ProfileSummary } from './member-card';

export function MemberGrid({ profiles, cdnPrefix }: { profiles: ProfileSummary[]; cdnPrefix: string }) {
  return (
    <ul className="member-grid">
      {profiles.map((profile, index) => (
        <li key={profile.id}>
          <MemberCard profile={profile} cdnPrefix={cdnPrefix} eager={index < 4} />
        </li>
      ))}
    </ul>
  );
}
