import { prefixTitle, useTitleCount } from '../lib/title-prefix';

/**
 * Title and description of a page: React 19 hoists <title> and <meta> rendered anywhere into <head> (in the streamed
 * shell on the server). Render exactly one per page.
 *
 * `image` (an absolute URL) makes a shared link show a picture: `og:image` and a large Twitter card.
 */
export function Seo({ title, description, image }: { title: string; description?: string | undefined; image?: string | null | undefined }) {
  const count = useTitleCount();
  return (
    <>
      <title>{prefixTitle(title, count)}</title>
      {description ? <meta name="description" content={description} /> : null}
      {image ? <meta property="og:title" content={title} /> : null}
      {image ? <meta property="og:image" content={image} /> : null}
      {image ? <meta name="twitter:card" content="summary_large_image" /> : null}
      {image ? <meta name="twitter:image" content={image} /> : null}
    </>
  );
}
