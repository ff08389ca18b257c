import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { Loading } from '../../components/loading';
import { Seo } from '../../components/seo';
import { MemberLander, type MemberLanderKind } from '../../features/landers/components/member-lander';
import { landerSlug, slugTopic } from '../../features/landers/lander-links';
import { parseProfileId, useProfile } from '../../features/profile/api/get-profile';
import { isApiRequestError } from '../../lib/api-error';
import { useSettings } from '../../lib/store/store';
import { ErrorPage } from './error-page';
import { toLanderMember } from './lander-page';
import { NotFoundPage } from './not-found-page';

export { profileLoader as memberLanderLoader } from './profile-page';

/** members-id-landing, members-id-landing2-slug, members-id-landing3-slug. */
export function MemberLanderPage({ kind }: { kind: MemberLanderKind }) {
  const intl = useIntl();
  const params = useParams();
  const settings = useSettings();
  const id = parseProfileId(params.id);
  const { data, error } = useProfile(id);
  if (!id || (isApiRequestError(error) && (error.status === 404 || error.status === 400))) return <NotFoundPage />;
  if (error) return <ErrorPage status={isApiRequestError(error) ? error.status : 500} />;
  if (!data) return <Loading />;
  const slug = landerSlug(settings.niche, params.slug);
  const title = intl.formatMessage(
    { id: 'lander.member.pageTitle', defaultMessage: '{name} on {site}' },
    { name: data.name, site: settings.name },
  );
  return (
    <div data-slug={slug} className="lander-page">
      <Seo title={title} description={settings.description} />
      <MemberLander
        member={toLanderMember(data, settings.cdn_prefix)}
        kind={kind}
        siteName={settings.name}
        topic={slugTopic(settings.niche, slug)}
      />
    </div>
  );
}
