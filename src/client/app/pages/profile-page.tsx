import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { Link } from '../../components/link';
import { ChatIcon } from '../../components/icons';
import { Loading } from '../../components/loading';
import { Seo } from '../../components/seo';
import { getProfile, parseProfileId, profileKey, useProfile } from '../../features/profile/api/get-profile';
import { LikeButton } from '../../features/likes/components/like-button';
import { BlockButton } from '../../features/privacy/components/block-button';
import { ProfileView } from '../../features/profile/components/profile-view';
import { socialImage } from '../../features/profile/social-image';
import { isApiRequestError } from '../../lib/api-error';
import { type RootState, useAppSelector, useCurrentUser, useSettings } from '../../lib/store/store';
import { prefetchKey, type PrefetchContext, type PrefetchResult } from '../route-handle';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';

export async function prefetchProfile(ctx: PrefetchContext): Promise<PrefetchResult> {
  const id = parseProfileId(ctx.params.id);
  if (!id) return { status: 404 };
  // The profile goes out with the user call (one wave); it carries the viewer's like state for the heart.
  const result = await prefetchKey(profileKey(id), () => getProfile(ctx.api, id));
  const failure = result.errors?.[profileKey(id)];
  return failure && (failure.status === 404 || failure.status === 400) ? { status: 404 } : result;
}

const selectPublicUrl = (state: RootState) => state.site.publicUrl;

/** /members/:id and /likes/m/:id (the same screen). */
export function ProfilePage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const id = parseProfileId(useParams().id);
  const { data, error } = useProfile(id);
  const publicUrl = useAppSelector(selectPublicUrl);

  if (!id || (isApiRequestError(error) && (error.status === 404 || error.status === 400))) return <NotFoundPage />;
  if (error) return <ErrorPage status={isApiRequestError(error) ? error.status : 500} />;
  if (!data) return <Loading />;

  const description = data.about ? data.about.slice(0, 160) : settings.description;
  const title = data.age
    ? intl.formatMessage(
        { id: 'profile.pageTitle', defaultMessage: '{name}, {age} | {site}' },
        { name: data.name, age: data.age, site: settings.name },
      )
    : `${data.name} | ${settings.name}`;
  return (
    <>
      <Seo title={title} description={description} image={socialImage(data, user, settings.cdn_prefix, publicUrl)} />
      <ProfileView
        profile={data}
        cdnPrefix={settings.cdn_prefix}
        loggedIn={user !== null}
        actions={
          user && user.id !== data.id ? (
            <>
              <LikeButton profile={data} />
              <Link to={`/members/${data.id}/chat`} className="btn btn-dark profile-message" data-testid="profile-chat">
                <ChatIcon />
                <FormattedMessage id="profile.message" defaultMessage="Message" />
              </Link>
            </>
          ) : null
        }
        extraActions={user && user.id !== data.id ? <BlockButton memberId={data.id} name={data.name} /> : null}
      />
    </>
  );
}
