import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../components/link';
import { Alert } from 'reactstrap';
import { Loading } from '../../components/loading';
import { Seo } from '../../components/seo';
import { ALBUM_SHARES_PAGE } from '../../features/albums/album-paths';
import { deletePhoto } from '../../features/photos/api/delete-photo';
import { setMainPhoto } from '../../features/photos/api/set-main-photo';
import { setPhotoPrivate } from '../../features/photos/api/set-photo-private';
import {
  PHOTO_DELETE_INTENT,
  PHOTO_DELETED,
  PHOTO_EDIT_FORM,
  PHOTO_MAIN_INTENT,
  PHOTO_PRIVATE_INTENT,
  PhotoManager,
} from '../../features/photos/components/photo-manager';
import { BlockedList, UNBLOCK_FORM } from '../../features/privacy/components/blocked-list';
import { BLOCKS_KEY, listBlocks } from '../../features/privacy/api/list-blocks';
import { unblockMember } from '../../features/privacy/api/unblock-member';
import { parseProfileId } from '../../features/profile/api/get-profile';
import { setInvisible } from '../../features/privacy/api/set-invisible';
import { INVISIBLE_FIELD, INVISIBLE_FORM, InvisibleToggle, type InvisibleAnswer } from '../../features/privacy/components/invisible-toggle';
import { answerInPlace, type InPlaceAnswer } from '../../components/router-fetcher';
import { FOOTPRINT_SETTINGS_KEY, FootprintsSwitch, getFootprintSettings } from '../../features/footprints/index';
import { FORGET_LOCATION_FORM, LOCATION_FORM, LocationCard } from '../../features/privacy/components/location-card';
import { forgetLocation, saveLocation } from '../../features/privacy/api/save-location';
import { getMyProfile, MY_PROFILE_KEY, useMyProfile, type MyProfile } from '../../features/profile-edit/api/get-my-profile';
import { updateProfile } from '../../features/profile-edit/api/update-profile';
import { ProfileForm } from '../../features/profile-edit/components/profile-form';
import { PROFILE_FORM, profileFieldsOf, profileUpdateOf, profileWordsProblemsOf } from '../../features/profile-edit/profile-update';
import { getInterests, INTERESTS_KEY, type Interest } from '../../features/site-data/api/get-interests';
import { getRegions, regionsKey, useRegions } from '../../features/site-data/api/get-regions';
import { uploadPhoto, type OwnImage } from '../../features/photos/api/upload-photo';
import { getVerification, VERIFICATION_KEY, VerificationSummary } from '../../features/verification/index';
import { SexualHealthCard } from '../../features/sexual-health/index';
import { PHOTO_INTENT, PHOTO_UPLOAD_FORM, PHOTO_UPLOADED } from '../../features/photos/components/photo-upload';
import { idempotencyKeyOf, IDEMPOTENCY_FIELD } from '../../components/progressive-form';
import { mainImageChanged, ownProfileSaved } from '../../lib/store/session-slice';
import { usePageResult } from '../../lib/page-data';
import { useAppDispatch, useCurrentUser, useSettings } from '../../lib/store/store';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import {
  mergePrefetched,
  prefetchForMember,
  prefetchKey,
  type PageActionArgs,
  type PageLoaderArgs,
  type PrefetchResult,
} from '../route-handle';

/**
 * The own profile with what its form lists (the interests, the regions of the saved country), the blocked members and
 * the verification's state, so the page is complete in the first render and works without JavaScript.
 */
