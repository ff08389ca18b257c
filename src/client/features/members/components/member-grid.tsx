import type { ReactNode, Ref } from 'react';
import { MemberCard, type ProfileSummary } from './member-card';

type CardAction = (profile: ProfileSummary) => ReactNode;

/**
 * The member cards of a search; `action` adds a control beside each card (e.g. the like heart), never inside its link.
 * The first two photos are the page's largest paint on a phone and are fetched first, unless the grid is lower down
 * the page (`belowFold`). `children` are more items of the same list (the pages the endless grid appends).
 */
export function MemberGrid({
  profiles,
  cdnPrefix,
  action,
  belowFold = false,
  children,
  listRef,
}: {
  profiles: ProfileSummary[];
  cdnPrefix: string;
  action?: CardAction | undefined;
  belowFold?: boolean;
  children?: ReactNode;
  listRef?: Ref<HTMLUListElement>;
}) {
  return (
    <ul className="member-grid" ref={listRef}>
      <MemberGridItems profiles={profiles} cdnPrefix={cdnPrefix} action={action} belowFold={belowFold} />
      {children}
    </ul>
  );
}

/** The `<li>` of each card, for a MemberGrid's list. */
export function MemberGridItems({
  profiles,
  cdnPrefix,
  action,
  belowFold = false,
}: {
  profiles: ProfileSummary[];
  cdnPrefix: string;
  action?: CardAction | undefined;
  belowFold?: boolean;
}) {
  return profiles.map((profile, index) => (
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
  ));
}
