import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert } from 'reactstrap';
import { Link } from '../components/link';
import { Loading } from '../components/loading';
import { Seo } from '../components/seo';

interface MemberDataProps<T> {
  /** Whether a member is logged in: a visitor sees `loggedOut` (a login button unless given). */
  member: boolean;
  /** The page's answer as its hook holds it (undefined while it loads). */
  data: T | undefined;
  error: unknown;
  loggedOut?: ReactNode;
  /** The page's content for its answer. */
  children: (data: T) => ReactNode;
}

/**
 * The states of a page only a member sees, in one place: a visitor is asked to log in, a failed answer shows the
 * site's error in his language, a pending one a spinner, and the answer the page's own content.
 */
export function MemberData<T>({ member, data, error, loggedOut, children }: MemberDataProps<T>) {
  if (!member)
    return (
      loggedOut ?? (
        <p>
          <Link to="/login" className="btn btn-primary">
            <FormattedMessage id="nav.login" defaultMessage="Log in" />
          </Link>
        </p>
      )
    );
  if (error)
    return (
      <Alert color="danger" fade={false}>
        <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
      </Alert>
    );
  if (data === undefined) return <Loading />;
  return <>{children(data)}</>;
}

interface MemberPageProps<T> extends MemberDataProps<T> {
  /** The page's heading. */
  title: string;
  /** The document's title (the heading unless given) and description. */
  documentTitle?: string;
  description?: string;
  /** A class of the page's own besides the narrow column. */
  className?: string;
  /** A line under the heading. */
  intro?: ReactNode;
}

/**
 * The frame of a member's settings page reached from his profile (his verification, sexual health, album shares): the
 * heading, the states of `MemberData`, and the way back to his profile.
 */
export function MemberPage<T>({ title, documentTitle, description, className, intro, ...state }: MemberPageProps<T>) {
  return (
    <section className={`${className ? `${className} ` : ''}page-narrow my-4`}>
      <Seo title={documentTitle ?? title} {...(description ? { description } : {})} />
      <h1 className={intro ? 'h3 fw-bold mb-1' : 'h3'}>{title}</h1>
      {intro ? <p className="text-body-secondary">{intro}</p> : null}
      <MemberData {...state} />
      <p className="mt-4">
        <Link to="/profile">
          <FormattedMessage id="verification.backToProfile" defaultMessage="Back to my profile" />
        </Link>
      </p>
    </section>
  );
}
