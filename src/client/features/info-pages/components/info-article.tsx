import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import type { Settings } from '../../../../shared/api/client';
import { termsVersionDate } from '../../../../shared/terms';
import type { CompanyInfo } from '../api/get-company-info';
import { fillText } from '../content/load';
import type { InfoPage, InfoPageToken } from '../content/types';

/** The values the page texts may use, from the site settings and companyinfo.php. */
export function useInfoValues(settings: Settings, company: CompanyInfo | undefined): Record<string, string> {
  const intl = useIntl();
  const countryName = (code: string) => {
    try {
      return new Intl.DisplayNames([intl.locale], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  return {
    site: settings.name,
    domain: settings.domain,
    company: company?.name ?? settings.name,
    address: company?.address ?? '',
    city: company?.city ?? '',
    country: company ? countryName(company.country) : '',
    kvk: company?.kvk ?? '',
    vat: company?.vat_numbers.join(', ') ?? '',
    tradenames: company?.tradenames.join(', ') ?? settings.name,
    support_email: settings.support_email,
    support_phone: company?.support_phone || settings.support_phone,
    refund_days: intl.formatNumber(settings.refund_days),
    terms_date: intl.formatDate(termsVersionDate(company?.added), { dateStyle: 'long', timeZone: 'UTC' }),
    message_credits: intl.formatNumber(settings.message_credits),
    photo_credits: intl.formatNumber(settings.photo_credits),
    gift_credits: intl.formatNumber(settings.gift_credits),
  };
}

const OTHER_PAGES: Array<[InfoPageToken | 'pricing' | 'complaints', string]> = [
  ['terms', '/pages/terms'],
  ['privacy', '/pages/privacy'],
  ['cookies', '/pages/cookies'],
  ['faq', '/pages/faq'],
  ['return-policy', '/pages/return-policy'],
  ['service', '/pages/service'],
  ['ban', '/pages/ban'],
  ['pricing', '/pricing'],
  ['complaints', '/complaints'],
];

/** One information page: title, intro, sections, the company block, and links to the other pages. */
export function InfoArticle({
  token,
  page,
  values,
  company,
}: {
  token: InfoPageToken;
  page: InfoPage;
  values: Record<string, string>;
  company: CompanyInfo | undefined;
}) {
  const intl = useIntl();
  return (
    <div className="info-layout">
      <article className="surface info-article" data-page={token}>
        <h1 className="h2 mb-3">{fillText(page.title, values)}</h1>
        {page.intro ? <p className="lead">{fillText(page.intro, values)}</p> : null}
        {page.sections.map((section) => (
          <section key={section.heading} className="info-section">
            <h2 className="h5">{fillText(section.heading, values)}</h2>
            {section.paragraphs.map((p, i) => (
              <p key={i}>{fillText(p, values)}</p>
            ))}
          </section>
        ))}
        {company ? (
          <address className="info-company small text-body-secondary mb-0" data-testid="company-info">
            <strong>{company.name}</strong>
            <br />
            {company.address}, {company.city}, {values.country}
            <br />
            <FormattedMessage id="info.kvk" defaultMessage="Chamber of Commerce (KvK): {kvk}" values={{ kvk: company.kvk }} />
            {company.vat_numbers.length > 0 ? (
              <>
                <br />
                <FormattedMessage id="info.vat" defaultMessage="VAT: {vat}" values={{ vat: values.vat }} />
              </>
            ) : null}
            <br />
            <a href={`mailto:${values.support_email}`}>{values.support_email}</a> · {values.support_phone}
          </address>
        ) : null}
      </article>
      <nav className="info-nav" aria-label={intl.formatMessage({ id: 'info.more', defaultMessage: 'More information' })}>
        <ul className="list-unstyled mb-0">
          {OTHER_PAGES.filter(([t]) => t !== token).map(([t, to]) => (
            <li key={t}>
              <Link to={to}>{intl.formatMessage(INFO_LINK_LABELS[t])}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

const INFO_LINK_LABELS = defineMessages({
  terms: { id: 'footer.terms', defaultMessage: 'Terms and conditions' },
  privacy: { id: 'footer.privacy', defaultMessage: 'Privacy' },
  cookies: { id: 'footer.cookies', defaultMessage: 'Cookies' },
  faq: { id: 'footer.faq', defaultMessage: 'FAQ' },
  'return-policy': { id: 'footer.returnPolicy', defaultMessage: 'Return policy' },
  service: { id: 'info.service', defaultMessage: 'Customer service' },
  ban: { id: 'footer.ban', defaultMessage: 'Ban policy' },
  '2257': { id: 'info.2257', defaultMessage: '2257 statement' },
  pricing: { id: 'footer.pricing', defaultMessage: 'Pricing' },
  complaints: { id: 'footer.complaints', defaultMessage: 'Complaints' },
});
