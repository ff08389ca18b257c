import { Suspense, useState, type ComponentProps } from 'react';
import { lazyComponent } from '../../../app/lazy-component';
import { useHydrating } from '../../../app/streamed';
import { Loading } from '../../../components/loading';
import type { SearchForm } from './search-form';

/** The module of the sheet's form, as the Vite manifest names it (the server lists its chunk with a page's scripts). */
export const SHEET_FORM_MODULE = 'src/client/features/members/components/search-form';

/**
 * The filter sheet's form (search-form.tsx, its fields and their names), a chunk of its own: the sheet opens on a tap,
 * so a first visit to the members page does not download it. The server loads it before it renders any page
 * (server/render.tsx), so a page asked with the sheet open (`?filters=open`, the Filters link without JavaScript)
 * has the whole form in its HTML, in its place.
 */
const LazySearchForm = lazyComponent(
  () => import('./search-form'),
  (m) => m.SearchForm,
);

/** Loads the sheet's form ahead (the server before rendering, the page's loader for `?filters=open`). */
export const preloadSheetForm = (): Promise<void> => LazySearchForm.preload();

/**
 * For the member's intent (the Filters button hovered, focused or touched): the form's chunk is on its way before the
 * tap opens the sheet. A chunk that fails to load here changes nothing; the sheet tries again when it opens.
 */
export function prefetchSheetForm(): void {
  import('./search-form').then(preloadSheetForm, () => undefined);
}

/**
 * The sheet's form. Where its chunk is already here — always on the server, which loaded it, and in the browser's
 * hydration of a page that came with the sheet open — it renders without a Suspense boundary of its own, as the server
 * rendered it: React's server render sends a finished boundary of more than a few kilobytes apart, after the rest of
 * the page, to be moved into place by a script ("outlined"), so a boundary here put the fields after the form in the
 * HTML, where the GET form without JavaScript lacked them. Should the chunk still be on its way while the browser
 * hydrates, hydration (a transition, app/hydrate.tsx) keeps the server's HTML until it is here. Opened by a tap before
 * its chunk came, the sheet shows the loading spinner until then.
 */
export function SheetForm(props: ComponentProps<typeof SearchForm>) {
  const hydrating = useHydrating();
  const [wrap] = useState(() => !hydrating && !LazySearchForm.loaded());
  if (!wrap) return <LazySearchForm {...props} />;
  return (
    <Suspense fallback={<Loading />}>
      <LazySearchForm {...props} />
    </Suspense>
  );
}