export async function myProfileLoader({ context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  return prefetchForMember(ctx, async () => {
    const [profile, interests, blocks, verification, footprints] = await Promise.all([
      prefetchKey(MY_PROFILE_KEY, () => getMyProfile(ctx.api)),
      prefetchKey(INTERESTS_KEY, () => getInterests(ctx.api)),
      prefetchKey(BLOCKS_KEY, () => listBlocks(ctx.api)),
      prefetchKey(VERIFICATION_KEY, () => getVerification(ctx.api)),
      prefetchKey(FOOTPRINT_SETTINGS_KEY, () => getFootprintSettings(ctx.api)),
    ]);
    const country = (profile.fallback?.[MY_PROFILE_KEY] as MyProfile | undefined)?.country;
    const regions = country ? await prefetchKey(regionsKey(country), () => getRegions(ctx.api, country)) : {};
    return mergePrefetched(profile, interests, blocks, verification, footprints, regions);
  });
}

/**
 * The profile page's forms (posted by the browser without JavaScript, run through the router with it). The profile:
 * saved with the fields the site shows, then 303 to /profile saying so, whose loader brings the saved profile; refused,
 * the page again with the backend's error and the fields as sent. A photo (`photoUploadAction`). An unblock
 * (`intent=unblock`): 303 back to /profile, whose loader brings the blocked members without him. Invisible mode
 * (`intent=invisible`, on when `invisible` is sent): the stored state in place to the switch's fetcher, else 303 back
 * to /profile, rendered with the new state. The location (`intent=location` with `lat` and `lon`, from the browser's
 * position through a fetcher) and forgetting it (`intent=forget_location`): answered in place, else 303 to /profile.
 */
export async function myProfileAction({
  request,
  context,
}: PageActionArgs): Promise<Response | FormFailure | InPlaceAnswer<InvisibleAnswer | object>> {
  const form = await request.formData();
  if (form.get(PHOTO_INTENT.name) === PHOTO_INTENT.value) return photoUploadAction(form, context);
  if (textField(form, 'intent') === LOCATION_FORM) {
    const [lat, lon] = [coordinateOf(form, 'lat'), coordinateOf(form, 'lon')];
    if (lat === null || lon === null)
      return { form: LOCATION_FORM, status: 400, body: { error: { code: 'bad_request', message: '' } }, fields: {} };
    return runFormAction(
      LOCATION_FORM,
      {},
      () => saveLocation(context.api, { lat, lon }),
      () => answerInPlace(form, {}, seeOther('/profile')),
    );
  }
  if (textField(form, 'intent') === FORGET_LOCATION_FORM)
    return runFormAction(
      FORGET_LOCATION_FORM,
      {},
      () => forgetLocation(context.api),
      () => answerInPlace(form, {}, seeOther('/profile')),
    );
  if (textField(form, 'intent') === INVISIBLE_FORM)
    return runFormAction(
      INVISIBLE_FORM,
      {},
      () => setInvisible(context.api, form.has(INVISIBLE_FIELD)),
      (invisible) => answerInPlace(form, { invisible }, seeOther('/profile')),
    );
  if (textField(form, 'intent') === UNBLOCK_FORM) {
    const id = parseProfileId(textField(form, 'id'));
    if (id === null) return seeOther('/profile');
    return runFormAction(
      UNBLOCK_FORM,
      {},
      () => unblockMember(context.api, id),
      () => seeOther('/profile'),
    );
  }
  const intent = textField(form, 'intent');
  if (intent === PHOTO_PRIVATE_INTENT) {
    const photoId = parseProfileId(textField(form, 'photo_id'));
    if (photoId === null) return seeOther('/profile');
    const makePrivate = textField(form, 'private') === '1';
    return runFormAction(
      PHOTO_EDIT_FORM,
      {},
      () => setPhotoPrivate(context.api, photoId, makePrivate),
      () => seeOther('/profile'),
    );
  }
  if (intent === PHOTO_MAIN_INTENT || intent === PHOTO_DELETE_INTENT) {
    const photoId = parseProfileId(textField(form, 'photo_id'));
    if (photoId === null) return seeOther('/profile');
    return runFormAction(
      PHOTO_EDIT_FORM,
      {},
      () => (intent === PHOTO_MAIN_INTENT ? setMainPhoto(context.api, photoId) : deletePhoto(context.api, photoId)),
      () => seeOther(intent === PHOTO_DELETE_INTENT ? `/profile?${PHOTO_DELETED.name}=${PHOTO_DELETED.value}` : '/profile'),
    );
  }
  // The own words' rules first (tribes, height, weight), every wrong field at once, before the backend is asked.
  const wrong = profileWordsProblemsOf(form);
  if (wrong.length > 0) {
    const error = { code: 'invalid_fields', message: '', params: { field: wrong[0]?.field, field_errors: wrong } };
    return { form: PROFILE_FORM, status: 422, body: { error }, fields: profileFieldsOf(form) };
  }
  const body = profileUpdateOf(form, [...context.settings.visible_profile_fields, ...context.settings.visible_profile_notes]);
  return runFormAction(
    PROFILE_FORM,
    profileFieldsOf(form),
    () => updateProfile(context.api, body),
    () => seeOther('/profile?saved=1'),
  );
}

/** A coordinate of the location form (a decimal number; the backend checks its range), else null. */
function coordinateOf(form: FormData, name: string): number | null {
  const value = textField(form, name).trim();
  const number = value === '' ? Number.NaN : Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * A photo posted with the upload form (multipart, without JavaScript or before the page hydrated): uploaded to the
 * backend with the form's Idempotency-Key (a repeated post stores it once), then 303 to /profile saying so; refused
 * (no photo, not an image, too large, the limit reached), the page again with the backend's message.
 */
function photoUploadAction(form: FormData, context: PageActionArgs['context']): Promise<Response | FormFailure> {
  const photo = form.get('photo');
  const key = idempotencyKeyOf(form);
  return runFormAction(
    PHOTO_UPLOAD_FORM,
    { [IDEMPOTENCY_FIELD]: key },
    () => uploadPhoto(context.api, photo instanceof Blob ? photo : new Blob([]), photo instanceof File ? photo.name : 'photo', key),
    () => seeOther(`/profile?${PHOTO_UPLOADED.name}=${PHOTO_UPLOADED.value}`),
  );
}

/** The main photo among the own photos, as the user's `profile.main_image` carries it. */
function mainImageOf(photos: OwnImage[]) {
  const main = photos.find((p) => p.is_main);
  if (!main) return null;
  const { is_main: _isMain, ...image } = main;
  return image;
}

/** /profile: the member's own profile, photos, verification, privacy (invisible mode, location, blocked members). */
export function MyProfilePage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const { data, error, mutate } = useMyProfile(user !== null);
  const [country, setCountry] = useState<string | null | undefined>(undefined);
  const regions = useRegions(country === undefined ? data?.country : country);
  // The site's interest tags: reference data of the page's loader, not live.
  const interests = usePageResult<Interest[]>(INTERESTS_KEY);
  const dispatch = useAppDispatch();
  // The navigation's avatar follows the main photo of the page's data (after an upload, a choice or a deletion).
  const main = data ? mainImageOf(data.photos) : undefined;
  const shown = user?.profile.main_image ?? null;
  const mainChanged =
    main !== undefined && (main?.id !== shown?.id || main?.filename !== shown?.filename || main?.status !== shown?.status);
  useEffect(() => {
    if (mainChanged) dispatch(mainImageChanged(main ?? null));
  }, [dispatch, main, mainChanged]);
  const title = intl.formatMessage({ id: 'profileEdit.title', defaultMessage: 'My profile' });

  let body;
  if (!user) {
    body = (
      <div className="surface text-center page-narrow">
        <p>
          <FormattedMessage id="profileEdit.login" defaultMessage="Log in to edit your profile." />
        </p>
        <Link to="/login" className="btn btn-primary">
          <FormattedMessage id="nav.login" defaultMessage="Log in" />
        </Link>
      </div>
    );
  } else if (error) {
    body = (
      <Alert color="danger" fade={false}>
        <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
      </Alert>
    );
  } else if (!data) {
    body = <Loading />;
  } else {
    body = (
      <div className="my-profile-layout">
        <div className="d-grid gap-3">
          <PhotoManager
            photos={data.photos}
            limit={data.photo_limit}
            cdnPrefix={settings.cdn_prefix}
            name={data.name}
            postTo="/profile"
            sharesPage={ALBUM_SHARES_PAGE}
          />
          <ProfileForm
            key={data.id}
            profile={data}
            countries={settings.countries}
            regions={regions.data ?? []}
            interests={(interests.data ?? []).map((i) => i.key)}
            visibleFields={[...settings.visible_profile_fields, ...settings.visible_profile_notes]}
            onCountryChange={setCountry}
            onSaved={(profile) => dispatch(ownProfileSaved({ name: profile.name, country: profile.country }))}
          />
        </div>
        <div className="d-grid gap-3 align-content-start">
          <p className="mb-0">
            <Link to={`/members/${data.id}`}>
              <FormattedMessage id="profileEdit.viewPublic" defaultMessage="See your profile as others see it" />
            </Link>
          </p>
          <VerificationSummary />
          <SexualHealthCard />
          <InvisibleToggle />
          <FootprintsSwitch />
          <LocationCard hasLocation={data.has_location} onChange={() => void mutate()} />
          <BlockedList />
        </div>
      </div>
    );
  }

  return (
    <>
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <h1 className="h3 fw-bold mb-3">{title}</h1>
      {body}
    </>
  );
}
