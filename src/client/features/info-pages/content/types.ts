/**
 * Long texts of the information pages, kept out of the react-intl catalogues: one structured module per locale
 * (content/<locale>.ts) with every page and section. Placeholders in braces are filled at render time from the site
 * settings and companyinfo.php: {site} {domain} {company} {address} {city} {country} {kvk} {vat} {tradenames}
 * {support_email} {support_phone} {refund_days} {terms_date} {message_credits} {photo_credits} {gift_credits}.
 */
export const INFO_PAGE_TOKENS = ['terms', 'privacy', 'cookies', 'faq', 'return-policy', 'service', 'ban', '2257'] as const;
export type InfoPageToken = (typeof INFO_PAGE_TOKENS)[number];

interface InfoSection {
  heading: string;
  paragraphs: string[];
}

export interface InfoPage {
  title: string;
  /** Shown under the title; may be empty. */
  intro: string;
  sections: InfoSection[];
}

export type InfoContent = Record<InfoPageToken, InfoPage>;

export function isInfoPageToken(value: unknown): value is InfoPageToken {
  return typeof value === 'string' && (INFO_PAGE_TOKENS as readonly string[]).includes(value);
}
