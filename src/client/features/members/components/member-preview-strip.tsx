import { MemberCard, type ProfileSummary } from './member-card';

/** A horizontal strip of member photos for the landing page. */
export function MemberPreviewStrip({ profiles, cdnPrefix }: { profiles: ProfileSummary[]; cdnPrefix: string }) {
  return (
    <ul className="preview-strip">
      {profiles.map((profile) => (
        <li key={profile.id}>
          <MemberCard profile={profile} cdnPrefix={cdnPrefix} compact />
        </li>
      ))}
    </ul>
  );
}
