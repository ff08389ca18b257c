import { useParams, useSearchParams } from 'react-router';
import { Loading } from '../../components/loading';
import { Seo } from '../../components/seo';
import { companyInfoKey, getCompanyInfo, type CompanyInfo } from '../../features/info-pages/api/get-company-info';
import { InfoArticle, useInfoValues } from '../../features/info-pages/components/info-article';
import { contentLocale, fillText, infoPageKey, loadInfoPage } from '../../features/info-pages/content/load';
import { isInfoPageToken, type InfoPage } from '../../features/info-pages/content/types';
import { usePageResult } from '../../lib/page-data';
import { visitorCountry } from '../../features/shell/entry-warning-rule';
import { useLocale, useSettings } from '../../lib/store/store';
import { mergePrefetched, prefetchKey, searchOf, type PageLoaderArgs, type PrefetchResult } from '../route-handle';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';

const isUsVisitor = (country: string | null, query: URLSearchParams) => country === 'US' || query.get('variant') === 'us';

/**
 * The `{token}` info pages: /pages/<token> where the token names one of the pages of
 * features/info-pages/content (terms, privacy, cookies, faq, return-policy, service, ban, 2257). An unknown token is
 * a 404. Texts come per locale from the content modules; company details from companyinfo.php.
 */
export async function infoPageLoader({ params, request, context }: PageLoaderArgs): Promise<PrefetchResult> {
  const { api, locale, settings } = context;
  const token = params.token;
  if (!isInfoPageToken(token)) return { status: 404 };
  const cl = contentLocale(locale, token, isUsVisitor(visitorCountry(settings), searchOf(request)));
  const [page, company] = await Promise.all([
    prefetchKey(infoPageKey(cl, token), () => loadInfoPage(cl, token)),
    prefetchKey(companyInfoKey(), () => getCompanyInfo(api)),
  ]);
  return mergePrefetched(page, company);
}

export function InfoPageRoute() {
  const token = useParams().token;
  const [query] = useSearchParams();
  const locale = useLocale();
  const settings = useSettings();
  const valid = isInfoPageToken(token);
  const cl = valid ? contentLocale(locale, token, isUsVisitor(visitorCountry(settings), query)) : null;
  // The page's loader brings both (again on every navigation to another page or language): nothing here is live.
  const page = usePageResult<InfoPage>(cl && valid ? infoPageKey(cl, token) : null);
  const company = usePageResult<CompanyInfo>(companyInfoKey());
  const values = useInfoValues(settings, company.data);

  if (!valid) return <NotFoundPage />;
  if (page.error) return <ErrorPage />;
  if (!page.data) return <Loading />;
  const title = fillText(page.data.title, values);
  return (
    <>
      <Seo title={`${title} | ${settings.name}`} description={page.data.intro ? fillText(page.data.intro, values) : settings.description} />
      <InfoArticle token={token} page={page.data} values={values} company={company.data} />
    </>
  );
}
