import { Helmet } from 'react-helmet-async';
import { prefixTitle, useTitleCount } from '../lib/title-prefix';

/**
 * Title and description of a page. With React 19 react-helmet-async renders real <title>/<meta> elements that
 * React hoists into <head>, in the streamed shell on the server. Render exactly one per page.
 */
export function Seo({ title, description }: { title: string; description?: string | undefined }) {
  const count = useTitleCount();
  return (
    <Helmet>
      <title>{prefixTitle(title, count)}</title>
      {description ? <meta name="description" content={description} /> : null}
    </Helmet>
  );
}
