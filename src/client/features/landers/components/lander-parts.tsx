import type { CSSProperties, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { withTracking } from '../lander-links';

/** A member as the landers show him (from members.php or profile.php). */
export interface LanderMember {
  id: number;
  name: string;
  age: number | null;
  country: string | null;
  region?: string | null | undefined;
  online: boolean;
  /** Photo URL (cdn_prefix + match path), or null. */
  photo: string | null;
}

/** Everything a lander variant gets. */
export interface LanderProps {
  siteName: string;
  members: LanderMember[];
  /** Place or theme from the slug ('Amsterdam'), or null. */
  topic: string | null;
  /** The niche-prefixed slug, for data attributes and the signup link. */
  slug: string;
}

/** The call to action of every lander: the signup page with the visitor's tracking parameters. */
export function SignupCta({
  children,
  className = 'btn btn-primary btn-lg px-4',
  testId = 'lander-cta',
}: {
  children?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const [search] = useSearchParams();
  return (
    <Link to={withTracking('/signup', search)} className={className} data-testid={testId}>
      {children ?? <FormattedMessage id="lander.cta" defaultMessage="Sign up for free" />}
    </Link>
  );
}

export function FreeNote() {
  return (
    <p className="lander-note">
      <FormattedMessage id="lander.freeNote" defaultMessage="Free signup · no subscription · 18+ only" />
    </p>
  );
}

/** A member photo (or an initial tile), decorative when the name is shown next to it. */
export function LanderPhoto({
  member,
  className = '',
  decorative = false,
  style,
}: {
  member: LanderMember;
  className?: string;
  decorative?: boolean;
  style?: CSSProperties;
}) {
  return member.photo ? (
    <img
      className={`lander-photo ${className}`}
      style={style}
      src={member.photo}
      alt={decorative ? '' : member.name}
      loading="lazy"
      decoding="async"
    />
  ) : (
    <span
      className={`lander-photo lander-photo-empty ${className}`}
      style={style}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : member.name}
      aria-hidden={decorative || undefined}
    >
      {member.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

export function memberLine(m: LanderMember): string {
  return m.age ? `${m.name}, ${m.age}` : m.name;
}
