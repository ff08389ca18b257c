import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { Link } from '../../components/link';
import { ChatIcon } from '../../components/icons';
import { Loading } from '../../components/loading';
import { useFormFailure } from '../../components/progressive-form';
import { Seo } from '../../components/seo';
import { getProfile, parseProfileId, profileKey, useProfile } from '../../features/profile/api/get-profile';
import { likeProfile, unlikeProfile, type LikeResult } from '../../features/likes/api/likes';
import { LIKE_FORM, LikeButton } from '../../features/likes/components/like-button';
import { albumKey, getAlbum } from '../../features/albums/api/albums';
import { AlbumShareButton } from '../../features/albums/components/album-share-button';
import { PrivateAlbum } from '../../features/albums/components/private-album';
import { blockMember } from '../../features/privacy/api/block-member';
import { BLOCK_FORM, BlockButton } from '../../features/privacy/components/block-button';
import { ProfileView } from '../../features/profile/components/profile-view';
import { socialImage } from '../../features/profile/social-image';
import { ReportDialog } from '../../features/safety/components/report-dialog';
import { ReportMenu } from '../../features/safety/components/report-menu';
import { reportPagePath } from '../../features/safety/report-path';
import { isApiRequestError } from '../../lib/api-error';
import { type RootState, useAppSelector, useCurrentUser, useSettings } from '../../lib/store/store';
import { answerInPlace, type InPlaceAnswer } from '../../components/router-fetcher';
import { albumShareAction, isAlbumShareForm } from '../album-share-action';
import { returnPathOf, runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import { mergePrefetched, prefetchKey, type PageActionArgs, type PageLoaderArgs, type PrefetchResult } from '../route-handle';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';

export async function profileLoader({ params, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  const id = parseProfileId(params.id);
  if (!id) return { status: 404 };
  // The profile goes out with the user call (one wave); it carries the viewer's like state for the heart.
  const result = await prefetchKey(profileKey(id), () => getProfile(ctx.api, id));
  const failure = result.errors?.[profileKey(id)];
  if (failure && (failure.status === 404 || failure.status === 400)) return { status: 404 };
  // A private album shared with the viewer: its photos, once the profile said so (rare, so a second wave).
  const album = (result.fallback?.[profileKey(id)] as { private_album?: { count: number; shared_with_me: boolean } } | undefined)
    ?.private_album;
  if (album?.shared_with_me && album.count > 0)
    return mergePrefetched(result, await prefetchKey(albumKey(id), () => getAlbum(ctx.api, id)));
  return result;
}

/** What the heart's fetcher gets from a like or unlike that worked. */
type LikeAnswer = InPlaceAnswer<LikeResult | null>;

/**
 * The profile's forms, by `intent`: block (303 to the search), sharing the viewer's private album with this member
 * or taking it back (303 to the profile), and the like heart: like or unlike of the member of the
 * page. Posted by the browser (without JavaScript, or before the page hydrated), the heart's answer is a 303 back to
 * the page it was sent from (a search, the likes, his profile), and a refusal renders that profile again with the
 * backend's message beside the heart; sent by the heart's fetcher, the answer is the like's result in place (the
 * backend's `{ match, profile }`, null for an unlike) or the refusal, and the page it was sent from stays.
 */
export async function profileAction({ params, request, context }: PageActionArgs): Promise<Response | FormFailure | LikeAnswer> {
  const id = parseProfileId(params.id);
  const form = await request.formData();
  const back = returnPathOf(form, `/members/${id ?? ''}`);
  const intent = textField(form, 'intent');
  if (id && intent === BLOCK_FORM)
    return runFormAction(
      BLOCK_FORM,
      {},
      () => blockMember(context.api, id),
      () => seeOther('/members?blocked=1'),
    );
  if (id && isAlbumShareForm(form)) return albumShareAction(form, context.api, `/members/${id}`);
  if (!id || (intent !== 'like' && intent !== 'unlike')) return seeOther(back);
  const fields = { profile_id: String(id), intent };
  return runFormAction(
    LIKE_FORM,
    fields,
    async () => {
      if (intent === 'like') return likeProfile(context.api, id);
      await unlikeProfile(context.api, id);
      return null;
    },
    (result) => answerInPlace(form, result, seeOther(back)),
  );
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
  const [reportedPhoto, setReportedPhoto] = useState<number | null>(null);
  // The page answering his heart posted without JavaScript and refused (the action's FormFailure) shows why beside it.
  const likeRefused = useFormFailure(LIKE_FORM);

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
              <LikeButton profile={data} refused={likeRefused?.fields.profile_id === String(data.id) ? likeRefused.error : undefined} />
              <Link to={`/members/${data.id}/chat`} className="btn btn-dark profile-message" data-testid="profile-chat">
                <ChatIcon />
                <FormattedMessage id="profile.message" defaultMessage="Message" />
              </Link>
              <ReportMenu
                name={data.name}
                items={[
                  {
                    label: intl.formatMessage({ id: 'safety.report.profileItem', defaultMessage: 'Report {name}' }, { name: data.name }),
                    target: { kind: 'profile', id: data.id },
                    href: reportPagePath(data.id, { kind: 'profile', id: data.id }),
                  },
                ]}
              />
            </>
          ) : null
        }
        extraActions={
          user && user.id !== data.id ? (
            <>
              {data.private_album ? (
                <AlbumShareButton
                  memberId={data.id}
                  name={data.name}
                  shared={data.private_album.shared_by_me}
                  action={`/members/${data.id}`}
                />
              ) : null}
              <BlockButton memberId={data.id} name={data.name} />
            </>
          ) : null
        }
        reportPhoto={
          user && user.id !== data.id
            ? { path: (photo) => reportPagePath(data.id, { kind: 'photo', id: photo }), open: setReportedPhoto }
            : undefined
        }
      />
      {data.private_album ? (
        <PrivateAlbum ownerId={data.id} name={data.name} info={data.private_album} cdnPrefix={settings.cdn_prefix} />
      ) : null}
      {reportedPhoto !== null ? (
        <ReportDialog
          target={{ kind: 'photo', id: reportedPhoto }}
          page={reportPagePath(data.id, { kind: 'photo', id: reportedPhoto })}
          name={data.name}
          onClose={() => setReportedPhoto(null)}
        />
      ) : null}
    </>
  );
}
