import type { ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router';
import type { Schemas } from '../../../shared/api/client';
import { photoUrl } from '../../components/member-photo';
import { Seo } from '../../components/seo';
import { AloneTonightLander } from '../../features/landers/components/alonetonight-lander';
import { CollageLander } from '../../features/landers/components/collage-lander';
import { GalleryLander } from '../../features/landers/components/gallery-lander';
import { IconsLander } from '../../features/landers/components/icons-lander';
import type { LanderMember, LanderProps } from '../../features/landers/components/lander-parts';
import { MapLander } from '../../features/landers/components/map-lander';
import { SocialLander } from '../../features/landers/components/social-lander';
import { TinderswipeLander } from '../../features/landers/components/tinderswipe-lander';
import { TransitionsLander } from '../../features/landers/components/transitions-lander';
import { VideoLander } from '../../features/landers/components/video-lander';
import { isLanderVariant, landerSlug, slugTopic, type LanderVariant } from '../../features/landers/lander-links';
import { canSearchMembers } from '../../features/members/can-search';
import { listMembers, membersKey, type MemberPage } from '../../features/members/api/list-members';
import { usePageResult } from '../../lib/page-data';
import { isApiRequestError } from '../../lib/api-error';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { searchOf, prefetchForMember, type PageLoaderArgs, type PrefetchResult } from '../route-handle';
import { NotFoundPage } from './not-found-page';

const LANDER_MEMBERS = { limit: 12 } as const;

const VARIANTS: Record<LanderVariant, ComponentType<LanderProps>> = {
  tinderswipe: TinderswipeLander,
  alonetonight: AloneTonightLander,
  collagelanding: CollageLander,
  gallery: GalleryLander,
  iconslanding: IconsLander,
  maplanding: MapLander,
  socialnetwork: SocialLander,
  transitionsvideolanding: TransitionsLander,
  video: VideoLander,
};

/** /landers/tinderswipe (no slug) and /landers/{variant}/{slug?}. */
export function landerVariant(params: Readonly<Record<string, string | undefined>>): LanderVariant | null {
  if (params.variant === 'tinderswipe') return params.slug === undefined ? 'tinderswipe' : null;
  return isLanderVariant(params.variant) ? params.variant : null;
}

export function toLanderMember(p: Schemas['ProfileSummary'], cdnPrefix: string): LanderMember {
  return {
    id: p.id,
    name: p.name,
    age: p.age,
    country: p.country,
    region: p.region ?? null,
    online: p.online,
    photo: p.main_image ? photoUrl(cdnPrefix, p.main_image) : null,
  };
}

export async function landerLoader({ params, request, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  if (!landerVariant(params)) return { status: 404 };
  const load = async (): Promise<PrefetchResult> => {
    try {
      return { fallback: { [membersKey(LANDER_MEMBERS)]: await listMembers(ctx.api, LANDER_MEMBERS) } };
    } catch (error) {
      // A lander works without member photos.
      if (isApiRequestError(error)) return {};
      throw error;
    }
  };
  return canSearchMembers(ctx.settings, null, searchOf(request).get('network')) ? load() : prefetchForMember(ctx, load);
}

export function LanderPage() {
  const intl = useIntl();
  const params = useParams();
  const [search] = useSearchParams();
  const settings = useSettings();
  const user = useCurrentUser();
  const variant = landerVariant(params);
  const allowed = variant !== null && canSearchMembers(settings, user, search.get('network'));
  // The loader's members: a lander is a visitor's page, with no live data and no data library in its JavaScript.
  const members = usePageResult<MemberPage>(allowed ? membersKey(LANDER_MEMBERS) : null);
  if (!variant) return <NotFoundPage />;
  const slug = landerSlug(settings.niche, params.slug);
  const Variant = VARIANTS[variant];
  const list = (members.data?.profiles ?? []).map((p) => toLanderMember(p, settings.cdn_prefix));
  const title = intl.formatMessage({ id: 'lander.pageTitle', defaultMessage: '{site} – meet gay men near you' }, { site: settings.name });
  return (
    <div data-slug={slug} className="lander-page">
      <Seo title={title} description={settings.description} />
      <Variant siteName={settings.name} members={list} topic={slugTopic(settings.niche, slug)} slug={slug} />
    </div>
  );
}
