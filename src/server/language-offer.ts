import type { Settings, User } from '../shared/api/client';
import { languageOffer, type Locale } from '../shared/locales';
import { LANGUAGE_OFFER_TEXTS } from '../client/features/site/language-offer-texts';
import type { OfferedLanguage } from '../client/lib/store/site-slice';
import { sharedIntl } from './intl';
import { pageMessages, type CatalogueFile } from './messages';

/**
 * The page's language offer: the first of the browser's languages (`accepted`, empty once the visitor has chosen a
 * language, and for bots: src/bff/locale.ts) that the language dropdown offers him and the browser prefers to the
 * page's language, with its texts in that language's own catalogue; null when there is none.
 */
export function languageOfferFor(input: {
  accepted: readonly string[] | undefined;
  locale: Locale;
  settings: Pick<Settings, 'geoip_country' | 'geoip_selected_country'>;
  user: Pick<User, 'profile'> | null;
  catalogues: Partial<Record<string, CatalogueFile>> | undefined;
}): OfferedLanguage | null {
  if (!input.accepted?.length) return null;
  const offered = languageOffer({
    accepted: input.accepted,
    current: input.locale,
    visitorCountry: input.settings.geoip_selected_country ?? input.settings.geoip_country,
    userCountry: input.user?.profile.country ?? null,
  });
  if (!offered) return null;
  const intl = sharedIntl(offered, pageMessages(offered, input.catalogues).messages);
  return {
    locale: offered,
    label: intl.formatMessage(LANGUAGE_OFFER_TEXTS.label),
    question: intl.formatMessage(LANGUAGE_OFFER_TEXTS.question),
    accept: intl.formatMessage(LANGUAGE_OFFER_TEXTS.accept),
    dismiss: intl.formatMessage(LANGUAGE_OFFER_TEXTS.dismiss),
  };
}
