import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { Link } from '../../components/link';
import { ChatIcon } from '../../components/icons';
import { Loading } from '../../components/loading';
import { Seo } from '../../components/seo';
import { getProfile, parseProfileId, profileKey, useProfile } from '../../features/profile/api/get-profile';
import { likeProfile, unlikeProfile } from '../../features/likes/api/likes';
import { LIKE_FORM, LikeButton } from '../../features/likes/components/like-button';
import { blockMember } from '../../features/privacy/api/block-member';
import { BLOCK_FORM, BlockButton } from '../../features/privacy/components/block-button';
import { ProfileView } from '../../features/profile/components/profile-view';
import { socialImage } from '../../features/profile/social-image';
import { ReportDialog } from '../../features/safety/components/report-dialog';
import { ReportMenu } from '../../features/safety/components/report-menu';
import { reportPagePath } from '../../features/safety/report-path';
import { isApiRequestError } from '../../lib/api-error';
import { type RootState, useAppSelector, useCurrentUser, useSettings } from '../../lib/store/store';
import { returnPathOf, runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import { prefetchKey, type PageActionArgs, type PageLoaderArgs, type PrefetchResult } from '../route-handle';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';

export async function profileLoader({ params, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  const id = parseProfileId(params.id);
  if (!id) return { status: 404 };
  // The profile goes out with the user call (one wave); it carries the viewer's like state for the heart.
  const result = await prefetchKey(profileKey(id), () => getProfile(ctx.api, id));
  const failure = result.errors?.[profileKey(id)];
  return failure && (failure.status === 404 || failure.status === 400) ? { status: 404 } : result;
}

/**
 * The profile's forms posted without JavaScript (or before the page hydrated), by `intent`: block (303 to the search),
 * and the like heart: like or unlike of the member of the page, then 303 back to the page it was sent from (a search, the likes, his profile); a refusal renders
 * that profile again with the backend's message beside the heart.
 */
export async function profileAction({ params, request, context }: PageActionArgs): Promise<Response | FormFailure> {
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
  if (!id || (intent !== 'like' && intent !== 'unlike')) return seeOther(back);
  const fields = { profile_id: String(id), intent };
  return runFormAction(
    LIKE_FORM,
    fields,
    async () => {
      if (intent === 'like') await likeProfile(context.api, id);
      else await unlikeProfile(context.api, id);
    },
    () => seeOther(back),
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
        extraActions={user && user.id !== data.id ? <BlockButton memberId={data.id} name={data.name} /> : null}
        reportPhoto={
          user && user.id !== data.id
            ? { path: (photo) => reportPagePath(data.id, { kind: 'photo', id: photo }), open: setReportedPhoto }
            : undefined
        }
      />
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
