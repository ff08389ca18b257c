import { useLocation } from 'react-router';
import { useDismissal } from '../../hooks/use-dismissal';
import { useAppSelector } from '../../lib/store/store';

/**
 * Whether the language offer of a first visit shows on this page: the server made an offer (src/server/language-offer.ts),
 * the visitor has not said no to it, and the page is not `/complete-signup` (one focused step). The offer itself
 * (components/language-offer.tsx) and the members' banner slot (app/layouts/member-parts.tsx, which shows nothing
 * while it does: one banner at a time) both ask this.
 */
export function useLanguageOfferShown(): boolean {
  const offer = useAppSelector((s) => s.site.languageOffer ?? null);
  const { pathname } = useLocation();
  const [dismissedAt] = useDismissal(offer ? 'language_offer' : null);
  return offer !== null && dismissedAt === null && pathname !== '/complete-signup';
}
