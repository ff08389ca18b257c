import { useLocation } from 'react-router';
import { LOCALES } from '../../../../shared/locales';
import { pathWithQuery } from '../../../lib/path-with-query';

/**
 * Head tags every layout adds: the web app manifest (per site, served by the BFF), the touch icon, and hreflang
 * alternates for the eleven locales. The language is a cookie, not a URL, so each alternate is the language switch
 * (`/locale/<code>?return=<this page>`), which sets the cookie and comes back here; x-default is the page itself.
 * React 19 hoists the <link> elements into <head>.
 */
export function ShellHead() {
  // As the browser reports it (a bare "?" dropped), so hydration adopts the server's tags instead of adding more.
  const here = pathWithQuery(useLocation());
  return (
    <>
      <link rel="manifest" href="/manifest.webmanifest" />
      <link rel="apple-touch-icon" href="/icons/icon-192.png" />
      {LOCALES.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={`/locale/${l}?return=${encodeURIComponent(here)}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={here} />
    </>
  );
}
