import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { useDismissal } from '../../../hooks/use-dismissal';
import { pathWithQuery } from '../../../lib/path-with-query';
import { useAppSelector } from '../../../lib/store/store';
import { localeSwitchHref } from '../language-links';
import { useLanguageOfferShown } from '../language-offer-shown';

/**
 * The language offer of a first visit: one compact bar in the page's banner area, written in the language it offers
 * ("Deutsch? Diese Seite auf Deutsch anzeigen"), with one link that switches to it and one that keeps the page's
 * language. Both are links to the BFF's `/locale/<code>` switch with this page as the return path, so they work
 * without JavaScript and the choice is remembered in the `locale` cookie; with JavaScript "no" closes the bar in place
 * and remembers that in the `dismissed_language_offer` cookie. The server decides whether there is an offer (no
 * language chosen yet, no bot, a language of the dropdown the browser prefers: src/server/language-offer.ts).
 */
export function LanguageOffer() {
  const offer = useAppSelector((s) => s.site.languageOffer ?? null);
  const current = useAppSelector((s) => s.site.locale);
  const location = useLocation();
  const [, dismiss] = useDismissal(offer ? 'language_offer' : null);
  // Not after a "no", and not while completing the signup, one focused step.
  const shown = useLanguageOfferShown();
  if (!shown || !offer) return null;

  // This page's own path; the switch takes it back only as a same-origin path it parses (src/bff/locale.ts).
  const returnTo = pathWithQuery(location);
  const keep = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    dismiss();
    // The bar goes away with the focus in it: the keyboard goes on from the page's content.
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <div className="container">
      <section className="prompt-bar language-offer" lang={offer.locale} aria-label={offer.label}>
        <span className="prompt-text">{offer.question}</span>
        <span className="language-offer-actions">
          <a className="btn btn-primary btn-sm" href={localeSwitchHref(offer.locale, returnTo)} hrefLang={offer.locale}>
            {offer.accept}
          </a>
          <a className="btn btn-sm language-offer-dismiss" href={localeSwitchHref(current, returnTo)} onClick={keep}>
            {offer.dismiss}
          </a>
        </span>
      </section>
    </div>
  );
}
