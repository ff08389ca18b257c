import { useLanguageOfferShown } from '../../features/site/language-offer-shown';
import { lazyComponent } from '../lazy-component';

/** The module of the language offer's chunk, as the BFF's manifest map names it (the server adds its modulepreload link). */
export const LANGUAGE_OFFER_MODULE = 'src/client/features/site/components/language-offer';

/**
 * The language offer, a chunk of its own: only the pages that offer a language load its code, so every other first
 * visit (the landing page's included) downloads nothing of it. The server loads it before rendering any page
 * (`preload()`), and a page that offers a language fetches it with the entry (its bootstrap names it); should it not
 * be there yet when the browser hydrates, hydration waits for it (a transition keeps the server's HTML meanwhile), so
 * nothing flashes or mismatches. The offer only ever comes with the page from the server.
 */
export const LanguageOffer = lazyComponent(
  () => import('../../features/site/components/language-offer'),
  (m) => m.LanguageOffer,
);

/**
 * The banner area's place for the language offer of a first visit, the first of its banners: while it shows, the
 * member's prompt slot under it shows nothing (member-parts.tsx, one banner at a time).
 */
export function LanguageOfferSlot() {
  return useLanguageOfferShown() ? <LanguageOffer /> : null;
}
