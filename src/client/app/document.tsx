import type { ReactNode } from 'react';
import type { Locale } from '../../shared/locales';
import { APP_STATE_ID } from '../lib/app-state';

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Ccircle cx='12' cy='12' r='12' fill='%23cc4b0c'/%3E%3Cpath fill='white' d='M12 18s-5-3-6.4-6.2A3.5 3.5 0 0 1 12 8a3.5 3.5 0 0 1 6.4 3.8C17 15 12 18 12 18Z'/%3E%3C/svg%3E";

/**
 * The whole HTML document, rendered by React on the server and hydrated as `document` in the browser, so React 19
 * hoists the page's <title>/<meta> into this <head> inside the streamed shell. `stateJson` is already escaped.
 */
export function Document({
  locale,
  styles,
  stateJson,
  children,
}: {
  locale: Locale;
  styles: string[];
  stateJson: string;
  children: ReactNode;
}) {
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* The page follows the system's light or dark scheme in CSS alone (no script, no flash). */}
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#2d1b45" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#16111d" />
        <link rel="icon" href={FAVICON} />
        {/* No first paint before the top navigation is whole (the layouts' <main id="main"> follows it): painted while
            its HTML was still arriving, its items came in one by one and moved it (a layout shift). */}
        <link rel="expect" href="#main" blocking="render" />
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        {children}
        <script id={APP_STATE_ID} type="application/json" dangerouslySetInnerHTML={{ __html: stateJson }} />
      </body>
    </html>
  );
}
